//===- Image.cpp - shape functions of the Image family --------------------===//
//
// The ops of dialects/tf/TFOpsImage.td: colour adjustments, resizes,
// CropAndResize, ExtractImagePatches, NonMaxSuppression*; AdjustContrast and
// ScaleAndTranslate have no ODS definition. Semantics from
// tensorflow/core/ops/image_ops.cc and array_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

LogicalResult extractImagePatches(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto r = c.withRank(in, 4, "images");
  if (failed(r))
    return failure();
  in = *r;
  auto ks = c.intListAttr("ksizes"), st = c.intListAttr("strides"),
       rt = c.intListAttr("rates");
  StringRef padding = c.strAttr("padding", "VALID");
  if (!ks || !st || !rt || ks->size() != 4 || st->size() != 4 ||
      rt->size() != 4) {
    c.setOutput(0, Shape::ofRank(4));
    return success();
  }
  Shape out = Shape::ofRank(4);
  out.dims[0] = in.dims[0];
  for (int i = 1; i <= 2; ++i) {
    int64_t o;
    if (!windowedOutputSize(in.dims[i], (*ks)[i], (*rt)[i], (*st)[i], padding,
                            0, 0, o))
      return c.error("computed output size would be negative");
    out.dims[i] = o;
  }
  out.dims[3] = dimMul(in.dims[3], (*ks)[1] * (*ks)[2]);
  c.setOutput(0, out);
  return success();
}

//===----------------------------------------------------------------------===//
// Images
//===----------------------------------------------------------------------===//

LogicalResult resize(InferenceContext &c) {
  auto in = c.withRank(c.inputShape(0), 4, "images");
  if (failed(in))
    return failure();
  Shape sizeT = c.inputShape(1);
  if (sizeT.ranked &&
      (sizeT.rank() != 1 || (!isDyn(sizeT.dims[0]) && sizeT.dims[0] != 2)))
    return c.error("size must be a 2-element vector, got " + sizeT.str());
  auto size = c.inputValue(1);
  Shape out = *in;
  for (int i = 0; i < 2; ++i) {
    int64_t v =
        size && size->values.size() == 2 ? size->values[i] : kUnknownValue;
    if (v != kUnknownValue && v <= 0)
      return c.error("size must be positive, got " + Twine(v));
    out.dims[1 + i] = v == kUnknownValue ? kDyn : v;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult cropAndResize(InferenceContext &c) {
  auto img = c.withRank(c.inputShape(0), 4, "image");
  if (failed(img))
    return failure();
  auto boxes = c.withRank(c.inputShape(1), 2, "boxes");
  if (failed(boxes))
    return failure();
  auto ind = c.withRank(c.inputShape(2), 1, "box_ind");
  if (failed(ind))
    return failure();
  auto n = c.merge(boxes->dims[0], ind->dims[0], "number of boxes");
  if (failed(n))
    return failure();
  auto size = c.inputInts(3);
  Shape out = Shape::of({*n, kDyn, kDyn, img->dims[3]});
  if (size && size->size() == 2) {
    out.dims[1] = (*size)[0];
    out.dims[2] = (*size)[1];
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult nonMaxSuppression(InferenceContext &c) {
  StringRef n = c.opName();
  auto maxOut = c.inputScalar(2);
  bool pad = c.boolAttr("pad_to_max_output_size", false);
  int64_t len = pad && maxOut ? *maxOut : kDyn;
  c.setOutput(0, Shape::vector(len));
  if (n == "NonMaxSuppressionV4") {
    c.setOutput(1, Shape::scalar());
  } else if (n == "NonMaxSuppressionV5") {
    c.setOutput(1, Shape::vector(len));
    c.setOutput(2, Shape::scalar());
  }
  return success();
}

} // namespace

void registerImageShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"AdjustContrastv2", "AdjustContrast", "AdjustHue", "AdjustSaturation",
         "HSVToRGB", "RGBToHSV", "DrawBoundingBoxes", "DrawBoundingBoxesV2"},
        unchangedShape);
  r.add("ExtractImagePatches", extractImagePatches);
  r.add({"ResizeBilinear", "ResizeNearestNeighbor", "ResizeBicubic",
         "ResizeArea", "ScaleAndTranslate"},
        resize);
  r.add("CropAndResize", cropAndResize);
  r.add({"NonMaxSuppression", "NonMaxSuppressionV2", "NonMaxSuppressionV3",
         "NonMaxSuppressionV4", "NonMaxSuppressionV5"},
        nonMaxSuppression);
}

} // namespace shape_inference
} // namespace tfmlir
