//===- CompileMemory.h - a memory limit for one compile ---------*- C++ -*-===//
//
// SessionOptions::max_compile_memory_bytes (tf-run --max-compile-memory):
// the most heap one compile may add to the process. A CompileMemoryBudget
// opened on the compiling thread records the heap in use (glibc's
// mallinfo2(): uordblks + hblkhd, the bytes of every live malloc block,
// large mmapped ones included) and the compile is measured against it
//  - after every MLIR pass of a PassManager handed to
//    CompilePhase::timePasses (CompileTiming.h), through an action handler
//    on the pass manager's context: once over the limit, the remaining
//    passes of that pass manager are skipped, and
//  - between stages, where the compile calls checkCompileMemory() (after
//    tf-standard-pipeline, xla-legalize-tf, hlo-to-llvm-pipeline, LLVM's
//    optimisation and its machine code).
// Over the limit the compile ends with RESOURCE_EXHAUSTED "compiling <what>
// needed more than N bytes (max_compile_memory_bytes) after <stage>".
//
// Granularity: a pass or an LLVM stage is measured when it ends, so one
// pass can overshoot the limit while it runs (a fold that builds a huge
// constant allocates it before the check; the folders keep splats compact
// and bound what they build for that reason). The measure is process-wide:
// compiles take turns process-wide (Session.cpp), but a Run on another
// thread allocating at the same time counts against the compile too.
// Memory freed during the compile is subtracted (the heap in use, not its
// peak, is compared after each pass).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_COMPILEMEMORY_H
#define TFMLIR_LIB_PIPELINES_COMPILEMEMORY_H

#include "absl/status/status.h"
#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace tfmlir {

/// Bytes of heap the process holds now: the live blocks of malloc (glibc
/// mallinfo2 uordblks + hblkhd), so memory that was freed does not count.
/// 0 where mallinfo2 is not available.
uint64_t heapBytesInUse();

/// The memory budget of one compile on the calling thread. Constructed
/// when the compile starts (it records the heap in use as the baseline)
/// and destroyed when it ends; budgets nest (the innermost one is
/// current()). `maxBytes` <= 0 = no limit (nothing is measured). `what`
/// names the compiled thing in the error ("graph 'g'", "cluster c0").
class CompileMemoryBudget {
public:
  CompileMemoryBudget(int64_t maxBytes, std::string what);
  ~CompileMemoryBudget();
  CompileMemoryBudget(const CompileMemoryBudget &) = delete;
  CompileMemoryBudget &operator=(const CompileMemoryBudget &) = delete;

  /// The innermost budget of the calling thread, or null.
  static CompileMemoryBudget *current();

  /// Measures the heap now; over the limit, records RESOURCE_EXHAUSTED
  /// naming `stage` (the first one over wins) and returns it. Thread-safe
  /// (MLIR may run passes on worker threads).
  absl::Status check(llvm::StringRef stage);

  /// The recorded error: OK until a check went over the limit.
  absl::Status status() const;
  bool exceeded() const { return exceeded_.load(); }

  /// Installs an action handler on `ctx` that runs check() after every
  /// pass and skips the passes after one went over (so that the pass
  /// manager returns quickly; its caller then calls checkCompileMemory).
  /// Only when `ctx` has no action handler of its own. unwatch() removes
  /// it, and must be called before `ctx` is destroyed (CompilePhase does);
  /// the destructor removes it from the contexts still watched.
  /// Returns whether this call installed it (false: no limit, already
  /// watched, or another handler).
  bool watch(mlir::MLIRContext &ctx);
  void unwatch(mlir::MLIRContext &ctx);

  int64_t maxBytes() const { return maxBytes_; }
  /// The most heap growth over the baseline seen by check() so far.
  int64_t peakGrowth() const { return peak_.load(); }

private:
  int64_t maxBytes_;
  std::string what_;
  uint64_t baseline_;
  std::atomic<bool> exceeded_{false};
  std::atomic<int64_t> peak_{0};
  mutable std::mutex mu_;
  std::string error_;                        // guarded by mu_
  std::vector<mlir::MLIRContext *> watched_; // guarded by mu_
  CompileMemoryBudget *previous_;
};

/// check(stage) of the calling thread's current budget; OK without one.
/// Callers put it after each stage of a compile and return its error.
absl::Status checkCompileMemory(llvm::StringRef stage);

} // namespace tfmlir

#endif
