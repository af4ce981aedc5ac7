//===- Quantized.cpp - int8 / uint8 / int16 kernels and type dispatch ----===//
//
// Integer kernels after TFLite's reference kernels
// (tensorflow/lite/kernels/internal/reference/integer_ops/*, reference_ops
// for uint8): real = scale * (q - zero_point); accumulation in int32 (int64
// for int16 activations); requantization with QuantUtil.h's fixed-point
// multipliers, so results match TFLite bit for bit where TFLite's kernel is
// pure integer arithmetic (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED,
// TRANSPOSE_CONV, ADD, SUB, MUL, pools, LEAKY_RELU, requantizing QUANTIZE,
// CONCATENATION, PAD). SOFTMAX, LOGISTIC, TANH, HARD_SWISH, MEAN and
// RESIZE_BILINEAR are computed through float/double and rounded, so they
// agree with TFLite's kernels within +-1 output step.
//
// Dispatch: every builtin that has an integer kernel here is registered
// with a dispatcher; it picks the integer kernel when the op's activation
// input is int8 / uint8 / int16 (or, for FC / CONV / DEPTHWISE, when float
// activations meet int8 weights: the hybrid kernels), and otherwise runs the
// float kernel registered by the other kernel files.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/Hybrid.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"
#include "runtime/lite/kernels/QuantUtil.h"
#include "runtime/lite/kernels/RsqrtInt8.h"

#include <array>
#include <atomic>
#include <bit>
#include <limits>
#include <map>
#include <mutex>
#include <new>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tfmlir::lite::kernels {
namespace {

//===----------------------------------------------------------------------===//
// ADD / SUB / MUL
//===----------------------------------------------------------------------===//

struct QBinaryState : NodeState {
  TQ a, b, out;
  int leftShift = 20;
  QuantMultiplier ma, mb, mout;
  int32_t lo = 0, hi = 0;
};

absl::Status qbinaryPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(a, "input 0"));
  TFMLIR_RETURN_IF_ERROR(checkType(b, a->type, "input 1"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, a->type, "output"));
  auto st = std::make_unique<QBinaryState>();
  TFMLIR_RETURN_IF_ERROR(perTensor(a, "input 0", st->a));
  TFMLIR_RETURN_IF_ERROR(perTensor(b, "input 1", st->b));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", st->out));
  TFMLIR_RETURN_IF_ERROR(activationRangeQ(ctx.options().activation, out->type,
                                          st->out, st->lo, st->hi));
  if (ctx.op().builtinCode == kOp_MUL) {
    // TFLite mul.cc: input1_scale * input2_scale / output_scale in float.
    float real = st->a.scale * st->b.scale / st->out.scale;
    st->mout = quantizeMultiplier(real);
  } else {
    // TFLite add.cc / sub.cc general path: inputs scaled to
    // 2 * max(scale) with 20 (8-bit) or 15 (int16) bits of headroom.
    st->leftShift = a->type == TensorType::kInt16 ? 15 : 20;
    const double twiceMax = 2 * std::max(st->a.scale, st->b.scale);
    st->ma = quantizeMultiplier(st->a.scale / twiceMax);
    st->mb = quantizeMultiplier(st->b.scale / twiceMax);
    st->mout =
        quantizeMultiplier(twiceMax / ((1 << st->leftShift) * st->out.scale));
  }
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(a->shape, b->shape, shape));
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

