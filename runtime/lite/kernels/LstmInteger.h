//===- LstmInteger.h - Full-integer LSTM kernel -----------------*- C++ -*-===//
//
// The int8 path of UNIDIRECTIONAL_SEQUENCE_LSTM and LSTM (Recurrent.cpp's
// prepare and eval switch to it when the input is int8), as TFLite's
// lstm.cc / unidirectional_sequence_lstm.cc with 5 intermediates
// (PopulateQuantizedLstmParams8x8_16, EvalInteger8x8_16). The step loops are
// in kernels/reference/LstmInteger.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_LSTMINTEGER_H
#define TFMLIR_RUNTIME_LITE_KERNELS_LSTMINTEGER_H

#include "runtime/lite/Kernel.h"

namespace tfmlir::lite::kernels {

/// Prepare of the full-integer LSTM. Operands (TFLite's 20 or 24 inputs):
/// int8 input (per-tensor scale / zero point); int8 input, recurrent and
/// projection weights (per-tensor scale; read as symmetric, a zero point is
/// ignored as TFLite does); int16 peephole and layer-norm coefficients;
/// int32 gate and projection biases; an int8 output-state variable and an
/// int16 cell-state variable whose scale is a power of two in [2^-15,
/// 2^-9] (TFLite's CheckedLog2: log2 within 1e-3 of an integer; zero point
/// ignored); 5 intermediates (gate scales 0..3, used with layer norm; 4:
/// the hidden o * tanh(c) scale and zero point); int8 output (its scale
/// serves the projection clip only; the output state is copied to it).
/// Precomputes the effective multipliers and biases. Errors (InvalidArgument /
/// Unimplemented) name the operand and what is wrong.
absl::Status lstmIntegerPrepare(OpContext &ctx);
/// Eval: one integer step per (time, batch) row, state updated in place.
absl::Status lstmIntegerEval(OpContext &ctx);

} // namespace tfmlir::lite::kernels

#endif
