//===- ElementwiseInteger.cpp - Integer activations, SOFTMAX, RSQRT -------===//
//
// See ElementwiseInteger.h. LEAKY_RELU is TFLite's integer arithmetic (bit
// for bit); the 8-bit tables of LOGISTIC, TANH, HARD_SWISH and the RELUs
// and the int8 / uint8 SOFTMAX go through double and one rounding (within
// +-1 of TFLite's fixed-point kernels); the int16 LOGISTIC / TANH interpolate
// TFLite's sigmoid table (ours within 1 in 0.16 of TFLite's hand-tuned
// one); the int16 SOFTMAX and RSQRT tables are built by TFLite's formula.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ElementwiseInteger.h"
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"
#include "runtime/lite/kernels/RsqrtInt8.h"

#include <array>
#include <bit>
#include <cmath>
#include <limits>

namespace tfmlir::lite::kernels::quantized {

//===----------------------------------------------------------------------===//
// LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, RELU, RELU6, RELU_N1_TO_1: a
// lookup table (8-bit) or fixed point (int16, LEAKY_RELU)
//===----------------------------------------------------------------------===//

namespace {

// ---- int16 lookup tables (TFLite's LUTPopulate / int16 LookupTable; also
// RSQRT's and SOFTMAX's) ----------------------------------------------------

/// TFLite's CheckedLog2: true when `x` is a power of two within 1e-3 in
/// log2; `log2` receives the rounded exponent.
bool checkedLog2(float x, int &log2) {
  const float l = std::log(x) * (1.0f / std::log(2.0f));
  const float r = std::round(l);
  log2 = static_cast<int>(r);
  return std::fabs(l - r) < 1e-3f;
}

/// A 513-entry int16 table of f over the int16 input range, as TFLite's
/// LUTPopulate<int16_t> (LUTPopulateInt16<FloatT>): 512 samples at
/// input_min + i * step, each biased by half the interpolation error at the
/// segment midpoint, then f(input_max); values are f * 65536 / (output
/// range), rounded and saturated. FloatT is float for RSQRT and double for
/// SOFTMAX, as in TFLite.
template <typename FloatT, typename F>
void lutPopulateInt16(FloatT inScale, int32_t inZp, FloatT outScale,
                      int32_t outZp, F f, int16_t *lut) {
  const FloatT inMin = inScale * FloatT(-32768 - inZp);
  const FloatT inMax = inScale * FloatT(32767 - inZp);
  const FloatT outMin = outScale * FloatT(-32768 - outZp);
  const FloatT outMax = outScale * FloatT(32767 - outZp);
  constexpr int kSteps = 512;
  const FloatT step = (inMax - inMin) / kSteps;
  const FloatT halfStep = step / 2;
  const FloatT inv = FloatT(65536) / (outMax - outMin);
  auto sat = [](FloatT v) {
    return static_cast<int16_t>(
        std::min<FloatT>(std::max<FloatT>(v, FloatT(-32768)), FloatT(32767)));
  };
  for (int i = 0; i < kSteps; ++i) {
    const FloatT v = f(inMin + FloatT(i) * step);
    const FloatT vMid = f(inMin + FloatT(i) * step + halfStep);
    const FloatT vNext = f(inMin + FloatT(i + 1) * step);
    const FloatT sample = std::round(v * inv);
    const FloatT midInterp =
        std::round((vNext * inv + std::round(v * inv)) / 2);
    const FloatT mid = std::round(vMid * inv);
    const FloatT bias = std::round((midInterp - mid) / 2);
    lut[i] = sat(sample - bias);
  }
  lut[kSteps] = sat(std::round(f(inMax) * inv));
}

/// TFLite's int16 table lookup with linear interpolation between the 512
/// segments (generic_int16_table_lookup).
inline int16_t lutLookupInt16(int16_t x, const int16_t *lut) {
  const int index = 256 + (x >> 7);
  const int32_t offset = x & 0x7f;
  const int32_t base = lut[index];
  const int32_t slope = static_cast<int16_t>(lut[index + 1] - lut[index]);
  const int32_t delta = (slope * offset + 64) >> 7;
  return static_cast<int16_t>(base + delta);
}

/// sigmoid(i / 24) in unsigned 0.16 fixed point for i in [0, 256), the
/// table TFLite's int16 LOGISTIC and TANH interpolate (tanh(x) =
/// 2 sigmoid(2x) - 1). TFLite ships hand-tuned constants; ours are
/// round(65536 * sigmoid(i / 24)) (the last saturated to 65535), which
/// differ from TFLite's by at most 1 in 0.16, so outputs agree within 1
/// output step.
const uint16_t *sigmoidTable() {
  static const auto table = [] {
    std::array<uint16_t, 256> t{};
    for (int i = 0; i < 256; ++i)
      t[i] = static_cast<uint16_t>(
          std::min(65535.0, std::round(65536.0 / (1.0 + std::exp(-i / 24.0)))));
    return t;
  }();
  return table.data();
}

/// int16 LOGISTIC (s_out = 2^-15) as TFLite's
/// reference_integer_ops::Logistic(int16): the input is rescaled so that
/// 3 * 4096 units are 1.0, then the sigmoid table is interpolated over 9
/// fractional bits; negative inputs use sigmoid(-x) = 1 - sigmoid(x).
inline int16_t logisticInt16(int16_t x, int32_t mult, int leftShift) {
  const int32_t round = leftShift > 0 ? 1 << (leftShift - 1) : 0;
  const int32_t in = (int32_t(x) * mult + round) >> leftShift;
  const uint32_t absIn = static_cast<uint32_t>(std::abs(in));
  const uint32_t uh = absIn >> 9;
  uint32_t r;
  if (uh >= 255) {
    r = 0x7FFFu << 10;
  } else {
    const uint32_t ua = sigmoidTable()[uh], ub = sigmoidTable()[uh + 1];
    r = (ua << 9) + (absIn & 0x1ff) * (ub - ua);
  }
  r = in >= 0 ? r + (1u << 9) : (1u << (16 + 9)) - r + (1u << 9) - 1;
  return static_cast<int16_t>(r >> 10);
}

/// int16 TANH (s_out = 2^-15) as TFLite's reference_integer_ops::Tanh
/// (int16): the same table at twice the input, 8 fractional bits.
inline int16_t tanhInt16(int16_t x, int32_t mult, int leftShift) {
  const int32_t round = leftShift > 0 ? 1 << (leftShift - 1) : 0;
  const int32_t in = (int32_t(x) * mult + round) >> leftShift;
  const uint32_t absIn = static_cast<uint32_t>(std::abs(in));
  const uint32_t uh = absIn >> 8;
  int32_t r;
  if (uh >= 255) {
    r = 0xFFFF << 8;
  } else {
    const uint32_t ua = sigmoidTable()[uh], ub = sigmoidTable()[uh + 1];
    r = static_cast<int32_t>((ua << 8) + (absIn & 0xFF) * (ub - ua));
  }
  r = in >= 0 ? r - (1 << (14 + 9)) + (1 << (9 - 2))
              : -r + (1 << (14 + 9)) + (1 << (9 - 2)) - 1;
  return static_cast<int16_t>(r >> (9 - 1));
}

/// TFLite's int16 LOGISTIC / TANH Prepare: zero points 0, output scale
/// 2^-15; a power-of-two input scale uses a shift (with the implicit
/// multiplier 3), any other scale a multiplier s_in * 4096 * 3 * 2^shift
/// with the largest shift keeping it above 32767 / 2.
absl::Status int16FnPrepare(int32_t code, const TQ &in, const TQ &out,
                            int32_t &mult, int &leftShift) {
  if (in.zp != 0 || out.zp != 0)
    return invalid("int16 ", builtinOpName(code), " needs zero points 0, has ",
                   in.zp, " and ", out.zp);
  int outLog2;
  if (!checkedLog2(out.scale, outLog2) || outLog2 != -15)
    return invalid("int16 ", builtinOpName(code),
                   " needs output scale 2^-15, has ", out.scale);
  int inLog2;
  bool pot = checkedLog2(in.scale, inLog2);
  leftShift = 12 + inLog2; // (15 - 3 integer bits) + log2(scale)
  pot = pot &&
        (code == kOp_TANH ? leftShift == 0 || leftShift == 1 : leftShift == 0);
  if (pot) {
    mult = 3 << leftShift;
    leftShift = 0;
    return absl::OkStatus();
  }
  double m = double(in.scale) * 4096.0 * 3.0;
  leftShift = 0;
  while (m <= 32767.0 / 2.0 && leftShift <= 30) {
    ++leftShift;
    m *= 2.0;
  }
  if (m > 2147483647.0 / 32768.0)
    return invalid("int16 ", builtinOpName(code), " input scale ", in.scale,
                   " is too large");
  mult = static_cast<int32_t>(m);
  return absl::OkStatus();
}

/// Per-node state of the integer activations.
struct QLutState : NodeState {
  TQ in, out;
  int32_t lut[256];
  QuantMultiplier alphaMult, identityMult; ///< LEAKY_RELU
  int32_t int16Mult = 0; ///< int16 LOGISTIC / TANH input rescale
  int int16Shift = 0;
};

/// The real function of activation `code` (alpha: LEAKY_RELU's slope).
double unaryReal(int32_t code, double x, float alpha) {
  switch (code) {
  case kOp_LOGISTIC:
    return 1.0 / (1.0 + std::exp(-x));
  case kOp_TANH:
    return std::tanh(x);
  case kOp_HARD_SWISH:
    return x * std::min(6.0, std::max(0.0, x + 3.0)) / 6.0;
  case kOp_RELU:
    return std::max(0.0, x);
  case kOp_RELU6:
    return std::min(6.0, std::max(0.0, x));
  case kOp_RELU_N1_TO_1:
    return std::min(1.0, std::max(-1.0, x));
  case kOp_LEAKY_RELU:
    return x >= 0 ? x : alpha * x;
  default:
    return x;
  }
}

} // namespace

absl::Status activationPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  auto st = std::make_unique<QLutState>();
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", st->in));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", st->out));
  const int32_t code = ctx.op().builtinCode;
  const float alpha = ctx.options().alpha;
  if (code == kOp_LEAKY_RELU) {
    // TFLite leaky_relu.cc: identity and alpha multipliers.
    // Both ratios in float, then widened (as TFLite / TFLite Micro).
    st->identityMult = quantizeMultiplier(st->in.scale / st->out.scale);
    st->alphaMult = quantizeMultiplier(st->in.scale * alpha / st->out.scale);
    if (alpha < 0)
      return unimplemented("quantized LEAKY_RELU with negative alpha");
  } else if (in->type == TensorType::kInt16) {
    if (code != kOp_LOGISTIC && code != kOp_TANH)
      return unimplemented(builtinOpName(code), " on int16");
    TFMLIR_RETURN_IF_ERROR(
        int16FnPrepare(code, st->in, st->out, st->int16Mult, st->int16Shift));
  } else {
    // 8-bit: a 256-entry table f(dequantize(q)) requantized (TFLite's
    // optimized 8-bit LOGISTIC / TANH use such a table).
    const int32_t lo = typeMin(in->type);
    for (int i = 0; i < 256; ++i) {
      const double x = st->in.scale * double(lo + i - st->in.zp);
      const double y = unaryReal(code, x, alpha);
      st->lut[i] = clampT(static_cast<int64_t>(std::round(y / st->out.scale)) +
                              st->out.zp,
                          out->type);
    }
  }
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, in->shape);
}

