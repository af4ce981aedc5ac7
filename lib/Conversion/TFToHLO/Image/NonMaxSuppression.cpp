//===- NonMaxSuppression.cpp - tf NonMaxSuppression(V2-V5) -> hlo --------===//
//
//  - NonMaxSuppression, NonMaxSuppressionV2..V5 (TF's NonMaxSuppressionOp
//    .. NonMaxSuppressionV5Op kernels, non_max_suppression_op.cc), hard
//    suppression only, of constant inputs: the selection count is
//    data-dependent, so the op is folded at compile time with TF's greedy
//    algorithm and its results are constants (TF's constant folding would
//    do the same). Candidates with score > score_threshold (V3-V5; -inf
//    before) in order of descending score (lower index first on ties), each
//    kept unless its IoU with a kept box exceeds iou_threshold (V1: the
//    attr), up to max_output_size; IoU in float with the corners in either
//    order and 0 for empty boxes. V4/V5 with pad_to_max_output_size pad
//    with zeros and return valid_outputs; V5 returns the selected scores
//    (converted to the scores' dtype).
// Boxes, scores and thresholds may be any float or integer constants (read
// as float). Refuses non-constant inputs, soft NMS (V5 soft_nms_sigma != 0)
// and result types whose shape disagrees with the folded selection.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include "mlir/IR/TypeUtilities.h"

#include <algorithm>
#include <limits>
#include <type_traits>
#include <vector>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// Float values of a constant (any float or int element type).
std::optional<std::vector<float>> constFloats(Value v) {
  auto c = constantOf(v);
  if (!c)
    return std::nullopt;
  std::vector<float> out;
  if (isa<FloatType>(c->getElementType())) {
    for (APFloat f : c->getValues<APFloat>()) {
      bool lost;
      f.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
      out.push_back(f.convertToFloat());
    }
  } else {
    for (APInt i : c->getValues<APInt>())
      out.push_back(static_cast<float>(i.getSExtValue()));
  }
  return out;
}

