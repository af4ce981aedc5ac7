//===- DetectionPostProcess.cpp - TFLite_Detection_PostProcess ------------===//
//
// The SSD post-processing custom op that TFLite ships with its builtin
// resolver (custom name "TFLite_Detection_PostProcess", version 1): decodes
// center-size box encodings against anchors and runs non-max suppression,
// with the semantics of TFLite's kernels/detection_postprocess.cc.
//
// Inputs:
//   0 box_encodings     [1, num_boxes, >= 4]  float32, uint8 or int8
//                       (y, x, h, w first; extra keypoint columns ignored)
//   1 class_predictions [1, num_boxes, num_classes (+1 background)]
//                       float32, uint8 or int8
//   2 anchors           [num_boxes, 4] (ycenter, xcenter, h, w)
//                       float32, uint8 or int8
// Outputs (all float32; N = max_detections * max_classes_per_detection):
//   0 detection_boxes   [1, N, 4] (ymin, xmin, ymax, xmax)
//   1 detection_classes [1, N] (class index without the background column)
//   2 detection_scores  [1, N]
//   3 num_detections    [1]
//
// Options (custom_options, a FlexBuffers map): max_detections,
// max_classes_per_detection, detections_per_class (default 100),
// use_regular_nms (default false), nms_score_threshold, nms_iou_threshold,
// num_classes, y_scale, x_scale, h_scale, w_scale.
//
// Decoding (in double, rounded to float once, as TFLite):
//   ycenter = y / y_scale * anchor.h + anchor.y
//   xcenter = x / x_scale * anchor.w + anchor.x
//   half_h  = 0.5 * exp(h / h_scale) * anchor.h   (likewise half_w)
//   box     = (ycenter - half_h, xcenter - half_w, ycenter + half_h,
//              xcenter + half_w)
// Quantized inputs are dequantized per tensor, (q - zero_point) * scale.
//
// Single-class NMS (shared by both modes): keep scores >= threshold, sort
// them decreasing with a stable sort (ties keep the lower box index), walk
// the sorted list and drop every later box whose IoU (float, 0 when either
// area is <= 0) with a selected box is > iou_threshold, up to a limit.
//
// Fast NMS (use_regular_nms false): each box is ranked by its best class
// score (the first maximum), one class-agnostic NMS up to max_detections,
// then every selected box emits its top min(max_classes_per_detection,
// num_classes) classes. Slots after num_detections are zero (TFLite leaves
// them unwritten).
//
// Regular NMS (use_regular_nms true): NMS per class up to
// detections_per_class, merged class by class into the best max_detections
// by score; the merge uses std::partial_sort with TFLite's comparator on the
// same candidate order, so ties across classes come out as in TFLite built
// with the same C++ library. Slots after num_detections are zero.
//
// Differences from TFLite: int8 inputs are accepted (TFLite takes float32
// and uint8 only); anchors may have a different type than the box
// encodings; missing required options and bad option values are Prepare
// errors (TFLite reads a missing key as 0).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/KernelUtil.h"

#include "flatbuffers/flexbuffers.h"

#include <numeric>

