//===- Broadcast.cpp - Tile, BroadcastTo, BroadcastArgs, Fill, ZerosLike, -===//
//                     Shape, Rank -> tfl
//
// The shape-producing and broadcasting ops of TFOpsShape.td (TF kernels
// TileOp, BroadcastToOp, BCastArgsOp, FillOp, ZerosLikeOp, ShapeOp,
// RankOp) as TFLite's TILE, BROADCAST_TO, BROADCAST_ARGS, FILL, ZEROS_LIKE
// and RANK (tfl.builtin_op) and SHAPE (out_type int32 or int64; others are
// refused with the reason). Multiples, shapes and dims become int32
// (refused with the reason when a constant has values outside int32).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.Shape -> tfl.shape (out_type int32 or int64).
struct ShapeLowering : TFLPattern<TF::ShapeOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::ShapeOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto t = cast<ShapedType>(op.getResult().getType());
    std::string n = tensorTypeName(t.getElementType());
    if (n != "INT32" && n != "INT64")
      return fail(op, b, "out_type must be int32 or int64");
    results.push_back(tfl::ShapeOp::create(b, op.getLoc(), TypeRange{t},
                                           ValueRange{a.getInput()},
                                           {strA(b, "out_type", n)})
                          ->getResult(0));
    return success();
  }
};

} // namespace

void populateShapeBroadcastPatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<
      SameOperandsLowering<TF::TileOp, tfl::TileOp, NoAttrs, 1>,
      SameOperandsLowering<TF::BroadcastToOp, tfl::BroadcastToOp, NoAttrs, 1>,
      SameOperandsLowering<TF::BroadcastArgsOp, tfl::BroadcastArgsOp>,
      SameOperandsLowering<TF::FillOp, tfl::FillOp, NoAttrs, 0>, ShapeLowering>(
      ctx, state);
  patterns.add<BuiltinOpLowering<TF::ZerosLikeOp, 93>>(ctx, state, "ZEROS_LIKE",
                                                       "ZerosLikeOptions");
  patterns.add<BuiltinOpLowering<TF::RankOp, 110>>(ctx, state, "RANK",
                                                   "RankOptions");
}

} // namespace tfmlir::conv
