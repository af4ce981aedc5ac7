//===- Passes.h - tf -> hlo legalization (xla-legalize-tf) ----------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOHLO_PASSES_H
#define TFMLIR_LIB_CONVERSION_TFTOHLO_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Conversion/TFToHLO/Passes.h.inc"

/// The tf ops one xla-legalize-tf run could not legalize: per op name
/// (first-seen order), the node names (NameLoc; "<unnamed>" without one).
struct LegalizeHLOReport {
  llvm::MapVector<llvm::StringRef, std::vector<std::string>> failed;
  /// Per op name in `failed`, the reason its pattern gave for the first
  /// node that has one (the pattern's fail / notifyMatchFailure text); an op
  /// absent here has no lowering (or none that said why).
  llvm::StringMap<std::string> reasons;
  /// Whether format() adds the "Why" part (set by legalizeTFToHLO; the
  /// Session's missing-kernel report, built by hand, has no reasons).
  bool explain = false;
  /// "cannot legalize: tf.Where (count 3: nodes a, b, c); tf.TopKV2 (count
  /// 1: nodes t). Why: tf.Where: no lowering to hlo; tf.TopKV2: k must be a
  /// constant", ordered by count (descending), then by name. At most
  /// maxNodesPerOp node names per op, then ", and N more" (a graph with
  /// thousands of one unsupported op gets a short message). The "Why" part
  /// (when `explain`) gives each op's reason, or "no lowering to hlo", or
  /// "its lowering does not apply" when the lowering gave no reason.
  /// Empty when every op was legalized.
  std::string format() const;
  /// Node names listed per op by format(); SIZE_MAX lists every node
  /// (tf-run --verbose, SessionOptions::list_all_nodes_in_errors).
  size_t maxNodesPerOp = 8;
};

/// A unit attr on a tf op that legalizeTFToHLO must leave as it is (it is
/// then reported like an unsupported op): the Session's executor sets it on
/// the ops of an auto-clustering cluster smaller than
/// tf_xla_min_cluster_size, which then run on host kernels (TF's
/// MarkForCompilationPass leaves such clusters to the TF executor), and on
/// host-runnable ops whose shapes are only known at run time.
inline constexpr llvm::StringLiteral kKeepOnHostAttr = "_tfmlir_keep_on_host";

/// Legalizes every func.func in `module` from tf to hlo (see
/// LegalizeTFToHLO in Passes.td). Unsupported ops, and ops carrying
/// kKeepOnHostAttr, stay in place and are listed in `report`; returns
/// failure when any op is left, after emitting the histogram as an error on
/// the module (or as a warning, returning success, when `allowPartial`).
/// `clampIndices`: drop the run-time index
/// checks of GatherV2/GatherNd/ScatterNd/UnsortedSegment* (TF's
/// InvalidArgument on an out-of-range index), so that out-of-range indices
/// are clamped or dropped as XLA does (TF's --xla-clamp-indices analog).
mlir::LogicalResult legalizeTFToHLO(mlir::ModuleOp module, bool allowPartial,
                                    LegalizeHLOReport &report,
                                    bool clampIndices = false);

/// True when xla-legalize-tf has a lowering for the tf op `opName`
/// ("tf.AddV2"), control flow included. Whether it applies to a given op
/// still depends on its types (static shapes, constant shape operands);
/// the Session's executor uses this to tell an op that was blocked by a
/// data-dependent shape upstream from one that has no lowering at all.
bool hasHLOConverter(llvm::StringRef opName);

/// Every tf op xla-legalize-tf has a lowering for, sorted by name, each with
/// the file (under lib/Conversion/TFToHLO/) that holds its lowering, e.g.
/// {"tf.AddV2", "Math/Elementwise.cpp"}. For docs/OpCoverage.md
/// (tools/op-coverage). Besides the ops hasHLOConverter accepts, it lists
/// the TensorArray ops the TensorArray pre-pass lowers and the ops
/// legalization drops (tf.Assert, an unused tf.NoOp).
std::vector<std::pair<std::string, std::string>> listHLOConverters();

/// The tf op names that more than one xla-legalize-tf pattern is rooted on,
/// sorted; empty when every op has one pattern (as it must: a second one
/// would make which applies depend on the registration order).
/// test/unit/ConversionPatternsTest.cpp checks it is empty.
std::vector<std::string> duplicateHLOPatternRoots();

/// registerTFToHLOPasses() registers xla-legalize-tf.
#define GEN_PASS_REGISTRATION
#include "lib/Conversion/TFToHLO/Passes.h.inc"

} // namespace tfmlir

#endif
