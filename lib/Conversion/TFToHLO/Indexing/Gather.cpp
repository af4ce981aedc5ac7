//===- Gather.cpp - tf.Gather, tf.GatherV2, tf.GatherNd -> hlo.gather -----===//
//
// Semantics: TF's CPU kernels GatherOp (Gather, GatherV2) and GatherNdOp.
//  - Gather / GatherV2 (params, indices, axis: V2's constant scalar
//    operand, 0 for Gather; batch_dims B: V2's attr, negative counts from
//    rank(indices), B <= axis): result params[:axis] + indices.shape[B:] +
//    params[axis+1:], one hlo.gather with params[:B] / indices[:B] as its
//    batching dims.
//  - GatherNd (params P [rank p], indices I [rank q], n = I.shape[-1] <= p):
//    result I.shape[:-1] + P.shape[n:], each index vector selecting a slice
//    of P; hlo.gather with index_vector_dim q-1, the first n params dims
//    collapsed and mapped, the rest offset dims at the end.
// Any params dtype; int indices. Out-of-range indices fail the Run with
// TF's InvalidArgument (the run-time index check, checkIndices "gather" /
// "gather_nd"); XLA's clamping only when asked for. GatherNd's
// bad_indices_policy "", "DEFAULT" and "ERROR" all give that error (TF's CPU
// behaviour).
// GatherNd with bad_indices_policy "IGNORE": the output slice of an
// out-of-range index row is zero, as TF's CPU kernel (a select after the
// gather, which clamps).
// Refused: dynamic shapes, a
// non-constant axis, batch_dims out of range or batch dims of params and
// indices that differ, and a non-empty gather from an empty params dim (every
// index is out of range [0, 0): TF's InvalidArgument); an empty one is the
// empty result.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// True when a slice size is larger than its params dim (only possible for
/// a dim of size 0).
bool slicesExceed(RankedTensorType params, ArrayRef<int64_t> sizes) {
  for (auto [d, s] : llvm::zip(params.getShape(), sizes))
    if (s > d)
      return true;
  return false;
}

/// The gather patterns' base: what a gather whose slice sizes exceed an
/// empty dimension of params (a collapsed or batch dim of size 0) becomes,
/// as hlo.gather cannot express it.
template <typename OpTy> struct GatherPattern : HLOPattern<OpTy> {
  using HLOPattern<OpTy>::HLOPattern;

  /// With nothing to gather TF returns the empty result; otherwise every
  /// index is out of range [0, 0) and TF's kernels fail the run with
  /// InvalidArgument, so the op is refused with that reason (it used to
  /// abort in hlo.gather's type inference).
  LogicalResult gatherFromEmpty(OpTy op, ConversionPatternRewriter &b,
                                RankedTensorType out,
                                SmallVectorImpl<Value> &results) const {
    if (out.getNumElements() == 0) {
      results.push_back(splat(b, op.getLoc(), out, 0));
      return success();
    }
    return this->fail(op, b,
                      "gathers from an empty dimension of params: every index "
                      "is out of range [0, 0) (TF: InvalidArgument)");
  }
};

/// tf.Gather / tf.GatherV2 -> hlo.gather along `axis` (batching dims for
/// batch_dims), behind the run-time index check.
template <typename OpTy> struct GatherLowering : GatherPattern<OpTy> {
  using GatherPattern<OpTy>::GatherPattern;
  static constexpr bool kV2 = std::is_same_v<OpTy, TF::GatherV2Op>;

  LogicalResult convert(OpTy op, typename HLOPattern<OpTy>::OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto params = staticType(a.getParams());
    auto idx = staticType(a.getIndices());
    auto out = staticResult(op);
    if (!params || !idx || !out || params.getRank() == 0)
      return this->fail(op, b, "shape is not static");
    int64_t axis = 0;
    int64_t nb = 0;
    if constexpr (kV2) {
      auto ax = constantInts(a.getAxis());
      if (!ax || ax->size() != 1)
        return this->fail(op, b, "axis is not a constant");
      axis = (*ax)[0];
      nb = static_cast<int64_t>(op.getBatchDims());
    }
    auto dim = normAxis(axis, params.getRank());
    if (!dim)
      return this->fail(op, b, "axis out of range");
    int64_t ir = idx.getRank();
    // batch_dims B (negative counts from indices' rank): params[:B] and
    // indices[:B] are the same batch, gathered per batch element (XLA's
    // operand_batching_dims / start_indices_batching_dims); B <= axis.
    if (nb < 0)
      nb += ir;
    if (nb < 0 || nb > ir || nb > *dim)
      return this->fail(op, b,
                        "batch_dims must be in [-rank(indices), min(axis, "
                        "rank(indices))]");
    SmallVector<int64_t> offsetDims, sizes(params.getShape()), batching;
    sizes[*dim] = 1;
    for (int64_t d = 0; d < nb; ++d) {
      if (params.getDimSize(d) != idx.getDimSize(d))
        return this->fail(op, b, "batch dims of params and indices differ");
      sizes[d] = 1;
      batching.push_back(d);
    }
    for (int64_t d = nb; d < params.getRank(); ++d)
      if (d != *dim)
        offsetDims.push_back(d < *dim ? d : d - 1 + ir - nb);
    if (slicesExceed(params, sizes))
      return this->gatherFromEmpty(op, b, out, results);
    Value indices = checkIndices(b, op, a.getIndices(), "gather",
                                 {params.getDimSize(*dim)});
    auto dn = GatherDimensionNumbersAttr::get(
        b.getContext(), offsetDims, {*dim}, batching, batching, {*dim}, ir);
    results.push_back(GatherOp::create(b, op.getLoc(), a.getParams(), indices,
                                       dn, sizes, false));
    return success();
  }
};

