//===- Normalization.cpp - batch norm, LRN, softmax -> hlo ----------------===//
//
// Ops (dialects/tf/TFOpsNN.td), semantics of TF's CPU kernels
// (fused_batch_norm_op.cc, lrn_op.cc, softmax_op_functor.h):
//  - FusedBatchNorm{,V2,V3}: y = (x - mean) * rsqrt(variance + epsilon) *
//    scale + offset along the channel dim (1 for NCHW/NCDHW, else last),
//    computed in the statistics' type (f32 for half inputs) and rounded
//    back, with the given statistics (is_training = false) or the batch's
//    (is_training = true: biased variance to normalize, Bessel-corrected
//    batch_variance output, and exponential_avg_factor mixing with the
//    given running mean/variance). reserve_space_1/2 are the mean and the
//    biased variance; reserve_space_3 (V3) and other results of a shape
//    other than [C] are zeros.
//  - LRN (4-D NHWC float; depth_radius r, bias, alpha, beta): with
//    sqr_sum[n, h, w, d] the sum of input^2 over the channels
//    [d - r, d + r] (clipped), output = input / (bias + alpha *
//    sqr_sum)^beta. Lowered as the squares, an hlo.reduce_window sum over
//    a 2r + 1 channel window padded by r on each side, and input * m^-beta
//    (input / m for beta = 1, input * rsqrt(m) for beta = 0.5, as TF's CPU
//    kernel special-cases them). half/bfloat16 are computed in f32.
//  - Softmax / LogSoftmax over the last dim of logits of rank >= 1, with
//    the max subtracted first.
// Refused: dynamic shapes; FusedBatchNorm with scale/offset (or, when used,
// mean/variance) not [C], an empty batch in training, a used result of
// dynamic shape; LRN on non-4-D or non-float input or depth_radius < 0.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.FusedBatchNorm{,V2,V3} -> y from hlo element-wise ops on the channel
/// statistics (given, or hlo.reduce over the batch in training).
template <typename TFOp> struct FusedBatchNormLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    bool training = op.getIsTraining();
    auto x = staticType(a.getX());
    if (!x || x.getRank() < 2)
      return fail(op, b, "input shape is not static");
    StringRef fmt = op.getDataFormat();
    int64_t c = (fmt == "NCHW" || fmt == "NCDHW") ? 1 : x.getRank() - 1;
    int64_t channels = x.getDimSize(c);
    Location loc = op.getLoc();
    Type elt = x.getElementType();
    // Compute in the statistics' type (f32 for f16 inputs, as TF does).
    Type st = getElementTypeOrSelf(a.getScale());
    auto full = RankedTensorType::get(x.getShape(), st);
    auto vecType = RankedTensorType::get({channels}, st);
    auto bc = [&](Value v) {
      return broadcastInDim(b, loc, v, full.getShape(), {c});
    };
    auto chanOperand = [&](Value v) -> Value {
      auto t = staticType(v);
      if (!t || t.getRank() != 1 || t.getDimSize(0) != channels)
        return {};
      return tohlo::convert(b, loc, v, st);
    };
    Value scale = chanOperand(a.getScale()),
          offset = chanOperand(a.getOffset());
    if (!scale || !offset)
      return fail(op, b, "scale/offset must be 1-D with one entry per channel");
    double eps = op.getEpsilon().convertToDouble();
    Value xs = tohlo::convert(b, loc, a.getX(), st);
    Value mean, var, meanOut, varOut;
    if (training) {
      // Batch statistics over every dim but the channel dim; the variance
      // that normalizes is the biased one, the batch_variance output is
      // Bessel-corrected (n / (n - 1)), as TF's CPU kernel computes them.
      SmallVector<int64_t> dims;
      int64_t n = 1;
      for (int64_t d = 0; d < x.getRank(); ++d)
        if (d != c) {
          dims.push_back(d);
          n *= x.getDimSize(d);
        }
      if (n == 0)
        return fail(op, b, "empty batch");
      Value zero = scalar(b, loc, st, 0);
      mean = DivideOp::create(b, loc,
                              reduce(b, loc, xs, zero, dims, ReduceKind::Add),
                              splat(b, loc, vecType, n));
      Value centered = SubtractOp::create(b, loc, xs, bc(mean));
      Value sq = MultiplyOp::create(b, loc, centered, centered);
      var = DivideOp::create(b, loc,
                             reduce(b, loc, sq, zero, dims, ReduceKind::Add),
                             splat(b, loc, vecType, n));
      double adjust = n > 1 ? static_cast<double>(n) / (n - 1) : 1.0;
      meanOut = mean;
      varOut = MultiplyOp::create(b, loc, var, splat(b, loc, vecType, adjust));
      double f = op.getExponentialAvgFactor().convertToDouble();
      if (f != 1.0) {
        // running = (1 - f) * old + f * batch.
        Value oldMean = chanOperand(a.getMean()),
              oldVar = chanOperand(a.getVariance());
        if (!oldMean || !oldVar)
          return fail(op, b,
                      "exponential_avg_factor != 1 needs per-channel "
                      "mean/variance");
        auto mix = [&](Value old, Value cur) -> Value {
          return AddOp::create(
              b, loc,
              MultiplyOp::create(b, loc, old, splat(b, loc, vecType, 1 - f)),
              MultiplyOp::create(b, loc, cur, splat(b, loc, vecType, f)));
        };
        meanOut = mix(oldMean, meanOut);
        varOut = mix(oldVar, varOut);
      }
    } else {
      mean = chanOperand(a.getMean());
      var = chanOperand(a.getVariance());
      if (!mean || !var)
        return fail(op, b,
                    "mean/variance must be 1-D with one entry per channel");
      meanOut = mean;
      varOut = var;
    }
    Value inv = RsqrtOp::create(
        b, loc, AddOp::create(b, loc, bc(var), splat(b, loc, full, eps)));
    Value y = AddOp::create(
        b, loc,
        MultiplyOp::create(
            b, loc,
            MultiplyOp::create(b, loc, SubtractOp::create(b, loc, xs, bc(mean)),
                               inv),
            bc(scale)),
        bc(offset));
    results.push_back(tohlo::convert(b, loc, y, elt));
    // batch_mean, batch_variance, reserve_space_1/2 (the mean and the
    // biased variance), reserve_space_3 (V3: unused, zeros of its static
    // type).
    Value outs[4] = {meanOut, varOut, mean, var};
    for (unsigned i = 1; i < op->getNumResults(); ++i) {
      auto t = staticResult(op, i);
      if (!t && op->getResult(i).use_empty()) {
        // An unused statistic of unknown shape (e.g. reserve_space_3).
        results.push_back(splat(b, loc, RankedTensorType::get({0}, st), 0));
        continue;
      }
      if (!t)
        return fail(op, b,
                    "result " + std::to_string(i) + " has a dynamic shape");
      if (i <= 4 && t.getRank() == 1 && t.getDimSize(0) == channels) {
        results.push_back(
            tohlo::convert(b, loc, outs[i - 1], t.getElementType()));
        continue;
      }
      results.push_back(splat(b, loc, t, 0));
    }
    return success();
  }
};