absl::Status qbinaryEval(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QBinaryState *>(ctx.state().get());
  const int32_t code = ctx.op().builtinCode;
  const int32_t ls = 1 << st.leftShift;
  forEachBroadcast(
      a.shape, b.shape, out.shape, [&](int64_t o, int64_t ia, int64_t ib) {
        const int32_t x = loadQ(a, ia) - st.a.zp, y = loadQ(b, ib) - st.b.zp;
        int32_t raw;
        // Products in int64, wrapped to int32 like TFLite's int32 arithmetic
        // (no overflow for valid zero points; hostile ones must not be UB).
        auto wrap = [](int64_t v) { return static_cast<int32_t>(v); };
        if (code == kOp_MUL) {
          raw = multiplyByQuantizedMultiplier(wrap(int64_t(x) * y), st.mout);
        } else {
          const int32_t sx =
              multiplyByQuantizedMultiplier(wrap(int64_t(x) * ls), st.ma);
          const int32_t sy =
              multiplyByQuantizedMultiplier(wrap(int64_t(y) * ls), st.mb);
          raw = multiplyByQuantizedMultiplier(
              wrap(code == kOp_ADD ? int64_t(sx) + sy : int64_t(sx) - sy),
              st.mout);
        }
        storeQ(out, o,
               static_cast<int32_t>(std::clamp<int64_t>(
                   int64_t(raw) + st.out.zp, st.lo, st.hi)));
      });
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Element-wise functions through a lookup table (8-bit) or fixed point
//===----------------------------------------------------------------------===//

// ---- int16 lookup tables (TFLite's LUTPopulate / int16 LookupTable) -------

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

struct QLutState : NodeState {
  TQ in, out;
  int32_t lut[256];
  QuantMultiplier alphaMult, identityMult; ///< LEAKY_RELU
  int32_t int16Mult = 0; ///< int16 LOGISTIC / TANH input rescale
  int int16Shift = 0;
};

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

absl::Status qunaryPrepare(OpContext &ctx) {
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

absl::Status qunaryEval(OpContext &ctx) {
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
// RSQRT (int16)
//===----------------------------------------------------------------------===//

struct QRsqrtState : NodeState {
  int16_t lut[513];
};

/// int16 RSQRT as TFLite's elementwise.cc: zero points 0, a 513-entry
/// table of 1/sqrt(x) (float LUTPopulate; x <= 0 maps to the largest
/// output), interpolated; a negative input is an error.
absl::Status qrsqrtPrepare(OpContext &ctx) {
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

absl::Status qrsqrtEval(OpContext &ctx) {
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

struct QSoftmax16State : NodeState {
  int16_t expLut[513];
  int16_t recipLut[513];
  QuantMultiplier inMult;
};

absl::Status qsoftmaxPrepare(OpContext &ctx) {
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
  }
  return ctx.resizeOutput(0, in->shape);
}

/// TFLite's reference SoftmaxInt16: exp(x - max) from the table (Q0.15),
/// their sum, its reciprocal from the 1/(1+x) table after normalizing the
/// sum into [1, 2), and the rescaled products, saturated to [0, 32767].
absl::Status qsoftmaxEvalInt16(OpContext &ctx) {
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

/// softmax(beta * s * (q - max)) over the last dim, rounded to the output
/// scale (TFLite fixes it at 1/256 with zero point -128 for int8). Within
/// +-1 of TFLite's fixed-point / table kernels.
absl::Status qsoftmaxEval(OpContext &ctx) {
  if (ctx.input(0)->type == TensorType::kInt16)
    return qsoftmaxEvalInt16(ctx);
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

//===----------------------------------------------------------------------===//
// QUANTIZE (float -> int, and requantize int -> int)
//===----------------------------------------------------------------------===//

absl::Status qquantizePrepare(OpContext &ctx) {
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

/// QUANTIZE float -> 8-bit: the arithmetic of qquantizeEval's loop
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
absl::Status qquantizeEval(OpContext &ctx) {
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

//===----------------------------------------------------------------------===//
// MEAN
//===----------------------------------------------------------------------===//

struct QMeanState : NodeState {
  std::vector<bool> reduced;
};

absl::Status qmeanPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(ctx.output(0), "output", b));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "axes"));
  if (!ctx.hasData(1)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  auto st = std::make_unique<QMeanState>();
  st->reduced.assign(in->rank(), false);
  const Tensor &ax = *ctx.input(1);
  // A scalar input ignores its axes, as in Reduce.cpp (TFLite's ResolveAxis).
  for (int64_t i = 0, n = in->rank() ? ax.numElements() : 0; i < n; ++i) {
    int d;
    TFMLIR_RETURN_IF_ERROR(normalizeAxis(readInt(ax, i), in->rank(), d));
    st->reduced[d] = true;
  }
  std::vector<int32_t> shape;
  for (int d = 0; d < in->rank(); ++d) {
    if (!st->reduced[d])
      shape.push_back(in->shape[d]);
    else if (ctx.options().keepDims)
      shape.push_back(1);
  }
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

/// Mean of s_in * (q - zp_in) requantized to the output: exact int64 sum,
/// one rounding (within +-1 of TFLite's multiplier-based kernels).
absl::Status qmeanEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QMeanState *>(ctx.state().get());
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", b));
  const int r = in.rank();
  std::vector<int64_t> outStride(r, 0);
  int64_t s = 1, count = 1;
  for (int d = r - 1; d >= 0; --d) {
    if (st.reduced[d]) {
      count *= in.shape[d];
      continue;
    }
    outStride[d] = s;
    s *= in.shape[d];
  }
  std::vector<int64_t> sums(static_cast<size_t>(out.numElements()), 0);
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0, n = in.numElements(); i < n; ++i) {
    int64_t o = 0;
    for (int d = 0; d < r; ++d)
      o += idx[d] * outStride[d];
    sums[o] += loadQ(in, i) - a.zp;
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < in.shape[d])
        break;
      idx[d] = 0;
    }
  }
  const double k = count ? double(a.scale) / (double(b.scale) * count) : 0.0;
  for (size_t o = 0; o < sums.size(); ++o)
    storeQ(
        out, o,
        clampT(static_cast<int64_t>(std::round(sums[o] * k)) + b.zp, out.type));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// CONCATENATION, PAD / PADV2, RESIZE_BILINEAR
//===----------------------------------------------------------------------===//

/// Concatenation with requantization of inputs whose quantization differs
/// from the output's: round(q * s_in/s_out - zp_in * s_in/s_out) + zp_out
/// in float, as TFLite's ConcatenationWithScaling.
absl::Status qconcatEval(OpContext &ctx, const KernelRegistration &floatReg) {
  Tensor &out = *ctx.output(0);
  // Plain 8/16-bit integers (no quantization on any tensor): TFLite's
  // AllInputsHaveSameQuantizationAsOutput holds (all params zero) and it
  // concatenates without scaling.
  bool unquantized = out.quant.scale.empty();
  for (int i = 0; i < ctx.numInputs(); ++i)
    unquantized &= ctx.input(i) && ctx.input(i)->quant.scale.empty();
  if (unquantized)
    return floatReg.eval(ctx);
  TQ qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", qo));
  bool same = true;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    TQ qi;
    TFMLIR_RETURN_IF_ERROR(perTensor(ctx.input(i), "input", qi));
    same &= qi.scale == qo.scale && qi.zp == qo.zp;
  }
  if (same)
    return floatReg.eval(ctx);
  int axis;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().axis, out.rank(), axis));
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d)
    outer *= out.shape[d];
  int64_t outRow = out.numElements() / std::max<int64_t>(outer, 1);
  int64_t off = 0;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    const Tensor &in = *ctx.input(i);
    TQ qi;
    TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", qi));
    const int64_t row = in.numElements() / std::max<int64_t>(outer, 1);
    const float scale = qi.scale / qo.scale;
    const float bias = -qi.zp * scale;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t j = 0; j < row; ++j) {
        int32_t v = loadQ(in, o * row + j);
        if (!(qi.scale == qo.scale && qi.zp == qo.zp))
          v = static_cast<int32_t>(std::round(v * scale + bias)) + qo.zp;
        storeQ(out, o * outRow + off + j, clampT(v, out.type));
      }
    off += row;
  }
  return absl::OkStatus();
}