namespace tfmlir::lite::kernels {
namespace {

constexpr const char *kOpName = "TFLite_Detection_PostProcess";

/// The op's options (custom_options) and its scratch buffers.
struct DppState : NodeState {
  int maxDetections = 0;
  int maxClassesPerDetection = 0;
  int detectionsPerClass = 100;
  bool useRegularNms = false;
  float scoreThreshold = 0.f;
  float iouThreshold = 0.f;
  int numClasses = 0;
  float yScale = 0.f, xScale = 0.f, hScale = 0.f, wScale = 0.f;
  std::vector<float> decoded; ///< [num_boxes, 4] ymin, xmin, ymax, xmax
  std::vector<float> scores;  ///< dequantized class predictions
};

absl::Status parseOptions(const std::vector<uint8_t> &buf, DppState &st) {
  if (buf.empty())
    return invalid(kOpName, ": custom_options are empty (a FlexBuffers map "
                            "with max_detections, num_classes, ... is needed)");
  std::vector<uint8_t> reuse;
  if (!flexbuffers::VerifyBuffer(buf.data(), buf.size(), &reuse))
    return invalid(kOpName, ": custom_options are not a valid FlexBuffer");
  flexbuffers::Reference root = flexbuffers::GetRoot(buf.data(), buf.size());
  if (!root.IsMap())
    return invalid(kOpName, ": custom_options are not a FlexBuffers map");
  flexbuffers::Map m = root.AsMap();
  auto number = [&](const char *key, bool required,
                    flexbuffers::Reference &out) -> absl::Status {
    out = m[key];
    if (out.IsNull()) {
      if (required)
        return invalid(kOpName, ": custom_options lack '", key, "'");
      return absl::OkStatus();
    }
    if (!out.IsNumeric() && !out.IsBool())
      return invalid(kOpName, ": custom_options '", key, "' is not a number");
    return absl::OkStatus();
  };
  flexbuffers::Reference r;
  TFMLIR_RETURN_IF_ERROR(number("max_detections", true, r));
  st.maxDetections = r.AsInt32();
  TFMLIR_RETURN_IF_ERROR(number("max_classes_per_detection", true, r));
  st.maxClassesPerDetection = r.AsInt32();
  TFMLIR_RETURN_IF_ERROR(number("detections_per_class", false, r));
  if (!r.IsNull())
    st.detectionsPerClass = r.AsInt32();
  TFMLIR_RETURN_IF_ERROR(number("use_regular_nms", false, r));
  if (!r.IsNull())
    st.useRegularNms = r.AsBool();
  TFMLIR_RETURN_IF_ERROR(number("nms_score_threshold", true, r));
  st.scoreThreshold = r.AsFloat();
  TFMLIR_RETURN_IF_ERROR(number("nms_iou_threshold", true, r));
  st.iouThreshold = r.AsFloat();
  TFMLIR_RETURN_IF_ERROR(number("num_classes", true, r));
  st.numClasses = r.AsInt32();
  TFMLIR_RETURN_IF_ERROR(number("y_scale", true, r));
  st.yScale = r.AsFloat();
  TFMLIR_RETURN_IF_ERROR(number("x_scale", true, r));
  st.xScale = r.AsFloat();
  TFMLIR_RETURN_IF_ERROR(number("h_scale", true, r));
  st.hScale = r.AsFloat();
  TFMLIR_RETURN_IF_ERROR(number("w_scale", true, r));
  st.wScale = r.AsFloat();

  if (st.maxDetections < 0 || st.maxDetections > (1 << 20))
    return invalid(kOpName, ": max_detections ", st.maxDetections,
                   " is out of range [0, 2^20]");
  if (st.maxClassesPerDetection < 1 || st.maxClassesPerDetection > (1 << 20))
    return invalid(kOpName, ": max_classes_per_detection ",
                   st.maxClassesPerDetection, " must be in [1, 2^20]");
  if (st.useRegularNms && st.detectionsPerClass < 1)
    return invalid(kOpName, ": detections_per_class ", st.detectionsPerClass,
                   " must be positive");
  if (st.numClasses < 1)
    return invalid(kOpName, ": num_classes ", st.numClasses,
                   " must be positive");
  if (!(st.iouThreshold > 0.f && st.iouThreshold <= 1.f))
    return invalid(kOpName, ": nms_iou_threshold ", st.iouThreshold,
                   " must be in (0, 1]");
  for (float s : {st.yScale, st.xScale, st.hScale, st.wScale})
    if (!(s != 0.f) || !std::isfinite(s))
      return invalid(kOpName, ": y/x/h/w_scale must be finite and non-zero");
  return absl::OkStatus();
}

bool isSupportedType(TensorType t) {
  return t == TensorType::kFloat32 || t == TensorType::kUInt8 ||
         t == TensorType::kInt8;
}

absl::Status checkInput(const Tensor *t, int rank, const char *what) {
  if (!isSupportedType(t->type))
    return unimplemented(kOpName, ": ", what, " has type ", typeName(t->type),
                         "; float32, uint8 or int8 expected");
  if (t->rank() != rank)
    return invalid(kOpName, ": ", what, " must have rank ", rank, ", has ",
                   shapeToString(t->shape));
  if (t->type != TensorType::kFloat32 &&
      (t->quant.scale.size() != 1 || t->quant.zeroPoint.size() != 1))
    return invalid(kOpName, ": quantized ", what,
                   " needs one per-tensor scale and zero point");
  return absl::OkStatus();
}

absl::Status dppPrepare(OpContext &ctx) {
  if (ctx.numInputs() != 3 || ctx.numOutputs() != 4)
    return invalid(kOpName, " expects 3 inputs and 4 outputs, has ",
                   ctx.numInputs(), " and ", ctx.numOutputs());
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 4));
  auto st = std::make_unique<DppState>();
  TFMLIR_RETURN_IF_ERROR(parseOptions(ctx.op().customOptions, *st));
  const Tensor *boxes = ctx.input(0), *cls = ctx.input(1),
               *anchors = ctx.input(2);
  TFMLIR_RETURN_IF_ERROR(checkInput(boxes, 3, "box_encodings"));
  TFMLIR_RETURN_IF_ERROR(checkInput(cls, 3, "class_predictions"));
  TFMLIR_RETURN_IF_ERROR(checkInput(anchors, 2, "anchors"));
  const int numBoxes = boxes->dim(1);
  if (boxes->dim(0) != 1 || boxes->dim(2) < 4)
    return invalid(kOpName, ": box_encodings must be [1, num_boxes, >=4], is ",
                   shapeToString(boxes->shape));
  if (cls->dim(0) != 1 || cls->dim(1) != numBoxes)
    return invalid(kOpName, ": class_predictions ", shapeToString(cls->shape),
                   " must be [1, ", numBoxes, ", num_classes(+1)]");
  if (anchors->dim(0) != numBoxes || anchors->dim(1) != 4)
    return invalid(kOpName, ": anchors ", shapeToString(anchors->shape),
                   " must be [", numBoxes, ", 4]");
  const int withBg = cls->dim(2);
  if (withBg < st->numClasses || withBg - st->numClasses > 1)
    return invalid(kOpName, ": class_predictions has ", withBg,
                   " classes; num_classes is ", st->numClasses,
                   " (one background column at most)");
  const int64_t n =
      int64_t(st->maxDetections) * int64_t(st->maxClassesPerDetection);
  if (n > (1 << 24))
    return invalid(kOpName,
                   ": max_detections * max_classes_per_detection = ", n,
                   " is too large");
  for (int i = 0; i < 4; ++i)
    ctx.output(i)->type = TensorType::kFloat32; // as TFLite's Prepare
  const int32_t n32 = static_cast<int32_t>(n);
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(0, {1, n32, 4}));
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(1, {1, n32}));
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(2, {1, n32}));
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(3, {1}));
  st->decoded.assign(size_t(numBoxes) * 4, 0.f);
  if (cls->type != TensorType::kFloat32)
    st->scores.assign(size_t(numBoxes) * withBg, 0.f);
  ctx.state() = std::move(st);
  return absl::OkStatus();
}

