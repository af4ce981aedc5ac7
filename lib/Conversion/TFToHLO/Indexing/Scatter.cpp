//===- Scatter.cpp - ScatterNd, TensorScatter*, SparseTensorDenseAdd -> hlo
//===//
//
// Semantics: TF's CPU kernels ScatterNdOp, TensorScatterOp (Update, Add,
// Sub) and SparseTensorDenseAddOp.
//  - ScatterNd(indices [..., K], updates, shape): hlo.scatter with add into
//    zeros of the (static) result shape, duplicates summing as in TF (or
//    for bool); with constant in-range indices (non-bool), each update
//    window padded into place and added instead (static ops only).
//  - TensorScatterUpdate / TensorScatterAdd / TensorScatterSub(tensor,
//    indices [..., K], updates): hlo.scatter into `tensor` (replacing, or
//    adding; Sub adds the negated updates; bool adds with or), with the
//    ScatterNd dimension numbers.
//  - SparseTensorDenseAdd with constant [N, rank] a_indices: each of the N
//    a_values padded into place and added to the dense `b`.
// Out-of-range indices of ScatterNd and TensorScatter* fail the Run as TF's
// CPU kernel does (the run-time index check, checkIndices "scatter_nd":
// "indices[1] = [7] does not index into shape [5]"), unless their
// bad_indices_policy is "IGNORE" (TF then skips them, as hlo.scatter does;
// "", "DEFAULT" and "ERROR" are the error).
// Refused: dynamic shapes, ranks that disagree, an unknown
// bad_indices_policy, bool (or non-numeric) TensorScatterSub updates,
// SparseTensorDenseAdd with run-time or out-of-range indices.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <algorithm>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.ScatterNd -> hlo.scatter (add) into zeros, or pads + adds for
/// constant indices; out-of-range indices fail the Run unless
/// bad_indices_policy is IGNORE (then hlo.scatter skips their updates).
struct ScatterNdLowering : HLOPattern<TF::ScatterNdOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::ScatterNdOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto ind = staticType(a.getIndices());
    auto upd = staticType(a.getUpdates());
    auto out = staticResult(op);
    if (!ind || !upd || !out || ind.getRank() < 1)
      return fail(op, b, "needs static indices, updates and result");
    int64_t ir = ind.getRank(), K = ind.getShape().back();
    if (K > out.getRank() || upd.getRank() != ir - 1 + out.getRank() - K)
      return fail(op, b, "updates rank disagrees with indices and shape");
    bool ignoreBad = op.getBadIndicesPolicy().value_or("") == "IGNORE";
    Location loc = op.getLoc();
    if (auto cidx = constantInts(a.getIndices());
        cidx && !out.getElementType().isInteger(1)) {
      // Constant indices: each update window padded into place and summed
      // (static ops only; duplicates add up as in TF).
      int64_t count = ind.getNumElements() / std::max<int64_t>(K, 1);
      SmallVector<int64_t> winShape(out.getShape().begin() + K,
                                    out.getShape().end());
      SmallVector<int64_t> flatUpd{count};
      flatUpd.append(winShape.begin(), winShape.end());
      Value u = reshape(b, loc, a.getUpdates(), flatUpd);
      Value acc = splat(b, loc, out, 0);
      bool inRange = true;
      for (int64_t c = 0; c < count && inRange; ++c) {
        SmallVector<int64_t> start(flatUpd.size(), 0), limit(flatUpd);
        start[0] = c;
        limit[0] = c + 1;
        SmallVector<int64_t> full(K, 1);
        full.append(winShape.begin(), winShape.end());
        Value w = reshape(b, loc, sliceOf(b, loc, u, start, limit), full);
        SmallVector<int64_t> lo(out.getRank(), 0), hi(out.getRank(), 0),
            inner(out.getRank(), 0);
        for (int64_t d = 0; d < K; ++d) {
          int64_t x = (*cidx)[c * K + d];
          if (x < 0 || x >= out.getDimSize(d))
            inRange = false;
          lo[d] = x;
          hi[d] = out.getDimSize(d) - x - 1;
        }
        if (!inRange)
          break;
        Value padded = PadOp::create(
            b, loc, w, scalar(b, loc, out.getElementType(), 0), lo, hi, inner);
        acc = AddOp::create(b, loc, acc, padded);
      }
      if (inRange) {
        results.push_back(acc);
        return success();
      }
      // An out-of-range constant index: the scatter below, whose index
      // check fails the Run with TF's InvalidArgument, or which skips the
      // update under IGNORE (the ops built so far are dead and swept by the
      // driver).
    }
    Value indices = a.getIndices();
    if (!ignoreBad)
      indices = checkIndices(b, op, indices, "scatter_nd", out.getShape());
    SmallVector<int64_t> window, inserted, toOperand;
    for (int64_t d = ir - 1; d < upd.getRank(); ++d)
      window.push_back(d);
    for (int64_t d = 0; d < K; ++d) {
      inserted.push_back(d);
      toOperand.push_back(d);
    }
    auto dn = ScatterDimensionNumbersAttr::get(b.getContext(), window, inserted,
                                               {}, {}, toOperand, ir - 1);
    auto sc = ScatterOp::create(b, loc, TypeRange{out},
                                ValueRange{splat(b, loc, out, 0)}, indices,
                                ValueRange{a.getUpdates()}, dn, false, false);
    {
      OpBuilder::InsertionGuard g(b);
      auto st = RankedTensorType::get({}, out.getElementType());
      Block *body =
          b.createBlock(&sc.getUpdateComputation(), {}, {st, st}, {loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{combine(
                           b, loc,
                           out.getElementType().isInteger(1) ? ReduceKind::Or
                                                             : ReduceKind::Add,
                           body->getArgument(0), body->getArgument(1))});
    }
    results.push_back(sc.getResult(0));
    return success();
  }
};

