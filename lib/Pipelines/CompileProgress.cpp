//===- CompileProgress.cpp - a live progress line for long compiles -------===//
#include "lib/Pipelines/CompileProgress.h"

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <sys/ioctl.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace tfmlir {

/// The shared state of one CompileProgress, also held by the pass
/// instrumentations it installed (a PassManager may outlive the progress).
struct ProgressState {
  struct Phase {
    uint64_t id = 0;
    std::string name;
    unsigned passIndex = 0; // 1-based; 0: no pass started in this phase
    unsigned passCount = 0;
    std::string pass;
  };
  std::string label;
  ProgressMode mode;
  std::chrono::milliseconds delay;
  std::chrono::steady_clock::time_point start;
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;   // the CompileProgress ended: write nothing more
  bool drawn = false;  // a line was written
  bool failed = false; // CompileProgress::setFailed was called
  uint64_t nextId = 1;
  std::vector<Phase> phases; // open phases, innermost last
  std::thread ticker;

  double elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  }

  /// The current line without decoration: label, innermost phase, pass.
  std::string line() const {
    std::string s = label;
    if (!phases.empty()) {
      const Phase &p = phases.back();
      s += ": " + p.name;
      if (p.passIndex) {
        s += ": pass " + std::to_string(p.passIndex) + "/" +
             std::to_string(p.passCount);
        if (!p.pass.empty())
          s += " " + p.pass;
      }
    }
    char t[32];
    std::snprintf(t, sizeof(t), " (%.1f s)", elapsed());
    return s + t;
  }

  /// Always mode: one line per event. Caller holds mu.
  void logEvent() {
    if (done || mode != ProgressMode::Always)
      return;
    std::fprintf(stderr, "%s\n", line().c_str());
    std::fflush(stderr);
    drawn = true;
  }

  /// Auto mode: redraw in place, cut to the terminal's width. Caller holds
  /// mu.
  void redraw() {
    std::string s = line();
    struct winsize ws{};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 &&
        s.size() >= ws.ws_col)
      s.resize(ws.ws_col - 1);
    std::fprintf(stderr, "\r%s\033[K", s.c_str());
    std::fflush(stderr);
    drawn = true;
  }

  /// The redraw thread of Auto mode.
  void tick() {
    std::unique_lock<std::mutex> lock(mu);
    if (cv.wait_for(lock, delay, [this] { return done; }))
      return;
    while (!done) {
      redraw();
      cv.wait_for(lock, std::chrono::milliseconds(250),
                  [this] { return done; });
    }
  }

  Phase *find(uint64_t id) {
    for (Phase &p : phases)
      if (p.id == id)
        return &p;
    return nullptr;
  }
};

namespace {
/// The live CompileProgress's state (at most one per process).
std::mutex activeMu;
std::shared_ptr<ProgressState> active;
/// Mirrors `active != nullptr`, so that phases cost one load without it.
std::atomic<bool> anyActive{false};

std::shared_ptr<ProgressState> current() {
  if (!anyActive.load(std::memory_order_acquire))
    return nullptr;
  std::lock_guard<std::mutex> lock(activeMu);
  return active;
}

/// Reports the passes of one PassManager under one phase: the top-level
/// pass index (passes run on the op the manager runs on) and the name of
/// the pass running, nested ones included. Pass adaptors (a nested
/// pipeline, whose argument is empty) count as a top-level pass but are not
/// shown themselves.
class ProgressInstrumentation : public mlir::PassInstrumentation {
public:
  /// `pm` owns the instrumentation, so it outlives it.
  ProgressInstrumentation(std::shared_ptr<ProgressState> state, uint64_t phase,
                          const mlir::PassManager &pm)
      : state_(std::move(state)), phase_(phase), pm_(pm) {}

  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override {
    std::lock_guard<std::mutex> lock(state_->mu);
    if (!root_) {
      root_ = op; // the first pass runs on the manager's own op
      // Counted now: the run merged adjacent nested pipelines of the same
      // op name into one adaptor.
      passCount_ = static_cast<unsigned>(pm_.size());
    }
    ProgressState::Phase *p = state_->find(phase_);
    if (!p)
      return;
    bool topLevel = op == root_;
    if (topLevel) {
      p->passIndex = std::min(p->passIndex + 1, passCount_);
      p->passCount = passCount_;
    }
    llvm::StringRef arg = pass->getArgument();
    if (arg.empty()) {
      if (topLevel)
        p->pass.clear();
      return;
    }
    p->pass = arg.str();
    state_->logEvent();
  }

private:
  std::shared_ptr<ProgressState> state_;
  uint64_t phase_;
  const mlir::PassManager &pm_;
  unsigned passCount_ = 0;
  mlir::Operation *root_ = nullptr;
};
} // namespace

