//===- FullyConnected.cpp - FULLY_CONNECTED ------------------------------===//
//
// TFLite's fully_connected.cc: input flattened to rows of K, weights [N, K]
// (dense or sparse), bias [N], output [rows, N] (keep_num_dims keeps the
// input's leading dims), fused activation. Eval switches on the tensor
// types: float (optimized::gemmRows over packed panels; reference loops for
// TANH / SIGN_BIT and ReferenceOpResolver), hybrid or quantized.
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

//===----------------------------------------------------------------------===//
// FULLY_CONNECTED
//===----------------------------------------------------------------------===//

absl::Status fcPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *w = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(w, "weights"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(
      fullyConnectedShape(*in, *w, ctx.options().keepNumDims, shape));
  int32_t n = w->shape[0], k = w->shape[1];
  TFMLIR_RETURN_IF_ERROR(checkBias(ctx.input(2), n));
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(0, shape));
  if (packAtPrepare(ctx, 1, 2))
    TFMLIR_RETURN_IF_ERROR(packGemm(ctx, 1, 2, n, 1, k));
  return absl::OkStatus();
}

absl::Status fcEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &w = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  const int64_t n = w.shape[0], k = w.shape[1];
  float lo, hi;
  if (!ctx.reference() && clampOf(ctx.options().activation, lo, hi)) {
    TFMLIR_RETURN_IF_ERROR(
        packGemm(ctx, 1, 2, static_cast<int>(n), 1, static_cast<int>(k)));
    optimized::gemmRows(*ctx.threadPool(), optimized::floatMicrokernels(),
                        in.numElements() / k, in.as<float>(),
                        weightState(ctx).gemm, lo, hi,
                        ctx.output(0)->as<float>());
    return absl::OkStatus();
  }
  auto wp = packedTransposed(ctx, 1, n, k); // [K, N]
  if (!wp.ok())
    return wp.status();
  const float *Wt = *wp, *X = in.as<float>();
  const float *B = bias ? bias->as<float>() : nullptr;
  float *Y = ctx.output(0)->as<float>();
  const int64_t rows = in.numElements() / k;
  reference::fullyConnected(*ctx.threadPool(), rows, n, k, X, Wt, B,
                            ctx.options().activation, Y);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Quantized (int8 / uint8, int16x8), as TFLite's fully_connected.cc
// EvalQuantized / EvalQuantizedPerChannel (per-channel int8 weights too).
//===----------------------------------------------------------------------===//

/// The integer Prepare: output shape (keep_num_dims), per-channel
/// multipliers, activation range and bias into the node's QConvState.
absl::Status quantizedPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *w = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  if (w->sparsity)
    return unimplemented("sparse quantized weights");
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(
      fullyConnectedShape(*in, *w, ctx.options().keepNumDims, shape));
  const int32_t n = w->shape[0];
  QConvState &st = qstate(ctx);
  TFMLIR_RETURN_IF_ERROR(convMultipliers(*in, *w, *out, 0, n, st));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*in, st.in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*out, st.out, "output"));
  TFMLIR_RETURN_IF_ERROR(activationRangeQ(ctx.options().activation, out->type,
                                          st.out, st.lo, st.hi));
  TFMLIR_RETURN_IF_ERROR(readBias(ctx, 2, n, st));
  st.wValid = st.quadsValid = false;
  return ctx.resizeOutput(0, shape);
}

/// The integer Eval: int8 through the VNNI GEMM
/// (optimized::fullyConnectedQuads), else reference::fullyConnectedInt
/// (the compiler vectorizes its int16 dot products).
absl::Status quantizedEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &w = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  QConvState &st = qstate(ctx);
  const int64_t n = w.shape[0], k = w.shape[1];
  refreshBias(ctx, 2, st);
  if (const optimized::QuantMicrokernels *uk =
          optimized::quadKernels(ctx, in, w, out)) {
    try {
      optimized::fullyConnectedQuads(ctx, *uk, st, in, w, out);
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          "FULLY_CONNECTED: cannot allocate the int8 GEMM buffers");
    }
    return absl::OkStatus();
  }
  packRows(w, n, k, st.w, st.wValid);
  toOffsetInt16(in, st.in.zp, st.x16);
  reference::fullyConnectedInt(ctx, st, in, w, out);
  return absl::OkStatus();
}

/// FULLY_CONNECTED as TFLite's fully_connected.cc: float (optimized or
/// reference), hybrid or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantizedPrepare(ctx);
  case KernelType::kHybrid:
    return hybridFullyConnectedPrepare(ctx);
  case KernelType::kFloat:
    break;
  }
  return fcPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantizedEval(ctx);
  case KernelType::kHybrid:
    return hybridFullyConnectedEval(ctx);
  case KernelType::kFloat:
    break;
  }
  return fcEval(ctx);
}

} // namespace

/// Input types: float32 (and hybrid int8 weights), quantized int8 / uint8 /
/// int16 (16x8) (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerFullyConnected(MutableOpResolver &r) {
  r.addBuiltin(kOp_FULLY_CONNECTED, {prepare, eval, kTypes}, 1, 12);
}

} // namespace tfmlir::lite::kernels
