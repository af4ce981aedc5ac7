//===- BroadcastArgs.cpp - BROADCAST_ARGS ---------------------------------===//
//
// BROADCAST_ARGS as TFLite's kernels/broadcast_args.cc (TF's BroadcastArgs):
// the NumPy broadcast of two shapes s0, s1 (1-D, both int32 or both int64);
// output: 1-D of the same type, length max(len(s0), len(s1)). Incompatible
// shapes are an error. A non-constant operand makes the output dynamic.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status broadcastResult(OpContext &ctx, std::vector<int64_t> &out) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  const int64_t na = a.numElements(), nb = b.numElements();
  const int64_t n = std::max(na, nb);
  out.assign(n, 1);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t da = i < n - na ? 1 : readInt(a, i - (n - na));
    const int64_t db = i < n - nb ? 1 : readInt(b, i - (n - nb));
    if (da < 0 || db < 0)
      return invalid("negative dim in shape operands");
    if (da != db && da != 1 && db != 1)
      return invalid("shapes are not broadcastable: dim ", i, " is ", da,
                     " and ", db);
    out[i] = da == 1 ? db : da;
  }
  return absl::OkStatus();
}

absl::Status broadcastArgsPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(a, "s0"));
  TFMLIR_RETURN_IF_ERROR(checkType(b, a->type, "s1"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), a->type, "output"));
  if (a->rank() != 1 || b->rank() != 1)
    return invalid("shape operands must be 1-D, are ", shapeToString(a->shape),
                   " and ", shapeToString(b->shape));
  return ctx.resizeOutput(
      0, {std::max(a->dim(0), b->dim(0))}); // values checked at Eval
}

absl::Status broadcastArgsEval(OpContext &ctx) {
  std::vector<int64_t> r;
  TFMLIR_RETURN_IF_ERROR(broadcastResult(ctx, r));
  Tensor &out = *ctx.output(0);
  for (size_t i = 0; i < r.size(); ++i) {
    if (out.type == TensorType::kInt32)
      out.as<int32_t>()[i] = static_cast<int32_t>(r[i]);
    else
      out.as<int64_t>()[i] = r[i];
  }
  return absl::OkStatus();
}

} // namespace

void registerBroadcastArgs(MutableOpResolver &r) {
  // Input types (broadcastArgsPrepare): int32 and int64 shapes.
  r.addBuiltin(kOp_BROADCAST_ARGS,
               {broadcastArgsPrepare, broadcastArgsEval,
                typeSet(TensorType::kInt32, TensorType::kInt64)},
               1, 1);
}

} // namespace tfmlir::lite::kernels
