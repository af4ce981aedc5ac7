//===- Conv2D.cpp - CONV_2D
//------------------------------------------------===//
//
// TFLite's conv.cc: input [N, H, W, Cin] NHWC, filter [Cout, KH, KW,
// Cin/groups], bias [Cout], output [N, OH, OW, Cout], SAME / VALID padding
// as TF, strides, dilations, groups, fused activation. Eval switches on the
// tensor types: float (optimized::conv2d: packed panels, indirection
// buffer, 1x1 as GEMM; reference::conv2d for groups, TANH / SIGN_BIT and
// ReferenceOpResolver), hybrid (Hybrid.cpp) or quantized (Quantized.cpp).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/Quantized.h"
#include "runtime/lite/kernels/reference/Conv.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

absl::Status convPrepare(OpContext &ctx) {
  return convPrepareCommon(ctx, false);
}

absl::Status convEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int KH = f.shape[1], KW = f.shape[2], FC = f.shape[3], CO = f.shape[0];
  float lo, hi;
  if (!ctx.reference() && FC == C && clampOf(o.activation, lo, hi)) {
    const Window win = Window::make(o.padding, N, H, W, C, KH, KW, o.strideH,
                                    o.strideW, o.dilationH, o.dilationW);
    TFMLIR_RETURN_IF_ERROR(packGemm(ctx, 1, 2, CO, KH * KW, C));
    WeightState &st = weightState(ctx);
    return optimized::conv2d(*ctx.threadPool(), optimized::floatMicrokernels(),
                             win, in.as<float>(), st.gemm, lo, hi,
                             ctx.output(0)->as<float>(), st.scratch);
  }
  // Filter [CO, KH*KW*FC] repacked to [KH, KW, FC, CO].
  auto fp = packedTransposed(ctx, 1, CO, static_cast<int64_t>(KH) * KW * FC);
  if (!fp.ok())
    return fp.status();
  const float *F = *fp, *X = in.as<float>();
  const float *B = bias ? bias->as<float>() : nullptr;
  reference::conv2d(*ctx.threadPool(),
                    Window::make(o.padding, N, H, W, C, KH, KW, o.strideH,
                                 o.strideW, o.dilationH, o.dilationW),
                    X, F, FC, CO, B, o.activation, ctx.output(0)->as<float>());
  return absl::OkStatus();
}

/// CONV_2D as TFLite's conv.cc: float (optimized or reference), hybrid
/// (float input, int8 weights) or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::conv2dPrepare(ctx);
  case KernelType::kHybrid:
    return hybridPrepare(ctx);
  case KernelType::kFloat:
    break;
  }
  return convPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::conv2dEval(ctx);
  case KernelType::kHybrid:
    return hybridEval(ctx);
  case KernelType::kFloat:
    break;
  }
  return convEval(ctx);
}

} // namespace

/// Input types: float32 (and hybrid int8 weights) here, quantized int8 /
/// uint8 / int16 (16x8) through Quantized.cpp's kernels (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerConv2D(MutableOpResolver &r) {
  r.addBuiltin(kOp_CONV_2D, {prepare, eval, kTypes}, 1, 8);
}

} // namespace tfmlir::lite::kernels
