//===- FunctionalizeControlFlow.h - loop and cond functionalization -------===//
//
// The two halves of tf-functionalize-control-flow, each on one graph:
// loops (Enter/Merge/Switch/NextIteration/Exit/LoopCond -> tf.While) and
// conditionals (Switch/Merge -> tf.If). Loops go first, innermost frame
// first; conditionals then go innermost first. New functions are appended to
// `created` so that the caller functionalizes them too.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_FUNCTIONALIZECONTROLFLOW_H
#define TFMLIR_LIB_TRANSFORMS_FUNCTIONALIZECONTROLFLOW_H

#include "lib/Transforms/FunctionalizeUtils.h"

namespace tfmlir::functionalize {

struct FunctionalizeContext {
  mlir::ModuleOp module;
  mlir::SymbolTable &symbols;
  StatefulnessAnalysis &statefulness;
  /// Functions created so far (to be functionalized in turn).
  llvm::SmallVectorImpl<mlir::func::FuncOp> &created;
};

/// Replaces every TF1 while loop of `graph` (in `func`) by a tf.While.
mlir::LogicalResult functionalizeLoops(mlir::func::FuncOp func,
                                       tf_executor::GraphOp graph,
                                       FunctionalizeContext &ctx);

/// Replaces every Switch/Merge conditional of `graph` (which must hold no
/// loop any more) by a tf.If.
mlir::LogicalResult functionalizeConds(mlir::func::FuncOp func,
                                       tf_executor::GraphOp graph,
                                       FunctionalizeContext &ctx);

} // namespace tfmlir::functionalize

#endif
