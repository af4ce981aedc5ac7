//===- Conv.cpp - Reference float loops of the conv family ---------------===//
#include "runtime/lite/kernels/reference/Conv.h"
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace tfmlir::lite::kernels::reference {

void conv2d(ThreadPool &pool, const Window &w, const float *X, const float *F,
            int FC, int CO, const float *B, Activation act, float *Y) {
  const int N = w.batch, H = w.inH, W = w.inW, C = w.channels;
  const int KH = w.kH, KW = w.kW, OH = w.outH, OW = w.outW;
  const int ph = w.padTop, pw = w.padLeft;
  const Window &o = w; // strides and dilations
  const int groups = FC ? C / FC : 1, coPerGroup = groups ? CO / groups : CO;
  pool.parallelFor(
      static_cast<int64_t>(N) * OH, double(OW) * KH * KW * FC * CO,
      [&](int64_t b, int64_t e) {
        for (int64_t row = b; row < e; ++row) {
          int nI = static_cast<int>(row / OH), oy = static_cast<int>(row % OH);
          for (int ox = 0; ox < OW; ++ox) {
            float *y =
                Y + ((static_cast<int64_t>(nI) * OH + oy) * OW + ox) * CO;
            for (int co = 0; co < CO; ++co)
              y[co] = B ? B[co] : 0.f;
            for (int ky = 0; ky < KH; ++ky) {
              int iy = oy * o.strideH - ph + ky * o.dilationH;
              if (iy < 0 || iy >= H)
                continue;
              for (int kx = 0; kx < KW; ++kx) {
                int ix = ox * o.strideW - pw + kx * o.dilationW;
                if (ix < 0 || ix >= W)
                  continue;
                const float *x =
                    X + ((static_cast<int64_t>(nI) * H + iy) * W + ix) * C;
                const float *fk =
                    F + (static_cast<int64_t>(ky) * KW + kx) * FC * CO;
                for (int g = 0; g < groups; ++g) {
                  const int c0 = g * coPerGroup, c1 = c0 + coPerGroup;
                  for (int c = 0; c < FC; ++c) {
                    const float xv = x[g * FC + c];
                    const float *fr = fk + static_cast<int64_t>(c) * CO;
                    for (int co = c0; co < c1; ++co)
                      y[co] += xv * fr[co];
                  }
                }
              }
            }
            for (int co = 0; co < CO; ++co)
              y[co] = applyActivation(y[co], act);
          }
        }
      });
}

void depthwiseConv2d(ThreadPool &pool, const Window &w, const float *X,
                     const float *F, int CO, const float *B, Activation act,
                     float *Y) {
  const int N = w.batch, H = w.inH, W = w.inW, C = w.channels;
  const int KH = w.kH, KW = w.kW, OH = w.outH, OW = w.outW;
  const int ph = w.padTop, pw = w.padLeft;
  const Window &o = w; // strides and dilations
  const int M = CO / C;
  pool.parallelFor(
      static_cast<int64_t>(N) * OH, double(OW) * KH * KW * CO,
      [&](int64_t b, int64_t e) {
        for (int64_t row = b; row < e; ++row) {
          int nI = static_cast<int>(row / OH), oy = static_cast<int>(row % OH);
          for (int ox = 0; ox < OW; ++ox) {
            float *y =
                Y + ((static_cast<int64_t>(nI) * OH + oy) * OW + ox) * CO;
            for (int co = 0; co < CO; ++co)
              y[co] = B ? B[co] : 0.f;
            for (int ky = 0; ky < KH; ++ky) {
              int iy = oy * o.strideH - ph + ky * o.dilationH;
              if (iy < 0 || iy >= H)
                continue;
              for (int kx = 0; kx < KW; ++kx) {
                int ix = ox * o.strideW - pw + kx * o.dilationW;
                if (ix < 0 || ix >= W)
                  continue;
                const float *x =
                    X + ((static_cast<int64_t>(nI) * H + iy) * W + ix) * C;
                const float *fr = F + (static_cast<int64_t>(ky) * KW + kx) * CO;
                if (M == 1) {
                  for (int co = 0; co < CO; ++co)
                    y[co] += x[co] * fr[co];
                } else {
                  for (int c = 0; c < C; ++c)
                    for (int m = 0; m < M; ++m)
                      y[c * M + m] += x[c] * fr[c * M + m];
                }
              }
            }
            for (int co = 0; co < CO; ++co)
              y[co] = applyActivation(y[co], act);
          }
        }
      });
}

void fullyConnected(ThreadPool &pool, int64_t rows, int64_t n, int64_t k,
                    const float *X, const float *Wt, const float *B,
                    Activation act, float *Y) {
  pool.parallelFor(n, double(rows) * k, [&](int64_t b, int64_t e) {
    for (int64_t r = 0; r < rows; ++r) {
      float *y = Y + r * n;
      for (int64_t o = b; o < e; ++o)
        y[o] = B ? B[o] : 0.f;
      const float *x = X + r * k;
      for (int64_t i = 0; i < k; ++i) {
        const float xv = x[i];
        const float *wr = Wt + i * n;
        for (int64_t o = b; o < e; ++o)
          y[o] += xv * wr[o];
      }
      for (int64_t o = b; o < e; ++o)
        y[o] = applyActivation(y[o], act);
    }
  });
}

void transposeConv(const Tensor &in, const float *F, int KH, int KW, int CO,
                   const float *B, Padding pad, int sh, int sw, Activation act,
                   Tensor &out) {
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  int ph, pw, dummy;
  computePadding(pad, OH, KH, sh, 1, dummy, ph);
  computePadding(pad, OW, KW, sw, 1, dummy, pw);
  float *Y = out.as<float>();
  const float *X = in.as<float>();
  std::fill(Y, Y + out.numElements(), 0.f);
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        const float *xp = X + ((static_cast<int64_t>(n) * H + y) * W + x) * C;
        for (int ky = 0; ky < KH; ++ky) {
          int oy = y * sh - ph + ky;
          if (oy < 0 || oy >= OH)
            continue;
          for (int kx = 0; kx < KW; ++kx) {
            int ox = x * sw - pw + kx;
            if (ox < 0 || ox >= OW)
              continue;
            float *yp =
                Y + ((static_cast<int64_t>(n) * OH + oy) * OW + ox) * CO;
            for (int co = 0; co < CO; ++co) {
              const float *fr =
                  F + ((static_cast<int64_t>(co) * KH + ky) * KW + kx) * C;
              float s = 0.f;
              for (int c = 0; c < C; ++c)
                s += xp[c] * fr[c];
              yp[co] += s;
            }
          }
        }
      }
  const int64_t pixels = static_cast<int64_t>(N) * OH * OW;
  for (int64_t p = 0; p < pixels; ++p)
    for (int co = 0; co < CO; ++co) {
      float &v = Y[p * CO + co];
      v = applyActivation(v + (B ? B[co] : 0.f), act);
    }
}

