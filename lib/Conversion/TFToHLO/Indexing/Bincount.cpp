//===- Bincount.cpp - tf.Bincount -> hlo ----------------------------------===//
//
// Semantics: TF's CPU kernel BincountOp: bins[i] sums `weights` at the
// positions where arr == i (counts them when `weights` is empty), for i in
// [0, size); values outside that range are ignored. Lowered for a static
// result size as compare-and-sum over an iota of bins (binCounts: an
// [n, size] equality mask of the flattened arr against the bin iota,
// selecting the weights or ones, reduced over n); int32 arr, int or float
// weights. Refused: dynamic arr / weights / result, weights that are
// neither empty nor of arr's shape.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Bincount (static size) -> hlo.reduce of an equality-selected
/// [n, size] tensor of weights (or ones).
struct BincountLowering : HLOPattern<TF::BincountOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::BincountOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto arr = staticType(a.getArr());
    auto w = staticType(a.getWeights());
    auto out = staticResult(op);
    if (!arr || !w || !out || out.getRank() != 1)
      return fail(op, b,
                  "needs a static array, weights and a static result size");
    bool weighted = w.getNumElements() != 0;
    if (weighted && w.getShape() != arr.getShape())
      return fail(op, b, "weights must be empty or of the array's shape");
    results.push_back(binCounts(b, op.getLoc(), a.getArr(),
                                weighted ? a.getWeights() : Value(), out));
    return success();
  }
};

} // namespace

void populateIndexingBincountPatterns(RewritePatternSet &patterns,
                                      ConversionState &state) {
  patterns.add<BincountLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
