//===- Session.h - a TF-like Session that JIT-compiles GraphDefs -*- C++
//-*-===//
//
// tfmlir::session::Session is modelled on tensorflow::Session and
// DirectSession: it holds a GraphDef and runs (feeds, fetches, targets)
// requests on the host CPU. Each distinct request is compiled once:
//   GraphDef -> (prune, variable rewrite) -> importGraphDef (feeds as @main
//   arguments, fetches as results) -> tf-standard-pipeline ->
//   xla-legalize-tf -> CpuExecutable (hlo-to-llvm-pipeline + JIT), or with
//   SessionOptions::device a GPU, GpuExecutable (runtime/session/
//   GpuExecutable.h: the GPU path and the CUDA driver).
// With SessionOptions::global_jit_level kAuto or kOff the imported
// function runs on the executor instead (runtime/session/Executor.h:
// compiled clusters and host kernels, one executor per request and feed
// shapes, cached like the executables).
//
// Variables. VariableV2/Variable (ref) and VarHandleOp (resource) state
// lives in the Session, keyed by "<container or localhost>/<shared_name or
// node name>", across Run calls. They are compiled as tf2xla does: a
// variable's value at the start of the Run is an extra argument, the value
// that a Run assigns an extra result, stored after the Run. Supported
// ops: Assign/AssignAdd/AssignSub on ref variables,
// AssignVariableOp/AssignAddVariableOp/AssignSubVariableOp and
// ReadVariableOp on VarHandleOp handles (directly connected), and any op
// reading a ref variable's value.
// Ordering rule: a read of a variable (or the old value that
// AssignAdd/AssignSub reads) sees the value written by the latest assign of
// that variable among the read's ancestors (data or control edges), by
// position in a topological order of the graph; with no such ancestor it
// sees the value at the start of the Run. When several assigns of one
// variable run, the one latest in that order is stored. Runs that assign
// variables are serialized (each one's reads and writes are atomic); Runs
// that only read take a snapshot.
//
// Errors are absl::Status with TF's codes and, where TF has one, TF's
// wording (DirectSession, subgraph.cc, placeholder and variable kernels).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_SESSION_H
#define TFMLIR_RUNTIME_SESSION_SESSION_H

#include "runtime/session/Tensor.h"

#include "lib/Translate/proto/graph.pb.h"

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tfmlir::cpu {
class ThreadPool;
} // namespace tfmlir::cpu

