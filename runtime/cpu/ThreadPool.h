//===- ThreadPool.h - the intra-op thread pool of compiled CPU code -------===//
//
// tfmlir::cpu::ThreadPool is the pool that tfmlir_rt_parallel_for (see
// Parallel.h) partitions the outer parallel loops of generated code over:
// the role of XLA:CPU's intra-op Eigen pool and of TF's
// ConfigProto.intra_op_parallelism_threads. A Session owns one, sized by
// SessionOptions::intra_op_parallelism_threads, and installs it (ScopedPool)
// on the thread that runs an executable.
//
// Design (no MLIR/LLVM dependency; AOT objects link it):
//  - A pool of N threads has N - 1 persistent workers; the thread that calls
//    parallelFor is the N-th and works on its own loop, so a parallel loop
//    never uses more than N threads and N = 1 means no worker at all.
//  - One loop runs on the pool at a time. Its chunks are split into one
//    contiguous region per thread (the caller is thread 0, worker i is
//    thread i + 1); each thread claims the chunks of its own region first,
//    through that region's atomic cursor, then helps with the other
//    regions in turn. Consecutive loops over the same rows (a 1x1
//    convolution, then a depthwise one, then an element-wise op) so give
//    each thread the rows it wrote in the previous loop, which are still
//    in its own cache, and an idle or late thread's share is still taken.
//    Nothing is allocated per call (the loop's state lives in the pool).
//  - Workers spin briefly on a generation counter (the fast path: a loop
//    that follows another one within microseconds wakes them without a
//    system call), then sleep on a condition variable.
//  - A parallelFor that finds the pool busy (a concurrent Run of the same
//    Session, or a nested loop called from inside a task) runs its loop
//    inline on the calling thread: concurrent Runs share the pool without
//    oversubscribing it and nested loops cannot deadlock.
//  - The cost model: a loop whose total estimated cost (n times the cost per
//    iteration, in ~ns) is below kMinParallelCost runs inline; otherwise it
//    is cut into at most kChunksPerThread chunks per thread and no chunk
//    below kMinTaskCost, so small loops stay serial and large ones end
//    balanced (chunks are claimed dynamically).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_CPU_THREADPOOL_H
#define TFMLIR_RUNTIME_CPU_THREADPOOL_H

#include "runtime/cpu/Parallel.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tfmlir::cpu {

/// Counters of a pool, monotonically increasing (for tests and
/// benchmarks).
struct ThreadPoolStats {
  int64_t parallelLoops = 0; ///< loops split over the pool
  int64_t inlineLoops = 0;   ///< loops run on the caller: too small (cost)
  int64_t busyLoops = 0;     ///< loops run on the caller: pool busy/nested
  int64_t workerChunks = 0;  ///< chunks run by workers (not the caller)
};

/// A persistent pool of `numThreads - 1` workers plus the calling thread.
/// All methods are thread-safe.
class ThreadPool {
public:
  /// Total cost (n * cost per iteration, ~ns) below which a loop runs inline.
  static constexpr int64_t kMinParallelCost = 20000;
  /// The smallest chunk cost worth handing to another thread (~ns).
  static constexpr int64_t kMinTaskCost = 5000;
  /// The most chunks per thread a loop is cut into (claiming one costs an
  /// atomic add, ~100 ns beside kMinTaskCost's 5 us).
  static constexpr int64_t kChunksPerThread = 16;
  /// The most threads a pool may have (sanity bound, far above any host).
  static constexpr int kMaxThreads = 1024;

  /// Starts numThreads - 1 workers. numThreads must be in [1, kMaxThreads]
  /// (validate user input with validateThreadCount first; this asserts).
  explicit ThreadPool(int numThreads);
  /// Stops and joins the workers. No parallelFor may be running.
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  /// Threads that work on one loop (workers + the caller).
  int numThreads() const { return numThreads_; }

  /// Runs fn(ctx, b, e) over disjoint ranges that cover [0, n) exactly once
  /// and returns when all of them have finished. Splits the loop over the
  /// pool unless the cost model keeps it serial, the pool is busy with
  /// another loop, or the caller is one of this pool's workers (then it
  /// runs fn(ctx, 0, n) inline). `costPerIteration` is in ~ns. n <= 0
  /// returns at once. fn must not throw.
  void parallelFor(int64_t n, int64_t costPerIteration, tfmlir_rt_task_fn fn,
                   void *ctx);

  ThreadPoolStats stats() const;

  /// The number of hardware threads this process may use (its CPU
  /// affinity mask on Linux, else the host's; at least 1).
  static int hostThreads();

private:
  void workerLoop(int slot);
  /// Claims and runs chunks of the published loop until none is left:
  /// region `slot` first, then the others. Returns the chunks run.
  int64_t runChunks(int slot);

  /// One thread's region of the published loop: chunks claimed from
  /// `next` (an iteration index) until it reaches `end`.
  struct alignas(64) Region {
    std::atomic<int64_t> next{0};
    int64_t end = 0;
  };

  const int numThreads_;
  std::vector<std::thread> workers_;

  // The published loop (written by its caller while busy_ is held and live_
  // is false; read by workers only while live_ is true).
  tfmlir_rt_task_fn fn_ = nullptr;
  void *ctx_ = nullptr;
  int64_t chunk_ = 1;
  /// numThreads_ regions, covering the loop's [0, n) in order.
  std::unique_ptr<Region[]> regions_;
  alignas(64) std::atomic<bool> busy_{false};
  std::atomic<bool> live_{false};
  /// Workers between "about to look at the loop" and "done with it".
  alignas(64) std::atomic<int> active_{0};
  /// Bumped by each published loop; workers wait for it to change.
  alignas(64) std::atomic<uint64_t> generation_{0};
  std::atomic<int> sleeping_{0};
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::condition_variable cv_;

  std::atomic<int64_t> parallelLoops_{0}, inlineLoops_{0}, busyLoops_{0},
      workerChunks_{0};
};

/// Checks a user-given thread count (`what` names the option, e.g.
/// "--threads" or "intra_op_parallelism_threads"). 0 means "the host's
/// threads" only where `zeroMeansHost`. Returns an empty string and sets
/// `out` when valid, capping counts above the host's thread count at it
/// and setting `*capped`; otherwise an error message naming `what` and the
/// value (negative, or 0 where not allowed).
std::string validateThreadCount(const char *what, int64_t requested,
                                bool zeroMeansHost, int &out, bool *capped);

/// Installs `pool` as the pool that tfmlir_rt_parallel_for uses on the
/// current thread for the lifetime of the guard (null: serial), restoring
/// the previous one after; the Session and CpuExecutable wrap each call of
/// compiled code in one.
class ScopedPool {
public:
  explicit ScopedPool(ThreadPool *pool);
  ~ScopedPool();
  ScopedPool(const ScopedPool &) = delete;
  ScopedPool &operator=(const ScopedPool &) = delete;

private:
  ThreadPool *previous_;
};

/// The pool installed on the current thread (null when none).
ThreadPool *currentPool();

} // namespace tfmlir::cpu

#endif