/// Element i of a float32 / uint8 / int8 tensor as float (dequantized as
/// TFLite: (q - zero_point) * scale, in float).
inline float readValue(const Tensor &t, int64_t i) {
  switch (t.type) {
  case TensorType::kUInt8:
    return (static_cast<float>(t.as<uint8_t>()[i]) -
            static_cast<float>(t.quant.zeroPoint[0])) *
           t.quant.scale[0];
  case TensorType::kInt8:
    return (static_cast<float>(t.as<int8_t>()[i]) -
            static_cast<float>(t.quant.zeroPoint[0])) *
           t.quant.scale[0];
  default:
    return t.as<float>()[i];
  }
}

void decodeBoxes(const Tensor &boxes, const Tensor &anchors, DppState &st) {
  const int numBoxes = boxes.dim(1), len = boxes.dim(2);
  for (int b = 0; b < numBoxes; ++b) {
    const double y = readValue(boxes, int64_t(b) * len + 0),
                 x = readValue(boxes, int64_t(b) * len + 1),
                 h = readValue(boxes, int64_t(b) * len + 2),
                 w = readValue(boxes, int64_t(b) * len + 3);
    const double ay = readValue(anchors, int64_t(b) * 4 + 0),
                 ax = readValue(anchors, int64_t(b) * 4 + 1),
                 ah = readValue(anchors, int64_t(b) * 4 + 2),
                 aw = readValue(anchors, int64_t(b) * 4 + 3);
    const float yc = static_cast<float>(y / double(st.yScale) * ah + ay);
    const float xc = static_cast<float>(x / double(st.xScale) * aw + ax);
    const float hh =
        static_cast<float>(0.5 * std::exp(h / double(st.hScale)) * ah);
    const float hw =
        static_cast<float>(0.5 * std::exp(w / double(st.wScale)) * aw);
    float *d = &st.decoded[size_t(b) * 4];
    d[0] = yc - hh;
    d[1] = xc - hw;
    d[2] = yc + hh;
    d[3] = xc + hw;
  }
}

