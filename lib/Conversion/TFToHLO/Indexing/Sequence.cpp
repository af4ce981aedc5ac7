//===- Sequence.cpp - Range, LinSpace, RaggedRange -> hlo -----------------===//
//
// Semantics: TF's CPU kernels RangeOp, LinSpaceOp and RaggedRangeOp.
//  - Range with a static result: all-constant ranges of at most 4096
//    elements (the hlo folders' limit) fold to a constant (ints exactly;
//    floats as start + i * delta in double, rounded once: TF's kernel
//    rounds each step, the two agree within 1 ulp); otherwise start + iota
//    * delta in the result type.
//  - LinSpace with a constant num: start + i * (stop - start) / (num - 1),
//    the last element exactly stop (TF's kernel); float dtypes.
//  - RaggedRange: its output size depends on the values, so it is lowered
//    only when starts, limits and deltas are integer constants (the shape
//    function then gives both results static shapes): it folds to two
//    hlo.constants, rt_nested_splits (Tsplits) and rt_dense_values (T),
//    computed as TF's ragged_range_op.cc does (scalars broadcast; a row
//    whose limit is on the wrong side of start is empty). A constant delta
//    of 0 fails the conversion with TF's "Requires delta != 0". Every other
//    RaggedRange runs on the Session's host kernel
//    (runtime/session/kernels/Ragged.cpp).
// Refused: dynamic results, non-scalar Range start / delta, a run-time or
// mismatching LinSpace num, RaggedRange with float or run-time inputs or
// more than 2^20 values.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// Largest Range folded to a constant while legalizing (the hlo folders'
/// limit, dialects/hlo/HLOOps.cpp).
constexpr int64_t kMaxRangeFoldElements = 4096;

/// tf.Range -> a constant (small constant ranges) or start + hlo.iota *
/// delta.
struct RangeLowering : HLOPattern<TF::RangeOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::RangeOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out || out.getRank() != 1)
      return fail(op, b, "result shape is not static");
    Location loc = op.getLoc();
    Type elt = out.getElementType();
    auto scalarOf = [&](Value v) -> Value {
      auto t = staticType(v);
      if (!t || t.getNumElements() != 1)
        return {};
      return broadcastTo(b, loc,
                         reshape(b, loc, tohlo::convert(b, loc, v, elt), {}),
                         out.getShape());
    };
    // All-constant ranges (the usual case: axes and perms) fold to a
    // constant when small (the hlo folders' 4096-element limit); a long
    // range stays an iota, so a constant Range of 1e12 elements does not
    // build 8 TB of attribute while legalizing (issue 17).
    auto c0 = constantOf(a.getStart()), c2 = constantOf(a.getDelta());
    if (c0 && c2 && c0->getNumElements() == 1 && c2->getNumElements() == 1 &&
        out.getDimSize(0) <= kMaxRangeFoldElements) {
      SmallVector<Attribute> vals;
      int64_t n = out.getDimSize(0);
      if (isa<IntegerType>(elt)) {
        auto first = *c0->getValues<APInt>().begin();
        auto step = *c2->getValues<APInt>().begin();
        if (isa<IntegerType>(c0->getElementType()) &&
            isa<IntegerType>(c2->getElementType())) {
          int64_t s = first.getSExtValue(), d = step.getSExtValue();
          for (int64_t i = 0; i < n; ++i)
            vals.push_back(IntegerAttr::get(elt, s + i * d));
        }
      } else if (auto ft = dyn_cast<FloatType>(elt)) {
        if (isa<FloatType>(c0->getElementType()) &&
            isa<FloatType>(c2->getElementType())) {
          double s = (*c0->getValues<APFloat>().begin()).convertToDouble();
          double d = (*c2->getValues<APFloat>().begin()).convertToDouble();
          // start + i * delta in double, rounded once (TF's float kernel
          // rounds each step; the two agree within 1 ulp).
          for (int64_t i = 0; i < n; ++i) {
            APFloat v(s + static_cast<double>(i) * d);
            bool lost;
            v.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                      &lost);
            vals.push_back(FloatAttr::get(elt, v));
          }
        }
      }
      if (static_cast<int64_t>(vals.size()) == n) {
        results.push_back(constant(b, loc, DenseElementsAttr::get(out, vals)));
        return success();
      }
    }
    Value start = scalarOf(a.getStart()), delta = scalarOf(a.getDelta());
    if (!start || !delta)
      return fail(op, b, "start and delta must be scalars");
    Value iota = IotaOp::create(b, loc, out, 0);
    results.push_back(
        AddOp::create(b, loc, start, MultiplyOp::create(b, loc, iota, delta)));
    return success();
  }
};

