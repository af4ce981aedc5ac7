//===- GemmPortable.cpp - 4x32 f32 microkernel in plain C++ ---------------===//
//
// The fallback for hosts without AVX2/AVX-512 (and the reference path that
// tests force): the same tile contract as the SIMD kernels (GemmKernels.h),
// written as loops the compiler vectorizes for the baseline ISA.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Gemm.h"
#include "runtime/cpu/GemmKernels.h"

namespace tfmlir::rt {
namespace {

constexpr int kMR = 4;
constexpr int kNR = TFMLIR_RT_SGEMM_PANEL;

void kernel(const UkernelArgs &p) {
  float acc[kMR][kNR] = {};
  for (int64_t k = 0; k < p.kc; ++k) {
    const float *b = p.b + k * kNR;
    for (int64_t i = 0; i < p.mr; ++i) {
      float ai = p.a[i * p.lda + k];
      for (int j = 0; j < kNR; ++j)
        acc[i][j] += ai * b[j];
    }
  }
  for (int64_t i = 0; i < p.mr; ++i) {
    float *c = p.c + i * p.ldc;
    for (int64_t j = 0; j < p.nr; ++j) {
      float x = acc[i][j];
      if (p.accumulate)
        x = c[j] + x;
      if (p.last) {
        if (p.bias)
          x += p.bias[j];
        if (p.residual)
          x += p.residual[i * p.ldr + j];
        // Comparisons are false for NaN: NaN passes through (TF's Relu).
        if (p.activation == TFMLIR_RT_ACT_RELU ||
            p.activation == TFMLIR_RT_ACT_RELU6)
          x = x < 0.0f ? 0.0f : x;
        if (p.activation == TFMLIR_RT_ACT_RELU6)
          x = x > 6.0f ? 6.0f : x;
      }
      c[j] = x;
    }
  }
}

} // namespace

Ukernel portableUkernel() { return {kernel, kMR}; }

} // namespace tfmlir::rt
