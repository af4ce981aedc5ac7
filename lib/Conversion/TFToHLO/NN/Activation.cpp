//===- Activation.cpp - tf activations and BiasAdd -> hlo -----------------===//
//
// Ops (dialects/tf/TFOpsNN.td), semantics of TF's CPU kernels
// (relu_op_functor.h, cwise_op_sigmoid.cc, cwise_op_tanh.cc,
// softplus_op.h, softsign_op.h, bias_op.cc), element-wise on a static
// tensor of any shape:
//  - Relu = max(x, 0); Relu6 = min(max(x, 0), 6) (hlo.maximum/minimum
//    propagate NaN, as TF);
//  - Elu = x > 0 ? x : expm1(x); Selu = scale * (x > 0 ? x : alpha *
//    expm1(x)) with TF's constants; LeakyRelu = x > 0 ? x : alpha * x;
//  - Sigmoid = hlo.logistic, Tanh = hlo.tanh;
//  - Softplus = max(x, 0) + log1p(exp(-|x|)) (no overflow for large |x|);
//    Softsign = x / (1 + |x|);
//  - BiasAdd / BiasAddV1: the 1-D bias broadcast along the channel dim
//    (last for NHWC, 1 for NCHW; BiasAddV1 is NHWC) and added.
// Refused: dynamic shapes; BiasAdd with a bias that is not 1-D or a value
// of rank < 2.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// The hlo form of an activation of the static tensor `x` (type `t`).
using ActivationBuild = Value (*)(OpBuilder &b, Location loc, Value x,
                                  RankedTensorType t);

Value relu(OpBuilder &b, Location loc, Value x, RankedTensorType t) {
  return MaximumOp::create(b, loc, x, splat(b, loc, t, 0));
}

Value relu6(OpBuilder &b, Location loc, Value x, RankedTensorType t) {
  // min(max(x, 0), 6), NaN-propagating.
  return MinimumOp::create(b, loc,
                           MaximumOp::create(b, loc, x, splat(b, loc, t, 0)),
                           splat(b, loc, t, 6));
}

Value elu(OpBuilder &b, Location loc, Value x, RankedTensorType t) {
  Value pos = compare(b, loc, x, splat(b, loc, t, 0), Dir::GT);
  return SelectOp::create(b, loc, pos, x, Expm1Op::create(b, loc, x));
}

Value selu(OpBuilder &b, Location loc, Value x, RankedTensorType t) {
  // TF's constants (tensorflow/core/kernels/relu_op_functor.h).
  const double alpha = 1.6732632423543772848170429916717;
  const double scale = 1.0507009873554804934193349852946;
  Value pos = compare(b, loc, x, splat(b, loc, t, 0), Dir::GT);
  Value neg = MultiplyOp::create(b, loc, splat(b, loc, t, alpha),
                                 Expm1Op::create(b, loc, x));
  return MultiplyOp::create(b, loc, splat(b, loc, t, scale),
                            SelectOp::create(b, loc, pos, x, neg));
}

Value softplus(OpBuilder &b, Location loc, Value x, RankedTensorType t) {
  // log(1 + exp(x)) computed stably as max(x, 0) + log1p(exp(-|x|)).
  Value m = MaximumOp::create(b, loc, x, splat(b, loc, t, 0));
  Value e =
      ExpOp::create(b, loc, NegateOp::create(b, loc, AbsOp::create(b, loc, x)));
  return AddOp::create(b, loc, m, Log1pOp::create(b, loc, e));
}

Value softsign(OpBuilder &b, Location loc, Value x, RankedTensorType t) {
  return DivideOp::create(
      b, loc, x,
      AddOp::create(b, loc, splat(b, loc, t, 1), AbsOp::create(b, loc, x)));
}

/// tf.Relu/Relu6/Elu/Selu/Softplus/Softsign -> the hlo form `build` makes.
template <typename TFOp> struct ActivationLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  ActivationLowering(MLIRContext *ctx, ConversionState &state,
                     ActivationBuild build)
      : HLOPattern<TFOp>(ctx, state), build(build) {}
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto t = staticType(a.getFeatures());
    if (!t)
      return fail(op, b, "operand shape is not static");
    results.push_back(build(b, op.getLoc(), a.getFeatures(), t));
    return success();
  }
  ActivationBuild build;
};

/// tf.LeakyRelu -> hlo.select(x > 0, x, x * alpha).
struct LeakyReluLowering : HLOPattern<TF::LeakyReluOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::LeakyReluOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value x = a.getFeatures();
    auto t = staticType(x);
    if (!t)
      return fail(op, b, "operand shape is not static");
    Location loc = op.getLoc();
    double alpha = op.getAlpha().convertToDouble();
    Value pos = compare(b, loc, x, splat(b, loc, t, 0), Dir::GT);
    Value neg = MultiplyOp::create(b, loc, x, splat(b, loc, t, alpha));
    results.push_back(SelectOp::create(b, loc, pos, x, neg));
    return success();
  }
};

/// tf.Sigmoid -> hlo.logistic, tf.Tanh -> hlo.tanh.
template <typename TFOp, typename HLOOp>
struct UnaryLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    if (!staticType(a.getX()))
      return fail(op, b, "operand shape is not static");
    results.push_back(HLOOp::create(b, op.getLoc(), a.getX()));
    return success();
  }
};

/// tf.BiasAdd/BiasAddV1 -> hlo.add of the bias broadcast along the
/// channel dim.
template <typename TFOp> struct BiasAddLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    auto x = staticType(a.getValue());
    auto bias = staticType(a.getBias());
    if (!out || !x || !bias || bias.getRank() != 1 || x.getRank() < 2)
      return fail(op, b, "needs static shapes and a 1-D bias");
    // BiasAddV1 declares no data_format (NHWC), but one given is honoured.
    int64_t c =
        strAttr(op, "data_format", "NHWC") == "NCHW" ? 1 : x.getRank() - 1;
    Location loc = op.getLoc();
    Value bb = broadcastInDim(b, loc, a.getBias(), x.getShape(), {c});
    results.push_back(AddOp::create(b, loc, a.getValue(), bb));
    return success();
  }
};

} // namespace

void populateNNActivationPatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ActivationLowering<TF::ReluOp>>(ctx, state, relu);
  patterns.add<ActivationLowering<TF::Relu6Op>>(ctx, state, relu6);
  patterns.add<ActivationLowering<TF::EluOp>>(ctx, state, elu);
  patterns.add<ActivationLowering<TF::SeluOp>>(ctx, state, selu);
  patterns.add<ActivationLowering<TF::SoftplusOp>>(ctx, state, softplus);
  patterns.add<ActivationLowering<TF::SoftsignOp>>(ctx, state, softsign);
  patterns
      .add<LeakyReluLowering, UnaryLowering<TF::SigmoidOp, LogisticOp>,
           UnaryLowering<TF::TanhOp, TanhOp>, BiasAddLowering<TF::BiasAddOp>,
           BiasAddLowering<TF::BiasAddV1Op>>(ctx, state);
}

} // namespace tfmlir::tohlo