/// IoU of decoded boxes i and j in float, 0 when an area is <= 0 (TFLite's
/// ComputeIntersectionOverUnion).
float iou(const std::vector<float> &dec, int i, int j) {
  const float *a = &dec[size_t(i) * 4], *b = &dec[size_t(j) * 4];
  const float areaA = (a[2] - a[0]) * (a[3] - a[1]);
  const float areaB = (b[2] - b[0]) * (b[3] - b[1]);
  if (areaA <= 0 || areaB <= 0)
    return 0.f;
  const float ih = std::max(std::min(a[2], b[2]) - std::max(a[0], b[0]), 0.f);
  const float iw = std::max(std::min(a[3], b[3]) - std::max(a[1], b[1]), 0.f);
  const float inter = ih * iw;
  return inter / (areaA + areaB - inter);
}

/// Class-agnostic NMS over `scores` (one per box): indices of the selected
/// boxes, best first, at most `limit`.
std::vector<int> nmsSingleClass(const DppState &st,
                                const std::vector<float> &scores, int limit) {
  std::vector<int> keep;
  for (int i = 0, n = static_cast<int>(scores.size()); i < n; ++i)
    if (scores[i] >= st.scoreThreshold)
      keep.push_back(i);
  // Stable decreasing sort on the kept scores: ties keep the lower index.
  std::stable_sort(keep.begin(), keep.end(),
                   [&](int a, int b) { return scores[a] > scores[b]; });
  const size_t outSize = std::min<size_t>(keep.size(), size_t(limit));
  std::vector<int> selected;
  std::vector<uint8_t> active(keep.size(), 1);
  size_t numActive = keep.size();
  for (size_t i = 0; i < keep.size(); ++i) {
    if (numActive == 0 || selected.size() >= outSize)
      break;
    if (!active[i])
      continue;
    selected.push_back(keep[i]);
    active[i] = 0;
    --numActive;
    for (size_t j = i + 1; j < keep.size(); ++j)
      if (active[j] && iou(st.decoded, keep[i], keep[j]) > st.iouThreshold) {
        active[j] = 0;
        --numActive;
      }
  }
  return selected;
}

/// Indices of the `k` largest of values[0..n) in decreasing order, as
/// TFLite's DecreasingPartialArgSort (first maximum when k == 1, else
/// std::partial_sort with the same comparator).
void partialArgSort(const float *values, int n, int k, int *idx) {
  if (k == 1) {
    idx[0] = static_cast<int>(std::max_element(values, values + n) - values);
    return;
  }
  std::iota(idx, idx + n, 0);
  std::partial_sort(idx, idx + k, idx + n,
                    [&](int a, int b) { return values[a] > values[b]; });
}

void writeDetection(OpContext &ctx, const DppState &st, int slot, int box,
                    float cls, float score) {
  std::memcpy(ctx.output(0)->as<float>() + size_t(slot) * 4,
              &st.decoded[size_t(box) * 4], 4 * sizeof(float));
  ctx.output(1)->as<float>()[slot] = cls;
  ctx.output(2)->as<float>()[slot] = score;
}

void fastNms(OpContext &ctx, const DppState &st, const float *scores,
             int numBoxes, int withBg) {
  const int offset = withBg - st.numClasses;
  const int perAnchor = std::min(st.maxClassesPerDetection, st.numClasses);
  std::vector<float> maxScores(numBoxes);
  std::vector<int> order(size_t(numBoxes) * st.numClasses);
  for (int b = 0; b < numBoxes; ++b) {
    const float *row = scores + size_t(b) * withBg + offset;
    int *ci = order.data() + size_t(b) * st.numClasses;
    partialArgSort(row, st.numClasses, perAnchor, ci);
    maxScores[b] = row[ci[0]];
  }
  std::vector<int> selected = nmsSingleClass(st, maxScores, st.maxDetections);
  int outBox = 0;
  for (int b : selected) {
    const float *row = scores + size_t(b) * withBg + offset;
    const int *ci = order.data() + size_t(b) * st.numClasses;
    for (int c = 0; c < perAnchor; ++c)
      writeDetection(ctx, st, st.maxClassesPerDetection * outBox + c, b,
                     static_cast<float>(ci[c]), row[ci[c]]);
    ++outBox;
  }
  ctx.output(3)->as<float>()[0] = static_cast<float>(outBox);
}

