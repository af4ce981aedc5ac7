//===- QuantUtil.h - Fixed-point arithmetic of the integer kernels -*- C++ -*-//
//
// Integer requantization as TFLite's reference kernels do it
// (tensorflow/lite/kernels/internal/common.h and quantization_util.cc,
// default double-rounding variant): a real multiplier M > 0 is represented
// as a Q0.31 int32 `multiplier` in [2^30, 2^31) and a power-of-two `shift`
// (M = multiplier * 2^(shift - 31)); x * M is computed as
// RoundingDivideByPOT(SaturatingRoundingDoublingHighMul(x << left, m), right)
// so that our int8 / uint8 / int16 kernels agree bit for bit with TFLite's
// where TFLite's result is exactly defined by this arithmetic.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_QUANTUTIL_H
#define TFMLIR_RUNTIME_LITE_KERNELS_QUANTUTIL_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace tfmlir::lite::kernels {

/// A real multiplier as (Q0.31 multiplier, power-of-two shift); shift > 0
/// is a left shift. multiplier == 0 represents 0.
struct QuantMultiplier {
  int32_t multiplier = 0;
  int shift = 0;
};

/// Splits `real` (>= 0, finite) into a Q0.31 multiplier and a shift, as
/// TFLite's QuantizeMultiplier: frexp, round(q * 2^31) half away from zero,
/// renormalize when the rounding reaches 2^31, and flush to 0 when the shift
/// is below -31. Values of 2^31 or more saturate to the largest
/// representable multiplier with shift 30.
inline QuantMultiplier quantizeMultiplier(double real) {
  QuantMultiplier r;
  if (!(real > 0.0) || !std::isfinite(real))
    return r;
  int shift = 0;
  const double q = std::frexp(real, &shift);
  int64_t fixed = static_cast<int64_t>(std::round(q * double(1ll << 31)));
  if (fixed == (1ll << 31)) {
    fixed /= 2;
    ++shift;
  }
  if (shift < -31) {
    shift = 0;
    fixed = 0;
  }
  if (shift > 30) {
    shift = 30;
    fixed = (1ll << 31) - 1;
  }
  r.multiplier = static_cast<int32_t>(fixed);
  r.shift = shift;
  return r;
}

/// gemmlowp's SaturatingRoundingDoublingHighMul: the high 32 bits of
/// 2 * a * b, rounded half away from zero; INT32_MIN * INT32_MIN saturates
/// to INT32_MAX.
inline int32_t saturatingRoundingDoublingHighMul(int32_t a, int32_t b) {
  if (a == b && a == std::numeric_limits<int32_t>::min())
    return std::numeric_limits<int32_t>::max();
  const int64_t ab = static_cast<int64_t>(a) * static_cast<int64_t>(b);
  const int32_t nudge = ab >= 0 ? (1 << 30) : (1 - (1 << 30));
  return static_cast<int32_t>((ab + nudge) / (1ll << 31));
}

/// gemmlowp's RoundingDivideByPOT: x / 2^exponent rounded to nearest, ties
/// away from zero; exponent in [0, 31].
inline int32_t roundingDivideByPOT(int32_t x, int exponent) {
  const int32_t mask = static_cast<int32_t>((1ll << exponent) - 1);
  const int32_t remainder = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return (x >> exponent) + (remainder > threshold ? 1 : 0);
}

/// x * M for an int32 x, as TFLite's MultiplyByQuantizedMultiplier(int32_t,
/// int32_t, int). The left shift is done in int32 like TFLite (callers keep
/// x << shift in range, as TFLite's kernels do).
inline int32_t multiplyByQuantizedMultiplier(int32_t x, QuantMultiplier m) {
  const int left = m.shift > 0 ? m.shift : 0;
  const int right = m.shift > 0 ? 0 : -m.shift;
  const int32_t shifted =
      static_cast<int32_t>(static_cast<uint32_t>(x) * (uint32_t(1) << left));
  return roundingDivideByPOT(
      saturatingRoundingDoublingHighMul(shifted, m.multiplier), right);
}

/// x * M for an int64 accumulator (int16x8 kernels with int64 bias), as
/// TFLite's MultiplyByQuantizedMultiplier(int64_t, int32_t, int): the
/// multiplier is reduced to 16 bits (rounded), then one rounding shift by
/// 15 - shift. The result is saturated to int32 (TFLite asserts it fits).
inline int32_t multiplyByQuantizedMultiplier64(int64_t x, QuantMultiplier m) {
  const int32_t reduced =
      m.multiplier < 0x7FFF0000 ? ((m.multiplier + (1 << 15)) >> 16) : 0x7FFF;
  const int totalShift = 15 - m.shift;
  if (totalShift <= 0 || totalShift >= 63)
    return 0;
  const int64_t round = int64_t(1) << (totalShift - 1);
  // Clamp x so the product cannot overflow int64 on hostile inputs
  // (TFLite requires |x| < 2^47).
  const int64_t lim = int64_t(1) << 47;
  x = std::clamp<int64_t>(x, -lim, lim - 1);
  int64_t r = (x * static_cast<int64_t>(reduced) + round) >> totalShift;
  r = std::clamp<int64_t>(r, std::numeric_limits<int32_t>::min(),
                          std::numeric_limits<int32_t>::max());
  return static_cast<int32_t>(r);
}

/// Saturating cast of an int32 to a narrower integer type T.
template <typename T> inline T saturateCast(int32_t v) {
  return static_cast<T>(std::clamp<int32_t>(v, std::numeric_limits<T>::min(),
                                            std::numeric_limits<T>::max()));
}

/// Quantizes a real value: zero_point + round(f / scale) (half away from
/// zero, float division as TFLite's activation-range code), saturated to T.
template <typename T>
inline T quantizeValue(float f, float scale, int32_t zeroPoint) {
  const float q = std::round(f / scale);
  const float lo = std::numeric_limits<T>::min(),
              hi = std::numeric_limits<T>::max();
  const float c =
      std::isnan(q) ? 0.f : std::clamp(q + float(zeroPoint), lo, hi);
  return static_cast<T>(c);
}

} // namespace tfmlir::lite::kernels

#endif // TFMLIR_RUNTIME_LITE_KERNELS_QUANTUTIL_H
