//===- RsqrtInt8.cpp - int8 RSQRT -----------------------------------------===//
//
// int8 RSQRT with TFLite's integer arithmetic (elementwise.cc
// RsqrtEvalQuantized, common.h GetInvSqrtQuantizedMultiplierExp):
//   M = QuantizeMultiplier(1 / (sqrtf(in_scale) * out_scale))
//   v = q - in_zero_point;  v == 0 -> 127
//   (m, s) = inverse square root of v as a fixed-point multiplier
//   data = MultiplyByQuantizedMultiplier(1, m, s + 20)
//   out  = clamp(MultiplyByQuantizedMultiplier(data, M - 20 bits) + out_zp)
// so results are bit-exact with TFLite. v < 0 (a negative real input) is an
// Eval error, as TFLite's "Rsqrt is only defined for positive values". The
// 256 possible outputs are tabulated at Prepare.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/RsqrtInt8.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantUtil.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

/// gemmlowp's SaturatingRoundingMultiplyByPOT<e> on a raw int32.
int32_t satRoundMulPOT(int32_t x, int e) {
  if (e == 0)
    return x;
  if (e < 0)
    return roundingDivideByPOT(x, -e);
  const int32_t threshold = (int32_t(1) << (31 - e)) - 1;
  if (x > threshold)
    return std::numeric_limits<int32_t>::max();
  if (x < -threshold)
    return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(static_cast<uint32_t>(x) << e);
}

struct RsqrtInt8State : NodeState {
  int8_t table[256]; ///< output for input q, indexed by q + 128
  int32_t inZp = 0;
};

} // namespace

void invSqrtQuantizedMultiplierExp(int32_t input, int32_t &multiplier,
                                   int &shift) {
  if (input <= 1) {
    multiplier = std::numeric_limits<int32_t>::max();
    shift = 0;
    return;
  }
  shift = 11;
  while (input >= (1 << 29)) {
    input /= 4;
    ++shift;
  }
  const unsigned maxLeftShiftBits =
      static_cast<unsigned>(__builtin_clz(static_cast<uint32_t>(input))) - 1;
  const unsigned pairs = maxLeftShiftBits / 2 - 1;
  shift -= static_cast<int>(pairs);
  input <<= 2 * pairs;
  // Fixed point with 3 integer bits (raw / 2^28); products of two such
  // numbers have 6 integer bits, of three 9, and Rescale<3> brings them back
  // with a saturating shift, as gemmlowp's FixedPoint.
  const int32_t in3 = input >> 1;
  const int32_t halfIn3 = satRoundMulPOT(in3, -1);
  const int32_t halfThree3 = (1 << 28) + (1 << 27); // 1.5
  int32_t x = 1 << 28;                              // 1.0
  for (int i = 0; i < 5; ++i) {
    const int32_t x2 = saturatingRoundingDoublingHighMul(x, x);  // 6 bits
    const int32_t x3 = saturatingRoundingDoublingHighMul(x2, x); // 9 bits
    const int32_t x3r = satRoundMulPOT(x3, 6);                   // 3 bits
    const int32_t a = saturatingRoundingDoublingHighMul(halfThree3, x); // 6
    const int32_t b = saturatingRoundingDoublingHighMul(halfIn3, x3r);  // 6
    x = satRoundMulPOT(static_cast<int32_t>(static_cast<uint32_t>(a) -
                                            static_cast<uint32_t>(b)),
                       3);
  }
  // x * sqrt(2) / 2 (a 0-integer-bit constant): stays 3 integer bits.
  x = saturatingRoundingDoublingHighMul(x, 1518500250);
  multiplier = x;
  if (shift < 0) {
    multiplier =
        static_cast<int32_t>(static_cast<uint32_t>(multiplier) << -shift);
    shift = 0;
  }
  shift = -shift; // TFLite's kReverseShift
}

absl::Status rsqrtInt8Prepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkType(in, TensorType::kInt8, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, TensorType::kInt8, "output"));
  for (const Tensor *t : {in, static_cast<const Tensor *>(out)})
    if (t->quant.scale.size() != 1 || t->quant.zeroPoint.size() != 1)
      return invalid("int8 RSQRT needs per-tensor scale and zero point on ",
                     t == in ? "input" : "output");
  const float inScale = in->quant.scale[0], outScale = out->quant.scale[0];
  const QuantMultiplier m =
      quantizeMultiplier(1.0 / (std::sqrt(inScale) * outScale));
  auto st = std::make_unique<RsqrtInt8State>();
  st->inZp = static_cast<int32_t>(in->quant.zeroPoint[0]);
  const int32_t outZp = static_cast<int32_t>(out->quant.zeroPoint[0]);
  constexpr int kShift = 20;
  for (int q = -128; q <= 127; ++q) {
    const int32_t v = q - st->inZp;
    int32_t r;
    if (v <= 0) {
      r = 127; // v == 0 as TFLite; v < 0 is refused at Eval
    } else {
      int32_t isqM;
      int isqS;
      invSqrtQuantizedMultiplierExp(v, isqM, isqS);
      const int32_t data =
          multiplyByQuantizedMultiplier(1, {isqM, isqS + kShift});
      r = multiplyByQuantizedMultiplier(data,
                                        {m.multiplier, m.shift - kShift}) +
          outZp;
    }
    st->table[q + 128] = static_cast<int8_t>(std::clamp(r, -128, 127));
  }
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, in->shape);
}

absl::Status rsqrtInt8Eval(OpContext &ctx) {
  const auto &st = *static_cast<RsqrtInt8State *>(ctx.state().get());
  const int8_t *x = ctx.input(0)->as<int8_t>();
  int8_t *y = ctx.output(0)->as<int8_t>();
  const int64_t n = ctx.input(0)->numElements();
  for (int64_t i = 0; i < n; ++i)
    if (x[i] < st.inZp)
      return invalid("RSQRT is only defined for non-negative values; "
                     "element ",
                     i, " is ", int(x[i]), " below the zero point ", st.inZp);
  for (int64_t i = 0; i < n; ++i)
    y[i] = st.table[x[i] + 128];
  return absl::OkStatus();
}

} // namespace tfmlir::lite::kernels
