//===- CompileTiming.cpp - where a tool's compile time goes ---------------===//
#include "lib/Pipelines/CompileTiming.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/CompileProgress.h"

#include "mlir/Pass/PassManager.h"

#include <atomic>
#include <memory>
#include <mutex>

namespace tfmlir {
namespace {
struct TimingState {
  mlir::DefaultTimingManager manager;
  mlir::TimingScope root;
  std::mutex mu; // DefaultTimingManager nests per thread; guards root.
};
std::atomic<TimingState *> state{nullptr};
thread_local CompilePhase *current = nullptr;
} // namespace

void enableCompileTiming() {
  if (state.load())
    return;
  auto *s = new TimingState(); // lives for the process
  s->manager.setEnabled(true);
  s->manager.setDisplayMode(mlir::DefaultTimingManager::DisplayMode::Tree);
  s->root = s->manager.getRootScope();
  state.store(s);
}

bool compileTimingEnabled() { return state.load() != nullptr; }

void printCompileTiming() {
  TimingState *s = state.load();
  if (!s)
    return;
  std::lock_guard<std::mutex> lock(s->mu);
  s->root.stop();
  s->manager.print();
}

CompilePhase::CompilePhase(llvm::StringRef name) {
  progress_ = detail::progressPhaseOpened(name);
  TimingState *s = state.load();
  if (!s)
    return;
  if (current) {
    scope_ = current->scope_.nest(name);
  } else {
    std::lock_guard<std::mutex> lock(s->mu);
    scope_ = s->root.nest(name);
  }
  parent_ = current;
  current = this;
  active_ = true;
}

CompilePhase::~CompilePhase() {
  if (progress_)
    detail::progressPhaseClosed(progress_);
  if (watcher_)
    watcher_->unwatch(*watched_);
  if (!active_)
    return;
  scope_.stop();
  current = parent_;
}

void CompilePhase::timePasses(mlir::PassManager &pm) {
  if (progress_)
    detail::progressInstrument(pm, progress_);
  if (active_)
    pm.enableTiming(scope_);
  if (CompileMemoryBudget *b = CompileMemoryBudget::current();
      b && !watcher_ && b->watch(*pm.getContext())) {
    watcher_ = b;
    watched_ = pm.getContext();
  }
}

} // namespace tfmlir
