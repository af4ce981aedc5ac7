//===- GemmUkernelTest.cpp - runtime/cpu f32 GEMM vs a float64 reference --===//
//
// Every microkernel the host has (portable, AVX2, AVX-512, forced with
// tfmlir_rt_sgemm_set_isa) on shapes that hit every edge tile: M, N, K in
// {1, 7, 17, 63, 65, ...}, with and without bias / residual / Relu / Relu6,
// padded leading dimensions, transposed B, K == 0, and NaN propagation.
// Tolerance: the recursive-summation bound |err| <= K * eps * sum|a*b| (+
// one rounding per epilogue op), against a float64 reference computed in
// the same operation order as TF (BiasAdd, Add, then the activation).
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Gemm.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

struct Case {
  int64_t m, n, k;
  bool bias = false, residual = false, transB = false;
  int32_t act = TFMLIR_RT_ACT_NONE;
  int64_t pad = 0; ///< extra floats per row of A, C and R
};

std::string describe(int32_t isa, const Case &c) {
  return "isa " + std::to_string(isa) + " M=" + std::to_string(c.m) +
         " N=" + std::to_string(c.n) + " K=" + std::to_string(c.k) +
         " bias=" + std::to_string(c.bias) +
         " residual=" + std::to_string(c.residual) +
         " transB=" + std::to_string(c.transB) +
         " act=" + std::to_string(c.act) + " pad=" + std::to_string(c.pad);
}

/// Runs `c` through tfmlir_rt_sgemm_packed (and tfmlir_rt_sgemm) and checks
/// every element against float64.
void check(int32_t isa, const Case &c, std::mt19937 &rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f);
  int64_t lda = c.k + c.pad, ldc = c.n + c.pad, ldr = c.n + c.pad;
  std::vector<float> a(std::max<int64_t>(1, c.m * lda)),
      b(std::max<int64_t>(1, c.k * c.n)), bias(c.n), r(c.m * ldr);
  for (float &x : a)
    x = u(rng);
  for (float &x : b)
    x = u(rng);
  for (float &x : bias)
    x = 4 * u(rng);
  for (float &x : r)
    x = 4 * u(rng);
  int64_t sk = c.transB ? 1 : c.n, sn = c.transB ? c.k : 1;
  std::vector<float> packed(tfmlir_rt_sgemm_packed_size(c.k, c.n) + 1);
  tfmlir_rt_sgemm_pack_b(c.k, c.n, b.data(), sk, sn, packed.data());
  const float *biasP = c.bias ? bias.data() : nullptr;
  const float *resP = c.residual ? r.data() : nullptr;
  const float sentinel = 12345.0f;
  std::vector<float> out(c.m * ldc, sentinel), out2(c.m * ldc, sentinel);
  tfmlir_rt_sgemm_packed(c.m, c.n, c.k, a.data(), lda, packed.data(),
                         out.data(), ldc, biasP, resP, ldr, c.act);
  tfmlir_rt_sgemm(c.m, c.n, c.k, a.data(), lda, b.data(), sk, sn, out2.data(),
                  ldc, biasP, resP, ldr, c.act);
  for (int64_t i = 0; i < c.m; ++i) {
    for (int64_t j = 0; j < c.n; ++j) {
      double ref = 0, mag = 0;
      for (int64_t q = 0; q < c.k; ++q) {
        double p = double(a[i * lda + q]) * double(b[q * sk + j * sn]);
        ref += p;
        mag += std::fabs(p);
      }
      if (c.bias) {
        ref += bias[j];
        mag += std::fabs(bias[j]);
      }
      if (c.residual) {
        ref += r[i * ldr + j];
        mag += std::fabs(r[i * ldr + j]);
      }
      if (c.act != TFMLIR_RT_ACT_NONE)
        ref = std::max(ref, 0.0);
      if (c.act == TFMLIR_RT_ACT_RELU6)
        ref = std::min(ref, 6.0);
      double tol = (c.k + 3) * double(FLT_EPSILON) * mag + 1e-30;
      ASSERT_NEAR(out[i * ldc + j], ref, tol)
          << describe(isa, c) << " at (" << i << ", " << j << ")";
      // Same kernel, same blocking: tfmlir_rt_sgemm packs B itself.
      ASSERT_EQ(out[i * ldc + j], out2[i * ldc + j])
          << describe(isa, c) << " at (" << i << ", " << j << ")";
    }
    // The padding of C is never written.
    for (int64_t j = c.n; j < ldc; ++j)
      ASSERT_EQ(out[i * ldc + j], sentinel) << describe(isa, c);
  }
}

std::vector<int32_t> hostIsas() {
  std::vector<int32_t> isas;
  for (int32_t isa :
       {TFMLIR_RT_ISA_PORTABLE, TFMLIR_RT_ISA_AVX2, TFMLIR_RT_ISA_AVX512})
    if (tfmlir_rt_sgemm_set_isa(isa))
      isas.push_back(isa);
  tfmlir_rt_sgemm_set_isa(TFMLIR_RT_ISA_AUTO);
  return isas;
}

class GemmUkernel : public ::testing::TestWithParam<int32_t> {
protected:
  void SetUp() override {
    if (!tfmlir_rt_sgemm_set_isa(GetParam()))
      GTEST_SKIP() << "the host lacks ISA " << GetParam();
  }
  void TearDown() override { tfmlir_rt_sgemm_set_isa(TFMLIR_RT_ISA_AUTO); }
};

TEST_P(GemmUkernel, EdgeTilesAllShapes) {
  std::mt19937 rng(1234 + GetParam());
  const int64_t sizes[] = {1, 7, 17, 33, 63, 65};
  for (int64_t m : sizes)
    for (int64_t n : sizes)
      for (int64_t k : sizes)
        check(GetParam(), {m, n, k}, rng);
}

