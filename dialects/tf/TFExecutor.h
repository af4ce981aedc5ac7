//===- TFExecutor.h - tf_executor dialect ---------------------------------===//
// See TFExecutor.td for the semantics of each op.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_TF_TFEXECUTOR_H
#define TFMLIR_DIALECTS_TF_TFEXECUTOR_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/tf/TFExecutorDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/tf/TFExecutorTypes.h.inc"

#define GET_OP_CLASSES
#include "dialects/tf/TFExecutor.h.inc"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace tfmlir::tf_executor {
/// Fails, with an error at the first tf_executor.graph naming `passArg`,
/// when `module` still holds executor graphs (the importer's form). The
/// conversions out of the tf dialect (-xla-legalize-tf, -tfl-legalize-tf)
/// work on functional tf ops only; run on the raw import they would convert
/// nothing and succeed silently.
mlir::LogicalResult requireFunctionalForm(mlir::ModuleOp module,
                                          llvm::StringRef passArg);
} // namespace tfmlir::tf_executor

#endif
