//===- ConvertReduce.cpp - tf reductions, pools, softmax, batch norm -> hlo ===//
//
//  - Sum/Prod/Max/Min/All/Any/Mean over constant reduction_indices become
//    hlo.reduce (keep_dims reshapes the result back). Max/Min propagate NaN
//    (hlo.maximum/minimum). Sum/Mean of f16/bf16 accumulate in f32 as TF's
//    CPU kernels do, and f32 in f64 (TF's tree reduction keeps large f32
//    sums accurate; a sequential f32 loop saturates at 2^24); integer Mean
//    divides with truncation.
//  - ArgMax/ArgMin: a variadic (value, index) hlo.reduce with TF's CPU
//    semantics (Eigen's ArgMaxPairReducer, a sequential scan from
//    (index 0, lowest finite value) that takes an element only when it is
//    strictly greater): NaNs are skipped, ties keep the smallest index, and
//    a row whose non-NaN maximum is not above the lowest finite value (all
//    NaN, or -inf and NaN) gives 0. ArgMin mirrors it.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// Sorted, normalized, de-duplicated reduction axes from operand 1.
std::optional<SmallVector<int64_t>> reductionDims(Operation *op, int64_t rank,
                                                  std::string &why) {
  auto axes = constantInts(op->getOperand(1));
  if (!axes) {
    why = "reduction indices are not a constant";
    return std::nullopt;
  }
  SmallVector<int64_t> dims;
  for (int64_t a : *axes) {
    auto n = normAxis(a, rank);
    if (!n) {
      why = "reduction index " + std::to_string(a) + " out of range";
      return std::nullopt;
    }
    if (!llvm::is_contained(dims, *n))
      dims.push_back(*n);
  }
  llvm::sort(dims);
  return dims;
}

enum class RKind { Sum, Mean, Prod, Max, Min, All, Any };

Converter reduction(RKind kind) {
  return [kind](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                std::string &why) -> LogicalResult {
    auto in = staticType(op->getOperand(0));
    auto out = staticResult(op);
    if (!in || !out) {
      why = "shape is not static";
      return failure();
    }
    auto dims = reductionDims(op, in.getRank(), why);
    if (!dims)
      return failure();
    Location loc = op->getLoc();
    Type elt = in.getElementType();
    Value x = op->getOperand(0);
    // Accumulate half types in f32, and f32 in f64: a sequential f32 sum
    // stops growing at 2^24 (Mean of 25M ones gave 0.67), where TF's Eigen
    // kernels reduce in a tree and stay within rounding of the exact sum.
    Type acc = elt;
    if ((kind == RKind::Sum || kind == RKind::Mean) &&
        (elt.isF16() || elt.isBF16()))
      acc = b.getF32Type();
    if ((kind == RKind::Sum || kind == RKind::Mean) && elt.isF32())
      acc = b.getF64Type();
    x = convert(b, loc, x, acc);
    Value init;
    ReduceKind rk;
    switch (kind) {
    case RKind::Sum:
    case RKind::Mean:
      init = scalar(b, loc, acc, 0);
      rk = ReduceKind::Add;
      break;
    case RKind::Prod:
      init = scalar(b, loc, acc, 1);
      rk = ReduceKind::Mul;
      break;
    case RKind::Max:
      init = minValue(b, loc, acc);
      rk = ReduceKind::Max;
      break;
    case RKind::Min:
      init = maxValue(b, loc, acc);
      rk = ReduceKind::Min;
      break;
    case RKind::All:
      init = scalar(b, loc, acc, 1);
      rk = ReduceKind::And;
      break;
    case RKind::Any:
      init = scalar(b, loc, acc, 0);
      rk = ReduceKind::Or;
      break;
    }
    Value r = reduce(b, loc, x, init, *dims, rk);
    if (kind == RKind::Mean) {
      int64_t count = 1;
      for (int64_t d : *dims)
        count *= in.getDimSize(d);
      auto rt = cast<RankedTensorType>(r.getType());
      if (count > 0)
        r = DivideOp::create(b, loc, r, splat(b, loc, rt, count));
      else if (isa<FloatType>(rt.getElementType()))
        // TF: the mean of nothing is NaN for floats (0/0); for integers it
        // is the sum of nothing, 0 (Eigen's MeanReducer without TF's
        // FIX_MEAN_IDENTITY, which only float types get).
        r = DivideOp::create(b, loc, r, splat(b, loc, rt, 0));
    }
    r = convert(b, loc, r, out.getElementType());
    results.push_back(reshape(b, loc, r, out.getShape()));
    return success();
  };
}

