//===- Patterns.h - tf -> tfl pattern sets
//----------------------------------===//
//
// The populate*Patterns functions of the tf -> tfl conversion, one per
// family, and the type predicate their patterns share.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOTFL_PATTERNS_H
#define TFMLIR_LIB_CONVERSION_TFTOTFL_PATTERNS_H

#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Types.h"

namespace tfmlir {

/// Whether TFLite's builtin kernels take values of type `t`: false for
/// tensors (or scalars) of float64, float16, bfloat16 and complex, which
/// TFLite's kernels do not compute in (they compute in float32 and the
/// integer types; TF's converter leaves such ops to Flex). True otherwise.
bool hasTFLiteKernelType(mlir::Type t);

/// As hasTFLiteKernelType, for ADD, SUB, MUL and DIV: also false for plain
/// (unquantized) 8- and 16-bit integers, which TFLite's kernels of these
/// builtins take only quantized (TF's tfl.add/sub/mul/div take QI8, QUI8,
/// QI16 but not i8/ui8/i16; TF's converter refuses such ops).
bool hasTFLiteArithmeticKernelType(mlir::Type t);

/// Adds the DRR patterns of LegalizePatterns.td: the one-to-one maps of the
/// element-wise TF ops (Add/AddV2/Sub/Mul/RealDiv with fused activation
/// NONE, Maximum ... FloorMod, the comparisons, LogicalAnd/Or/Not, the unary
/// math ops, Relu/Relu6/Sigmoid/Tanh/Elu, Select/SelectV2) to their tfl op
/// with the same operands and result types. Each applies only when every
/// operand and result type satisfies hasTFLiteKernelType.
void populateTFToTFLElementwisePatterns(mlir::RewritePatternSet &patterns);

} // namespace tfmlir

#endif
