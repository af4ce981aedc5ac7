//===- NonMaxSuppression.cpp - NonMaxSuppression(V2..V5) host kernels ----===//
//
// Greedy (and Soft-) NMS with the semantics of TF's CPU kernel
// (core/kernels/image/non_max_suppression_op.cc):
//  - IoU is computed in float on corner-normalized boxes ([y1,x1,y2,x2] in
//    any corner order); a box with zero or negative area has IoU 0 with
//    every box;
//  - candidates are the boxes with score > score_threshold (V2: -inf),
//    visited by decreasing score, equal scores lower index first;
//  - NonMaxSuppression (v1) is V2 with iou_threshold an attr (default 0.5);
//  - a candidate is compared with the boxes selected since it was last
//    looked at, newest first; hard NMS drops it when one IoU is greater than
//    iou_threshold; Soft-NMS (V5, soft_nms_sigma > 0) multiplies its score
//    by exp(-0.5 * iou^2 / sigma) for each and puts it back in the queue
//    while the score stays above score_threshold; it is selected when its
//    score did not change in that pass;
//  - at most max_output_size boxes are selected; V4/V5 with
//    pad_to_max_output_size pad the outputs with zeros to max_output_size
//    and `valid_outputs` counts the selected ones.
// Errors are TF's InvalidArgument messages.
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <queue>

namespace tfmlir::session {
namespace {

/// TF's IOU(boxes, i, j) for [n, 4] float boxes.
float iou(const float *b, int64_t i, int64_t j) {
  const float *p = b + 4 * i, *q = b + 4 * j;
  float yminI = std::min(p[0], p[2]), xminI = std::min(p[1], p[3]);
  float ymaxI = std::max(p[0], p[2]), xmaxI = std::max(p[1], p[3]);
  float yminJ = std::min(q[0], q[2]), xminJ = std::min(q[1], q[3]);
  float ymaxJ = std::max(q[0], q[2]), xmaxJ = std::max(q[1], q[3]);
  float areaI = (ymaxI - yminI) * (xmaxI - xminI);
  float areaJ = (ymaxJ - yminJ) * (xmaxJ - xminJ);
  if (areaI <= 0 || areaJ <= 0)
    return 0.0f;
  float ih = std::max(std::min(ymaxI, ymaxJ) - std::max(yminI, yminJ), 0.0f);
  float iw = std::max(std::min(xmaxI, xmaxJ) - std::max(xminI, xminJ), 0.0f);
  float inter = ih * iw;
  return inter / (areaI + areaJ - inter);
}

/// Reads a float scalar threshold operand (f32/f64/f16 scalar).
absl::StatusOr<float> scalarFloat(const HostTensor &t, const char *what) {
  if (!t.shape().empty())
    return absl::InvalidArgumentError(absl::StrCat(
        what, " must be 0-D, got shape ", shapeDebugString(t.shape())));
  if (t.dtype() != DType::kF32 && t.dtype() != DType::kF64 &&
      t.dtype() != DType::kF16 && t.dtype() != DType::kBF16)
    return absl::InvalidArgumentError(
        absl::StrCat(what, " must be a float, got ", dtypeName(t.dtype())));
  return static_cast<float>(realElement(t, 0));
}

class NMSKernel : public HostKernel {
public:
  /// version 1..5; operands as in TF's op definitions. `attrIou` is v1's
  /// iou_threshold attr (unused by V2..V5, whose threshold is operand 3).
  NMSKernel(int version, bool pad, float attrIou = 0.5f)
      : version_(version), pad_(pad), attrIou_(attrIou) {}

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &boxes = *ctx.inputs[0];
    const HostTensor &scores = *ctx.inputs[1];
    if (boxes.shape().size() != 2)
      return absl::InvalidArgumentError(absl::StrCat(
          "boxes must be 2-D", shapeDebugString(boxes.shape()),
          " (Shape must be rank 2 but is rank ", boxes.shape().size(), ")"));
    int64_t n = boxes.shape()[0];
    if (boxes.shape()[1] != 4)
      return absl::InvalidArgumentError(
          absl::StrCat("boxes must have 4 columns (Dimension must be 4 but "
                       "is ",
                       boxes.shape()[1], ")"));
    if (scores.shape().size() != 1)
      return absl::InvalidArgumentError(absl::StrCat(
          "scores must be 1-D", shapeDebugString(scores.shape()),
          " (Shape must be rank 1 but is rank ", scores.shape().size(), ")"));
    if (scores.shape()[0] != n)
      return absl::InvalidArgumentError(absl::StrCat(
          "scores has incompatible shape (Dimensions must be equal, but are ",
          n, " and ", scores.shape()[0], ")"));
    if (boxes.dtype() != DType::kF32 || scores.dtype() != DType::kF32)
      return absl::UnimplementedError(absl::StrCat(
          version_ == 1 ? "NonMaxSuppression"
                        : absl::StrCat("NonMaxSuppressionV", version_),
          " on the host takes float boxes "
          "and scores, got ",
          dtypeName(boxes.dtype()), " and ", dtypeName(scores.dtype())));
    const HostTensor &maxOut = *ctx.inputs[2];
    if (!maxOut.shape().empty())
      return absl::InvalidArgumentError(
          absl::StrCat("max_output_size must be 0-D, got shape ",
                       shapeDebugString(maxOut.shape())));
    int64_t outputSize = intElement(maxOut, 0);
    absl::StatusOr<float> iouThr =
        version_ == 1 ? absl::StatusOr<float>(attrIou_)
                      : scalarFloat(*ctx.inputs[3], "iou_threshold");
    if (!iouThr.ok())
      return iouThr.status();
    if (!(*iouThr >= 0 && *iouThr <= 1))
      return absl::InvalidArgumentError("iou_threshold must be in [0, 1]");
    float scoreThr = -std::numeric_limits<float>::infinity();
    if (version_ >= 3) {
      auto s = scalarFloat(*ctx.inputs[4], "score_threshold");
      if (!s.ok())
        return s.status();
      scoreThr = *s;
    }
    float sigma = 0;
    if (version_ == 5) {
      auto s = scalarFloat(*ctx.inputs[5], "soft_nms_sigma");
      if (!s.ok())
        return s.status();
      sigma = *s;
      // NaN fails too, as TF's OP_REQUIRES(soft_nms_sigma >= 0).
      if (!(sigma >= 0))
        return absl::InvalidArgumentError(
            "soft_nms_sigma must be non-negative");
    }
    if (outputSize < 0)
      return absl::InvalidArgumentError("output size must be non-negative");

