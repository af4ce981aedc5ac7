//===- QuantConv.cpp - Fast paths of the 8-bit conv-like kernels ----------===//
//
// See QuantConv.h. Integer sums are exact and the requantization is the
// scalar one's lane for lane, so every path here writes the bytes of the
// plain loops in reference/QuantConv.cpp.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/optimized/QuantConv.h"
#include "runtime/lite/kernels/KernelUtil.h"

#include <array>
#include <atomic>
#include <cstring>
#include <limits>
#include <new>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tfmlir::lite::optimized {

using namespace kernels;

namespace {

//===----------------------------------------------------------------------===//
// 8-bit fast paths: int16 operands, int32 accumulators, multiply-add of
// pairs (pmaddwd: 8 multiply-accumulates per SSE2 instruction, twice the
// float kernels' 4 per mulps + addps). Integer sums are exact, so the
// result does not depend on the summation order or the vector width.
//===----------------------------------------------------------------------===//

/// acc[co] = bias[co] + sum_k x[k] * W[k][co] for co in [0, CO), where
/// `xp` holds kp2 pairs (x[2j], x[2j+1]) as int32 (low half first) and
/// `wp` is [kp2][CO][2] int16 (the matching pair of W rows interleaved).
void dotPairs(const int32_t *__restrict xp, int64_t kp2,
              const int16_t *__restrict wp, int CO,
              const int32_t *__restrict bias, int32_t *__restrict acc) {
  int co = 0;
#if defined(__SSE2__)
  const int64_t rowStride = static_cast<int64_t>(CO) * 2;
  for (; co + 16 <= CO; co += 16) {
    __m128i a0 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(bias + co));
    __m128i a1 =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(bias + co + 4));
    __m128i a2 =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(bias + co + 8));
    __m128i a3 =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(bias + co + 12));
    const int16_t *w = wp + static_cast<int64_t>(co) * 2;
    for (int64_t k = 0; k < kp2; ++k, w += rowStride) {
      const __m128i xx = _mm_set1_epi32(xp[k]);
      a0 = _mm_add_epi32(
          a0, _mm_madd_epi16(
                  xx, _mm_loadu_si128(reinterpret_cast<const __m128i *>(w))));
      a1 = _mm_add_epi32(
          a1,
          _mm_madd_epi16(
              xx, _mm_loadu_si128(reinterpret_cast<const __m128i *>(w + 8))));
      a2 = _mm_add_epi32(
          a2,
          _mm_madd_epi16(
              xx, _mm_loadu_si128(reinterpret_cast<const __m128i *>(w + 16))));
      a3 = _mm_add_epi32(
          a3,
          _mm_madd_epi16(
              xx, _mm_loadu_si128(reinterpret_cast<const __m128i *>(w + 24))));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i *>(acc + co), a0);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(acc + co + 4), a1);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(acc + co + 8), a2);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(acc + co + 12), a3);
  }
  for (; co + 4 <= CO; co += 4) {
    __m128i a0 = _mm_loadu_si128(reinterpret_cast<const __m128i *>(bias + co));
    const int16_t *w = wp + static_cast<int64_t>(co) * 2;
    for (int64_t k = 0; k < kp2; ++k, w += rowStride)
      a0 = _mm_add_epi32(
          a0, _mm_madd_epi16(
                  _mm_set1_epi32(xp[k]),
                  _mm_loadu_si128(reinterpret_cast<const __m128i *>(w))));
    _mm_storeu_si128(reinterpret_cast<__m128i *>(acc + co), a0);
  }
#endif
  for (; co < CO; ++co) {
    int32_t a = bias[co];
    for (int64_t k = 0; k < kp2; ++k) {
      const int16_t x0 = static_cast<int16_t>(xp[k] & 0xffff);
      const int16_t x1 =
          static_cast<int16_t>(static_cast<uint32_t>(xp[k]) >> 16);
      const int16_t *w = wp + (k * CO + co) * 2;
      a += int32_t(x0) * w[0] + int32_t(x1) * w[1];
    }
    acc[co] = a;
  }
}

/// acc[c] += sum over tap pairs of x_t0[c] * w_t0[c] + x_t1[c] * w_t1[c]
/// for c in [0, C): `rows[t]` are the input rows of the taps (a zero row
/// for padding), `wi` is [numTaps/2][C][2] int16 (taps interleaved).
void depthwisePairs(const int16_t *const *rows, int pairs, const int16_t *wi,
                    int C, int32_t *__restrict acc) {
  int c = 0;
#if defined(__SSE2__)
  for (; c + 8 <= C; c += 8) {
    __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i *>(acc + c));
    __m128i hi =
        _mm_loadu_si128(reinterpret_cast<const __m128i *>(acc + c + 4));
    for (int p = 0; p < pairs; ++p) {
      const __m128i x0 =
          _mm_loadu_si128(reinterpret_cast<const __m128i *>(rows[2 * p] + c));
      const __m128i x1 = _mm_loadu_si128(
          reinterpret_cast<const __m128i *>(rows[2 * p + 1] + c));
      const int16_t *w = wi + (static_cast<int64_t>(p) * C + c) * 2;
      lo = _mm_add_epi32(
          lo, _mm_madd_epi16(
                  _mm_unpacklo_epi16(x0, x1),
                  _mm_loadu_si128(reinterpret_cast<const __m128i *>(w))));
      hi = _mm_add_epi32(
          hi, _mm_madd_epi16(
                  _mm_unpackhi_epi16(x0, x1),
                  _mm_loadu_si128(reinterpret_cast<const __m128i *>(w + 8))));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i *>(acc + c), lo);
    _mm_storeu_si128(reinterpret_cast<__m128i *>(acc + c + 4), hi);
  }
