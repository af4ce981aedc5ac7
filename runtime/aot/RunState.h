//===- RunState.h - per-Run allocation tracking (internal) ----------------===//
//
// Internal to runtime/aot: the state CompiledCpuFunction::Run installs on
// its thread while generated code runs, read by tfmlir_aot_malloc/free.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_AOT_RUNSTATE_H
#define TFMLIR_RUNTIME_AOT_RUNSTATE_H

#include <csetjmp>
#include <cstddef>
#include <cstdint>

namespace tfmlir::aot {

struct BlockHeader;

/// The allocations of one Run: a list of live blocks, their byte count, the
/// limit (-1 = none), and where a failed allocation unwinds to.
struct RunState {
  BlockHeader *head = nullptr;
  size_t bytesHeld = 0;
  size_t peakBytes = 0;
  int64_t limitBytes = -1;
  size_t failedBytes = 0;
  /// The node being allocated for (tfmlir_aot_alloc_site), and the one a
  /// failed allocation was for (null: unnamed).
  const char *site = nullptr;
  const char *failedSite = nullptr;
  std::jmp_buf jmp;

  /// The run state of this thread (null outside Run).
  static RunState *current();
  /// Frees every block still linked; returns how many there were.
  size_t freeAll();

  /// Installs `st` as this thread's run state for the scope's lifetime.
  class Scope {
  public:
    explicit Scope(RunState *st);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    RunState *saved_;
  };
};

} // namespace tfmlir::aot

#endif
