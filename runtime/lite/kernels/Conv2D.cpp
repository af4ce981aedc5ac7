//===- Conv2D.cpp - CONV_2D
//------------------------------------------------===//
//
// TFLite's conv.cc: input [N, H, W, Cin] NHWC, filter [Cout, KH, KW,
// Cin/groups], bias [Cout], output [N, OH, OW, Cout], SAME / VALID padding
// as TF, strides, dilations, groups, fused activation. Eval switches on the
// tensor types: float (optimized::conv2d: packed panels, indirection
// buffer, 1x1 as GEMM; reference::conv2d for groups, TANH / SIGN_BIT and
// ReferenceOpResolver), hybrid (Hybrid.cpp) or quantized
// (below; loops in reference/QuantConv.cpp, fast paths in
// optimized/QuantConv.cpp).
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

//===----------------------------------------------------------------------===//
// Quantized: int8 / uint8 activations (per-channel int8 or per-tensor
// uint8 weights, int32 bias) and int16x8 (int16 activations with zero
// point 0, int8 weights, int64 / int32 bias), as TFLite's conv.cc
// EvalQuantizedPerChannel / EvalQuantized / EvalQuantizedPerChannel16x8.
//===----------------------------------------------------------------------===//

/// The integer Prepare: TFLite's shape rules, per-channel multipliers,
/// activation range and bias into the node's QConvState.
absl::Status quantizedPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *f = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4 || f->rank() != 4)
    return invalid("input ", shapeToString(in->shape), " and filter ",
                   shapeToString(f->shape), " must be rank 4");
  if (f->sparsity)
    return unimplemented("sparse quantized filter");
  if (o.strideW < 1 || o.strideH < 1 || o.dilationW < 1 || o.dilationH < 1)
    return invalid("strides and dilations must be >= 1");
  const int cin = in->shape[3], cout = f->shape[0], fc = f->shape[3];
  // cin / fc is the group count: at least 1 (a filter deeper than the
  // input is refused here, not divided by).
  if (fc == 0 || cin < fc || cin % fc != 0 || cout % (cin / fc) != 0)
    return invalid("filter ", shapeToString(f->shape),
                   " does not match input channels ", cin);
  return prepareWindowedConv(ctx, /*chanDim=*/0, cout);
}

/// The integer Eval: int8 through the VNNI GEMM (optimized::conv2dQuads),
/// other 8-bit convs without groups through the k-pair kernel
/// (optimized::conv2dPairs), else (groups, int16, ReferenceOpResolver) the
/// plain loop reference::conv2dInt. All three write the same bytes.
absl::Status quantizedEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  QConvState &st = qstate(ctx);
  const OpOptions &o = ctx.options();
  const int H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2], FC = f.shape[3];
  const int64_t K = static_cast<int64_t>(KH) * KW * FC;
  const int groups = C / FC;
  int ph, pw, dummy;
  computePadding(o.padding, H, KH, o.strideH, o.dilationH, dummy, ph);
  computePadding(o.padding, W, KW, o.strideW, o.dilationW, dummy, pw);
  refreshBias(ctx, 2, st);
  if (const optimized::QuantMicrokernels *uk =
          optimized::quadKernels(ctx, in, f, out);
      uk && groups == 1) {
    try {
      return optimized::conv2dQuads(ctx, *uk, st, in, f, out, ph, pw);
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          "CONV_2D: cannot allocate the int8 GEMM buffers");
    }
  }
  packRows(f, CO, K, st.w, st.wValid);
  toOffsetInt16(in, st.in.zp, st.x16);
  if (groups == 1 && in.type != TensorType::kInt16 && !ctx.reference())
    return optimized::conv2dPairs(ctx, st, in, f, out, ph, pw);
  reference::conv2dInt(ctx, st, in, f, out, ph, pw);
  return absl::OkStatus();
}

/// CONV_2D as TFLite's conv.cc: float (optimized or reference), hybrid
/// (float input, int8 weights) or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantizedPrepare(ctx);
  case KernelType::kHybrid:
    return hybridConvPrepare(ctx);
  case KernelType::kFloat:
    break;
  }
  return convPrepare(ctx);
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
  return convEval(ctx);
}

} // namespace

/// Input types: float32 (and hybrid int8 weights), quantized int8 / uint8 /
/// int16 (16x8) (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerConv2D(MutableOpResolver &r) {
  r.addBuiltin(kOp_CONV_2D, {prepare, eval, kTypes}, 1, 8);
}

} // namespace tfmlir::lite::kernels