/// Constant PAD of a quantized tensor: the pad value is the output zero
/// point (PAD) or the given value (PADV2), as TFLite.
absl::Status qpadEval(OpContext &ctx, const KernelRegistration &floatReg) {
  if (ctx.input(2))
    return floatReg.eval(ctx);
  const Tensor &in = *ctx.input(0), &p = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  TQ qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", qo));
  if (qo.zp == 0)
    return floatReg.eval(ctx);
  const int r = in.rank();
  const int64_t n = out.numElements();
  for (int64_t i = 0; i < n; ++i)
    storeQ(out, i, qo.zp);
  std::vector<int64_t> lo(r);
  for (int d = 0; d < r; ++d)
    lo[d] = readInt(p, 2 * d);
  std::vector<int64_t> os(r, 1);
  for (int d = r - 2; d >= 0; --d)
    os[d] = os[d + 1] * out.shape[d + 1];
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0, m = in.numElements(); i < m; ++i) {
    int64_t o = 0;
    for (int d = 0; d < r; ++d)
      o += (idx[d] + lo[d]) * os[d];
    storeQ(out, o, loadQ(in, i));
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < in.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

absl::Status qresizePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *sz = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  TFMLIR_RETURN_IF_ERROR(checkType(sz, TensorType::kInt32, "size"));
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(ctx.output(0), "output", b));
  if (a.scale != b.scale || a.zp != b.zp)
    return unimplemented("RESIZE_BILINEAR with different input and output "
                         "quantization");
  if (in->rank() != 4 || sz->numElements() != 2)
    return invalid("input must be rank 4 and size have 2 elements");
  if (ctx.options().alignCorners && ctx.options().halfPixelCenters)
    return invalid("align_corners and half_pixel_centers are exclusive");
  if (!ctx.hasData(1)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  int32_t h = sz->as<int32_t>()[0], w = sz->as<int32_t>()[1];
  if (h <= 0 || w <= 0)
    return invalid("output size ", h, "x", w, " must be positive");
  return ctx.resizeOutput(0, {in->shape[0], h, w, in->shape[3]});
}

