//===- DecomposeRNNOps.h - TF's recurrent cell ops -> primitive tf ops ----===//
//
// Patterns of `tf-decompose-fused-ops` (Passes.td) for TF's block RNN ops:
// LSTMBlockCell, BlockLSTM, BlockLSTMV2 and GRUBlockCell become MatMul,
// BiasAdd, ConcatV2, Split, Sigmoid, Tanh, Mul, AddV2 (and Minimum /
// Maximum for cell_clip, Unpack / Pack / SelectV2 for the time loop), with
// the math of TF's kernels (core/kernels/rnn/lstm_ops.cc, gru_ops.cc), so
// that xla-legalize-tf and tfl-legalize-tf see only ops they know.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_DECOMPOSERNNOPS_H
#define TFMLIR_LIB_TRANSFORMS_DECOMPOSERNNOPS_H

#include "mlir/IR/PatternMatch.h"

#include <string>

namespace tfmlir {

/// Adds the patterns for tf.LSTMBlockCell, tf.GRUBlockCell (always
/// decomposed) and tf.BlockLSTM / tf.BlockLSTMV2 (unrolled over the time
/// dimension, so only when `x` is [T, batch, input] with a static T).
void populateDecomposeRNNOpsPatterns(mlir::RewritePatternSet &patterns);

/// Why `op` (one of the ops above) cannot be decomposed, "" when it can or
/// when it is not one of them. For BlockLSTM(V2): "x's time dimension is
/// not static" (with x's type) when x is ranked; when x is still unranked
/// it says nothing (shape inference has not run yet).
std::string whyRNNOpNotDecomposable(mlir::Operation *op);

} // namespace tfmlir

#endif