#endif
  for (; c < C; ++c) {
    int32_t a = acc[c];
    for (int p = 0; p < pairs; ++p) {
      const int16_t *w = wi + (static_cast<int64_t>(p) * C + c) * 2;
      a += int32_t(rows[2 * p][c]) * w[0] + int32_t(rows[2 * p + 1][c]) * w[1];
    }
    acc[c] = a;
  }
}

/// Requantizes `acc[0..n)` (channel = index) into `out` of type T.
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define TFMLIR_HAVE_AVX2_REQUANT 1
/// Eight lanes of multiplyByQuantizedMultiplier + zero point + clamp with
/// AVX2 (per-lane shifts need vpsllvd / vpsravd). Exact: with a
/// non-negative multiplier, SaturatingRoundingDoublingHighMul(a, b) equals
/// floor((a * b + 2^30) / 2^31) for every int32 a (the nudge of negative
/// products and the truncating division cancel), which vpmuldq + 64-bit
/// add + shift compute; RoundingDivideByPOT is the mask / threshold form.
__attribute__((target("avx2"))) void
requantAvx2(const int32_t *acc, int n, const int32_t *mult, const int32_t *ls,
            const int32_t *rs, int32_t zp, int32_t lo, int32_t hi,
            int32_t *out) {
  const __m256i one = _mm256_set1_epi32(1),
                half = _mm256_set1_epi64x(1ll << 30);
  const __m256i vzp = _mm256_set1_epi32(zp), vlo = _mm256_set1_epi32(lo),
                vhi = _mm256_set1_epi32(hi);
  int c = 0;
  for (; c + 8 <= n; c += 8) {
    __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(acc + c));
    const __m256i m =
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(mult + c));
    const __m256i l =
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(ls + c));
    const __m256i r =
        _mm256_loadu_si256(reinterpret_cast<const __m256i *>(rs + c));
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
    y = _mm256_min_epi32(_mm256_max_epi32(y, vlo), vhi);
    _mm256_storeu_si256(reinterpret_cast<__m256i *>(out + c), y);
  }
  for (; c < n; ++c) {
    const QuantMultiplier q{mult[c], ls[c] > 0 ? ls[c] : -rs[c]};
    const int32_t v = multiplyByQuantizedMultiplier(acc[c], q) + zp;
    out[c] = v < lo ? lo : v > hi ? hi : v;
  }
}

bool haveAvx2() {
  static const bool yes = __builtin_cpu_supports("avx2");
  return yes;
}
#endif

void splitMultipliers(QConvState &st) {
  const size_t n = st.mult.size();
  st.qm.resize(n);
  st.qls.resize(n);
  st.qrs.resize(n);
  for (size_t c = 0; c < n; ++c) {
    st.qm[c] = st.mult[c].multiplier;
    st.qls[c] = st.mult[c].shift > 0 ? st.mult[c].shift : 0;
    st.qrs[c] = st.mult[c].shift > 0 ? 0 : std::min(31, -st.mult[c].shift);
  }
}

template <typename T>
void requantRow(const int32_t *__restrict acc, int n, const QConvState &st,
                T *__restrict out) {
#ifdef TFMLIR_HAVE_AVX2_REQUANT
  if (haveAvx2() && n <= 4096 && static_cast<int>(st.qm.size()) == n) {
    int32_t tmp[4096];
    requantAvx2(acc, n, st.qm.data(), st.qls.data(), st.qrs.data(), st.out.zp,
                st.lo, st.hi, tmp);
    for (int c = 0; c < n; ++c)
      out[c] = static_cast<T>(tmp[c]);
    return;
  }
#endif
  // Locals: stores through T* (a char type) may alias st's fields.
  const QuantMultiplier *m = st.mult.data();
  const int32_t zp = st.out.zp, lo = st.lo, hi = st.hi;
  for (int c = 0; c < n; ++c) {
    const int32_t v = multiplyByQuantizedMultiplier(acc[c], m[c]) + zp;
    out[c] = static_cast<T>(v < lo ? lo : v > hi ? hi : v);
  }
}

/// Repeats the split multipliers of `n` channels for as many rows as fit in
/// 4096 lanes (call before a parallelFor; requantRows reads them); returns
/// that row count (0 when one row is already too wide).
int prepareRequantRows(QConvState &st, int n) {
  const int rows = n > 0 && n <= 4096 ? 4096 / n : 0;
  const size_t total = size_t(rows) * n;
  if (st.rqm.size() != total || (rows && st.rqm[0] != st.qm[0]) ||
      st.qm.size() != size_t(n)) {
    st.rqm.resize(total), st.rqls.resize(total), st.rqrs.resize(total);
    for (size_t k = 0; k < total && st.qm.size() == size_t(n); ++k) {
      st.rqm[k] = st.qm[k % n];
      st.rqls[k] = st.qls[k % n];
      st.rqrs[k] = st.qrs[k % n];
    }
  }
  return st.qm.size() == size_t(n) ? rows : 0;
}

