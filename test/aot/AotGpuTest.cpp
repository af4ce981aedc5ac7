//===- AotGpuTest.cpp - tf-compile --target=cuda programs -----------------===//
//
// examples/aot's classifier and test/aot's variables graph compiled by
// tf-compile --target=cuda (sm_90 cubins, tfmlir_aot_library TARGET cuda),
// linked with runtime/gpu only. Three ways to run, chosen by ctest:
//  - aot-gpu (no driver here): Run() fails with FAILED_PRECONDITION naming
//    libcuda.so.1, every time, and nothing crashes;
//  - aot-gpu-fake-driver (test/unit/FakeCuda.cpp as libcuda.so.1: host
//    memory, kernels recorded, not run; FakeCublas.cpp as libcublas, whose
//    GEMMs do compute): the class loads its cubin, uploads its constants,
//    launches every kernel and GEMM of its plan in each Run(), copies a
//    variable's new value back into the variable's buffer, and MatMul /
//    BatchMatMulV2 results (GEMM outputs) match a float64 reference;
//  - on a machine with a GPU, aot-gpu compares both programs with the CPU
//    AOT classes of the same graphs (1e-5 relative) and exact updates.
//===----------------------------------------------------------------------===//
#include "aot_gpu_classifier.h"
#include "aot_gpu_conv.h"
#include "aot_gpu_matmul.h"
#include "aot_gpu_variables.h"
#include "classifier.h"

#include "test/unit/CudaTestUtil.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <vector>

namespace {

using tfmlir::test::fakeDriver;
using tfmlir::test::haveDriver;

TEST(AotGpu, HeaderDescribesTheProgram) {
  using C = aot_gpu::Classifier;
  static_assert(C::kNumArgs == 1 && C::kNumResults == 2, "x -> logits, probs");
  EXPECT_STREQ(C::kGpuArch, "sm_90");
  EXPECT_GT(C::kCubinBytes, 0);
  EXPECT_GT(C::kNumLaunches, 0);
  EXPECT_LE(C::kNumKernels, C::kNumLaunches);
  C c;
  EXPECT_EQ(c.LookupArgIndex("x"), 0);
  EXPECT_EQ(c.LookupResultIndex("probs"), 1);
  EXPECT_EQ(c.arg_size(0), 2 * 4 * 4);
  EXPECT_EQ(c.result_size(1), 2 * 3 * 4);
  float mine[8] = {0};
  c.set_arg_x_data(mine);
  EXPECT_EQ(c.arg_x_data(), mine);
  c.set_arg_x_data(nullptr);
  EXPECT_NE(c.arg_x_data(), mine);
  EXPECT_EQ(c.result_data(2), nullptr);
  EXPECT_EQ(c.device_name(), "");
}

TEST(AotGpu, WithoutADriverRunSaysSo) {
  if (fakeDriver() || haveDriver())
    GTEST_SKIP() << "a libcuda.so.1 is present";
  aot_gpu::Classifier c;
  for (int call = 0; call < 2; ++call) {
    EXPECT_FALSE(c.Run());
    EXPECT_NE(c.error_msg().find("FAILED_PRECONDITION: aot_gpu::Classifier: "),
              std::string::npos)
        << c.error_msg();
    EXPECT_NE(c.error_msg().find("libcuda.so.1"), std::string::npos)
        << c.error_msg();
  }
  float ms = 0;
  EXPECT_FALSE(c.TimeKernels(1, &ms));
  EXPECT_NE(c.error_msg().find("FAILED_PRECONDITION"), std::string::npos);
}

TEST(AotGpu, FakeDriverRunsEveryLaunchOfThePlan) {
  if (!fakeDriver())
    GTEST_SKIP() << "needs the fake libcuda.so.1 (ctest aot-gpu-fake-driver)";
  void *fake = dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  aot_gpu::Classifier c;
  ASSERT_TRUE(c.Run()) << c.error_msg();
  EXPECT_EQ(c.device_name(), "tfmlir fake CUDA device");
  fake = fake ? fake : dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(fake, nullptr);
  auto launchCount =
      reinterpret_cast<int (*)()>(dlsym(fake, "tfmlirFakeLaunchCount"));
  ASSERT_NE(launchCount, nullptr);
  void *cublas = dlopen("libcublas.so.13", RTLD_NOW | RTLD_NOLOAD);
  ASSERT_NE(cublas, nullptr) << "the plan's MatMul should have loaded cuBLAS";
  auto gemmCount =
      reinterpret_cast<int (*)()>(dlsym(cublas, "tfmlirFakeGemmCount"));
  ASSERT_NE(gemmCount, nullptr);
  using C = aot_gpu::Classifier;
  static_assert(C::kNumGemmCalls == 1, "the MatMul goes to cuBLAS");
  const int kernelLaunches = C::kNumLaunches - C::kNumGemmCalls;
  int first = launchCount(), firstGemms = gemmCount();
  EXPECT_GE(first, kernelLaunches);
  ASSERT_TRUE(c.Run()) << c.error_msg();
  EXPECT_EQ(launchCount() - first, kernelLaunches);
  EXPECT_EQ(gemmCount() - firstGemms, C::kNumGemmCalls);
  float ms = -1;
  EXPECT_FALSE(c.TimeKernels(3, nullptr));
  EXPECT_NE(c.error_msg().find("INVALID_ARGUMENT"), std::string::npos);
  EXPECT_FALSE(c.TimeKernels(0, &ms));
  ASSERT_TRUE(c.TimeKernels(3, &ms)) << c.error_msg();
  EXPECT_GE(ms, 0.0f);
  EXPECT_EQ(launchCount() - first, 4 * kernelLaunches);
  EXPECT_EQ(gemmCount() - firstGemms, 4 * C::kNumGemmCalls);
}

/// TF's MatMul (transpose_b) and BatchMatMulV2 (adj_x) in float64.
void referenceProducts(const float *a, const float *b, const float *p,
                       const float *q, double *mm, double *bmm) {
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 5; ++j) {
      double s = 0;
      for (int k = 0; k < 4; ++k)
        s += double(a[i * 4 + k]) * b[j * 4 + k];
      mm[i * 5 + j] = s;
    }
  for (int n = 0; n < 2; ++n)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 5; ++j) {
        double s = 0;
        for (int k = 0; k < 4; ++k)
          s += double(p[n * 12 + k * 3 + i]) * q[n * 20 + k * 5 + j];
        bmm[n * 15 + i * 5 + j] = s;
      }
}

