//===- CpuExecutable.h - JIT-compiled hlo functions on the host CPU -------===//
//
// Compiles one function of an hlo-dialect module with hlo-to-llvm-pipeline
// and mlir::ExecutionEngine (LLVM -O3, host CPU features) and runs it on
// caller tensors. Constants of at least kExternalConstantBytes bytes are
// taken out of the module (externalizeLargeConstants) and kept as host
// buffers passed to the function as leading arguments at run time, so they
// are never printed, copied into LLVM globals or JIT-compiled.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_CPUEXECUTABLE_H
#define TFMLIR_RUNTIME_SESSION_CPUEXECUTABLE_H

#include "runtime/session/HostTensor.h"

#include "absl/status/statusor.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <optional>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace llvm {
class Module;
namespace orc {
class LLJIT;
} // namespace orc
} // namespace llvm

namespace mlir {
class ExecutionEngine;
class ModuleOp;
class Type;
class TypeRange;
} // namespace mlir

namespace tfmlir::cpu {
class BufferArena;
struct ArenaStats;
class ThreadPool;
} // namespace tfmlir::cpu

namespace tfmlir::session {

/// The dtype and static shape of one argument or result.
struct TensorSpec {
  DType dtype;
  std::vector<int64_t> shape;
};

/// The dtype of a tensor element type (f16/bf16/f32/f64/i1/i8/i16/i32/i64/
/// ui8/ui16/ui32/ui64); nullopt for any other.
std::optional<DType> toDType(mlir::Type t);

/// Appends the spec of each of `types` (one per function argument or
/// result) to `out`; InvalidArgument naming `what` ("argument", "result")
/// and the index for a type that is not a static-shaped tensor of a dtype
/// above.
absl::Status toSpecs(mlir::TypeRange types, const char *what,
                     std::vector<TensorSpec> &out);

/// A caller-owned input: dtype, shape and row-major data (not copied;
/// it must stay alive and unchanged during run()).
struct TensorView {
  DType dtype;
  const std::vector<int64_t> *shape;
  const void *data;
};

/// One compiled function. Not thread-safe to construct; run() may be called
/// repeatedly (and from several threads). The buffers the compiled code
/// allocates (intermediates, results before they are copied out) come from
/// the executable's runtime/cpu BufferArena, kept across runs: after the
/// first run, a run allocates no buffer from the system.
class CpuExecutable {
public:
  ~CpuExecutable();

  /// Parses `mlirText` (a module of func.func on ranked static-shaped
  /// tensors of f16/bf16/f32/f64/i1/i8/i16/i32/i64/ui8/ui16/ui32/ui64 in the
  /// hlo dialect, plus any upstream dialect) and compiles its public
  /// function `entry`.
  /// Errors: InvalidArgument when the text does not parse, `entry` is
  /// missing, or a signature type is unsupported; Internal with the
  /// pipeline's diagnostics when lowering or JIT compilation fails.
  /// With a non-empty `cacheDir`, the persistent compile cache of
  /// CompileCache.h is used: a trusted entry for the same module, entry,
  /// constants, compiler and host CPU is loaded instead of compiling
  /// (wasCacheHit() tells), and a fresh compile is stored there; cache
  /// problems are warnings on stderr, never errors.
  static absl::StatusOr<std::unique_ptr<CpuExecutable>>
  compile(const std::string &mlirText, const std::string &entry,
          const std::string &cacheDir = "");

  /// As above for an existing module (printed and re-parsed into the
  /// executable's own context; `module` is not modified).
  /// `cacheKey`, when not empty, replaces the key computed from the module
  /// (a caller that can key the compile on its own inputs, as the Session
  /// does on the GraphDef and the request, checks loadCached first and so
  /// skips the whole frontend on a hit; compile then only stores its result
  /// under that key).
  static absl::StatusOr<std::unique_ptr<CpuExecutable>>
  compile(mlir::ModuleOp module, const std::string &entry,
          const std::string &cacheDir = "", const std::string &cacheKey = "");

  /// The executable of function `entry` stored under `key` in the compile
  /// cache `cacheDir`: NotFound when there is no entry or it cannot be
  /// trusted or loaded (a warning on stderr says why for the latter).
  static absl::StatusOr<std::unique_ptr<CpuExecutable>>
  loadCached(const std::string &cacheDir, const std::string &key,
             const std::string &entry);

