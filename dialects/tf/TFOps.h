//===- TFOps.h - the tf dialect ------------------------------------------===//
// See TFOpBase.td for how GraphDef nodes map to tf ops.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_TF_TFOPS_H
#define TFMLIR_DIALECTS_TF_TFOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/tf/TFTypes.h"

#include "dialects/tf/TFOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/tf/TFOps.h.inc"

namespace tfmlir {
/// Registers the tf, tf_type and tf_executor dialects.
void registerTFDialects(mlir::DialectRegistry &registry);
} // namespace tfmlir

#endif
