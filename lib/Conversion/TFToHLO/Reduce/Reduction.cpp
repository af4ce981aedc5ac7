//===- Reduction.cpp - tf reductions and arg-reductions -> hlo.reduce -----===//
//
// Ops (dialects/tf/TFOpsReduce.td), with the semantics of TF's CPU kernels
// (ReductionOp over Eigen's reducers, ArgOp):
//  - Sum/Prod/Max/Min/All/Any/Mean over constant reduction_indices become
//    hlo.reduce (keep_dims reshapes the result back to the static result
//    shape). Max/Min propagate NaN (hlo.maximum/minimum). Sum/Mean of
//    f16/bf16 accumulate in f32 as TF's CPU kernels do, and f32 in f64
//    (TF's tree reduction keeps large f32 sums accurate; a sequential f32
//    loop saturates at 2^24); integer Mean divides with truncation; the
//    Mean of no elements is NaN for floats and 0 for integers.
//  - ArgMax/ArgMin: a variadic (value, index) hlo.reduce with TF's CPU
//    semantics (Eigen's ArgMaxPairReducer, a sequential scan from
//    (index 0, lowest finite value) that takes an element only when it is
//    strictly greater): NaNs are skipped, ties keep the smallest index, and
//    a row whose non-NaN maximum is not above the lowest finite value (all
//    NaN, or -inf and NaN) gives 0. ArgMin mirrors it.
// Shapes: static input and result. Refused: run-time axes
// (reduction_indices / dimension must be constants), axes out of range, a
// 0-d ArgMax/ArgMin input.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// Sorted, normalized, de-duplicated reduction axes from the constant
/// `axes`, or nullopt with `why` set.
std::optional<SmallVector<int64_t>> reductionDims(Value axesValue, int64_t rank,
                                                  std::string &why) {
  auto axes = constantInts(axesValue);
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

/// tf.Sum/Mean/Prod/Max/Min/All/Any -> hlo.reduce (+ divide for Mean).
template <typename TFOp, RKind Kind>
struct ReductionLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto out = staticResult(op);
    if (!in || !out)
      return this->fail(op, b, "shape is not static");
    std::string why;
    auto dims = reductionDims(a.getReductionIndices(), in.getRank(), why);
    if (!dims)
      return this->fail(op, b, why);
    Location loc = op.getLoc();
    Type elt = in.getElementType();
    Value x = a.getInput();
    // Accumulate half types in f32, and f32 in f64: a sequential f32 sum
    // stops growing at 2^24 (Mean of 25M ones gave 0.67), where TF's Eigen
    // kernels reduce in a tree and stay within rounding of the exact sum.
    Type acc = elt;
    if ((Kind == RKind::Sum || Kind == RKind::Mean) &&
        (elt.isF16() || elt.isBF16()))
      acc = b.getF32Type();
    if ((Kind == RKind::Sum || Kind == RKind::Mean) && elt.isF32())
      acc = b.getF64Type();
    x = tohlo::convert(b, loc, x, acc);
    Value init;
    ReduceKind rk;
    switch (Kind) {
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
    if (Kind == RKind::Mean) {
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
    r = tohlo::convert(b, loc, r, out.getElementType());
    results.push_back(reshape(b, loc, r, out.getShape()));
    return success();
  }
};

/// tf.ArgMax/ArgMin -> variadic (value, iota index) hlo.reduce.
template <typename TFOp, bool IsMax>
struct ArgReductionLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto out = staticResult(op);
    if (!in || !out || in.getRank() == 0)
      return this->fail(op, b, "shape is not static");
    auto axis = constantInts(a.getDimension());
    if (!axis || axis->size() != 1)
      return this->fail(op, b, "dimension is not a constant scalar");
    auto dim = normAxis((*axis)[0], in.getRank());
    if (!dim)
      return this->fail(op, b, "dimension out of range");
    Location loc = op.getLoc();
    Type elt = in.getElementType(), idx = out.getElementType();
    auto idxType = RankedTensorType::get(in.getShape(), idx);
    Value iota = IotaOp::create(b, loc, idxType, static_cast<uint64_t>(*dim));
    // Eigen's initial accumulator: (0, NumTraits<T>::lowest()) for ArgMax,
    // (0, highest()) for ArgMin; for floats the largest finite magnitude,
    // not an infinity, so that an all -inf row answers 0 as TF does.
    Value initV = IsMax ? minValue(b, loc, elt) : maxValue(b, loc, elt);
    if (auto f = dyn_cast<FloatType>(elt))
      initV = constant(
          b, loc,
          DenseElementsAttr::get(
              RankedTensorType::get({}, elt),
              FloatAttr::get(elt, APFloat::getLargest(f.getFloatSemantics(),
                                                      /*Negative=*/IsMax))));
    Value initI = scalar(b, loc, idx, 0);
    SmallVector<int64_t> dims{*dim};
    auto red = ReduceOp::create(b, loc, ValueRange{a.getInput(), iota},
                                ValueRange{initV, initI}, dims);
    {
      OpBuilder::InsertionGuard g(b);
      auto sv = RankedTensorType::get({}, elt),
           si = RankedTensorType::get({}, idx);
      Block *body = b.createBlock(&red.getBody(), {}, {sv, si, sv, si},
                                  {loc, loc, loc, loc});
      Value av = body->getArgument(0), ai = body->getArgument(1);
      Value bv = body->getArgument(2), bi = body->getArgument(3);
      // Pick a when it is strictly better, or b is a NaN (and a is not),
      // or equal with a smaller index: a NaN ranks below every number, so
      // the reducer is a semilattice max (associative, commutative,
      // idempotent) and its result is that of TF's sequential scan.
      Value better = compare(b, loc, av, bv, IsMax ? Dir::GT : Dir::LT);
      Value eq = compare(b, loc, av, bv, Dir::EQ);
      if (isa<FloatType>(elt)) {
        Value aNan = compare(b, loc, av, av, Dir::NE);
        Value bNan = compare(b, loc, bv, bv, Dir::NE);
        better = OrOp::create(
            b, loc, better,
            AndOp::create(b, loc, bNan, NotOp::create(b, loc, aNan)));
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
  }
};

} // namespace

void populateReduceReductionPatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  patterns.add<ReductionLowering<TF::SumOp, RKind::Sum>,
               ReductionLowering<TF::MeanOp, RKind::Mean>,
               ReductionLowering<TF::ProdOp, RKind::Prod>,
               ReductionLowering<TF::MaxOp, RKind::Max>,
               ReductionLowering<TF::MinOp, RKind::Min>,
               ReductionLowering<TF::AllOp, RKind::All>,
               ReductionLowering<TF::AnyOp, RKind::Any>,
               ArgReductionLowering<TF::ArgMaxOp, true>,
               ArgReductionLowering<TF::ArgMinOp, false>>(patterns.getContext(),
                                                          state);
}

} // namespace tfmlir::tohlo
