//===- Executor.h - runs a partly compiled function node by node -*- C++
//-*-===//
//
// The Session's executor for global_jit_level=kAuto and kOff (TF's
// executor plus XlaLaunch, on one host). Input: a module whose @main is in
// the tf dialect after tf-standard-pipeline. With kAuto it is lowered with
// xla-legalize-tf{allow-partial=true} and clustered with
// xla-mark-for-compilation; each cluster is outlined into its own
// function and compiled by CpuExecutable (once, at create(): the Session
// compiles one executor per feed shapes, so clusters are cached by input
// shapes through the Session's executable cache). With kOff nothing is
// lowered. The tf ops left run on host kernels (kernels/HostKernel.h).
// A functional If/While left (its functions hold host ops: TensorLists,
// data-dependent shapes) is a host node that calls its functions, each
// built as its own executor (ControlFlowKernels.h).
// A tf op left only because its shapes are known at run time (it has an
// hlo lowering but no host kernel: e.g. a Tanh behind a Unique) joins a
// second kind of cluster, XlaLaunch-like: outlined with its run-time
// types, and compiled at run() for the input shapes it gets (once per
// distinct shapes, cached in the node). Ops with a host kernel stay on the
// host even so: data-dependent sizes (an NMS count) would otherwise
// recompile for every new count.
//
// run() executes the nodes (clusters and host ops) in dependency order;
// nodes whose inputs are ready run in parallel on the inter-op thread pool
// (`inter_op_parallelism_threads`; one process-wide pool per thread count,
// shared by all executors, as TF's sessions share the global pool). Values
// are HostTensors shared between consumers and released when the last
// consumer has run.
//
// Errors: create() fails with Unimplemented listing, as one histogram, the
// ops that neither compile nor have a host kernel, and apart from them the
// ops that have a lowering but were "blocked by" a node whose result shape
// is only known at run time (naming that node; only without
// compileAtRunTime); a run-time cluster that does not lower for the shapes
// it gets fails that run with the histogram and the shapes; InvalidArgument
// when the node graph has a cycle (a hand-made clustering). run() returns the
// failing node's error with " [[{{node <name>}}]]" appended, as TF does.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_EXECUTOR_H
#define TFMLIR_RUNTIME_SESSION_EXECUTOR_H

#include "runtime/session/HostTensor.h"

#include "absl/status/statusor.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
class ModuleOp;
template <typename T> class OwningOpRef;
} // namespace mlir

namespace tfmlir::session {

struct ExecutorOptions {
  /// The graph's name in errors.
  std::string graphName = "graph";
  /// Threads of the inter-op pool; 0 = the machine's cores.
  int interOpThreads = 0;
  /// Whether to lower and cluster (kAuto) or run everything on host
  /// kernels (kOff).
  bool compileClusters = true;
  /// Whether @main is already lowered and marked (xla-legalize-tf and
  /// xla-mark-for-compilation run by the caller; used by tests that build
  /// the clustering by hand).
  bool alreadyClustered = false;
  /// Whether tf ops with a lowering but run-time shapes form clusters
  /// compiled at run time (kAuto only); otherwise they are reported as
  /// blocked when they have no host kernel.
  bool compileAtRunTime = true;
  /// No run-time index checks in compiled clusters: XLA's clamping
  /// (SessionOptions::xla_clamp_indices).
  bool clampIndices = false;
  /// SessionOptions::list_all_nodes_in_errors: every node in the
  /// unsupported-op histograms, not the first 8 per op.
  bool listAllNodesInErrors = false;
  /// CpuExecutable::setMaxRunMemory of every compiled cluster
  /// (SessionOptions::max_run_memory_bytes); 0 = no limit. The same limit
  /// bounds the host tensors of one run(): the outputs of host kernels and
  /// clusters while they are alive (not the arguments, the constants or
  /// the results' copies); the node whose outputs go over it fails the run
  /// with ResourceExhausted naming it (its outputs were allocated by then:
  /// the check follows the kernel). Constants bigger than the limit are
  /// refused at create().
  int64_t maxRunMemoryBytes = 0;
  /// The compile-memory budget (lib/Pipelines/CompileMemory.h) of each
  /// cluster compiled at run time for its input shapes
  /// (SessionOptions::max_compile_memory_bytes; the clusters compiled at
  /// create() are under the Session's budget of the whole compile). 0 = no
  /// limit.
  int64_t maxCompileMemoryBytes = 0;
  /// TF's tf_xla_min_cluster_size (MarkForCompilationPassFlags): an
  /// auto-clustering cluster with fewer TF nodes than this (Identity-like
  /// nodes and constants not counted) is not compiled; its nodes run on
  /// host kernels instead, when they all have one for their dtypes
  /// (otherwise it is compiled anyway: there is nothing else to run it
  /// on). A cluster holding functional control flow is always compiled, as
  /// in TF. 1 = every cluster is compiled (the executor's default; the
  /// Session passes TF's default, 4). Only with compileClusters and not
  /// alreadyClustered.
  int minClusterSize = 1;
  /// Whether run() executes the nodes one after another on the calling
  /// thread instead of on the inter-op pool (the functions of host
  /// If/While nodes, which run inside a pool thread: waiting there for the
  /// pool could deadlock it).
  bool sequential = false;
  /// Whether @main may return DT_VARIANT (TensorList) values (functions
  /// called by host If/While); a top-level fetch of one is refused.
  bool allowVariantResults = false;
  /// How deeply this executor's function is nested in host If/While nodes
  /// (0 = the graph); bounded (ControlFlowKernels.cpp).
  int functionDepth = 0;
};

/// Counters of an executor, over all its runs.
struct ExecutorStats {
  int clusters = 0;               ///< compiled cluster nodes
  int runtimeClusters = 0;        ///< clusters compiled at run time
  int64_t runtimeCompiles = 0;    ///< compiles of those, all shapes
  int hostNodes = 0;              ///< host kernel nodes
  int64_t runs = 0;               ///< completed run() calls
  int64_t maxConcurrentNodes = 0; ///< most nodes seen running at once
};

class GraphExecutor {
public:
  ~GraphExecutor();

  /// Builds the executor for `module`'s @main (see the file comment). The
  /// executor keeps `context` and `module` alive (host kernels were built
  /// from the ops; they do not touch MLIR when running).
  static absl::StatusOr<std::unique_ptr<GraphExecutor>>
  create(std::unique_ptr<mlir::MLIRContext> context,
         mlir::OwningOpRef<mlir::ModuleOp> module,
         const ExecutorOptions &options);

  /// As create(), for a function called by a host If/While node
  /// (ControlFlowKernels.h): `context` is borrowed and must outlive the
  /// executor; `options.sequential` and `allowVariantResults` are set.
  static absl::StatusOr<std::unique_ptr<GraphExecutor>>
  createForFunction(mlir::MLIRContext *context,
                    mlir::OwningOpRef<mlir::ModuleOp> module,
                    ExecutorOptions options);

  /// Runs @main on `args` (one per argument, its dtype; a shape that
  /// matches the argument's type where that is static). Returns one new
  /// tensor per result. Thread-safe: runs may overlap.
  absl::StatusOr<std::vector<HostTensor>>
  run(const std::vector<const HostTensor *> &args) const;

  ExecutorStats stats() const;

  /// One line per node in execution order: "cluster_0 (hlo ops: 5)" or
  /// "host tf.Where 'where'" (for tests and --dump in tools).
  std::string describe() const;

  struct Impl;

private:
  GraphExecutor() = default;
  std::unique_ptr<Impl> impl_;
};

} // namespace tfmlir::session

#endif
