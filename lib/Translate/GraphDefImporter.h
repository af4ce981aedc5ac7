//===- GraphDefImporter.h - TF GraphDef -> tf_executor MLIR ---------------===//
//
// Imports a TensorFlow GraphDef (binary or text, detected automatically)
// into a module:
//   - `func.func @main` holds a `tf_executor.graph` with one island per
//     node (TF1 control-flow nodes become tf_executor ops; NextIteration is
//     split into a Source/Sink pair), node names as NameLoc locations, and
//     control edges as `!tf_executor.control` operands;
//   - each FunctionDef of the library becomes a private func.func whose body
//     is a tf_executor.graph; calls become `tf.LegacyCall` {f = @fn};
//   - the module carries `tf.versions` (VersionDef).
// The configuration mirrors TF's importer flags (-tf-input-arrays,
// -tf-input-data-types, -tf-input-shapes, -tf-output-arrays,
// -tf-control-output-arrays, -tf-prune-unused-nodes, -tf-graph-as-function).
// Every error is an MLIR diagnostic located at `file` and naming the node.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_GRAPHDEFIMPORTER_H
#define TFMLIR_LIB_TRANSLATE_GRAPHDEFIMPORTER_H

#include "lib/Translate/proto/graph.pb.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <vector>

namespace tfmlir {

/// Import options, named after TF's tf-mlir-translate flags.
struct GraphImportConfig {
  /// Fed tensors, "node" or "node:index". Each becomes an argument of @main;
  /// the edges out of a fed tensor are cut there.
  std::vector<std::string> inputArrays;
  /// One dtype per input ("DT_FLOAT" or "float"); empty means: take it from
  /// the node's `dtype`/`T` attr.
  std::vector<std::string> inputDataTypes;
  /// One shape per input: "1,224,224,3", "" for a scalar, "*" for unknown
  /// rank, "-1" or "?" for an unknown dim. Empty: from the node's `shape`.
  std::vector<std::string> inputShapes;
  /// Fetched tensors, "node" or "node:index"; they become @main's results.
  std::vector<std::string> outputArrays;
  /// Nodes that must run (targets); fetched as control tokens.
  std::vector<std::string> controlOutputArrays;
  /// Import only the nodes that outputs and control outputs depend on.
  bool pruneUnusedNodes = false;
  /// Treat `_Arg`/`_Retval` nodes as @main's arguments and results.
  bool graphAsFunction = false;
  /// Add the attrs a node omits that have defaults in TF's OpDef.
  bool addDefaultAttributes = true;
  /// How error messages name the settings above: the flags of the tool that
  /// was run, so that a message never names a flag the user did not type.
  /// The defaults are tf-translate's -tf-* flags; tf-convert sets its
  /// --input-arrays etc., and the Session path (tf-run, tf-compile) the
  /// neutral "feed"/"fetch" words, as TF's Session errors say.
  struct Names {
    std::string inputArrays = "-tf-input-arrays";
    std::string inputDataTypes = "-tf-input-data-types";
    std::string inputShapes = "-tf-input-shapes";
    std::string outputArrays = "-tf-output-arrays";
    std::string controlOutputArrays = "-tf-control-output-arrays";
  } names;
};

/// Parses `bytes` as a GraphDef: text format when the data looks like text,
/// binary otherwise. On failure returns false and sets `error` to a one-line
/// message naming `sourceName` (and, for text, the line and the enclosing
/// node's name).
/// If `nodeLines` is given, it receives the 1-based line of each node's
/// `name:` field for text input (empty for binary input), so that
/// diagnostics can point at the node in the file.
bool parseGraphDef(llvm::StringRef bytes, llvm::StringRef sourceName,
                   tensorflow::GraphDef &out, std::string &error,
                   std::vector<int> *nodeLines = nullptr);

/// Imports `graph`. Returns null after emitting diagnostics (each names the
/// node and what is wrong): duplicate node names, inputs that name missing
/// nodes or out-of-range outputs, unknown dtypes, malformed tensors, cycles
/// without NextIteration, bad feed/fetch names.
mlir::OwningOpRef<mlir::ModuleOp>
importGraphDef(const tensorflow::GraphDef &graph,
               const GraphImportConfig &config, mlir::MLIRContext *context,
               llvm::StringRef sourceName,
               const std::vector<int> *nodeLines = nullptr);

/// Splits a comma-separated flag value ("a,b:1") into entries.
std::vector<std::string> splitFlagList(llvm::StringRef value);

/// Splits -tf-input-shapes ("1,2:3,4" -> {"1,2", "3,4"}).
std::vector<std::string> splitShapeList(llvm::StringRef value);

} // namespace tfmlir

#endif
