//===- BatchMatMul.cpp - BATCH_MATMUL ------------------------------------===//
//
// TFLite's batch_matmul.cc: [..., M, K] x [..., K, N] with adj_x / adj_y
// and numpy broadcasting of the batch dims; float loops here, or quantized
// (int8 / int16) below.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

//===----------------------------------------------------------------------===//
// BATCH_MATMUL
//===----------------------------------------------------------------------===//

/// The output shape of lhs [..., M, K] x rhs [..., K, N] (adj_x / adj_y
/// transpose the last two dims): the broadcast batch dims, then M, N.
/// InvalidArgument when the contraction dims differ or the batch dims do
/// not broadcast.
absl::Status bmmOutputShape(const Tensor &a, const Tensor &b,
                            const OpOptions &o, std::vector<int32_t> &shape) {
  const int ra = a.rank(), rb = b.rank();
  const int32_t m = o.adjX ? a.shape[ra - 1] : a.shape[ra - 2];
  const int32_t ka = o.adjX ? a.shape[ra - 2] : a.shape[ra - 1];
  const int32_t kb = o.adjY ? b.shape[rb - 1] : b.shape[rb - 2];
  const int32_t n = o.adjY ? b.shape[rb - 2] : b.shape[rb - 1];
  if (ka != kb)
    return invalid("contraction dims differ: ", shapeToString(a.shape), " x ",
                   shapeToString(b.shape));
  std::vector<int32_t> ba(a.shape.begin(), a.shape.end() - 2),
      bb(b.shape.begin(), b.shape.end() - 2);
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(ba, bb, shape));
  shape.push_back(m);
  shape.push_back(n);
  return absl::OkStatus();
}