/// Bilinear interpolation of the quantized values (input and output share
/// scale and zero point), rounded half away from zero; same sampling
/// positions as the float kernel.
absl::Status qresizeEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  const bool ac = ctx.options().alignCorners,
             hp = ctx.options().halfPixelCenters;
  auto scaleOf = [&](int i, int o) {
    return (ac && o > 1) ? static_cast<float>(i - 1) / (o - 1)
                         : static_cast<float>(i) / o;
  };
  const float sy = scaleOf(H, OH), sx = scaleOf(W, OW);
  auto interp = [&](int v, float scale, int size, float &f, int &lo, int &hi) {
    f = hp ? (v + 0.5f) * scale - 0.5f : v * scale;
    lo = std::max(static_cast<int>(std::floor(f)), 0);
    hi = std::min(static_cast<int>(std::ceil(f)), size - 1);
  };
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < OH; ++y) {
      float fy;
      int y0, y1;
      interp(y, sy, H, fy, y0, y1);
      for (int x = 0; x < OW; ++x) {
        float fx;
        int x0, x1;
        interp(x, sx, W, fx, x0, x1);
        const double dy = fy - y0, dx = fx - x0;
        auto at = [&](int yy, int xx, int c) {
          return double(
              loadQ(in, ((static_cast<int64_t>(n) * H + yy) * W + xx) * C + c));
        };
        for (int c = 0; c < C; ++c) {
          double v = at(y0, x0, c) * (1 - dy) * (1 - dx) +
                     at(y1, x0, c) * dy * (1 - dx) +
                     at(y0, x1, c) * (1 - dy) * dx + at(y1, x1, c) * dy * dx;
          storeQ(out, ((static_cast<int64_t>(n) * OH + y) * OW + x) * C + c,
                 clampT(static_cast<int64_t>(std::round(v)), out.type));
        }
      }
    }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// The float (and type-generic) kernels, as the other kernel files register
/// them.
const MutableOpResolver &floatResolver() {
  static const MutableOpResolver r = [] {
    MutableOpResolver m;
#define TFMLIR_LITE_KERNEL_FILE(fn) fn(m);
#include "runtime/lite/kernels/Registrations.def"
#undef TFMLIR_LITE_KERNEL_FILE
    return m;
  }();
  return r;
}

enum class Route { kFloat, kQuant, kHybrid };

Route routeOf(OpContext &ctx) {
  const int32_t code = ctx.op().builtinCode;
  const int act = code == kOp_TRANSPOSE_CONV ? 2 : 0;
  const Tensor *in = ctx.input(act);
  if (!in)
    return Route::kFloat;
  if (code == kOp_QUANTIZE)
    return Route::kQuant;
  if (isQType(in->type))
    return Route::kQuant;
  if ((code == kOp_FULLY_CONNECTED || code == kOp_CONV_2D ||
       code == kOp_DEPTHWISE_CONV_2D) &&
      in->type == TensorType::kFloat32 && ctx.input(1) &&
      (ctx.input(1)->type == TensorType::kInt8 ||
       ctx.input(1)->type == TensorType::kUInt8))
    return Route::kHybrid;
  return Route::kFloat;
}

