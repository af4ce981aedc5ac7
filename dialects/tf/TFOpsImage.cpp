//===- TFOpsImage.cpp - image ops: resize, crop, NMS, color adjustments --===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"
#include "lib/Support/WindowGeometry.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

static constexpr int64_t kDyn = ShapedType::kDynamic;

//===----------------------------------------------------------------------===//
// Resize
//===----------------------------------------------------------------------===//

/// Shared checks of the Resize* ops: 4-D images, a 2-element size, and the
/// result [batch, size..., channels].
static LogicalResult verifyResize(Operation *op, Value images, Value size,
                                  Value result, bool alignCorners,
                                  bool halfPixelCenters) {
  if (alignCorners && halfPixelCenters)
    return op->emitOpError() << "requires 'align_corners' to be false when "
                                "'half_pixel_centers' is true";
  if (failed(verifyRank(op, images, "images", 4)) ||
      failed(verifyVector(op, size, "size", 2)) ||
      failed(verifyRank(op, result, "resized_images", 4)))
    return failure();
  SmallVector<int64_t> sizes;
  SmallVector<int64_t> expected = {getDim(images, 0), kDyn, kDyn,
                                   getDim(images, 3)};
  if (getConstantInts(size, sizes) && sizes.size() == 2) {
    for (int64_t s : sizes)
      if (s <= 0)
        return op->emitOpError()
               << "requires positive 'size' entries, got " << s;
    expected[1] = sizes[0];
    expected[2] = sizes[1];
  }
  return verifyResultShape(op, result, expected);
}

LogicalResult ResizeBilinearOp::verify() {
  return verifyResize(*this, getImages(), getSize(), getResizedImages(),
                      getAlignCorners(), getHalfPixelCenters());
}
LogicalResult ResizeNearestNeighborOp::verify() {
  return verifyResize(*this, getImages(), getSize(), getResizedImages(),
                      getAlignCorners(), getHalfPixelCenters());
}
LogicalResult ResizeBicubicOp::verify() {
  return verifyResize(*this, getImages(), getSize(), getResizedImages(),
                      getAlignCorners(), getHalfPixelCenters());
}
LogicalResult ResizeAreaOp::verify() {
  return verifyResize(*this, getImages(), getSize(), getResizedImages(),
                      getAlignCorners(), false);
}

LogicalResult CropAndResizeOp::verify() {
  Operation *op = *this;
  if (failed(verifyOneOf(op, "method", getMethod(), {"bilinear", "nearest"})) ||
      failed(verifyRank(op, getImage(), "image", 4)) ||
      failed(verifyRank(op, getBoxes(), "boxes", 2)) ||
      failed(verifyDim(op, getBoxes(), "boxes", 1, 4)) ||
      failed(verifyRank(op, getBoxInd(), "box_ind", 1)) ||
      failed(verifyVector(op, getCropSize(), "crop_size", 2)) ||
      failed(verifyDim(op, getBoxInd(), "box_ind", 0, getDim(getBoxes(), 0))))
    return failure();
  SmallVector<int64_t> expected = {getDim(getBoxes(), 0), kDyn, kDyn,
                                   getDim(getImage(), 3)};
  SmallVector<int64_t> crop;
  if (getConstantInts(getCropSize(), crop) && crop.size() == 2) {
    for (int64_t c : crop)
      if (c <= 0)
        return emitOpError()
               << "requires positive 'crop_size' entries, got " << c;
    expected[1] = crop[0];
    expected[2] = crop[1];
  }
  // TF's kernel: "box_index has values outside [0, batch_size)".
  SmallVector<int64_t> boxInd;
  int64_t batch = getDim(getImage(), 0);
  if (batch != kDyn && getConstantInts(getBoxInd(), boxInd))
    for (int64_t v : boxInd)
      if (v < 0 || v >= batch)
        return emitOpError() << "requires 'box_ind' values in [0, " << batch
                             << ") (box_index has values outside [0, "
                                "batch_size)), got "
                             << v;
  return verifyResultShape(op, getCrops(), expected);
}

//===----------------------------------------------------------------------===//
// Patches and boxes
//===----------------------------------------------------------------------===//

