//===- Pooling.cpp - AVERAGE_POOL_2D, MAX_POOL_2D, L2_POOL_2D -------------===//
//
// TFLite's pooling.cc: NHWC, filter and stride sizes, padding as TF (taps
// in the padding are left out; the average divides by the taps inside),
// fused activation. Float MAX_POOL_2D through optimized::maxPool2d, the
// others through reference::pool2d; quantized AVERAGE / MAX pools.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/Quantized.h"
#include "runtime/lite/kernels/reference/Conv.h"

#include <limits>

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

/// The pools as TFLite's pooling.cc: float, or quantized AVERAGE_POOL_2D /
/// MAX_POOL_2D (L2_POOL_2D is float only, as in TFLite).
bool quantizedPool(OpContext &ctx) {
  return ctx.op().builtinCode != kOp_L2_POOL_2D &&
         kernelTypeOf(ctx, 0) == KernelType::kQuantized;
}
absl::Status prepare(OpContext &ctx) {
  if (quantizedPool(ctx))
    return quantized::poolPrepare(ctx);
  return poolPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  if (quantizedPool(ctx))
    return quantized::poolEval(ctx);
  return poolEval(ctx);
}

} // namespace

/// Input types: float32 here, quantized int8 / uint8 / int16 through
/// Quantized.cpp's pool kernels (L2_POOL_2D: float32 only).
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