absl::Status bmmPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(a, "lhs"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(b, "rhs"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (a->rank() < 2 || b->rank() < 2)
    return invalid("operands must have rank >= 2");
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(bmmOutputShape(*a, *b, ctx.options(), shape));
  return ctx.resizeOutput(0, shape);
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

//===----------------------------------------------------------------------===//
// Quantized BATCH_MATMUL (int8 x int8, int16 x int16, int16 x int8
// weights), as TFLite's batch_matmul.cc EvalQuantized / EvalInt16.
//===----------------------------------------------------------------------===//

/// Per-node state of the integer BATCH_MATMUL.
struct QBmmState : NodeState {
  TQ a, out;
  std::vector<int32_t> bZp;       ///< per output column (or one)
  std::vector<QuantMultiplier> m; ///< per output column (or one)
};

/// The integer Prepare: lhs / output per tensor, rhs per tensor or per
/// output column, their multipliers, and the broadcast output shape.
absl::Status quantizedPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(a, "lhs"));
  TFMLIR_RETURN_IF_ERROR(checkQ(b, "rhs"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, a->type, "output"));
  if (a->rank() < 2 || b->rank() < 2)
    return invalid("operands must have rank >= 2");
  auto st = std::make_unique<QBmmState>();
  TFMLIR_RETURN_IF_ERROR(perTensor(a, "lhs", st->a));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", st->out));
  const OpOptions &o = ctx.options();
  const int rb = b->rank();
  // rhs: per tensor, or per output column (the N axis of rhs: last dim,
  // or the one before it with adj_y), as the converter's per-channel
  // einsum weights.
  const QuantParams &bq = b->quant;
  const int nAxis = o.adjY ? rb - 2 : rb - 1;
  if (bq.scale.size() > 1 &&
      (bq.quantizedDimension != nAxis ||
       static_cast<int64_t>(bq.scale.size()) != b->shape[nAxis]))
    return unimplemented("rhs per-axis quantization on dim ",
                         bq.quantizedDimension, " (", bq.scale.size(),
                         " scales); only the output-column axis ", nAxis,
                         " is supported");
  if (bq.scale.empty())
    return invalid("rhs (", typeName(b->type), ") has no scale");
  for (size_t c = 0; c < bq.scale.size(); ++c) {
    const float bs = bq.scale[c];
    if (!std::isfinite(bs) || !(bs > 0.f))
      return invalid("rhs scale ", bs);
    const int64_t z = bq.zeroPoint.empty() ? 0 : bq.zeroPoint[c];
    if (z < typeMin(b->type) || z > typeMax(b->type))
      return invalid("rhs zero point ", z, " outside ", typeName(b->type));
    st->bZp.push_back(static_cast<int32_t>(z));
    // TFLite batch_matmul.cc: lhs_scale * rhs_scale / output_scale.
    st->m.push_back(quantizeMultiplier(static_cast<double>(st->a.scale) * bs /
                                       st->out.scale));
  }
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(bmmOutputShape(*a, *b, o, shape));
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

/// out = MBQM(sum_k (a - zp_a)(b - zp_b), s_a s_b / s_out) + zp_out,
/// saturated; the sum is int64 (exact for any depth) and requantized with
/// the int32 multiplier for 8-bit operands and the int64 one otherwise, as
/// TFLite's reference BatchMatMul<T, AccumT>.
absl::Status quantizedEval(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QBmmState *>(ctx.state().get());
  const OpOptions &o = ctx.options();
  const int ra = a.rank(), ro = out.rank();
  const int64_t M = out.shape[ro - 2], N = out.shape[ro - 1];
  const int64_t K = o.adjX ? a.shape[ra - 2] : a.shape[ra - 1];
  const bool wide =
      a.type == TensorType::kInt16 || b.type == TensorType::kInt16;
  std::vector<int32_t> ba(a.shape.begin(), a.shape.end() - 2),
      bb(b.shape.begin(), b.shape.end() - 2),
      bo(out.shape.begin(), out.shape.end() - 2);
  // Offset operands as int16 rows: lhs [M][K], rhs transposed [N][K]
  // (|q - zp| <= 255 for 8-bit; int16 needs zero point 0).
  if (a.type == TensorType::kInt16 && st.a.zp != 0)
    return unimplemented("int16 lhs with zero point ", st.a.zp);
  if (b.type == TensorType::kInt16)
    for (int32_t z : st.bZp)
      if (z != 0)
        return unimplemented("int16 rhs with zero point ", z);
  std::vector<int16_t> A(static_cast<size_t>(M * K)),
      Bt(static_cast<size_t>(N * K));
  forEachBroadcast(ba, bb, bo, [&](int64_t oi, int64_t ai, int64_t bi) {
    const int64_t xa = ai * M * K, wb = bi * K * N, yo = oi * M * N;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t k = 0; k < K; ++k)
        A[i * K + k] = static_cast<int16_t>(
            loadQ(a, xa + (o.adjX ? k * M + i : i * K + k)) - st.a.zp);
    for (int64_t j = 0; j < N; ++j) {
      const int32_t z = st.bZp[st.bZp.size() == 1 ? 0 : j];
      for (int64_t k = 0; k < K; ++k)
        Bt[j * K + k] = static_cast<int16_t>(
            loadQ(b, wb + (o.adjY ? j * K + k : k * N + j)) - z);
    }
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        const size_t ch = st.m.size() == 1 ? 0 : static_cast<size_t>(j);
        const int64_t acc = wide ? dot16<int64_t>(&A[i * K], &Bt[j * K], K)
                                 : dot16<int32_t>(&A[i * K], &Bt[j * K], K);
        const int32_t v = wide ? multiplyByQuantizedMultiplier64(acc, st.m[ch])
                               : multiplyByQuantizedMultiplier(
                                     static_cast<int32_t>(acc), st.m[ch]);
        storeQ(out, yo + i * N + j, clampT(int64_t(v) + st.out.zp, out.type));
      }
  });
  return absl::OkStatus();
}

/// BATCH_MATMUL as TFLite's batch_matmul.cc: float or quantized (int8 /
/// int16, rhs per tensor or per output column).
absl::Status prepare(OpContext &ctx) {
  if (kernelTypeOf(ctx, 0) == KernelType::kQuantized)
    return quantizedPrepare(ctx);
  return bmmPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  if (kernelTypeOf(ctx, 0) == KernelType::kQuantized)
    return quantizedEval(ctx);
  return bmmEval(ctx);
}

} // namespace

/// Input types: float32, quantized int8 / uint8 / int16 (16x8)
/// (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerBatchMatMul(MutableOpResolver &r) {
  r.addBuiltin(kOp_BATCH_MATMUL, {prepare, eval, kTypes}, 1, 4);
}

} // namespace tfmlir::lite::kernels
