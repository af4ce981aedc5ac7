//===- SessionThreadsTest.cpp - the Session's intra-op pool and buffers ---===//
//
// intra_op_parallelism_threads: validation, threaded runs bitwise identical
// to serial ones and to a float64 reference within tolerance, concurrent
// Runs sharing the pool; buffers of compiled code reused across Runs; a
// buffer allocation that fails ends the Run with RESOURCE_EXHAUSTED.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Alloc.h"
#include "runtime/cpu/ThreadPool.h"
#include "runtime/session/CpuExecutable.h"
#include "runtime/session/Session.h"

#include "lib/Translate/GraphDefImporter.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <thread>

using namespace tfmlir::session;

namespace {

std::string placeholder(const std::string &name,
                        const std::vector<int64_t> &dims) {
  std::string s = "node { name: '" + name +
                  "' op: 'Placeholder' attr { key: 'dtype' value { type: "
                  "DT_FLOAT } } attr { key: 'shape' value { shape { ";
  for (int64_t d : dims)
    s += "dim { size: " + std::to_string(d) + " } ";
  return s + "} } } } ";
}

/// y = Relu(BiasAdd(MatMul(a[128,256], b[256,192]), bias[192])) and
/// z = Conv2D(x[1,32,32,16], f[3,3,16,32], SAME, stride 1).
std::string graphText() {
  const char *tF = "attr { key: 'T' value { type: DT_FLOAT } } ";
  return placeholder("a", {128, 256}) + placeholder("b", {256, 192}) +
         placeholder("bias", {192}) + placeholder("x", {1, 32, 32, 16}) +
         placeholder("f", {3, 3, 16, 32}) +
         "node { name: 'mm' op: 'MatMul' input: 'a' input: 'b' " + tF +
         "} node { name: 'ba' op: 'BiasAdd' input: 'mm' input: 'bias' " + tF +
         "} node { name: 'y' op: 'Relu' input: 'ba' " + tF +
         "} node { name: 'z' op: 'Conv2D' input: 'x' input: 'f' " + tF +
         "attr { key: 'strides' value { list { i: 1 i: 1 i: 1 i: 1 } } } "
         "attr { key: 'padding' value { s: 'SAME' } } }";
}

std::unique_ptr<Session> makeSession(int intraThreads) {
  tensorflow::GraphDef g;
  std::string err;
  EXPECT_TRUE(tfmlir::parseGraphDef(graphText(), "threads.pbtxt", g, err))
      << err;
  SessionOptions o;
  o.intra_op_parallelism_threads = intraThreads;
  auto s = Session::Create(g, o);
  EXPECT_TRUE(s.ok()) << s.status();
  return s.ok() ? std::move(*s) : nullptr;
}

Tensor randomFloats(const std::vector<int64_t> &dims, uint32_t seed) {
  Tensor t(DT_FLOAT, TensorShape(dims));
  uint32_t s = seed * 2654435761u + 1;
  for (int64_t i = 0; i < t.NumElements(); ++i) {
    s = s * 1664525u + 1013904223u;
    t.flat<float>()[i] = static_cast<float>((s >> 8) / double(1 << 24) - 0.5);
  }
  return t;
}

std::vector<std::pair<std::string, Tensor>> feeds() {
  return {{"a", randomFloats({128, 256}, 1)},
          {"b", randomFloats({256, 192}, 2)},
          {"bias", randomFloats({192}, 3)},
          {"x", randomFloats({1, 32, 32, 16}, 4)},
          {"f", randomFloats({3, 3, 16, 32}, 5)}};
}

bool sameBytes(const Tensor &x, const Tensor &y) {
  return x.shape() == y.shape() && x.TotalBytes() == y.TotalBytes() &&
         std::memcmp(x.data(), y.data(), x.TotalBytes()) == 0;
}

TEST(SessionThreads, NegativeIntraOpThreadsAreRefused) {
  tensorflow::GraphDef g;
  std::string err;
  ASSERT_TRUE(tfmlir::parseGraphDef(graphText(), "threads.pbtxt", g, err));
  SessionOptions o;
  o.intra_op_parallelism_threads = -2;
  auto s = Session::Create(g, o);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.status().message().find("intra_op_parallelism_threads"),
            std::string::npos)
      << s.status();
  EXPECT_NE(s.status().message().find("-2"), std::string::npos);
}