void regularNms(OpContext &ctx, const DppState &st, const float *scores,
                int numBoxes, int withBg) {
  const int offset = withBg - st.numClasses;
  const int maxDet = st.maxDetections;
  std::vector<float> classScores(numBoxes);
  // Candidates: the best so far (first `kept`) then this class's selection.
  std::vector<int> candIdx(size_t(numBoxes) + maxDet);
  std::vector<float> candScore(size_t(numBoxes) + maxDet);
  std::vector<int> sorted(size_t(numBoxes) + maxDet);
  std::vector<int> tmpIdx(maxDet);
  std::vector<float> tmpScore(maxDet);
  int kept = 0;
  for (int c = 0; c < st.numClasses; ++c) {
    for (int b = 0; b < numBoxes; ++b)
      classScores[b] = scores[size_t(b) * withBg + c + offset];
    std::vector<int> sel =
        nmsSingleClass(st, classScores, st.detectionsPerClass);
    int n = kept;
    for (int b : sel) {
      candIdx[n] = b * withBg + c + offset;
      candScore[n] = classScores[b];
      ++n;
    }
    const int k = std::min(n, maxDet);
    if (k > 0)
      partialArgSort(candScore.data(), n, k, sorted.data());
    for (int i = 0; i < k; ++i) {
      tmpIdx[i] = candIdx[sorted[i]];
      tmpScore[i] = candScore[sorted[i]];
    }
    for (int i = 0; i < k; ++i) {
      candIdx[i] = tmpIdx[i];
      candScore[i] = tmpScore[i];
    }
    kept = k;
  }
  for (int i = 0; i < kept; ++i) {
    const int box = candIdx[i] / withBg;
    const int cls = candIdx[i] - box * withBg - offset;
    writeDetection(ctx, st, i, box, static_cast<float>(cls), candScore[i]);
  }
  ctx.output(3)->as<float>()[0] = static_cast<float>(kept);
}

absl::Status dppEval(OpContext &ctx) {
  auto *st = static_cast<DppState *>(ctx.state().get());
  if (!st)
    return absl::InternalError(std::string(kOpName) + ": eval before prepare");
  const Tensor &boxes = *ctx.input(0), &cls = *ctx.input(1),
               &anchors = *ctx.input(2);
  const int numBoxes = boxes.dim(1), withBg = cls.dim(2);
  for (int i = 0; i < 3; ++i)
    std::memset(ctx.output(i)->data, 0, ctx.output(i)->requiredBytes());
  decodeBoxes(boxes, anchors, *st);
  for (int b = 0; b < numBoxes; ++b) {
    const float *d = &st->decoded[size_t(b) * 4];
    if (d[0] > d[2] || d[1] > d[3])
      return invalid(kOpName, ": decoded box ", b,
                     " has ymin > ymax or "
                     "xmin > xmax (negative anchor height or width?)");
  }
  const float *scores = cls.as<float>();
  if (cls.type != TensorType::kFloat32) {
    const int64_t n = cls.numElements();
    for (int64_t i = 0; i < n; ++i)
      st->scores[i] = readValue(cls, i);
    scores = st->scores.data();
  }
  if (st->useRegularNms)
    regularNms(ctx, *st, scores, numBoxes, withBg);
  else
    fastNms(ctx, *st, scores, numBoxes, withBg);
  return absl::OkStatus();
}

} // namespace

void registerDetectionPostProcess(MutableOpResolver &r) {
  // Input types (checkInput): float32, and uint8 / int8 quantized.
  r.addCustom(
      kOpName,
      {dppPrepare, dppEval,
       typeSet(TensorType::kFloat32, TensorType::kUInt8, TensorType::kInt8)},
      1, 1);
}

} // namespace tfmlir::lite::kernels
