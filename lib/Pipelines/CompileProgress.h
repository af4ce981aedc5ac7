//===- CompileProgress.h - a live progress line for long compiles -*- C++
//-*-===//
//
// While a tool compiles (tf-run's first Session::Run, tf-convert's
// conversion), a CompileProgress shows on stderr which compile phase and
// which pass is running and for how long:
//
//   tf-run g.pb: hlo-to-llvm-pipeline: pass 37/58 hlo-cpu-vectorize (12.3 s)
//
// The phases are the CompilePhases of lib/Pipelines/CompileTiming.h (import
// GraphDef, tf-standard-pipeline, xla-legalize-tf, hlo-to-llvm-pipeline,
// LLVM optimization (O3), ...); the pass index counts the top-level passes
// of the PassManager a phase instruments with CompilePhase::timePasses
// (a nested 'func.func' pipeline is one top-level pass; the name shown is
// then the nested pass running). Compile code needs no change beyond
// opening CompilePhases: with no CompileProgress alive, a phase costs one
// atomic load here.
//
// Modes (ProgressMode):
//  - Auto: only when stderr is a terminal and the step has run for more
//    than `delay` (3 s by default): the line is redrawn in place four times
//    a second ("\r...\033[K", cut to the terminal's width) and, when the
//    step ends, finished as "<label>: done in 12.3 s" and a newline. With
//    stderr a file or a pipe nothing is written (tests and logs unchanged).
//  - Always: whatever stderr is, one line per event (a phase or a pass
//    starting, no redrawing and no delay) and the final "done" line; for
//    tests and for logs of long compiles (tf-run --progress=always).
//  - Never: nothing.
// One CompileProgress at a time per process (a second one while the first
// lives is silent). Phases opened on any thread are shown; the innermost
// open phase is the one displayed.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_COMPILEPROGRESS_H
#define TFMLIR_LIB_PIPELINES_COMPILEPROGRESS_H

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <memory>
#include <optional>
#include <string>

namespace mlir {
class PassManager;
} // namespace mlir

namespace tfmlir {

/// When a CompileProgress writes (see the file comment).
enum class ProgressMode { Never, Auto, Always };

/// Parses a --progress value: "auto", "always" or "never"; std::nullopt for
/// anything else (the tool names the flag and the value in its error).
std::optional<ProgressMode> parseProgressMode(llvm::StringRef value);

struct ProgressState;

/// Shows the compile's progress on stderr while the object lives (see the
/// file comment for the modes and the format). `label` starts every line
/// ("tf-run g.pb"). Not copyable; the destructor writes the final line (if
/// anything was shown) and joins the redraw thread.
class CompileProgress {
public:
  explicit CompileProgress(
      std::string label, ProgressMode mode = ProgressMode::Auto,
      std::chrono::milliseconds delay = std::chrono::seconds(3));
  ~CompileProgress();
  /// The compile failed: the final line says "failed after X s" instead of
  /// "done in X s" (the error itself is the caller's to print).
  void setFailed();
  CompileProgress(const CompileProgress &) = delete;
  CompileProgress &operator=(const CompileProgress &) = delete;

private:
  std::shared_ptr<ProgressState> state_;
};

namespace detail {
/// Called by CompilePhase (CompileTiming.cpp): a phase named `name` opens.
/// Returns an id for progressPhaseClosed, or 0 when no CompileProgress is
/// alive (then nothing is to be closed).
uint64_t progressPhaseOpened(llvm::StringRef name);
/// The phase `id` (from progressPhaseOpened, non-zero) closed.
void progressPhaseClosed(uint64_t id);
/// Adds to `pm` an instrumentation that reports its passes under phase `id`
/// (non-zero). The instrumentation keeps the progress state alive and is
/// silent after the CompileProgress ends.
void progressInstrument(mlir::PassManager &pm, uint64_t id);
} // namespace detail

} // namespace tfmlir

#endif
