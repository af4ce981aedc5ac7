//===- QuantCommon.cpp - Shared helpers of the integer kernels ------------===//
//
// See QuantCommon.h.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/QuantCommon.h"
#include "runtime/lite/kernels/KernelUtil.h"

#include <cmath>
#include <cstring>
#include <limits>

namespace tfmlir::lite::kernels {

KernelType kernelTypeOf(OpContext &ctx, int act, int weights) {
  const Tensor *in = ctx.input(act);
  if (in && isQType(in->type))
    return KernelType::kQuantized;
  const Tensor *w = weights >= 0 ? ctx.input(weights) : nullptr;
  if (in && w && in->type == TensorType::kFloat32 &&
      (w->type == TensorType::kInt8 || w->type == TensorType::kUInt8))
    return KernelType::kHybrid;
  return KernelType::kFloat;
}

bool isQType(TensorType t) {
  return t == TensorType::kInt8 || t == TensorType::kUInt8 ||
         t == TensorType::kInt16;
}

int32_t typeMin(TensorType t) {
  switch (t) {
  case TensorType::kInt8:
    return -128;
  case TensorType::kUInt8:
    return 0;
  case TensorType::kInt16:
    return -32768;
  default:
    return std::numeric_limits<int32_t>::min();
  }
}
int32_t typeMax(TensorType t) {
  switch (t) {
  case TensorType::kInt8:
    return 127;
  case TensorType::kUInt8:
    return 255;
  case TensorType::kInt16:
    return 32767;
  default:
    return std::numeric_limits<int32_t>::max();
  }
}

/// Reads the single (per-tensor) scale and zero point of `t`.
absl::Status perTensor(const Tensor *t, const char *what, TQ &q) {
  if (!t)
    return invalid(what, " is missing");
  if (t->quant.scale.size() != 1)
    return invalid(what, " (", typeName(t->type),
                   ") needs one per-tensor scale, has ", t->quant.scale.size());
  q.scale = t->quant.scale[0];
  if (!std::isfinite(q.scale) || !(q.scale > 0.f))
    return invalid(what, " has scale ", q.scale);
  int64_t zp = t->quant.zeroPoint.empty() ? 0 : t->quant.zeroPoint[0];
  if (zp < typeMin(t->type) || zp > typeMax(t->type))
    return invalid(what, " zero point ", zp, " outside ", typeName(t->type));
  q.zp = static_cast<int32_t>(zp);
  return absl::OkStatus();
}

/// TFLite's CalculateActivationRangeQuantized: the clamp bounds of a fused
/// activation in the output's quantized domain.
absl::Status activationRangeQ(Activation a, TensorType t, TQ out, int32_t &lo,
                              int32_t &hi) {
  lo = typeMin(t);
  hi = typeMax(t);
  auto q = [&](float f) {
    return out.zp + static_cast<int32_t>(std::round(f / out.scale));
  };
  switch (a) {
  case Activation::kNone:
    return absl::OkStatus();
  case Activation::kRelu:
    lo = std::max(lo, q(0.f));
    return absl::OkStatus();
  case Activation::kRelu6:
    lo = std::max(lo, q(0.f));
    hi = std::min(hi, q(6.f));
    return absl::OkStatus();
  case Activation::kReluN1To1:
    lo = std::max(lo, q(-1.f));
    hi = std::min(hi, q(1.f));
    return absl::OkStatus();
  default:
    return unimplemented("fused activation ", static_cast<int>(a),
                         " on a quantized output");
  }
}

absl::Status checkQ(const Tensor *t, const char *what) {
  if (!t)
    return invalid(what, " is missing");
  if (!isQType(t->type))
    return unimplemented(what, " type ", typeName(t->type),
                         " in a quantized kernel");
  return absl::OkStatus();
}

/// Converts x - zp of a quantized tensor into int16 (the offset input of
/// the conv kernels). |x - zp| <= 255 for 8-bit types; int16 activations
/// must have zero point 0 (TFLite's int16x8 scheme).
void toOffsetInt16(const Tensor &t, int32_t zp, std::vector<int16_t> &out) {
  const int64_t n = t.numElements();
  out.resize(static_cast<size_t>(n));
  switch (t.type) {
  case TensorType::kInt8: {
    const int8_t *p = t.as<int8_t>();
    for (int64_t i = 0; i < n; ++i)
      out[i] = static_cast<int16_t>(p[i] - zp);
    break;
  }
  case TensorType::kUInt8: {
    const uint8_t *p = t.as<uint8_t>();
    for (int64_t i = 0; i < n; ++i)
      out[i] = static_cast<int16_t>(p[i] - zp);
    break;
  }
  case TensorType::kInt16:
    if (n > 0) // an empty tensor may have no data (memcpy from null is UB)
      std::memcpy(out.data(), t.data, n * sizeof(int16_t));
    break;
  default:
    break;
  }
}

/// Validates the filter's quantization (per-tensor or per-channel along
/// `chanDim` with `channels` entries) and fills the per-channel
/// multipliers in_s * f_s[c] / out_s (TFLite's
/// PopulateConvolutionQuantizationParams; legacy uint8 multiplies the two
/// float scales in float first, as GetQuantizedConvolutionMultipler).
absl::Status convMultipliers(const Tensor &in, const Tensor &f,
                             const Tensor &out, int chanDim, int64_t channels,
                             QConvState &st) {
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", st.in));
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", st.out));
  if (f.type != TensorType::kInt8 && f.type != TensorType::kUInt8)
    return unimplemented("filter type ", typeName(f.type),
                         " with quantized input");
  // TFLite's kernels pair uint8 inputs with uint8 filters and int8 / int16
  // inputs with int8 filters; a mixed pair is not a kernel TFLite has.
  if ((in.type == TensorType::kUInt8) != (f.type == TensorType::kUInt8))
    return unimplemented("filter type ", typeName(f.type), " with ",
                         typeName(in.type),
                         " input (TFLite: uint8 inputs take uint8 filters, "
                         "int8 and int16 inputs int8 filters)");
  const QuantParams &fq = f.quant;
  const size_t ns = fq.scale.size();
  if (ns != 1 && static_cast<int64_t>(ns) != channels)
    return invalid("filter has ", ns, " scales for ", channels,
                   " output channels");
  if (ns > 1 && fq.quantizedDimension != chanDim)
    return invalid("filter per-channel quantized_dimension is ",
                   fq.quantizedDimension, ", expected ", chanDim);
  // filterZp(f, c) reads one zero point per channel (or the one): each must
  // fit the filter's type, so that q - zp cannot overflow.
  const size_t nz = fq.zeroPoint.size();
  if (nz > 1 && static_cast<int64_t>(nz) != channels)
    return invalid("filter has ", nz, " zero points for ", channels,
                   " output channels");
  for (int64_t z : fq.zeroPoint)
    if (z < typeMin(f.type) || z > typeMax(f.type))
      return invalid("filter zero point ", z, " outside ", typeName(f.type));
  st.mult.resize(channels);
  for (int64_t c = 0; c < channels; ++c) {
    float fs = fq.scale[ns == 1 ? 0 : c];
    if (!std::isfinite(fs) || !(fs > 0.f))
      return invalid("filter scale ", fs);
    double real = ns == 1 && f.type == TensorType::kUInt8
                      ? static_cast<double>(st.in.scale * fs) / st.out.scale
                      : static_cast<double>(st.in.scale) * fs / st.out.scale;
    st.mult[c] = quantizeMultiplier(real);
  }
  return absl::OkStatus();
}

/// Weight zero point of output channel c.
int32_t filterZp(const Tensor &f, int64_t c) {
  const auto &z = f.quant.zeroPoint;
  if (z.empty())
    return 0;
  return static_cast<int32_t>(z.size() == 1 ? z[0] : z[c]);
}

absl::Status readBias(OpContext &ctx, int idx, int64_t n, QConvState &st) {
  st.bias.assign(n, 0);
  const Tensor *b = ctx.input(idx);
  if (!b)
    return absl::OkStatus();
  if (b->numElements() != n)
    return invalid("bias has ", b->numElements(), " elements, expected ", n);
  if (b->type != TensorType::kInt32 && b->type != TensorType::kInt64)
    return invalid("bias of a quantized op must be int32 or int64, got ",
                   typeName(b->type));
  if (!ctx.hasData(idx))
    return absl::OkStatus(); // read at eval
  for (int64_t i = 0; i < n; ++i)
    st.bias[i] = readInt(*b, i);
  return absl::OkStatus();
}

void refreshBias(OpContext &ctx, int idx, QConvState &st) {
  const Tensor *b = ctx.input(idx);
  if (b && b->storage != Storage::kConstant)
    for (int64_t i = 0, n = st.bias.size(); i < n; ++i)
      st.bias[i] = readInt(*b, i);
}

QConvState &qstate(OpContext &ctx) {
  if (!ctx.state() || !dynamic_cast<QConvState *>(ctx.state().get()))
    ctx.state() = std::make_unique<QConvState>();
  return *static_cast<QConvState *>(ctx.state().get());
}

absl::Status checkInt16Zp(const Tensor &in, const TQ &q, const char *what) {
  if (in.type == TensorType::kInt16 && q.zp != 0)
    return unimplemented(what, " int16 with zero point ", q.zp,
                         " (int16x8 needs 0)");
  return absl::OkStatus();
}

absl::Status prepareWindowedConv(OpContext &ctx, int chanDim, int cout) {
  const Tensor *in = ctx.input(0), *f = ctx.input(1);
  Tensor *out = ctx.output(0);
  const OpOptions &o = ctx.options();
  QConvState &st = qstate(ctx);
  TFMLIR_RETURN_IF_ERROR(convMultipliers(*in, *f, *out, chanDim, cout, st));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*in, st.in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*out, st.out, "output"));
  TFMLIR_RETURN_IF_ERROR(
      activationRangeQ(o.activation, out->type, st.out, st.lo, st.hi));
  TFMLIR_RETURN_IF_ERROR(readBias(ctx, 2, cout, st));
  st.wValid = st.pairsValid = st.quadsValid = false;
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], f->shape[1], o.strideH, o.dilationH,
                 oh, ph);
  computePadding(o.padding, in->shape[2], f->shape[2], o.strideW, o.dilationW,
                 ow, pw);
  return ctx.resizeOutput(0, {in->shape[0], oh, ow, cout});
}

/// Weights [CO, K] minus their per-channel zero points, as int16.
void packRows(const Tensor &f, int64_t rows, int64_t k, std::vector<int16_t> &w,
              bool &valid) {
  if (valid && f.storage == Storage::kConstant)
    return;
  w.resize(static_cast<size_t>(rows * k));
  for (int64_t r = 0; r < rows; ++r) {
    const int32_t zp = filterZp(f, r);
    for (int64_t i = 0; i < k; ++i)
      w[r * k + i] = static_cast<int16_t>(loadQ(f, r * k + i) - zp);
  }
  valid = true;
}

} // namespace tfmlir::lite::kernels
