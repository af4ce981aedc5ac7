//===- ExecutorUtils.h - helpers shared by the tf_executor passes ---------===//
#ifndef TFMLIR_LIB_TRANSFORMS_EXECUTORUTILS_H
#define TFMLIR_LIB_TRANSFORMS_EXECUTORUTILS_H

#include "dialects/tf/TFExecutor.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace tfmlir::tf_executor {

inline bool isControl(mlir::Value v) {
  return llvm::isa<ControlType>(v.getType());
}

/// The control token an executor op produces (its last result), or null.
mlir::Value getControlResult(mlir::Operation *op);

/// True for the V1 control-flow ops (every executor op but islands, the
/// fetch and the yield).
bool isV1ControlFlowOp(mlir::Operation *op);

/// Calls `fn(producer)` for every op of `body` (other than `op` itself) that
/// `op` depends on: through its operands, and through the values that ops
/// nested in its regions use. Producers may repeat.
void forEachProducer(mlir::Block &body, mlir::Operation *op,
                     llvm::function_ref<void(mlir::Operation *)> fn);

/// Orders the ops of a graph body (all but the terminator) topologically
/// along data and control edges and captured values; among ready ops the
/// one that came first goes first, so the order is stable. Returns the
/// order, or failure and sets `cycleOp` to an op on a cycle.
mlir::FailureOr<llvm::SmallVector<mlir::Operation *>>
topologicalOrder(mlir::Block &body, mlir::Operation *&cycleOp);

/// Same, and moves the ops into that order. Emits an error naming a node on
/// the cycle when there is one.
mlir::LogicalResult sortGraphTopologically(GraphOp graph);

/// Replaces the control operand `ctl` of `user` (an executor op) by
/// `replacements` (which may be empty), keeping data operands first and
/// dropping duplicate control operands.
void replaceControlOperand(mlir::Operation *user, mlir::Value ctl,
                           llvm::ArrayRef<mlir::Value> replacements);

/// Removes duplicate control operands of an executor op.
void dedupeControlOperands(mlir::Operation *op);

} // namespace tfmlir::tf_executor

#endif
