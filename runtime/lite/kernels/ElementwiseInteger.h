//===- ElementwiseInteger.h - Integer activations, SOFTMAX, RSQRT -*- C++
//-*-===//
//
// The int8 / uint8 / int16 forms of Elementwise.cpp's LOGISTIC, TANH,
// HARD_SWISH, LEAKY_RELU, RELU, RELU6, RELU_N1_TO_1, SOFTMAX and RSQRT
// (ElementwiseInteger.cpp, as TFLite's activations.cc, leaky_relu.cc and
// elementwise.cc). Elementwise.cpp registers these builtins; their Prepare
// / Eval call these when the input is int8 / uint8 / int16 (isQType).
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_ELEMENTWISEINTEGER_H
#define TFMLIR_RUNTIME_LITE_KERNELS_ELEMENTWISEINTEGER_H

#include "runtime/lite/Kernel.h"

#include "absl/status/status.h"

namespace tfmlir::lite::kernels::quantized {

/// LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, RELU, RELU6, RELU_N1_TO_1 of an
/// int8 / uint8 input (output of the same type and shape): a 256-entry
/// table of f(dequantized q) requantized to the output, built at Prepare
/// (LEAKY_RELU: TFLite's identity / alpha multipliers, bit-exact); int16
/// LOGISTIC / TANH (zero points 0, output scale 2^-15) as TFLite's
/// reference_integer_ops::Logistic / Tanh; int16 LEAKY_RELU by
/// multipliers. Unimplemented for the other int16 activations and for a
/// negative LEAKY_RELU alpha.
absl::Status activationPrepare(OpContext &ctx);
absl::Status activationEval(OpContext &ctx);

/// RSQRT of int8 (RsqrtInt8.cpp, TFLite's 8-bit table) or int16 (zero
/// points 0, TFLite's 513-entry interpolated 1/sqrt table; a negative
/// element is InvalidArgument at Eval, as in TFLite). Unimplemented for
/// uint8.
absl::Status rsqrtPrepare(OpContext &ctx);
absl::Status rsqrtEval(OpContext &ctx);

/// SOFTMAX over the last dimension of an int8 / uint8 input (through
/// double, within +-1 of TFLite) or an int16 one (TFLite's
/// SoftmaxInt16: exp and reciprocal tables, output scale 1/32768).
absl::Status softmaxPrepare(OpContext &ctx);
absl::Status softmaxEval(OpContext &ctx);

} // namespace tfmlir::lite::kernels::quantized

#endif // TFMLIR_RUNTIME_LITE_KERNELS_ELEMENTWISEINTEGER_H
