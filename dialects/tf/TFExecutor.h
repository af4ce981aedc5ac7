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

#endif
