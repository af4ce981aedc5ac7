//===- GpuRuntimeTest.cpp - runtime/gpu: plan format, driver, execution ---===//
//
// The launch plan's text format round-trips and rejects malformed plans;
// without an NVIDIA driver the runtime reports FailedPrecondition "no CUDA
// driver: libcuda.so.1 not found" (and the execution tests are skipped,
// saying so); with a GPU, the program that ctest's fixture compiled from
// test/Codegen/GPU/Inputs/runtime_program.mlir (hlo-gpu-compile, directory
// in $TFMLIR_GPU_TEST_PROGRAM) runs and matches a float64 host reference.
//===----------------------------------------------------------------------===//
#include "lib/Support/ABI/LaunchPlan.h"
#include "runtime/gpu/Cublas.h"
#include "runtime/gpu/CudaDriver.h"
#include "runtime/gpu/Device.h"
#include "runtime/gpu/PlanExecutor.h"
#include "test/unit/CudaTestUtil.h"

#include <dlfcn.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "gtest/gtest.h"

using namespace tfmlir::gpu;

namespace {

LaunchPlan samplePlan() {
  LaunchPlan p;
  p.entry = "main";
  p.chip = "sm_90";
  p.numInputs = 1;
  PlanBuffer in;
  in.kind = PlanBuffer::Kind::Input;
  in.argIndex = 0;
  in.dtype = DType::BF16;
  in.shape = {2, 3};
  in.bytes = 12;
  PlanBuffer c;
  c.kind = PlanBuffer::Kind::Constant;
  c.dtype = DType::I1;
  c.shape = {3};
  c.bytes = 3;
  c.constOffset = 0;
  PlanBuffer t;
  t.dtype = DType::F32;
  t.shape = {6};
  t.bytes = 24;
  p.buffers = {in, c, t};
  KernelLaunch l;
  l.kernel = "main_k0";
  l.node = "dense/BiasAdd";
  l.grid[0] = 1;
  l.block[0] = 6;
  l.args = {LaunchArg{true, 0, 0, 0}, LaunchArg{true, 1, 0, 0},
            LaunchArg{false, -1, 4, 0x3f800000}, LaunchArg{true, 2, 0, 0}};
  p.launches = {l};
  PlanResult r;
  r.buffer = 2;
  r.byteOffset = 0;
  r.dtype = DType::F32;
  r.shape = {2, 3};
  p.results = {r};
  p.constants = {1, 0, 1};
  return p;
}

/// A dense buffer of `kind` (argument `arg` for an input) with its byte
/// size from `t` and `shape`.
PlanBuffer buffer(PlanBuffer::Kind kind, int64_t arg, DType t,
                  std::vector<int64_t> shape) {
  PlanBuffer b;
  b.kind = kind;
  b.argIndex = arg;
  b.dtype = t;
  b.shape = shape;
  b.bytes = dtypeSize(t);
  for (int64_t d : shape)
    b.bytes *= d;
  return b;
}

/// Each case replaces `from` (which must occur) in `text` by `to`; the
/// result must fail to parse with InvalidArgument containing `message`.
struct Mutation {
  std::string from, to, message;
};
void expectRejected(const std::string &text,
                    const std::vector<Mutation> &cases) {
  for (const Mutation &c : cases) {
    std::string bad = text;
    size_t at = bad.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    bad.replace(at, c.from.size(), c.to);
    absl::StatusOr<LaunchPlan> r = parseLaunchPlan(bad);
    ASSERT_FALSE(r.ok()) << c.to;
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(r.status().message().find(c.message), std::string::npos)
        << c.to << ": " << r.status();
  }
}

/// Serializes `p`, expects `line` in the text, parses it back and expects
/// the same text again; returns the text and the parsed plan.
std::pair<std::string, LaunchPlan> roundTrip(const LaunchPlan &p,
                                             const std::string &line) {
  std::string text = serializeLaunchPlan(p);
  EXPECT_NE(text.find(line), std::string::npos) << line << " in\n" << text;
  absl::StatusOr<LaunchPlan> q = parseLaunchPlan(text);
  EXPECT_TRUE(q.ok()) << q.status();
  if (!q.ok())
    return {text, LaunchPlan()};
  EXPECT_EQ(serializeLaunchPlan(*q), text);
  return {text, *q};
}

TEST(LaunchPlan, RoundTrip) {
  LaunchPlan p = samplePlan();
  std::string text = serializeLaunchPlan(p);
  absl::StatusOr<LaunchPlan> q = parseLaunchPlan(text);
  ASSERT_TRUE(q.ok()) << q.status();
  EXPECT_EQ(serializeLaunchPlan(*q), text);
  EXPECT_EQ(q->buffers[0].dtype, DType::BF16);
  EXPECT_EQ(q->buffers[1].kind, PlanBuffer::Kind::Constant);
  ASSERT_EQ(q->launches.size(), 1u);
  EXPECT_FALSE(q->launches[0].args[2].isBuffer);
  EXPECT_EQ(q->launches[0].args[2].scalarBits, 0x3f800000u);
  EXPECT_EQ(q->launches[0].node, "dense/BiasAdd");
  EXPECT_EQ(q->constants.size(), 3u); // sized; bytes come from constants.bin
}

TEST(LaunchPlan, RejectsMalformed) {
  std::string good = serializeLaunchPlan(samplePlan());
  expectRejected(
      good,
      {
          {"tfmlir-gpu-plan 1", "tfmlir-gpu-plan 2", "version 1"},
          {"launch main_k0 1 1 1 6", "launch main_k0 1 1 1 2000",
           "out of range"},
          {" b2 node=", " b9 node=", "undefined buffer"},
          {" node=dense", " extra=dense", "after the kernel arguments"},
          {"temp float32 24", "temp float32 28", "disagrees"},
          {"result 2 0", "result 2 8", "past its buffer"},
          {"bfloat16", "complex64", "unknown dtype"},
          // Found by break-testing: ids with junk, scalars wider than their
          // width, offsets and shapes whose sums or products overflow.
          {" b2 node=", " b2x node=", "undefined buffer"},
          {" b2 node=", " b+2 node=", "undefined buffer"},
          {"s4:3f800000", "s4:13f800000", "at most 8 hex digits"},
          {"s4:3f800000", "s4:3g800000", "hex digits"},
          {"s4:3f800000", "s3:3f800000", "width must be"},
          {"result 2 0", "result 2 9223372036854775807", "past its buffer"},
          {"const 0 bool 3 1 3", "const 9223372036854775807 bool 3 1 3",
           "extends past the constants"},
          {"temp float32 24 1 6", "temp float32 16 2 4611686018427387905 4",
           "over 2^62"},
      });
  EXPECT_FALSE(parseLaunchPlan("").ok());
}

/// A plan of GEMM steps: C[batch, m, n] = A.B with A stored [batch, m, k]
/// (or [batch, k, m] with transA) and B [batch, k, n] (or [batch, n, k]),
/// of `in` elements into `out`; `steps` GEMMs into C, the first
/// overwriting it and the others accumulating.
LaunchPlan gemmPlan(DType in, DType out, int64_t batch, int64_t m, int64_t n,
                    int64_t k, bool transA, bool transB, int steps = 1) {
  LaunchPlan p;
  p.entry = "main";
  p.chip = "sm_90";
  p.numInputs = 2;
  p.buffers = {buffer(PlanBuffer::Kind::Input, 0, in,
                      transA ? std::vector<int64_t>{batch, k, m}
                             : std::vector<int64_t>{batch, m, k}),
               buffer(PlanBuffer::Kind::Input, 1, in,
                      transB ? std::vector<int64_t>{batch, n, k}
                             : std::vector<int64_t>{batch, k, n}),
               buffer(PlanBuffer::Kind::Temp, -1, out, {batch, m, n})};
  for (int s = 0; s < steps; ++s) {
    KernelLaunch l;
    l.kind = KernelLaunch::Kind::Gemm;
    l.kernel = "cublas_gemm";
    l.node = "dense/MatMul";
    l.gemm = GemmCall{in, out, batch, m, n, k, transA, transB, s > 0};
    l.args = {LaunchArg{true, 0, 0, 0}, LaunchArg{true, 1, 0, 0},
              LaunchArg{true, 2, 0, 0}};
    p.launches.push_back(l);
  }
  PlanResult r;
  r.buffer = 2;
  r.dtype = out;
  r.shape = {batch, m, n};
  p.results = {r};
  return p;
}

TEST(LaunchPlan, GemmStepsRoundTripAndAreChecked) {
  auto [text, q] = roundTrip(
      gemmPlan(DType::BF16, DType::F32, 3, 5, 4, 6, true, false, 2),
      "gemm bfloat16 float32 3 5 4 6 1 0 0 b0 b1 b2 node=dense/MatMul\n");
  ASSERT_EQ(q.launches.size(), 2u);
  const KernelLaunch &l = q.launches[1];
  EXPECT_EQ(l.kind, KernelLaunch::Kind::Gemm);
  EXPECT_EQ(l.gemm.inType, DType::BF16);
  EXPECT_EQ(l.gemm.outType, DType::F32);
  EXPECT_EQ(l.gemm.batch, 3);
  EXPECT_EQ(l.gemm.m, 5);
  EXPECT_EQ(l.gemm.n, 4);
  EXPECT_EQ(l.gemm.k, 6);
  EXPECT_TRUE(l.gemm.transA);
  EXPECT_FALSE(l.gemm.transB);
  EXPECT_TRUE(l.gemm.accumulate);
  EXPECT_EQ(l.node, "dense/MatMul");
  expectRejected(
      text,
      {
          {"gemm bfloat16 float32", "gemm bfloat16 float16", "dtypes must be"},
          {"gemm bfloat16 float32", "gemm float32 bfloat16", "dtypes must be"},
          {"gemm bfloat16 float32", "gemm int32 int32", "dtypes must be"},
          {"gemm bfloat16 float32", "gemm float32 float32", "wrong dtype"},
          {"3 5 4 6 1 0 0", "3 5 4 0 1 0 0", "sizes must be"},
          {"3 5 4 6 1 0 0", "3 5 4 6 2 0 0", "must be 0 or 1"},
          {"3 5 4 6 1 0 0", "3 5 4 7 1 0 0", "too small"},
          {"3 5 4 6 1 0 0", "3 5 4 3000000000 1 0 0", "sizes must be"},
          {"b0 b1 b2 node", "b0 b1 b0 node", "wrong dtype"},
          {"b0 b1 b2 node", "b0 b1 node", "three buffer arguments"},
          {"b0 b1 b2 node", "b0 b1 b7 node", "undefined buffer"},
          {"b2 node=dense/MatMul\ngemm", "b2 x=1\ngemm", "after the gemm"},
          {"b2 node=dense/MatMul\ngemm", "b2 epilogue=bias b2\ngemm",
           "needs batch 1"},
      });
  // The output must be a buffer the runtime allocates, not an input.
  std::string in = text;
  in.replace(in.find("buffer 2 temp"), 13, "buffer 2 input 1");
  absl::StatusOr<LaunchPlan> r = parseLaunchPlan(in);
  ASSERT_FALSE(r.ok());
}

/// Skips the calling test (saying why) when no GPU can be opened; checks
/// the error is the documented one.
#define REQUIRE_GPU(device)                                                    \
  absl::StatusOr<std::unique_ptr<GpuDevice>> device = GpuDevice::open(0);      \
  if (!device.ok()) {                                                          \
    EXPECT_TRUE(device.status().code() ==                                      \
                    absl::StatusCode::kFailedPrecondition ||                   \
                device.status().code() == absl::StatusCode::kUnavailable)      \
        << device.status();                                                    \
    GTEST_SKIP() << "GPU execution test skipped: " << device.status();         \
  }

TEST(CudaDriver, ClearErrorWithoutDriver) {
  absl::StatusOr<const CudaDriver *> d = CudaDriver::get();
  if (d.ok())
    GTEST_SKIP() << "a CUDA driver is present: nothing to check here";
  if (d.status().code() == absl::StatusCode::kFailedPrecondition) {
    EXPECT_NE(
        d.status().message().find("no CUDA driver: libcuda.so.1 not found"),
        std::string::npos)
        << d.status();
  } else {
    // A driver without a usable device (e.g. CUDA_ERROR_NO_DEVICE).
    EXPECT_EQ(d.status().code(), absl::StatusCode::kUnavailable) << d.status();
  }
  // Opening a device reports the same error, never crashes.
  absl::StatusOr<std::unique_ptr<GpuDevice>> dev = GpuDevice::open(0);
  ASSERT_FALSE(dev.ok());
  EXPECT_EQ(dev.status().code(), d.status().code());
}

std::string readFile(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

TEST(GpuExecution, CompiledProgramMatchesReference) {
  if (tfmlir::test::fakeDriver())
    GTEST_SKIP() << "the fake driver executes no kernels";
  REQUIRE_GPU(device);
  const char *dir = std::getenv("TFMLIR_GPU_TEST_PROGRAM");
  ASSERT_NE(dir, nullptr) << "TFMLIR_GPU_TEST_PROGRAM is not set";
  absl::StatusOr<LaunchPlan> plan =
      parseLaunchPlan(readFile(std::string(dir) + "/plan.txt"));
  ASSERT_TRUE(plan.ok()) << plan.status();
  std::string consts = readFile(std::string(dir) + "/constants.bin");
  ASSERT_EQ(consts.size(), plan->constants.size());
  std::memcpy(plan->constants.data(), consts.data(), consts.size());
  absl::StatusOr<std::unique_ptr<PlanExecutor>> ex = PlanExecutor::create(
      **device, *plan, readFile(std::string(dir) + "/kernels.cubin"));
  ASSERT_TRUE(ex.ok()) << ex.status();
  // runtime_program.mlir: r0 = exp(x + broadcast(y)) (4x300), r1 = column
  // sums of r0 (300), r2 = sum of all of x (scalar).
  std::vector<float> x(1200), y(300);
  for (int i = 0; i < 1200; ++i)
    x[i] = std::sin(0.01f * i);
  for (int j = 0; j < 300; ++j)
    y[j] = 0.001f * j - 0.1f;
  for (int rep = 0; rep < 2; ++rep) { // run twice: identical results
    absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
        (*ex)->run({{x.data(), x.size() * 4}, {y.data(), y.size() * 4}}, true);
    ASSERT_TRUE(out.ok()) << out.status();
    ASSERT_EQ(out->size(), 3u);
    const float *r0 = reinterpret_cast<const float *>((*out)[0].data());
    const float *r1 = reinterpret_cast<const float *>((*out)[1].data());
    const float *r2 = reinterpret_cast<const float *>((*out)[2].data());
    double total = 0;
    for (int j = 0; j < 300; ++j) {
      double col = 0;
      for (int i = 0; i < 4; ++i) {
        double e = std::exp(double(x[i * 300 + j]) + y[j]);
        EXPECT_NEAR(r0[i * 300 + j], e, 1e-6 + 2e-6 * e);
        col += e;
      }
      EXPECT_NEAR(r1[j], col, 1e-5 + 1e-5 * col);
    }
    for (float v : x)
      total += v;
    EXPECT_NEAR(*r2, total, 1e-3 + 1e-5 * std::fabs(total));
  }
}

TEST(GpuExecution, OutOfMemoryIsResourceExhausted) {
  REQUIRE_GPU(device);
  absl::StatusOr<CUdeviceptr> p = (*device)->allocate(size_t(1) << 50);
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.status().code(), absl::StatusCode::kResourceExhausted)
      << p.status();
  EXPECT_NE(p.status().message().find("CUDA_ERROR_OUT_OF_MEMORY"),
            std::string::npos)
      << p.status();
}

// --- FakeDriver: runtime/gpu against test/unit/FakeCuda.cpp (host memory,
// kernels recorded, not run), run by ctest gpu-runtime-fake-driver with
// LD_LIBRARY_PATH pointing at the fake libcuda.so.1.

/// The fake's test hooks, or skips when the real (or no) driver is loaded.
#define REQUIRE_FAKE(device)                                                   \
  if (!tfmlir::test::fakeDriver())                                             \
    GTEST_SKIP()                                                               \
        << "needs the fake libcuda.so.1 (ctest gpu-runtime-fake-driver)";      \
  REQUIRE_GPU(device);                                                         \
  ASSERT_EQ((*device)->name(), "tfmlir fake CUDA device");                     \
  void *fake = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);                 \
  ASSERT_NE(fake, nullptr);                                                    \
  auto launchCount =                                                           \
      reinterpret_cast<int (*)()>(dlsym(fake, "tfmlirFakeLaunchCount"));       \
  auto launchKernel = reinterpret_cast<const char *(*)(int)>(                  \
      dlsym(fake, "tfmlirFakeLaunchKernel"));                                  \
  auto launchGrid = reinterpret_cast<unsigned (*)(int)>(                       \
      dlsym(fake, "tfmlirFakeLaunchGrid"));                                    \
  auto liveAllocations =                                                       \
      reinterpret_cast<int (*)()>(dlsym(fake, "tfmlirFakeLiveAllocations"));   \
  ASSERT_TRUE(launchCount && launchKernel && launchGrid && liveAllocations);

