//===- GemmAvx512.cpp - 14x32 f32 register-tile microkernel (AVX-512F) ----===//
//
// 28 zmm accumulators (14 rows x 2 vectors of 16), 2 zmm for the B row and
// one broadcast of A: 31 of the 32 zmm registers. Per k step: 2 loads of
// B, 14 broadcasts of A, 28 FMAs. Columns past nr are masked on C, bias and
// residual accesses (B is zero-padded). Compiled with -mavx512f; see
// GemmKernels.h for why this TU includes no standard headers.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Gemm.h"
#include "runtime/cpu/GemmKernels.h"

#include <immintrin.h>

namespace tfmlir::rt {
namespace {

constexpr int kMR = 14;

template <int MR>
__attribute__((always_inline)) inline void tile(const UkernelArgs &p) {
  __m512 acc[MR][2];
#pragma clang loop unroll(full)
  for (int i = 0; i < MR; ++i)
    acc[i][0] = acc[i][1] = _mm512_setzero_ps();
  const float *a = p.a;
  const float *b = p.b;
  int64_t lda = p.lda;
  for (int64_t k = 0; k < p.kc; ++k) {
    __m512 b0 = _mm512_loadu_ps(b);
    __m512 b1 = _mm512_loadu_ps(b + 16);
    b += 32;
#pragma clang loop unroll(full)
    for (int i = 0; i < MR; ++i) {
      __m512 ai = _mm512_set1_ps(a[i * lda]);
      acc[i][0] = _mm512_fmadd_ps(ai, b0, acc[i][0]);
      acc[i][1] = _mm512_fmadd_ps(ai, b1, acc[i][1]);
    }
    ++a;
  }
  __mmask16 m0 = p.nr >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << p.nr) - 1);
  __mmask16 m1 = p.nr >= 32   ? __mmask16(0xFFFF)
                 : p.nr <= 16 ? __mmask16(0)
                              : __mmask16((1u << (p.nr - 16)) - 1);
  float *c = p.c;
  if (p.accumulate) {
#pragma clang loop unroll(full)
    for (int i = 0; i < MR; ++i) {
      acc[i][0] =
          _mm512_add_ps(acc[i][0], _mm512_maskz_loadu_ps(m0, c + i * p.ldc));
      acc[i][1] = _mm512_add_ps(acc[i][1],
                                _mm512_maskz_loadu_ps(m1, c + i * p.ldc + 16));
    }
  }
  if (p.last) {
    if (p.bias) {
      __m512 bi0 = _mm512_maskz_loadu_ps(m0, p.bias);
      __m512 bi1 = _mm512_maskz_loadu_ps(m1, p.bias + 16);
#pragma clang loop unroll(full)
      for (int i = 0; i < MR; ++i) {
        acc[i][0] = _mm512_add_ps(acc[i][0], bi0);
        acc[i][1] = _mm512_add_ps(acc[i][1], bi1);
      }
    }
    if (p.residual) {
#pragma clang loop unroll(full)
      for (int i = 0; i < MR; ++i) {
        const float *r = p.residual + i * p.ldr;
        acc[i][0] = _mm512_add_ps(acc[i][0], _mm512_maskz_loadu_ps(m0, r));
        acc[i][1] = _mm512_add_ps(acc[i][1], _mm512_maskz_loadu_ps(m1, r + 16));
      }
    }
    if (p.activation == TFMLIR_RT_ACT_RELU ||
        p.activation == TFMLIR_RT_ACT_RELU6) {
      // max(x, 0) with x as the second operand keeps NaN (maxps returns
      // the second operand when either is NaN), as TF's Relu.
      __m512 zero = _mm512_setzero_ps();
      __m512 six = _mm512_set1_ps(6.0f);
      bool clamp6 = p.activation == TFMLIR_RT_ACT_RELU6;
#pragma clang loop unroll(full)
      for (int i = 0; i < MR; ++i)
        for (int h = 0; h < 2; ++h) {
          acc[i][h] = _mm512_max_ps(zero, acc[i][h]);
          if (clamp6)
            acc[i][h] = _mm512_min_ps(six, acc[i][h]);
        }
    }
  }
#pragma clang loop unroll(full)
  for (int i = 0; i < MR; ++i) {
    _mm512_mask_storeu_ps(c + i * p.ldc, m0, acc[i][0]);
    _mm512_mask_storeu_ps(c + i * p.ldc + 16, m1, acc[i][1]);
  }
}

template <int... Ms> struct Dispatch;
template <> struct Dispatch<> {
  static void run(const UkernelArgs &) {}
};
template <int M, int... Ms> struct Dispatch<M, Ms...> {
  static void run(const UkernelArgs &p) {
    if (p.mr == M)
      tile<M>(p);
    else
      Dispatch<Ms...>::run(p);
  }
};

void kernel(const UkernelArgs &p) {
  Dispatch<14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1>::run(p);
}

} // namespace

Ukernel avx512Ukernel() { return {kernel, kMR}; }

} // namespace tfmlir::rt