namespace tfmlir::session {

struct SessionGpu;

/// Options of Session::Create (TF's SessionOptions; only what applies to a
/// single-host CPU session).
struct SessionOptions {
  /// The name of the GraphDef in diagnostics (e.g. its file name).
  std::string graphName = "graph";
  /// Threads of the intra-op pool that compiled code partitions its
  /// parallel loops over (TF's ConfigProto.intra_op_parallelism_threads).
  /// 0 = the machine's cores; more than the machine's cores is capped at
  /// them; negative is refused by Session::Create (InvalidArgument). One
  /// pool per Session, shared by its concurrent Runs (a loop that finds it
  /// busy runs on its Run's own thread).
  int intra_op_parallelism_threads = 0;
  /// Threads of the inter-op pool on which the executor runs independent
  /// nodes outside compiled clusters (TF's
  /// ConfigProto.inter_op_parallelism_threads). 0 = the machine's cores.
  int inter_op_parallelism_threads = 0;
  /// What XLA compiles (TF's OptimizerOptions.global_jit_level):
  /// kWholeGraph compiles the whole pruned graph as one function (fails with
  /// the unsupported-op histogram when an op cannot be compiled); kAuto forms
  /// clusters of compilable ops and runs the rest on host kernels; kOff runs
  /// every node on host kernels.
  enum class GlobalJitLevel { kWholeGraph, kAuto, kOff };
  GlobalJitLevel global_jit_level = GlobalJitLevel::kWholeGraph;
  /// The level a tool or API names: "whole", "auto" or "off" (tf-run
  /// --jit, python's ConfigProto jit); nullopt for anything else.
  static std::optional<GlobalJitLevel> parseGlobalJitLevel(std::string_view s);
  /// Out-of-range indices of GatherV2, GatherNd, ScatterNd and
  /// UnsortedSegment{Sum,Prod,Max,Min} in compiled code: false (default)
  /// fails the Run with InvalidArgument as TF's CPU kernels do
  /// ("indices[3] = 7 is not in [0, 5)" and the node); true clamps gather
  /// indices and drops scatter/segment ones as XLA does (no check cost).
  bool xla_clamp_indices = false;
  /// The unsupported-op histogram of a failed compile ("cannot legalize:
  /// tf.Where (count 30: nodes w0, ..., w7, and 22 more)") names the first
  /// 8 nodes of each op; true names every node (tf-run --verbose). A
  /// tfmlir option; TF has no such setting.
  bool list_all_nodes_in_errors = false;
  /// The most bytes of buffers (intermediates and results before they are
  /// copied out) that one run of a compiled function may hold at once; a
  /// run over it fails with ResourceExhausted naming the limit. 0 = no
  /// limit. Allocations inside parallel loops on intra-op pool threads are
  /// not counted. On a GPU (`device`): the device buffers one run of the
  /// plan allocates (GpuExecutable::runBytes). (tf-run --max-run-memory.)
  int64_t max_run_memory_bytes = 0;
  /// The most heap one compile (of the whole graph, or of the executor
  /// with its clusters for kAuto/kOff) may add to the process, measured
  /// after every MLIR pass and between the LLVM stages
  /// (lib/Pipelines/CompileMemory.h: a single pass can overshoot before it
  /// is measured; the measure is process-wide). Over it the compile, and
  /// the Run that needed it, fail with ResourceExhausted "compiling ...
  /// needed more than N bytes (max_compile_memory_bytes) after <stage>".
  /// 0 = no limit; negative is refused by Session::Create.
  /// (tf-run --max-compile-memory.)
  int64_t max_compile_memory_bytes = 0;
  /// A directory for the persistent compile cache (runtime/session/
  /// CompileCache.h; tf-run --compile-cache-dir), used by kWholeGraph
  /// compiles: a later process with the same graph, feeds, fetches, shapes,
  /// compiler build and host CPU loads the executable instead of compiling
  /// it. Empty (default): no disk cache. An unusable directory or entry is
  /// a warning on stderr, never an error.
  std::string compile_cache_dir;
  /// With kAuto: clusters of fewer TF nodes are not compiled but run on
  /// host kernels (TF's --tf_xla_min_cluster_size of TF_XLA_FLAGS, default
  /// 4; Identity-like nodes do not count, clusters with functional control
  /// flow are always compiled; a cluster whose ops lack host kernels is
  /// compiled anyway). Must be >= 1 (Session::Create refuses less with
  /// InvalidArgument).
  int tf_xla_min_cluster_size = 4;
  /// Where compiled graphs run, named as TF names devices: "" (default),
  /// "cpu", "/device:CPU:0" for the host CPU; "gpu", "gpu:N",
  /// "/device:GPU:N", "/gpu:N" or "/job:localhost/replica:0/task:0/
  /// device:GPU:N" for NVIDIA GPU N (tf-run --device). On a GPU the whole
  /// graph is compiled by the GPU path (lib/Pipelines/GpuCompile.h) and
  /// run through the CUDA driver: feeds and variable values are copied to
  /// the device at each Run, fetches and new variable values back (they do
  /// not stay on the device between Runs yet). Needs global_jit_level
  /// kWholeGraph; indices out of range are clamped (gather) or dropped
  /// (scatter) as XLA does, whatever xla_clamp_indices says; the persistent
  /// compile cache is not used. Session::Create refuses an unknown name
  /// (InvalidArgument), a GPU with kAuto/kOff or in a build without the
  /// CUDA toolkit (Unimplemented), and a GPU it cannot open (the driver's
  /// error: FailedPrecondition without a driver, Unavailable for a missing
  /// device).
  std::string device;
  /// The GPU ordinal `device` names, nullopt for the CPU; InvalidArgument
  /// for a name that is neither.
  static absl::StatusOr<std::optional<int>>
  parseDevice(std::string_view device);
};

/// Counters of a Session, monotonically increasing.
struct SessionStats {
  int64_t runs = 0;          ///< Run calls that reached execution
  int64_t compiles = 0;      ///< executables compiled (incl. failed ones)
  int64_t cacheHits = 0;     ///< Runs that found their executable compiled
  double compileSeconds = 0; ///< wall time spent compiling, total
  /// Buffers the compiled code took from the system, over all executables
  /// (their arenas reuse blocks across Runs: constant in steady state).
  int64_t bufferSystemAllocs = 0;
  /// The largest peak of buffer bytes in use at once in one executable's
  /// Runs (intermediates, and results before they are copied out).
  int64_t peakTemporaryBytes = 0;
  /// Loops of compiled code that the intra-op pool split over its threads
  /// (the others ran serially: small by the cost model, or pool busy).
  int64_t intraOpParallelLoops = 0;
};

/// A Session over one growing GraphDef. All methods are thread-safe.
class Session {
public:
  ~Session();

  /// Creates a session over `graph` (a copy is kept) and its intra-op
  /// thread pool. Errors: InvalidArgument "Node 'x' is not unique" for
  /// duplicate node names, or a negative intra_op_parallelism_threads.
  static absl::StatusOr<std::unique_ptr<Session>>
  Create(const tensorflow::GraphDef &graph,
         const SessionOptions &options = SessionOptions());

