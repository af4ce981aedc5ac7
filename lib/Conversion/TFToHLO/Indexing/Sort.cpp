//===- Sort.cpp - TopKV2, NthElement, Unique, ListDiff -> hlo -------------===//
//
// Semantics: TF's CPU kernels TopK (TopKV2), NthElementOp, UniqueOp and
// ListDiffOp (SetDiff1D).
//  - TopKV2 over the last dim with a constant k: a stable hlo.sort of
//    (values, iota indices) by value descending (NaN first, above +inf: TF's
//    CPU kernel sorts with `b < a`, whose order with NaNs is unspecified;
//    the host and lite kernels use the same rule, lib/Support/NonFinite.h),
//    then a slice of the first k; equal values keep the lower index first.
//    `sorted` = false gives the same order: TF leaves the order unspecified
//    then (its CPU kernel returns the sorted order for small inputs), and a
//    sorted one keeps results deterministic (test/tools/topk-unsorted.test).
//  - NthElement with a constant n: an hlo.sort of the last dim (descending
//    when `reverse`) and the element n.
//  - Unique of a constant 1-D x: the constant y (distinct values in order
//    of first occurrence) and idx; values compare as TF's kernel's hash map
//    does: -0.0 equals 0.0, every NaN is distinct.
//  - ListDiff of constant 1-D x and y: the constant out (the elements of x
//    not in y, in order) and idx (their positions in x, dtype out_idx);
//    equality as C++ `==` (TF's unordered_set: -0 == 0, NaN never equal).
// Unique's and ListDiff's result sizes depend on the values, so run-time
// inputs are refused (the Session's host kernels run them). Any int or
// float dtype; shapes must be static. Refused: run-time k / n, k or n out
// of range, result shapes that disagree.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <cmath>
#include <map>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// tf.TopKV2 -> stable descending hlo.sort of (values, iota), sliced to k.
struct TopKV2Lowering : HLOPattern<TF::TopKV2Op> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::TopKV2Op op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto k = constantInts(a.getK());
    auto outV = staticResult(op, 0), outI = staticResult(op, 1);
    if (!in || !k || k->size() != 1 || !outV || !outI || in.getRank() == 0)
      return fail(op, b,
                  "needs a static input, a constant k and static results");
    int64_t last = in.getRank() - 1, n = in.getDimSize(last);
    if ((*k)[0] < 0 || (*k)[0] > n)
      return fail(op, b, "k out of range");
    Location loc = op.getLoc();
    Type elt = in.getElementType(), idx = outI.getElementType();
    Value iota =
        IotaOp::create(b, loc, RankedTensorType::get(in.getShape(), idx),
                       static_cast<uint64_t>(last));
    auto sort = SortOp::create(b, loc, TypeRange{in, iota.getType()},
                               ValueRange{a.getInput(), iota},
                               static_cast<int64_t>(last), true);
    {
      OpBuilder::InsertionGuard g(b);
      auto sv = RankedTensorType::get({}, elt),
           si = RankedTensorType::get({}, idx);
      Block *body = b.createBlock(&sort.getComparator(), {}, {sv, sv, si, si},
                                  {loc, loc, loc, loc});
      Value x = body->getArgument(0), c = body->getArgument(1);
      Value before = compare(b, loc, x, c, Dir::GT);
      if (isa<FloatType>(elt)) {
        // NaN sorts first (above +inf); see greaterNaNFirst.
        Value xNan = compare(b, loc, x, x, Dir::NE);
        Value cNan = compare(b, loc, c, c, Dir::NE);
        before = OrOp::create(
            b, loc, before,
            AndOp::create(b, loc, xNan, NotOp::create(b, loc, cNan)));
      }
      ReturnOp::create(b, loc, ValueRange{before});
    }
    SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape()),
        strides(in.getRank(), 1);
    limit[last] = (*k)[0];
    results.push_back(
        SliceOp::create(b, loc, sort.getResult(0), start, limit, strides));
    results.push_back(
        SliceOp::create(b, loc, sort.getResult(1), start, limit, strides));
    return success();
  }
};

/// tf.NthElement -> hlo.sort of the last dim, element n sliced out.
struct NthElementLowering : HLOPattern<TF::NthElementOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::NthElementOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto n = constantInts(a.getN());
    auto out = staticResult(op);
    if (!in || !n || n->size() != 1 || !out || in.getRank() < 1)
      return fail(op, b,
                  "needs a static input, a constant n and a static result");
    int64_t last = in.getRank() - 1, len = in.getDimSize(last);
    if ((*n)[0] < 0 || (*n)[0] >= len)
      return fail(op, b, "n out of range");
    Location loc = op.getLoc();
    Type elt = in.getElementType();
    bool rev = op.getReverse();
    auto sort = SortOp::create(b, loc, TypeRange{in}, ValueRange{a.getInput()},
                               last, false);
    {
      OpBuilder::InsertionGuard g(b);
      auto sv = RankedTensorType::get({}, elt);
      Block *body =
          b.createBlock(&sort.getComparator(), {}, {sv, sv}, {loc, loc});
      Value x = body->getArgument(0), c = body->getArgument(1);
      ReturnOp::create(
          b, loc, ValueRange{compare(b, loc, x, c, rev ? Dir::GT : Dir::LT)});
    }
    SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape());
    start[last] = (*n)[0];
    limit[last] = (*n)[0] + 1;
    Value s = sliceOf(b, loc, sort.getResult(0), start, limit);
    results.push_back(reshape(b, loc, s, out.getShape()));
    return success();
  }
};