absl::Status activationEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QLutState *>(ctx.state().get());
  const int64_t n = in.numElements();
  if (ctx.op().builtinCode == kOp_LEAKY_RELU) {
    for (int64_t i = 0; i < n; ++i) {
      const int32_t x = loadQ(in, i) - st.in.zp;
      const int32_t y = multiplyByQuantizedMultiplier(
          x, x >= 0 ? st.identityMult : st.alphaMult);
      storeQ(out, i, clampT(int64_t(y) + st.out.zp, out.type));
    }
    return absl::OkStatus();
  }
  if (in.type == TensorType::kInt16) {
    const int16_t *x = in.as<int16_t>();
    int16_t *y = out.as<int16_t>();
    const bool isTanh = ctx.op().builtinCode == kOp_TANH;
    for (int64_t i = 0; i < n; ++i)
      y[i] = isTanh ? tanhInt16(x[i], st.int16Mult, st.int16Shift)
                    : logisticInt16(x[i], st.int16Mult, st.int16Shift);
    return absl::OkStatus();
  }
  const int32_t lo = typeMin(in.type);
  for (int64_t i = 0; i < n; ++i)
    storeQ(out, i, st.lut[loadQ(in, i) - lo]);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// RSQRT (int16; int8 in RsqrtInt8.cpp)
