//===- Convert.h - TF DataType/AttrValue/TensorProto <-> MLIR -------------===//
//
// The value-level half of GraphDef import and export:
//   DataType      <-> element type   (DT_FLOAT <-> f32, DT_STRING <->
//                                      !tf_type.string, X_REF <->
//                                      !tf_type.ref<X>)
//   TensorShapeProto <-> #tf_type.shape / ranked or unranked tensor types
//   TensorProto   <-> DenseElementsAttr (numeric, bool, complex, string) or
//                     #tf_type.tensor_proto (resource, variant, quantized)
//   AttrValue     <-> MLIR attribute (see dialects/tf/TFOpBase.td)
// Semantics follow TensorFlow's tensor_util: a typed value list shorter than
// the number of elements repeats its last value; tensor_content is raw
// little-endian row-major bytes.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_CONVERT_H
#define TFMLIR_LIB_TRANSLATE_CONVERT_H

#include "lib/Translate/proto/attr_value.pb.h"
#include "lib/Translate/proto/tensor.pb.h"
#include "lib/Translate/proto/tensor_shape.pb.h"
#include "lib/Translate/proto/types.pb.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace tfmlir {

/// Maps a TF DataType to an MLIR element type. `_REF` dtypes become
/// `!tf_type.ref<T>`. Errors for DT_INVALID and unknown enum values.
llvm::Expected<mlir::Type> convertDataType(tensorflow::DataType dt,
                                           mlir::Builder &b);

/// Maps an MLIR element type back to a TF DataType; errors for types TF has
/// no dtype for.
llvm::Expected<tensorflow::DataType> convertToDataType(mlir::Type elementType);

/// Returns the name TF prints for a dtype ("float", "int32", "float_ref").
std::string dataTypeName(tensorflow::DataType dt);

/// Parses "DT_FLOAT", "float", "int32"... to a DataType; nullopt if unknown.
std::optional<tensorflow::DataType> parseDataTypeName(llvm::StringRef name);

/// Dims of a TensorShapeProto; nullopt for unknown rank. -1 becomes
/// ShapedType::kDynamic. Errors for dims < -1 or unknown_rank with dims.
llvm::Expected<std::optional<llvm::SmallVector<int64_t>>>
convertShape(const tensorflow::TensorShapeProto &shape);

/// Builds tensor<dims x elt> (unranked when dims is nullopt).
mlir::TensorType makeTensorType(std::optional<llvm::ArrayRef<int64_t>> dims,
                                mlir::Type elt);

/// One entry of TF's "handle data": the dtype and shape of a value behind a
/// resource or variant handle (ResourceHandleProto.DtypeAndShape, as held by
/// OpDef.ArgDef.handle_data and by the `_handle_dtypes`/`_handle_shapes`
/// attrs of `_Arg` and Placeholder nodes).
struct HandleDataEntry {
  tensorflow::DataType dtype = tensorflow::DT_INVALID;
  const tensorflow::TensorShapeProto *shape = nullptr; // null: unknown rank
};

/// Attaches handle data to `elt` as subtypes: `!tf_type.resource` with
/// entries {(DT_FLOAT, [4])} becomes `!tf_type.resource<tensor<4xf32>>`
/// (likewise for `!tf_type.variant`), as TF's importer types such handles.
/// Other element types, or an empty list, are returned unchanged, but their
/// entries are checked all the same (as TF's importer does). Errors (the
/// caller names the node or argument), as TF's importer rejects them:
/// "invalid dtype for handle_data entry #i" for DT_INVALID, a `_REF` or an
/// unknown dtype, and a malformed shape (unknown_rank with dims).
llvm::Expected<mlir::Type>
attachHandleData(mlir::Type elt, llvm::ArrayRef<HandleDataEntry> entries,
                 mlir::Builder &b);

/// The inverse of attachHandleData for export: the subtypes of a
/// resource/variant element type as (dtype, shape) pairs; empty for other
/// types or a handle without subtypes. Errors for a subtype TF has no dtype
/// for.
llvm::Error getHandleData(
    mlir::Type elt,
    llvm::SmallVectorImpl<
        std::pair<tensorflow::DataType, tensorflow::TensorShapeProto>> &out);

/// Fills a TensorShapeProto from an MLIR shaped type (or #tf_type.shape).
void convertToShapeProto(mlir::Type type, tensorflow::TensorShapeProto *out);

/// Converts a TensorProto to an attribute whose type is the tensor's type.
/// Errors (naming nothing: callers prefix the node) for a shape/dtype/data
/// mismatch such as tensor_content of the wrong byte size.
llvm::Expected<mlir::TypedAttr>
convertTensorProto(const tensorflow::TensorProto &t, mlir::Builder &b);

/// Converts an attribute made by convertTensorProto (or any DenseElementsAttr
/// of a TF dtype) back to a TensorProto. Splats use one typed value; other
/// numeric tensors use tensor_content, as TF's exporter does.
llvm::Error convertToTensorProto(mlir::Attribute attr,
                                 tensorflow::TensorProto *out);

/// AttrValue -> MLIR attribute. `func` attrs become #tf_type.func with a
/// FlatSymbolRefAttr.
llvm::Expected<mlir::Attribute> convertAttrValue(const tensorflow::AttrValue &v,
                                                 mlir::Builder &b);

/// MLIR attribute -> AttrValue. Errors for attributes with no AttrValue kind.
llvm::Error convertToAttrValue(mlir::Attribute attr,
                               tensorflow::AttrValue *out);

/// Serializes `msg` in protobuf's deterministic mode (map entries sorted by
/// key), so equal messages give equal bytes: binary GraphDefs we write are
/// reproducible. Returns false if protobuf cannot serialize it (e.g. over
/// 2 GB).
bool serializeDeterministic(const google::protobuf::MessageLite &msg,
                            std::string *out);

} // namespace tfmlir

#endif