const KernelRegistration *floatKernel(OpContext &ctx) {
  return floatResolver().findBuiltin(ctx.op().builtinCode, ctx.op().version);
}

} // namespace

namespace {

absl::Status quantPrepare(OpContext &ctx) {
  switch (ctx.op().builtinCode) {
  case kOp_ADD:
  case kOp_SUB:
  case kOp_MUL:
    return qbinaryPrepare(ctx);
  case kOp_LOGISTIC:
  case kOp_TANH:
  case kOp_HARD_SWISH:
  case kOp_LEAKY_RELU:
  case kOp_RELU:
  case kOp_RELU6:
  case kOp_RELU_N1_TO_1:
    return qunaryPrepare(ctx);
  case kOp_SOFTMAX:
    return qsoftmaxPrepare(ctx);
  case kOp_RSQRT:
    return qrsqrtPrepare(ctx);
  case kOp_QUANTIZE:
    return qquantizePrepare(ctx);
  case kOp_MEAN:
    return qmeanPrepare(ctx);
  case kOp_RESIZE_BILINEAR:
    return qresizePrepare(ctx);
  default:
    break;
  }
  // Type-generic kernels (shape ops, CONCATENATION, PAD) prepare as the
  // float registration does.
  const KernelRegistration *f = floatKernel(ctx);
  if (!f)
    return unimplemented("no kernel for quantized ",
                         builtinOpName(ctx.op().builtinCode), " v",
                         ctx.op().version);
  return f->prepare ? f->prepare(ctx) : absl::OkStatus();
}

absl::Status quantEval(OpContext &ctx) {
  switch (ctx.op().builtinCode) {
  case kOp_ADD:
  case kOp_SUB:
  case kOp_MUL:
    return qbinaryEval(ctx);
  case kOp_LOGISTIC:
  case kOp_TANH:
  case kOp_HARD_SWISH:
  case kOp_LEAKY_RELU:
  case kOp_RELU:
  case kOp_RELU6:
  case kOp_RELU_N1_TO_1:
    return qunaryEval(ctx);
  case kOp_SOFTMAX:
    return qsoftmaxEval(ctx);
  case kOp_RSQRT:
    return qrsqrtEval(ctx);
  case kOp_QUANTIZE:
    return qquantizeEval(ctx);
  case kOp_MEAN:
    return qmeanEval(ctx);
  case kOp_RESIZE_BILINEAR:
    return qresizeEval(ctx);
  default:
    break;
  }
  const KernelRegistration *f = floatKernel(ctx);
  if (!f)
    return unimplemented("no kernel for quantized ",
                         builtinOpName(ctx.op().builtinCode));
  switch (ctx.op().builtinCode) {
  case kOp_CONCATENATION:
    return qconcatEval(ctx, *f);
  case kOp_PAD:
  case kOp_PADV2:
    return qpadEval(ctx, *f);
  default:
    return f->eval(ctx);
  }
}

/// TFLite's ADD / SUB / MUL Prepare sets the output type to the inputs'
/// type (`output->type = input2->type`) once both inputs agree, whatever
/// the model declares; TFLite's own test model add_quantized.bin relies on
/// it (a float32-declared intermediate between two uint8 ADDs). We do the
/// same, so such a model runs as it does in TFLite.
void retypeBinaryOutput(OpContext &ctx) {
  const int32_t code = ctx.op().builtinCode;
  if (code != kOp_ADD && code != kOp_SUB && code != kOp_MUL)
    return;
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  Tensor *out = ctx.output(0);
  if (a && b && out && a->type == b->type && out->type != b->type &&
      out->storage != Storage::kConstant && !out->isVariable)
    out->type = b->type;
}

absl::Status dispatchPrepare(OpContext &ctx) {
  retypeBinaryOutput(ctx);
  switch (routeOf(ctx)) {
  case Route::kQuant:
    return quantPrepare(ctx);
  case Route::kHybrid:
    return hybridPrepare(ctx);
  case Route::kFloat:
    break;
  }
  const KernelRegistration *f = floatKernel(ctx);
  if (!f)
    return unimplemented("no kernel for ", typeName(ctx.input(0)->type), " ",
                         builtinOpName(ctx.op().builtinCode), " v",
                         ctx.op().version);
  return f->prepare ? f->prepare(ctx) : absl::OkStatus();
}

absl::Status dispatchEval(OpContext &ctx) {
  switch (routeOf(ctx)) {
  case Route::kQuant:
    return quantEval(ctx);
  case Route::kHybrid:
    return hybridEval(ctx);
  case Route::kFloat:
    break;
  }
  const KernelRegistration *f = floatKernel(ctx);
  if (!f)
    return unimplemented("no kernel for ", builtinOpName(ctx.op().builtinCode));
  return f->eval(ctx);
}

/// The input-0 types the integer kernel of `code` accepts (the checks of
/// quantPrepare's qbinaryPrepare, qunaryPrepare, ...): int8, uint8 and
/// int16, except the 8-bit tables of HARD_SWISH and the RELUs, RSQRT's
/// int8 and int16 kernels, and QUANTIZE, which takes float32 and
/// requantizes int8 / uint8 / int16 / int32.
TypeSet integerInputTypes(int32_t code) {
  using TT = TensorType;
  switch (code) {
  case kOp_HARD_SWISH:
  case kOp_RELU:
  case kOp_RELU6:
  case kOp_RELU_N1_TO_1:
    return typeSet(TT::kInt8, TT::kUInt8);
  case kOp_RSQRT:
    return typeSet(TT::kInt8, TT::kInt16);
  case kOp_QUANTIZE:
    return typeSet(TT::kFloat32, TT::kInt8, TT::kUInt8, TT::kInt16, TT::kInt32);
  default:
    return typeSet(TT::kInt8, TT::kUInt8, TT::kInt16);
  }
}

} // namespace