/// tf.LRN -> hlo.reduce_window sum of squares over the channel window, then
/// input * (bias + alpha * sum)^-beta.
struct LRNLowering : HLOPattern<TF::LRNOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::LRNOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto out = staticResult(op);
    if (!in || !out || in.getRank() != 4 ||
        !isa<FloatType>(in.getElementType()))
      return fail(op, b, "needs a static 4-D float input");
    int64_t r = static_cast<int64_t>(op.getDepthRadius());
    if (r < 0)
      return fail(op, b,
                  "depth_radius = " + std::to_string(r) + " must be >= 0");
    double bias = op.getBias().convertToDouble(),
           alpha = op.getAlpha().convertToDouble(),
           beta = op.getBeta().convertToDouble();
    Location loc = op.getLoc();
    Type elt = in.getElementType();
    Type ct = elt.getIntOrFloatBitWidth() < 32 ? Type(b.getF32Type()) : elt;
    Value x = tohlo::convert(b, loc, a.getInput(), ct);
    auto t = RankedTensorType::get(in.getShape(), ct);
    Value sq = MultiplyOp::create(b, loc, x, x);
    SmallVector<int64_t> pad = {0, 0, 0, 0, 0, 0, r, r};
    auto padType = RankedTensorType::get({4, 2}, b.getI64Type());
    Value init = scalar(b, loc, ct, 0);
    auto rw = ReduceWindowOp::create(
        b, loc, ValueRange{sq}, ValueRange{init},
        b.getDenseI64ArrayAttr({1, 1, 1, 2 * r + 1}), nullptr, nullptr, nullptr,
        DenseIntElementsAttr::get(padType, pad));
    {
      OpBuilder::InsertionGuard g(b);
      Type s = init.getType();
      Block *body = b.createBlock(&rw.getBody(), {}, {s, s}, {loc, loc});
      ReturnOp::create(
          b, loc,
          ValueRange{combine(b, loc, ReduceKind::Add, body->getArgument(0),
                             body->getArgument(1))});
    }
    Value m = AddOp::create(
        b, loc, splat(b, loc, t, bias),
        MultiplyOp::create(b, loc, splat(b, loc, t, alpha), rw.getResult(0)));
    Value y;
    if (beta == 1.0)
      y = DivideOp::create(b, loc, x, m);
    else if (beta == 0.5)
      y = MultiplyOp::create(b, loc, x, RsqrtOp::create(b, loc, m));
    else
      y = MultiplyOp::create(
          b, loc, x, PowerOp::create(b, loc, m, splat(b, loc, t, -beta)));
    results.push_back(tohlo::convert(b, loc, y, elt));
    return success();
  }
};

