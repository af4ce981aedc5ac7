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
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/tf/TFOpTraits.h"
#include "dialects/tf/TFTypes.h"

#include "dialects/tf/TFOpsDialect.h.inc"

// Core ops (Const, Placeholder, Identity, NoOp) and the op families, each
// generated from its own TFOps<Family>.td.
#define GET_OP_CLASSES
#include "dialects/tf/TFOps.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsMath.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsNN.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsReduce.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsShape.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsIndexing.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsImage.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsControl.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsVariables.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsRandom.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsLinalg.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsTensorArray.h.inc"
#define GET_OP_CLASSES
#include "dialects/tf/TFOpsQuant.h.inc"

namespace tfmlir::TF {
// Per-family registration, called from TFDialect::registerMoreOps().
void registerMathOps(TFDialect &dialect);
void registerNNOps(TFDialect &dialect);
void registerReduceOps(TFDialect &dialect);
void registerShapeOps(TFDialect &dialect);
void registerIndexingOps(TFDialect &dialect);
void registerImageOps(TFDialect &dialect);
void registerControlOps(TFDialect &dialect);
void registerVariableOps(TFDialect &dialect);
void registerRandomOps(TFDialect &dialect);
void registerLinalgOps(TFDialect &dialect);
void registerTensorArrayOps(TFDialect &dialect);
void registerQuantOps(TFDialect &dialect);

/// The function a `func` attr names: the symbol of #tf_type.func<@f, {...}>
/// or the SymbolRefAttr @f itself; null for any other attribute.
mlir::SymbolRefAttr getFuncAttrSymbol(mlir::Attribute attr);

/// A call path from `fn` back to itself through the functions that the ops
/// of its body name in a func attr (If/Case branches, While cond/body,
/// PartitionedCall `f`, a function-call node; single attrs or arrays of
/// them), looked up in fn's nearest symbol table: "f -> g -> f", or "" when
/// `fn` does not reach itself. TF calls functions lazily, so recursion
/// whose depth the data bounds is valid there; every layer that inlines or
/// prebuilds the functions a graph reaches (tf-inline-calls,
/// xla-legalize-tf, tfl-legalize-tf, the Session's executor) refuses it
/// with this path in the message.
std::string recursionPath(mlir::FunctionOpInterface fn);

/// Why the function `fn` cannot be the callee of a functional op (If/Case
/// branch, While body, PartitionedCall `f`) whose call-site operands have
/// `inputs` types and whose results have `results` types, or "" when it can.
/// It can when the argument and result counts are equal and the element
/// types match pairwise (shapes are not compared; variants match anything;
/// generic functions, whose arguments or results carry `tf._type_attr`,
/// match any call). With `isWhileCond`, `results` is ignored and `fn` must
/// return exactly one value (TF converts it to a bool). The message reads
/// after "function @f ", e.g. "has 1 results but the op has 2 results".
std::string calleeSignatureMismatch(mlir::FunctionOpInterface fn,
                                    mlir::TypeRange inputs,
                                    mlir::TypeRange results,
                                    bool isWhileCond = false);
} // namespace tfmlir::TF

namespace tfmlir {
/// Registers the tf, tf_type and tf_executor dialects.
void registerTFDialects(mlir::DialectRegistry &registry);
} // namespace tfmlir

#endif