/// Registers the dispatcher for every other op with an integer kernel, over the
/// versions the float registration covers and those TFLite uses for the
/// integer variants (e.g. CONV_2D v2/v3 int8, v4 int16x8 ... v8).
void registerQuantized(MutableOpResolver &r) {
  // CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, TRANSPOSE_CONV, the pools
  // and BATCH_MATMUL switch on their types in their own files.
  static const std::pair<int32_t, int32_t> ops[] = {
      {kOp_ADD, 5},           {kOp_SUB, 5},
      {kOp_MUL, 7},           {kOp_LOGISTIC, 3},
      {kOp_TANH, 3},          {kOp_HARD_SWISH, 1},
      {kOp_LEAKY_RELU, 2},    {kOp_RELU, 3},
      {kOp_RELU6, 3},         {kOp_RELU_N1_TO_1, 2},
      {kOp_SOFTMAX, 3},       {kOp_QUANTIZE, 3},
      {kOp_MEAN, 3},          {kOp_RESIZE_BILINEAR, 4},
      {kOp_CONCATENATION, 4}, {kOp_PAD, 4},
      {kOp_PADV2, 4},         {kOp_RSQRT, 3},
  };
  // The dispatcher declares the union of the types it routes: int8 /
  // uint8 / int16 inputs (QUANTIZE: all) go to the integer kernel
  // (routeOf), the others to the float registration. op-coverage lists
  // the float registration's types with "+ integer dispatch".
  const TypeSet routedToInteger =
      typeSet(TensorType::kInt8, TensorType::kUInt8, TensorType::kInt16);
  for (auto [code, qmax] : ops)
    for (int32_t v = 1; v <= 16; ++v) {
      const KernelRegistration *f = r.findBuiltin(code, v);
      if (v > qmax && !f)
        continue;
      TypeSet types = integerInputTypes(code);
      if (f && code != kOp_QUANTIZE)
        types |= f->inputTypes & ~routedToInteger;
      r.addBuiltin(code, {dispatchPrepare, dispatchEval, types}, v, v);
    }
}

} // namespace tfmlir::lite::kernels
