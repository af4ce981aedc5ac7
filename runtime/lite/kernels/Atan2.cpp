//===- Atan2.cpp - ATAN2 --------------------------------------------------===//
//
// ATAN2(y, x) elementwise as TFLite's kernels/atan2.cc: std::atan2 on
// float32 or float64 inputs of one type and identical shapes (TFLite checks
// only the ranks and then reads y's element count from both; different
// shapes are an error here). Output: same type and shape. NaN in either
// input gives NaN; signed zeros and infinities follow C's atan2.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status atan2Prepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *y = ctx.input(0), *x = ctx.input(1);
  if (y->type != TensorType::kFloat32 && y->type != TensorType::kFloat64)
    return unimplemented("y has type ", typeName(y->type),
                         "; float32 or float64 expected");
  TFMLIR_RETURN_IF_ERROR(checkType(x, y->type, "x"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), y->type, "output"));
  if (y->shape != x->shape)
    return invalid("y ", shapeToString(y->shape), " and x ",
                   shapeToString(x->shape), " must have the same shape");
  return ctx.resizeOutput(0, y->shape);
}

template <typename T> void atan2T(OpContext &ctx) {
  const T *y = ctx.input(0)->as<T>(), *x = ctx.input(1)->as<T>();
  T *out = ctx.output(0)->as<T>();
  for (int64_t i = 0, n = ctx.output(0)->numElements(); i < n; ++i)
    out[i] = std::atan2(y[i], x[i]);
}

absl::Status atan2Eval(OpContext &ctx) {
  if (ctx.input(0)->type == TensorType::kFloat64)
    atan2T<double>(ctx);
  else
    atan2T<float>(ctx);
  return absl::OkStatus();
}

} // namespace

void registerAtan2(MutableOpResolver &r) {
  // Input types (atan2Prepare): float32 and float64.
  r.addBuiltin(kOp_ATAN2,
               {atan2Prepare, atan2Eval,
                typeSet(TensorType::kFloat32, TensorType::kFloat64)},
               1, 1);
}

} // namespace tfmlir::lite::kernels