TEST(AotGpu, MatMulsAreCublasGemmsWithTFValues) {
  using M = aot_gpu::MatMul;
  static_assert(M::kNumKernels == 0 && M::kNumGemmCalls == 4,
                "the four products go to cuBLAS, with no transpose kernel "
                "and the dense layer's bias and ReLU as an epilogue");
  if (!fakeDriver() && !haveDriver())
    GTEST_SKIP() << "no GPU driver";
  M m;
  float *a = m.arg_a_data(), *b = m.arg_b_data(), *p = m.arg_p_data(),
        *q = m.arg_q_data();
  for (int i = 0; i < 12; ++i)
    a[i] = 0.25f * i - 1.0f;
  for (int i = 0; i < 20; ++i)
    b[i] = 1.5f - 0.125f * i;
  for (int i = 0; i < 24; ++i)
    p[i] = (i % 7) * 0.5f - 1.25f;
  for (int i = 0; i < 40; ++i)
    q[i] = (i % 5) - 0.75f * (i % 3);
  float *img = m.arg_img_data(), *filt = m.arg_filt_data();
  for (int i = 0; i < 36; ++i)
    img[i] = 0.5f * (i % 9) - 2.0f;
  for (int i = 0; i < 8; ++i)
    filt[i] = 1.0f - 0.25f * i;
  float *w = m.arg_w_data(), *bias = m.arg_bias_data();
  for (int i = 0; i < 24; ++i)
    w[i] = 0.25f * (i % 5) - 0.5f;
  const float bv[6] = {-2.0f, 0.5f, 1.0f, -0.25f, 3.0f, -1.5f};
  std::memcpy(bias, bv, sizeof(bv));
  double dense[18];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 6; ++j) {
      double s = bv[j];
      for (int l = 0; l < 4; ++l)
        s += double(a[i * 4 + l]) * w[l * 6 + j];
      dense[i * 6 + j] = s > 0 ? s : 0; // TF's Relu
    }
  double mm[15], bmm[30], pw[18];
  referenceProducts(a, b, p, q, mm, bmm);
  // TF's Conv2D, NHWC x HWIO with a 1x1 window: pw[pix, o] =
  // sum_c img[pix, c] * filt[c, o].
  for (int pix = 0; pix < 9; ++pix)
    for (int o = 0; o < 2; ++o) {
      double s = 0;
      for (int c = 0; c < 4; ++c)
        s += double(img[pix * 4 + c]) * filt[c * 2 + o];
      pw[pix * 2 + o] = s;
    }
  for (int run = 0; run < 2; ++run) {
    if (!m.Run()) {
      if (!fakeDriver() && m.error_msg().find("no cuBLAS") != std::string::npos)
        GTEST_SKIP() << m.error_msg();
      FAIL() << m.error_msg();
    }
    for (int i = 0; i < 15; ++i)
      EXPECT_NEAR(m.result_mm_data()[i], mm[i], 1e-5 * std::fabs(mm[i]) + 1e-6)
          << i;
    for (int i = 0; i < 30; ++i)
      EXPECT_NEAR(m.result_bmm_data()[i], bmm[i],
                  1e-5 * std::fabs(bmm[i]) + 1e-6)
          << i;
    for (int i = 0; i < 18; ++i)
      EXPECT_NEAR(m.result_pw_data()[i], pw[i], 1e-5 * std::fabs(pw[i]) + 1e-6)
          << i;
    for (int i = 0; i < 18; ++i)
      EXPECT_NEAR(m.result_dense_data()[i], dense[i],
                  1e-5 * std::fabs(dense[i]) + 1e-6)
          << i;
  }
}