LogicalResult ExtractImagePatchesOp::verify() {
  Operation *op = *this;
  if (failed(verifyRank(op, getImages(), "images", 4)) ||
      failed(verifyRank(op, getPatches(), "patches", 4)) ||
      failed(verifyPadding(op, getPadding(), /*allowExplicit=*/false)))
    return failure();
  ArrayAttr lists[] = {getKsizes(), getStrides(), getRates()};
  StringRef names[] = {"ksizes", "strides", "rates"};
  for (size_t zi = 0; zi < std::size(lists); ++zi)
    if (auto [list, name] = std::pair{lists[zi], names[zi]}; true)
      if (failed(verifyWindowList(op, list, name, 4)) ||
          failed(verifyNoBatchChannelWindow(op, list, name, "NHWC")))
        return failure();
  auto at = [](ArrayAttr a, int i) { return cast<IntegerAttr>(a[i]).getInt(); };
  SmallVector<int64_t> expected = {getDim(getImages(), 0), kDyn, kDyn, kDyn};
  for (int i = 1; i <= 2; ++i) {
    int64_t in = getDim(getImages(), i);
    if (ShapedType::isDynamic(in))
      continue;
    int64_t k = at(getKsizes(), i), s = at(getStrides(), i),
            r = at(getRates(), i);
    // TF's GetWindowedOutputSizeVerbose; nullopt on int64 overflow.
    std::optional<WindowDim> w = windowGeometry(
        in, k, r, s,
        getPadding() == "SAME" ? WindowPadding::kSame : WindowPadding::kValid);
    if (!w)
      continue;
    int64_t out = w->outSize;
    if (out < 0)
      return emitOpError() << "computed output size would be negative in "
                              "dim "
                           << i;
    expected[i] = out;
  }
  int64_t depth = getDim(getImages(), 3);
  std::optional<int64_t> patch =
      checkedMul(at(getKsizes(), 1), at(getKsizes(), 2));
  if (patch)
    patch = checkedMul(*patch, depth);
  if (!ShapedType::isDynamic(depth) && patch)
    expected[3] = *patch;
  return verifyResultShape(op, getPatches(), expected);
}

