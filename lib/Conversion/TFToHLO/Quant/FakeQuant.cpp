//===- FakeQuant.cpp - tf FakeQuantWithMinMax{Args,Vars,VarsPerChannel} ---===//
//
// Ops (dialects/tf/TFOpsQuant.td), with the arithmetic of TF's CPU
// functors (core/kernels/fake_quant_ops_functor.h, TF 1.x, whose values
// the dl4j corpus holds), all in the input's float type:
//   quant_min = narrow_range ? 1 : 0, quant_max = 2^num_bits - 1
//   Nudge(min, max):
//     scale = (max - min) / (quant_max - quant_min)
//     zero_point_from_min = quant_min - min / scale
//     nudged_zero_point = quant_min if zero_point_from_min < quant_min,
//                         quant_max if it is > quant_max,
//                         else round(zero_point_from_min) (half away from 0)
//     nudged_min = (quant_min - nudged_zero_point) * scale
//     nudged_max = (quant_max - nudged_zero_point) * scale
//   clamped = max(min(x, nudged_max), nudged_min)
//   out = floor((clamped - nudged_min) / scale + 0.5) * scale + nudged_min
// FakeQuantWithMinMaxArgs takes the range from its attrs; the Vars forms
// take min/max as run-time scalars ([d] per channel: one range per index of
// the last dim); a range with min == max == 0 gives zeros (TF's kernel
// special case). The nudging is built from hlo ops on the range values, so
// constant ranges fold and run-time ranges work too.
// Shapes and dtypes: static float inputs; static min/max of one element
// (Vars) or of the last dim's size (VarsPerChannel). Attribute checks
// (num_bits in [2, 16], min < max) are the ops' verifiers
// (dialects/tf/TFOpsQuant.cpp), repeated here as refusals.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// Shared lowering of `x`. `lo`/`hi` are the range values (0-d, or [d] when
/// `perChannel`), of the input's element type.
LogicalResult fakeQuant(Operation *op, OpBuilder &b, Value x, Value lo,
                        Value hi, int64_t bits, bool narrow, bool perChannel,
                        bool zeroRangeGivesZeros,
                        SmallVectorImpl<Value> &results, std::string &why) {
  auto xt = staticType(x);
  if (!xt || !isa<FloatType>(xt.getElementType()))
    return fail(why, "needs static float inputs");
  if (bits < 2 || bits > 16)
    return fail(why, "num_bits must be between 2 and 16, inclusive");
  double qmin = narrow ? 1.0 : 0.0;
  double qmax = static_cast<double>((int64_t{1} << bits) - 1);
  Location loc = op->getLoc();
  auto pt = cast<RankedTensorType>(lo.getType());
  Value qminV = splat(b, loc, pt, qmin), qmaxV = splat(b, loc, pt, qmax);
  Value scale = DivideOp::create(b, loc, SubtractOp::create(b, loc, hi, lo),
                                 SubtractOp::create(b, loc, qmaxV, qminV));
  Value zp =
      SubtractOp::create(b, loc, qminV, DivideOp::create(b, loc, lo, scale));
  Value nzp = ClampOp::create(b, loc, qminV,
                              RoundNearestAfzOp::create(b, loc, zp), qmaxV);
  Value nmin =
      MultiplyOp::create(b, loc, SubtractOp::create(b, loc, qminV, nzp), scale);
  Value nmax =
      MultiplyOp::create(b, loc, SubtractOp::create(b, loc, qmaxV, nzp), scale);
  SmallVector<int64_t> dims;
  if (perChannel)
    dims.push_back(xt.getRank() - 1);
  auto bcast = [&](Value v) {
    return broadcastInDim(b, loc, v, xt.getShape(), dims);
  };
  Value nminB = bcast(nmin), nmaxB = bcast(nmax), scaleB = bcast(scale);
  Value clamped =
      MaximumOp::create(b, loc, MinimumOp::create(b, loc, x, nmaxB), nminB);
  Value q = FloorOp::create(
      b, loc,
      AddOp::create(b, loc,
                    DivideOp::create(b, loc,
                                     SubtractOp::create(b, loc, clamped, nminB),
                                     scaleB),
                    splat(b, loc, xt, 0.5)));
  Value out =
      AddOp::create(b, loc, MultiplyOp::create(b, loc, q, scaleB), nminB);
  if (zeroRangeGivesZeros) {
    Value zero = splat(b, loc, pt, 0.0);
    Value both = AndOp::create(
        b, loc, compare(b, loc, lo, zero, ComparisonDirection::EQ),
        compare(b, loc, hi, zero, ComparisonDirection::EQ));
    out = SelectOp::create(b, loc, bcast(both), splat(b, loc, xt, 0.0), out);
  }
  results.push_back(out);
  return success();
}

