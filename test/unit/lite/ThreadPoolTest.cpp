//===- ThreadPoolTest.cpp - The lite interpreter's persistent pool --------===//
#include "runtime/lite/ThreadPool.h"
#include "runtime/lite/Interpreter.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace tfmlir::lite {
namespace {

/// Every index of [0, n) runs exactly once, for many n and thread counts,
/// over many calls on one pool (the workers are reused).
TEST(LiteThreadPool, EveryIndexOnce) {
  for (int threads : {1, 2, 3, 5}) {
    ThreadPool pool(threads);
    for (int64_t n : {0, 1, 2, 3, 7, 64, 1000, 4097}) {
      for (int rep = 0; rep < 20; ++rep) {
        std::vector<std::atomic<int>> hits(n);
        pool.parallelFor(n, [&](int64_t b, int64_t e) {
          ASSERT_LE(0, b);
          ASSERT_LE(b, e);
          ASSERT_LE(e, n);
          for (int64_t i = b; i < e; ++i)
            hits[i].fetch_add(1);
        });
        for (int64_t i = 0; i < n; ++i)
          ASSERT_EQ(hits[i].load(), 1) << "n=" << n << " i=" << i;
      }
    }
  }
}

/// The pool's workers take part: with 2 threads and enough work, more than
/// one thread id shows up (over many calls; the caller alone would pass the
/// index test too).
TEST(LiteThreadPool, WorkersParticipate) {
  if (std::thread::hardware_concurrency() < 2)
    GTEST_SKIP() << "one core";
  ThreadPool pool(2);
  std::mutex mu;
  std::set<std::thread::id> ids;
  for (int rep = 0; rep < 200 && ids.size() < 2; ++rep)
    pool.parallelFor(64, [&](int64_t b, int64_t e) {
      volatile double s = 0;
      for (int64_t i = b; i < e; ++i)
        for (int k = 0; k < 20000; ++k)
          s = s + k;
      std::lock_guard<std::mutex> l(mu);
      ids.insert(std::this_thread::get_id());
    });
  EXPECT_EQ(ids.size(), 2u);
}

/// Each thread takes its own contiguous region of the chunks first: with 2
/// threads and 8 chunks of 1 item, the caller starts at 0 and the worker at
/// 4 (the caller is held in chunk 0 until the worker has claimed one, so
/// this is not a race), and every index still runs once.
TEST(LiteThreadPool, EachThreadStartsInItsOwnRegion) {
  if (std::thread::hardware_concurrency() < 2)
    GTEST_SKIP() << "one core";
  ThreadPool pool(2);
  static_assert(ThreadPool::kChunksPerThread == 4, "8 chunks of 1 item");
  const std::thread::id caller = std::this_thread::get_id();
  for (int rep = 0; rep < 20; ++rep) {
    std::atomic<int64_t> workerFirst{-1};
    std::atomic<bool> started{false}, timedOut{false};
    std::vector<std::atomic<int>> hits(8);
    pool.parallelFor(8, [&](int64_t b, int64_t e) {
      if (std::this_thread::get_id() != caller) {
        int64_t none = -1;
        workerFirst.compare_exchange_strong(none, b);
        started.store(true);
      } else if (b == 0) {
        auto deadline =
            std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!started.load())
          if (std::chrono::steady_clock::now() > deadline) {
            timedOut.store(true);
            break;
          }
      }
      for (int64_t i = b; i < e; ++i)
        hits[i].fetch_add(1);
    });
    ASSERT_FALSE(timedOut.load()) << "the worker never joined call " << rep;
    EXPECT_EQ(workerFirst.load(), 4);
    for (auto &h : hits)
      EXPECT_EQ(h.load(), 1);
  }
}

/// The cost model keeps small work on the calling thread, in one chunk.
TEST(LiteThreadPool, CostModelKeepsSmallWorkSerial) {
  ThreadPool pool(4);
  int calls = 0;
  std::thread::id id;
  pool.parallelFor(100, 10.0, [&](int64_t b, int64_t e) {
    ++calls;
    id = std::this_thread::get_id();
    EXPECT_EQ(b, 0);
    EXPECT_EQ(e, 100);
  });
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(id, std::this_thread::get_id());
}

/// A parallelFor inside a chunk runs serially instead of deadlocking.
TEST(LiteThreadPool, NestedCallsRunSerially) {
  ThreadPool pool(3);
  std::atomic<int64_t> total{0};
  pool.parallelFor(8, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i)
      pool.parallelFor(10, [&](int64_t b2, int64_t e2) { total += e2 - b2; });
  });
  EXPECT_EQ(total.load(), 80);
}

/// setNumThreads: below 1 means 1, above the cores is capped.
TEST(LiteThreadPool, InterpreterCapsThreads) {
  EXPECT_GE(Interpreter::maxThreads(), 1);
  ModelDef def;
  def.subgraphs.emplace_back();
  TensorDef t;
  t.type = TensorType::kFloat32;
  t.shape = {1};
  def.subgraphs[0].tensors = {t, t};
  OperatorDef op;
  op.builtinCode = 19; // RELU
  op.inputs = {0};
  op.outputs = {1};
  def.subgraphs[0].ops = {op};
  def.subgraphs[0].inputs = {0};
  def.subgraphs[0].outputs = {1};
  BuiltinOpResolver r;
  auto in = Interpreter::create(def, r, "caps");
  ASSERT_TRUE(in.ok()) << in.status();
  (*in)->setNumThreads(100000);
  EXPECT_EQ((*in)->numThreads(), Interpreter::maxThreads());
  EXPECT_EQ((*in)->threadPool()->numThreads(), Interpreter::maxThreads());
  (*in)->setNumThreads(-1);
  EXPECT_EQ((*in)->numThreads(), 1);
}

} // namespace
} // namespace tfmlir::lite
