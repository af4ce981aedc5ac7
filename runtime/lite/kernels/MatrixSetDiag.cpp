//===- MatrixSetDiag.cpp - MATRIX_SET_DIAG --------------------------------===//
//
// MATRIX_SET_DIAG as TFLite's kernels/matrix_set_diag.cc (TF's
// MatrixSetDiag): input [..., M, N], diagonal [..., min(M, N)]; output =
// input with its main diagonal replaced. Any fixed-size element type.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status setDiagPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *d = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkType(d, in->type, "diagonal"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  if (elementSize(in->type) == 0)
    return unimplemented("element type ", typeName(in->type));
  const int r = in->rank();
  if (r < 2)
    return invalid("input must have rank >= 2, is ", shapeToString(in->shape));
  std::vector<int32_t> want(in->shape.begin(), in->shape.end() - 2);
  want.push_back(std::min(in->dim(r - 2), in->dim(r - 1)));
  if (d->shape != want)
    return invalid("diagonal ", shapeToString(d->shape), " must be ",
                   shapeToString(want), " for input ",
                   shapeToString(in->shape));
  return ctx.resizeOutput(0, in->shape);
}

absl::Status setDiagEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &d = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const size_t es = elementSize(in.type);
  const int r = in.rank();
  const int64_t m = in.dim(r - 2), n = in.dim(r - 1), k = std::min(m, n);
  const int64_t batches = m * n ? in.numElements() / (m * n) : 0;
  if (out.data != in.data)
    std::memcpy(out.data, in.data, in.requiredBytes());
  for (int64_t b = 0; b < batches; ++b)
    for (int64_t i = 0; i < k; ++i)
      std::memcpy(out.data + ((b * m + i) * n + i) * es,
                  d.data + (b * k + i) * es, es);
  return absl::OkStatus();
}

} // namespace

void registerMatrixSetDiag(MutableOpResolver &r) {
  // Input types: every fixed-size type (the bytes are copied).
  r.addBuiltin(kOp_MATRIX_SET_DIAG,
               {setDiagPrepare, setDiagEval, kFixedSizeTypes}, 1, 1);
}

} // namespace tfmlir::lite::kernels
