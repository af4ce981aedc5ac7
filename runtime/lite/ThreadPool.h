//===- ThreadPool.h - The lite interpreter's persistent pool ----*- C++ -*-===//
//
// A fixed set of worker threads started once (Interpreter::setNumThreads)
// and reused by every op call, like TFLite's CpuBackendContext pool: an op
// hands parallelFor a range [0, n) and a cost per item; the pool splits the
// range into a few contiguous chunks per thread (kChunksPerThread), grouped
// into one contiguous region per thread; each thread claims the chunks of
// its own region first (so consecutive ops over the same rows stay on one
// core's cache), then what is left of the others', so a worker the OS has
// not scheduled yet (a loaded machine) delays nobody.
// Waiting workers spin briefly, then sleep on a condition variable. Each
// index is run by exactly one thread and the kernels compute every output
// element in one fixed order, so results do not depend on the thread count
// or on which thread ran a chunk. Independent of MLIR and of runtime/cpu.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_THREADPOOL_H
#define TFMLIR_RUNTIME_LITE_THREADPOOL_H

#include <cstdint>
#include <functional>
#include <memory>

namespace tfmlir::lite {

class ThreadPool {
public:
  /// Starts numThreads - 1 workers (numThreads < 1 counts as 1). The caller
  /// caps numThreads at the core count (Interpreter::setNumThreads does).
  explicit ThreadPool(int numThreads);
  /// Stops and joins the workers.
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  int numThreads() const { return numThreads_; }

  /// Runs fn(begin, end) over a partition of [0, n) into at most
  /// numThreads() * kChunksPerThread contiguous chunks, possibly
  /// concurrently; returns when all are done. Runs
  /// serially (one call fn(0, n)) when the pool has one thread, when n < 2,
  /// when called from inside a running parallelFor (nested) or while another
  /// thread holds the pool.
  void parallelFor(int64_t n, const std::function<void(int64_t, int64_t)> &fn);

  /// The cost model: as above, but serial when the whole range costs less
  /// than kMinParallelCost (about 20 us of work on one core), and no chunk
  /// smaller than half of it. costPerItem
  /// is in multiply-adds or equivalent simple operations.
  void parallelFor(int64_t n, double costPerItem,
                   const std::function<void(int64_t, int64_t)> &fn);

  /// Work (in multiply-adds) below which a range is not split: waking a
  /// sleeping worker and joining costs a few microseconds.
  static constexpr double kMinParallelCost = 200000.0;
  /// Chunks per thread: more than one, so that the threads that are running
  /// take over the share of one that is not.
  static constexpr int kChunksPerThread = 4;

private:
  void run(int64_t n, int chunks,
           const std::function<void(int64_t, int64_t)> &fn);
  struct Impl;
  int numThreads_;
  std::unique_ptr<Impl> impl_;
};

} // namespace tfmlir::lite

#endif // TFMLIR_RUNTIME_LITE_THREADPOOL_H
