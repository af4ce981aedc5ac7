//===- TFLiteOptions.h - TFLite operator table and generic options -------===//
//
// The correspondence between TFLite builtin operators and tfl ops, and the
// conversion between *Options FlatBuffer tables and MLIR attributes. The
// conversion is generic: it walks flatc's mini-reflection tables (field
// names, types and enum names of schema.fbs), so every options table of the
// schema converts without per-op code. Attribute mapping (see
// dialects/tfl/TFLOpBase.td): int/short/byte -> i32, long -> i64, float ->
// f32, bool -> BoolAttr, enum -> StringAttr (enumerator name), string ->
// StringAttr, [int] -> DenseI32ArrayAttr, [long] -> DenseI64ArrayAttr,
// [float] -> DenseF32ArrayAttr, [bool] -> DenseBoolArrayAttr, [ubyte] ->
// StringAttr (raw bytes), [enum] -> ArrayAttr of StringAttr; fields that
// hold a subgraph index (`*subgraph_index`, CallOptions.subgraph,
// `branch_subgraph_indices`, `called_computations`) -> FlatSymbolRefAttr (or
// an ArrayAttr of them) naming the function of that subgraph.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TFLITEOPTIONS_H
#define TFMLIR_LIB_TRANSLATE_TFLITEOPTIONS_H

#include "lib/Translate/tflite/Schema.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>

namespace tfmlir::tflite_io {

/// One builtin operator with a dedicated tfl op.
struct BuiltinOpInfo {
  int32_t code;        ///< tflite::BuiltinOperator value
  const char *opName;  ///< e.g. "tfl.conv_2d"
  const char *options; ///< BuiltinOptions member name, or "" for none
};

/// All builtins with a dedicated tfl op, in BuiltinOperator order.
llvm::ArrayRef<BuiltinOpInfo> builtinOpTable();
/// The entry for `code`, or null (then the op imports as tfl.builtin_op).
const BuiltinOpInfo *lookupBuiltin(int32_t code);
/// The entry for tfl op `opName`, or null.
const BuiltinOpInfo *lookupBuiltin(llvm::StringRef opName);
/// The BuiltinOperator enumerator name of `code` ("CONV_2D"), or
/// "BUILTIN_<code>" outside the schema's range.
std::string builtinName(int32_t code);

/// An options table of the schema: its mini-reflection table, and its type
/// index in the BuiltinOptions (second = false) or BuiltinOptions2 union.
struct OptionsTable {
  const flatbuffers::TypeTable *table = nullptr;
  uint8_t unionType = 0;
  bool second = false;
  llvm::StringRef name;
};
/// Looks up the options table named `name` in either union.
std::optional<OptionsTable> findOptionsTable(llvm::StringRef name);
/// The options table for union type `type` of BuiltinOptions (second =
/// false) or BuiltinOptions2; nullopt for NONE or an unknown index.
std::optional<OptionsTable> optionsTableForUnion(uint8_t type, bool second);

/// Maps a subgraph index to the function symbol; fails (after filling `err`)
/// for an out-of-range index.
using SubgraphToSymbol = std::function<mlir::FailureOr<mlir::FlatSymbolRefAttr>(
    int64_t, std::string &)>;
/// Maps a function symbol to its subgraph index; fails for unknown symbols.
using SymbolToSubgraph = std::function<mlir::FailureOr<int32_t>(
    mlir::FlatSymbolRefAttr, std::string &)>;

/// Reads every field of `table` (null: the options were omitted, so all
/// fields take their schema defaults) into attributes named as the fields.
/// Deprecated fields are skipped. Fails with `err` set for enum values
/// outside the schema or bad subgraph indices.
mlir::LogicalResult
readOptions(const flatbuffers::Table *table, const OptionsTable &info,
            mlir::Builder &b, const SubgraphToSymbol &subgraphs,
            llvm::SmallVectorImpl<mlir::NamedAttribute> &out, std::string &err);

/// Writes an options table from attributes looked up by field name with
/// `get` (missing attributes take the schema default). Fails with `err` set
/// when an attribute has the wrong kind or an unknown enumerator.
mlir::FailureOr<flatbuffers::Offset<void>>
writeOptions(flatbuffers::FlatBufferBuilder &fbb, const OptionsTable &info,
             const std::function<mlir::Attribute(llvm::StringRef)> &get,
             const SymbolToSubgraph &subgraphs, std::string &err);

} // namespace tfmlir::tflite_io

#endif // TFMLIR_LIB_TRANSLATE_TFLITEOPTIONS_H
