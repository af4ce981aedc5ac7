//===- CompileTiming.h - where a tool's compile time goes -------*- C++ -*-===//
//
// Process-wide timing of the compile phases, for `tf-run --timing`: the
// GraphDef import, tf-standard-pipeline, xla-legalize-tf,
// hlo-to-llvm-pipeline (each pass, as `-mlir-timing` shows it), the
// translation to LLVM IR and LLVM's optimisation and machine-code
// generation. Off unless a tool calls enableCompileTiming(); then every
// CompilePhase opened on any thread is a timer nested in the phase open on
// the same thread (MLIR's DefaultTimingManager, tree display), and
// printCompileTiming() writes the report to stderr. With timing off a
// CompilePhase costs one branch. The same phases (and passes, through
// timePasses()) feed the live progress line of a CompileProgress
// (lib/Pipelines/CompileProgress.h), when a tool shows one.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_COMPILETIMING_H
#define TFMLIR_LIB_PIPELINES_COMPILETIMING_H

#include "mlir/Support/Timing.h"
#include "llvm/ADT/StringRef.h"

namespace mlir {
class MLIRContext;
class PassManager;
} // namespace mlir

namespace tfmlir {

class CompileMemoryBudget;

/// Turns compile timing on for the rest of the process. Call once, before
/// any compile (tf-run does it while parsing --timing).
void enableCompileTiming();

/// True after enableCompileTiming().
bool compileTimingEnabled();

/// Stops the root timer and prints the tree of phases (wall time, with
/// percentages of the total) to stderr. No-op when timing is off.
void printCompileTiming();

/// One named compile phase, timed from construction to destruction, nested
/// in the CompilePhase open on the same thread (or the root). Not copyable;
/// must be destroyed on the thread that made it, innermost first.
class CompilePhase {
public:
  explicit CompilePhase(llvm::StringRef name);
  ~CompilePhase();
  CompilePhase(const CompilePhase &) = delete;
  CompilePhase &operator=(const CompilePhase &) = delete;

  /// Times each pass of `pm` under this phase (PassManager::enableTiming;
  /// no-op when timing is off), measures each pass against the calling
  /// thread's CompileMemoryBudget when there is one (CompileMemory.h; the
  /// watch ends with this phase), and reports its passes to the live
  /// CompileProgress if there is one (CompileProgress.h). `pm` must run
  /// while this phase lives, and its context must outlive the phase.
  void timePasses(mlir::PassManager &pm);

private:
  mlir::TimingScope scope_;
  CompilePhase *parent_ = nullptr;
  bool active_ = false; // timing was on when the phase opened
  /// The compile-memory budget watching `watched_` since timePasses.
  CompileMemoryBudget *watcher_ = nullptr;
  mlir::MLIRContext *watched_ = nullptr;
  uint64_t progress_ = 0; // the phase's id in the live CompileProgress, or 0
};

} // namespace tfmlir

#endif