/// A plan whose results are its input (12 MiB: three 4 MiB staging
/// chunks) and a slice of a constant, with two launches.
LaunchPlan copyPlan(int64_t n) {
  LaunchPlan p;
  p.entry = "main";
  p.chip = "sm_90";
  p.numInputs = 1;
  PlanBuffer in;
  in.kind = PlanBuffer::Kind::Input;
  in.argIndex = 0;
  in.dtype = DType::F32;
  in.shape = {n};
  in.bytes = n * 4;
  PlanBuffer c;
  c.kind = PlanBuffer::Kind::Constant;
  c.dtype = DType::I32;
  c.shape = {4};
  c.bytes = 16;
  c.constOffset = 0;
  PlanBuffer t;
  t.dtype = DType::F32;
  t.shape = {n};
  t.bytes = n * 4;
  p.buffers = {in, c, t};
  KernelLaunch a;
  a.kernel = "main_k0";
  a.grid[0] = (n + 255) / 256;
  a.block[0] = 256;
  a.args = {LaunchArg{true, 0, 0, 0}, LaunchArg{true, 2, 0, 0},
            LaunchArg{false, -1, 8, 42}};
  KernelLaunch b = a;
  b.kernel = "main_r0";
  b.grid[0] = 7;
  p.launches = {a, b};
  PlanResult r0;
  r0.buffer = 0;
  r0.dtype = DType::F32;
  r0.shape = {n};
  PlanResult r1;
  r1.buffer = 1;
  r1.byteOffset = 8;
  r1.dtype = DType::I32;
  r1.shape = {2};
  p.results = {r0, r1};
  int32_t vals[4] = {10, -20, 30, -40};
  p.constants.resize(16);
  std::memcpy(p.constants.data(), vals, 16);
  return p;
}

