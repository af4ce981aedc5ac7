//===- Float16.h - IEEE half and bfloat16 to float, bit-exact --*- C++ -*-===//
//
// The 16-bit float formats widened to float32 without rounding (every half
// and bfloat16 value is a float32 value): zeros and subnormals, infinities,
// and NaNs (payload kept in the high mantissa bits) as IEEE 754 defines
// them. Used wherever stored 16-bit weights are expanded: TF.js float16
// weight quantization (lib/Translate/TFJSModel.cpp). The narrowing
// direction (float32 -> half / bfloat16, round to nearest even, as Eigen's
// half and bfloat16 casts in TF's CPU kernels) serves the CSV feed reader
// and the Session's f16/bf16 host kernels. No MLIR dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_FLOAT16_H
#define TFMLIR_LIB_SUPPORT_FLOAT16_H

#include <cstdint>

namespace tfmlir {

/// The float32 bit pattern of the IEEE 754 binary16 value `bits`
/// (1 sign, 5 exponent, 10 mantissa bits).
uint32_t halfBitsToFloatBits(uint16_t bits);

/// The IEEE 754 binary16 value `bits` as a float (exact).
float halfToFloat(uint16_t bits);

/// The bfloat16 value `bits` (the high half of a float32) as a float.
float bfloat16ToFloat(uint16_t bits);

/// The binary16 bit pattern nearest `f` (round to nearest, ties to even):
/// overflow (|f| >= 65520) gives infinity of f's sign, values below half
/// the smallest subnormal give a signed zero, and a NaN gives the quiet NaN
/// 0x7e00 with f's sign (the payload is not kept).
uint16_t floatToHalf(float f);

/// The bfloat16 bit pattern nearest `f` (round to nearest even on the low
/// 16 bits, as Eigen's bfloat16 and TF's CPU Cast); a NaN stays a (quiet)
/// NaN with its sign and high payload bits.
uint16_t floatToBfloat16(float f);

} // namespace tfmlir

#endif
