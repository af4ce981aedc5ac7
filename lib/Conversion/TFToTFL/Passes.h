//===- Passes.h - tf -> tfl legalization ----------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOTFL_PASSES_H
#define TFMLIR_LIB_CONVERSION_TFTOTFL_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Conversion/TFToTFL/Passes.h.inc"

/// What one legalization run did, in tflite_convert's terms: for each TFLite
/// builtin used (by tfl op name; a generic tfl.builtin_op is listed under
/// its builtin's name, e.g. tfl.zeros_like), each TF op that has no builtin,
/// and each TF op that has a builtin but whose use here cannot be expressed
/// with it (by TF op name, with the reason): how many nodes and their names
/// (from the NameLoc of each op; "<unnamed>" when there is none). Maps keep
/// first-seen order.
struct ConversionReport {
  struct Entry {
    unsigned count = 0;
    std::vector<std::string> nodes;
    /// For `unconvertible`: why each node failed, parallel to `nodes`.
    std::vector<std::string> reasons;
  };
  llvm::MapVector<llvm::StringRef, Entry> builtins;
  /// TF ops with no TFLite builtin at all.
  llvm::MapVector<llvm::StringRef, Entry> unsupported;
  /// TF ops with a builtin whose attributes or operand types/shapes the
  /// builtin cannot take (e.g. a MatMul of unranked operands).
  llvm::MapVector<llvm::StringRef, Entry> unconvertible;
  /// For each TF op converted, the tfl ops its converter built (a generic
  /// tfl.builtin_op under its builtin's name; constants left out), sorted.
  /// Before the fusions. docs/OpCoverage.md (tools/op-coverage) reads it to
  /// link a TF op to the lite kernels of its builtins.
  std::map<std::string, std::set<std::string>> produced;
  /// Whether the run emitted the unconverted ops as tfl.custom.
  bool customOpsEmitted = false;
  /// How format() names the setting that emits custom ops: tf-convert's
  /// flag by default; the tfl-legalize-tf pass names its pass option.
  std::string customOpsFlag = "--allow-custom-ops";
  /// True when nothing was left unconverted.
  bool complete() const { return unsupported.empty() && unconvertible.empty(); }
  /// Renders the lists as tflite_convert does ("Some ops are not
  /// supported by the native TFLite runtime ..."), one op per line:
  /// "  tf.Foo x2: node_a, node_b"; unconvertible nodes carry their reason:
  /// "  tf.MatMul x2: m1, m2 (MatMul operands must be ranked 2-D tensors)"
  /// (the reason once when all nodes share it, else after each node).
  /// At most `maxNodesPerOp` node names per op, then ", and N more" (a
  /// graph with thousands of one op gets a short report).
  std::string format() const;
  /// Node names listed per op by format(); SIZE_MAX lists every node
  /// (tf-convert --verbose).
  size_t maxNodesPerOp = 8;
};

/// Legalizes every func.func in `module` from the tf dialect to tfl (see
/// LegalizeTFToTFL in Passes.td). Ops without a builtin become tfl.custom
/// when `allowCustomOps`, else they are left in place and listed in
/// `report.unsupported`, and the function returns failure (after emitting
/// one error on the module holding report.format()). Ops with a builtin but
/// an unsupported configuration (e.g. a non-constant axis where TFLite needs
/// an attribute) are listed in `report.unconvertible` with the reason, and
/// are handled like unsupported ops otherwise.
/// It is convertTFToTFL, then optimizeTFL(module, fuse), then
/// reportTFLConversion.
mlir::LogicalResult legalizeTFToTFL(mlir::ModuleOp module, bool allowCustomOps,
                                    bool fuse, ConversionReport &report);

/// The conversion of legalizeTFToTFL alone: tf ops to tfl, the ops left
/// listed in `report` (unsupported / unconvertible, with their reasons) and
/// emitted as tfl.custom when `allowCustomOps`; `report.produced` filled.
mlir::LogicalResult convertTFToTFL(mlir::ModuleOp module, bool allowCustomOps,
                                   ConversionReport &report);

/// tfl-optimize (Optimize/Optimize.cpp): the fusion patterns
/// (populateTFLFusionPatterns) run greedily on every function; with `fuse`
/// false only the greedy driver's folding and dead-op removal. Fails (with
/// an error on the function) when the patterns do not converge.
mlir::LogicalResult optimizeTFL(mlir::ModuleOp module, bool fuse = true);

/// The end of legalizeTFToTFL: lists the builtins `module` uses in
/// `report.builtins` and, when ops were left and not `allowCustomOps`,
/// emits one error on the module holding report.format() and fails.
mlir::LogicalResult reportTFLConversion(mlir::ModuleOp module,
                                        bool allowCustomOps,
                                        ConversionReport &report);

/// Adds the tfl-level fusion patterns (Optimize/: FoldConstShapeOps.cpp,
/// FuseDilatedConv.cpp, FuseMul.cpp, FuseBias.cpp, FuseActivation.cpp) to
/// `patterns` (Optimize/Optimize.cpp).
void populateTFLFusionPatterns(mlir::RewritePatternSet &patterns);

/// Every tf op tfl-legalize-tf has a TFLite lowering for, sorted by name,
/// each with the file (under lib/Conversion/TFToTFL/) that holds it, e.g.
/// {"tf.Conv2D", "NN/Conv.cpp"}. Whether a given op converts still depends
/// on its attributes and types (ConversionReport::unconvertible). For
/// docs/OpCoverage.md (tools/op-coverage).
std::vector<std::pair<std::string, std::string>> listTFLConverters();

/// The tf op names that more than one tfl-legalize-tf pattern is rooted on
/// (the DRR maps included), sorted; empty when every op has one pattern (as
/// it must: a second one would make which applies depend on the
/// registration order). test/unit/ConversionPatternsTest.cpp checks it is
/// empty.
std::vector<std::string> duplicateTFLPatternRoots();

/// registerTFToTFLPasses() registers the passes of this library
/// (tfl-legalize-tf, tfl-optimize, tfl-separate-output-tensors) with the
/// global registry.
#define GEN_PASS_REGISTRATION
#include "lib/Conversion/TFToTFL/Passes.h.inc"

} // namespace tfmlir

#endif