TEST(SessionThreads, ThreadedRunsMatchSerialBitwiseAndFloat64) {
  auto serial = makeSession(1);
  auto threaded = makeSession(2);
  ASSERT_TRUE(serial && threaded);
  auto in = feeds();
  std::vector<Tensor> a, b;
  ASSERT_TRUE(serial->Run(in, {"y", "z"}, {}, &a).ok());
  for (int r = 0; r < 3; ++r) {
    b.clear();
    absl::Status st = threaded->Run(in, {"y", "z"}, {}, &b);
    ASSERT_TRUE(st.ok()) << st;
    ASSERT_EQ(b.size(), 2u);
    EXPECT_TRUE(sameBytes(a[0], b[0])) << "MatMul+BiasAdd+Relu, run " << r;
    EXPECT_TRUE(sameBytes(a[1], b[1])) << "Conv2D, run " << r;
  }
  // The pool of 2 threads really split loops (only when the host has more
  // than one hardware thread: the count is capped at the host's).
  if (tfmlir::cpu::ThreadPool::hostThreads() > 1) {
    EXPECT_GT(threaded->stats().intraOpParallelLoops, 0);
  }
  EXPECT_EQ(serial->stats().intraOpParallelLoops, 0);
  // float64 reference of y (relative tolerance 1e-5 for a 256-term sum).
  const Tensor &A = in[0].second, &B = in[1].second, &bias = in[2].second;
  for (int i = 0; i < 128; ++i)
    for (int j = 0; j < 192; ++j) {
      double acc = 0, mag = 0;
      for (int k = 0; k < 256; ++k) {
        double p = double(A.flat<float>()[i * 256 + k]) *
                   double(B.flat<float>()[k * 192 + j]);
        acc += p;
        mag += std::fabs(p);
      }
      acc = std::max(0.0, acc + bias.flat<float>()[j]);
      ASSERT_NEAR(b[0].flat<float>()[i * 192 + j], acc, 1e-5 * (1 + mag))
          << "y[" << i << "," << j << "]";
    }
}

TEST(SessionThreads, ConcurrentRunsShareThePool) {
  auto serial = makeSession(1);
  auto threaded = makeSession(2);
  ASSERT_TRUE(serial && threaded);
  auto in = feeds();
  std::vector<Tensor> want;
  ASSERT_TRUE(serial->Run(in, {"y", "z"}, {}, &want).ok());
  std::vector<std::thread> ts;
  std::atomic<int> mismatches{0}, failures{0};
  for (int t = 0; t < 4; ++t)
    ts.emplace_back([&] {
      for (int r = 0; r < 5; ++r) {
        std::vector<Tensor> got;
        if (!threaded->Run(in, {"y", "z"}, {}, &got).ok()) {
          ++failures;
          continue;
        }
        if (!sameBytes(got[0], want[0]) || !sameBytes(got[1], want[1]))
          ++mismatches;
      }
    });
  for (std::thread &t : ts)
    t.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_EQ(mismatches.load(), 0);
}

TEST(SessionThreads, BuffersAreReusedAcrossRuns) {
  auto s = makeSession(2);
  ASSERT_TRUE(s);
  auto in = feeds();
  std::vector<Tensor> out;
  ASSERT_TRUE(s->Run(in, {"y", "z"}, {}, &out).ok());
  SessionStats first = s->stats();
  EXPECT_GT(first.bufferSystemAllocs, 0);
  // The results (128x192 and 1x32x32x32 f32) pass through the arena.
  EXPECT_GE(first.peakTemporaryBytes, int64_t(128 * 192 * 4));
  for (int r = 0; r < 5; ++r) {
    out.clear();
    ASSERT_TRUE(s->Run(in, {"y", "z"}, {}, &out).ok());
  }
  SessionStats later = s->stats();
  EXPECT_EQ(later.bufferSystemAllocs, first.bufferSystemAllocs)
      << "a Run after the first took buffers from the system";
  EXPECT_EQ(later.peakTemporaryBytes, first.peakTemporaryBytes);
}

