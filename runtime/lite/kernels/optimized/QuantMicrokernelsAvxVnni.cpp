//===- QuantMicrokernelsAvxVnni.cpp - 256-bit VNNI int8 GEMM
//---------------===//
//
// The int8 GEMM of QuantMicrokernels (gemmQuads) with AVX-VNNI's 256-bit
// vpdpbusd, for CPUs that have AVX-VNNI but not AVX-512 (compiled with
// -mavx2 -mfma -mavxvnni, runtime/lite/CMakeLists.txt; called only when
// CPUID reports them). Same packed layout and arithmetic as the AVX-512
// version; the other fields are null (their callers keep the SSE2 paths).
// See QuantMicrokernels.h.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/optimized/QuantMicrokernels.h"

#include <immintrin.h>

#include <cstring>

namespace tfmlir::lite::optimized {
namespace {

constexpr int MR = 8;

/// MultiplyByQuantizedMultiplier(x, m, l - r) + zp clamped to [lo, hi],
/// 8 lanes (derivation: requantAvx2 in optimized/QuantConv.cpp).
inline __m256i requantLanes(__m256i x, __m256i m, __m256i l, __m256i r,
                            __m256i vzp, __m256i vlo, __m256i vhi) {
  const __m256i one = _mm256_set1_epi32(1),
                half = _mm256_set1_epi64x(int64_t(1) << 30);
  x = _mm256_sllv_epi32(x, l);
  __m256i even = _mm256_add_epi64(_mm256_mul_epi32(x, m), half);
  __m256i odd = _mm256_add_epi64(
      _mm256_mul_epi32(_mm256_srli_epi64(x, 32), _mm256_srli_epi64(m, 32)),
      half);
  even = _mm256_srli_epi64(even, 31);
  odd = _mm256_slli_epi64(_mm256_srli_epi64(odd, 31), 32);
  __m256i y = _mm256_blend_epi32(even, odd, 0xAA);
  const __m256i mask = _mm256_sub_epi32(_mm256_sllv_epi32(one, r), one);
  const __m256i rem = _mm256_and_si256(y, mask);
  const __m256i thr =
      _mm256_add_epi32(_mm256_srai_epi32(mask, 1), _mm256_srli_epi32(y, 31));
  y = _mm256_sub_epi32(_mm256_srav_epi32(y, r), _mm256_cmpgt_epi32(rem, thr));
  y = _mm256_add_epi32(y, vzp);
  return _mm256_min_epi32(_mm256_max_epi32(y, vlo), vhi);
}

/// Lanes [0, left) of a 32-bit vector load (the rest zero).
inline __m256i loadTail(const int32_t *p, int left) {
  if (left >= 8)
    return _mm256_loadu_si256(reinterpret_cast<const __m256i *>(p));
  const __m256i idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_maskload_epi32(
      p, _mm256_cmpgt_epi32(_mm256_set1_epi32(left), idx));
}

/// R rows x one block of 16 channels (two halves of 8) starting at co;
/// xr[r * taps + t] is tap t of row r.
template <int R>
inline void gemmQuadsBlock(const uint8_t *const *xr, int taps, int64_t cq,
                           const int8_t *w, int CO, int co, const int32_t *bias,
                           const int32_t *mult, const int32_t *ls,
                           const int32_t *rs, __m256i vzp, __m256i vlo,
                           __m256i vhi, int8_t *out, int64_t outStride) {
  const int left = CO - co; // >= 1
  __m256i a[R][2];
  const __m256i b0 = loadTail(bias + co, left);
  const __m256i b1 =
      left > 8 ? loadTail(bias + co + 8, left - 8) : _mm256_setzero_si256();
  for (int r = 0; r < R; ++r)
    a[r][0] = b0, a[r][1] = b1;
  const int8_t *wp = w;
  for (int t = 0; t < taps; ++t) {
    const uint8_t *x[R];
    for (int r = 0; r < R; ++r)
      x[r] = xr[r * taps + t];
    for (int64_t k = 0; k < cq; ++k, wp += 64) {
      const __m256i w0 =
          _mm256_loadu_si256(reinterpret_cast<const __m256i *>(wp));
      const __m256i w1 =
          _mm256_loadu_si256(reinterpret_cast<const __m256i *>(wp + 32));
      for (int r = 0; r < R; ++r) {
        int32_t q;
        std::memcpy(&q, x[r] + 4 * k, 4);
        const __m256i xv = _mm256_set1_epi32(q);
        a[r][0] = _mm256_dpbusd_avx_epi32(a[r][0], xv, w0);
        a[r][1] = _mm256_dpbusd_avx_epi32(a[r][1], xv, w1);
      }
    }
  }
  __m256i vm[2], vl[2], vr[2];
  for (int h = 0; h < 2; ++h) {
    const int l = left - 8 * h;
    vm[h] = l > 0 ? loadTail(mult + co + 8 * h, l) : _mm256_setzero_si256();
    vl[h] = l > 0 ? loadTail(ls + co + 8 * h, l) : _mm256_setzero_si256();
    vr[h] = l > 0 ? loadTail(rs + co + 8 * h, l) : _mm256_setzero_si256();
  }
  const int n = left < 16 ? left : 16;
  for (int r = 0; r < R; ++r) {
    const __m256i y0 =
        requantLanes(a[r][0], vm[0], vl[0], vr[0], vzp, vlo, vhi);
    const __m256i y1 =
        requantLanes(a[r][1], vm[1], vl[1], vr[1], vzp, vlo, vhi);
    // int32 -> int16 (per 128-bit lane), back in channel order, -> int8.
    const __m256i p16 =
        _mm256_permute4x64_epi64(_mm256_packs_epi32(y0, y1), 0xD8);
    const __m128i p8 = _mm_packs_epi16(_mm256_castsi256_si128(p16),
                                       _mm256_extracti128_si256(p16, 1));
    int8_t *o = out + r * outStride + co;
    if (n == 16) {
      _mm_storeu_si128(reinterpret_cast<__m128i *>(o), p8);
    } else {
      alignas(16) int8_t tmp[16];
      _mm_store_si128(reinterpret_cast<__m128i *>(tmp), p8);
      std::memcpy(o, tmp, size_t(n));
    }
  }
}

template <int R>
void gemmQuadsRows(const uint8_t *const *xr, int taps, int64_t cq,
                   const int8_t *w, int CO, const int32_t *bias,
                   const int32_t *mult, const int32_t *ls, const int32_t *rs,
                   __m256i vzp, __m256i vlo, __m256i vhi, int8_t *out,
                   int64_t outStride) {
  const int64_t blockStride = taps * cq * 64; // bytes per 16-channel block
  for (int co = 0; co < CO; co += 16)
    gemmQuadsBlock<R>(xr, taps, cq, w + (co / 16) * blockStride, CO, co, bias,
                      mult, ls, rs, vzp, vlo, vhi, out, outStride);
}

void gemmQuads(int mr, const uint8_t *const *ind, int taps, int64_t cq,
               const int8_t *w, int CO, const int32_t *bias,
               const int32_t *mult, const int32_t *ls, const int32_t *rs,
               int32_t zp, int32_t lo, int32_t hi, int8_t *out,
               int64_t outStride) {
  const __m256i vzp = _mm256_set1_epi32(zp), vlo = _mm256_set1_epi32(lo),
                vhi = _mm256_set1_epi32(hi);
  // Rows in chunks of 4 (8 accumulators of the 16 ymm registers), 2, 1.
  int r = 0;
  for (; r + 4 <= mr; r += 4)
    gemmQuadsRows<4>(ind + r * taps, taps, cq, w, CO, bias, mult, ls, rs, vzp,
                     vlo, vhi, out + r * outStride, outStride);
  if (r + 2 <= mr) {
    gemmQuadsRows<2>(ind + r * taps, taps, cq, w, CO, bias, mult, ls, rs, vzp,
                     vlo, vhi, out + r * outStride, outStride);
    r += 2;
  }
  if (r < mr)
    gemmQuadsRows<1>(ind + r * taps, taps, cq, w, CO, bias, mult, ls, rs, vzp,
                     vlo, vhi, out + r * outStride, outStride);
}

} // namespace

const QuantMicrokernels &detail::avxVnniQuantMicrokernels() {
  static const QuantMicrokernels k{"avxvnni", MR,        nullptr, nullptr,
                                   nullptr,   gemmQuads, nullptr, nullptr};
  return k;
}

} // namespace tfmlir::lite::optimized
