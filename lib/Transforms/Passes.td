//===- Passes.td - tfmlir transformation passes ---------------------------===//
//
// Pass flags follow TensorFlow's names where TF has one. Each description
// shows the IR before and after.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TRANSFORMS_PASSES_TD
#define TFMLIR_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

#endif