/// tf.Softmax / tf.LogSoftmax -> hlo.reduce max and sum over the last dim
/// around hlo.exponential of the shifted logits.
template <typename TFOp, bool IsLog> struct SoftmaxLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getLogits());
    if (!in || in.getRank() == 0)
      return fail(op, b, "needs a static logits tensor of rank >= 1");
    Location loc = op.getLoc();
    Value x = a.getLogits();
    Type elt = in.getElementType();
    int64_t last = in.getRank() - 1;
    SmallVector<int64_t> keep;
    for (int64_t i = 0; i < last; ++i)
      keep.push_back(i);
    Value m = reduce(b, loc, x, minValue(b, loc, elt), {last}, ReduceKind::Max);
    Value shifted = SubtractOp::create(
        b, loc, x, broadcastInDim(b, loc, m, in.getShape(), keep));
    Value e = ExpOp::create(b, loc, shifted);
    Value s =
        reduce(b, loc, e, scalar(b, loc, elt, 0), {last}, ReduceKind::Add);
    Value sb = broadcastInDim(b, loc, s, in.getShape(), keep);
    if (IsLog)
      results.push_back(
          SubtractOp::create(b, loc, shifted, LogOp::create(b, loc, sb)));
    else
      results.push_back(DivideOp::create(b, loc, e, sb));
    return success();
  }
};

} // namespace

void populateNNNormalizationPatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  patterns.add<FusedBatchNormLowering<TF::FusedBatchNormOp>,
               FusedBatchNormLowering<TF::FusedBatchNormV2Op>,
               FusedBatchNormLowering<TF::FusedBatchNormV3Op>, LRNLowering,
               SoftmaxLowering<TF::SoftmaxOp, false>,
               SoftmaxLowering<TF::LogSoftmaxOp, true>>(patterns.getContext(),
                                                        state);
}

} // namespace tfmlir::tohlo
