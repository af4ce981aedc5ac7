//===- ThreadPoolTest.cpp - runtime/cpu ThreadPool and parallel_for -------===//
//
// Coverage (every index exactly once), the cost model, each thread's own
// region of a loop first, nested loops,
// concurrent loops from two threads overlapping in time (proved by
// counters, not sleeps), and thread-count validation.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/ThreadPool.h"
#include "runtime/cpu/Alloc.h"
#include "runtime/cpu/Gemm.h"
#include "runtime/cpu/Parallel.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <thread>
#include <vector>

namespace tfmlir::cpu {
namespace {

struct Coverage {
  std::vector<std::atomic<int>> hits;
  std::atomic<int> calls{0};
  std::atomic<int> maxActive{0}, active{0};
  explicit Coverage(int64_t n) : hits(n) {}
};

void countTask(void *ctx, int64_t b, int64_t e) {
  auto *c = static_cast<Coverage *>(ctx);
  int a = c->active.fetch_add(1) + 1;
  int m = c->maxActive.load();
  while (a > m && !c->maxActive.compare_exchange_weak(m, a)) {
  }
  c->calls.fetch_add(1);
  for (int64_t i = b; i < e; ++i)
    c->hits[i].fetch_add(1);
  c->active.fetch_sub(1);
}

TEST(ThreadPool, CoversRangeExactlyOnce) {
  for (int threads : {1, 2, 3, 8}) {
    ThreadPool pool(threads);
    for (int64_t n : {1, 2, 7, 100, 1000, 100003}) {
      Coverage c(n);
      ScopedPool guard(&pool);
      tfmlir_rt_parallel_for(n, /*cost=*/1000, countTask, &c);
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(c.hits[i].load(), 1)
            << "threads " << threads << " n " << n << " index " << i;
      EXPECT_LE(c.maxActive.load(), threads);
    }
  }
}

TEST(ThreadPool, NoPoolRunsSerialOnCaller) {
  ASSERT_EQ(currentPool(), nullptr);
  Coverage c(50);
  tfmlir_rt_parallel_for(50, 1000000, countTask, &c);
  EXPECT_EQ(c.calls.load(), 1);
  for (auto &h : c.hits)
    EXPECT_EQ(h.load(), 1);
  tfmlir_rt_parallel_for(0, 1, countTask, &c);
  tfmlir_rt_parallel_for(-3, 1, countTask, &c);
  EXPECT_EQ(c.calls.load(), 1);
}

TEST(ThreadPool, CostModelKeepsSmallLoopsSerial) {
  ThreadPool pool(4);
  ScopedPool guard(&pool);
  Coverage small(64);
  // 64 iterations of ~10 ns: far below kMinParallelCost.
  tfmlir_rt_parallel_for(64, 10, countTask, &small);
  EXPECT_EQ(small.calls.load(), 1);
  EXPECT_EQ(pool.stats().inlineLoops, 1);
  Coverage big(64);
  tfmlir_rt_parallel_for(64, 100000, countTask, &big);
  EXPECT_GT(big.calls.load(), 1);
  EXPECT_EQ(pool.stats().parallelLoops, 1);
}

struct Nested {
  ThreadPool *pool;
  std::atomic<int64_t> sum{0};
};

void innerTask(void *ctx, int64_t b, int64_t e) {
  auto *s = static_cast<Nested *>(ctx);
  for (int64_t i = b; i < e; ++i)
    s->sum.fetch_add(1);
}

void outerTask(void *ctx, int64_t b, int64_t e) {
  auto *s = static_cast<Nested *>(ctx);
  for (int64_t i = b; i < e; ++i)
    tfmlir_rt_parallel_for(100, 100000, innerTask, s);
}

TEST(ThreadPool, NestedLoopsRunInlineWithoutDeadlock) {
  ThreadPool pool(2);
  Nested s{&pool};
  ScopedPool guard(&pool);
  tfmlir_rt_parallel_for(40, 1000000, outerTask, &s);
  EXPECT_EQ(s.sum.load(), 40 * 100);
  // Every inner loop found the pool busy (caller) or ran on a worker
  // thread without a pool installed (serial): none was split.
  EXPECT_EQ(pool.stats().parallelLoops, 1);
}

/// Two loops from two threads: the first loop's tasks wait (bounded by a
/// deadline) until the second loop has run a task, so the test passes only
/// if the second loop made progress while the first was on the pool.
struct Overlap {
  std::atomic<bool> firstStarted{false}, secondRan{false};
  std::atomic<int> active{0}, maxActive{0};
  std::atomic<int64_t> firstSum{0}, secondSum{0};
  std::atomic<bool> firstSawSecond{false};
};

void trackActive(Overlap *o, int delta) {
  int a = o->active.fetch_add(delta) + delta;
  int m = o->maxActive.load();
  while (a > m && !o->maxActive.compare_exchange_weak(m, a)) {
  }
}

void firstTask(void *ctx, int64_t b, int64_t e) {
  auto *o = static_cast<Overlap *>(ctx);
  trackActive(o, 1);
  o->firstStarted = true;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!o->secondRan.load() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::yield();
  if (o->secondRan.load())
    o->firstSawSecond = true;
  o->firstSum += e - b;
  trackActive(o, -1);
}

void secondTask(void *ctx, int64_t b, int64_t e) {
  auto *o = static_cast<Overlap *>(ctx);
  trackActive(o, 1);
  o->secondSum += e - b;
  o->secondRan = true;
  trackActive(o, -1);
}

TEST(ThreadPool, ConcurrentLoopsOverlapWithoutOversubscription) {
  ThreadPool pool(2);
  Overlap o;
  std::thread a([&] {
    ScopedPool guard(&pool);
    tfmlir_rt_parallel_for(1000, 100000, firstTask, &o);
  });
  while (!o.firstStarted.load())
    std::this_thread::yield();
  std::thread b([&] {
    ScopedPool guard(&pool);
    tfmlir_rt_parallel_for(1000, 100000, secondTask, &o);
  });
  a.join();
  b.join();
  EXPECT_TRUE(o.firstSawSecond.load());
  EXPECT_EQ(o.firstSum.load(), 1000);
  EXPECT_EQ(o.secondSum.load(), 1000);
  // The pool's 2 threads on the first loop plus the second caller inline:
  // never more than pool threads + 1 concurrent caller.
  EXPECT_LE(o.maxActive.load(), 3);
  EXPECT_GE(o.maxActive.load(), 2);
  EXPECT_EQ(pool.stats().busyLoops, 1);
}

TEST(ThreadPool, ManyLoopsBackToBack) {
  // The spin/sleep hand-off under repetition (loops both closer and further
  // apart than the spin window).
  ThreadPool pool(3);
  ScopedPool guard(&pool);
  for (int r = 0; r < 2000; ++r) {
    Coverage c(37);
    tfmlir_rt_parallel_for(37, 100000, countTask, &c);
    for (auto &h : c.hits)
      ASSERT_EQ(h.load(), 1) << "round " << r;
    if (r % 500 == 0)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}

TEST(ThreadPool, ValidateThreadCount) {
  int out = -1;
  bool capped = true;
  EXPECT_EQ(validateThreadCount("--threads", 1, false, out, &capped), "");
  EXPECT_EQ(out, 1);
  EXPECT_FALSE(capped);
  std::string e = validateThreadCount("--threads", 0, false, out, &capped);
  EXPECT_NE(e.find("--threads must be at least 1, got 0"), std::string::npos)
      << e;
  e = validateThreadCount("--threads", -4, false, out, &capped);
  EXPECT_NE(e.find("got -4"), std::string::npos) << e;
  EXPECT_EQ(validateThreadCount("intra_op_parallelism_threads", 0, true, out,
                                &capped),
            "");
  EXPECT_EQ(out, ThreadPool::hostThreads());
  EXPECT_EQ(
      validateThreadCount("--threads", int64_t(1) << 40, false, out, &capped),
      "");
  EXPECT_TRUE(capped);
  EXPECT_EQ(out, ThreadPool::hostThreads());
}

TEST(ThreadPool, LargeLoopsAreCutIntoManyChunks) {
  // Up to kChunksPerThread chunks per thread, claimed dynamically, so the
  // threads end within one small chunk of each other.
  ThreadPool pool(2);
  ScopedPool guard(&pool);
  Coverage c(1000);
  tfmlir_rt_parallel_for(1000, 1000000, countTask, &c);
  EXPECT_EQ(c.calls.load(), 2 * ThreadPool::kChunksPerThread);
  // Fewer iterations than that: one per chunk.
  Coverage d(20);
  tfmlir_rt_parallel_for(20, 1000000, countTask, &d);
  EXPECT_EQ(d.calls.load(), 20);
  for (auto &h : d.hits)
    EXPECT_EQ(h.load(), 1);
}

/// The first iteration each of two threads ran, for RegionsGiveEachThread...
struct FirstChunks {
  std::thread::id caller;
  std::atomic<int64_t> workerFirst{-1};
  std::atomic<bool> workerStarted{false}, timedOut{false};
  std::vector<std::atomic<int>> hits;
  explicit FirstChunks(int64_t n) : hits(n) {}
};

void firstChunkTask(void *ctx, int64_t b, int64_t e) {
  auto &f = *static_cast<FirstChunks *>(ctx);
  if (std::this_thread::get_id() != f.caller) {
    int64_t none = -1;
    f.workerFirst.compare_exchange_strong(none, b);
    f.workerStarted.store(true);
  } else if (b == 0) {
    // Hold the caller in its first chunk until the worker has claimed one,
    // so the worker's choice is not a race with the caller.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (!f.workerStarted.load())
      if (std::chrono::steady_clock::now() > deadline) {
        f.timedOut.store(true);
        break;
      }
  }
  for (int64_t i = b; i < e; ++i)
    f.hits[i].fetch_add(1);
}

TEST(ThreadPool, RegionsGiveEachThreadItsOwnContiguousShareFirst) {
  // 16 one-iteration chunks on 2 threads: the caller's region is [0, 8),
  // the worker's [8, 16). The caller starts at 0 and the worker at 8 (so
  // consecutive loops over the same rows keep them on the same thread);
  // whoever finishes first takes what is left of the other region.
  ThreadPool pool(2);
  ScopedPool guard(&pool);
  for (int rep = 0; rep < 20; ++rep) {
    FirstChunks f(16);
    f.caller = std::this_thread::get_id();
    tfmlir_rt_parallel_for(16, 1000000, firstChunkTask, &f);
    ASSERT_FALSE(f.timedOut.load()) << "the worker never joined loop " << rep;
    EXPECT_EQ(f.workerFirst.load(), 8);
    for (auto &h : f.hits)
      EXPECT_EQ(h.load(), 1);
  }
}

TEST(ThreadPool, ParallelThreadsIsTheInstalledPoolsSize) {
  EXPECT_EQ(tfmlir_rt_parallel_threads(), 1);
  ThreadPool pool(3);
  {
    ScopedPool guard(&pool);
    EXPECT_EQ(tfmlir_rt_parallel_threads(), 3);
  }
  EXPECT_EQ(tfmlir_rt_parallel_threads(), 1);
}

/// C = A B on a B packed beforehand (as constant weights are), against a
/// float64 reference; returns the largest relative error.
double packedGemmError(int64_t m, int64_t n, int64_t k) {
  std::vector<float> a(m * k), b(k * n), c(m * n, -1.0f);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = static_cast<float>((i * 7919) % 97) / 97.0f - 0.5f;
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = static_cast<float>((i * 104729) % 89) / 89.0f - 0.5f;
  std::vector<float> packed(tfmlir_rt_sgemm_packed_size(k, n));
  tfmlir_rt_sgemm_pack_b(k, n, b.data(), n, 1, packed.data());
  tfmlir_rt_sgemm_packed(m, n, k, a.data(), k, packed.data(), c.data(), n,
                         nullptr, nullptr, 0, TFMLIR_RT_ACT_NONE);
  double worst = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double ref = 0, mag = 0;
      for (int64_t q = 0; q < k; ++q) {
        ref += double(a[i * k + q]) * double(b[q * n + j]);
        mag += std::fabs(double(a[i * k + q]) * double(b[q * n + j]));
      }
      worst = std::max(worst, std::fabs(c[i * n + j] - ref) / (mag + 1e-30));
    }
  return worst;
}

TEST(ThreadPool, GemmOfFewRowsIsSplitOverThreads) {
  // MobileNet's 7x7x1024 1x1 convolution: 49 rows are 4 row tiles and
  // one L2 column block; it used to be one task, so the second thread of
  // a 2-thread pool had nothing to do. Now the columns are split.
  ThreadPool pool(2);
  {
    ScopedPool guard(&pool);
    EXPECT_LT(packedGemmError(49, 1024, 256), 1e-6);
  }
  ThreadPoolStats two = pool.stats();
  EXPECT_EQ(two.parallelLoops, 2); // packing B, then the GEMM
  EXPECT_EQ(two.inlineLoops, 0);
  // One thread keeps the L2-sized blocks (and runs everything inline).
  ThreadPool one(1);
  {
    ScopedPool guard(&one);
    EXPECT_LT(packedGemmError(49, 1024, 256), 1e-6);
  }
  EXPECT_EQ(one.stats().parallelLoops, 0);
}

TEST(ThreadPool, SgemmPacksRunTimeBIntoTheRunsArena) {
  // tfmlir_rt_sgemm packs a B that is not a constant into a buffer of the
  // Run's arena: a second Run reuses it instead of asking the system.
  BufferArena arena;
  std::vector<float> a(64 * 300, 0.5f), b(300 * 200, 0.25f), c(64 * 200);
  for (int run = 0; run < 2; ++run) {
    RunScope scope(&arena);
    tfmlir_rt_sgemm(64, 200, 300, a.data(), 300, b.data(), 200, 1, c.data(),
                    200, nullptr, nullptr, 0, TFMLIR_RT_ACT_NONE);
    EXPECT_EQ(scope.systemAllocs, run == 0 ? 1 : 0);
  }
  EXPECT_FLOAT_EQ(c[0], 300 * 0.125f);
  EXPECT_FLOAT_EQ(c[64 * 200 - 1], 300 * 0.125f);
  // Over the Run's memory limit the strided path computes the same result
  // without the buffer (and without ending the Run).
  std::vector<float> d(64 * 200);
  {
    RunScope scope(&arena);
    scope.limitBytes = 1024;
    tfmlir_rt_sgemm(64, 200, 300, a.data(), 300, b.data(), 200, 1, d.data(),
                    200, nullptr, nullptr, 0, TFMLIR_RT_ACT_NONE);
    EXPECT_FALSE(scope.endedEarly);
  }
  EXPECT_EQ(c, d);
}

} // namespace
} // namespace tfmlir::cpu
