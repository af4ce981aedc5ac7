//===- TFOpsRNN.h - recurrent cell ops of the tf dialect ------------------===//
//
// tf.LSTMBlockCell, tf.BlockLSTM, tf.BlockLSTMV2 and tf.GRUBlockCell (see
// TFOpsRNN.td). Kept out of TFOps.h: only the files that build or match
// these ops include this header, so adding RNN ops rebuilds little.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_TF_TFOPSRNN_H
#define TFMLIR_DIALECTS_TF_TFOPSRNN_H

#include "dialects/tf/TFOps.h"

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsRNN.h.inc"

namespace tfmlir::TF {
/// Adds the RNN ops to the dialect (called from registerMoreOps()).
void registerRNNOps(TFDialect &dialect);
} // namespace tfmlir::TF

#endif
