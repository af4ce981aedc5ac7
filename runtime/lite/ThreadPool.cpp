//===- ThreadPool.cpp - The lite interpreter's persistent pool ------------===//
#include "runtime/lite/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TFMLIR_CPU_RELAX() _mm_pause()
#else
#define TFMLIR_CPU_RELAX() std::this_thread::yield()
#endif

namespace tfmlir::lite {

namespace {
/// Set while a thread runs a chunk, so nested parallelFor calls run serially
/// instead of waiting on workers that are busy with the outer call.
thread_local bool tInsidePool = false;
/// How long a waiting thread spins before it sleeps (a model's next op
/// usually arrives within this time, and a sleeping worker takes tens of
/// microseconds to wake).
constexpr auto kSpin = std::chrono::microseconds(200);
} // namespace

/// One thread's contiguous share of a call's chunks: [next, end).
struct alignas(64) Region {
  std::atomic<int> next{0};
  int end = 0;
};

/// One parallelFor call. Its chunks are cut into one contiguous region per
/// thread (the caller is thread 0, worker k is thread k); each thread
/// claims the chunks of its own region first, through the region's atomic
/// cursor, then those left in the others. Consecutive ops over the same
/// rows (a 1x1 conv, then a depthwise one) so find their rows in the cache
/// of the core that wrote them, and a worker the OS has not scheduled (a
/// loaded machine) still delays nobody: the others take its chunks.
struct Job {
  const std::function<void(int64_t, int64_t)> *fn;
  int64_t n, chunk;
  int chunks;
  Region *regions;
  int numRegions;
  std::atomic<int> done{0};

  /// Claims and runs chunks until none is left, region `slot` first.
  void work(int slot) {
    for (int i = 0; i < numRegions; ++i) {
      Region &r = regions[(slot + i) % numRegions];
      while (r.next.load(std::memory_order_relaxed) < r.end) {
        const int k = r.next.fetch_add(1);
        if (k >= r.end)
          break;
        const int64_t b = k * chunk, e = std::min(n, b + chunk);
        if (b < e) {
          tInsidePool = true;
          (*fn)(b, e);
          tInsidePool = false;
        }
        done.fetch_add(1);
      }
    }
  }
};

struct ThreadPool::Impl {
  std::vector<std::thread> workers;
  std::mutex callMutex; ///< one parallelFor at a time
  std::mutex mu;
  std::condition_variable wake;
  std::atomic<uint64_t> generation{0};
  /// The running job, or null. A worker raises `active` before reading it
  /// and lowers it when done; the caller clears `job` and then waits for
  /// `active` to reach 0 before the job (on its stack) goes away. All
  /// sequentially consistent, so a worker that saw the job is counted.
  std::atomic<Job *> job{nullptr};
  std::atomic<int> active{0};
  bool stop = false;
  /// One region per thread, reused by every call (only one runs at a time).
  std::unique_ptr<Region[]> regions;

  void workerLoop(int slot) {
    uint64_t seen = 0;
    for (;;) {
      // Spin, then sleep, until a new generation (or stop) is published.
      auto until = std::chrono::steady_clock::now() + kSpin;
      int spins = 0;
      while (generation.load(std::memory_order_acquire) == seen) {
        TFMLIR_CPU_RELAX();
        if (++spins % 64 == 0 && std::chrono::steady_clock::now() > until) {
          std::unique_lock<std::mutex> lock(mu);
          wake.wait(lock, [&] {
            return stop || generation.load(std::memory_order_acquire) != seen;
          });
          break;
        }
      }
      {
        std::lock_guard<std::mutex> lock(mu);
        if (stop)
          return;
      }
      seen = generation.load(std::memory_order_acquire);
      active.fetch_add(1);
      if (Job *j = job.load())
        j->work(slot);
      active.fetch_sub(1);
    }
  }
};

ThreadPool::ThreadPool(int numThreads)
    : numThreads_(std::max(1, numThreads)), impl_(std::make_unique<Impl>()) {
  impl_->regions = std::make_unique<Region[]>(numThreads_);
  for (int k = 1; k < numThreads_; ++k)
    impl_->workers.emplace_back([this, k] { impl_->workerLoop(k); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(impl_->mu);
    impl_->stop = true;
    impl_->generation.fetch_add(1, std::memory_order_release);
  }
  impl_->wake.notify_all();
  for (auto &w : impl_->workers)
    w.join();
}

void ThreadPool::run(int64_t n, int chunks,
                     const std::function<void(int64_t, int64_t)> &fn) {
  if (n <= 0)
    return;
  chunks = static_cast<int>(std::min<int64_t>(chunks, n));
  if (numThreads_ <= 1 || chunks <= 1 || tInsidePool) {
    fn(0, n);
    return;
  }
  Impl &im = *impl_;
  std::unique_lock<std::mutex> call(im.callMutex, std::try_to_lock);
  if (!call.owns_lock()) {
    fn(0, n);
    return;
  }
  Job j;
  j.fn = &fn;
  j.n = n;
  j.chunk = (n + chunks - 1) / chunks;
  j.chunks = static_cast<int>((n + j.chunk - 1) / j.chunk);
  j.regions = im.regions.get();
  j.numRegions = numThreads_;
  for (int s = 0; s < numThreads_; ++s) {
    j.regions[s].next.store(
        static_cast<int>(int64_t{j.chunks} * s / numThreads_),
        std::memory_order_relaxed);
    j.regions[s].end =
        static_cast<int>(int64_t{j.chunks} * (s + 1) / numThreads_);
  }
  im.job.store(&j);
  {
    std::lock_guard<std::mutex> lock(im.mu);
    im.generation.fetch_add(1, std::memory_order_release);
  }
  im.wake.notify_all();
  j.work(0);
  int spins = 0;
  while (j.done.load() != j.chunks)
    if (++spins < 100000)
      TFMLIR_CPU_RELAX();
    else
      std::this_thread::yield();
  im.job.store(nullptr);
  while (im.active.load() != 0)
    TFMLIR_CPU_RELAX();
}

void ThreadPool::parallelFor(int64_t n,
                             const std::function<void(int64_t, int64_t)> &fn) {
  run(n, numThreads_ * kChunksPerThread, fn);
}

void ThreadPool::parallelFor(int64_t n, double costPerItem,
                             const std::function<void(int64_t, int64_t)> &fn) {
  const double total = static_cast<double>(n) * std::max(costPerItem, 0.0);
  if (total < kMinParallelCost) {
    if (n > 0)
      fn(0, n);
    return;
  }
  const double paid = total / kMinParallelCost * 2;
  const int most = numThreads_ * kChunksPerThread;
  run(n, paid >= most ? most : static_cast<int>(paid), fn);
}

} // namespace tfmlir::lite