void pool2d(int32_t code, const Window &w, const float *X, Activation act,
            float *Y) {
  const int N = w.batch, H = w.inH, W = w.inW, C = w.channels;
  const int OH = w.outH, OW = w.outW, ph = w.padTop, pw = w.padLeft;
  struct {
    int strideH, strideW, filterH, filterW;
    Activation activation;
  } o{w.strideH, w.strideW, w.kH, w.kW, act};
  std::vector<float> acc(C);
  for (int n = 0; n < N; ++n)
    for (int oy = 0; oy < OH; ++oy)
      for (int ox = 0; ox < OW; ++ox) {
        int y0 = oy * o.strideH - ph, x0 = ox * o.strideW - pw;
        int ys = std::max(0, y0), ye = std::min(H, y0 + o.filterH);
        int xs = std::max(0, x0), xe = std::min(W, x0 + o.filterW);
        std::fill(acc.begin(), acc.end(),
                  code == kOp_MAX_POOL_2D
                      ? -std::numeric_limits<float>::infinity()
                      : 0.f);
        int count = 0;
        for (int y = ys; y < ye; ++y)
          for (int x = xs; x < xe; ++x, ++count) {
            const float *xp =
                X + ((static_cast<int64_t>(n) * H + y) * W + x) * C;
            for (int c = 0; c < C; ++c) {
              if (code == kOp_MAX_POOL_2D)
                acc[c] = std::max(acc[c], xp[c]);
              else if (code == kOp_L2_POOL_2D)
                acc[c] += xp[c] * xp[c];
              else
                acc[c] += xp[c];
            }
          }
        float *yp = Y + ((static_cast<int64_t>(n) * OH + oy) * OW + ox) * C;
        for (int c = 0; c < C; ++c) {
          float v = acc[c];
          if (code == kOp_AVERAGE_POOL_2D)
            v = count ? v / count : 0.f;
          else if (code == kOp_L2_POOL_2D)
            v = count ? std::sqrt(v / count) : 0.f;
          yp[c] = applyActivation(v, o.activation);
        }
      }
}

} // namespace tfmlir::lite::kernels::reference
