//===- Activation.cpp - LeakyRelu, Softmax, LogSoftmax -> tfl -------------===//
//
// The activations of TFOpsNN.td that are not one-to-one DRR maps (Relu,
// Relu6, Sigmoid, Tanh, Elu are: LegalizePatterns.td):
//  - LeakyRelu (TF kernel LeakyReluOp) -> LEAKY_RELU with TF's alpha
//    (default 0.2);
//  - Softmax / LogSoftmax (TF kernels SoftmaxOp, over the last dim) ->
//    SOFTMAX with beta 1 / LOG_SOFTMAX.
// Any dtype; the driver refuses those TFLite has no kernel for.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.LeakyRelu -> tfl.leaky_relu.
struct LeakyReluLowering : TFLPattern<TF::LeakyReluOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::LeakyReluOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    results.push_back(tfl::LeakyReluOp::create(
        b, op.getLoc(), op.getResult().getType(), a.getFeatures(),
        b.getF32FloatAttr(static_cast<float>(floatAttr(op, "alpha", 0.2)))));
    return success();
  }
};

/// tf.Softmax -> tfl.softmax (beta 1).
struct SoftmaxLowering : TFLPattern<TF::SoftmaxOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::SoftmaxOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    results.push_back(
        tfl::SoftmaxOp::create(b, op.getLoc(), op.getResult().getType(),
                               a.getLogits(), b.getF32FloatAttr(1.0f)));
    return success();
  }
};

/// tf.LogSoftmax -> tfl.log_softmax.
struct LogSoftmaxLowering : TFLPattern<TF::LogSoftmaxOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::LogSoftmaxOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    results.push_back(tfl::LogSoftmaxOp::create(
        b, op.getLoc(), op.getResult().getType(), a.getLogits()));
    return success();
  }
};

} // namespace

void populateNNActivationPatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns.add<LeakyReluLowering, SoftmaxLowering, LogSoftmaxLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
