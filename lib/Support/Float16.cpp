//===- Float16.cpp - IEEE half and bfloat16 to float, bit-exact -----------===//
#include "lib/Support/Float16.h"

#include <cmath>
#include <cstring>

namespace tfmlir {

uint32_t halfBitsToFloatBits(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000) << 16;
  uint32_t exp = (bits >> 10) & 0x1f;
  uint32_t mant = bits & 0x3ff;
  if (exp == 31) // infinity or NaN: all-ones exponent, payload kept
    return sign | 0x7f800000u | (mant << 13);
  if (exp != 0) // normal: rebias 15 -> 127
    return sign | ((exp + 112) << 23) | (mant << 13);
  if (mant == 0) // signed zero
    return sign;
  // Subnormal: mant * 2^-24. Shift the leading one up to the implicit bit;
  // after s shifts the value is 1.f * 2^(-14 - s), biased 113 - s.
  uint32_t s = 0;
  while (!(mant & 0x400)) {
    mant <<= 1;
    ++s;
  }
  return sign | ((113 - s) << 23) | ((mant & 0x3ff) << 13);
}

float halfToFloat(uint16_t bits) {
  uint32_t f = halfBitsToFloatBits(bits);
  float v;
  std::memcpy(&v, &f, sizeof v);
  return v;
}

float bfloat16ToFloat(uint16_t bits) {
  uint32_t f = uint32_t(bits) << 16;
  float v;
  std::memcpy(&v, &f, sizeof v);
  return v;
}

uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  uint32_t sign = (x >> 16) & 0x8000;
  uint32_t absx = x & 0x7fffffff;
  if (absx > 0x7f800000) // NaN
    return sign | 0x7e00;
  if (absx >= 0x477ff000) // rounds to >= 65520: infinity
    return sign | 0x7c00;
  if (absx < 0x38800000) { // below 2^-14: a subnormal half (or zero)
    float a;
    std::memcpy(&a, &absx, sizeof a);
    // a * 2^24 is exact in float; nearbyint rounds ties to even.
    return sign | static_cast<uint16_t>(std::nearbyint(a * 16777216.0f));
  }
  // Normal: rebias 127 -> 15 and round the 13 dropped mantissa bits.
  uint32_t r = absx + 0xfff + ((absx >> 13) & 1) - 0x38000000;
  return sign | static_cast<uint16_t>(r >> 13);
}

uint16_t floatToBfloat16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, sizeof x);
  if ((x & 0x7fffffff) > 0x7f800000) // NaN: keep it quiet
    return static_cast<uint16_t>((x >> 16) | 0x40);
  return static_cast<uint16_t>((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

} // namespace tfmlir
