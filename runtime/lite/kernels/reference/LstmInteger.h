//===- LstmInteger.h - Reference loops of the full-integer LSTM -*- C++ -*-===//
//
// The integer LSTM step of TFLite's lstm_eval.cc (EvalInteger8x8_16 /
// LstmStepInteger8x8_16, with the portable tensor_utils it calls): int8
// input, output state and weights, int16 cell state (scale 2^cell_scale),
// int16 peephole and layer-norm weights, int32 biases. Gate pre-activations
// are int16 in Q3.12 (no layer norm) or in the calibrated scale of the gate
// intermediate (layer norm, whose output is Q3.12); gates are int16 Q0.15
// after gemmlowp's fixed-point logistic / tanh; the hidden value
// o * tanh(c) is int8 in the scale of intermediate 4. These loops are the
// ground truth; they are written from TFLite's documented arithmetic, not
// copied.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_REFERENCE_LSTMINTEGER_H
#define TFMLIR_RUNTIME_LITE_KERNELS_REFERENCE_LSTMINTEGER_H

#include "runtime/lite/kernels/QuantUtil.h"

#include <cstdint>
#include <vector>

namespace tfmlir::lite::kernels::reference {

/// gemmlowp's logistic on FixedPoint<int16_t, integerBits> (raw `x`, value
/// x * 2^(integerBits - 15)), result in Q0.15 (raw in [0, 32767]); as
/// TFLite's PortableApplySigmoid for integerBits 3. integerBits in [0, 6].
int16_t logisticQ15(int16_t x, int integerBits);
/// gemmlowp's tanh on FixedPoint<int16_t, integerBits>, result Q0.15; as
/// TFLite's PortableApplyTanh(integerBits, ...). integerBits in [0, 6].
int16_t tanhQ15(int16_t x, int integerBits);

/// The parameters of one gate (TFLite's IntegerLstmParameter, per gate).
struct LstmGateParams {
  const int8_t *inputWeights = nullptr;     ///< [cells, inputs]
  const int8_t *recurrentWeights = nullptr; ///< [cells, outputs]
  const int16_t *peephole = nullptr;        ///< [cells] or null
  const int16_t *layerNorm = nullptr;       ///< [cells] or null
  const int32_t *bias = nullptr; ///< gate bias, used only with layer norm
  /// bias - input_zp * rowsum(input weights) (bias only without layer norm)
  /// and -output_state_zp * rowsum(recurrent weights): [cells] each.
  std::vector<int32_t> inputEffBias, recurrentEffBias;
  /// input scale * weight scale / gate scale, output-state scale * weight
  /// scale / gate scale, 2^cell_scale * peephole scale / gate scale.
  QuantMultiplier inputScale, recurrentScale, peepholeScale;
  QuantMultiplier layerNormScale; ///< the layer-norm coefficients' scale
  int32_t varianceGuard = 1;      ///< max(1, int(10000 * layer norm scale))
};

/// Everything the integer step needs besides the state (TFLite's
/// IntegerLstmParameter). Gates are indexed input, forget, cell, output.
struct LstmIntegerParams {
  int inputs = 0, cells = 0, outputs = 0;
  bool cifg = false;
  LstmGateParams gate[4];
  int cellScale = 0;                  ///< log2 of the cell state's scale
  int16_t cellClip = 0;               ///< quantized cell_clip (0: none)
  int8_t projClip = 0;                ///< quantized proj_clip (0: none)
  QuantMultiplier hiddenScale;        ///< 2^-30 / hidden intermediate scale
  int32_t hiddenZp = 0;               ///< zero point of the hidden intermediate
  const int8_t *projection = nullptr; ///< [outputs, cells] or null
  QuantMultiplier projScale; ///< proj weight scale * hidden scale / out scale
  std::vector<int32_t> projEffBias; ///< bias - hidden_zp * rowsum: [outputs]
  int32_t outputZp = 0;             ///< zero point of the output state
};

/// Scratch of one step of `rows` batch rows: four int16 gate arrays, tanh
/// of the cell state and the int8 hidden value, [rows, cells] each.
struct LstmIntegerScratch {
  std::vector<int16_t> gate[4];
  std::vector<int16_t> tanhCell;
  std::vector<int8_t> hidden;
  void resize(int rows, int cells);
};

/// One LSTM step for `n` batch rows (LstmStepInteger8x8_16): reads x [n,
/// inputs], updates the output state h [n, outputs] (int8) and the cell
/// state c [n, cells] (int16) in place, and writes y [n, outputs] (= the
/// new h). The cell gate's activation is always tanh, as in TFLite. The
/// peephole product runs, as TFLite's, over rows of n_output values of the
/// flat [n, cells] arrays: per cell when outputs == cells, TFLite's layout
/// otherwise (time-major calls pass all batch rows, batch-major ones one).
void lstmIntegerStep(const LstmIntegerParams &p, int n, const int8_t *x,
                     int8_t *h, int16_t *c, int8_t *y, LstmIntegerScratch &s);

} // namespace tfmlir::lite::kernels::reference

#endif
