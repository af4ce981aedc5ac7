//===- Pooling.cpp - AVERAGE_POOL_2D, MAX_POOL_2D, L2_POOL_2D -------------===//
//
// TFLite's pooling.cc: NHWC, filter and stride sizes, padding as TF (taps
// in the padding are left out; the average divides by the taps inside),
// fused activation. Float MAX_POOL_2D through optimized::maxPool2d, the
// others through reference::pool2d; quantized AVERAGE / MAX pools.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"
#include "runtime/lite/kernels/optimized/QuantConv.h"
#include "runtime/lite/kernels/reference/Conv.h"
#include "runtime/lite/kernels/reference/QuantConv.h"

#include <limits>
#include <new>

namespace tfmlir::lite::kernels {
namespace {

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

absl::Status poolPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4)
    return invalid("input must be rank 4, got ", shapeToString(in->shape));
  if (o.strideW < 1 || o.strideH < 1 || o.filterW < 1 || o.filterH < 1)
    return invalid("pool strides and filter sizes must be >= 1");
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], o.filterH, o.strideH, 1, oh, ph);
  computePadding(o.padding, in->shape[2], o.filterW, o.strideW, 1, ow, pw);
  return ctx.resizeOutput(0, {in->shape[0], oh, ow, in->shape[3]});
}

absl::Status poolEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int32_t code = ctx.op().builtinCode;
  const float *X = in.as<float>();
  float *Y = out.as<float>();
  float lo, hi;
  if (!ctx.reference() && code == kOp_MAX_POOL_2D &&
      clampOf(o.activation, lo, hi)) {
    const Window win = Window::make(o.padding, N, H, W, C, o.filterH, o.filterW,
                                    o.strideH, o.strideW);
    return optimized::maxPool2d(*ctx.threadPool(),
                                optimized::floatMicrokernels(), win, X, lo, hi,
                                Y, weightState(ctx).scratch);
  }
  reference::pool2d(code,
                    Window::make(o.padding, N, H, W, C, o.filterH, o.filterW,
                                 o.strideH, o.strideW),
                    X, o.activation, Y);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Quantized AVERAGE_POOL_2D / MAX_POOL_2D (int8 / uint8 / int16, input and
// output sharing their quantization), as TFLite's pooling.cc
// AverageEvalQuantized / MaxEvalQuantized.
//===----------------------------------------------------------------------===//

/// The integer Prepare: shape rules, the same quantization on input and
/// output, and the fused activation's clamp (QPoolState).
absl::Status quantizedPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4)
    return invalid("input must be rank 4, got ", shapeToString(in->shape));
  if (o.strideW < 1 || o.strideH < 1 || o.filterW < 1 || o.filterH < 1)
    return invalid("pool strides and filter sizes must be >= 1");
  TQ qi, qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", qi));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", qo));
  if (qi.scale != qo.scale || qi.zp != qo.zp)
    return unimplemented("quantized pooling with different input and output "
                         "quantization");
  auto st = std::make_unique<QPoolState>();
  TFMLIR_RETURN_IF_ERROR(
      activationRangeQ(o.activation, out->type, qo, st->lo, st->hi));
  ctx.state() = std::move(st);
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], o.filterH, o.strideH, 1, oh, ph);
  computePadding(o.padding, in->shape[2], o.filterW, o.strideW, 1, ow, pw);
  return ctx.resizeOutput(0, {in->shape[0], oh, ow, in->shape[3]});
}

/// The integer Eval: int8 MAX_POOL_2D through the VNNI kernel
/// (optimized::maxPoolInt8), other 8-bit pools through optimized::pool8,
/// int16 and ReferenceOpResolver through reference::poolInt.
absl::Status quantizedEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  auto &st = *static_cast<QPoolState *>(ctx.state().get());
  const OpOptions &o = ctx.options();
  const bool isMax = ctx.op().builtinCode == kOp_MAX_POOL_2D;
  const int H = in.shape[1], W = in.shape[2];
  int ph, pw, dummy;
  computePadding(o.padding, H, o.filterH, o.strideH, 1, dummy, ph);
  computePadding(o.padding, W, o.filterW, o.strideW, 1, dummy, pw);
  if (const optimized::QuantMicrokernels *uk = optimized::quantMicrokernels();
      uk && uk->maxPoolInt8 && isMax && !ctx.reference() &&
      in.type == TensorType::kInt8) {
    try {
      return optimized::maxPoolInt8(ctx, *uk, st, in, out);
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          "MAX_POOL_2D: cannot allocate the pad row");
    }
  }
  if (!ctx.reference() &&
      (in.type == TensorType::kInt8 || in.type == TensorType::kUInt8))
    return optimized::pool8(ctx, st.lo, st.hi, isMax, in, out, ph, pw);
  return reference::poolInt(ctx, st.lo, st.hi, isMax, in, out, ph, pw);
}

/// The pools as TFLite's pooling.cc: float, or quantized AVERAGE_POOL_2D /
/// MAX_POOL_2D (L2_POOL_2D is float only, as in TFLite).
bool quantizedPool(OpContext &ctx) {
  return ctx.op().builtinCode != kOp_L2_POOL_2D &&
         kernelTypeOf(ctx, 0) == KernelType::kQuantized;
}
absl::Status prepare(OpContext &ctx) {
  if (quantizedPool(ctx))
    return quantizedPrepare(ctx);
  return poolPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  if (quantizedPool(ctx))
    return quantizedEval(ctx);
  return poolEval(ctx);
}

} // namespace

/// Input types: float32, quantized int8 / uint8 / int16 (L2_POOL_2D: float32
/// only).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerPooling(MutableOpResolver &r) {
  for (int32_t c : {kOp_AVERAGE_POOL_2D, kOp_MAX_POOL_2D, kOp_L2_POOL_2D})
    r.addBuiltin(c,
                 {prepare, eval,
                  c == kOp_L2_POOL_2D ? typeSet(TensorType::kFloat32) : kTypes},
                 1, 3);
}

} // namespace tfmlir::lite::kernels
