//===- TFTypes.h - tf_type dialect: TF element types and attributes ------===//
//
// Declares the tf_type dialect (see TFTypesBase.td for the type list) and
// helpers that map between TF's DataType enum values and MLIR types.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_TF_TFTYPES_H
#define TFMLIR_DIALECTS_TF_TFTYPES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "dialects/tf/TFTypesDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/tf/TFTypesTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/tf/TFTypesAttrs.h.inc"

namespace tfmlir {
namespace tf_type {

/// True for TF element types that are not builtin: string, resource,
/// variant, qint*/quint*, and ref types.
bool isTFElementType(mlir::Type t);

/// For `!tf_type.ref<T>` returns T; otherwise returns `t` unchanged.
mlir::Type dropRef(mlir::Type t);

/// Returns the element type of `t` if it is a shaped type, else `t`.
mlir::Type getElementTypeOrSelf(mlir::Type t);

/// Whether two tensor types could describe the same runtime tensor: the
/// element types agree (ignoring resource/variant subtypes) and every static
/// dimension agrees. Unranked is compatible with everything.
bool areCastCompatible(mlir::Type a, mlir::Type b);

} // namespace tf_type
} // namespace tfmlir

#endif
