//===- TypeLegality.h - which types TFLite's builtin kernels take ---------===//
//
// The one place tfl-legalize-tf decides whether a tfl op's types have a
// TFLite kernel, and says why not. TFLite's builtin kernels compute in
// float32 and the integer types; they have no float64, float16, bfloat16 or
// complex arithmetic (TF's converter leaves such ops to Flex), and ADD, SUB,
// MUL and DIV take 8- and 16-bit integers (int8, uint8, int16) only
// quantized (TF's tfl.add/sub/mul/div take QI8, QUI8, QI16, not i8/ui8/i16).
// Ops that only move or reinterpret data (CAST, RESHAPE, SQUEEZE,
// EXPAND_DIMS, SHAPE, RANK, BITCAST, constants) take any type.
//
// This is a TypeConverter (a type is legal when it converts to itself) used
// as the conversion's ConversionTarget legality of the tfl dialect
// (isLegalTFLOp), so a pattern (DRR or typed) that builds a tfl op on types
// without a kernel is rolled back, and the report's reason for it comes
// from noKernelReason.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOTFL_TYPELEGALITY_H
#define TFMLIR_LIB_CONVERSION_TFTOTFL_TYPELEGALITY_H

#include "mlir/IR/Operation.h"
#include "mlir/Transforms/DialectConversion.h"

#include <string>

namespace tfmlir::conv {

/// The types TFLite's builtin kernels take, as an identity TypeConverter:
/// a type with a kernel converts to itself, any other fails to convert
/// (isLegal is false). Tensors are judged by their element type. With
/// `arithmetic`, the types of ADD/SUB/MUL/DIV: also not the plain
/// (unquantized) 8- and 16-bit integers.
class TFLiteKernelTypeConverter : public mlir::TypeConverter {
public:
  explicit TFLiteKernelTypeConverter(bool arithmetic);

  /// A converter for the tfl op (or builtin) `tflName`: the arithmetic
  /// one for tfl.add/sub/mul/div, the general one otherwise. A new one per
  /// call: its cache must not outlive the MLIRContext of the types it saw.
  static TFLiteKernelTypeConverter forOp(llvm::StringRef tflName);
};

/// Whether `tflName` takes any type (it moves data without computing on
/// it: tfl.cast, tfl.reshape, tfl.squeeze, tfl.expand_dims, tfl.shape,
/// tfl.rank, tfl.bitcast, tfl.pseudo_const, tfl.no_value).
bool takesAnyType(llvm::StringRef tflName);

/// The first operand type, else result type, of `op` that the builtin
/// `tflName` has no TFLite kernel for (forOp(tflName)), or null.
mlir::Type firstTypeWithoutKernel(mlir::Operation *op, llvm::StringRef tflName);

/// The reason the builtin `tflName` cannot take `t`, as the report prints
/// it: "tfl.add has no kernel for tensor<3xi8> without quantization
/// (TFLite runs it on 8/16-bit integers only quantized: Cast to int32
/// first)" or "tfl.exp has no kernel for tensor<2xf64> (TFLite computes in
/// float32: Cast first)".
std::string noKernelReason(llvm::StringRef tflName, mlir::Type t);

/// For a tfl op `op` (what a pattern built): why its types have no TFLite
/// kernel (noKernelReason), or "" when they have one or it takes any type.
std::string kernelTypeReason(mlir::Operation *op);

/// The ConversionTarget legality of a tfl op: its types have a kernel
/// (kernelTypeReason is empty).
bool isLegalTFLOp(mlir::Operation *op);

} // namespace tfmlir::conv

#endif