/// tf.NonMaxSuppression(V2..V5) of constant inputs -> hlo.constant results
/// (TF's greedy hard suppression run at compile time; see the file comment).
template <typename TFOp> struct NonMaxSuppressionLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  /// V1 has the IoU threshold as an attr; V1/V2 have no score threshold.
  static constexpr bool v1 = std::is_same_v<TFOp, TF::NonMaxSuppressionOp>;
  static constexpr bool v2 = std::is_same_v<TFOp, TF::NonMaxSuppressionV2Op>;
  static constexpr bool v4 = std::is_same_v<TFOp, TF::NonMaxSuppressionV4Op>;
  static constexpr bool v5 = std::is_same_v<TFOp, TF::NonMaxSuppressionV5Op>;

  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto boxes = constFloats(a.getBoxes());
    auto scores = constFloats(a.getScores());
    auto maxOut = constantInts(a.getMaxOutputSize());
    std::optional<std::vector<float>> iou;
    if constexpr (v1)
      iou = std::vector<float>{op.getIouThreshold().convertToFloat()};
    else
      iou = constFloats(a.getIouThreshold());
    std::optional<std::vector<float>> scoreTh =
        std::vector<float>{-std::numeric_limits<float>::infinity()};
    if constexpr (!v1 && !v2)
      scoreTh = constFloats(a.getScoreThreshold());
    if (!boxes || !scores || !maxOut || maxOut->size() != 1 || !iou ||
        iou->size() != 1 || !scoreTh || scoreTh->size() != 1 ||
        boxes->size() != 4 * scores->size())
      return this->fail(
          op, b,
          "only constant boxes, scores and thresholds are supported "
          "(the selection count is data-dependent)");
    if constexpr (v5) {
      auto sigma = constFloats(a.getSoftNmsSigma());
      if (!sigma || sigma->size() != 1 || (*sigma)[0] != 0.0f)
        return this->fail(op, b,
                          "soft NMS (soft_nms_sigma != 0) is not supported");
    }
    int64_t n = scores->size();
    auto box = [&](int64_t i, int k) { return (*boxes)[4 * i + k]; };
    auto iouOf = [&](int64_t i, int64_t j) -> float {
      float ymin_i = std::min(box(i, 0), box(i, 2)),
            xmin_i = std::min(box(i, 1), box(i, 3));
      float ymax_i = std::max(box(i, 0), box(i, 2)),
            xmax_i = std::max(box(i, 1), box(i, 3));
      float ymin_j = std::min(box(j, 0), box(j, 2)),
            xmin_j = std::min(box(j, 1), box(j, 3));
      float ymax_j = std::max(box(j, 0), box(j, 2)),
            xmax_j = std::max(box(j, 1), box(j, 3));
      float area_i = (ymax_i - ymin_i) * (xmax_i - xmin_i);
      float area_j = (ymax_j - ymin_j) * (xmax_j - xmin_j);
      if (area_i <= 0 || area_j <= 0)
        return 0.0f;
      float ih =
          std::max(std::min(ymax_i, ymax_j) - std::max(ymin_i, ymin_j), 0.0f);
      float iw =
          std::max(std::min(xmax_i, xmax_j) - std::max(xmin_i, xmin_j), 0.0f);
      float inter = ih * iw;
      return inter / (area_i + area_j - inter);
    };
    std::vector<int64_t> order;
    for (int64_t i = 0; i < n; ++i)
      if ((*scores)[i] > (*scoreTh)[0])
        order.push_back(i);
    llvm::sort(order, [&](int64_t x, int64_t y) {
      if ((*scores)[x] != (*scores)[y])
        return (*scores)[x] > (*scores)[y];
      return x < y;
    });
    std::vector<int32_t> kept;
    std::vector<float> keptScores;
    for (int64_t i : order) {
      if (static_cast<int64_t>(kept.size()) >= (*maxOut)[0])
        break;
      bool suppressed = false;
      for (int32_t j : kept)
        if (iouOf(i, j) > (*iou)[0]) {
          suppressed = true;
          break;
        }
      if (!suppressed) {
        kept.push_back(static_cast<int32_t>(i));
        keptScores.push_back((*scores)[i]);
      }
    }
    int32_t valid = kept.size();
    bool pad = false;
    if constexpr (v4 || v5)
      pad = op.getPadToMaxOutputSize();
    if (pad && (*maxOut)[0] > valid) {
      kept.resize((*maxOut)[0], 0);
      keptScores.resize((*maxOut)[0], 0.0f);
    }
    Location loc = op.getLoc();
    int64_t k = kept.size();
    auto idxT = RankedTensorType::get({k}, b.getI32Type());
    results.push_back(constant(
        b, loc, DenseElementsAttr::get(idxT, ArrayRef<int32_t>(kept))));
    if constexpr (v5) {
      Type st = getElementTypeOrSelf(op.getSelectedScores().getType());
      Value sc = constant(
          b, loc,
          DenseElementsAttr::get(RankedTensorType::get({k}, b.getF32Type()),
                                 ArrayRef<float>(keptScores)));
      results.push_back(tohlo::convert(b, loc, sc, st));
    }
    if constexpr (v4 || v5)
      results.push_back(scalar(b, loc, b.getI32Type(), valid));
    for (auto [r, v] : llvm::zip(op->getResults(), results)) {
      auto rt = dyn_cast<RankedTensorType>(r.getType());
      auto vt = cast<RankedTensorType>(v.getType());
      if (!rt || failed(verifyCompatibleShape(rt.getShape(), vt.getShape())))
        return this->fail(
            op, b, "the result shape disagrees with the folded selection");
    }
    return success();
  }
};

} // namespace

void populateImageNonMaxSuppressionPatterns(RewritePatternSet &patterns,
                                            ConversionState &state) {
  patterns.add<NonMaxSuppressionLowering<TF::NonMaxSuppressionOp>,
               NonMaxSuppressionLowering<TF::NonMaxSuppressionV2Op>,
               NonMaxSuppressionLowering<TF::NonMaxSuppressionV3Op>,
               NonMaxSuppressionLowering<TF::NonMaxSuppressionV4Op>,
               NonMaxSuppressionLowering<TF::NonMaxSuppressionV5Op>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
