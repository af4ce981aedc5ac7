//===- Reshape.cpp - Reshape, Squeeze, ExpandDims, Transpose -> tfl -------===//
//
// The layout ops of TFOpsShape.td (TF kernels ReshapeOp, SqueezeOp,
// ExpandDimsOp, TransposeOp) as TFLite's RESHAPE (with new_shape when the
// shape is constant), SQUEEZE (squeeze_dims), EXPAND_DIMS and TRANSPOSE,
// which move data without computing on it (any dtype). Shape, axis and
// perm operands become int32 (refused with the reason when a constant has
// values outside int32).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.Reshape -> tfl.reshape (new_shape from a constant shape).
struct ReshapeLowering : TFLPattern<TF::ReshapeOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::ReshapeOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value shape;
    std::string why;
    if (failed(i32Operand(op, b, 1, shape, why)))
      return fail(op, b, why);
    SmallVector<int32_t> ns;
    if (auto c = constantInts(a.getShape()))
      ns.assign(c->begin(), c->end());
    auto r = tfl::ReshapeOp::create(
        b, op.getLoc(), op->getResultTypes(), ValueRange{a.getTensor(), shape},
        {b.getNamedAttr("new_shape", b.getDenseI32ArrayAttr(ns))});
    results.push_back(r->getResult(0));
    return success();
  }
};

/// tf.Squeeze -> tfl.squeeze (squeeze_dims).
struct SqueezeLowering : TFLPattern<TF::SqueezeOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::SqueezeOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto dims = intList(op, "squeeze_dims").value_or(SmallVector<int64_t>{});
    SmallVector<int32_t> d(dims.begin(), dims.end());
    auto r = tfl::SqueezeOp::create(
        b, op.getLoc(), op->getResultTypes(), ValueRange{a.getInput()},
        {b.getNamedAttr("squeeze_dims", b.getDenseI32ArrayAttr(d))});
    results.push_back(r->getResult(0));
    return success();
  }
};

} // namespace

void populateShapeReshapePatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns.add<
      ReshapeLowering, SqueezeLowering,
      SameOperandsLowering<TF::ExpandDimsOp, tfl::ExpandDimsOp, NoAttrs, 1>,
      SameOperandsLowering<TF::TransposeOp, tfl::TransposeOp, NoAttrs, 1>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