TEST(SessionThreads, LargeHostBuffersAreReused) {
  // Result tensors and host-kernel tensors come from allocHostBuffer: a
  // large buffer freed (a Run's result the user dropped) is handed to the
  // next request of its size (no fresh pages from the system); a small one
  // goes back to malloc.
  void *big = allocHostBuffer(kHostBufferCacheMin);
  ASSERT_NE(big, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(big) % 64, 0u);
  freeHostBuffer(big);
  void *again = allocHostBuffer(kHostBufferCacheMin);
  EXPECT_EQ(again, big);
  freeHostBuffer(again);
  void *small = allocHostBuffer(100);
  ASSERT_NE(small, nullptr);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(small) % 64, 0u);
  freeHostBuffer(small);
  freeHostBuffer(nullptr);
  // Absurd sizes are refused, not wrapped.
  EXPECT_EQ(allocHostBuffer(~size_t(0) - 10), nullptr);
}

TEST(SessionThreads, FailedBufferAllocationIsResourceExhausted) {
  // A 2^20 x 2^20 f32 result (4 TiB): the allocation the compiled code
  // makes for it fails (refused above 1 TiB), the Run ends cleanly.
  auto exe = CpuExecutable::compile(R"(
func.func @main(%x: tensor<f32>) -> tensor<1048576x1048576xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<1048576x1048576xf32>
  return %0 : tensor<1048576x1048576xf32>
})",
                                    "main");
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor x(DType::kF32, {});
  x.data<float>()[0] = 1.0f;
  for (int r = 0; r < 2; ++r) {
    auto out = (*exe)->run({&x});
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.status().code(), absl::StatusCode::kResourceExhausted);
    // 4 TiB, plus the alignment padding the memref lowering asks for.
    EXPECT_NE(out.status().message().find("OOM when allocating a buffer of "
                                          "43980465111"),
              std::string::npos)
        << out.status();
    EXPECT_NE(out.status().message().find("@main"), std::string::npos);
  }
}

TEST(SessionThreads, ArenaSizeClassesAndReuse) {
  using tfmlir::cpu::BufferArena;
  EXPECT_EQ(BufferArena::sizeClass(0), 64u);
  EXPECT_EQ(BufferArena::sizeClass(64), 64u);
  EXPECT_EQ(BufferArena::sizeClass(65), 128u);
  EXPECT_EQ(BufferArena::sizeClass(1000), 1024u);
  EXPECT_EQ(BufferArena::sizeClass(1025), 1280u);
  EXPECT_EQ(BufferArena::sizeClass(size_t(1) << 41), 0u);
  BufferArena arena;
  bool fresh = false;
  void *p = arena.allocate(1000, &fresh);
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(fresh);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % 64, 0u);
  std::memset(p, 1, 1000);
  arena.release(p);
  void *q = arena.allocate(900, &fresh); // same class (1024): reused
  EXPECT_EQ(q, p);
  EXPECT_FALSE(fresh);
  void *r = arena.allocate(900, &fresh); // p is in use: a new block
  EXPECT_NE(r, q);
  EXPECT_TRUE(fresh);
  EXPECT_EQ(arena.stats().systemAllocs, 2);
  EXPECT_EQ(arena.stats().reuses, 1);
  EXPECT_EQ(arena.stats().peakBytesInUse, 2048);
  arena.release(q);
  arena.release(r);
  EXPECT_EQ(arena.stats().bytesInUse, 0);
}

} // namespace
