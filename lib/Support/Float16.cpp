//===- Float16.cpp - IEEE half and bfloat16 to float, bit-exact -----------===//
#include "lib/Support/Float16.h"

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

} // namespace tfmlir
