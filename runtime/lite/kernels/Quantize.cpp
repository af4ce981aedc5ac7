//===- Quantize.cpp - QUANTIZE, DEQUANTIZE --------------------------------===//
//
// TFLite's quantize.cc and dequantize.cc. QUANTIZE: float32 -> int8 /
// uint8 / int16 / int32 as zero_point + round(x / scale) (float division,
// ties away from zero, saturated; TFLite's AffineQuantize), and integer
// requantization MBQM(q - zp_in, s_in / s_out) + zp_out (TFLite's
// Requantize, bit-exact). DEQUANTIZE: float16, or int8 / uint8 / int16 /
// int32 with per-tensor or per-axis scales, to float32.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"

#include <cmath>
#include <limits>

namespace tfmlir::lite::kernels {
namespace {

/// QUANTIZE to int8 / uint8 / int16 / int32 with one output scale, from
/// float32 or (requantization) int8 / uint8 / int16 / int32 with one
/// input scale.
absl::Status quantizePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  TQ qo;
  if (out->type != TensorType::kInt8 && out->type != TensorType::kUInt8 &&
      out->type != TensorType::kInt16 && out->type != TensorType::kInt32)
    return unimplemented("QUANTIZE to ", typeName(out->type));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", qo));
  if (in->type != TensorType::kFloat32) {
    if (!isQType(in->type) && in->type != TensorType::kInt32)
      return unimplemented("QUANTIZE from ", typeName(in->type));
    TQ qi;
    TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", qi));
  }
  return ctx.resizeOutput(0, in->shape);
}

/// QUANTIZE float -> 8-bit: the arithmetic of quantizeEval's loop
/// (zero_point + round(x / scale), float division, ties away from zero,
/// NaN -> zero_point, saturated) without libm calls, so the loop
/// vectorizes: x / scale is clamped to +-2^30 (beyond that every result
/// saturates anyway), truncated, and the fraction decides the rounding
/// (q - trunc(q) is exact in float).
template <typename T>
absl::Status quantizeFloat8(const float *__restrict x, int64_t n, TQ qo,
                            T *__restrict y) {
  const float scale = qo.scale, lim = 1073741824.f;
  const int32_t zp = qo.zp, lo = std::numeric_limits<T>::min(),
                hi = std::numeric_limits<T>::max();
  for (int64_t i = 0; i < n; ++i) {
    float q = x[i] / scale;
    q = q == q ? q : 0.f;
    q = q < -lim ? -lim : q > lim ? lim : q;
    const int32_t t = static_cast<int32_t>(q);
    const float d = q - static_cast<float>(t);
    const int32_t r = t + (d >= 0.5f ? 1 : 0) - (d <= -0.5f ? 1 : 0) + zp;
    y[i] = static_cast<T>(r < lo ? lo : r > hi ? hi : r);
  }
  return absl::OkStatus();
}

/// float: zero_point + round(x / scale) with float division and ties away
/// from zero (TFLite's AffineQuantize); integer input: TFLite's Requantize,
/// MBQM(q - zp_in, s_in / s_out) + zp_out, saturated.
absl::Status quantizeEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  TQ qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", qo));
  const int64_t n = in.numElements();
  if (in.type == TensorType::kFloat32 && !ctx.reference() &&
      out.type == TensorType::kInt8)
    return quantizeFloat8(in.as<float>(), n, qo, out.as<int8_t>());
  if (in.type == TensorType::kFloat32 && !ctx.reference() &&
      out.type == TensorType::kUInt8)
    return quantizeFloat8(in.as<float>(), n, qo, out.as<uint8_t>());
  if (in.type == TensorType::kFloat32) {
    const float *x = in.as<float>();
    for (int64_t i = 0; i < n; ++i) {
      const float r = std::round(x[i] / qo.scale);
      int64_t v = std::isnan(r)   ? 0
                  : r >= 9.2e18f  ? std::numeric_limits<int64_t>::max() / 2
                  : r <= -9.2e18f ? std::numeric_limits<int64_t>::min() / 2
                                  : static_cast<int64_t>(r);
      storeQ(out, i, clampT(v + qo.zp, out.type));
    }
    return absl::OkStatus();
  }
  TQ qi;
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", qi));
  const QuantMultiplier m =
      quantizeMultiplier(static_cast<double>(qi.scale) / qo.scale);
  for (int64_t i = 0; i < n; ++i) {
    // int32 arithmetic for every input type, as TFLite's Requantize.
    const int32_t x = static_cast<int32_t>(static_cast<uint32_t>(loadQ(in, i)) -
                                           static_cast<uint32_t>(qi.zp));
    const int32_t y = multiplyByQuantizedMultiplier(x, m);
    storeQ(out, i, clampT(int64_t(y) + qo.zp, out.type));
  }
  return absl::OkStatus();
}

