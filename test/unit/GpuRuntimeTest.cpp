//===- GpuRuntimeTest.cpp - runtime/gpu: plan format, driver, execution ---===//
//
// The launch plan's text format round-trips and rejects malformed plans;
// without an NVIDIA driver the runtime reports FailedPrecondition "no CUDA
// driver: libcuda.so.1 not found" (and the execution tests are skipped,
// saying so); with a GPU, the program that ctest's fixture compiled from
// test/Codegen/GPU/Inputs/runtime_program.mlir (hlo-gpu-compile, directory
// in $TFMLIR_GPU_TEST_PROGRAM) runs and matches a float64 host reference.
//===----------------------------------------------------------------------===//
#include "runtime/gpu/CudaDriver.h"
#include "runtime/gpu/Device.h"
#include "runtime/gpu/LaunchPlan.h"
#include "runtime/gpu/PlanExecutor.h"

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
  struct Case {
    std::string from, to, message;
  } cases[] = {
      {"tfmlir-gpu-plan 1", "tfmlir-gpu-plan 2", "version 1"},
      {"launch main_k0 1 1 1 6", "launch main_k0 1 1 1 2000", "out of range"},
      {" b2 node=", " b9 node=", "undefined buffer"},
      {" node=dense", " extra=dense", "after the kernel arguments"},
      {"temp float32 24", "temp float32 28", "disagrees"},
      {"result 2 0", "result 2 8", "past its buffer"},
      {"bfloat16", "complex64", "unknown dtype"},
  };
  for (const Case &c : cases) {
    std::string text = good;
    size_t at = text.find(c.from);
    ASSERT_NE(at, std::string::npos) << c.from;
    text.replace(at, c.from.size(), c.to);
    absl::StatusOr<LaunchPlan> q = parseLaunchPlan(text);
    ASSERT_FALSE(q.ok()) << c.to;
    EXPECT_EQ(q.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(q.status().message().find(c.message), std::string::npos)
        << q.status();
  }
  EXPECT_FALSE(parseLaunchPlan("").ok());
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
    EXPECT_NE(d.status().message().find(
                  "no CUDA driver: libcuda.so.1 not found"),
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
    absl::StatusOr<std::vector<std::vector<uint8_t>>> out = (*ex)->run(
        {{x.data(), x.size() * 4}, {y.data(), y.size() * 4}}, true);
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

} // namespace
