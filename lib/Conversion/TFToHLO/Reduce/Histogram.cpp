//===- Histogram.cpp - tf.HistogramFixedWidth -> hlo ----------------------===//
//
// Op (dialects/tf/TFOpsReduce.td), with the arithmetic of TF's
// HistogramFixedWidth kernel (histogram_op.cc): step = double(hi - lo) /
// nbins; bin = int(min(double(max(x, lo) - lo) / step, nbins - 1)), so
// values below lo go to bin 0 and values at or above hi to the last; the
// counts are a compare-and-sum over an iota of bins (binCounts, shared with
// Bincount).
// Shapes: static float values (any shape), a static [2] value_range and a
// static 1-D result (its size is nbins). Refused: integer values, a
// dynamic result.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.HistogramFixedWidth -> bin index per value + compare-and-sum counts.
struct HistogramFixedWidthLowering : HLOPattern<TF::HistogramFixedWidthOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::HistogramFixedWidthOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto v = staticType(a.getValues());
    auto out = staticResult(op);
    if (!v || !out || out.getRank() != 1 || !staticType(a.getValueRange()) ||
        staticType(a.getValueRange()).getNumElements() != 2 ||
        !isa<FloatType>(v.getElementType()))
      return fail(op, b,
                  "needs static float values, a [2] range and a static result");
    Location loc = op.getLoc();
    int64_t nb = out.getDimSize(0), n = v.getNumElements();
    // TF's kernel: step = double(hi - lo) / nbins; bin = int(min(double(
    // max(x, lo) - lo) / step, nbins - 1)) (values below lo go to bin 0, at
    // or above hi to the last).
    Type f64 = b.getF64Type();
    Value range = a.getValueRange();
    Value lo = reshape(b, loc, sliceOf(b, loc, range, {0}, {1}), {});
    Value hi = reshape(b, loc, sliceOf(b, loc, range, {1}, {2}), {});
    Value x = reshape(b, loc, a.getValues(), {n});
    Value lob = broadcastTo(b, loc, lo, {n});
    Value shifted = tohlo::convert(
        b, loc,
        SubtractOp::create(b, loc, MaximumOp::create(b, loc, x, lob), lob),
        f64);
    Value step = DivideOp::create(
        b, loc, tohlo::convert(b, loc, SubtractOp::create(b, loc, hi, lo), f64),
        scalar(b, loc, f64, static_cast<double>(nb)));
    Value t = DivideOp::create(b, loc, shifted, broadcastTo(b, loc, step, {n}));
    t = MinimumOp::create(b, loc, t,
                          splat(b, loc, RankedTensorType::get({n}, f64),
                                static_cast<double>(nb - 1)));
    Value bin = tohlo::convert(b, loc, t, b.getI32Type());
    results.push_back(binCounts(b, loc, bin, Value(), out));
    return success();
  }
};

} // namespace

void populateReduceHistogramPatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  patterns.add<HistogramFixedWidthLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
