//===- TFOpsRNN.cpp - recurrent cell ops: LSTMBlockCell, BlockLSTM, GRU ---===//
//
// The ops check nothing beyond their operand counts here: the shapes are
// checked by their shape functions (lib/Transforms/ShapeFns/RNN.cpp), which
// report errors with the node's name, as TF's shape functions do.
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFOpsRNN.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsRNN.cpp.inc"

void tfmlir::TF::registerRNNOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsRNN.cpp.inc"
      >();
}
