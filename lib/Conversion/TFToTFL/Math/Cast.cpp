//===- Cast.cpp - tf.Cast / tf.Bitcast -> tfl.cast / tfl.bitcast ----------===//
//
// Cast and Bitcast of TFOpsMath.td:
//  - Cast (TF kernel CastOp) -> CAST between the element types TFLite has a
//    TensorType for (a cast to the same type is the operand itself);
//    others are refused with the reason;
//  - Bitcast (TF kernel BitcastOp) -> BITCAST (the result type carries TF's
//    `type` attr).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.Cast -> tfl.cast (or the operand when the types are equal).
struct CastLowering : TFLPattern<TF::CastOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::CastOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Type in = cast<ShapedType>(a.getX().getType()).getElementType();
    Type out = cast<ShapedType>(op.getResult().getType()).getElementType();
    std::string i = tensorTypeName(in), o = tensorTypeName(out);
    if (i.empty() || o.empty())
      return fail(op, b, "cast between types TFLite has no TensorType for");
    if (in == out) {
      results.push_back(a.getX());
      return success();
    }
    results.push_back(tfl::CastOp::create(
        b, op.getLoc(), op.getResult().getType(), a.getX(), i, o));
    return success();
  }
};

/// tf.Bitcast -> tfl.bitcast.
struct BitcastLowering : TFLPattern<TF::BitcastOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::BitcastOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    results.push_back(tfl::BitcastOp::create(
                          b, op.getLoc(), op->getResultTypes(), a.getOperands())
                          ->getResult(0));
    return success();
  }
};

} // namespace

void populateMathCastPatterns(RewritePatternSet &patterns,
                              ConversionState &state) {
  patterns.add<CastLowering, BitcastLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::conv