  /// The one process-wide lock that compiles of the Session (whole graph,
  /// executor build) and of the executor's run-time clusters hold: they
  /// take turns, because CpuExecutable::compile is not documented as
  /// thread-safe (LLVM target and pass registration) and the compile-memory
  /// budget (lib/Pipelines/CompileMemory.h) measures process-wide heap
  /// growth. Runs of compiled executables never take it. Not recursive: a
  /// holder must not start another compile.
  static std::mutex &compileMutex();

  /// True if this executable was loaded from the compile cache.
  bool wasCacheHit() const { return cacheHit_; }

  /// Runs the function on `inputs` (one per argument, same dtype and
  /// shape) and returns new tensors for its results (copied out of the
  /// compiled code's buffers with one memcpy each when contiguous). The
  /// parallel loops of the compiled code (tfmlir_rt_parallel_for) run on
  /// `pool`, or serially when it is null. Errors: InvalidArgument naming
  /// the argument index for a count, dtype or shape mismatch;
  /// ResourceExhausted naming the function and the size when a buffer of
  /// the compiled code cannot be allocated; Internal when the JIT call
  /// fails.
  absl::StatusOr<std::vector<HostTensor>>
  run(const std::vector<const HostTensor *> &inputs,
      cpu::ThreadPool *pool = nullptr) const;

  /// As above on caller buffers, passed to the compiled code without a copy
  /// (the Session's Tensors). Same errors.
  absl::StatusOr<std::vector<HostTensor>>
  runViews(const std::vector<TensorView> &inputs,
           cpu::ThreadPool *pool = nullptr) const;

  /// Limits the bytes of buffers one run of the compiled code may hold at
  /// once (SessionOptions::max_run_memory_bytes; counted per run on the
  /// run's thread, in arena size classes); <= 0 = no limit (the default).
  /// A run over it ends with ResourceExhausted naming the limit.
  void setMaxRunMemory(int64_t bytes) { maxRunBytes_ = bytes > 0 ? bytes : -1; }

  /// How run errors name this executable: "@<entry>" by default; the
  /// executor's clusters set "cluster <name> (nodes a, b, ...)", so that a
  /// failing run names the TF nodes, not the outlined function.
  void setName(std::string name) { name_ = std::move(name); }
  /// The name of run errors (see setName).
  std::string name() const { return name_.empty() ? "@" + entry_ : name_; }

  /// The counters of the buffer arena: blocks taken from the system, reuses,
  /// bytes held, and the peak bytes in use at once (the peak temporary
  /// memory of a run, results included before they are copied out).
  cpu::ArenaStats arenaStats() const;

  const std::vector<TensorSpec> &inputSpecs() const { return inputs_; }
  const std::vector<TensorSpec> &outputSpecs() const { return outputs_; }

  /// Constants of at least this many bytes become host buffers.
  static constexpr int64_t kExternalConstantBytes = 64 * 1024;
  // (= kCpuExternalConstantBytes of lib/Conversion/HLOToLinalg/Passes.h,
  // checked in CpuExecutable.cpp)

  /// The number of constants kept as host buffers.
  size_t numExternalConstants() const { return constants_.size(); }

private:
  CpuExecutable() = default;

  static absl::StatusOr<std::unique_ptr<CpuExecutable>>
  compileText(const std::string &mlirText, const std::string &entry,
              std::vector<HostTensor> constants, const std::string &cacheDir,
              const std::string &key);

  std::string entry_;
  std::string name_; ///< setName(); empty = "@" + entry_
  std::vector<TensorSpec> inputs_, outputs_;
  /// The externalized constants, in argument order (leading arguments).
  std::vector<HostTensor> constants_;
  std::function<llvm::Error(llvm::Module *)> transformer_;
  std::unique_ptr<mlir::ExecutionEngine> engine_;
  /// The JIT of an executable loaded from the compile cache (instead of
  /// engine_).
  std::unique_ptr<llvm::orc::LLJIT> cachedJit_;
  bool cacheHit_ = false;
  /// The packed entry point (_mlir_ciface_<entry>).
  void (*packed_)(void **) = nullptr;
  std::unique_ptr<cpu::BufferArena> arena_;
  int64_t maxRunBytes_ = -1;
};

} // namespace tfmlir::session

#endif
