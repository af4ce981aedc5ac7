//===- Progress.h - elapsed-time line for long tool steps -------*- C++ -*-===//
//
// A tool wraps a step that may take long (compiling a large graph,
// calibration) in a ProgressLine: when stderr is a terminal and the step
// lasts more than `delay`, a line "<label> ... 12 s" is redrawn every second
// on stderr and erased when the step ends. Nothing is printed when stderr is
// a file or a pipe (logs and tests stay clean). Header-only; no LLVM.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TOOLS_PROGRESS_H
#define TFMLIR_TOOLS_PROGRESS_H

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <unistd.h>

namespace tfmlir {

/// Shows "<label> ... N s" on a terminal while the object lives (see file
/// comment). Not copyable; the destructor stops and joins the thread.
class ProgressLine {
public:
  explicit ProgressLine(std::string label,
                        std::chrono::milliseconds delay = std::chrono::seconds(2))
      : label_(std::move(label)) {
    if (!::isatty(STDERR_FILENO))
      return;
    thread_ = std::thread([this, delay] { loop(delay); });
  }
  ProgressLine(const ProgressLine &) = delete;
  ProgressLine &operator=(const ProgressLine &) = delete;
  ~ProgressLine() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
    }
    cv_.notify_all();
    if (thread_.joinable())
      thread_.join();
  }

private:
  void loop(std::chrono::milliseconds delay) {
    auto start = std::chrono::steady_clock::now();
    std::unique_lock<std::mutex> lock(mu_);
    if (cv_.wait_for(lock, delay, [this] { return done_; }))
      return;
    bool drawn = false;
    while (!done_) {
      long s = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(
                                     std::chrono::steady_clock::now() - start)
                                     .count());
      std::fprintf(stderr, "\r%s ... %ld s", label_.c_str(), s);
      std::fflush(stderr);
      drawn = true;
      cv_.wait_for(lock, std::chrono::seconds(1), [this] { return done_; });
    }
    if (drawn) {
      std::fprintf(stderr, "\r\033[K");
      std::fflush(stderr);
    }
  }

  std::string label_;
  std::mutex mu_;
  std::condition_variable cv_;
  bool done_ = false;
  std::thread thread_;
};

} // namespace tfmlir

#endif
