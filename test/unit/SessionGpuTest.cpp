//===- SessionGpuTest.cpp - Session with SessionOptions::device GPU -------===//
//
// SessionOptions::device names, the refusals of Session::Create, and whole
// graphs run on the GPU path. Three ways to run, chosen by ctest:
//  - session-gpu (no driver here): a GPU session is refused with
//    FAILED_PRECONDITION naming the device and libcuda.so.1;
//  - session-gpu-fake-driver (test/unit/FakeCuda.cpp as libcuda.so.1 and
//    FakeCublas.cpp as libcublas.so.13: host memory; kernels are recorded,
//    not run; GEMMs computed): MatMul / BatchMatMulV2 graphs, whose fetches
//    and assigned variables are GEMM outputs, give the CPU session's values
//    (1e-6 relative: the fake sums in double), twice, through compile,
//    upload, cuBLAS steps and download;
//  - with a GPU, the same graphs on the device (and an element-wise one).
//===----------------------------------------------------------------------===//
#include "runtime/session/Session.h"

#include "lib/Translate/GraphDefImporter.h"

#include "test/unit/CudaTestUtil.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <dlfcn.h>

using namespace tfmlir::session;

namespace {

using tfmlir::test::fakeDriver;
using tfmlir::test::haveDriver;

tensorflow::GraphDef parse(const std::string &text) {
  tensorflow::GraphDef g;
  std::string err;
  EXPECT_TRUE(tfmlir::parseGraphDef(text, "test.pbtxt", g, err)) << err;
  return g;
}

std::string placeholder(const std::string &name, const std::vector<int> &dims) {
  std::string s = "node { name: '" + name +
                  "' op: 'Placeholder' attr { key: 'dtype' value { type: "
                  "DT_FLOAT } } attr { key: 'shape' value { shape { ";
  for (int d : dims)
    s += "dim { size: " + std::to_string(d) + " } ";
  return s + "} } } } ";
}

/// a [3,4], b [5,4], p [2,4,3], q [2,4,5]; mm = MatMul(a, b^T) [3,5],
/// bmm = BatchMatMulV2(p^T, q) [2,3,5]; v [3,5] is assigned mm.
std::string productGraph() {
  return placeholder("a", {3, 4}) + placeholder("b", {5, 4}) +
         placeholder("p", {2, 4, 3}) + placeholder("q", {2, 4, 5}) +
         "node { name: 'mm' op: 'MatMul' input: 'a' input: 'b' attr { key: "
         "'T' value { type: DT_FLOAT } } attr { key: 'transpose_b' value { "
         "b: true } } } "
         "node { name: 'bmm' op: 'BatchMatMulV2' input: 'p' input: 'q' attr "
         "{ key: 'T' value { type: DT_FLOAT } } attr { key: 'adj_x' value { "
         "b: true } } } "
         "node { name: 'v' op: 'VariableV2' attr { key: 'dtype' value { "
         "type: DT_FLOAT } } attr { key: 'shape' value { shape { dim { size: "
         "3 } dim { size: 5 } } } } } "
         "node { name: 'assign' op: 'Assign' input: 'v' input: 'mm' attr { "
         "key: 'T' value { type: DT_FLOAT } } } ";
}

Tensor filled(const std::vector<int64_t> &dims, float scale, int mod,
              float offset) {
  Tensor t(DT_FLOAT, TensorShape(dims));
  for (int64_t i = 0; i < t.NumElements(); ++i)
    t.flat<float>()[i] = scale * static_cast<float>(i % mod) + offset;
  return t;
}

TEST(SessionDevice, ParsesTFDeviceNames) {
  struct Case {
    const char *name;
    std::optional<int> gpu;
  } good[] = {{"", std::nullopt},
              {"cpu", std::nullopt},
              {"/device:CPU:0", std::nullopt},
              {"/cpu:0", std::nullopt},
              {"/job:localhost/replica:0/task:0/device:CPU:0", std::nullopt},
              {"gpu", 0},
              {"GPU:1", 1},
              {"/device:GPU:0", 0},
              {"/gpu:2", 2},
              {"/job:localhost/replica:0/task:0/device:GPU:3", 3},
              {"/job:localhost/device:GPU:1", 1},
              {"/device:GPU:*", 0},
              {"/device:gpu:0", 0}};
  for (const Case &c : good) {
    absl::StatusOr<std::optional<int>> d = SessionOptions::parseDevice(c.name);
    ASSERT_TRUE(d.ok()) << c.name << ": " << d.status();
    EXPECT_EQ(*d, c.gpu) << c.name;
  }
  for (const char *bad :
       {"tpu", "/device:TPU:0", "gpu:x", "gpu:-1", "cpu:1",
        "/device:GPU:", "gpu:1234567890", "gpu0", "device:GPU:0",
        "/Device:GPU:0", "/device:GPU:0/", "/job:/device:GPU:0",
        "/device:GPU:0/device:GPU:1", "/device:GPU:0/job:localhost", "/"}) {
    absl::StatusOr<std::optional<int>> d = SessionOptions::parseDevice(bad);
    ASSERT_FALSE(d.ok()) << bad;
    EXPECT_EQ(d.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(d.status().message().find(bad), std::string::npos) << d.status();
  }
}

TEST(SessionDevice, CreateRefusesWhatAGpuSessionCannotDo) {
  SessionOptions o;
  o.device = "/device:TPU:0";
  EXPECT_EQ(Session::Create(parse(productGraph()), o).status().code(),
            absl::StatusCode::kInvalidArgument);
  o.device = "/device:GPU:0";
  o.global_jit_level = SessionOptions::GlobalJitLevel::kAuto;
  absl::StatusOr<std::unique_ptr<Session>> s =
      Session::Create(parse(productGraph()), o);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_NE(s.status().message().find("/device:GPU:0"), std::string::npos);
}

TEST(SessionDevice, WithoutADriverCreateSaysSo) {
  if (fakeDriver() || haveDriver())
    GTEST_SKIP() << "a libcuda.so.1 is present";
  SessionOptions o;
  o.device = "gpu";
  absl::StatusOr<std::unique_ptr<Session>> s =
      Session::Create(parse(productGraph()), o);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.status().code(), absl::StatusCode::kFailedPrecondition)
      << s.status();
  EXPECT_NE(s.status().message().find("/device:GPU:0: no CUDA driver: "
                                      "libcuda.so.1 not found"),
            std::string::npos)
      << s.status();
}

TEST(SessionDevice, ProductsAndAssignedVariableMatchTheCpuSession) {
  if (!fakeDriver() && !haveDriver())
    GTEST_SKIP() << "no GPU driver";
  SessionOptions gpuOptions;
  gpuOptions.device = "/device:GPU:0";
  absl::StatusOr<std::unique_ptr<Session>> gpu =
      Session::Create(parse(productGraph()), gpuOptions);
  if (!gpu.ok() && !fakeDriver())
    GTEST_SKIP() << "the driver loads but no GPU opens: " << gpu.status();
  ASSERT_TRUE(gpu.ok()) << gpu.status();
  absl::StatusOr<std::unique_ptr<Session>> cpu =
      Session::Create(parse(productGraph()));
  ASSERT_TRUE(cpu.ok()) << cpu.status();
  std::vector<std::pair<std::string, Tensor>> feeds = {
      {"a", filled({3, 4}, 0.25f, 12, -1.0f)},
      {"b", filled({5, 4}, -0.125f, 20, 1.5f)},
      {"p", filled({2, 4, 3}, 0.5f, 7, -1.25f)},
      {"q", filled({2, 4, 5}, 1.0f, 5, -0.75f)}};
  std::vector<Tensor> want, got;
  ASSERT_TRUE((*cpu)->Run(feeds, {"mm", "bmm"}, {"assign"}, &want).ok());
  for (int run = 0; run < 2; ++run) {
    absl::Status st = (*gpu)->Run(feeds, {"mm", "bmm"}, {"assign"}, &got);
    if (!st.ok() && !fakeDriver() &&
        st.message().find("no cuBLAS") != std::string::npos)
      GTEST_SKIP() << st;
    ASSERT_TRUE(st.ok()) << st;
    ASSERT_EQ(got.size(), 2u);
    for (int f = 0; f < 2; ++f) {
      ASSERT_EQ(got[f].shape().dim_sizes(), want[f].shape().dim_sizes());
      for (int64_t i = 0; i < want[f].NumElements(); ++i) {
        float w = want[f].flat<float>()[i];
        EXPECT_NEAR(got[f].flat<float>()[i], w, 1e-6 * std::fabs(w) + 1e-6)
            << f << "," << i;
      }
    }
    got.clear();
  }
  // The variable's new value came back from the device.
  absl::StatusOr<Tensor> v = (*gpu)->variableValue("localhost/v");
  ASSERT_TRUE(v.ok()) << v.status();
  for (int64_t i = 0; i < 15; ++i)
    EXPECT_NEAR(v->flat<float>()[i], want[0].flat<float>()[i],
                1e-6 * std::fabs(want[0].flat<float>()[i]) + 1e-6);
  // A feed of the wrong shape is the Session's usual error.
  feeds[0].second = filled({4, 3}, 1, 1, 0);
  absl::Status st = (*gpu)->Run(feeds, {"mm"}, {}, &got);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
}

/// The product graph plus use = MatMul(v, c) with c [5,2]: reads the
/// variable that `assign` writes.
std::string variableGraph() {
  return productGraph() + placeholder("c", {5, 2}) +
         "node { name: 'use' op: 'MatMul' input: 'v' input: 'c' attr { key: "
         "'T' value { type: DT_FLOAT } } } ";
}

TEST(SessionDevice, VariablesStayOnTheDeviceBetweenRuns) {
  if (!fakeDriver())
    GTEST_SKIP() << "counts host-to-device bytes through the fake driver";
  void *fake = dlopen("libcuda.so.1", RTLD_NOW);
  ASSERT_NE(fake, nullptr);
  auto htod = reinterpret_cast<unsigned long long (*)()>(
      dlsym(fake, "tfmlirFakeHtoDBytes"));
  ASSERT_NE(htod, nullptr);
  SessionOptions gpuOptions;
  gpuOptions.device = "/device:GPU:0";
  absl::StatusOr<std::unique_ptr<Session>> gpu =
      Session::Create(parse(variableGraph()), gpuOptions);
  ASSERT_TRUE(gpu.ok()) << gpu.status();
  absl::StatusOr<std::unique_ptr<Session>> cpu =
      Session::Create(parse(variableGraph()));
  ASSERT_TRUE(cpu.ok()) << cpu.status();
  Tensor c = filled({5, 2}, 0.5f, 3, -0.25f);
  auto expectSame = [](const Tensor &got, const Tensor &want) {
    ASSERT_EQ(got.shape().dim_sizes(), want.shape().dim_sizes());
    for (int64_t i = 0; i < want.NumElements(); ++i) {
      float w = want.flat<float>()[i];
      EXPECT_NEAR(got.flat<float>()[i], w, 1e-6 * std::fabs(w) + 1e-6) << i;
    }
  };
  for (float scale : {0.25f, -1.5f}) {
    SCOPED_TRACE(scale);
    std::vector<std::pair<std::string, Tensor>> assignFeeds = {
        {"a", filled({3, 4}, scale, 12, -1.0f)},
        {"b", filled({5, 4}, -0.125f, 20, 1.5f)}};
    std::vector<Tensor> got, want;
    // The assign keeps v's new value on the device (and in the Session).
    unsigned long long before = htod();
    ASSERT_TRUE((*gpu)->Run(assignFeeds, {}, {"assign"}, &got).ok());
    ASSERT_TRUE((*cpu)->Run(assignFeeds, {}, {"assign"}, &want).ok());
    EXPECT_EQ(htod() - before, (12u + 20u) * 4) << "only a and b go up";
    // Reading v: only c goes up, twice; the values are the new v's.
    for (int run = 0; run < 2; ++run) {
      before = htod();
      absl::Status st = (*gpu)->Run({{"c", c}}, {"use"}, {}, &got);
      ASSERT_TRUE(st.ok()) << st;
      EXPECT_EQ(htod() - before, 10u * 4) << "run " << run;
      ASSERT_TRUE((*cpu)->Run({{"c", c}}, {"use"}, {}, &want).ok());
      expectSame(got.back(), want.back());
    }
  }
  // Close() returns the variables' device copies.
  EXPECT_TRUE((*gpu)->Close().ok());
}

/// Two dense layers r_i = Relu(BiasAdd(MatMul(in, w_i), b_i)) on x [2, 4]:
/// the second layer's output may reuse the first's buffer, which the second
/// GEMM reads (a cuBLASLt epilogue must then write a new buffer).
std::string mlpGraph() {
  std::string g = placeholder("x", {2, 4});
  for (int i = 1; i <= 2; ++i) {
    std::string n = std::to_string(i), in = i == 1 ? "x" : "r1";
    g += placeholder("w" + n, {4, 4}) + placeholder("b" + n, {4}) +
         "node { name: 'm" + n + "' op: 'MatMul' input: '" + in +
         "' input: 'w" + n +
         "' attr { key: 'T' value { type: DT_FLOAT } } } "
         "node { name: 'a" +
         n + "' op: 'BiasAdd' input: 'm" + n + "' input: 'b" + n +
         "' attr { key: 'T' value { type: DT_FLOAT } } } "
         "node { name: 'r" +
         n + "' op: 'Relu' input: 'a" + n +
         "' attr { key: 'T' value { type: DT_FLOAT } } } ";
  }
  return g;
}

TEST(SessionDevice, ChainedDenseLayersMatchTheCpuSession) {
  if (!fakeDriver())
    GTEST_SKIP() << "GEMM epilogues are computed by the fake cuBLASLt";
  SessionOptions gpuOptions;
  gpuOptions.device = "/device:GPU:0";
  absl::StatusOr<std::unique_ptr<Session>> gpu =
      Session::Create(parse(mlpGraph()), gpuOptions);
  ASSERT_TRUE(gpu.ok()) << gpu.status();
  absl::StatusOr<std::unique_ptr<Session>> cpu =
      Session::Create(parse(mlpGraph()));
  ASSERT_TRUE(cpu.ok()) << cpu.status();
  std::vector<std::pair<std::string, Tensor>> feeds = {
      {"x", filled({2, 4}, 0.5f, 7, -1.0f)},
      {"w1", filled({4, 4}, 0.25f, 5, -0.5f)},
      {"b1", filled({4}, 0.5f, 4, -0.75f)},
      {"w2", filled({4, 4}, -0.125f, 9, 0.5f)},
      {"b2", filled({4}, 0.25f, 3, -0.25f)}};
  std::vector<Tensor> got, want;
  ASSERT_TRUE((*cpu)->Run(feeds, {"r2"}, {}, &want).ok());
  absl::Status st = (*gpu)->Run(feeds, {"r2"}, {}, &got);
  ASSERT_TRUE(st.ok()) << st;
  for (int64_t i = 0; i < 8; ++i)
    EXPECT_NEAR(got[0].flat<float>()[i], want[0].flat<float>()[i], 1e-6) << i;
}

TEST(SessionDevice, MaxRunMemoryBoundsTheDeviceBuffers) {
  if (!fakeDriver())
    GTEST_SKIP() << "runs the product graph through the fake driver";
  std::vector<std::pair<std::string, Tensor>> feeds = {
      {"a", filled({3, 4}, 0.25f, 12, -1.0f)},
      {"b", filled({5, 4}, -0.125f, 20, 1.5f)}};
  // The plan of mm = MatMul(a, b^T): inputs a (48 bytes) and b (80), the
  // result (60): 188 bytes of device buffers.
  for (int64_t limit : {100, 188, 1 << 20}) {
    SCOPED_TRACE(limit);
    SessionOptions o;
    o.device = "/device:GPU:0";
    o.max_run_memory_bytes = limit;
    absl::StatusOr<std::unique_ptr<Session>> s =
        Session::Create(parse(productGraph()), o);
    ASSERT_TRUE(s.ok()) << s.status();
    std::vector<Tensor> out;
    absl::Status st = (*s)->Run(feeds, {"mm"}, {}, &out);
    if (limit < 188) {
      EXPECT_EQ(st.code(), absl::StatusCode::kResourceExhausted) << st;
      EXPECT_NE(st.message().find("needs 188 bytes of device buffers in one "
                                  "run"),
                std::string::npos)
          << st;
      EXPECT_NE(st.message().find("max_run_memory_bytes (100)"),
                std::string::npos)
          << st;
    } else {
      EXPECT_TRUE(st.ok()) << st;
    }
  }
}

TEST(SessionDevice, ElementwiseGraphRunsOnTheDevice) {
  if (!fakeDriver() && !haveDriver())
    GTEST_SKIP() << "no GPU driver";
  std::string g = placeholder("x", {4, 300}) +
                  "node { name: 'e' op: 'Exp' input: 'x' attr { key: 'T' "
                  "value { type: DT_FLOAT } } } "
                  "node { name: 's' op: 'Sum' input: 'e' input: 'axis' attr "
                  "{ key: 'T' value { type: DT_FLOAT } } attr { key: 'Tidx' "
                  "value { type: DT_INT32 } } } "
                  "node { name: 'axis' op: 'Const' attr { key: 'dtype' value "
                  "{ type: DT_INT32 } } attr { key: 'value' value { tensor { "
                  "dtype: DT_INT32 tensor_shape { } int_val: 1 } } } } ";
  SessionOptions o;
  o.device = "gpu:0";
  absl::StatusOr<std::unique_ptr<Session>> s = Session::Create(parse(g), o);
  if (!s.ok() && !fakeDriver())
    GTEST_SKIP() << "no GPU opens: " << s.status();
  ASSERT_TRUE(s.ok()) << s.status();
  Tensor x = filled({4, 300}, 0.01f, 97, -0.5f);
  std::vector<Tensor> out;
  absl::Status st = (*s)->Run({{"x", x}}, {"s"}, {}, &out);
  ASSERT_TRUE(st.ok()) << st;
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].shape().dim_sizes(), (std::vector<int64_t>{4}));
  if (fakeDriver())
    return; // the fake runs no kernels: only the shape is known
  for (int r = 0; r < 4; ++r) {
    double sum = 0;
    for (int c = 0; c < 300; ++c)
      sum += std::exp(double(x.flat<float>()[r * 300 + c]));
    EXPECT_NEAR(out[0].flat<float>()[r], sum, 1e-5 * sum) << r;
  }
}

} // namespace
