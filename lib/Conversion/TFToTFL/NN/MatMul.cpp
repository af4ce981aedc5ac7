//===- MatMul.cpp - tf.MatMul / tf.BatchMatMul* -> tfl --------------------===//
//
// MatMul and BatchMatMul(V2, V3) of TFOpsNN.td (TF kernels MatMulOp,
// BatchMatMulOp):
//  - MatMul(a [M, K], b [K, N]) -> FULLY_CONNECTED(a, weights [N, K]) (b
//    transposed unless transpose_b; a transposed when transpose_a; no
//    bias); ranked 2-D operands only, others are refused with the reason.
//  - BatchMatMul* -> BATCH_MATMUL with adj_x / adj_y (NumPy broadcasting of
//    the batch dims, as TF's V2/V3).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/NN/Layout.h"
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

using namespace nn;

/// tf.MatMul -> tfl.fully_connected (weights [N, K]).
struct MatMulLowering : TFLPattern<TF::MatMulOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::MatMulOp op, OpAdaptor adaptor,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    Value a = adaptor.getA(), w = adaptor.getB();
    if (rankOf(a) != 2 || rankOf(w) != 2)
      return fail(op, b, "MatMul operands must be ranked 2-D tensors");
    if (boolAttr(op, "transpose_a"))
      a = transpose(b, loc, a, {1, 0});
    if (!boolAttr(op, "transpose_b"))
      w = transpose(b, loc, w, {1, 0});
    auto fc = tfl::FullyConnectedOp::create(
        b, loc, TypeRange{op.getResult().getType()}, a, w, noValue(b, loc),
        "NONE", "DEFAULT", /*keep_num_dims=*/false,
        /*asymmetric_quantize_inputs=*/false, "FLOAT32");
    results.push_back(fc->getResult(0));
    return success();
  }
};

/// tf.BatchMatMul(V2, V3) -> tfl.batch_matmul.
template <typename TFOp> struct BatchMatMulLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    bool adjX = boolAttr(op, "adj_x"), adjY = boolAttr(op, "adj_y");
    results.push_back(
        tfl::BatchMatMulOp::create(b, op.getLoc(), op.getResult().getType(),
                                   a.getX(), a.getY(), adjX, adjY,
                                   /*asymmetric_quantize_inputs=*/false));
    return success();
  }
};

} // namespace

void populateNNMatMulPatterns(RewritePatternSet &patterns,
                              ConversionState &state) {
  patterns.add<MatMulLowering, BatchMatMulLowering<TF::BatchMatMulOp>,
               BatchMatMulLowering<TF::BatchMatMulV2Op>,
               BatchMatMulLowering<TF::BatchMatMulV3Op>>(patterns.getContext(),
                                                         state);
}

} // namespace tfmlir::conv