/// Requantizes `rows` rows of `n` channels (acc and out row-major) in one
/// vector pass when prepareRequantRows made room for them, else row by row.
template <typename T>
void requantRows(const int32_t *__restrict acc, int rows, int n,
                 const QConvState &st, T *__restrict out) {
  if (const QuantMicrokernels *uk = quantMicrokernels();
      uk && uk->requant8 && sizeof(T) == 1 &&
      size_t(rows) * n <= st.rqm.size()) {
    uk->requant8(acc, int64_t(rows) * n, st.rqm.data(), st.rqls.data(),
                 st.rqrs.data(), st.out.zp, st.lo, st.hi, std::is_signed_v<T>,
                 out);
    return;
  }
#ifdef TFMLIR_HAVE_AVX2_REQUANT
  const size_t total = size_t(rows) * n;
  if (haveAvx2() && total <= st.rqm.size()) {
    int32_t tmp[4096];
    requantAvx2(acc, static_cast<int>(total), st.rqm.data(), st.rqls.data(),
                st.rqrs.data(), st.out.zp, st.lo, st.hi, tmp);
    for (size_t c = 0; c < total; ++c)
      out[c] = static_cast<T>(tmp[c]);
    return;
  }
#endif
  for (int r = 0; r < rows; ++r)
    requantRow(acc + int64_t(r) * n, n, st, out + int64_t(r) * n);
}

template <typename F> absl::Status withOut8(TensorType t, F f) {
  if (t == TensorType::kInt8)
    return f(int8_t{});
  return f(uint8_t{});
}

void fillBias32(QConvState &st) {
  st.bias32.resize(st.bias.size());
  for (size_t i = 0; i < st.bias.size(); ++i)
    st.bias32[i] = static_cast<int32_t>(
        std::clamp<int64_t>(st.bias[i], std::numeric_limits<int32_t>::min(),
                            std::numeric_limits<int32_t>::max()));
}

/// CONV_2D, 8-bit activations, no groups: im2col per output pixel, then
/// dotPairs over all output channels.
template <typename T>
void qconvFast8(OpContext &ctx, QConvState &st, const Tensor &in,
                const Tensor &f, Tensor &out, int ph, int pw) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2];
  const int OH = out.shape[1], OW = out.shape[2];
  const int64_t K = static_cast<int64_t>(KH) * KW * C, kp2 = (K + 1) / 2;
  if (!(st.pairsValid && f.storage == Storage::kConstant)) {
    st.wPairs.assign(static_cast<size_t>(kp2 * CO * 2), 0);
    for (int co = 0; co < CO; ++co)
      for (int64_t k = 0; k < K; ++k)
        st.wPairs[((k / 2) * CO + co) * 2 + (k & 1)] = st.w[co * K + k];
    st.pairsValid = true;
  }
  fillBias32(st);
  splitMultipliers(st);
  const int16_t *X = st.x16.data();
  T *Y = out.as<T>();
  const int64_t pixels = static_cast<int64_t>(N) * OH * OW;
  // im2col of pixel p into q (2 * kp2 int16, the odd tail zero).
  auto patchOf = [&](int64_t p, int16_t *q) {
    const int n = static_cast<int>(p / (static_cast<int64_t>(OH) * OW));
    const int oy = static_cast<int>((p / OW) % OH),
              ox = static_cast<int>(p % OW);
    const int iy0 = oy * o.strideH - ph, ix0 = ox * o.strideW - pw;
    for (int ky = 0; ky < KH; ++ky) {
      const int iy = iy0 + ky * o.dilationH;
      for (int kx = 0; kx < KW; ++kx, q += C) {
        const int ix = ix0 + kx * o.dilationW;
        if (iy < 0 || iy >= H || ix < 0 || ix >= W)
          std::fill(q, q + C, int16_t(0));
        else
          std::memcpy(q, X + ((static_cast<int64_t>(n) * H + iy) * W + ix) * C,
                      C * sizeof(int16_t));
      }
    }
  };
  if (const QuantMicrokernels *uk = quantMicrokernels(); uk && uk->gemmPairs) {
    // Tiles of uk->mr pixels through the VNNI microkernel; a 1x1 stride-1
    // unpadded conv with an even depth reads the input rows in place.
    const int mr = uk->mr;
    const bool direct = KH == 1 && KW == 1 && o.strideH == 1 &&
                        o.strideW == 1 && ph == 0 && pw == 0 && OH == H &&
                        OW == W && K % 2 == 0;
    const int64_t tiles = (pixels + mr - 1) / mr;
    prepareRequantRows(st, CO);
    ctx.threadPool()->parallelFor(
        tiles, double(K) * CO * mr, [&](int64_t tb, int64_t te) {
          std::vector<int16_t> patches(
              direct ? 0 : static_cast<size_t>(mr * 2 * kp2), 0);
          std::vector<int32_t> acc(static_cast<size_t>(mr) * CO);
          const int16_t *rows[16];
          for (int64_t t = tb; t < te; ++t) {
            const int64_t p0 = t * mr;
            const int rr = static_cast<int>(std::min<int64_t>(mr, pixels - p0));
            for (int r = 0; r < rr; ++r) {
              if (direct) {
                rows[r] = X + (p0 + r) * K;
              } else {
                patchOf(p0 + r, patches.data() + r * 2 * kp2);
                rows[r] = patches.data() + r * 2 * kp2;
              }
            }
            uk->gemmPairs(rr, rows, kp2, st.wPairs.data(), CO, st.bias32.data(),
                          acc.data());
            requantRows(acc.data(), rr, CO, st, Y + p0 * CO);
          }
        });
    return;
  }
  ctx.threadPool()->parallelFor(
      pixels, double(K) * CO, [&](int64_t pb, int64_t pe) {
        std::vector<int16_t> patch(static_cast<size_t>(2 * kp2), 0);
        std::vector<int32_t> xp(static_cast<size_t>(kp2)), acc(CO);
        for (int64_t p = pb; p < pe; ++p) {
          patchOf(p, patch.data());
          std::memcpy(xp.data(), patch.data(), kp2 * sizeof(int32_t));
          dotPairs(xp.data(), kp2, st.wPairs.data(), CO, st.bias32.data(),
                   acc.data());
          requantRow(acc.data(), CO, st, Y + p * CO);
        }
      });
}

