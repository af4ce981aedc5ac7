//===- BatchMatMul.cpp - BATCH_MATMUL ------------------------------------===//
//
// TFLite's batch_matmul.cc: [..., M, K] x [..., K, N] with adj_x / adj_y
// and numpy broadcasting of the batch dims; float loops here, or quantized
// (int8 / int16) in Quantized.cpp.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/Quantized.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

//===----------------------------------------------------------------------===//
// BATCH_MATMUL
//===----------------------------------------------------------------------===//

absl::Status bmmPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(a, "lhs"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(b, "rhs"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (a->rank() < 2 || b->rank() < 2)
    return invalid("operands must have rank >= 2");
  const OpOptions &o = ctx.options();
  int ra = a->rank(), rb = b->rank();
  int32_t m = o.adjX ? a->shape[ra - 1] : a->shape[ra - 2];
  int32_t ka = o.adjX ? a->shape[ra - 2] : a->shape[ra - 1];
  int32_t kb = o.adjY ? b->shape[rb - 1] : b->shape[rb - 2];
  int32_t n = o.adjY ? b->shape[rb - 2] : b->shape[rb - 1];
  if (ka != kb)
    return invalid("contraction dims differ: ", shapeToString(a->shape), " x ",
                   shapeToString(b->shape));
  std::vector<int32_t> ba(a->shape.begin(), a->shape.end() - 2),
      bb(b->shape.begin(), b->shape.end() - 2), batch;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(ba, bb, batch));
  batch.push_back(m);
  batch.push_back(n);
  return ctx.resizeOutput(0, batch);
}

absl::Status bmmEval(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const OpOptions &o = ctx.options();
  int ra = a.rank(), ro = out.rank();
  int64_t M = out.shape[ro - 2], N = out.shape[ro - 1];
  int64_t K = o.adjX ? a.shape[ra - 2] : a.shape[ra - 1];
  std::vector<int32_t> ba(a.shape.begin(), a.shape.end() - 2),
      bb(b.shape.begin(), b.shape.end() - 2),
      bo(out.shape.begin(), out.shape.end() - 2);
  const float *A = a.as<float>(), *Bp = b.as<float>();
  float *Y = out.as<float>();
  forEachBroadcast(ba, bb, bo, [&](int64_t oi, int64_t ai, int64_t bi) {
    const float *x = A + ai * M * K, *w = Bp + bi * K * N;
    float *y = Y + oi * M * N;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        float s = 0.f;
        for (int64_t k = 0; k < K; ++k)
          s += (o.adjX ? x[k * M + i] : x[i * K + k]) *
               (o.adjY ? w[j * K + k] : w[k * N + j]);
        y[i * N + j] = s;
      }
  });
  return absl::OkStatus();
}

/// BATCH_MATMUL as TFLite's batch_matmul.cc: float or quantized (int8 /
/// int16, rhs per tensor or per output column).
absl::Status prepare(OpContext &ctx) {
  if (kernelTypeOf(ctx, 0) == KernelType::kQuantized)
    return quantized::batchMatMulPrepare(ctx);
  return bmmPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  if (kernelTypeOf(ctx, 0) == KernelType::kQuantized)
    return quantized::batchMatMulEval(ctx);
  return bmmEval(ctx);
}

} // namespace

/// Input types: float32 (and hybrid int8 weights) here, quantized int8 /
/// uint8 / int16 (16x8) through Quantized.cpp's kernels (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerBatchMatMul(MutableOpResolver &r) {
  r.addBuiltin(kOp_BATCH_MATMUL, {prepare, eval, kTypes}, 1, 4);
}

} // namespace tfmlir::lite::kernels