    const float *b = boxes.data<float>();
    const float *sc = scores.data<float>();
    struct Candidate {
      int64_t index;
      float score;
      int64_t suppressBegin;
    };
    // Top of the queue: highest score, then lowest index.
    auto lower = [](const Candidate &x, const Candidate &y) {
      return x.score < y.score || (x.score == y.score && x.index > y.index);
    };
    std::priority_queue<Candidate, std::deque<Candidate>, decltype(lower)>
        queue(lower);
    for (int64_t i = 0; i < n; ++i)
      if (sc[i] > scoreThr)
        queue.push({i, sc[i], 0});
    bool soft = sigma > 0;
    float scale = soft ? -0.5f / sigma : 0.0f;
    std::vector<int32_t> selected;
    std::vector<float> selectedScores;
    while (static_cast<int64_t>(selected.size()) < outputSize &&
           !queue.empty()) {
      Candidate c = queue.top();
      queue.pop();
      float original = c.score;
      bool hardSuppressed = false;
      for (int64_t j = static_cast<int64_t>(selected.size()) - 1;
           j >= c.suppressBegin; --j) {
        float sim = iou(b, c.index, selected[j]);
        float weight = std::exp(scale * sim * sim);
        c.score *= (soft || sim <= *iouThr) ? weight : 0.0f;
        if (!soft && sim > *iouThr) {
          hardSuppressed = true;
          break;
        }
        if (c.score <= scoreThr)
          break;
      }
      c.suppressBegin = static_cast<int64_t>(selected.size());
      if (hardSuppressed)
        continue;
      if (c.score == original) {
        selected.push_back(static_cast<int32_t>(c.index));
        selectedScores.push_back(c.score);
      } else if (c.score > scoreThr) {
        queue.push(c);
      }
    }
    int32_t valid = static_cast<int32_t>(selected.size());
    // Padded to max_output_size with zeros (the tensors are zero-filled).
    int64_t m = pad_ ? outputSize : valid;
    auto idx = HostTensor::create(DType::kI32, {m});
    if (!idx.ok())
      return idx.status();
    std::copy(selected.begin(), selected.end(), idx->data<int32_t>());
    ctx.outputs.push_back(std::move(*idx));
    if (version_ == 5) {
      auto sel = HostTensor::create(DType::kF32, {m});
      if (!sel.ok())
        return sel.status();
      std::copy(selectedScores.begin(), selectedScores.end(),
                sel->data<float>());
      ctx.outputs.push_back(std::move(*sel));
    }
    if (version_ >= 4) {
      HostTensor v(DType::kI32, {});
      *v.data<int32_t>() = valid;
      ctx.outputs.push_back(std::move(v));
    }
    return absl::OkStatus();
  }

private:
  int version_;
  bool pad_;
  float attrIou_;
};

HostKernelFactory nmsFactory(int version) {
  return [version](mlir::Operation *op)
             -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    bool pad = false;
    if (auto a = op->getAttrOfType<mlir::BoolAttr>("pad_to_max_output_size"))
      pad = a.getValue();
    float attrIou = 0.5f;
    if (auto a = op->getAttrOfType<mlir::FloatAttr>("iou_threshold"))
      attrIou = static_cast<float>(a.getValueAsDouble());
    for (unsigned i = 0; i < op->getNumResults(); ++i)
      if (absl::StatusOr<DType> d = resultDType(op, i); !d.ok())
        return d.status();
    return std::make_unique<NMSKernel>(version, pad, attrIou);
  };
}

} // namespace

void addNonMaxSuppressionKernels(llvm::StringMap<HostKernelFactory> &t) {
  t["tf.NonMaxSuppression"] = nmsFactory(1);
  t["tf.NonMaxSuppressionV2"] = nmsFactory(2);
  t["tf.NonMaxSuppressionV3"] = nmsFactory(3);
  t["tf.NonMaxSuppressionV4"] = nmsFactory(4);
  t["tf.NonMaxSuppressionV5"] = nmsFactory(5);
}

} // namespace tfmlir::session