// ---- int8 through the u8 x s8 VNNI GEMM (gemmQuads) ------------------------
//
// sum_k (x_k - zp) * w_k = sum_k (x_k + 128) * w_k - (zp + 128) * sum_k w_k,
// so the int8 input becomes uint8 by flipping its sign bit, the second
// term folds into the bias, and a padded tap reads x = zp (uint8 zp + 128)
// so that it adds nothing, as TFLite skips it. Sums wrap modulo 2^32 like
// the int32 reference, so the bytes equal the reference kernels'.

/// Bytes readable past the end of st.u8 and of the pad row: gemmQuads
/// reads whole quads, up to 3 bytes past a pixel's channels (their weights
/// are zero).
constexpr size_t kQuadSlack = 64;

/// Packs the filter [CO][taps][C] once (again only when the filter is not
/// constant), folds the input offset into the bias, splits the
/// multipliers, and writes the input as uint8 x + 128 into st.u8 (plus
/// kQuadSlack zero bytes).
void prepareQuads(const Tensor &in, const Tensor &f, int CO, int taps,
                  int64_t C, QConvState &st) {
  if (!(st.quadsValid && f.storage == Storage::kConstant)) {
    st.wQuads.resize(size_t(quadWeightsSize(CO, taps, C)));
    st.wSum.resize(CO);
    packQuadWeights(f.as<int8_t>(), CO, taps, C, st.wQuads.data(),
                    st.wSum.data());
    st.quadsValid = true;
  }
  st.biasQ.resize(CO);
  const int64_t off = int64_t(st.in.zp) + 128;
  for (int co = 0; co < CO; ++co) // modulo 2^32, as the int32 accumulator
    st.biasQ[co] = static_cast<int32_t>(
        static_cast<uint32_t>(st.bias[co] - off * st.wSum[co]));
  splitMultipliers(st);
  const int64_t n = in.numElements();
  st.u8.resize(size_t(n) + kQuadSlack);
  const uint8_t *x = static_cast<const uint8_t *>(in.data);
  uint8_t *u = st.u8.data();
  for (int64_t i = 0; i < n; ++i)
    u[i] = x[i] ^ 0x80;
  std::memset(u + n, 0, kQuadSlack);
}

/// Calls gemmQuads for rows [0, mr) (taps pointers each in `ind`) and
/// output channels [c0, c1) (c0 a multiple of 16).
void gemmQuadsRange(const QuantMicrokernels &uk, const QConvState &st, int mr,
                    const uint8_t *const *ind, int taps, int64_t cq, int CO,
                    int c0, int c1, int8_t *out) {
  uk.gemmQuads(mr, ind, taps, cq,
               st.wQuads.data() + int64_t(c0 / 16) * taps * cq * 64, c1 - c0,
               st.biasQ.data() + c0, st.qm.data() + c0, st.qls.data() + c0,
               st.qrs.data() + c0, st.out.zp, st.lo, st.hi, out + c0, CO);
}

/// The row-tap pointers of qconvQuads (KH per output pixel, st.rowPtrs): a
/// kernel row inside the image points at the input row's KW * C bytes, a
/// row above / below the image at the pad row (4 * cq bytes of `pad`), and
/// a row that crosses the left / right edge at a patch in st.rowPatch (4 *
/// cq bytes each). The pointers are rebuilt only when the geometry or the
/// input address changes; the patches (input values) are filled on every
/// call.
void rowTapPointers(QConvState &st, const uint8_t *X, int N, int H, int W,
                    int C, int KH, int KW, int OH, int OW, int strideH,
                    int strideW, int dilationH, int ph, int pw, int64_t cq,
                    uint8_t pad) {
  const int64_t pixels = int64_t(N) * OH * OW, patch = 4 * cq;
  const std::array<int64_t, 15> key = {
      reinterpret_cast<intptr_t>(X),
      N,
      H,
      W,
      C,
      KH,
      KW,
      OH,
      OW,
      strideH,
      strideW,
      dilationH,
      ph,
      pw,
      reinterpret_cast<intptr_t>(st.padU8.data())};
  if (key != st.rowKey) {
    st.rowEdges.clear();
    st.rowPtrs.resize(size_t(pixels) * KH);
    const uint8_t **ptr = st.rowPtrs.data();
    int64_t patches = 0;
    for (int n = 0; n < N; ++n)
      for (int oy = 0; oy < OH; ++oy)
        for (int ox = 0; ox < OW; ++ox) {
          const int iy0 = oy * strideH - ph, ix0 = ox * strideW - pw;
          const bool edge = ix0 < 0 || ix0 + KW > W;
          for (int ky = 0; ky < KH; ++ky, ++ptr) {
            const int iy = iy0 + ky * dilationH;
            const int64_t row = (int64_t(n) * H + iy) * W * C;
            if (iy < 0 || iy >= H) {
              *ptr = st.padU8.data();
            } else if (!edge) {
              *ptr = X + row + int64_t(ix0) * C;
            } else {
              st.rowEdges.push_back({patches * patch, row, ix0});
              *ptr = nullptr; // set below, once rowPatch has its size
              ++patches;
            }
          }
        }
    st.rowPatch.assign(size_t(patches * patch) + kQuadSlack, 0);
    size_t e = 0;
    for (const uint8_t *&p : st.rowPtrs)
      if (!p)
        p = st.rowPatch.data() + st.rowEdges[e++].patch;
    st.rowKey = key;
  }
  for (const RowEdge &e : st.rowEdges) {
    uint8_t *q = st.rowPatch.data() + e.patch;
    const uint8_t *row = X + e.row;
    if (C == 1) {
      for (int kx = 0; kx < KW; ++kx) {
        const int ix = e.ix0 + kx;
        q[kx] = ix < 0 || ix >= W ? pad : row[ix];
      }
      continue;
    }
    for (int kx = 0; kx < KW; ++kx) {
      const int ix = e.ix0 + kx;
      if (ix < 0 || ix >= W)
        std::memset(q + int64_t(kx) * C, pad, size_t(C));
      else
        std::memcpy(q + int64_t(kx) * C, row + int64_t(ix) * C, size_t(C));
    }
  }
}

