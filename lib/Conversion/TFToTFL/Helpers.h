//===- Helpers.h - builders shared by the tf -> tfl patterns --------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOTFL_HELPERS_H
#define TFMLIR_LIB_CONVERSION_TFTOTFL_HELPERS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace tfmlir::conv {

/// Creates the op `name` (a registered tfl op) with the given operands,
/// result types and attributes at the builder's insertion point.
mlir::Operation *create(mlir::OpBuilder &b, mlir::Location loc,
                        llvm::StringRef name, mlir::ValueRange operands,
                        mlir::TypeRange results,
                        llvm::ArrayRef<mlir::NamedAttribute> attrs = {});
/// As create() with one result; returns it.
mlir::Value create1(mlir::OpBuilder &b, mlir::Location loc,
                    llvm::StringRef name, mlir::ValueRange operands,
                    mlir::Type result,
                    llvm::ArrayRef<mlir::NamedAttribute> attrs = {});

/// tfl.pseudo_const holding `value` (its type is the result type).
mlir::Value constant(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::ElementsAttr value);
/// 1-D int32 constant.
mlir::Value i32Vector(mlir::OpBuilder &b, mlir::Location loc,
                      llvm::ArrayRef<int64_t> values);
/// Scalar int32 constant.
mlir::Value i32Scalar(mlir::OpBuilder &b, mlir::Location loc, int64_t value);
/// tfl.no_value (an omitted optional operand).
mlir::Value noValue(mlir::OpBuilder &b, mlir::Location loc);

/// The constant elements behind `v` (tfl.pseudo_const or tf.Const), if any.
std::optional<mlir::DenseElementsAttr> constantOf(mlir::Value v);
/// The integer values of a constant `v`, if `v` is an integer constant.
std::optional<llvm::SmallVector<int64_t>> constantInts(mlir::Value v);

/// `v` as an int32 tensor: constants are rebuilt as int32 (values must fit),
/// int32 values pass through, other integer values get a tfl.cast.
/// Returns a null Value when `v` is an out-of-range constant.
mlir::Value toI32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v);

/// tfl.transpose of `v` by `perm`; folded into a new constant when `v` is a
/// constant. The result type permutes v's static shape (unranked stays so).
mlir::Value transpose(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                      llvm::ArrayRef<int64_t> perm);
/// tfl.reshape of `v` to static `shape`; folded for constants.
mlir::Value reshape(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                    llvm::ArrayRef<int64_t> shape);
/// Permutes a ranked type's shape by `perm` (output dim i = input dim perm[i]).
mlir::Type permuteType(mlir::Type t, llvm::ArrayRef<int64_t> perm);

/// TFLite TensorType enumerator name of an element type ("FLOAT32",
/// "INT32", "BOOL", ...) or "" when TFLite has none.
std::string tensorTypeName(mlir::Type elementType);

/// Integer list attribute of a tf op (ArrayAttr of IntegerAttr or a dense
/// array); nullopt when missing or not a list.
std::optional<llvm::SmallVector<int64_t>> intList(mlir::Operation *op,
                                                  llvm::StringRef name);
/// String/bool/float attribute of a tf op with a default.
std::string strAttr(mlir::Operation *op, llvm::StringRef name,
                    llvm::StringRef dflt = "");
bool boolAttr(mlir::Operation *op, llvm::StringRef name, bool dflt = false);
double floatAttr(mlir::Operation *op, llvm::StringRef name, double dflt = 0.0);

/// Attribute builders for the tfl options conventions (TFLOpBase.td).
mlir::NamedAttribute i32A(mlir::OpBuilder &b, llvm::StringRef n, int64_t v);
mlir::NamedAttribute f32A(mlir::OpBuilder &b, llvm::StringRef n, double v);
mlir::NamedAttribute boolA(mlir::OpBuilder &b, llvm::StringRef n, bool v);
mlir::NamedAttribute strA(mlir::OpBuilder &b, llvm::StringRef n,
                          llvm::StringRef v);
mlir::NamedAttribute actNone(mlir::OpBuilder &b);

// Shared by the typed patterns
/// A negative axis made non-negative against the rank of `v` (kept as is
/// when the rank is unknown; TFLite's kernels accept negative axes too).
int64_t normAxis(int64_t axis, mlir::Value v);
/// Operand `i` of `op` as int32 (toI32) in `out`, or failure with `why` =
/// "operand <i> has values outside int32".
mlir::LogicalResult i32Operand(mlir::Operation *op, mlir::OpBuilder &b,
                               unsigned i, mlir::Value &out, std::string &why);
/// The constant scalar integer operand `i` (an axis) in `axis`, or failure
/// with `why` set.
mlir::LogicalResult constAxis(mlir::Operation *op, unsigned i, int64_t &axis,
                              std::string &why);
/// tfl.builtin_op for a TFLite builtin without a dedicated tfl op (`code`
/// and `name` from schema.fbs' BuiltinOperator, version 1) on `operands`
/// with `op`'s result types; a non-empty `options` names the options table,
/// whose fields are `opts`.
mlir::Operation *builtinOp(mlir::OpBuilder &b, mlir::Operation *op,
                           mlir::ValueRange operands, int32_t code,
                           llvm::StringRef name, llvm::StringRef options,
                           llvm::ArrayRef<mlir::NamedAttribute> opts);

} // namespace tfmlir::conv

#endif