//===----------------------------------------------------------------------===//

namespace {

/// Per-node state of the int16 RSQRT: its interpolation table.
struct QRsqrtState : NodeState {
  int16_t lut[513];
};

} // namespace

/// int16 RSQRT as TFLite's elementwise.cc: zero points 0, a 513-entry
/// table of 1/sqrt(x) (float LUTPopulate; x <= 0 maps to the largest
/// output), interpolated; a negative input is an error.
absl::Status rsqrtPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  if (in->type == TensorType::kInt8)
    return rsqrtInt8Prepare(ctx);
  if (in->type != TensorType::kInt16)
    return unimplemented("quantized RSQRT on ", typeName(in->type),
                         " (int8 and int16 are implemented)");
  TFMLIR_RETURN_IF_ERROR(checkType(out, TensorType::kInt16, "output"));
  TQ qi, qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", qi));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", qo));
  if (qi.zp != 0 || qo.zp != 0)
    return invalid("int16 RSQRT needs zero points 0, has ", qi.zp, " and ",
                   qo.zp);
  auto st = std::make_unique<QRsqrtState>();
  const float outScale = qo.scale;
  lutPopulateInt16<float>(
      qi.scale, 0, qo.scale, 0,
      [outScale](float v) {
        return v <= 0.f ? 32767.f * outScale : 1.f / std::sqrt(v);
      },
      st->lut);
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, in->shape);
}