/// tf.LinSpace (constant num) -> start + iota * step, the last element
/// selected to be stop.
struct LinSpaceLowering : HLOPattern<TF::LinSpaceOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::LinSpaceOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    auto num = constantInts(a.getNum());
    if (!out || out.getRank() != 1 || !num || num->size() != 1 ||
        (*num)[0] != out.getDimSize(0) || (*num)[0] < 1 ||
        !isa<FloatType>(out.getElementType()))
      return fail(op, b, "needs a constant num matching a static float result");
    Location loc = op.getLoc();
    Type elt = out.getElementType();
    int64_t n = (*num)[0];
    Value start = reshape(b, loc, a.getStart(), {});
    Value stop = reshape(b, loc, a.getStop(), {});
    if (n == 1) {
      results.push_back(reshape(b, loc, start, {1}));
      return success();
    }
    Value step =
        DivideOp::create(b, loc, SubtractOp::create(b, loc, stop, start),
                         scalar(b, loc, elt, static_cast<double>(n - 1)));
    Value i = iota(b, loc, {n}, elt, 0);
    Value v = AddOp::create(
        b, loc, broadcastTo(b, loc, start, {n}),
        MultiplyOp::create(b, loc, broadcastTo(b, loc, step, {n}), i));
    Value last = compare(
        b, loc, iota(b, loc, {n}, b.getI32Type(), 0),
        splat(b, loc, RankedTensorType::get({n}, b.getI32Type()), n - 1),
        Dir::EQ);
    results.push_back(
        SelectOp::create(b, loc, last, broadcastTo(b, loc, stop, {n}), v));
    return success();
  }
};

/// tf.RaggedRange of integer constants -> constant splits and values.
struct RaggedRangeLowering : HLOPattern<TF::RaggedRangeOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::RaggedRangeOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto splitsT = staticResult(op, 0), valuesT = staticResult(op, 1);
    if (!splitsT || !valuesT || !isa<IntegerType>(valuesT.getElementType()))
      return fail(op, b,
                  "data-dependent size: folded only for integer constant "
                  "inputs (the host kernel runs the rest)");
    if (valuesT.getDimSize(0) > (int64_t(1) << 20))
      return fail(op, b, "too many values to fold (the host kernel runs it)");
    SmallVector<SmallVector<int64_t>> in;
    for (Value v : {a.getStarts(), a.getLimits(), a.getDeltas()}) {
      auto c = constantInts(v);
      auto t = staticType(v);
      if (!c || !t || t.getRank() > 1)
        return fail(op, b, "inputs are not integer scalar/vector constants");
      in.push_back(*c);
    }
    int64_t nrows = splitsT.getDimSize(0) - 1;
    SmallVector<int64_t> splits{0}, values;
    for (int64_t r = 0; r < nrows; ++r) {
      auto at = [&](int i) { return in[i].size() == 1 ? in[i][0] : in[i][r]; };
      int64_t start = at(0), limit = at(1), delta = at(2);
      if (delta == 0)
        return fail(op, b, "Requires delta != 0");
      if (!((delta > 0 && limit < start) || (delta < 0 && limit > start))) {
        // TF's Eigen::divup(|limit - start|, |delta|), without overflow.
        uint64_t span = limit > start ? uint64_t(limit) - uint64_t(start)
                                      : uint64_t(start) - uint64_t(limit);
        uint64_t ad =
            delta > 0 ? uint64_t(delta) : uint64_t(0) - uint64_t(delta);
        uint64_t n = span / ad + (span % ad != 0);
        if (n > uint64_t(valuesT.getDimSize(0)) - values.size())
          return fail(op, b, "the folded size disagrees with the result type");
        for (uint64_t k = 0; k < n; ++k) // wraps as TF's T(value) += delta
          values.push_back(int64_t(uint64_t(start) + k * uint64_t(delta)));
      }
      splits.push_back(static_cast<int64_t>(values.size()));
    }
    if (static_cast<int64_t>(values.size()) != valuesT.getDimSize(0))
      return fail(op, b, "the folded size disagrees with the result type");
    auto dense = [](RankedTensorType t, ArrayRef<int64_t> v) {
      unsigned w = t.getElementType().getIntOrFloatBitWidth();
      SmallVector<APInt> vals;
      for (int64_t x : v)
        vals.push_back(APInt(w, x, /*isSigned=*/true, /*implicitTrunc=*/true));
      return DenseElementsAttr::get(t, vals);
    };
    Location loc = op.getLoc();
    results.push_back(constant(b, loc, dense(splitsT, splits)));
    results.push_back(constant(b, loc, dense(valuesT, values)));
    return success();
  }
};

} // namespace

void populateIndexingSequencePatterns(RewritePatternSet &patterns,
                                      ConversionState &state) {
  patterns.add<RangeLowering, LinSpaceLowering, RaggedRangeLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