  /// Adds the nodes (and library functions) of `graph`. Errors:
  /// InvalidArgument when a node name already exists ("GraphDef argument to
  /// Extend includes node 'x', which was created by a previous call to
  /// Create or Extend in this session."), Cancelled after Close().
  /// Compiled executables are dropped (the graph changed); variables stay.
  /// Runs in progress are not waited for: they finish on the graph and
  /// executables they started with (as DirectSession, where Extend and Run
  /// may proceed concurrently); later Runs see the extended graph.
  absl::Status Extend(const tensorflow::GraphDef &graph);

  /// Closes the session: later Run/Extend return Cancelled "Session has
  /// been closed." Releases executables and variables. Does not wait for
  /// Runs in progress (as TF's DirectSession::Close): they keep what they
  /// execute alive, finish executing, and then return Cancelled "Run call
  /// was cancelled" without storing variable writes (TF cancels the step;
  /// we cannot interrupt compiled code, so the cancellation takes effect
  /// when it returns). Idempotent. The Session must not be destroyed while
  /// Runs are in progress.
  absl::Status Close();

  /// Runs the subgraph that `fetches` (tensor names "node" or "node:idx")
  /// and `targets` (node names) need, with `feeds` ("node[:idx]" -> value)
  /// replacing the fed tensors (ops behind a feed do not run). As
  /// DirectSession, every node of that subgraph runs, including targets and
  /// control inputs whose values nobody fetches (their errors fail the Run;
  /// tf.Assert, which has no output, is dropped as XLA drops it). On success
  /// `outputs` holds one Tensor per fetch, in order. Errors:
  ///  - Cancelled: the session is closed ("Session has been closed."), or
  ///    was closed while this Run executed ("Run call was cancelled");
  ///  - NotFound: an unknown feed ("FeedInputs: unable to find feed output
  ///    x:0"), fetch ("FetchOutputs node x:0: not found") or target
  ///    ("PruneForTargets: Some target nodes not found: t");
  ///  - InvalidArgument: an output index out of range, a tensor fed twice, a
  ///    feed whose dtype or shape does not match the fed node (naming it),
  ///    an unfed Placeholder that is needed ("You must feed a value for
  ///    placeholder tensor 'x' with dtype float and shape [2]"), a graph
  ///    that does not import;
  ///  - FailedPrecondition: reading an uninitialised variable ("Attempting to
  ///    use uninitialized value v");
  ///  - Unimplemented: ops that cannot be compiled (xla-legalize-tf's
  ///    histogram of ops and node names; with kAuto/kOff, ops that neither
  ///    compile nor have a host kernel), unsupported variable uses;
  ///  - with kAuto/kOff, a host kernel's error (TF's code and wording)
  ///    ending in "[[{{node <name>}}]]";
  ///  - Internal: code generation failures.
  absl::Status Run(const std::vector<std::pair<std::string, Tensor>> &feeds,
                   const std::vector<std::string> &fetches,
                   const std::vector<std::string> &targets,
                   std::vector<Tensor> *outputs);

  SessionStats stats() const;

  /// The current value of the variable stored under `key`
  /// ("localhost/<name>" unless the node sets container/shared_name);
  /// NotFound when it has no value.
  absl::StatusOr<Tensor> variableValue(const std::string &key) const;

  /// Whether a stored variable value shares `t`'s buffer (e.g. a fetched
  /// variable or assign result). Callers that hand fetched buffers out for
  /// writing (the python package's zero-copy NumPy arrays) copy such
  /// tensors, so that writing into them cannot change the variable.
  bool HoldsBuffer(const Tensor &t) const;

  struct Plan;
  struct Executable;

private:
  Session() = default;
  /// Whether Close() has been called (takes mu_).
  bool closedDuringRun() const;
  absl::StatusOr<std::shared_ptr<const Plan>>
  getPlan(const std::string &key, const std::vector<std::string> &feeds,
          const std::vector<std::string> &fetches,
          const std::vector<std::string> &targets);

  SessionOptions options_;
  /// The intra-op pool (intra_op_parallelism_threads), handed to every
  /// executable's run.
  std::shared_ptr<cpu::ThreadPool> intraOpPool_;
  /// The GPU of SessionOptions::device (null: the CPU).
  std::shared_ptr<SessionGpu> gpu_;
  mutable std::mutex mu_; // guards the fields below up to the variables
  bool closed_ = false;
  std::shared_ptr<const tensorflow::GraphDef> graph_;
  std::map<std::string, std::shared_ptr<const Plan>> plans_;
  std::map<std::string, std::shared_ptr<Executable>> executables_;

  mutable std::mutex varMu_; // guards vars_
  std::map<std::string, Tensor> vars_;
  std::mutex writerMu_; // held for the whole of a Run that assigns

  std::atomic<int64_t> runs_{0}, compiles_{0}, hits_{0};
  std::atomic<int64_t> compileMicros_{0};
};

} // namespace tfmlir::session

#endif
