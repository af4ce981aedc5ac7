//===- Elementwise.cpp - AddN, Atan2, BitwiseXor -> tfl -------------------===//
//
// The element-wise ops of TFOpsMath.td that are not one-to-one DRR maps
// (LegalizePatterns.td holds those):
//  - AddN / AccumulateNV2 (TF kernels AddNOp; same-shape inputs) -> a chain
//    of ADD, left to right;
//  - Atan2 (TF kernel Atan2) -> ATAN2, whose kernel takes same-shape
//    float32 operands: a broadcasting Atan2 is refused with the reason;
//  - BitwiseXor (TF kernel BitwiseXorOp) -> BITWISE_XOR (integer operands,
//    NumPy broadcasting).
// The driver refuses dtypes TFLite has no kernel for.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.AddN / tf.AccumulateNV2 -> tfl.add chain.
template <typename TFOp> struct AddNLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    ValueRange in = a.getInputs();
    Value acc = in[0];
    for (Value v : in.drop_front())
      acc = tfl::AddOp::create(b, op.getLoc(), op.getResult().getType(), acc, v,
                               "NONE", /*pot_scale_int16=*/true);
    results.push_back(acc);
    return success();
  }
};

/// tf.Atan2 -> tfl.atan2 (same static shapes only).
struct Atan2Lowering : TFLPattern<TF::Atan2Op> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::Atan2Op op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto y = dyn_cast<RankedTensorType>(a.getY().getType());
    auto x = dyn_cast<RankedTensorType>(a.getX().getType());
    if (!y || !x || !y.hasStaticShape() || y.getShape() != x.getShape())
      return fail(op, b,
                  "ATAN2's kernel needs two operands of one static shape (no "
                  "broadcasting)");
    results.push_back(tfl::Atan2Op::create(b, op.getLoc(), op->getResultTypes(),
                                           a.getOperands())
                          ->getResult(0));
    return success();
  }
};

/// tf.BitwiseXor -> tfl.bitwise_xor.
struct BitwiseXorLowering : TFLPattern<TF::BitwiseXorOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::BitwiseXorOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    results.push_back(tfl::BitwiseXorOp::create(
                          b, op.getLoc(), op->getResultTypes(), a.getOperands())
                          ->getResult(0));
    return success();
  }
};

} // namespace

void populateMathElementwisePatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  patterns.add<AddNLowering<TF::AddNOp>, AddNLowering<TF::AccumulateNV2Op>,
               Atan2Lowering, BitwiseXorLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::conv