/// The filter values of conv.pbtxt: ((i * mul) % mod - off) * scale.
std::vector<float> convFilter(int n, int mul, int mod, int off, float scale) {
  std::vector<float> f(n);
  for (int i = 0; i < n; ++i)
    f[i] = static_cast<float>((i * mul) % mod - off) * scale;
  return f;
}

/// TF's Conv2D (NHWC x HWIO; `multiplier` 0) or DepthwiseConv2dNative
/// (HWC1, channel c feeds output c) in float64, VALID or SAME (TF's
/// padding: total max((out - 1) stride + (k - 1) dil + 1 - in, 0), the
/// extra one at the end).
std::vector<double> referenceConv(const float *x, int h, int w, int c,
                                  const std::vector<float> &f, int kh, int kw,
                                  int k, int stride, int dil, bool same,
                                  bool depthwise) {
  int effH = (kh - 1) * dil + 1, effW = (kw - 1) * dil + 1;
  int oh = same ? (h + stride - 1) / stride : (h - effH) / stride + 1;
  int ow = same ? (w + stride - 1) / stride : (w - effW) / stride + 1;
  int padTop = same ? std::max((oh - 1) * stride + effH - h, 0) / 2 : 0;
  int padLeft = same ? std::max((ow - 1) * stride + effW - w, 0) / 2 : 0;
  std::vector<double> y(size_t(oh) * ow * k);
  for (int i = 0; i < oh; ++i)
    for (int j = 0; j < ow; ++j)
      for (int o = 0; o < k; ++o) {
        double s = 0;
        for (int di = 0; di < kh; ++di)
          for (int dj = 0; dj < kw; ++dj) {
            int r = i * stride - padTop + di * dil,
                q = j * stride - padLeft + dj * dil;
            if (r < 0 || r >= h || q < 0 || q >= w)
              continue;
            if (depthwise) {
              s += double(x[(r * w + q) * c + o]) * f[(di * kw + dj) * c + o];
              continue;
            }
            for (int e = 0; e < c; ++e)
              s += double(x[(r * w + q) * c + e]) *
                   f[((di * kw + dj) * c + e) * k + o];
          }
        y[(size_t(i) * ow + j) * k + o] = s;
      }
  return y;
}

