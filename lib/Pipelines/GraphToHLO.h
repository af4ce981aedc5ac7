//===- GraphToHLO.h - GraphDef -> hlo module (Session and tf-compile) -----===//
//
// The front half of the CPU compile step that the Session (JIT) and
// tf-compile (AOT) share: import a GraphDef pruned to feeds and fetches,
// run tf-standard-pipeline, legalize tf -> hlo. What follows (hlo ->
// LLVM) is CpuExecutable (JIT) or compileAot (lib/Pipelines/AotCompile.h).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_GRAPHTOHLO_H
#define TFMLIR_LIB_PIPELINES_GRAPHTOHLO_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "absl/status/statusor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tensorflow {
class GraphDef;
} // namespace tensorflow

namespace mlir {
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace tfmlir {

/// One argument of the compiled function: a tensor "node:index" (a fed
/// tensor, which may be any node's output, as in TF's Session and
/// tfcompile), its dtype in TF's DataType numbering (types.proto) and its
/// static shape (row-major; empty = scalar).
struct GraphArgSpec {
  std::string tensor;
  int dtype;
  std::vector<int64_t> shape;
};

/// Registers every dialect and extension lowerGraphToHLO needs in `registry`
/// (tf, tf_executor, hlo, the upstream ones, node-name diagnostics).
void registerGraphToHLODialects(mlir::DialectRegistry &registry);

/// Imports `graph` with `args` as the arguments of @main (in order) and
/// `outputs` ("node:index" or "node") as its results, pruned to what they
/// need, and runs tf-standard-pipeline: the functional tf form that
/// lowerGraphToHLO legalizes and the Session's executor clusters
/// (global_jit_level kAuto/kOff). `ctx` must hold registerGraphToHLODialects'
/// dialects. `targets` (node names) are kept as control outputs of the
/// graph: they and what they need run although they return nothing (TF's
/// Run targets, e.g. an Assert or a NoOp grouping Asserts).
/// `tensorArraysAsLists`: TF1 TensorArrays whose size or element shape is
/// only known at run time become TensorList ops (host kernels; the
/// executor's kAuto/kOff) instead of failing the pipeline
/// (tf-tensor-array-ops-decomposition's list-fallback; whole-graph
/// compilation keeps the error that names the TensorArrayV3 node). Errors:
/// InvalidArgument as lowerGraphToHLO's first two.
absl::StatusOr<mlir::OwningOpRef<mlir::ModuleOp>>
importGraphToTF(const tensorflow::GraphDef &graph, const std::string &graphName,
                const std::vector<GraphArgSpec> &args,
                const std::vector<std::string> &outputs, mlir::MLIRContext &ctx,
                const std::vector<std::string> &targets = {},
                bool tensorArraysAsLists = false);

/// importGraphToTF, then legalizes tf -> hlo. Imports `graph` with `args` as
/// the arguments of @main (in order) and `outputs` ("node:index" or "node") as
/// its results, pruned to what they need, runs tf-standard-pipeline and
/// legalizes tf -> hlo (whole graph, no fallback). `ctx` must hold
/// registerGraphToHLODialects' dialects. `graphName` prefixes every error
/// message. Errors: InvalidArgument when the import or the standard pipeline
/// fails (a dead fetch is named as TF does: "Retval[k] does not have value");
/// Unimplemented with the legalization histogram ("cannot legalize: tf.X
/// (count n: nodes a, b)") when ops have no hlo lowering. `clampIndices`:
/// no run-time index checks (legalizeTFToHLO). `listAllNodes`: the
/// histogram names every node of each op instead of the first 8.
absl::StatusOr<mlir::OwningOpRef<mlir::ModuleOp>>
lowerGraphToHLO(const tensorflow::GraphDef &graph, const std::string &graphName,
                const std::vector<GraphArgSpec> &args,
                const std::vector<std::string> &outputs, mlir::MLIRContext &ctx,
                bool clampIndices = false, bool listAllNodes = false);

} // namespace tfmlir

#endif