LogicalResult DrawBoundingBoxesV2Op::verify() {
  Operation *op = *this;
  if (failed(verifyRank(op, getImages(), "images", 4)) ||
      failed(verifyRank(op, getBoxes(), "boxes", 3)) ||
      failed(verifyDim(op, getBoxes(), "boxes", 2, 4)) ||
      failed(verifyRank(op, getColors(), "colors", 2)))
    return failure();
  if (!shapesCompatible(getImages().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of 'images'";
  return success();
}

//===----------------------------------------------------------------------===//
// Non-max suppression
//===----------------------------------------------------------------------===//

/// Shared checks of NonMaxSuppressionV2..V5. `thresholds` are the scalar
/// operands iou_threshold, score_threshold and soft_nms_sigma, as many as
/// the version has, in that order; `padToMax` fixes the result length.
static LogicalResult verifyNMS(Operation *op, Value boxes, Value scores,
                               Value maxOutputSize, ValueRange thresholds,
                               ValueRange selected, bool padToMax) {
  if (failed(verifyRank(op, boxes, "boxes", 2)) ||
      failed(verifyDim(op, boxes, "boxes", 1, 4)) ||
      failed(verifyRank(op, scores, "scores", 1)) ||
      failed(verifyDim(op, scores, "scores", 0, getDim(boxes, 0))) ||
      failed(verifyScalar(op, maxOutputSize, "max_output_size")))
    return failure();
  static const char *const names[] = {"iou_threshold", "score_threshold",
                                      "soft_nms_sigma"};
  assert(thresholds.size() <= 3 && "NMS has at most 3 scalar operands");
  for (auto [t, name] : llvm::zip(thresholds, names))
    if (failed(verifyScalar(op, t, name)))
      return failure();
  std::optional<int64_t> maxOut = getConstantScalarInt(maxOutputSize);
  for (Value s : selected) {
    if (failed(verifyRank(op, s, "selected_indices", 1)))
      return failure();
    if (padToMax && maxOut &&
        failed(verifyDim(op, s, "selected_indices", 0, *maxOut)))
      return failure();
    if (!padToMax && maxOut && getDim(s, 0) != kDyn && getDim(s, 0) > *maxOut)
      return op->emitOpError()
             << "returns more than 'max_output_size' = " << *maxOut
             << " indices: " << s.getType();
  }
  return success();
}

LogicalResult NonMaxSuppressionOp::verify() {
  double iou = getIouThreshold().convertToDouble();
  if (!(iou >= 0.0 && iou <= 1.0))
    return emitOpError() << "requires 'iou_threshold' in [0, 1], got " << iou;
  return verifyNMS(*this, getBoxes(), getScores(), getMaxOutputSize(), {},
                   {getSelectedIndices()}, false);
}

LogicalResult NonMaxSuppressionV2Op::verify() {
  return verifyNMS(*this, getBoxes(), getScores(), getMaxOutputSize(),
                   {getIouThreshold()}, {getSelectedIndices()}, false);
}

LogicalResult NonMaxSuppressionV3Op::verify() {
  return verifyNMS(*this, getBoxes(), getScores(), getMaxOutputSize(),
                   {getIouThreshold(), getScoreThreshold()},
                   {getSelectedIndices()}, false);
}

LogicalResult NonMaxSuppressionV4Op::verify() {
  if (failed(verifyRank(*this, getValidOutputs(), "valid_outputs", 0)))
    return failure();
  return verifyNMS(*this, getBoxes(), getScores(), getMaxOutputSize(),
                   {getIouThreshold(), getScoreThreshold()},
                   {getSelectedIndices()}, getPadToMaxOutputSize());
}

LogicalResult NonMaxSuppressionV5Op::verify() {
  if (failed(verifyRank(*this, getValidOutputs(), "valid_outputs", 0)))
    return failure();
  if (!shapesCompatible(getSelectedIndices().getType(),
                        getSelectedScores().getType()))
    return emitOpError() << "requires 'selected_indices' and "
                            "'selected_scores' of the same shape";
  return verifyNMS(*this, getBoxes(), getScores(), getMaxOutputSize(),
                   {getIouThreshold(), getScoreThreshold(), getSoftNmsSigma()},
                   {getSelectedIndices(), getSelectedScores()},
                   getPadToMaxOutputSize());
}

//===----------------------------------------------------------------------===//
// Color
//===----------------------------------------------------------------------===//

static LogicalResult verifyAdjust(Operation *op, Value images, Value factor,
                                  StringRef factorName, Value output,
                                  bool rgb) {
  if (failed(verifyRankRange(op, images, "images", 3)) ||
      failed(verifyScalar(op, factor, factorName)))
    return failure();
  if (rgb) {
    if (std::optional<int64_t> r = getRank(images);
        r && failed(verifyDim(op, images, "images", *r - 1, 3)))
      return failure();
  }
  if (!shapesCompatible(images.getType(), output.getType()))
    return op->emitOpError() << "requires 'output' to have the shape of "
                                "'images', got "
                             << output.getType() << " and " << images.getType();
  return success();
}

LogicalResult AdjustContrastv2Op::verify() {
  return verifyAdjust(*this, getImages(), getContrastFactor(),
                      "contrast_factor", getOutput(), /*rgb=*/false);
}
LogicalResult AdjustHueOp::verify() {
  return verifyAdjust(*this, getImages(), getDelta(), "delta", getOutput(),
                      /*rgb=*/true);
}
LogicalResult AdjustSaturationOp::verify() {
  return verifyAdjust(*this, getImages(), getScale(), "scale", getOutput(),
                      /*rgb=*/true);
}

template <typename OpTy> static LogicalResult verifyColorConvert(OpTy op) {
  if (failed(verifyRankRange(op, op.getImages(), "images", 1)))
    return failure();
  if (std::optional<int64_t> r = getRank(op.getImages()))
    return verifyDim(op, op.getImages(), "images", *r - 1, 3);
  return success();
}

LogicalResult HSVToRGBOp::verify() { return verifyColorConvert(*this); }
LogicalResult RGBToHSVOp::verify() { return verifyColorConvert(*this); }

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsImage.cpp.inc"

void tfmlir::TF::registerImageOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsImage.cpp.inc"
      >();
}
