//===- TFLOps.h - the tfl dialect (TFLite builtin operators) -------------===//
//
// See TFLOpBase.td for how .tflite operators map to tfl ops.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_TFL_TFLOPS_H
#define TFMLIR_DIALECTS_TFL_TFLOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialects/tf/TFTypes.h"

namespace tfmlir::tfl {
/// True for ActivationFunctionType names: NONE, RELU, RELU_N1_TO_1, RELU6,
/// TANH, SIGN_BIT.
bool isActivationName(llvm::StringRef s);
/// True for Padding names: SAME, VALID.
bool isPaddingName(llvm::StringRef s);
/// True for TensorType enumerator names (FLOAT32 ... BFLOAT16).
bool isTensorTypeName(llvm::StringRef s);
/// True for MirrorPadMode names: REFLECT, SYMMETRIC.
bool isMirrorPadModeName(llvm::StringRef s);
/// True for FullyConnectedOptionsWeightsFormat names: DEFAULT,
/// SHUFFLED4x16INT8.
bool isWeightsFormatName(llvm::StringRef s);

/// Verifies that `y` has `x`'s shape when both are ranked (static dims only).
/// Emits "operand and result shapes differ: ..." on `op`.
mlir::LogicalResult verifySameShape(mlir::Operation *op, mlir::Value x,
                                    mlir::Value y);
/// Verifies that `values` share one element type, where quantized and
/// integer types count by their storage width (an int8 input and an int8
/// output with another scale agree). Emits "element types differ: ..."
/// on `op` (e.g. a tfl.tanh from f64 to f32, which no TFLite kernel runs).
mlir::LogicalResult verifySameElementKind(mlir::Operation *op,
                                          mlir::ArrayRef<mlir::Value> values);
/// Verifies that the static dims of lhs and rhs broadcast (NumPy rules) and,
/// when the result is ranked, that it has the broadcast shape.
mlir::LogicalResult verifyBroadcast(mlir::Operation *op, mlir::Value lhs,
                                    mlir::Value rhs, mlir::Value out);
/// Checks a 2-D pool: 4-D NHWC input/output, positive strides and filter
/// sizes.
mlir::LogicalResult verifyPool(mlir::Operation *op, mlir::Value in,
                               mlir::Value out, int32_t strideH,
                               int32_t strideW, int32_t filterH,
                               int32_t filterW);
} // namespace tfmlir::tfl

#include "dialects/tfl/TFLOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "dialects/tfl/TFLOps.h.inc"

namespace tfmlir {
/// Adds the tfl dialect (and the dialects its types use) to `registry`.
void registerTFLDialect(mlir::DialectRegistry &registry);
} // namespace tfmlir

#endif // TFMLIR_DIALECTS_TFL_TFLOPS_H
