//===- HLOOps.h - the hlo dialect (XLA HLO operations) --------------------===//
//
// See HLOBase.td for the conventions of the dialect and HLOOps.td for the
// semantics of each op.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_HLO_HLOOPS_H
#define TFMLIR_DIALECTS_HLO_HLOOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/hlo/HLOEnums.h.inc"

#include "dialects/hlo/HLODialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/hlo/HLOAttrs.h.inc"

#define GET_OP_CLASSES
#include "dialects/hlo/HLOOps.h.inc"

namespace tfmlir {
/// Adds the hlo dialect to `registry`.
void registerHLODialect(mlir::DialectRegistry &registry);
} // namespace tfmlir

#endif // TFMLIR_DIALECTS_HLO_HLOOPS_H