TEST_P(GemmUkernel, LargeAndMultiBlockShapes) {
  std::mt19937 rng(99 + GetParam());
  // K > 256 (several K blocks, accumulate in C), N > 1024 (several column
  // blocks), M > 16 tiles (several row blocks), and ragged edges.
  for (Case c : {Case{255, 129, 513}, Case{300, 1100, 257}, Case{2, 2049, 300},
                 Case{229, 31, 1000}})
    check(GetParam(), c, rng);
}

TEST_P(GemmUkernel, Epilogues) {
  std::mt19937 rng(7 + GetParam());
  for (int32_t act :
       {TFMLIR_RT_ACT_NONE, TFMLIR_RT_ACT_RELU, TFMLIR_RT_ACT_RELU6})
    for (bool bias : {false, true})
      for (bool res : {false, true})
        for (Case c : {Case{17, 63, 65}, Case{14, 32, 300}, Case{1, 7, 1}}) {
          c.bias = bias;
          c.residual = res;
          c.act = act;
          check(GetParam(), c, rng);
        }
}

TEST_P(GemmUkernel, StridesTransposeAndZeroK) {
  std::mt19937 rng(11 + GetParam());
  check(GetParam(), {19, 45, 70, true, true, true, TFMLIR_RT_ACT_RELU6, 5},
        rng);
  check(GetParam(), {30, 33, 0, true, true, false, TFMLIR_RT_ACT_NONE, 3}, rng);
  check(GetParam(), {30, 33, 0, false, false, false, TFMLIR_RT_ACT_NONE, 0},
        rng);
}

TEST_P(GemmUkernel, NaNAndInfPropagate) {
  // NaN in A reaches its whole row, through Relu and Relu6 (max/min with a
  // NaN keep the NaN, as TF's Relu/Relu6); +Inf through Relu stays +Inf and
  // Relu6 clamps it to 6.
  for (int32_t act : {TFMLIR_RT_ACT_RELU, TFMLIR_RT_ACT_RELU6}) {
    int64_t m = 16, n = 40, k = 9;
    std::vector<float> a(m * k, 0.5f), b(k * n, 1.0f);
    a[3 * k + 2] = NAN;
    a[5 * k + 1] = INFINITY;
    std::vector<float> packed(tfmlir_rt_sgemm_packed_size(k, n));
    tfmlir_rt_sgemm_pack_b(k, n, b.data(), n, 1, packed.data());
    std::vector<float> c(m * n);
    tfmlir_rt_sgemm_packed(m, n, k, a.data(), k, packed.data(), c.data(), n,
                           nullptr, nullptr, 0, act);
    for (int64_t j = 0; j < n; ++j) {
      EXPECT_TRUE(std::isnan(c[3 * n + j])) << "act " << act << " col " << j;
      EXPECT_EQ(c[5 * n + j], act == TFMLIR_RT_ACT_RELU ? INFINITY : 6.0f);
      EXPECT_EQ(c[0 * n + j], 4.5f); // 9 x 0.5, below 6
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Isa, GemmUkernel,
                         ::testing::Values(TFMLIR_RT_ISA_PORTABLE,
                                           TFMLIR_RT_ISA_AVX2,
                                           TFMLIR_RT_ISA_AVX512),
                         [](const auto &info) {
                           switch (info.param) {
                           case TFMLIR_RT_ISA_AVX2:
                             return std::string("AVX2");
                           case TFMLIR_RT_ISA_AVX512:
                             return std::string("AVX512");
                           default:
                             return std::string("Portable");
                           }
                         });

TEST(GemmUkernelDispatch, AutoPicksTheBestHostIsa) {
  std::vector<int32_t> isas = hostIsas();
  ASSERT_FALSE(isas.empty());
  EXPECT_EQ(tfmlir_rt_sgemm_isa(), isas.back());
  EXPECT_EQ(tfmlir_rt_sgemm_set_isa(42), 0);
  EXPECT_EQ(tfmlir_rt_sgemm_isa(), isas.back());
  EXPECT_EQ(tfmlir_rt_sgemm_packed_size(3, 33), 3 * 64);
  EXPECT_EQ(tfmlir_rt_sgemm_packed_size(-1, 3), -1);
}

/// The compiler packs constant weights with the ABI's serial packer
/// (lib/Support/ABI/Gemm.h, hlo-cpu-gemm-ukernel) and the runtime with its
/// parallel one: the bytes must be the same for every shape and stride.
TEST(GemmUkernelPacking, AbiAndRuntimePackersAgree) {
  std::mt19937 rng(13);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (int64_t k : {1, 3, 64, 257})
    for (int64_t n : {1, 31, 32, 33, 100})
      for (bool transposed : {false, true}) {
        std::vector<float> b(k * n);
        for (float &v : b)
          v = dist(rng);
        int64_t sk = transposed ? 1 : n, sn = transposed ? k : 1;
        ASSERT_EQ(tfmlir_abi_sgemm_packed_size(k, n),
                  tfmlir_rt_sgemm_packed_size(k, n));
        std::vector<float> abi(tfmlir_abi_sgemm_packed_size(k, n), -7.f);
        std::vector<float> rt(abi.size(), 7.f);
        tfmlir_abi_sgemm_pack_b(k, n, b.data(), sk, sn, abi.data());
        tfmlir_rt_sgemm_pack_b(k, n, b.data(), sk, sn, rt.data());
        EXPECT_EQ(abi, rt) << "k=" << k << " n=" << n
                           << " transposed=" << transposed;
      }
  EXPECT_EQ(tfmlir_abi_sgemm_packed_size(-1, 3), -1);
}

} // namespace
