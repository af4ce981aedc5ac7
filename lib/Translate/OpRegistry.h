//===- OpRegistry.h - TensorFlow op signatures without a TF runtime -------===//
//
// The GraphDef importer needs, for every node, the number and dtypes of its
// inputs and outputs, and the defaults of the attrs a NodeDef may omit.
// TensorFlow gets both from its global op registry (REGISTER_OP). We have no
// TensorFlow runtime, so this file provides our own registry: a table of op
// signatures written in a small DSL (OpRegistry/<Family>.inc), parsed once,
// lazily and thread-safely, into tensorflow::OpDef protos.
//
// DSL summary. One entry per op: `Name(inputs) -> (outputs)` followed by
// `;`-separated attrs and flags. A line that starts with whitespace continues
// the entry above it (blank and comment lines in between are skipped); `#`
// starts a comment. Strings are quoted with '...' (escapes \t \n \' \\).
//
//   Conv2D(input: T, filter: T) -> (output: T); T: {half, float};
//     strides: list(int); padding: {'SAME', 'VALID'};
//     data_format: {'NHWC', 'NCHW'} = 'NHWC'; dilations: list(int) = [1, 1, 1,
//     1]
//
//   arguments  name: float        fixed dtype
//              name: T            dtype from type attr T
//              name: N * T        N tensors of dtype T (number_attr N)
//              name: N * int32    N tensors of a fixed dtype
//              name: Tlist        one tensor per entry of list(type) attr Tlist
//              name: Ref(...)     reference (is_ref) argument
//   attrs      name: string | int | float | bool | type | shape | tensor | func
//              name: list(<any of those>)
//              name: {half, float}          type with allowed values
//              name: {'SAME', 'VALID'}      string with allowed values
//              name: list({float, int64})   list(type) with allowed values
//              name: int >= 1               has_minimum (length for lists)
//              name: <type> = <default>     e.g. = 'NHWC', = [1, 1], = float,
//                                           = unknown (unknown-rank shape),
//                                           = uint8[255, 0, 0, 255] (tensor)
//   flags      stateful, commutative, aggregate, allows_uninitialized_input,
//              distributed_communication
//   sets       typeset number = {float, double, ...} defines a name usable
//              inside {...} type sets.
//
// As in TensorFlow's OpDefBuilder, an op with a fixed-dtype `resource`
// argument is stateful, and a number attr or a list(type) attr that sizes an
// argument gets minimum 1 unless the entry gives one.
//
// All functions are safe to call from several threads. Nothing here throws
// (the code is linked into tools built with -fno-exceptions).
//
//===----------------------------------------------------------------------===//

#ifndef TFMLIR_LIB_TRANSLATE_OPREGISTRY_H
#define TFMLIR_LIB_TRANSLATE_OPREGISTRY_H

#include "lib/Translate/proto/attr_value.pb.h"
#include "lib/Translate/proto/node_def.pb.h"
#include "lib/Translate/proto/op_def.pb.h"
#include "lib/Translate/proto/types.pb.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tfmlir {

/// A NodeDef's (or NameAttrList's) attr map.
using AttrMap = google::protobuf::Map<std::string, tensorflow::AttrValue>;

/// Returns the registered signature of op `opName`, or nullptr when the op is
/// not in the registry (an unknown op, or a library function name: for those
/// the caller passes the FunctionDef's `signature()` to the functions below).
/// The pointer stays valid for the life of the program. The first call parses
/// the built-in table.
const tensorflow::OpDef *lookupOpDef(llvm::StringRef opName);

/// Computes the dtypes of all outputs of `node` according to `def` (the
/// registered OpDef, or a FunctionDef's signature for a call to a library
/// function), in order, flattening list arguments: a `number_attr` argument
/// contributes N entries, a `type_list_attr` one entry per listed type.
/// Attr values come from `node`, falling back to `def`'s default values.
/// Outputs of reference arguments get the `_REF` dtype (dtype + 100).
/// `outTypes` is cleared first.
///
/// Inside a function body an attr may be a placeholder (`placeholder: "T"`)
/// for an attr of the enclosing function; `placeholderValues`, when given,
/// supplies those values (the attrs the function is instantiated with).
///
/// Returns an error (llvm::StringError) that names the node, the op, the
/// argument and the attr when an attr is missing and has no default, has the
/// wrong kind (e.g. an int where a type is required), is a placeholder that
/// `placeholderValues` does not resolve, gives a negative or absurdly large
/// count, or yields DT_INVALID.
llvm::Error
resolveOutputTypes(const tensorflow::NodeDef &node,
                   const tensorflow::OpDef &def,
                   llvm::SmallVectorImpl<tensorflow::DataType> &outTypes,
                   const AttrMap *placeholderValues = nullptr);

/// Same as resolveOutputTypes, for the data inputs of `node` (control inputs
/// are not counted). Useful to check a node's inputs and to type the
/// arguments of a function from its signature.
llvm::Error
resolveInputTypes(const tensorflow::NodeDef &node, const tensorflow::OpDef &def,
                  llvm::SmallVectorImpl<tensorflow::DataType> &inTypes,
                  const AttrMap *placeholderValues = nullptr);

/// Deduces, from the dtypes of the data inputs actually connected to a node
/// (`inTypes`, flattened, `_REF` dtypes allowed), the attrs of `def` that
/// type or size its inputs (type attrs, number attrs, type-list attrs), and
/// adds to `attrs` those it does not already have. This is how TensorFlow
/// instantiates a generic library function called without explicit attrs
/// (e.g. an If branch `XTimesTwo` whose signature uses type attr T), and how
/// a NodeDef that omits `T` can be completed. Defaults are not consulted:
/// the connected inputs win over a default.
///
/// Returns an error naming the op when the inputs are too few or too many,
/// when a dtype contradicts a fixed dtype or an attr already in `attrs`, or
/// when two list lengths are unknown at once (ambiguous).
llvm::Error
inferAttrsFromInputTypes(const tensorflow::OpDef &def,
                         llvm::ArrayRef<tensorflow::DataType> inTypes,
                         AttrMap &attrs);

/// Adds to `node` every attr of `def` that has a default value and that
/// `node` does not set. Attrs already present are left unchanged.
void addDefaultAttrs(tensorflow::NodeDef &node, const tensorflow::OpDef &def);

/// Returns true when `opName` is registered and marked stateful (random ops,
/// variables, resource ops, stateful calls, ...). Unknown ops return false.
bool isStateful(llvm::StringRef opName);

/// Returns the number of ops in the registry.
size_t numRegisteredOps();

/// Returns the names of all registered ops, sorted. The StringRefs point into
/// the registry and stay valid for the life of the program.
std::vector<llvm::StringRef> registeredOpNames();

/// Returns the problems found while parsing the built-in table, one message
/// per problem ("<table>:<line>: <op>: <what>"). Entries with a problem are
/// left out of the registry. Empty when the table is correct (a unit test
/// checks this).
const std::vector<std::string> &opRegistryErrors();

/// Parses `text`, written in the DSL described above, into OpDefs (in the
/// order of the text). `tableName` is used in messages. Type sets defined in
/// the built-in table (`number`, `realnumber`, ...) are available. Returns an
/// error listing every problem (with line numbers) when any entry is invalid.
llvm::Expected<std::vector<tensorflow::OpDef>>
parseOpDefTable(llvm::StringRef text, llvm::StringRef tableName = "<text>");

} // namespace tfmlir

#endif // TFMLIR_LIB_TRANSLATE_OPREGISTRY_H
