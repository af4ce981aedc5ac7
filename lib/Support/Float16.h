//===- Float16.h - IEEE half and bfloat16 to float, bit-exact --*- C++ -*-===//
//
// The 16-bit float formats widened to float32 without rounding (every half
// and bfloat16 value is a float32 value): zeros and subnormals, infinities,
// and NaNs (payload kept in the high mantissa bits) as IEEE 754 defines
// them. Used wherever stored 16-bit weights are expanded: TF.js float16
// weight quantization (lib/Translate/TFJSModel.cpp). No MLIR dependency.
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

} // namespace tfmlir

#endif