/// tf.FakeQuantWithMinMaxArgs -> the nudged-range quantize/dequantize with
/// the attrs `min`/`max` as the range.
struct FakeQuantArgsLowering : HLOPattern<TF::FakeQuantWithMinMaxArgsOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::FakeQuantWithMinMaxArgsOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto xt = staticType(a.getInputs());
    if (!xt || !isa<FloatType>(xt.getElementType()))
      return fail(op, b, "needs static float inputs");
    double lo = op.getMin().convertToDouble(),
           hi = op.getMax().convertToDouble();
    if (!(lo < hi))
      return fail(op, b, "min has to be smaller than max");
    Location loc = op.getLoc();
    Type elt = xt.getElementType();
    std::string why;
    if (failed(fakeQuant(op, b, a.getInputs(), scalar(b, loc, elt, lo),
                         scalar(b, loc, elt, hi),
                         static_cast<int64_t>(op.getNumBits()),
                         op.getNarrowRange(), /*perChannel=*/false,
                         /*zeroRangeGivesZeros=*/false, results, why)))
      return fail(op, b, why);
    return success();
  }
};

/// tf.FakeQuantWithMinMaxVars(PerChannel) -> the nudged-range
/// quantize/dequantize with the range from operands `min`/`max` (0-d or
/// 1-element; [d] per channel).
template <typename TFOp, bool PerChannel>
struct FakeQuantVarsLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto xt = staticType(a.getInputs());
    auto lt = staticType(a.getMin());
    auto ht = staticType(a.getMax());
    if (!xt || !lt || !ht || xt.getRank() < (PerChannel ? 1 : 0) ||
        !isa<FloatType>(xt.getElementType()))
      return this->fail(op, b, "needs static float inputs, min and max");
    SmallVector<int64_t> pshape;
    if (PerChannel)
      pshape.push_back(xt.getShape().back());
    int64_t n = PerChannel ? pshape[0] : 1;
    if (lt.getNumElements() != n || ht.getNumElements() != n)
      return this->fail(op, b,
                        PerChannel
                            ? "min and max must have the size of the last dim"
                            : "min and max must be scalars");
    Location loc = op.getLoc();
    Type elt = xt.getElementType();
    Value lo = tohlo::convert(b, loc, reshape(b, loc, a.getMin(), pshape), elt);
    Value hi = tohlo::convert(b, loc, reshape(b, loc, a.getMax(), pshape), elt);
    std::string why;
    if (failed(fakeQuant(op, b, a.getInputs(), lo, hi,
                         static_cast<int64_t>(op.getNumBits()),
                         op.getNarrowRange(), PerChannel,
                         /*zeroRangeGivesZeros=*/true, results, why)))
      return this->fail(op, b, why);
    return success();
  }
};

} // namespace

void populateQuantFakeQuantPatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  patterns.add<
      FakeQuantArgsLowering,
      FakeQuantVarsLowering<TF::FakeQuantWithMinMaxVarsOp, false>,
      FakeQuantVarsLowering<TF::FakeQuantWithMinMaxVarsPerChannelOp, true>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