absl::Status rsqrtEval(OpContext &ctx) {
  if (ctx.input(0)->type == TensorType::kInt8)
    return rsqrtInt8Eval(ctx);
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QRsqrtState *>(ctx.state().get());
  const int16_t *x = in.as<int16_t>();
  int16_t *y = out.as<int16_t>();
  const int64_t n = in.numElements();
  for (int64_t i = 0; i < n; ++i)
    if (x[i] < 0)
      return invalid("RSQRT is only defined for non-negative values; "
                     "element ",
                     i, " is ", x[i]);
  for (int64_t i = 0; i < n; ++i)
    y[i] = lutLookupInt16(x[i], st.lut);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// SOFTMAX
//===----------------------------------------------------------------------===//

namespace {

/// Per-node state of the int16 SOFTMAX: its exp and 1/(1+x) tables and
/// the input multiplier.
struct QSoftmax16State : NodeState {
  int16_t expLut[513];
  int16_t recipLut[513];
  QuantMultiplier inMult;
};

/// TFLite's reference SoftmaxInt16: exp(x - max) from the table (Q0.15),
/// their sum, its reciprocal from the 1/(1+x) table after normalizing the
/// sum into [1, 2), and the rescaled products, saturated to [0, 32767].
absl::Status softmaxEvalInt16(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QSoftmax16State *>(ctx.state().get());
  const int16_t *x = in.as<int16_t>();
  int16_t *y = out.as<int16_t>();
  const int64_t depth = in.shape.back();
  const int64_t rows = depth ? in.numElements() / depth : 0;
  for (int64_t r = 0; r < rows; ++r) {
    const int16_t *xr = x + r * depth;
    int16_t *yr = y + r * depth;
    int16_t mx = std::numeric_limits<int16_t>::min();
    for (int64_t c = 0; c < depth; ++c)
      mx = std::max(mx, xr[c]);
    int32_t sum = 0; // Q16.15
    for (int64_t c = 0; c < depth; ++c) {
      const int32_t scaled =
          multiplyByQuantizedMultiplier(int32_t(xr[c]) - mx, st.inMult);
      const int32_t sym = std::clamp(scaled + 32767, -32768, 32767);
      yr[c] = lutLookupInt16(static_cast<int16_t>(sym), st.expLut);
      sum += yr[c];
    }
    if (sum <= 0)
      return invalid("int16 SOFTMAX: the sum of exponentials is ", sum);
    const int headroomPlusOne = std::countl_zero(static_cast<uint32_t>(sum));
    const int32_t shifted = static_cast<int32_t>(
        ((static_cast<int64_t>(sum) << (headroomPlusOne - 1)) + (1 << 13)) >>
        14);
    const int32_t sym =
        std::clamp(shifted - ((1 << 15) + (1 << 16)), -32768, 32767);
    const int16_t recip =
        lutLookupInt16(static_cast<int16_t>(sym), st.recipLut);
    const int rightShift = 31 - headroomPlusOne;
    const int64_t round = int64_t(1) << (rightShift - 1);
    for (int64_t c = 0; c < depth; ++c) {
      const int64_t v =
          (static_cast<int64_t>(yr[c]) * recip + round) >> rightShift;
      yr[c] = static_cast<int16_t>(std::clamp<int64_t>(v, 0, 32767));
    }
  }
  return absl::OkStatus();
}

} // namespace

absl::Status softmaxPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkQ(ctx.output(0), "output"));
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(ctx.output(0), "output", b));
  if (in->rank() < 1)
    return invalid("softmax input must have rank >= 1");
  if (in->type == TensorType::kInt16) {
    // TFLite's int16 SOFTMAX (activations.cc SoftmaxPrepare): zero points
    // 0, output scale 1/32768, an exp table over [-10, 0] and a 1/(1+x)
    // table over [0, 1] (LUTPopulate with double), input differences
    // rescaled so that 65535 units are 10.0.
    if (ctx.output(0)->type != TensorType::kInt16)
      return unimplemented("int16 SOFTMAX with ", typeName(ctx.output(0)->type),
                           " output");
    if (a.zp != 0 || b.zp != 0)
      return invalid("int16 SOFTMAX needs zero points 0, has ", a.zp, " and ",
                     b.zp);
    if (std::fabs(b.scale - 1.f / 32768) > 0.001f / 32768)
      return invalid("int16 SOFTMAX needs output scale 1/32768, has ", b.scale);
    auto st = std::make_unique<QSoftmax16State>();
    const double range = 65535.0;
    lutPopulateInt16<double>(
        10.0 / range, 32767, 2.0 / range, 0,
        [](double v) { return std::exp(v); }, st->expLut);
    lutPopulateInt16<double>(
        1.0 / range, -32768, 2.0 / range, 0,
        [](double v) { return 1.0 / (1.0 + v); }, st->recipLut);
    st->inMult = quantizeMultiplier(
        double(a.scale) * double(ctx.options().beta) / (10.0 / 65535.0));
    ctx.state() = std::move(st);
  } else {
    // TFLite's SoftmaxPrepare fixes the output quantization: int8 -> int8
    // zero point -128, uint8 -> uint8 zero point 0, both scale 1/256;
    // int8 -> int16 zero point 0, scale 1/32768 (TFLite) or zero point
    // -32768, scale 1/65536 (TFLite Micro's softmax_common.cc, as its
    // keyword_scrambled model has).
    const TensorType ot = ctx.output(0)->type;
    auto is = [&](int32_t zp, int32_t inv) {
      return b.zp == zp && std::fabs(b.scale - 1.f / inv) <= 0.001f / inv;
    };
    bool ok;
    const char *want;
    if (in->type == TensorType::kInt8 && ot == TensorType::kInt8) {
      ok = is(-128, 256);
      want = "zero point -128 and scale 1/256";
    } else if (in->type == TensorType::kUInt8 && ot == TensorType::kUInt8) {
      ok = is(0, 256);
      want = "zero point 0 and scale 1/256";
    } else if (in->type == TensorType::kInt8 && ot == TensorType::kInt16) {
      ok = is(0, 32768) || is(-32768, 65536);
      want = "zero point 0 and scale 1/32768 (TFLite Micro: -32768 and "
             "1/65536)";
    } else {
      return unimplemented("SOFTMAX with ", typeName(in->type), " input and ",
                           typeName(ot), " output");
    }
    if (!ok)
      return invalid("SOFTMAX with ", typeName(ot), " output needs ", want,
                     ", as TFLite's SOFTMAX does; it has ", b.zp, " and ",
                     b.scale);
  }
  return ctx.resizeOutput(0, in->shape);
}

