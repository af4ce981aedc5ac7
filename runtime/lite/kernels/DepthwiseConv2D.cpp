//===- DepthwiseConv2D.cpp - DEPTHWISE_CONV_2D ---------------------------===//
//
// TFLite's depthwise_conv.cc: input [N, H, W, C], filter [1, KH, KW, C * M],
// output [N, OH, OW, C * M] (output channel c * M + m reads input channel
// c), padding as TF. Eval switches on the tensor types: float
// (optimized::depthwiseConv2d for M = 1, with the direct 3x3 kernel;
// reference::depthwiseConv2d otherwise), hybrid or quantized.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/Quantized.h"
#include "runtime/lite/kernels/reference/Conv.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

absl::Status dwPrepare(OpContext &ctx) { return convPrepareCommon(ctx, true); }

absl::Status dwEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  const OpOptions &o = ctx.options();
  float lo, hi;
  if (!ctx.reference() && f.shape[3] == in.shape[3] &&
      clampOf(o.activation, lo, hi)) {
    const Window win = Window::make(
        o.padding, in.shape[0], in.shape[1], in.shape[2], in.shape[3],
        f.shape[1], f.shape[2], o.strideH, o.strideW, o.dilationH, o.dilationW);
    TFMLIR_RETURN_IF_ERROR(packDepthwise(ctx, in.shape[3], win.taps()));
    WeightState &st = weightState(ctx);
    return optimized::depthwiseConv2d(
        *ctx.threadPool(), optimized::floatMicrokernels(), win, in.as<float>(),
        st.dw, lo, hi, ctx.output(0)->as<float>(), st.scratch);
  }
  auto fp = weightsOf(ctx, 1);
  if (!fp.ok())
    return fp.status();
  const float *F = *fp, *X = in.as<float>();
  const float *B = bias ? bias->as<float>() : nullptr;
  float *Y = ctx.output(0)->as<float>();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int KH = f.shape[1], KW = f.shape[2], CO = f.shape[3];
  reference::depthwiseConv2d(*ctx.threadPool(),
                             Window::make(o.padding, N, H, W, C, KH, KW,
                                          o.strideH, o.strideW, o.dilationH,
                                          o.dilationW),
                             X, F, CO, B, o.activation, Y);
  return absl::OkStatus();
}

/// DEPTHWISE_CONV_2D as TFLite's depthwise_conv.cc: float (optimized or
/// reference), hybrid or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::depthwiseConv2dPrepare(ctx);
  case KernelType::kHybrid:
    return hybridPrepare(ctx);
  case KernelType::kFloat:
    break;
  }
  return dwPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::depthwiseConv2dEval(ctx);
  case KernelType::kHybrid:
    return hybridEval(ctx);
  case KernelType::kFloat:
    break;
  }
  return dwEval(ctx);
}

} // namespace

/// Input types: float32 (and hybrid int8 weights) here, quantized int8 /
/// uint8 / int16 (16x8) through Quantized.cpp's kernels (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerDepthwiseConv2D(MutableOpResolver &r) {
  r.addBuiltin(kOp_DEPTHWISE_CONV_2D, {prepare, eval, kTypes}, 1, 7);
}

} // namespace tfmlir::lite::kernels