/// tf.Unique of a constant x -> constant y and idx.
struct UniqueLowering : HLOPattern<TF::UniqueOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::UniqueOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto c = constantOf(a.getX());
    if (!c || c->getType().getRank() != 1)
      return fail(op, b,
                  "only a constant 1-D x gives a static result (y's length "
                  "depends on the values)");
    auto idxType = dyn_cast<ShapedType>(op.getIdx().getType());
    if (!idxType || !idxType.getElementType().isInteger())
      return fail(op, b, "idx must be an integer tensor");
    Type elt = c->getElementType();
    SmallVector<Attribute> values(c->getValues<Attribute>());
    std::map<double, int64_t> floatSeen;
    std::map<int64_t, int64_t> intSeen;
    SmallVector<Attribute> y;
    SmallVector<int64_t> idx;
    for (Attribute v : values) {
      int64_t slot = static_cast<int64_t>(y.size());
      if (auto f = dyn_cast<FloatAttr>(v)) {
        double d = f.getValueAsDouble();
        if (std::isnan(d)) {
          y.push_back(v);
          idx.push_back(slot);
          continue;
        }
        auto [it, fresh] = floatSeen.try_emplace(d == 0 ? 0.0 : d, slot);
        if (fresh)
          y.push_back(v);
        idx.push_back(it->second);
      } else if (auto i = dyn_cast<IntegerAttr>(v)) {
        const APInt &iv = i.getValue();
        int64_t key = elt.isUnsignedInteger()
                          ? static_cast<int64_t>(iv.getZExtValue())
                          : iv.getSExtValue();
        auto [it, fresh] = intSeen.try_emplace(key, slot);
        if (fresh)
          y.push_back(v);
        idx.push_back(it->second);
      } else {
        return fail(op, b, "x's element type is not an integer or float type");
      }
    }
    Location loc = op.getLoc();
    results.push_back(constant(
        b, loc,
        DenseElementsAttr::get(
            RankedTensorType::get({static_cast<int64_t>(y.size())}, elt), y)));
    Type idxElt = idxType.getElementType();
    auto idxOut =
        RankedTensorType::get({static_cast<int64_t>(idx.size())}, idxElt);
    SmallVector<APInt> idxVals;
    for (int64_t v : idx)
      idxVals.push_back(APInt(idxElt.getIntOrFloatBitWidth(), v, true));
    results.push_back(
        constant(b, loc, DenseElementsAttr::get(idxOut, idxVals)));
    return success();
  }
};

/// tf.ListDiff of constant x and y -> constant out and idx.
struct ListDiffLowering : HLOPattern<TF::ListDiffOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::ListDiffOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto x = constantOf(a.getX());
    auto y = constantOf(a.getY());
    auto out = staticResult(op, 0);
    auto idxT = staticResult(op, 1);
    if (!x || !y || !out || !idxT)
      return fail(op, b, "only constant x and y give a static result");
    if (x->getType().getRank() != 1 || y->getType().getRank() != 1)
      return fail(op, b, "x and y must be 1-D");
    Type elt = x->getElementType();
    int64_t n = x->getNumElements(), m = y->getNumElements();
    auto inY = [&](int64_t i) {
      for (int64_t j = 0; j < m; ++j) {
        if (isa<FloatType>(elt)) {
          if (x->getValues<APFloat>()[i].compare(y->getValues<APFloat>()[j]) ==
              APFloat::cmpEqual)
            return true;
        } else if (x->getValues<APInt>()[i] == y->getValues<APInt>()[j]) {
          return true;
        }
      }
      return false;
    };
    SmallVector<Attribute> vals;
    SmallVector<APInt> pos;
    auto idxElt = cast<IntegerType>(idxT.getElementType());
    for (int64_t i = 0; i < n; ++i) {
      if (inY(i))
        continue;
      vals.push_back(x->getValues<Attribute>()[i]);
      pos.push_back(APInt(idxElt.getWidth(), i, /*isSigned=*/true));
    }
    int64_t k = vals.size();
    if (out.getDimSize(0) != k || idxT.getDimSize(0) != k)
      return fail(op, b, "result shape disagrees with the constant inputs");
    results.push_back(constant(
        b, op.getLoc(),
        DenseElementsAttr::get(RankedTensorType::get({k}, elt), vals)));
    results.push_back(constant(
        b, op.getLoc(),
        DenseElementsAttr::get(RankedTensorType::get({k}, idxElt), pos)));
    return success();
  }
};

} // namespace

void populateIndexingSortPatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns.add<TopKV2Lowering, NthElementLowering, UniqueLowering,
               ListDiffLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
