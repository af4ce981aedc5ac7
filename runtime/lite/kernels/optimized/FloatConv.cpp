//===- FloatConv.cpp - Optimized float32 conv / depthwise / FC / pool -----===//
#include "runtime/lite/kernels/optimized/FloatConv.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <limits>
#include <new>

namespace tfmlir::lite::optimized {

namespace {
absl::Status noMemory(const char *what, size_t floats) {
  return absl::ResourceExhaustedError(absl::StrCat(
      "cannot allocate ", floats * sizeof(float), " bytes for ", what));
}

/// Resizes `v` to n floats (zero-filled), reporting allocation failure.
absl::Status allocate(std::vector<float> &v, size_t n, const char *what) {
  try {
    v.assign(n, 0.f);
  } catch (const std::bad_alloc &) {
    return noMemory(what, n);
  } catch (const std::length_error &) {
    return noMemory(what, n);
  }
  return absl::OkStatus();
}
} // namespace

absl::Status PackedGemm::pack(const float *w, const float *bias, int n_,
                              int taps_, int kc_) {
  n = n_, taps = taps_, kc = kc_;
  const int64_t panels = (n + 15) / 16, pf = panelFloats();
  if (absl::Status s = allocate(data, size_t(panels * pf), "packed weights");
      !s.ok())
    return s;
  const int64_t K = int64_t(taps) * kc;
  for (int64_t j = 0; j < panels; ++j) {
    float *d = data.data() + j * pf;
    for (int l = 0; l < 16; ++l) {
      const int64_t o = j * 16 + l;
      if (o >= n)
        continue;
      d[l] = bias ? bias[o] : 0.f;
      for (int64_t k = 0; k < K; ++k)
        d[16 + k * 16 + l] = w[o * K + k];
    }
  }
  return absl::OkStatus();
}

absl::Status PackedDepthwise::pack(const float *w, const float *bias,
                                   int channels_, int taps_) {
  channels = channels_, taps = taps_;
  const int64_t panels = (channels + 15) / 16, pf = 16 * (int64_t(taps) + 1);
  if (absl::Status s =
          allocate(data, size_t(panels * pf), "packed depthwise weights");
      !s.ok())
    return s;
  for (int64_t j = 0; j < panels; ++j) {
    float *d = data.data() + j * pf;
    for (int l = 0; l < 16; ++l) {
      const int64_t c = j * 16 + l;
      if (c >= channels)
        continue;
      d[l] = bias ? bias[c] : 0.f;
      for (int t = 0; t < taps; ++t)
        d[16 * (t + 1) + l] = w[int64_t(t) * channels + c];
    }
  }
  return absl::OkStatus();
}

namespace {
/// Runs the igemm over `rows` output rows and all panels of p; row r's taps
/// come from rowPtrs(r0, buf) (taps pointers for each of up to mr rows).
template <typename RowPtrs>
void tiledGemm(ThreadPool &pool, const FloatMicrokernels &uk, int64_t rows,
               const PackedGemm &p, float lo, float hi, float *Y,
               RowPtrs rowPtrs) {
  const int mr = uk.mr;
  const int64_t mt = (rows + mr - 1) / mr, np = (p.n + 15) / 16;
  const int64_t pf = p.panelFloats();
  const double cost = double(mr) * 16 * p.taps * p.kc;
  pool.parallelFor(mt * np, cost, [&](int64_t b, int64_t e) {
    for (int64_t idx = b; idx < e; ++idx) {
      const int64_t m = idx / np, j = idx % np;
      const int64_t r0 = m * mr;
      const int rr = static_cast<int>(std::min<int64_t>(mr, rows - r0));
      const int nc = static_cast<int>(std::min<int64_t>(16, p.n - j * 16));
      uk.igemm(rr, nc, p.taps, p.kc, rowPtrs(r0, rr), p.data.data() + j * pf,
               Y + r0 * p.n + j * 16, p.n, lo, hi);
    }
  });
}
} // namespace

void gemmRows(ThreadPool &pool, const FloatMicrokernels &uk, int64_t rows,
              const float *X, const PackedGemm &p, float lo, float hi,
              float *Y) {
  const int64_t K = p.kc;
  tiledGemm(pool, uk, rows, p, lo, hi, Y, [X, K](int64_t r0, int rr) {
    // One pointer per row (taps == 1); a thread-local array of the
    // largest tile (8 rows).
    thread_local const float *a[16];
    for (int r = 0; r < rr; ++r)
      a[r] = X + (r0 + r) * K;
    return static_cast<const float *const *>(a);
  });
}

absl::Status conv2d(ThreadPool &pool, const FloatMicrokernels &uk,
                    const kernels::Window &w, const float *X,
                    const PackedGemm &p, float lo, float hi, float *Y,
                    WindowScratch &scratch) {
  const int64_t P = w.outPixels();
  if (w.taps() == 1 && w.strideH == 1 && w.strideW == 1 && w.padTop == 0 &&
      w.padLeft == 0 && w.outH == w.inH && w.outW == w.inW) {
    gemmRows(pool, uk, P, X, p, lo, hi, Y); // 1x1 conv: a GEMM
    return absl::OkStatus();
  }
  if (scratch.padRow.size() < size_t(w.channels) &&
      !allocate(scratch.padRow, w.channels, "the conv pad row").ok())
    return noMemory("the conv pad row", w.channels);
  const float *const *ind;
  try {
    ind = scratch.indirection.get(w, X, w.channels, scratch.padRow.data());
  } catch (const std::bad_alloc &) {
    return noMemory("the indirection buffer", size_t(P) * w.taps() * 2);
  }
  const int taps = w.taps();
  tiledGemm(pool, uk, P, p, lo, hi, Y,
            [ind, taps](int64_t r0, int) { return ind + r0 * taps; });
  return absl::OkStatus();
}

absl::Status depthwiseConv2d(ThreadPool &pool, const FloatMicrokernels &uk,
                             const kernels::Window &w, const float *X,
                             const PackedDepthwise &p, float lo, float hi,
                             float *Y, WindowScratch &scratch) {
  if (scratch.padRow.size() < size_t(w.channels) &&
      !allocate(scratch.padRow, w.channels, "the depthwise pad row").ok())
    return noMemory("the depthwise pad row", w.channels);
  const int64_t P = w.outPixels();
  const float *const *ind;
  try {
    ind = scratch.indirection.get(w, X, w.channels, scratch.padRow.data());
  } catch (const std::bad_alloc &) {
    return noMemory("the indirection buffer", size_t(P) * w.taps() * 2);
  }
  const int taps = w.taps(), C = w.channels;
  pool.parallelFor(P, double(taps) * C, [&](int64_t b, int64_t e) {
    for (int64_t q = b; q < e; ++q)
      uk.dwconv(C, taps, ind + q * taps, p.data.data(), Y + q * C, lo, hi);
  });
  return absl::OkStatus();
}

absl::Status maxPool2d(ThreadPool &pool, const FloatMicrokernels &uk,
                       const kernels::Window &w, const float *X, float lo,
                       float hi, float *Y, WindowScratch &scratch) {
  if (scratch.padRow.size() < size_t(w.channels)) {
    try {
      scratch.padRow.assign(w.channels,
                            -std::numeric_limits<float>::infinity());
    } catch (const std::bad_alloc &) {
      return noMemory("the pool pad row", w.channels);
    }
  }
  const int64_t P = w.outPixels();
  const float *const *ind;
  try {
    ind = scratch.indirection.get(w, X, w.channels, scratch.padRow.data());
  } catch (const std::bad_alloc &) {
    return noMemory("the indirection buffer", size_t(P) * w.taps() * 2);
  }
  const int taps = w.taps(), C = w.channels;
  pool.parallelFor(P, double(taps) * C, [&](int64_t b, int64_t e) {
    for (int64_t q = b; q < e; ++q)
      uk.maxpool(C, taps, ind + q * taps, Y + q * C, lo, hi);
  });
  return absl::OkStatus();
}

absl::Status packTransposeConv(const float *filter, int CO, int KH, int KW,
                               int CI, PackedGemm &p) {
  const int64_t rows = int64_t(KH) * KW * CO;
  std::vector<float> w;
  if (absl::Status s = allocate(w, size_t(rows * CI), "transpose conv rows");
      !s.ok())
    return s;
  for (int co = 0; co < CO; ++co)
    for (int t = 0; t < KH * KW; ++t)
      std::copy(filter + (int64_t(co) * KH * KW + t) * CI,
                filter + (int64_t(co) * KH * KW + t + 1) * CI,
                w.begin() + (int64_t(t) * CO + co) * CI);
  return p.pack(w.data(), nullptr, static_cast<int>(rows), 1, CI);
}

absl::Status transposeConv(ThreadPool &pool, const FloatMicrokernels &uk, int N,
                           int H, int W, int KH, int KW, int strideH,
                           int strideW, int padTop, int padLeft, int OH, int OW,
                           const float *X, const PackedGemm &p, const float *B,
                           float lo, float hi, float *Y,
                           std::vector<float> &cols) {
  const int CO = p.n / (KH * KW), CI = p.kc;
  const int64_t pixels = int64_t(N) * H * W, outPixels = int64_t(N) * OH * OW;
  const int64_t rowLen = p.n;
  // Input pixels per block: the product block stays around 1 MiB.
  const int64_t block =
      std::max<int64_t>(8, std::min<int64_t>(pixels, (1 << 18) / rowLen));
  if (cols.size() < size_t(block * rowLen) &&
      !allocate(cols, size_t(block * rowLen), "transpose conv columns").ok())
    return noMemory("transpose conv columns", size_t(block * rowLen));
  std::fill(Y, Y + outPixels * CO, 0.f);
  const float inf = std::numeric_limits<float>::infinity();
  for (int64_t p0 = 0; p0 < pixels; p0 += block) {
    const int64_t rows = std::min(block, pixels - p0);
    gemmRows(pool, uk, rows, X + p0 * CI, p, -inf, inf, cols.data());
    // (n, y, x) of input pixel p0, then stepped (no divisions per pixel).
    int n = static_cast<int>(p0 / (int64_t(H) * W));
    int y = static_cast<int>((p0 / W) % H), x = static_cast<int>(p0 % W);
    for (int64_t r = 0; r < rows; ++r, ++x) {
      if (x == W) {
        x = 0;
        if (++y == H) {
          y = 0;
          ++n;
        }
      }
      const float *c = cols.data() + r * rowLen;
      for (int ky = 0; ky < KH; ++ky) {
        const int oy = y * strideH - padTop + ky;
        if (oy < 0 || oy >= OH)
          continue;
        for (int kx = 0; kx < KW; ++kx) {
          const int ox = x * strideW - padLeft + kx;
          if (ox < 0 || ox >= OW)
            continue;
          float *yp = Y + ((int64_t(n) * OH + oy) * OW + ox) * CO;
          const float *cp = c + (int64_t(ky) * KW + kx) * CO;
          for (int co = 0; co < CO; ++co)
            yp[co] += cp[co];
        }
      }
    }
  }
  for (int64_t q = 0; q < outPixels; ++q) {
    float *yp = Y + q * CO;
    for (int co = 0; co < CO; ++co) {
      float v = yp[co] + (B ? B[co] : 0.f);
      v = v < lo ? lo : v;
      yp[co] = v > hi ? hi : v;
    }
  }
  return absl::OkStatus();
}

} // namespace tfmlir::lite::optimized
