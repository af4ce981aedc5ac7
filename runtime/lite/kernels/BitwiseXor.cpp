//===- BitwiseXor.cpp - BITWISE_XOR ---------------------------------------===//
//
// BITWISE_XOR as TFLite's kernels/bitwise_xor.cc (TF's BitwiseXor): x ^ y
// elementwise with NumPy broadcasting, on int8 / int16 / int32 / uint8 /
// uint16 / uint32 operands of one type; output of that type.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status xorPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  switch (a->type) {
  case TensorType::kInt8:
  case TensorType::kInt16:
  case TensorType::kInt32:
  case TensorType::kUInt8:
  case TensorType::kUInt16:
  case TensorType::kUInt32:
    break;
  default:
    return unimplemented("operand type ", typeName(a->type),
                         "; an integer type of 8, 16 or 32 bits expected");
  }
  TFMLIR_RETURN_IF_ERROR(checkType(b, a->type, "y"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), a->type, "output"));
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(a->shape, b->shape, shape));
  return ctx.resizeOutput(0, shape);
}

template <typename T> void xorT(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const T *x = a.as<T>(), *y = b.as<T>();
  T *z = out.as<T>();
  forEachBroadcast(a.shape, b.shape, out.shape,
                   [&](int64_t o, int64_t i, int64_t j) {
                     z[o] = static_cast<T>(x[i] ^ y[j]);
                   });
}

absl::Status xorEval(OpContext &ctx) {
  switch (elementSize(ctx.input(0)->type)) {
  case 1:
    xorT<uint8_t>(ctx);
    break;
  case 2:
    xorT<uint16_t>(ctx);
    break;
  default:
    xorT<uint32_t>(ctx);
    break;
  }
  return absl::OkStatus();
}

} // namespace

void registerBitwiseXor(MutableOpResolver &r) {
  // Input types (xorPrepare): the 8-, 16- and 32-bit integers.
  using TT = TensorType;
  r.addBuiltin(kOp_BITWISE_XOR,
               {xorPrepare, xorEval,
                typeSet(TT::kInt8, TT::kInt16, TT::kInt32, TT::kUInt8,
                        TT::kUInt16, TT::kUInt32)},
               1, 1);
}

} // namespace tfmlir::lite::kernels
