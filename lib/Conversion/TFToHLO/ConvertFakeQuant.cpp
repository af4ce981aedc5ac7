//===- ConvertFakeQuant.cpp - tf FakeQuant* ops -> hlo --------------------===//
//
// FakeQuantWithMinMaxArgs / FakeQuantWithMinMaxVars /
// FakeQuantWithMinMaxVarsPerChannel with the arithmetic of TF's CPU
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
// The Vars forms take min/max as run-time scalars ([d] per channel: one
// range per index of the last dim); a range with min == max == 0 gives
// zeros (TF's kernel special case). The nudging is built from hlo ops on
// the range values, so constant ranges fold and run-time ranges work too.
// Attribute checks (num_bits in [2, 16], min < max) are the ops' verifiers
// (dialects/tf/TFOpsQuant.cpp).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// Shared lowering. `lo`/`hi` are the range values (0-d, or [d] when
/// `perChannel`), of the input's element type.
LogicalResult fakeQuant(Operation *op, OpBuilder &b, Value lo, Value hi,
                        bool perChannel, bool zeroRangeGivesZeros,
                        SmallVectorImpl<Value> &results, std::string &why) {
  auto xt = staticType(op->getOperand(0));
  if (!xt || !isa<FloatType>(xt.getElementType()))
    return fail(why, "needs static float inputs");
  int64_t bits = intAttr(op, "num_bits", 8);
  if (bits < 2 || bits > 16)
    return fail(why, "num_bits must be between 2 and 16, inclusive");
  bool narrow = boolAttr(op, "narrow_range", false);
  double qmin = narrow ? 1.0 : 0.0;
  double qmax = static_cast<double>((int64_t{1} << bits) - 1);
  Location loc = op->getLoc();
  auto pt = cast<RankedTensorType>(lo.getType());
  Value qminV = splat(b, loc, pt, qmin), qmaxV = splat(b, loc, pt, qmax);
  Value scale = DivideOp::create(b, loc, SubtractOp::create(b, loc, hi, lo),
                                 SubtractOp::create(b, loc, qmaxV, qminV));
  Value zp = SubtractOp::create(b, loc, qminV, DivideOp::create(b, loc, lo, scale));
  Value nzp = ClampOp::create(b, loc, qminV, RoundNearestAfzOp::create(b, loc, zp),
                              qmaxV);
  Value nmin = MultiplyOp::create(b, loc, SubtractOp::create(b, loc, qminV, nzp), scale);
  Value nmax = MultiplyOp::create(b, loc, SubtractOp::create(b, loc, qmaxV, nzp), scale);
  SmallVector<int64_t> dims;
  if (perChannel)
    dims.push_back(xt.getRank() - 1);
  auto bcast = [&](Value v) { return broadcastInDim(b, loc, v, xt.getShape(), dims); };
  Value nminB = bcast(nmin), nmaxB = bcast(nmax), scaleB = bcast(scale);
  Value clamped = MaximumOp::create(
      b, loc, MinimumOp::create(b, loc, op->getOperand(0), nmaxB), nminB);
  Value q = FloorOp::create(
      b, loc,
      AddOp::create(b, loc,
                    DivideOp::create(b, loc, SubtractOp::create(b, loc, clamped, nminB),
                                     scaleB),
                    splat(b, loc, xt, 0.5)));
  Value out = AddOp::create(b, loc, MultiplyOp::create(b, loc, q, scaleB), nminB);
  if (zeroRangeGivesZeros) {
    Value zero = splat(b, loc, pt, 0.0);
    Value both = AndOp::create(b, loc, compare(b, loc, lo, zero, ComparisonDirection::EQ),
                               compare(b, loc, hi, zero, ComparisonDirection::EQ));
    out = SelectOp::create(b, loc, bcast(both), splat(b, loc, xt, 0.0), out);
  }
  results.push_back(out);
  return success();
}

/// FakeQuantWithMinMaxArgs: the range is the attrs `min`/`max`.
LogicalResult convertFakeQuantArgs(Operation *op, OpBuilder &b,
                                   SmallVectorImpl<Value> &results,
                                   std::string &why) {
  auto xt = staticType(op->getOperand(0));
  if (!xt || !isa<FloatType>(xt.getElementType()))
    return fail(why, "needs static float inputs");
  double lo = floatAttr(op, "min", -6.0), hi = floatAttr(op, "max", 6.0);
  if (!(lo < hi))
    return fail(why, "min has to be smaller than max");
  Location loc = op->getLoc();
  Type elt = xt.getElementType();
  return fakeQuant(op, b, scalar(b, loc, elt, lo), scalar(b, loc, elt, hi),
                   /*perChannel=*/false, /*zeroRangeGivesZeros=*/false, results,
                   why);
}

/// FakeQuantWithMinMaxVars(PerChannel): the range is operands 1 and 2
/// (0-d or 1-element; [d] per channel).
Converter fakeQuantVars(bool perChannel) {
  return [perChannel](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                      std::string &why) -> LogicalResult {
    auto xt = staticType(op->getOperand(0));
    auto lt = staticType(op->getOperand(1));
    auto ht = staticType(op->getOperand(2));
    if (!xt || !lt || !ht || xt.getRank() < (perChannel ? 1 : 0) ||
        !isa<FloatType>(xt.getElementType()))
      return fail(why, "needs static float inputs, min and max");
    SmallVector<int64_t> pshape;
    if (perChannel)
      pshape.push_back(xt.getShape().back());
    int64_t n = perChannel ? pshape[0] : 1;
    if (lt.getNumElements() != n || ht.getNumElements() != n)
      return fail(why, perChannel ? "min and max must have the size of the last dim"
                                  : "min and max must be scalars");
    Location loc = op->getLoc();
    Type elt = xt.getElementType();
    Value lo = convert(b, loc, reshape(b, loc, op->getOperand(1), pshape), elt);
    Value hi = convert(b, loc, reshape(b, loc, op->getOperand(2), pshape), elt);
    return fakeQuant(op, b, lo, hi, perChannel, /*zeroRangeGivesZeros=*/true,
                     results, why);
  };
}

} // namespace

void addFakeQuantConverters(llvm::StringMap<Converter> &t) {
  t["tf.FakeQuantWithMinMaxArgs"] = convertFakeQuantArgs;
  t["tf.FakeQuantWithMinMaxVars"] = fakeQuantVars(/*perChannel=*/false);
  t["tf.FakeQuantWithMinMaxVarsPerChannel"] = fakeQuantVars(/*perChannel=*/true);
}

} // namespace tfmlir::tohlo