std::optional<ProgressMode> parseProgressMode(llvm::StringRef value) {
  if (value == "auto")
    return ProgressMode::Auto;
  if (value == "always")
    return ProgressMode::Always;
  if (value == "never")
    return ProgressMode::Never;
  return std::nullopt;
}

CompileProgress::CompileProgress(std::string label, ProgressMode mode,
                                 std::chrono::milliseconds delay) {
  if (mode == ProgressMode::Never ||
      (mode == ProgressMode::Auto && !::isatty(STDERR_FILENO)))
    return;
  auto state = std::make_shared<ProgressState>();
  state->label = std::move(label);
  state->mode = mode;
  state->delay = delay;
  state->start = std::chrono::steady_clock::now();
  {
    std::lock_guard<std::mutex> lock(activeMu);
    if (active) // another progress is showing: stay silent
      return;
    active = state;
    anyActive.store(true, std::memory_order_release);
  }
  state_ = std::move(state);
  if (mode == ProgressMode::Auto)
    state_->ticker = std::thread([s = state_.get()] { s->tick(); });
}

void CompileProgress::setFailed() {
  if (!state_)
    return;
  std::lock_guard<std::mutex> lock(state_->mu);
  state_->failed = true;
}

CompileProgress::~CompileProgress() {
  if (!state_)
    return;
  {
    std::lock_guard<std::mutex> lock(activeMu);
    active.reset();
    anyActive.store(false, std::memory_order_release);
  }
  {
    std::lock_guard<std::mutex> lock(state_->mu);
    state_->done = true;
  }
  state_->cv.notify_all();
  if (state_->ticker.joinable())
    state_->ticker.join();
  std::lock_guard<std::mutex> lock(state_->mu);
  if (state_->drawn) {
    std::fprintf(stderr, "%s%s: %s %.1f s%s\n",
                 state_->mode == ProgressMode::Auto ? "\r" : "",
                 state_->label.c_str(),
                 state_->failed ? "failed after" : "done in", state_->elapsed(),
                 state_->mode == ProgressMode::Auto ? "\033[K" : "");
    std::fflush(stderr);
  }
}

namespace detail {
uint64_t progressPhaseOpened(llvm::StringRef name) {
  std::shared_ptr<ProgressState> s = current();
  if (!s)
    return 0;
  std::lock_guard<std::mutex> lock(s->mu);
  uint64_t id = s->nextId++;
  ProgressState::Phase phase;
  phase.id = id;
  phase.name = name.str();
  s->phases.push_back(std::move(phase));
  s->logEvent();
  return id;
}

void progressPhaseClosed(uint64_t id) {
  std::shared_ptr<ProgressState> s = current();
  if (!s)
    return;
  std::lock_guard<std::mutex> lock(s->mu);
  for (auto it = s->phases.begin(); it != s->phases.end(); ++it)
    if (it->id == id) {
      s->phases.erase(it);
      return;
    }
}

void progressInstrument(mlir::PassManager &pm, uint64_t id) {
  std::shared_ptr<ProgressState> s = current();
  if (!s)
    return;
  pm.addInstrumentation(
      std::make_unique<ProgressInstrumentation>(std::move(s), id, pm));
}
} // namespace detail

} // namespace tfmlir
