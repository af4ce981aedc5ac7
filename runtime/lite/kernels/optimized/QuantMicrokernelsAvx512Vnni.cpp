//===- QuantMicrokernelsAvx512Vnni.cpp - VNNI 8-bit conv microkernels -----===//
//
// Compiled with -mavx512f -mavx512bw -mavx512vnni (runtime/lite/
// CMakeLists.txt); called only when CPUID reports them. See
// QuantMicrokernels.h.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/optimized/QuantMicrokernels.h"

#include <immintrin.h>

#include <cstring>

namespace tfmlir::lite::optimized {
namespace {

constexpr int MR = 8;

inline int32_t pairAt(const int16_t *x, int64_t k) {
  int32_t v;
  std::memcpy(&v, x + 2 * k, 4);
  return v;
}

void gemmPairs(int mr, const int16_t *const *x, int64_t kp2, const int16_t *w,
               int CO, const int32_t *bias, int32_t *acc) {
  const int16_t *xr[MR];
  for (int r = 0; r < MR; ++r)
    xr[r] = x[r < mr ? r : mr - 1];
  const int64_t rowStride = int64_t(CO) * 2;
  for (int co = 0; co < CO; co += 16) {
    const __mmask16 m =
        CO - co >= 16 ? __mmask16(0xffff) : __mmask16((1u << (CO - co)) - 1);
    const __m512i b = _mm512_maskz_loadu_epi32(m, bias + co);
    __m512i a0 = b, a1 = b, a2 = b, a3 = b, a4 = b, a5 = b, a6 = b, a7 = b;
    const int16_t *wp = w + int64_t(co) * 2;
    for (int64_t k = 0; k < kp2; ++k, wp += rowStride) {
      const __m512i wv = _mm512_maskz_loadu_epi32(m, wp);
      a0 = _mm512_dpwssd_epi32(a0, _mm512_set1_epi32(pairAt(xr[0], k)), wv);
      a1 = _mm512_dpwssd_epi32(a1, _mm512_set1_epi32(pairAt(xr[1], k)), wv);
      a2 = _mm512_dpwssd_epi32(a2, _mm512_set1_epi32(pairAt(xr[2], k)), wv);
      a3 = _mm512_dpwssd_epi32(a3, _mm512_set1_epi32(pairAt(xr[3], k)), wv);
      a4 = _mm512_dpwssd_epi32(a4, _mm512_set1_epi32(pairAt(xr[4], k)), wv);
      a5 = _mm512_dpwssd_epi32(a5, _mm512_set1_epi32(pairAt(xr[5], k)), wv);
      a6 = _mm512_dpwssd_epi32(a6, _mm512_set1_epi32(pairAt(xr[6], k)), wv);
      a7 = _mm512_dpwssd_epi32(a7, _mm512_set1_epi32(pairAt(xr[7], k)), wv);
    }
    const __m512i out[MR] = {a0, a1, a2, a3, a4, a5, a6, a7};
    for (int r = 0; r < mr; ++r)
      _mm512_mask_storeu_epi32(acc + int64_t(r) * CO + co, m, out[r]);
  }
}

void depthwisePairs(const int16_t *const *rows, int taps, const int16_t *w,
                    int C, const int32_t *bias, int32_t *acc) {
  const int pairs = taps / 2;
  for (int c = 0; c < C; c += 16) {
    const __mmask16 m =
        C - c >= 16 ? __mmask16(0xffff) : __mmask16((1u << (C - c)) - 1);
    __m512i a = _mm512_maskz_loadu_epi32(m, bias + c);
    for (int p = 0; p < pairs; ++p) {
      const __m512i x0 =
          _mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16(m, rows[2 * p] + c));
      const __m512i x1 = _mm512_cvtepu16_epi32(
          _mm256_maskz_loadu_epi16(m, rows[2 * p + 1] + c));
      const __m512i xx = _mm512_or_si512(x0, _mm512_slli_epi32(x1, 16));
      a = _mm512_dpwssd_epi32(
          a, xx, _mm512_maskz_loadu_epi32(m, w + (int64_t(p) * C + c) * 2));
    }
    if (taps % 2) {
      const __m512i x0 = _mm512_cvtepu16_epi32(
          _mm256_maskz_loadu_epi16(m, rows[taps - 1] + c));
      a = _mm512_dpwssd_epi32(
          a, x0, _mm512_maskz_loadu_epi32(m, w + (int64_t(pairs) * C + c) * 2));
    }
    _mm512_mask_storeu_epi32(acc + c, m, a);
  }
}

/// MultiplyByQuantizedMultiplier(x, m, l - r) + zp clamped to [lo, hi],
/// 16 lanes (derivation: requantAvx2 in optimized/QuantConv.cpp).
inline __m512i requantLanes(__m512i x, __m512i m, __m512i l, __m512i r,
                            __m512i vzp, __m512i vlo, __m512i vhi) {
  const __m512i one = _mm512_set1_epi32(1),
                half = _mm512_set1_epi64(int64_t(1) << 30);
  x = _mm512_sllv_epi32(x, l);
  // floor((x * m + 2^30) / 2^31) per lane, even and odd lanes in 64 bits.
  __m512i even = _mm512_add_epi64(_mm512_mul_epi32(x, m), half);
  __m512i odd = _mm512_add_epi64(
      _mm512_mul_epi32(_mm512_srli_epi64(x, 32), _mm512_srli_epi64(m, 32)),
      half);
  even = _mm512_srli_epi64(even, 31);
  odd = _mm512_slli_epi64(_mm512_srli_epi64(odd, 31), 32);
  __m512i y = _mm512_mask_blend_epi32(__mmask16(0xAAAA), even, odd);
  // RoundingDivideByPOT(y, r).
  const __m512i mask = _mm512_sub_epi32(_mm512_sllv_epi32(one, r), one);
  const __m512i rem = _mm512_and_si512(y, mask);
  const __m512i thr =
      _mm512_add_epi32(_mm512_srai_epi32(mask, 1), _mm512_srli_epi32(y, 31));
  y = _mm512_srav_epi32(y, r);
  y = _mm512_mask_add_epi32(y, _mm512_cmpgt_epi32_mask(rem, thr), y, one);
  y = _mm512_add_epi32(y, vzp);
  return _mm512_min_epi32(_mm512_max_epi32(y, vlo), vhi);
}

void requant8(const int32_t *acc, int64_t n, const int32_t *mult,
              const int32_t *ls, const int32_t *rs, int32_t zp, int32_t lo,
              int32_t hi, bool isSigned, void *outv) {
  auto *out = static_cast<int8_t *>(outv);
  const __m512i vzp = _mm512_set1_epi32(zp), vlo = _mm512_set1_epi32(lo),
                vhi = _mm512_set1_epi32(hi);
  for (int64_t c = 0; c < n; c += 16) {
    const __mmask16 k =
        n - c >= 16 ? __mmask16(0xffff) : __mmask16((1u << (n - c)) - 1);
    const __m512i y =
        requantLanes(_mm512_maskz_loadu_epi32(k, acc + c),
                     _mm512_maskz_loadu_epi32(k, mult + c),
                     _mm512_maskz_loadu_epi32(k, ls + c),
                     _mm512_maskz_loadu_epi32(k, rs + c), vzp, vlo, vhi);
    if (isSigned)
      _mm512_mask_cvtsepi32_storeu_epi8(out + c, k, y);
    else
      _mm512_mask_cvtusepi32_storeu_epi8(out + c, k, y);
  }
}

inline __mmask16 tailMask(int left) {
  return left >= 16 ? __mmask16(0xffff) : __mmask16((1u << left) - 1);
}

/// R rows x NB blocks of 16 channels starting at channel co; xr[r * taps
/// + t] is tap t of row r.
template <int R, int NB>
inline void gemmQuadsBlock(const uint8_t *const *xr, int taps, int64_t cq,
                           const int8_t *w, int64_t blockStride, int CO, int co,
                           const int32_t *bias, const int32_t *mult,
                           const int32_t *ls, const int32_t *rs, __m512i vzp,
                           __m512i vlo, __m512i vhi, int8_t *out,
                           int64_t outStride) {
  __mmask16 m[NB];
  __m512i a[R][NB];
  for (int b = 0; b < NB; ++b) {
    m[b] = tailMask(CO - co - 16 * b);
    const __m512i bv = _mm512_maskz_loadu_epi32(m[b], bias + co + 16 * b);
    for (int r = 0; r < R; ++r)
      a[r][b] = bv;
  }
  const int8_t *wp = w;
  for (int t = 0; t < taps; ++t) {
    const uint8_t *x[R];
    for (int r = 0; r < R; ++r)
      x[r] = xr[r * taps + t];
    for (int64_t k = 0; k < cq; ++k, wp += 64) {
      __m512i wv[NB];
      for (int b = 0; b < NB; ++b)
        wv[b] = _mm512_loadu_si512(wp + b * blockStride);
      for (int r = 0; r < R; ++r) {
        int32_t q;
        std::memcpy(&q, x[r] + 4 * k, 4);
        const __m512i xv = _mm512_set1_epi32(q);
        for (int b = 0; b < NB; ++b)
          a[r][b] = _mm512_dpbusd_epi32(a[r][b], xv, wv[b]);
      }
    }
  }
  for (int b = 0; b < NB; ++b) {
    const int c = co + 16 * b;
    const __m512i vm = _mm512_maskz_loadu_epi32(m[b], mult + c);
    const __m512i vl = _mm512_maskz_loadu_epi32(m[b], ls + c);
    const __m512i vr = _mm512_maskz_loadu_epi32(m[b], rs + c);
    for (int r = 0; r < R; ++r)
      _mm512_mask_cvtsepi32_storeu_epi8(
          out + r * outStride + c, m[b],
          requantLanes(a[r][b], vm, vl, vr, vzp, vlo, vhi));
  }
}

/// All channels of R rows: blocks of 32 channels, then one of 16.
template <int R>
void gemmQuadsRows(const uint8_t *const *xr, int taps, int64_t cq,
                   const int8_t *w, int CO, const int32_t *bias,
                   const int32_t *mult, const int32_t *ls, const int32_t *rs,
                   __m512i vzp, __m512i vlo, __m512i vhi, int8_t *out,
                   int64_t outStride) {
  const int64_t blockStride = taps * cq * 64; // bytes per 16-channel block
  int co = 0;
  for (; co + 16 < CO; co += 32)
    gemmQuadsBlock<R, 2>(xr, taps, cq, w + (co / 16) * blockStride, blockStride,
                         CO, co, bias, mult, ls, rs, vzp, vlo, vhi, out,
                         outStride);
  if (co < CO)
    gemmQuadsBlock<R, 1>(xr, taps, cq, w + (co / 16) * blockStride, blockStride,
                         CO, co, bias, mult, ls, rs, vzp, vlo, vhi, out,
                         outStride);
}

void gemmQuads(int mr, const uint8_t *const *ind, int taps, int64_t cq,
               const int8_t *w, int CO, const int32_t *bias,
               const int32_t *mult, const int32_t *ls, const int32_t *rs,
               int32_t zp, int32_t lo, int32_t hi, int8_t *out,
               int64_t outStride) {
  const __m512i vzp = _mm512_set1_epi32(zp), vlo = _mm512_set1_epi32(lo),
                vhi = _mm512_set1_epi32(hi);
  // Rows in chunks of 8, 4, 2, 1 (a row tail never computes extra rows).
  int r = 0;
  for (; r + 8 <= mr; r += 8)
    gemmQuadsRows<8>(ind + r * taps, taps, cq, w, CO, bias, mult, ls, rs, vzp,
                     vlo, vhi, out + r * outStride, outStride);
  if (r + 4 <= mr) {
    gemmQuadsRows<4>(ind + r * taps, taps, cq, w, CO, bias, mult, ls, rs, vzp,
                     vlo, vhi, out + r * outStride, outStride);
    r += 4;
  }
  if (r + 2 <= mr) {
    gemmQuadsRows<2>(ind + r * taps, taps, cq, w, CO, bias, mult, ls, rs, vzp,
                     vlo, vhi, out + r * outStride, outStride);
    r += 2;
  }
  if (r < mr)
    gemmQuadsRows<1>(ind + r * taps, taps, cq, w, CO, bias, mult, ls, rs, vzp,
                     vlo, vhi, out + r * outStride, outStride);
}

void depthwiseInt8(const int8_t *const *rows, int taps, const int16_t *w, int C,
                   const int32_t *bias, const int32_t *mult, const int32_t *ls,
                   const int32_t *rs, int32_t zp, int32_t lo, int32_t hi,
                   int8_t *out) {
  const __m512i vzp = _mm512_set1_epi32(zp), vlo = _mm512_set1_epi32(lo),
                vhi = _mm512_set1_epi32(hi);
  const int pairs = taps / 2;
  for (int c = 0; c < C; c += 32) {
    const __mmask32 m =
        C - c >= 32 ? __mmask32(0xffffffffu) : __mmask32((1u << (C - c)) - 1);
    __m512i lo16 = _mm512_loadu_si512(bias + c),
            hi16 = _mm512_loadu_si512(bias + c + 16);
    const int16_t *wp = w + int64_t(c / 32) * ((taps + 1) / 2) * 64;
    for (int p = 0; p < pairs; ++p, wp += 64) {
      const __m512i x0 =
          _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(m, rows[2 * p] + c));
      const __m512i x1 =
          _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(m, rows[2 * p + 1] + c));
      lo16 = _mm512_dpwssd_epi32(lo16, _mm512_unpacklo_epi16(x0, x1),
                                 _mm512_loadu_si512(wp));
      hi16 = _mm512_dpwssd_epi32(hi16, _mm512_unpackhi_epi16(x0, x1),
                                 _mm512_loadu_si512(wp + 32));
    }
    if (taps % 2) { // the last tap pairs with a zero weight
      const __m512i x0 =
          _mm512_cvtepi8_epi16(_mm256_maskz_loadu_epi8(m, rows[taps - 1] + c));
      lo16 = _mm512_dpwssd_epi32(lo16, _mm512_unpacklo_epi16(x0, x0),
                                 _mm512_loadu_si512(wp));
      hi16 = _mm512_dpwssd_epi32(hi16, _mm512_unpackhi_epi16(x0, x0),
                                 _mm512_loadu_si512(wp + 32));
    }
    const __m512i ylo = requantLanes(lo16, _mm512_loadu_si512(mult + c),
                                     _mm512_loadu_si512(ls + c),
                                     _mm512_loadu_si512(rs + c), vzp, vlo, vhi);
    const __m512i yhi =
        requantLanes(hi16, _mm512_loadu_si512(mult + c + 16),
                     _mm512_loadu_si512(ls + c + 16),
                     _mm512_loadu_si512(rs + c + 16), vzp, vlo, vhi);
    // packs interleaves the halves back into channel order per 128 bits.
    _mm256_mask_storeu_epi8(out + c, m,
                            _mm512_cvtepi16_epi8(_mm512_packs_epi32(ylo, yhi)));
  }
}

void maxPoolInt8(const int8_t *const *rows, int taps, int C, int8_t lo,
                 int8_t hi, int8_t *out) {
  const __m512i vlo = _mm512_set1_epi8(lo), vhi = _mm512_set1_epi8(hi);
  for (int c = 0; c < C; c += 64) {
    const int left = C - c;
    const __mmask64 m = left >= 64 ? ~__mmask64(0) : (__mmask64(1) << left) - 1;
    __m512i v = _mm512_set1_epi8(-128);
    for (int t = 0; t < taps; ++t)
      v = _mm512_max_epi8(v, _mm512_maskz_loadu_epi8(m, rows[t] + c));
    v = _mm512_min_epi8(_mm512_max_epi8(v, vlo), vhi);
    _mm512_mask_storeu_epi8(out + c, m, v);
  }
}

} // namespace

const QuantMicrokernels &detail::avx512VnniQuantMicrokernels() {
  static const QuantMicrokernels k{"avx512vnni",   MR,         gemmPairs,
                                   depthwisePairs, requant8,   gemmQuads,
                                   depthwiseInt8,  maxPoolInt8};
  return k;
}

} // namespace tfmlir::lite::optimized
