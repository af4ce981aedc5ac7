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
#include "runtime/lite/kernels/Hybrid.h"
#include "runtime/lite/kernels/QuantCommon.h"
#include "runtime/lite/kernels/optimized/QuantConv.h"
#include "runtime/lite/kernels/reference/Conv.h"
#include "runtime/lite/kernels/reference/QuantConv.h"

#include <limits>
#include <new>

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

//===----------------------------------------------------------------------===//
// Quantized (int8 / uint8, int16x8), as TFLite's depthwise_conv.cc
// EvalQuantizedPerChannel / EvalQuantized / EvalQuantizedPerChannel16x8.
//===----------------------------------------------------------------------===//

/// The integer Prepare: shape rules, per-channel multipliers (filter dim
/// 3), activation range and bias into the node's QConvState.
absl::Status quantizedPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *f = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4 || f->rank() != 4)
    return invalid("input and filter must be rank 4");
  if (f->sparsity)
    return unimplemented("sparse quantized filter");
  if (o.strideW < 1 || o.strideH < 1 || o.dilationW < 1 || o.dilationH < 1)
    return invalid("strides and dilations must be >= 1");
  const int cin = in->shape[3], cout = f->shape[3];
  if (f->shape[0] != 1 || cin == 0 || cout % cin != 0)
    return invalid("depthwise filter ", shapeToString(f->shape),
                   " does not match input channels ", cin);
  return prepareWindowedConv(ctx, /*chanDim=*/3, cout);
}

/// The integer Eval: int8 through the VNNI depthwise kernel
/// (optimized::depthwiseConv2dInt8), other 8-bit inputs through the tap-pair
/// kernel (optimized::depthwiseConv2dPairs), int16 and ReferenceOpResolver
/// through reference::depthwiseConv2dInt. All write the same bytes.
absl::Status quantizedEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  QConvState &st = qstate(ctx);
  const OpOptions &o = ctx.options();
  const int H = in.shape[1], W = in.shape[2];
  const int KH = f.shape[1], KW = f.shape[2], CO = f.shape[3];
  if (const optimized::QuantMicrokernels *uk =
          optimized::quadKernels(ctx, in, f, out);
      uk && uk->depthwiseInt8) {
    refreshBias(ctx, 2, st);
    try {
      return optimized::depthwiseConv2dInt8(ctx, *uk, st, in, f, out);
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          "DEPTHWISE_CONV_2D: cannot allocate the int8 buffers");
    }
  }
  // Filter [1, KH, KW, CO] minus per-channel zero points (channel = last).
  if (!(st.wValid && f.storage == Storage::kConstant)) {
    const int64_t n = static_cast<int64_t>(KH) * KW * CO;
    st.w.resize(n);
    for (int64_t i = 0; i < n; ++i)
      st.w[i] = static_cast<int16_t>(loadQ(f, i) - filterZp(f, i % CO));
    st.wValid = true;
  }
  refreshBias(ctx, 2, st);
  toOffsetInt16(in, st.in.zp, st.x16);
  int ph, pw, dummy;
  computePadding(o.padding, H, KH, o.strideH, o.dilationH, dummy, ph);
  computePadding(o.padding, W, KW, o.strideW, o.dilationW, dummy, pw);
  if (in.type != TensorType::kInt16 && !ctx.reference())
    return optimized::depthwiseConv2dPairs(ctx, st, in, f, out, ph, pw);
  reference::depthwiseConv2dInt(ctx, st, in, f, out, ph, pw);
  return absl::OkStatus();
}

/// DEPTHWISE_CONV_2D as TFLite's depthwise_conv.cc: float (optimized or
/// reference), hybrid or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantizedPrepare(ctx);
  case KernelType::kHybrid:
    return hybridConvPrepare(ctx);
  case KernelType::kFloat:
    break;
  }
  return dwPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantizedEval(ctx);
  case KernelType::kHybrid:
    return hybridConvEval(ctx);
  case KernelType::kFloat:
    break;
  }
  return dwEval(ctx);
}

} // namespace

/// Input types: float32 (and hybrid int8 weights), quantized int8 / uint8 /
/// int16 (16x8) (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerDepthwiseConv2D(MutableOpResolver &r) {
  r.addBuiltin(kOp_DEPTHWISE_CONV_2D, {prepare, eval, kTypes}, 1, 7);
}

} // namespace tfmlir::lite::kernels
