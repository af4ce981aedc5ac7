//===- ThreadPool.cpp - the intra-op thread pool of compiled CPU code -----===//
//
// The protocol between a loop's caller and the workers (see ThreadPool.h):
//   caller: busy_ CAS false->true (else inline); write fn_, ctx_, chunk_,
//           the regions' cursors and ends; live_ = true; ++generation_;
//           wake sleepers; run chunks; live_ = false; wait until
//           active_ == 0; busy_ = false.
//   worker: wait for generation_ to change; ++active_; if live_, run chunks;
//           --active_.
// All of live_/active_ use sequentially consistent operations, so a worker
// that incremented active_ after the caller saw active_ == 0 also sees
// live_ == false (or the live_ of a later loop, whose caller will wait for
// it in turn): no worker touches a loop's state after its caller returned.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/ThreadPool.h"

#include <cassert>
#include <cstdlib>
#if defined(__linux__)
#include <sched.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define TFMLIR_CPU_RELAX() _mm_pause()
#else
#define TFMLIR_CPU_RELAX() std::this_thread::yield()
#endif

namespace tfmlir::cpu {
namespace {

thread_local ThreadPool *tlsPool = nullptr;
/// The pool whose worker the current thread is (null on other threads).
thread_local const ThreadPool *tlsWorkerOf = nullptr;

/// Spin iterations (pause instructions, ~10-40 ns each) before a worker
/// sleeps: about 50 microseconds, the gap between the loops of one Run.
constexpr int kSpinIterations = 2000;

} // namespace

ThreadPool::ThreadPool(int numThreads)
    : numThreads_(numThreads), regions_(new Region[numThreads]) {
  assert(numThreads >= 1 && numThreads <= kMaxThreads &&
         "validate the thread count first");
  workers_.reserve(numThreads - 1);
  for (int i = 1; i < numThreads; ++i)
    workers_.emplace_back([this, i] { workerLoop(i); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_.store(true);
  }
  cv_.notify_all();
  for (std::thread &t : workers_)
    t.join();
}

int ThreadPool::hostThreads() {
#if defined(__linux__)
  // The CPUs this process may run on (taskset, cgroups cpusets), as TF's
  // port::MaxParallelism does.
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0)
      return n;
  }
#endif
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

TFMLIR_CALLS_GENERATED_CODE int64_t ThreadPool::runChunks(int slot) {
  int64_t chunks = 0;
  for (int i = 0; i < numThreads_; ++i) {
    Region &r = regions_[(slot + i) % numThreads_];
    for (;;) {
      // Cheap check first: a drained region costs no atomic add per thief.
      if (r.next.load(std::memory_order_relaxed) >= r.end)
        break;
      int64_t b = r.next.fetch_add(chunk_, std::memory_order_relaxed);
      if (b >= r.end)
        break;
      int64_t e = b + chunk_ < r.end ? b + chunk_ : r.end;
      fn_(ctx_, b, e);
      ++chunks;
    }
  }
  return chunks;
}

void ThreadPool::workerLoop(int slot) {
  tlsWorkerOf = this;
  // Not generation_.load(): a loop published before this thread got here
  // (the first loop of a new pool) would never be joined. Joining a loop
  // that has already ended is harmless (live_ is false by then).
  uint64_t seen = 0;
  for (;;) {
    // Fast path: spin on the generation, then sleep.
    int spins = 0;
    while (generation_.load(std::memory_order_acquire) == seen &&
           !stop_.load(std::memory_order_relaxed)) {
      if (++spins < kSpinIterations) {
        TFMLIR_CPU_RELAX();
        continue;
      }
      std::unique_lock<std::mutex> lock(mu_);
      sleeping_.fetch_add(1);
      cv_.wait(lock,
               [&] { return generation_.load() != seen || stop_.load(); });
      sleeping_.fetch_sub(1);
      break;
    }
    if (stop_.load())
      return;
    seen = generation_.load(std::memory_order_acquire);
    active_.fetch_add(1);
    if (live_.load()) {
      int64_t c = runChunks(slot);
      if (c)
        workerChunks_.fetch_add(c, std::memory_order_relaxed);
    }
    active_.fetch_sub(1);
  }
}

TFMLIR_CALLS_GENERATED_CODE void
ThreadPool::parallelFor(int64_t n, int64_t costPerIteration,
                        tfmlir_rt_task_fn fn, void *ctx) {
  if (n <= 0)
    return;
  if (costPerIteration < 1)
    costPerIteration = 1;
  // Saturating n * cost.
  int64_t total =
      costPerIteration > INT64_MAX / n ? INT64_MAX : n * costPerIteration;
  if (numThreads_ == 1 || n == 1 || total < kMinParallelCost) {
    inlineLoops_.fetch_add(1, std::memory_order_relaxed);
    fn(ctx, 0, n);
    return;
  }
  bool expected = false;
  if (tlsWorkerOf == this || !busy_.compare_exchange_strong(expected, true)) {
    busyLoops_.fetch_add(1, std::memory_order_relaxed);
    fn(ctx, 0, n);
    return;
  }
  // At most kChunksPerThread chunks per thread and no chunk cheaper than
  // kMinTaskCost. Chunks are claimed dynamically, so the threads finish
  // within about one chunk of each other: with few, large chunks (the old
  // 4 per thread) a GEMM of 20 blocks ended 12 : 8 on 2 threads.
  int64_t maxTasks = total / kMinTaskCost;
  int64_t tasks = kChunksPerThread * static_cast<int64_t>(numThreads_);
  if (tasks > maxTasks)
    tasks = maxTasks;
  if (tasks > n)
    tasks = n;
  if (tasks < 2)
    tasks = 2;
  fn_ = fn;
  ctx_ = ctx;
  chunk_ = (n + tasks - 1) / tasks;
  // Region s gets chunks [s * c / T, (s + 1) * c / T) of the c chunks.
  int64_t chunks = (n + chunk_ - 1) / chunk_;
  for (int s = 0; s < numThreads_; ++s) {
    int64_t b = chunks * s / numThreads_ * chunk_;
    int64_t e = chunks * (s + 1) / numThreads_ * chunk_;
    regions_[s].next.store(b < n ? b : n, std::memory_order_relaxed);
    regions_[s].end = e < n ? e : n;
  }
  live_.store(true);
  generation_.fetch_add(1);
  if (sleeping_.load() > 0) {
    // Taking the mutex orders this wake-up after a worker's check of the
    // generation under it (no lost wake-up).
    {
      std::lock_guard<std::mutex> lock(mu_);
    }
    cv_.notify_all();
  }
  parallelLoops_.fetch_add(1, std::memory_order_relaxed);
  runChunks(0);
  live_.store(false);
  int spins = 0;
  while (active_.load() != 0) {
    if (++spins < kSpinIterations)
      TFMLIR_CPU_RELAX();
    else
      std::this_thread::yield();
  }
  busy_.store(false);
}

ThreadPoolStats ThreadPool::stats() const {
  ThreadPoolStats s;
  s.parallelLoops = parallelLoops_.load();
  s.inlineLoops = inlineLoops_.load();
  s.busyLoops = busyLoops_.load();
  s.workerChunks = workerChunks_.load();
  return s;
}

std::string validateThreadCount(const char *what, int64_t requested,
                                bool zeroMeansHost, int &out, bool *capped) {
  if (capped)
    *capped = false;
  int host = ThreadPool::hostThreads();
  if (requested < 0 || (requested == 0 && !zeroMeansHost))
    return std::string(what) + " must be " +
           (zeroMeansHost ? "at least 0 (0: one thread per core)"
                          : "at least 1") +
           ", got " + std::to_string(requested);
  if (requested == 0) {
    out = host;
    return "";
  }
  if (requested > host) {
    out = host;
    if (capped)
      *capped = true;
    return "";
  }
  out = static_cast<int>(requested);
  return "";
}

ScopedPool::ScopedPool(ThreadPool *pool) : previous_(tlsPool) {
  tlsPool = pool;
}

ScopedPool::~ScopedPool() { tlsPool = previous_; }

ThreadPool *currentPool() { return tlsPool; }

} // namespace tfmlir::cpu