/// tf.TensorScatterUpdate / Add / Sub -> hlo.scatter into `tensor`
/// (replace, or add; Sub negates the updates), behind the run-time index
/// check unless bad_indices_policy is IGNORE.
template <typename OpTy, bool Add, bool Negate = false>
struct TensorScatterLowering : HLOPattern<OpTy> {
  using HLOPattern<OpTy>::HLOPattern;
  LogicalResult convert(OpTy op, typename HLOPattern<OpTy>::OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto tt = staticType(a.getTensor());
    auto ind = staticType(a.getIndices());
    auto upd = staticType(a.getUpdates());
    auto out = staticResult(op);
    if (!tt || !ind || !upd || !out || ind.getRank() < 1 ||
        !isa<IntegerType>(ind.getElementType()))
      return this->fail(op, b,
                        "needs static tensor, integer indices and updates");
    int64_t ir = ind.getRank(), K = ind.getShape().back();
    if (K > tt.getRank() || upd.getRank() != ir - 1 + tt.getRank() - K)
      return this->fail(op, b,
                        "updates rank disagrees with indices and tensor");
    std::string policy = op.getBadIndicesPolicy().value_or("").str();
    if (!policy.empty() && policy != "DEFAULT" && policy != "ERROR" &&
        policy != "IGNORE")
      return this->fail(op, b, "unknown bad_indices_policy '" + policy + "'");
    if (Negate && !isa<FloatType>(upd.getElementType()) &&
        !isa<IntegerType>(upd.getElementType()))
      return this->fail(op, b, "needs float or integer updates");
    if (Negate && upd.getElementType().isInteger(1))
      return this->fail(op, b, "bool updates cannot be subtracted");
    Location loc = op.getLoc();
    Value indices = a.getIndices();
    Value updates = a.getUpdates();
    if (Negate)
      updates = NegateOp::create(b, loc, updates);
    if (policy != "IGNORE")
      indices = checkIndices(b, op, indices, "scatter_nd", tt.getShape());
    SmallVector<int64_t> window, inserted;
    for (int64_t d = ir - 1; d < upd.getRank(); ++d)
      window.push_back(d);
    for (int64_t d = 0; d < K; ++d)
      inserted.push_back(d);
    auto dn = ScatterDimensionNumbersAttr::get(b.getContext(), window, inserted,
                                               {}, {}, inserted, ir - 1);
    auto sc =
        ScatterOp::create(b, loc, TypeRange{out}, ValueRange{a.getTensor()},
                          indices, ValueRange{updates}, dn, false, false);
    {
      OpBuilder::InsertionGuard g(b);
      auto st = RankedTensorType::get({}, out.getElementType());
      Block *body =
          b.createBlock(&sc.getUpdateComputation(), {}, {st, st}, {loc, loc});
      Value r = body->getArgument(1);
      if (Add)
        r = combine(b, loc,
                    out.getElementType().isInteger(1) ? ReduceKind::Or
                                                      : ReduceKind::Add,
                    body->getArgument(0), body->getArgument(1));
      ReturnOp::create(b, loc, ValueRange{r});
    }
    results.push_back(sc.getResult(0));
    return success();
  }
};

/// tf.SparseTensorDenseAdd (constant indices) -> hlo.pad of each value
/// into place + hlo.add to the dense tensor.
struct SparseTensorDenseAddLowering : HLOPattern<TF::SparseTensorDenseAddOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::SparseTensorDenseAddOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto ind = staticType(a.getAIndices());
    auto cidx = constantInts(a.getAIndices());
    auto vals = staticType(a.getAValues());
    auto dense = staticType(a.getB());
    if (!ind || !cidx || !vals || !dense || ind.getRank() != 2 ||
        ind.getDimSize(1) != dense.getRank() || vals.getRank() != 1 ||
        vals.getDimSize(0) != ind.getDimSize(0))
      return fail(op, b,
                  "needs constant [N, rank] indices, [N] values and a static "
                  "dense");
    Location loc = op.getLoc();
    int64_t n = ind.getDimSize(0), r = dense.getRank();
    Value acc = a.getB();
    for (int64_t i = 0; i < n; ++i) {
      SmallVector<int64_t> lo(r), hi(r), inner(r, 0);
      for (int64_t d = 0; d < r; ++d) {
        int64_t x = (*cidx)[i * r + d];
        if (x < 0 || x >= dense.getDimSize(d))
          return fail(op, b, "an index is out of range");
        lo[d] = x;
        hi[d] = dense.getDimSize(d) - x - 1;
      }
      Value v = reshape(b, loc, sliceOf(b, loc, a.getAValues(), {i}, {i + 1}),
                        SmallVector<int64_t>(r, 1));
      acc = AddOp::create(
          b, loc, acc,
          PadOp::create(b, loc, v, scalar(b, loc, dense.getElementType(), 0),
                        lo, hi, inner));
    }
    results.push_back(acc);
    return success();
  }
};

} // namespace

void populateIndexingScatterPatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  patterns.add<ScatterNdLowering,
               TensorScatterLowering<TF::TensorScatterUpdateOp, /*Add=*/false>,
               TensorScatterLowering<TF::TensorScatterAddOp, /*Add=*/true>,
               TensorScatterLowering<TF::TensorScatterSubOp, /*Add=*/true,
                                     /*Negate=*/true>,
               SparseTensorDenseAddLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