TEST(FakeDriver, ExecutorMovesDataAndLaunchesInOrder) {
  REQUIRE_FAKE(device);
  const int64_t n = 3 << 20; // 12 MiB of float32
  std::vector<float> x(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = static_cast<float>(i) * 0.5f - 7.0f;
  absl::StatusOr<std::unique_ptr<PlanExecutor>> ex =
      PlanExecutor::create(**device, copyPlan(n), "fake image");
  ASSERT_TRUE(ex.ok()) << ex.status();
  int before = launchCount();
  for (int rep = 0; rep < 2; ++rep) {
    absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
        (*ex)->run({{x.data(), x.size() * 4}}, rep == 0);
    ASSERT_TRUE(out.ok()) << out.status();
    ASSERT_EQ(out->size(), 2u);
    ASSERT_EQ((*out)[0].size(), x.size() * 4);
    EXPECT_EQ(std::memcmp((*out)[0].data(), x.data(), x.size() * 4), 0);
    int32_t slice[2];
    std::memcpy(slice, (*out)[1].data(), 8);
    EXPECT_EQ(slice[0], 30);
    EXPECT_EQ(slice[1], -40);
  }
  ASSERT_EQ(launchCount() - before, 4);
  EXPECT_STREQ(launchKernel(before), "main_k0");
  EXPECT_EQ(launchGrid(before), static_cast<unsigned>((n + 255) / 256));
  EXPECT_STREQ(launchKernel(before + 1), "main_r0");
  EXPECT_EQ(launchGrid(before + 1), 7u);
  absl::StatusOr<float> ms = (*ex)->timeKernels(3);
  ASSERT_TRUE(ms.ok()) << ms.status();
  EXPECT_EQ(launchCount() - before, 10);
}

TEST(FakeDriver, BadInputsAreInvalidArgument) {
  REQUIRE_FAKE(device);
  absl::StatusOr<std::unique_ptr<PlanExecutor>> ex =
      PlanExecutor::create(**device, copyPlan(1024), "fake image");
  ASSERT_TRUE(ex.ok()) << ex.status();
  std::vector<float> small(10);
  absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
      (*ex)->run({{small.data(), small.size() * 4}});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(out.status().message().find("the plan expects 4096"),
            std::string::npos)
      << out.status();
  out = (*ex)->run({});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
}

/// Element `i` of a buffer of dtype `t` as a double.
double element(const uint8_t *p, DType t, int64_t i) {
  switch (t) {
  case DType::F64: {
    double d;
    std::memcpy(&d, p + 8 * i, 8);
    return d;
  }
  case DType::F32: {
    float f;
    std::memcpy(&f, p + 4 * i, 4);
    return f;
  }
  case DType::BF16: {
    uint32_t bits = uint32_t(p[2 * i] | (p[2 * i + 1] << 8)) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  default: // F16 values of this test: small integers and halves
    break;
  }
  uint16_t h = uint16_t(p[2 * i] | (p[2 * i + 1] << 8));
  int exp = (h >> 10) & 31, man = h & 1023;
  double v = exp == 0 ? man / 1024.0 / 16384.0
                      : (1.0 + man / 1024.0) * std::ldexp(1.0, exp - 15);
  return (h >> 15) ? -v : v;
}

/// Bytes of `values` in dtype `t` (exact for the test's values).
std::vector<uint8_t> encode(const std::vector<double> &values, DType t) {
  std::vector<uint8_t> out(values.size() * dtypeSize(t));
  for (size_t i = 0; i < values.size(); ++i) {
    double v = values[i];
    if (t == DType::F64) {
      std::memcpy(&out[8 * i], &v, 8);
    } else if (t == DType::F32) {
      float f = static_cast<float>(v);
      std::memcpy(&out[4 * i], &f, 4);
    } else if (t == DType::BF16) {
      float f = static_cast<float>(v);
      uint32_t bits;
      std::memcpy(&bits, &f, 4);
      uint16_t b = bits >> 16;
      std::memcpy(&out[2 * i], &b, 2);
    } else { // F16 of a small integer or half: exact
      int sign = v < 0;
      double a = std::fabs(v);
      uint16_t h = 0;
      if (a != 0) {
        int e;
        double f = std::frexp(a, &e); // a = f * 2^e, f in [0.5, 1)
        h = uint16_t(((e - 1 + 15) << 10) |
                     static_cast<int>((f * 2 - 1) * 1024 + 0.5));
      }
      h |= sign << 15;
      std::memcpy(&out[2 * i], &h, 2);
    }
  }
  return out;
}

TEST(FakeDriver, GemmStepsMatchTheRowMajorProduct) {
  REQUIRE_FAKE(device);
  void *cublas = dlopen("libcublas.so.13", RTLD_NOW);
  ASSERT_NE(cublas, nullptr) << "the fake libcublas.so.13";
  auto gemmCount =
      reinterpret_cast<int (*)()>(dlsym(cublas, "tfmlirFakeGemmCount"));
  ASSERT_NE(gemmCount, nullptr);
  struct Case {
    DType in, out;
    bool transA, transB;
  } cases[] = {{DType::F32, DType::F32, false, false},
               {DType::F32, DType::F32, true, false},
               {DType::F32, DType::F32, false, true},
               {DType::BF16, DType::F32, true, true},
               {DType::F16, DType::F32, false, true},
               {DType::BF16, DType::BF16, false, true},
               {DType::F16, DType::F16, true, true},
               {DType::F64, DType::F64, true, false}};
  const int64_t batch = 3, m = 5, n = 4, k = 6;
  for (const Case &c : cases) {
    SCOPED_TRACE(std::string(dtypeName(c.in)) + " -> " + dtypeName(c.out) +
                 " transA " + std::to_string(c.transA) + " transB " +
                 std::to_string(c.transB));
    // Small integers and halves: exact in every dtype, so are the sums.
    std::vector<double> a(batch * m * k), b(batch * k * n);
    for (size_t i = 0; i < a.size(); ++i)
      a[i] = static_cast<double>(static_cast<int>(i * 7 % 11) - 5) * 0.5;
    for (size_t i = 0; i < b.size(); ++i)
      b[i] = static_cast<double>(static_cast<int>(i * 5 % 9) - 4);
    // Two steps: C = A.B, then C += A.B.
    absl::StatusOr<std::unique_ptr<PlanExecutor>> ex = PlanExecutor::create(
        **device, gemmPlan(c.in, c.out, batch, m, n, k, c.transA, c.transB, 2),
        "");
    ASSERT_TRUE(ex.ok()) << ex.status();
    std::vector<uint8_t> ab = encode(a, c.in), bb = encode(b, c.in);
    int before = gemmCount();
    absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
        (*ex)->run({{ab.data(), ab.size()}, {bb.data(), bb.size()}});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ(gemmCount() - before, 2);
    for (int64_t bi = 0; bi < batch; ++bi)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          double sum = 0;
          for (int64_t l = 0; l < k; ++l) {
            double x =
                c.transA ? a[(bi * k + l) * m + i] : a[(bi * m + i) * k + l];
            double y =
                c.transB ? b[(bi * n + j) * k + l] : b[(bi * k + l) * n + j];
            sum += x * y;
          }
          ASSERT_EQ(element((*out)[0].data(), c.out, (bi * m + i) * n + j),
                    2 * sum)
              << bi << "," << i << "," << j;
        }
  }
}

TEST(FakeDriver, EpilogueGemmsAddTheBiasAndRelu) {
  REQUIRE_FAKE(device);
  void *lt = dlopen("libcublasLt.so.13", RTLD_NOW);
  ASSERT_NE(lt, nullptr) << "the fake libcublasLt.so.13";
  auto matmuls =
      reinterpret_cast<int (*)()>(dlsym(lt, "tfmlirFakeLtMatmulCount"));
  auto live = reinterpret_cast<int (*)()>(dlsym(lt, "tfmlirFakeLtLiveObjects"));
  ASSERT_TRUE(matmuls && live);
  const int64_t m = 5, n = 4, k = 6;
  for (GemmEpilogue epi : {GemmEpilogue::Bias, GemmEpilogue::ReluBias})
    for (bool transA : {false, true})
      for (bool transB : {false, true}) {
        SCOPED_TRACE(std::to_string(static_cast<int>(epi)) + " transA " +
                     std::to_string(transA) + " transB " +
                     std::to_string(transB));
        LaunchPlan p =
            gemmPlan(DType::F32, DType::F32, 1, m, n, k, transA, transB);
        PlanBuffer bias;
        bias.kind = PlanBuffer::Kind::Input;
        bias.argIndex = 2;
        bias.dtype = DType::F32;
        bias.shape = {n};
        bias.bytes = n * 4;
        p.buffers.push_back(bias);
        p.numInputs = 3;
        p.launches[0].gemm.epilogue = epi;
        p.launches[0].args.push_back(LaunchArg{true, 3, 0, 0});
        // The plan round-trips through its text, epilogue included.
        absl::StatusOr<LaunchPlan> q = parseLaunchPlan(serializeLaunchPlan(p));
        ASSERT_TRUE(q.ok()) << q.status();
        ASSERT_EQ(q->launches[0].gemm.epilogue, epi);
        std::vector<float> a(m * k), b(k * n), bv = {-30, 0.5f, 2, 40};
        for (size_t i = 0; i < a.size(); ++i)
          a[i] = static_cast<float>(static_cast<int>(i * 7 % 11) - 5) * 0.5f;
        for (size_t i = 0; i < b.size(); ++i)
          b[i] = static_cast<float>(static_cast<int>(i * 5 % 9) - 4);
        absl::StatusOr<std::unique_ptr<PlanExecutor>> ex =
            PlanExecutor::create(**device, std::move(*q), "");
        ASSERT_TRUE(ex.ok()) << ex.status();
        int before = matmuls();
        absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
            (*ex)->run({{a.data(), a.size() * 4},
                        {b.data(), b.size() * 4},
                        {bv.data(), 16}});
        ASSERT_TRUE(out.ok()) << out.status();
        EXPECT_EQ(matmuls() - before, 1);
        int relus = 0;
        for (int64_t i = 0; i < m; ++i)
          for (int64_t j = 0; j < n; ++j) {
            double sum = bv[j];
            for (int64_t l = 0; l < k; ++l)
              sum += double(transA ? a[l * m + i] : a[i * k + l]) *
                     (transB ? b[j * k + l] : b[l * n + j]);
            if (epi == GemmEpilogue::ReluBias && sum < 0) {
              sum = 0;
              ++relus;
            }
            ASSERT_EQ(element((*out)[0].data(), DType::F32, i * n + j), sum)
                << i << "," << j;
          }
        if (epi == GemmEpilogue::ReluBias)
          EXPECT_GT(relus, 0) << "the test should clamp something";
      }
  // Descriptors are destroyed after every call; the handle stays.
  EXPECT_LE(live(), 1);
}

/// A plan with host control flow (KernelLaunch::Kind::Copy, Branch, Jump),
/// made of steps the fakes really execute (copies, GEMMs):
///  - a while loop over a shift register S (bool[5], copied from input
///    `flags`): while S[0], C += A.B (A = B = [[1]], so C counts the
///    iterations, from C = 1) and S shifts left by one (S[0:4] = S[1:5]
///    through T, a parallel assignment);
///  - a case on the int32 input `sel`: R = 20 when sel == 2, else 10 (a
///    constant's elements).
LaunchPlan controlFlowPlan() {
  LaunchPlan p;
  p.entry = "main";
  p.chip = "sm_90";
  p.numInputs = 4;
  using K = PlanBuffer::Kind;
  p.buffers = {buffer(K::Input, 0, DType::I1, {5}),       // 0 flags
               buffer(K::Input, 1, DType::F32, {1, 1}),   // 1 A
               buffer(K::Input, 2, DType::F32, {1, 1}),   // 2 B
               buffer(K::Temp, -1, DType::I1, {5}),       // 3 S
               buffer(K::Temp, -1, DType::I1, {5}),       // 4 T
               buffer(K::Temp, -1, DType::F32, {1, 1}),   // 5 C
               buffer(K::Input, 3, DType::I32, {}),       // 6 sel
               buffer(K::Temp, -1, DType::F32, {}),       // 7 R
               buffer(K::Constant, -1, DType::F32, {2})}; // 8 {10, 20}
  p.buffers[8].constOffset = 0;
  auto copy = [](int64_t src, int64_t srcOffset, int64_t dst, int64_t bytes) {
    KernelLaunch l;
    l.kind = KernelLaunch::Kind::Copy;
    l.kernel = "copy";
    l.copy.srcOffset = srcOffset;
    l.copy.bytes = bytes;
    l.args = {LaunchArg{true, src, 0, 0}, LaunchArg{true, dst, 0, 0}};
    return l;
  };
  auto gemm = [](bool accumulate) {
    KernelLaunch l;
    l.kind = KernelLaunch::Kind::Gemm;
    l.kernel = "cublas_gemm";
    l.gemm =
        GemmCall{DType::F32, DType::F32, 1, 1, 1, 1, false, false, accumulate};
    l.args = {LaunchArg{true, 1, 0, 0}, LaunchArg{true, 2, 0, 0},
              LaunchArg{true, 5, 0, 0}};
    return l;
  };
  auto branch = [](int64_t buf, DType t, int64_t value, int64_t target) {
    KernelLaunch l;
    l.kind = KernelLaunch::Kind::Branch;
    l.kernel = "branch";
    l.node = "while/LoopCond";
    l.branch.dtype = t;
    l.branch.value = value;
    l.branch.target = target;
    l.args = {LaunchArg{true, buf, 0, 0}};
    return l;
  };
  auto jump = [](int64_t target) {
    KernelLaunch l;
    l.kind = KernelLaunch::Kind::Jump;
    l.kernel = "jump";
    l.branch.target = target;
    return l;
  };
  p.launches = {copy(0, 0, 3, 5),             // 0: S = flags
                gemm(false),                  // 1: C = 1
                branch(3, DType::I1, 1, 7),   // 2: while S[0]
                gemm(true),                   // 3: C += 1
                copy(3, 1, 4, 4),             // 4: T[0:4] = S[1:5]
                copy(4, 0, 3, 4),             // 5: S[0:4] = T[0:4]
                jump(2),                      // 6
                branch(6, DType::I32, 2, 10), // 7: case sel == 2
                copy(8, 4, 7, 4),             // 8: R = 20
                jump(11),                     // 9
                copy(8, 0, 7, 4)};            // 10: R = 10
  PlanResult c;
  c.buffer = 5;
  c.dtype = DType::F32;
  c.shape = {1, 1};
  PlanResult r;
  r.buffer = 7;
  r.dtype = DType::F32;
  p.results = {c, r};
  float consts[2] = {10, 20};
  p.constants.resize(8);
  std::memcpy(p.constants.data(), consts, 8);
  return p;
}

TEST(LaunchPlan, ControlStepsRoundTripAndAreChecked) {
  auto [text, q] = roundTrip(controlFlowPlan(),
                             "\nbranch b3 0 bool 1 7 node=while/LoopCond\n");
  for (const char *line :
       {"\ncopy b0 0 b3 0 5\n", "\ncopy b3 1 b4 0 4\n", "\njump 2\n",
        "\nbranch b6 0 int32 2 10 node=while/LoopCond\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << " in\n" << text;
  ASSERT_EQ(q.launches.size(), 11u);
  EXPECT_EQ(q.launches[4].kind, KernelLaunch::Kind::Copy);
  EXPECT_EQ(q.launches[4].copy.srcOffset, 1);
  EXPECT_EQ(q.launches[4].copy.bytes, 4);
  EXPECT_EQ(q.launches[7].kind, KernelLaunch::Kind::Branch);
  EXPECT_EQ(q.launches[7].branch.dtype, DType::I32);
  EXPECT_EQ(q.launches[7].branch.value, 2);
  EXPECT_EQ(q.launches[7].branch.target, 10);
  EXPECT_EQ(q.launches[9].kind, KernelLaunch::Kind::Jump);
  EXPECT_EQ(q.launches[9].branch.target, 11);
  expectRejected(
      text,
      {
          {"\njump 2\n", "\njump 12\n", "targets step 12, outside [0, 11]"},
          {"\njump 2\n", "\njump -1\n", "outside"},
          {"\njump 2\n", "\njump 2 node=x\n", "unexpected"},
          {"\njump 2\n", "\njump\n", "malformed jump"},
          {"int32 2 10", "int32 2 99", "targets step 99"},
          {"int32 2 10", "float32 2 10", "bool or an integer type"},
          {"branch b3 0 bool", "branch b3 5 bool", "reads past its buffer"},
          {"branch b3 0 bool", "branch b9 0 bool", "malformed branch"},
          {"copy b3 1 b4 0 4", "copy b3 2 b4 0 4", "extends past"},
          {"copy b3 1 b4 0 4", "copy b3 1 b4 2 4", "extends past"},
          {"copy b3 1 b4 0 4", "copy b3 1 b4 0 -1", "extends past"},
          {"copy b3 1 b4 0 4", "copy b3 1 b0 0 4", "must be a temp"},
          {"copy b3 1 b4 0 4", "copy b3 1 b3 0 4", "overlap"},
          {"copy b3 1 b4 0 4", "copy b3 1 b4", "malformed copy"},
      });
}

/// A plan of two cuDNN convolution steps into one output: y = conv(x, f),
/// then y += conv(x, f) (accumulate), so y = 2 conv(x, f). x [n, h, w, c],
/// f [k, kh, kw, c / groups] (KRSC).
LaunchPlan convPlan(const ConvCall &c) {
  LaunchPlan p;
  p.entry = "main";
  p.chip = "sm_90";
  p.numInputs = 2;
  using K = PlanBuffer::Kind;
  p.buffers = {
      buffer(K::Input, 0, DType::F32, {c.n, c.h, c.w, c.c}),
      buffer(K::Input, 1, DType::F32, {c.k, c.kh, c.kw, c.c / c.groups}),
      buffer(K::Temp, -1, DType::F32, {c.n, c.outH, c.outW, c.k})};
  for (int s = 0; s < 2; ++s) {
    KernelLaunch l;
    l.kind = KernelLaunch::Kind::Conv;
    l.kernel = "cudnn_conv";
    l.node = "conv";
    l.conv = c;
    l.conv.accumulate = s > 0;
    l.args = {LaunchArg{true, 0, 0, 0}, LaunchArg{true, 1, 0, 0},
              LaunchArg{true, 2, 0, 0}};
    p.launches.push_back(l);
  }
  PlanResult r;
  r.buffer = 2;
  r.dtype = DType::F32;
  r.shape = {c.n, c.outH, c.outW, c.k};
  p.results = {r};
  return p;
}

/// ConvCall's sizes with outH/outW derived.
ConvCall convCall(int64_t n, int64_t h, int64_t w, int64_t c, int64_t k,
                  int64_t kh, int64_t kw, int64_t stride, int64_t dil,
                  int64_t pad, int64_t groups) {
  ConvCall cc;
  cc.n = n;
  cc.h = h;
  cc.w = w;
  cc.c = c;
  cc.k = k;
  cc.kh = kh;
  cc.kw = kw;
  cc.strideH = cc.strideW = stride;
  cc.dilH = cc.dilW = dil;
  cc.padH = cc.padW = pad;
  cc.groups = groups;
  cc.outH = (h + 2 * pad - dil * (kh - 1) - 1) / stride + 1;
  cc.outW = (w + 2 * pad - dil * (kw - 1) - 1) / stride + 1;
  return cc;
}

TEST(LaunchPlan, ConvStepsRoundTripAndAreChecked) {
  auto [text, q] =
      roundTrip(convPlan(convCall(2, 7, 6, 4, 6, 3, 2, 2, 1, 1, 2)),
                "conv float32 2 7 6 4 6 3 2 4 4 2 2 1 1 1 1 2 1 b0 b1 b2 "
                "node=conv\n");
  ASSERT_EQ(q.launches.size(), 2u);
  EXPECT_EQ(q.launches[1].kind, KernelLaunch::Kind::Conv);
  EXPECT_EQ(q.launches[1].conv.groups, 2);
  EXPECT_TRUE(q.launches[1].conv.accumulate);
  expectRejected(
      text,
      {
          {"conv float32 2 7 6 4 6", "conv float64 2 7 6 4 6", "float32"},
          {"2 7 6 4 6 3 2 4 4 2 2 1 1 1 1 2 1 b0",
           "2 7 6 4 6 3 2 4 3 2 2 1 1 1 1 2 1 b0", "output size disagrees"},
          {"2 7 6 4 6 3 2 4 4 2 2 1 1 1 1 2 1 b0",
           "2 7 6 4 6 3 2 4 4 2 2 1 1 1 1 3 1 b0", "groups must divide"},
          {"2 7 6 4 6 3 2 4 4 2 2 1 1 1 1 2 1 b0",
           "2 7 6 4 6 3 2 4 3 0 2 1 1 1 1 2 1 b0", "must be in"},
          {"2 7 6 4 6 3 2 4 4 2 2 1 1 1 1 2 1 b0",
           "2 7 6 4 6 3 2 4 4 2 2 1 1 -1 1 2 1 b0", "padding"},
          {"2 7 6 4 6 3 2 4 4 2 2 1 1 1 1 2 1 b0",
           "2 7 6 4 6 3 2 4 4 2 2 1 1 1 1 2 2 b0", "accumulate"},
          {"1 b0 b1 b2 node", "1 b0 b1 b0 node", "must be a temp"},
          {"1 b0 b1 b2 node", "1 b1 b0 b2 node", "too small"},
          {"1 b0 b1 b2 node", "1 b0 b1 node", "three buffer arguments"},
          {"1 b0 b1 b2 node", "1 b0x b1 b2 node", "undefined buffer"},
          {"b2 node=conv\n", "b2 x=1\n", "after the conv"},
      });
}

/// One conv step with a bias (+ ReLU) epilogue: x [1, 4, 4, 2], f [3, 3, 3,
/// 2] (KRSC), padding 1, bias [3] (argument 2), y [1, 4, 4, 3].
LaunchPlan convEpiloguePlan(GemmEpilogue epilogue) {
  LaunchPlan p = convPlan(convCall(1, 4, 4, 2, 3, 3, 3, 1, 1, 1, 1));
  p.numInputs = 3;
  p.buffers.push_back(buffer(PlanBuffer::Kind::Input, 2, DType::F32, {3}));
  p.launches.resize(1);
  p.launches[0].conv.epilogue = epilogue;
  p.launches[0].args.push_back(LaunchArg{true, 3, 0, 0});
  return p;
}

TEST(LaunchPlan, ConvEpiloguesRoundTripAndAreChecked) {
  auto [text, q] =
      roundTrip(convEpiloguePlan(GemmEpilogue::ReluBias),
                "conv float32 1 4 4 2 3 3 3 4 4 1 1 1 1 1 1 1 0 b0 b1 b2 "
                "epilogue=relu_bias b3 node=conv\n");
  ASSERT_EQ(q.launches.size(), 1u);
  EXPECT_EQ(q.launches[0].conv.epilogue, GemmEpilogue::ReluBias);
  ASSERT_EQ(q.launches[0].args.size(), 4u);
  expectRejected(
      text,
      {
          {"1 1 0 b0 b1 b2 epilogue", "1 1 1 b0 b1 b2 epilogue",
           "needs accumulate 0"},
          {"epilogue=relu_bias", "epilogue=tanh", "conv epilogue must be"},
          {"relu_bias b3 node", "relu_bias node", "needs a bias buffer"},
          {"relu_bias b3", "relu_bias b9", "undefined"},
          {"0 b0 b1 b2 epilogue", "0 b2 b1 b2 epilogue",
           "must not be one of its inputs"},
      });
}

TEST(FakeDriver, ConvEpiloguesAddTheBiasAndKeepNaN) {
  REQUIRE_FAKE(device);
  std::vector<float> x(1 * 4 * 4 * 2), f(3 * 3 * 3 * 2), bias = {-2, 0.5, 1};
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = static_cast<float>(static_cast<int>(i * 7 % 11) - 5) * 0.5f;
  for (size_t i = 0; i < f.size(); ++i)
    f[i] = static_cast<float>(static_cast<int>(i * 5 % 9) - 4) * 0.25f;
  x[5] = std::nanf(""); // reaches the outputs around pixel (0, 2)
  for (GemmEpilogue epi : {GemmEpilogue::Bias, GemmEpilogue::ReluBias}) {
    absl::StatusOr<std::unique_ptr<PlanExecutor>> ex =
        PlanExecutor::create(**device, convEpiloguePlan(epi), "");
    ASSERT_TRUE(ex.ok()) << ex.status();
    absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
        (*ex)->run({{x.data(), x.size() * 4},
                    {f.data(), f.size() * 4},
                    {bias.data(), 12}});
    ASSERT_TRUE(out.ok()) << out.status();
    const float *y = reinterpret_cast<const float *>((*out)[0].data());
    int nans = 0, zeros = 0;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j)
        for (int o = 0; o < 3; ++o) {
          double s = bias[o];
          for (int di = 0; di < 3; ++di)
            for (int dj = 0; dj < 3; ++dj)
              for (int e = 0; e < 2; ++e) {
                int r = i - 1 + di, q = j - 1 + dj;
                if (r < 0 || r >= 4 || q < 0 || q >= 4)
                  continue;
                s += double(x[(r * 4 + q) * 2 + e]) *
                     f[((o * 3 + di) * 3 + dj) * 2 + e];
              }
          if (epi == GemmEpilogue::ReluBias && s < 0)
            s = 0; // TF's Relu: NaN stays NaN
          float got = y[(i * 4 + j) * 3 + o];
          if (std::isnan(s)) {
            ++nans;
            EXPECT_TRUE(std::isnan(got)) << i << "," << j << "," << o;
          } else {
            zeros += s == 0;
            EXPECT_EQ(got, s) << i << "," << j << "," << o;
          }
        }
    EXPECT_GT(nans, 0);
    if (epi == GemmEpilogue::ReluBias)
      EXPECT_GT(zeros, 0);
  }
}

TEST(FakeDriver, ConvStepsMatchTheReference) {
  REQUIRE_FAKE(device);
  void *cudnn = dlopen("libcudnn.so.9", RTLD_NOW);
  ASSERT_NE(cudnn, nullptr) << "the fake libcudnn.so.9";
  auto convCount =
      reinterpret_cast<int (*)()>(dlsym(cudnn, "tfmlirFakeConvCount"));
  auto objects =
      reinterpret_cast<int (*)()>(dlsym(cudnn, "tfmlirFakeCudnnObjects"));
  ASSERT_TRUE(convCount && objects);
  // Plain, strided with padding, dilated, grouped, depthwise.
  for (const ConvCall &c : {convCall(1, 5, 5, 3, 4, 3, 3, 1, 1, 0, 1),
                            convCall(2, 7, 6, 4, 6, 3, 2, 2, 1, 1, 1),
                            convCall(1, 8, 8, 2, 3, 2, 2, 1, 2, 0, 1),
                            convCall(1, 6, 5, 4, 6, 3, 3, 1, 1, 1, 2),
                            convCall(2, 6, 6, 5, 5, 3, 3, 2, 1, 1, 5)}) {
    SCOPED_TRACE(serializeLaunchPlan(convPlan(c)));
    std::vector<float> x(c.n * c.h * c.w * c.c),
        f(c.k * c.kh * c.kw * (c.c / c.groups));
    for (size_t i = 0; i < x.size(); ++i)
      x[i] = static_cast<float>(static_cast<int>(i * 7 % 11) - 5) * 0.5f;
    for (size_t i = 0; i < f.size(); ++i)
      f[i] = static_cast<float>(static_cast<int>(i * 5 % 9) - 4) * 0.25f;
    absl::StatusOr<std::unique_ptr<PlanExecutor>> ex =
        PlanExecutor::create(**device, convPlan(c), "");
    ASSERT_TRUE(ex.ok()) << ex.status();
    int before = convCount();
    absl::StatusOr<std::vector<std::vector<uint8_t>>> out =
        (*ex)->run({{x.data(), x.size() * 4}, {f.data(), f.size() * 4}});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ(convCount() - before, 2);
    const float *y = reinterpret_cast<const float *>((*out)[0].data());
    int64_t cg = c.c / c.groups, kg = c.k / c.groups;
    for (int64_t b = 0; b < c.n; ++b)
      for (int64_t i = 0; i < c.outH; ++i)
        for (int64_t j = 0; j < c.outW; ++j)
          for (int64_t o = 0; o < c.k; ++o) {
            double s = 0;
            for (int64_t di = 0; di < c.kh; ++di)
              for (int64_t dj = 0; dj < c.kw; ++dj)
                for (int64_t e = 0; e < cg; ++e) {
                  int64_t r = i * c.strideH - c.padH + di * c.dilH,
                          q = j * c.strideW - c.padW + dj * c.dilW;
                  if (r < 0 || r >= c.h || q < 0 || q >= c.w)
                    continue;
                  s += double(x[((b * c.h + r) * c.w + q) * c.c +
                                (o / kg) * cg + e]) *
                       f[((o * c.kh + di) * c.kw + dj) * cg + e];
                }
            // Small halves and integers: every sum is exact.
            ASSERT_EQ(y[((b * c.outH + i) * c.outW + j) * c.k + o], 2 * s)
                << b << "," << i << "," << j << "," << o;
          }
  }
  // Descriptors are destroyed after every call; the handle goes with the
  // executor.
  EXPECT_EQ(objects(), 0);
}

TEST(FakeDriver, HostControlFlowLoopsAndBranches) {
  REQUIRE_FAKE(device);
  void *cublas = dlopen("libcublas.so.13", RTLD_NOW);
  ASSERT_NE(cublas, nullptr) << "the fake libcublas.so.13";
  auto gemmCount =
      reinterpret_cast<int (*)()>(dlsym(cublas, "tfmlirFakeGemmCount"));
  ASSERT_NE(gemmCount, nullptr);
  absl::StatusOr<std::unique_ptr<PlanExecutor>> ex =
      PlanExecutor::create(**device, controlFlowPlan(), "");
  ASSERT_TRUE(ex.ok()) << ex.status();
  float one = 1;
  struct Case {
    std::vector<uint8_t> flags;
    int32_t sel;
    float count, r;
  } cases[] = {{{1, 1, 1, 0, 0}, 2, 4, 20},
               {{0, 1, 1, 1, 0}, -3, 1, 10},
               {{1, 0, 1, 0, 1}, 7, 2, 10},
               // a bool is true when nonzero
               {{2, 255, 0, 1, 0}, 2, 3, 20},
               {{1, 1, 1, 1, 0}, 0, 5, 10}};
  for (const Case &c : cases) {
    for (bool sync : {false, true}) {
      int before = gemmCount();
      absl::StatusOr<std::vector<std::vector<uint8_t>>> out = (*ex)->run(
          {{c.flags.data(), 5}, {&one, 4}, {&one, 4}, {&c.sel, 4}}, sync);
      ASSERT_TRUE(out.ok()) << out.status();
      float count, r;
      std::memcpy(&count, (*out)[0].data(), 4);
      std::memcpy(&r, (*out)[1].data(), 4);
      EXPECT_EQ(count, c.count) << "sel " << c.sel;
      EXPECT_EQ(r, c.r) << "sel " << c.sel;
      EXPECT_EQ(gemmCount() - before, static_cast<int>(c.count));
    }
  }
  // A target outside the program is refused when the executor is made.
  LaunchPlan bad = controlFlowPlan();
  bad.launches[6].branch.target = 12;
  absl::StatusOr<std::unique_ptr<PlanExecutor>> r =
      PlanExecutor::create(**device, bad, "");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(FakeDriver, CachingAllocatorReusesAndFrees) {
  REQUIRE_FAKE(device);
  int live = liveAllocations();
  absl::StatusOr<CUdeviceptr> a = (*device)->allocate(1000);
  ASSERT_TRUE(a.ok());
  size_t reserved = (*device)->bytesReserved();
  (*device)->release(*a);
  absl::StatusOr<CUdeviceptr> b = (*device)->allocate(700); // same class
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_EQ((*device)->bytesReserved(), reserved);
  (*device)->release(*b);
  ASSERT_TRUE((*device)->emptyCache().ok());
  EXPECT_EQ(liveAllocations(), live);
}

} // namespace