/// softmax(beta * s * (q - max)) over the last dim, rounded to the output
/// scale (TFLite fixes it at 1/256 with zero point -128 for int8). Within
/// +-1 of TFLite's fixed-point / table kernels.
absl::Status softmaxEval(OpContext &ctx) {
  if (ctx.input(0)->type == TensorType::kInt16)
    return softmaxEvalInt16(ctx);
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", b));
  const double beta = ctx.options().beta;
  const int64_t depth = in.shape.back();
  const int64_t rows = depth ? in.numElements() / depth : 0;
  std::vector<double> e(depth);
  for (int64_t r = 0; r < rows; ++r) {
    int32_t mx = typeMin(in.type);
    for (int64_t i = 0; i < depth; ++i)
      mx = std::max(mx, loadQ(in, r * depth + i));
    double sum = 0;
    for (int64_t i = 0; i < depth; ++i) {
      e[i] = std::exp(beta * a.scale * double(loadQ(in, r * depth + i) - mx));
      sum += e[i];
    }
    for (int64_t i = 0; i < depth; ++i)
      storeQ(
          out, r * depth + i,
          clampT(static_cast<int64_t>(std::round(e[i] / sum / b.scale)) + b.zp,
                 out.type));
  }
  return absl::OkStatus();
}

} // namespace tfmlir::lite::kernels::quantized