/// CONV_2D (groups == 1) through gemmQuads: tiles of uk.mr output pixels
/// times chunks of 64 output channels (so that small images still split
/// across threads). A 1x1 stride-1 unpadded conv reads the pixels' rows
/// in place; any other window goes through an indirection buffer over
/// st.u8 (kernels/Window.h) whose padding taps read a row of the input
/// zero point (uint8 zp + 128), which adds nothing. ResourceExhausted when
/// the indirection buffer cannot be allocated.
absl::Status qconvQuads(OpContext &ctx, const QuantMicrokernels &uk,
                        QConvState &st, const Tensor &in, const Tensor &f,
                        Tensor &out, int ph, int pw) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2];
  const int OH = out.shape[1], OW = out.shape[2];
  const bool direct = KH == 1 && KW == 1 && o.strideH == 1 && o.strideW == 1 &&
                      ph == 0 && pw == 0 && OH == H && OW == W;
  // Row taps: with a small depth (the quads of a tap mostly padding) and
  // dilation 1 along W, a kernel row's KW * C bytes are one tap.
  const int64_t rowLen = int64_t(KW) * C;
  const bool rowTaps = !direct && o.dilationW == 1 &&
                       (rowLen + 3) / 4 < int64_t(KW) * ((C + 3) / 4);
  const int taps = direct ? 1 : rowTaps ? KH : KH * KW;
  const int64_t cq = rowTaps ? (rowLen + 3) / 4 : (int64_t(C) + 3) / 4;
  prepareQuads(in, f, CO, rowTaps ? KH : KH * KW, rowTaps ? rowLen : C, st);
  const uint8_t *X = st.u8.data();
  int8_t *Y = out.as<int8_t>();
  const uint8_t *const *ind = nullptr;
  const int64_t pixels = int64_t(N) * OH * OW;
  if (rowTaps) {
    const size_t padLen = size_t(4 * cq) + kQuadSlack;
    const uint8_t pad = static_cast<uint8_t>(st.in.zp + 128);
    if (st.padU8.size() != padLen || st.padU8[0] != pad)
      st.padU8.assign(padLen, pad);
    rowTapPointers(st, X, N, H, W, C, KH, KW, OH, OW, o.strideH, o.strideW,
                   o.dilationH, ph, pw, cq, pad);
    ind = st.rowPtrs.data();
  } else if (!direct) {
    const size_t padLen = size_t(4 * cq) + kQuadSlack;
    const uint8_t pad = static_cast<uint8_t>(st.in.zp + 128);
    if (st.padU8.size() != padLen || st.padU8[0] != pad)
      st.padU8.assign(padLen, pad);
    const Window win = Window::make(o.padding, N, H, W, C, KH, KW, o.strideH,
                                    o.strideW, o.dilationH, o.dilationW);
    try {
      ind = st.indU8.get(win, X, C, st.padU8.data());
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          absl::StrCat("cannot allocate the indirection buffer of ",
                       win.outPixels() * win.taps(), " pointers"));
    }
  }
  const int mr = uk.mr, chunk = 64;
  const int64_t tiles = (pixels + mr - 1) / mr,
                chunks = (CO + chunk - 1) / chunk;
  ctx.threadPool()->parallelFor(
      tiles * chunks, double(KH) * KW * C * std::min(CO, chunk) * mr,
      [&](int64_t b, int64_t e) {
        const uint8_t *rows[16];
        for (int64_t i = b; i < e; ++i) {
          const int64_t t = i / chunks, c = i % chunks, p0 = t * mr;
          const int rr = static_cast<int>(std::min<int64_t>(mr, pixels - p0));
          const uint8_t *const *tp = ind ? ind + p0 * taps : rows;
          if (!ind)
            for (int r = 0; r < rr; ++r)
              rows[r] = X + (p0 + r) * C;
          const int c0 = static_cast<int>(c * chunk);
          gemmQuadsRange(uk, st, rr, tp, taps, cq, CO, c0,
                         std::min(CO, c0 + chunk), Y + p0 * CO);
        }
      });
  return absl::OkStatus();
}

