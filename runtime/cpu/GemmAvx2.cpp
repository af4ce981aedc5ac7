//===- GemmAvx2.cpp - 6x16 f32 register-tile microkernel (AVX2 + FMA) -----===//
//
// 12 ymm accumulators (6 rows x 2 vectors of 8), 2 for the B row, one A
// broadcast: 15 of the 16 ymm registers. A 32-wide packed panel is done as
// two 16-column halves. Columns past nr are masked on C, bias and residual
// accesses (B is zero-padded). Compiled with -mavx2 -mfma; see
// GemmKernels.h for why this TU includes no standard headers.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Gemm.h"
#include "runtime/cpu/GemmKernels.h"

#include <immintrin.h>

namespace tfmlir::rt {
namespace {

constexpr int kMR = 6;

/// Lane mask with the first `n` (clamped to 0..8) lanes on.
__m256i laneMask(int64_t n) {
  n = n < 0 ? 0 : (n > 8 ? 8 : n);
  __m256i idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(n)), idx);
}

/// Columns [col, col + 16) of the panel, `nr` of them valid (1..16).
template <int MR>
__attribute__((always_inline)) inline void half(const UkernelArgs &p,
                                                int64_t col, int64_t nr) {
  __m256 acc[MR][2];
#pragma clang loop unroll(full)
  for (int i = 0; i < MR; ++i)
    acc[i][0] = acc[i][1] = _mm256_setzero_ps();
  const float *a = p.a;
  // With kc == 0 (K = 0) the packed panel may be null: no offset on it.
  const float *b = p.kc > 0 ? p.b + col : p.b;
  int64_t lda = p.lda;
  for (int64_t k = 0; k < p.kc; ++k) {
    __m256 b0 = _mm256_loadu_ps(b);
    __m256 b1 = _mm256_loadu_ps(b + 8);
    b += 32;
#pragma clang loop unroll(full)
    for (int i = 0; i < MR; ++i) {
      __m256 ai = _mm256_broadcast_ss(a + i * lda);
      acc[i][0] = _mm256_fmadd_ps(ai, b0, acc[i][0]);
      acc[i][1] = _mm256_fmadd_ps(ai, b1, acc[i][1]);
    }
    ++a;
  }
  __m256i m0 = laneMask(nr), m1 = laneMask(nr - 8);
  float *c = p.c + col;
  if (p.accumulate) {
#pragma clang loop unroll(full)
    for (int i = 0; i < MR; ++i) {
      acc[i][0] =
          _mm256_add_ps(acc[i][0], _mm256_maskload_ps(c + i * p.ldc, m0));
      acc[i][1] =
          _mm256_add_ps(acc[i][1], _mm256_maskload_ps(c + i * p.ldc + 8, m1));
    }
  }
  if (p.last) {
    if (p.bias) {
      __m256 bi0 = _mm256_maskload_ps(p.bias + col, m0);
      __m256 bi1 = _mm256_maskload_ps(p.bias + col + 8, m1);
#pragma clang loop unroll(full)
      for (int i = 0; i < MR; ++i) {
        acc[i][0] = _mm256_add_ps(acc[i][0], bi0);
        acc[i][1] = _mm256_add_ps(acc[i][1], bi1);
      }
    }
    if (p.residual) {
#pragma clang loop unroll(full)
      for (int i = 0; i < MR; ++i) {
        const float *r = p.residual + i * p.ldr + col;
        acc[i][0] = _mm256_add_ps(acc[i][0], _mm256_maskload_ps(r, m0));
        acc[i][1] = _mm256_add_ps(acc[i][1], _mm256_maskload_ps(r + 8, m1));
      }
    }
    if (p.activation == TFMLIR_RT_ACT_RELU ||
        p.activation == TFMLIR_RT_ACT_RELU6) {
      // maxps returns its second operand when either is NaN: NaN stays.
      __m256 zero = _mm256_setzero_ps();
      __m256 six = _mm256_set1_ps(6.0f);
      bool clamp6 = p.activation == TFMLIR_RT_ACT_RELU6;
#pragma clang loop unroll(full)
      for (int i = 0; i < MR; ++i)
        for (int h = 0; h < 2; ++h) {
          acc[i][h] = _mm256_max_ps(zero, acc[i][h]);
          if (clamp6)
            acc[i][h] = _mm256_min_ps(six, acc[i][h]);
        }
    }
  }
#pragma clang loop unroll(full)
  for (int i = 0; i < MR; ++i) {
    _mm256_maskstore_ps(c + i * p.ldc, m0, acc[i][0]);
    _mm256_maskstore_ps(c + i * p.ldc + 8, m1, acc[i][1]);
  }
}

template <int MR> void tile(const UkernelArgs &p) {
  half<MR>(p, 0, p.nr < 16 ? p.nr : 16);
  if (p.nr > 16)
    half<MR>(p, 16, p.nr - 16);
}

void kernel(const UkernelArgs &p) {
  switch (p.mr) {
  case 6:
    tile<6>(p);
    break;
  case 5:
    tile<5>(p);
    break;
  case 4:
    tile<4>(p);
    break;
  case 3:
    tile<3>(p);
    break;
  case 2:
    tile<2>(p);
    break;
  case 1:
    tile<1>(p);
    break;
  default:
    break;
  }
}

} // namespace

Ukernel avx2Ukernel() { return {kernel, kMR}; }

} // namespace tfmlir::rt