/// DEQUANTIZE of float16 or of int8 / uint8 / int16 / int32 per tensor or
/// per axis, to float32.
absl::Status dequantizePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  switch (in->type) {
  case TensorType::kFloat16:
    break;
  case TensorType::kInt8:
  case TensorType::kUInt8:
  case TensorType::kInt16:
  case TensorType::kInt32: {
    const QuantParams &q = in->quant;
    if (q.scale.empty())
      return invalid("quantized input has no scale");
    if (q.scale.size() > 1 && (q.quantizedDimension >= in->rank() ||
                               static_cast<int64_t>(q.scale.size()) !=
                                   in->shape[q.quantizedDimension]))
      return invalid("per-channel scales (", q.scale.size(),
                     ") do not match dim ", q.quantizedDimension, " of ",
                     shapeToString(in->shape));
    break;
  }
  default:
    return unimplemented("DEQUANTIZE from ", typeName(in->type));
  }
  return ctx.resizeOutput(0, in->shape);
}

/// scale[c] * (q - zero_point[c]) in double, rounded to float once;
/// float16 widened exactly.
absl::Status dequantizeEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  float *y = ctx.output(0)->as<float>();
  int64_t n = in.numElements();
  if (in.type == TensorType::kFloat16) {
    const uint16_t *h = in.as<uint16_t>();
    for (int64_t i = 0; i < n; ++i)
      y[i] = halfToFloat(h[i]);
    return absl::OkStatus();
  }
  const QuantParams &q = in.quant;
  int64_t inner = 1, channels = 1;
  if (q.scale.size() > 1) {
    channels = in.shape[q.quantizedDimension];
    for (int d = q.quantizedDimension + 1; d < in.rank(); ++d)
      inner *= in.shape[d];
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t c = q.scale.size() > 1 ? (i / inner) % channels : 0;
    double zp = q.zeroPoint.empty() ? 0 : static_cast<double>(q.zeroPoint[c]);
    y[i] = static_cast<float>(q.scale[c] *
                              (static_cast<double>(loadQ(in, i)) - zp));
  }
  return absl::OkStatus();
}

} // namespace

void registerQuantize(MutableOpResolver &r) {
  using TT = TensorType;
  // Input types: QUANTIZE takes float32 and requantizes the integers
  // (quantizePrepare); DEQUANTIZE float16 and the quantized integers, never
  // float32 (dequantizePrepare).
  r.addBuiltin(
      kOp_QUANTIZE,
      {quantizePrepare, quantizeEval,
       typeSet(TT::kFloat32, TT::kInt8, TT::kUInt8, TT::kInt16, TT::kInt32)},
      1, 3);
  r.addBuiltin(
      kOp_DEQUANTIZE,
      {dequantizePrepare, dequantizeEval,
       typeSet(TT::kFloat16, TT::kInt8, TT::kUInt8, TT::kInt16, TT::kInt32)},
      1, 6);
}

} // namespace tfmlir::lite::kernels