/// DEPTHWISE_CONV_2D, 8-bit activations, `C` lanes per pixel in st.x16
/// (the input channels repeated depth_multiplier times): taps in pairs
/// through depthwisePairs. ResourceExhausted when the indirection buffer
/// cannot be allocated.
template <typename T>
absl::Status qdwFast8(OpContext &ctx, QConvState &st, const Tensor &in,
                      const Tensor &f, Tensor &out, int ph, int pw, int C) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2];
  const int KH = f.shape[1], KW = f.shape[2];
  const int OH = out.shape[1], OW = out.shape[2];
  const int taps = KH * KW, pairs = (taps + 1) / 2;
  if (!(st.pairsValid && f.storage == Storage::kConstant)) {
    st.wPairs.assign(static_cast<size_t>(pairs) * C * 2, 0);
    for (int t = 0; t < taps; ++t)
      for (int c = 0; c < C; ++c)
        st.wPairs[((t / 2) * static_cast<int64_t>(C) + c) * 2 + (t & 1)] =
            st.w[static_cast<int64_t>(t) * C + c];
    st.pairsValid = true;
  }
  fillBias32(st);
  splitMultipliers(st);
  const int16_t *X = st.dwExpanded ? st.exp16.data() : st.x16.data();
  T *Y = out.as<T>();
  const int64_t pixels = static_cast<int64_t>(N) * OH * OW;
  const QuantMicrokernels *uk = quantMicrokernels();
  // One indirection buffer (kernels/Window.h) per node, rebuilt only when
  // the input address changes; taps in the padding read the zero row.
  if (st.zero16.size() < size_t(C))
    st.zero16.assign(C, 0);
  const Window win = Window::make(o.padding, N, H, W, C, KH, KW, o.strideH,
                                  o.strideW, o.dilationH, o.dilationW);
  const int16_t *const *ind;
  try {
    ind = st.ind.get(win, X, C, st.zero16.data());
  } catch (const std::bad_alloc &) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate the indirection buffer of ",
                     win.outPixels() * win.taps(), " pointers"));
  }
  const int16_t *zero = st.zero16.data();
  // Tiles of `tile` pixels: accumulate each, then requantize the tile at once.
  const int tile = std::max(1, std::min(32, prepareRequantRows(st, C)));
  const int64_t tiles = (pixels + tile - 1) / tile;
  ctx.threadPool()->parallelFor(
      tiles, double(taps) * C * tile, [&](int64_t tb, int64_t te) {
        std::vector<const int16_t *> rows(2 * pairs, zero);
        std::vector<int32_t> acc(static_cast<size_t>(C) * tile);
        for (int64_t t = tb; t < te; ++t) {
          const int64_t p0 = t * tile;
          const int rr = static_cast<int>(std::min<int64_t>(tile, pixels - p0));
          for (int r = 0; r < rr; ++r) {
            const int16_t *const *tp = ind + (p0 + r) * taps;
            int32_t *a = acc.data() + int64_t(r) * C;
            if (uk && uk->depthwisePairs) {
              uk->depthwisePairs(tp, taps, st.wPairs.data(), C,
                                 st.bias32.data(), a);
              continue;
            }
            if (taps % 2) {
              std::copy(tp, tp + taps, rows.begin());
              tp = rows.data();
            }
            std::memcpy(a, st.bias32.data(), C * sizeof(int32_t));
            depthwisePairs(tp, pairs, st.wPairs.data(), C, a);
          }
          requantRows(acc.data(), rr, C, st, Y + p0 * C);
        }
      });
  return absl::OkStatus();
}

/// MAX_POOL_2D / AVERAGE_POOL_2D of 8-bit tensors: the arithmetic of
/// reference::poolInt's loop (max, or the int32 sum rounded half away from zero
/// over the in-bounds taps, then the activation clamp) with the channels
/// innermost in typed loops the compiler vectorizes, output pixels across
/// threads. InvalidArgument for an average window with no input element.
template <typename T>
absl::Status qpool8(OpContext &ctx, int32_t lo, int32_t hi, bool isMax,
                    const Tensor &in, Tensor &out, int ph, int pw) {
  const OpOptions &o = ctx.options();
  const int H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  const T *X = in.as<T>();
  T *Y = out.as<T>();
  const int64_t pixels = int64_t(in.shape[0]) * OH * OW;
  std::atomic<bool> empty{false};
  ctx.threadPool()->parallelFor(
      pixels / std::max(OW, 1), double(o.filterH) * o.filterW * C * OW,
      [&](int64_t b, int64_t e) {
        int32_t acc[256]; // average pool sums, 256 channels at a time
        for (int64_t row = b; row < e; ++row) { // row = n * OH + oy
          const int n = static_cast<int>(row / OH),
                    oy = static_cast<int>(row % OH);
          for (int ox = 0; ox < OW; ++ox) {
            const int64_t p = row * OW + ox;
            const int y0 = oy * o.strideH - ph, x0 = ox * o.strideW - pw;
            const int ya = std::max(0, y0), yb = std::min(H, y0 + o.filterH);
            const int xa = std::max(0, x0), xb = std::min(W, x0 + o.filterW);
            const int count = std::max(0, yb - ya) * std::max(0, xb - xa);
            T *__restrict y = Y + p * C;
            if (isMax) {
              for (int c = 0; c < C; ++c)
                y[c] = std::numeric_limits<T>::min();
              for (int iy = ya; iy < yb; ++iy)
                for (int ix = xa; ix < xb; ++ix) {
                  const T *__restrict x =
                      X + ((int64_t(n) * H + iy) * W + ix) * C;
                  for (int c = 0; c < C; ++c)
                    y[c] = std::max(y[c], x[c]);
                }
              for (int c = 0; c < C; ++c)
                y[c] = static_cast<T>(std::clamp<int32_t>(y[c], lo, hi));
              continue;
            }
            if (count == 0) {
              empty = true;
              continue;
            }
            for (int c0 = 0; c0 < C; c0 += 256) {
              const int nc = std::min(256, C - c0);
              int32_t *__restrict a = acc;
              std::fill(a, a + nc, 0);
              for (int iy = ya; iy < yb; ++iy)
                for (int ix = xa; ix < xb; ++ix) {
                  const T *__restrict x =
                      X + ((int64_t(n) * H + iy) * W + ix) * C + c0;
                  for (int c = 0; c < nc; ++c)
                    a[c] += x[c];
                }
              for (int c = 0; c < nc; ++c) {
                // Rounded to nearest, ties away from zero (TFLite's
                // AveragePool).
                const int32_t v = a[c] > 0 ? (a[c] + count / 2) / count
                                           : (a[c] - count / 2) / count;
                y[c0 + c] = static_cast<T>(std::clamp<int32_t>(v, lo, hi));
              }
            }
          }
        }
      });
  if (empty)
    return invalid("average pool window with no input element");
  return absl::OkStatus();
}

} // namespace

