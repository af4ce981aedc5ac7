//===- ReverseSequence.cpp - REVERSE_SEQUENCE -----------------------------===//
//
// REVERSE_SEQUENCE as TFLite's kernels/reverse_sequence.cc (TF's
// ReverseSequence): for each index b along batch_dim, the first
// seq_lengths[b] elements along seq_dim are reversed, the rest copied.
// seq_lengths: int32 or int64, [input.dim(batch_dim)], each in [0,
// input.dim(seq_dim)] (checked at Eval). seq_dim != batch_dim, both in
// range (negative counts from the end). Any fixed-size element type.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status dims(OpContext &ctx, int &seq, int &batch) {
  const int r = ctx.input(0)->rank();
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().seqDim, r, seq));
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().batchDim, r, batch));
  if (seq == batch)
    return invalid("seq_dim and batch_dim must differ, both are ", seq);
  return absl::OkStatus();
}

absl::Status revSeqPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *len = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(len, "seq_lengths"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  if (elementSize(in->type) == 0)
    return unimplemented("element type ", typeName(in->type));
  int seq, batch;
  TFMLIR_RETURN_IF_ERROR(dims(ctx, seq, batch));
  if (len->rank() != 1 || len->dim(0) != in->dim(batch))
    return invalid("seq_lengths ", shapeToString(len->shape), " must be [",
                   in->dim(batch), "] (input dim ", batch, ")");
  return ctx.resizeOutput(0, in->shape);
}

absl::Status revSeqEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &len = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  int seq, batch;
  TFMLIR_RETURN_IF_ERROR(dims(ctx, seq, batch));
  for (int64_t b = 0; b < len.numElements(); ++b) {
    const int64_t l = readInt(len, b);
    if (l < 0 || l > in.dim(seq))
      return invalid("seq_lengths[", b, "] = ", l, " is outside [0, ",
                     in.dim(seq), "]");
  }
  const size_t es = elementSize(in.type);
  const int r = in.rank();
  std::vector<int64_t> stride(r, 1);
  for (int d = r - 2; d >= 0; --d)
    stride[d] = stride[d + 1] * in.dim(d + 1);
  std::vector<int32_t> idx(r, 0);
  const int64_t n = in.numElements();
  for (int64_t i = 0; i < n; ++i) {
    // Source index: idx with the seq coordinate reflected when inside the
    // batch's length.
    const int64_t l = readInt(len, idx[batch]);
    int64_t src = i;
    if (idx[seq] < l)
      src += (l - 1 - 2 * int64_t(idx[seq])) * stride[seq];
    std::memcpy(out.data + i * es, in.data + src * es, es);
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < in.dim(d))
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

} // namespace

void registerReverseSequence(MutableOpResolver &r) {
  // Input types: every fixed-size type (the bytes are copied).
  r.addBuiltin(kOp_REVERSE_SEQUENCE,
               {revSeqPrepare, revSeqEval, kFixedSizeTypes}, 1, 1);
}

} // namespace tfmlir::lite::kernels