/// For GatherNd's bad_indices_policy IGNORE: the i1 tensor of shape
/// indices.shape[:-1] that is true where every value of the index row is in
/// [0, bounds[d]) (compare against 0 and against the bounds broadcast along
/// the last dim, then an and-reduction over it).
Value rowsInRange(OpBuilder &b, Location loc, Value indices,
                  RankedTensorType idx, ArrayRef<int64_t> bounds) {
  int64_t q = idx.getRank(), n = idx.getShape().back();
  Type elt = idx.getElementType();
  auto boundsType = RankedTensorType::get({n}, elt);
  SmallVector<APInt> vals;
  for (int64_t d = 0; d < n; ++d)
    vals.push_back(APInt(elt.getIntOrFloatBitWidth(), bounds[d]));
  Value limit = broadcastInDim(
      b, loc, constant(b, loc, DenseElementsAttr::get(boundsType, vals)),
      idx.getShape(), {q - 1});
  Value ok =
      AndOp::create(b, loc,
                    compare(b, loc, indices, like(b, loc, indices, 0),
                            ComparisonDirection::GE),
                    compare(b, loc, indices, limit, ComparisonDirection::LT));
  return reduce(b, loc, ok, scalar(b, loc, b.getI1Type(), 1), {q - 1},
                ReduceKind::And);
}

/// tf.GatherNd -> hlo.gather of index vectors (last dim of indices). With
/// bad_indices_policy "", DEFAULT or ERROR behind the run-time index check;
/// with IGNORE the output slice of an out-of-range index row is zero (TF's
/// CPU kernel): hlo.gather's clamped slice is replaced by zeros with a
/// select on rowsInRange.
struct GatherNdLowering : GatherPattern<TF::GatherNdOp> {
  using GatherPattern::GatherPattern;
  LogicalResult convert(TF::GatherNdOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    bool ignoreBad = op.getBadIndicesPolicy().value_or("") == "IGNORE";
    auto params = staticType(a.getParams());
    auto idx = staticType(a.getIndices());
    auto out = staticResult(op);
    if (!params || !idx || !out || idx.getRank() < 1)
      return fail(op, b, "shape is not static");
    int64_t p = params.getRank(), q = idx.getRank(), n = idx.getShape().back();
    if (n > p)
      return fail(op, b, "index depth exceeds the rank of params");
    SmallVector<int64_t> offsetDims, collapsed, sizes(params.getShape());
    for (int64_t d = 0; d < n; ++d) {
      collapsed.push_back(d);
      sizes[d] = 1;
    }
    for (int64_t d = n; d < p; ++d)
      offsetDims.push_back(q - 1 + (d - n));
    if (slicesExceed(params, sizes)) {
      if (ignoreBad) { // every index row is out of range [0, 0)
        results.push_back(splat(b, op.getLoc(), out, 0));
        return success();
      }
      return gatherFromEmpty(op, b, out, results);
    }
    Value indices = ignoreBad ? a.getIndices()
                              : checkIndices(b, op, a.getIndices(), "gather_nd",
                                             params.getShape());
    auto dn = GatherDimensionNumbersAttr::get(
        b.getContext(), offsetDims, collapsed, {}, {}, collapsed, q - 1);
    Value gathered = GatherOp::create(b, op.getLoc(), a.getParams(), indices,
                                      dn, sizes, false);
    if (ignoreBad) {
      Value ok = rowsInRange(b, op.getLoc(), indices, idx,
                             params.getShape().take_front(n));
      SmallVector<int64_t> rowDims =
          llvm::to_vector(llvm::seq<int64_t>(0, q - 1));
      Value mask = broadcastInDim(b, op.getLoc(), ok, out.getShape(), rowDims);
      gathered = SelectOp::create(b, op.getLoc(), mask, gathered,
                                  like(b, op.getLoc(), gathered, 0));
    }
    results.push_back(gathered);
    return success();
  }
};

} // namespace

void populateIndexingGatherPatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  patterns.add<GatherLowering<TF::GatherOp>, GatherLowering<TF::GatherV2Op>,
               GatherNdLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