/// The microkernels when the u8 x s8 GEMM applies: int8 input, filter and
/// output, filter zero points 0 (TFLite's int8 scheme), not the reference
/// resolver, and a CPU with VNNI; else null.
const QuantMicrokernels *quadKernels(OpContext &ctx, const Tensor &in,
                                     const Tensor &f, const Tensor &out) {
  if (ctx.reference() || in.type != TensorType::kInt8 ||
      f.type != TensorType::kInt8 || out.type != TensorType::kInt8)
    return nullptr;
  for (int64_t z : f.quant.zeroPoint)
    if (z != 0)
      return nullptr;
  const QuantMicrokernels *uk = quantMicrokernels();
  return uk && uk->gemmQuads ? uk : nullptr;
}

absl::Status conv2dQuads(OpContext &ctx, const QuantMicrokernels &uk,
                         QConvState &st, const Tensor &in, const Tensor &f,
                         Tensor &out, int ph, int pw) {
  return qconvQuads(ctx, uk, st, in, f, out, ph, pw);
}

absl::Status conv2dPairs(OpContext &ctx, QConvState &st, const Tensor &in,
                         const Tensor &f, Tensor &out, int ph, int pw) {
  return withOut8(out.type, [&](auto t) {
    qconvFast8<decltype(t)>(ctx, st, in, f, out, ph, pw);
    return absl::OkStatus();
  });
}

/// DEPTHWISE_CONV_2D int8 through depthwiseInt8: reads the int8 input in
/// place (with a depth multiplier M > 1, a copy with each channel repeated
/// M times) through an indirection buffer whose
/// padding taps point at a row of the input zero point; the zero point
/// times the tap sum of the weights is folded into the bias (exact modulo
/// 2^32, as the int32 reference). Tiles of 16 output pixels across threads.
/// ResourceExhausted when the indirection buffer cannot be allocated.
absl::Status depthwiseConv2dInt8(OpContext &ctx, const QuantMicrokernels &uk,
                                 QConvState &st, const Tensor &in,
                                 const Tensor &f, Tensor &out) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2];
  // C: output channels; with a depth multiplier M > 1 the input is first
  // expanded so that channel c * M + m holds input channel c.
  const int C = f.shape[3], M = C / in.shape[3];
  const int KH = f.shape[1], KW = f.shape[2], taps = KH * KW;
  const int Cp = (C + 31) / 32 * 32;
  const Tensor *bias = ctx.input(2);
  const bool fresh = !(st.quadsValid && f.storage == Storage::kConstant);
  if (fresh) {
    st.dwW.resize(size_t(depthwiseInt8WeightsSize(C, taps)));
    packDepthwiseInt8(f.as<int8_t>(), C, taps, st.dwW.data());
    st.wSum.assign(C, 0);
    const int8_t *wt = f.as<int8_t>();
    for (int t = 0; t < taps; ++t)
      for (int c = 0; c < C; ++c)
        st.wSum[c] += wt[int64_t(t) * C + c];
    st.quadsValid = true;
    splitMultipliers(st);
    st.dwM.resize(Cp), st.dwLs.resize(Cp), st.dwRs.resize(Cp);
    permuteDepthwiseInt8(st.qm.data(), C, st.dwM.data());
    permuteDepthwiseInt8(st.qls.data(), C, st.dwLs.data());
    permuteDepthwiseInt8(st.qrs.data(), C, st.dwRs.data());
  }
  if (fresh || (bias && bias->storage != Storage::kConstant)) {
    st.biasQ.resize(C);
    for (int c = 0; c < C; ++c) // modulo 2^32, as the int32 accumulator
      st.biasQ[c] = static_cast<int32_t>(
          static_cast<uint32_t>(st.bias[c] - int64_t(st.in.zp) * st.wSum[c]));
    st.dwBias.resize(Cp);
    permuteDepthwiseInt8(st.biasQ.data(), C, st.dwBias.data());
  }
  if (st.padRow8.size() != size_t(C) ||
      (C && st.padRow8[0] != static_cast<int8_t>(st.in.zp)))
    st.padRow8.assign(C, static_cast<int8_t>(st.in.zp));
  const int8_t *X = in.as<int8_t>();
  if (M != 1) {
    // A buffer kept in the state: its stable address keeps the
    // indirection buffer valid across invocations.
    const int64_t n = in.numElements();
    st.exp8.resize(size_t(n) * M);
    for (int64_t q = 0; q < n; ++q)
      std::memset(st.exp8.data() + q * M, X[q], size_t(M));
    X = st.exp8.data();
  }
  const Window win = Window::make(o.padding, N, H, W, C, KH, KW, o.strideH,
                                  o.strideW, o.dilationH, o.dilationW);
  const int8_t *const *ind;
  try {
    ind = st.ind8.get(win, X, C, st.padRow8.data());
  } catch (const std::bad_alloc &) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate the indirection buffer of ",
                     win.outPixels() * win.taps(), " pointers"));
  }
  int8_t *Y = out.as<int8_t>();
  const int64_t pixels = win.outPixels(), tile = 16;
  ctx.threadPool()->parallelFor(
      (pixels + tile - 1) / tile, double(taps) * C * tile,
      [&](int64_t b, int64_t e) {
        for (int64_t p = b * tile, pe = std::min(pixels, e * tile); p < pe; ++p)
          uk.depthwiseInt8(ind + p * taps, taps, st.dwW.data(), C,
                           st.dwBias.data(), st.dwM.data(), st.dwLs.data(),
                           st.dwRs.data(), st.out.zp, st.lo, st.hi, Y + p * C);
      });
  return absl::OkStatus();
}

