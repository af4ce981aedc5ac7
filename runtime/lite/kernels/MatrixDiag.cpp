//===- MatrixDiag.cpp - MATRIX_DIAG ---------------------------------------===//
//
// MATRIX_DIAG as TFLite's kernels/matrix_diag.cc (TF's MatrixDiag): input
// [..., N] -> output [..., N, N] with the input on the main diagonal and 0
// elsewhere. Any fixed-size element type (the bytes are copied).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status matrixDiagPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  if (elementSize(in->type) == 0)
    return unimplemented("element type ", typeName(in->type));
  if (in->rank() < 1)
    return invalid("input must have rank >= 1, is a scalar");
  std::vector<int32_t> shape = in->shape;
  shape.push_back(shape.back());
  return ctx.resizeOutput(0, shape);
}

absl::Status matrixDiagEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const size_t es = elementSize(in.type);
  const int64_t n = in.shape.back();
  const int64_t batches = n ? in.numElements() / n : 0;
  std::memset(out.data, 0, out.requiredBytes());
  for (int64_t b = 0; b < batches; ++b)
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(out.data + ((b * n + i) * n + i) * es,
                  in.data + (b * n + i) * es, es);
  return absl::OkStatus();
}

} // namespace

void registerMatrixDiag(MutableOpResolver &r) {
  // Input types: every fixed-size type (the bytes are copied).
  r.addBuiltin(kOp_MATRIX_DIAG,
               {matrixDiagPrepare, matrixDiagEval, kFixedSizeTypes}, 1, 1);
}

} // namespace tfmlir::lite::kernels
