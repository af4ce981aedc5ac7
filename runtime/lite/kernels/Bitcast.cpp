//===- Bitcast.cpp - BITCAST ----------------------------------------------===//
//
// BITCAST as TFLite's kernels/bitcast.cc (TF's Bitcast): reinterprets the
// bytes of the input as the output's declared element type. With element
// sizes si (input) and so (output): si == so keeps the shape; si > so
// appends a dim si / so; si < so needs a last input dim of so / si and drops
// it. Types without a fixed size (string, ...) are refused.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status bitcastPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  const size_t si = elementSize(in->type), so = elementSize(out->type);
  if (si == 0 || so == 0 || in->type == TensorType::kResource ||
      out->type == TensorType::kResource)
    return unimplemented("cannot bitcast ", typeName(in->type), " to ",
                         typeName(out->type));
  std::vector<int32_t> shape = in->shape;
  if (si > so) {
    if (si % so)
      return invalid("input element size ", si, " is not a multiple of ", so);
    shape.push_back(static_cast<int32_t>(si / so));
  } else if (si < so) {
    if (so % si || shape.empty() ||
        shape.back() != static_cast<int32_t>(so / si))
      return invalid("input ", shapeToString(in->shape), " of ",
                     typeName(in->type), " needs a last dim of ", so / si,
                     " to bitcast to ", typeName(out->type));
    shape.pop_back();
  }
  return ctx.resizeOutput(0, shape);
}

absl::Status bitcastEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  if (in.requiredBytes() != out.requiredBytes())
    return absl::InternalError("BITCAST sizes differ");
  if (out.data != in.data && in.requiredBytes())
    std::memcpy(out.data, in.data, in.requiredBytes());
  return absl::OkStatus();
}

} // namespace

void registerBitcast(MutableOpResolver &r) {
  // Input types (bitcastPrepare): every fixed-size type but RESOURCE.
  r.addBuiltin(kOp_BITCAST,
               {bitcastPrepare, bitcastEval,
                kFixedSizeTypes & ~typeSet(TensorType::kResource)},
               1, 1);
}

} // namespace tfmlir::lite::kernels