absl::Status depthwiseConv2dPairs(OpContext &ctx, QConvState &st,
                                  const Tensor &in, const Tensor &f,
                                  Tensor &out, int ph, int pw) {
  const int C = in.shape[3], CO = f.shape[3];
  const int M = CO / C;
  if (M != 1) {
    // Repeat each input channel M times so that output channel
    // c * M + m reads its own input lane; then the M == 1 kernel runs.
    // (A buffer kept in the state: a stable address keeps the
    // indirection buffer valid across invocations.)
    std::vector<int16_t> &ex = st.exp16;
    ex.resize(static_cast<size_t>(in.numElements()) * M);
    const int64_t pix = in.numElements() / C;
    const int16_t *src = st.x16.data();
    int16_t *dst = ex.data();
    if (M == 8) { // a constant trip count the compiler turns into stores
      for (int64_t q = 0; q < pix * C; ++q)
        for (int m = 0; m < 8; ++m)
          dst[q * 8 + m] = src[q];
    } else {
      for (int64_t q = 0; q < pix * C; ++q)
        for (int m = 0; m < M; ++m)
          dst[q * M + m] = src[q];
    }
  }
  st.dwExpanded = M != 1;
  return withOut8(out.type, [&](auto t) {
    return qdwFast8<decltype(t)>(ctx, st, in, f, out, ph, pw, CO);
  });
}

/// FULLY_CONNECTED through gemmQuads: tiles of uk.mr input rows (read in
/// place; st.u8's slack covers the last row's final quad) times chunks of
/// 64 output channels.
void fullyConnectedQuads(OpContext &ctx, const QuantMicrokernels &uk,
                         QConvState &st, const Tensor &in, const Tensor &w,
                         Tensor &out) {
  const int CO = w.shape[0];
  const int64_t K = w.shape[1], kq = (K + 3) / 4;
  prepareQuads(in, w, CO, 1, K, st);
  const int64_t rows = in.numElements() / K;
  const uint8_t *X = st.u8.data();
  int8_t *Y = out.as<int8_t>();
  const int mr = uk.mr, chunk = 64;
  const int64_t tiles = (rows + mr - 1) / mr, chunks = (CO + chunk - 1) / chunk;
  ctx.threadPool()->parallelFor(
      tiles * chunks, double(K) * std::min(CO, chunk) * mr,
      [&](int64_t b, int64_t e) {
        const uint8_t *r8[16];
        for (int64_t i = b; i < e; ++i) {
          const int64_t t = i / chunks, c = i % chunks, r0 = t * mr;
          const int rr = static_cast<int>(std::min<int64_t>(mr, rows - r0));
          for (int r = 0; r < rr; ++r)
            r8[r] = X + (r0 + r) * K;
          const int c0 = static_cast<int>(c * chunk);
          gemmQuadsRange(uk, st, rr, r8, 1, kq, CO, c0,
                         std::min(CO, c0 + chunk), Y + r0 * CO);
        }
      });
}

/// int8 MAX_POOL_2D through the maxPoolInt8 microkernel, output pixels
/// across threads. ResourceExhausted when the indirection buffer cannot be
/// allocated.
absl::Status maxPoolInt8(OpContext &ctx, const QuantMicrokernels &uk,
                         QPoolState &st, const Tensor &in, Tensor &out) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  if (st.padRow.size() != size_t(C))
    st.padRow.assign(C, int8_t(-128));
  const Window win = Window::make(o.padding, N, H, W, C, o.filterH, o.filterW,
                                  o.strideH, o.strideW);
  const int8_t *const *ind;
  try {
    ind = st.ind.get(win, in.as<int8_t>(), C, st.padRow.data());
  } catch (const std::bad_alloc &) {
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate the indirection buffer of ",
                     win.outPixels() * win.taps(), " pointers"));
  }
  const int taps = win.taps();
  int8_t *Y = out.as<int8_t>();
  const int8_t lo = static_cast<int8_t>(st.lo), hi = static_cast<int8_t>(st.hi);
  ctx.threadPool()->parallelFor(
      win.outPixels(), double(taps) * C / 16, [&](int64_t b, int64_t e) {
        for (int64_t p = b; p < e; ++p)
          uk.maxPoolInt8(ind + p * taps, taps, C, lo, hi, Y + p * C);
      });
  return absl::OkStatus();
}

absl::Status pool8(OpContext &ctx, int32_t lo, int32_t hi, bool isMax,
                   const Tensor &in, Tensor &out, int ph, int pw) {
  if (in.type == TensorType::kInt8)
    return qpool8<int8_t>(ctx, lo, hi, isMax, in, out, ph, pw);
  return qpool8<uint8_t>(ctx, lo, hi, isMax, in, out, ph, pw);
}

} // namespace tfmlir::lite::optimized