TEST(AotGpu, ConvolutionsAreCudnnCallsWithTFValues) {
  using C = aot_gpu::Conv;
  static_assert(C::kNumKernels == 0 && C::kNumConvCalls == 4,
                "the four convolutions go to cuDNN, with their padding, "
                "their constant filters' layout done at compile time, and "
                "BiasAdd (+ Relu) fused into cuDNN's bias and activation");
  if (!fakeDriver() && !haveDriver())
    GTEST_SKIP() << "no GPU driver";
  C m;
  float *img = m.arg_img_data();
  for (int i = 0; i < 6 * 7 * 4; ++i)
    img[i] = 0.25f * static_cast<float>(i % 11) - 1.0f;
  struct Want {
    const float *got;
    std::vector<double> ref;
  };
  for (int run = 0; run < 2; ++run) {
    if (!m.Run()) {
      if (!fakeDriver() && m.error_msg().find("no cuDNN") != std::string::npos)
        GTEST_SKIP() << m.error_msg();
      FAIL() << m.error_msg();
    }
    // BiasAdd over the channels (biases ((i * 3) % 5 - 2) * 0.75), then
    // TF's Relu for the first.
    auto biased = [](std::vector<double> y, int k, bool relu) {
      std::vector<float> b = convFilter(k, 3, 5, 2, 0.75f);
      for (size_t i = 0; i < y.size(); ++i) {
        y[i] += b[i % k];
        if (relu && y[i] < 0)
          y[i] = 0;
      }
      return y;
    };
    Want checks[] = {
        {m.result_same_relu_data(),
         biased(referenceConv(img, 6, 7, 4,
                              convFilter(3 * 3 * 4 * 5, 7, 13, 6, 0.125f), 3, 3,
                              5, 1, 1, true, false),
                5, true)},
        {m.result_strided_bias_data(),
         biased(referenceConv(img, 6, 7, 4,
                              convFilter(3 * 2 * 4 * 3, 5, 11, 5, 0.25f), 3, 2,
                              3, 2, 1, false, false),
                3, false)},
        {m.result_dilated_data(),
         referenceConv(img, 6, 7, 4, convFilter(2 * 2 * 4 * 2, 3, 7, 3, 0.5f),
                       2, 2, 2, 1, 2, false, false)},
        {m.result_depthwise_data(),
         referenceConv(img, 6, 7, 4, convFilter(3 * 3 * 4, 3, 7, 3, 0.5f), 3, 3,
                       4, 1, 1, true, true)}};
    for (const Want &c : checks)
      for (size_t i = 0; i < c.ref.size(); ++i)
        ASSERT_NEAR(c.got[i], c.ref[i], 1e-5 * std::fabs(c.ref[i]) + 1e-6)
            << &c - checks << ": " << i;
  }
}

TEST(AotGpu, FakeDriverCopiesAVariablesNewValueBack) {
  if (!fakeDriver())
    GTEST_SKIP() << "needs the fake libcuda.so.1 (ctest aot-gpu-fake-driver)";
  aot_gpu::Variables m;
  static_assert(aot_gpu::Variables::kNumArgs == 3, "x, v, w");
  static_assert(aot_gpu::Variables::kNumResults == 3, "out, after, new v");
  float v[3] = {10.0f, 20.0f, 30.0f};
  m.set_var_v_data(v);
  ASSERT_TRUE(m.Run()) << m.error_msg();
  // The kernels did not run, but whatever the device returned as v's new
  // value is now in v's buffer.
  EXPECT_EQ(std::memcmp(v, m.result2_data(), sizeof(v)), 0);
}

TEST(AotGpu, OnARealGpuMatchesTheCpuClass) {
  if (fakeDriver() || !haveDriver())
    GTEST_SKIP() << "no GPU driver (the values need a GPU)";
  aot_gpu::Classifier gpu;
  example::Classifier cpu;
  const float x[8] = {0.5f, -1.0f, 2.0f, 0.25f, -0.75f, 1.5f, 0.0f, 3.0f};
  std::memcpy(gpu.arg_x_data(), x, sizeof(x));
  std::memcpy(cpu.arg_x_data(), x, sizeof(x));
  if (!gpu.Run())
    GTEST_SKIP() << "the driver loads but the program does not run: "
                 << gpu.error_msg();
  ASSERT_TRUE(cpu.Run()) << cpu.error_msg();
  for (int r = 0; r < 2; ++r)
    for (int i = 0; i < 6; ++i) {
      float g = static_cast<const float *>(gpu.result_data(r))[i];
      float c = static_cast<const float *>(cpu.result_data(r))[i];
      EXPECT_NEAR(g, c, 1e-5 * std::fabs(c) + 1e-6) << r << "," << i;
    }
}

} // namespace
