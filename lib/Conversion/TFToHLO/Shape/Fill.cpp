//===- Fill.cpp - Fill, BroadcastTo, Tile, ZerosLike, OnesLike, Empty -----===//
//
//  - Fill (TF's FillOp) and BroadcastTo (TF's BroadcastToOp): the scalar
//    value / the input NumPy-broadcast (hlo.broadcast_in_dim, trailing
//    dims aligned) to the static result shape; the dims / shape inputs are
//    not read (the result type says everything).
//  - Tile (TF's TileOp) with constant multiples: x[d0, d1, ..] broadcast
//    into [m0, d0, m1, d1, ...] and reshaped to [m0*d0, m1*d1, ...].
//  - ZerosLike / OnesLike (TF's ZerosLikeOp, OnesLikeOp): a splat constant
//    of the static result type.
//  - Empty (TF's EmptyOp): zeros of the static result type (TF leaves the
//    contents undefined unless `init`).
// Any dtype the hlo ops take. Refused: a dynamic result (or input for
// Tile), a Fill value that is not one element, an input that does not
// broadcast, run-time or negative multiples.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Fill / tf.BroadcastTo -> hlo.broadcast_in_dim to the result shape.
template <typename TFOp> struct BroadcastLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out)
      return this->fail(op, b, "result shape is not static");
    Value v;
    if constexpr (std::is_same_v<TFOp, TF::FillOp>) {
      auto t = staticType(a.getValue());
      if (!t || t.getNumElements() != 1)
        return this->fail(op, b, "value must be a scalar");
      v = reshape(b, op.getLoc(), a.getValue(), {});
    } else {
      v = a.getInput();
    }
    Value r = broadcastTo(b, op.getLoc(), v, out.getShape());
    if (!r)
      return this->fail(op, b, "operand does not broadcast to the result");
    results.push_back(r);
    return success();
  }
};

/// tf.Tile -> hlo.broadcast_in_dim into [m0, d0, ...] + hlo.reshape.
struct TileLowering : HLOPattern<TF::TileOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::TileOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto mult = constantInts(a.getMultiples());
    if (!in || !mult || static_cast<int64_t>(mult->size()) != in.getRank())
      return fail(op, b, "needs a static input and constant multiples");
    SmallVector<int64_t> shape, dims, outShape;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      if ((*mult)[d] < 0)
        return fail(op, b, "negative multiple");
      shape.push_back((*mult)[d]);
      shape.push_back(in.getDimSize(d));
      dims.push_back(2 * d + 1);
      outShape.push_back((*mult)[d] * in.getDimSize(d));
    }
    Location loc = op.getLoc();
    Value bc = broadcastInDim(b, loc, a.getInput(), shape, dims);
    results.push_back(reshape(b, loc, bc, outShape));
    return success();
  }
};

/// tf.ZerosLike / tf.OnesLike -> a splat hlo.constant of the result type.
template <typename TFOp, int V> struct SplatLikeLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto t = staticResult(op);
    if (!t)
      return this->fail(op, b, "shape is not static");
    results.push_back(splat(b, op.getLoc(), t, V));
    return success();
  }
};

/// tf.Empty -> a zero splat hlo.constant of the result type.
struct EmptyLowering : HLOPattern<TF::EmptyOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::EmptyOp op, OpAdaptor, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out || !out.getElementType().isIntOrFloat())
      return fail(op, b, "result shape is not static");
    results.push_back(splat(b, op.getLoc(), out, 0));
    return success();
  }
};

} // namespace

void populateShapeFillPatterns(RewritePatternSet &patterns,
                               ConversionState &state) {
  patterns
      .add<BroadcastLowering<TF::FillOp>, BroadcastLowering<TF::BroadcastToOp>,
           TileLowering, SplatLikeLowering<TF::ZerosLikeOp, 0>,
           SplatLikeLowering<TF::OnesLikeOp, 1>, EmptyLowering>(
          patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