Converter argMinMax(bool isMax) {
  return [isMax](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                 std::string &why) -> LogicalResult {
    auto in = staticType(op->getOperand(0));
    auto out = staticResult(op);
    if (!in || !out || in.getRank() == 0) {
      why = "shape is not static";
      return failure();
    }
    auto axis = constantInts(op->getOperand(1));
    if (!axis || axis->size() != 1) {
      why = "dimension is not a constant scalar";
      return failure();
    }
    auto dim = normAxis((*axis)[0], in.getRank());
    if (!dim) {
      why = "dimension out of range";
      return failure();
    }
    Location loc = op->getLoc();
    Type elt = in.getElementType(), idx = out.getElementType();
    auto idxType = RankedTensorType::get(in.getShape(), idx);
    Value iota = IotaOp::create(b, loc, idxType, static_cast<uint64_t>(*dim));
    // Eigen's initial accumulator: (0, NumTraits<T>::lowest()) for ArgMax,
    // (0, highest()) for ArgMin; for floats the largest finite magnitude,
    // not an infinity, so that an all -inf row answers 0 as TF does.
    Value initV = isMax ? minValue(b, loc, elt) : maxValue(b, loc, elt);
    if (auto f = dyn_cast<FloatType>(elt))
      initV = constant(
          b, loc,
          DenseElementsAttr::get(
              RankedTensorType::get({}, elt),
              FloatAttr::get(elt, APFloat::getLargest(f.getFloatSemantics(),
                                                      /*Negative=*/isMax))));
    Value initI = scalar(b, loc, idx, 0);
    SmallVector<int64_t> dims{*dim};
    auto red = ReduceOp::create(b, loc, ValueRange{op->getOperand(0), iota},
                                ValueRange{initV, initI}, dims);
    {
      OpBuilder::InsertionGuard g(b);
      auto sv = RankedTensorType::get({}, elt), si = RankedTensorType::get({}, idx);
      Block *body = b.createBlock(&red.getBody(), {}, {sv, si, sv, si},
                                  {loc, loc, loc, loc});
      Value av = body->getArgument(0), ai = body->getArgument(1);
      Value bv = body->getArgument(2), bi = body->getArgument(3);
      // Pick a when it is strictly better, or b is a NaN (and a is not),
      // or equal with a smaller index: a NaN ranks below every number, so
      // the reducer is a semilattice max (associative, commutative,
      // idempotent) and its result is that of TF's sequential scan.
      Value better = compare(b, loc, av, bv, isMax ? Dir::GT : Dir::LT);
      Value eq = compare(b, loc, av, bv, Dir::EQ);
      if (isa<FloatType>(elt)) {
        Value aNan = compare(b, loc, av, av, Dir::NE);
        Value bNan = compare(b, loc, bv, bv, Dir::NE);
        better = OrOp::create(b, loc, better,
                              AndOp::create(b, loc, bNan,
                                            NotOp::create(b, loc, aNan)));
        eq = OrOp::create(b, loc, eq, AndOp::create(b, loc, aNan, bNan));
      }
      Value smaller = compare(b, loc, ai, bi, Dir::LT);
      Value pickA =
          OrOp::create(b, loc, better, AndOp::create(b, loc, eq, smaller));
      Value v = SelectOp::create(b, loc, pickA, av, bv);
      Value i = SelectOp::create(b, loc, pickA, ai, bi);
      ReturnOp::create(b, loc, ValueRange{v, i});
    }
    results.push_back(reshape(b, loc, red.getResult(1), out.getShape()));
    return success();
  };
}

} // namespace

void addReduceConverters(llvm::StringMap<Converter> &t) {
  t["tf.Sum"] = reduction(RKind::Sum);
  t["tf.Mean"] = reduction(RKind::Mean);
  t["tf.Prod"] = reduction(RKind::Prod);
  t["tf.Max"] = reduction(RKind::Max);
  t["tf.Min"] = reduction(RKind::Min);
  t["tf.All"] = reduction(RKind::All);
  t["tf.Any"] = reduction(RKind::Any);
  t["tf.ArgMax"] = argMinMax(true);
  t["tf.ArgMin"] = argMinMax(false);
}

} // namespace tfmlir::tohlo
