//===- RsqrtInt8.h - int8 RSQRT ---------------------------------*- C++ -*-===//
//
// int8 RSQRT (RsqrtInt8.cpp), reached through RSQRT's type switch
// (Elementwise.cpp, then ElementwiseInteger.cpp's quantized::rsqrtPrepare).
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_RSQRTINT8_H
#define TFMLIR_RUNTIME_LITE_KERNELS_RSQRTINT8_H

#include "runtime/lite/Kernel.h"

namespace tfmlir::lite::kernels {

/// Prepare of int8 RSQRT: int8 input and output with per-tensor scales;
/// builds the 256-entry output table (see RsqrtInt8.cpp).
absl::Status rsqrtInt8Prepare(OpContext &ctx);
/// Eval of int8 RSQRT: InvalidArgument when an input is below the input
/// zero point (a negative real value), as TFLite.
absl::Status rsqrtInt8Eval(OpContext &ctx);
/// TFLite's GetInvSqrtQuantizedMultiplierExp for reverse_shift -1: 1 /
/// sqrt(input) as (Q0.31 multiplier, shift) by five fixed-point
/// Newton-Raphson steps; inputs <= 1 give (INT32_MAX, 0). Exposed for tests.
void invSqrtQuantizedMultiplierExp(int32_t input, int32_t &multiplier,
                                   int &shift);

} // namespace tfmlir::lite::kernels

#endif
