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
#include "runtime/lite/kernels/Quantized.h"
#include "runtime/lite/kernels/reference/Conv.h"

#include <limits>

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

/// FULLY_CONNECTED as TFLite's fully_connected.cc: float (optimized or
/// reference), hybrid or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::fullyConnectedPrepare(ctx);
  case KernelType::kHybrid:
    return hybridPrepare(ctx);
  case KernelType::kFloat:
    break;
  }
  return fcPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::fullyConnectedEval(ctx);
  case KernelType::kHybrid:
    return hybridEval(ctx);
  case KernelType::kFloat:
    break;
  }
  return fcEval(ctx);
}

} // namespace

/// Input types: float32 (and hybrid int8 weights) here, quantized int8 /
/// uint8 / int16 (16x8) through Quantized.cpp's kernels (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerFullyConnected(MutableOpResolver &r) {
  r.addBuiltin(kOp_FULLY_CONNECTED, {prepare, eval, kTypes}, 1, 12);
}

} // namespace tfmlir::lite::kernels
