//===- QuantConv.cpp - Plain loops of the integer conv-like kernels -------===//
//
// See QuantConv.h.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/reference/QuantConv.h"
#include "runtime/lite/kernels/KernelUtil.h"

#include <cstring>

namespace tfmlir::lite::kernels::reference {
namespace {

template <typename Acc>
void conv2dIntT(OpContext &ctx, const QConvState &st, const Tensor &in,
                const Tensor &f, Tensor &out, int ph, int pw) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2], FC = f.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  const int64_t K = static_cast<int64_t>(KH) * KW * FC;
  const int groups = C / FC, coPerGroup = CO / groups;
  const int16_t *X = st.x16.data();
  const int16_t *Wt = st.w.data();
  const bool direct = KH == 1 && KW == 1 && groups == 1 && ph == 0 && pw == 0;
  const int64_t pixels = static_cast<int64_t>(N) * OH * OW;
  ctx.threadPool()->parallelFor(
      pixels, double(K) * CO, [&](int64_t pb, int64_t pe) {
        std::vector<int16_t> patch(static_cast<size_t>(K));
        for (int64_t p = pb; p < pe; ++p) {
          const int n = static_cast<int>(p / (static_cast<int64_t>(OH) * OW));
          const int oy = static_cast<int>((p / OW) % OH),
                    ox = static_cast<int>(p % OW);
          const int iy0 = oy * o.strideH - ph, ix0 = ox * o.strideW - pw;
          for (int g = 0; g < groups; ++g) {
            const int16_t *pp;
            if (direct) {
              pp = X + ((static_cast<int64_t>(n) * H + iy0) * W + ix0) * C;
            } else {
              // im2col of one output pixel; padded taps are 0 (= x - zp of a
              // zero-point pad, as TFLite skips them).
              int16_t *q = patch.data();
              for (int ky = 0; ky < KH; ++ky) {
                const int iy = iy0 + ky * o.dilationH;
                for (int kx = 0; kx < KW; ++kx, q += FC) {
                  const int ix = ix0 + kx * o.dilationW;
                  if (iy < 0 || iy >= H || ix < 0 || ix >= W) {
                    std::fill(q, q + FC, int16_t(0));
                    continue;
                  }
                  std::memcpy(
                      q,
                      X + ((static_cast<int64_t>(n) * H + iy) * W + ix) * C +
                          static_cast<int64_t>(g) * FC,
                      FC * sizeof(int16_t));
                }
              }
              pp = patch.data();
            }
            for (int co = g * coPerGroup; co < (g + 1) * coPerGroup; ++co) {
              Acc acc = wrapAdd<Acc>(dot16<Acc>(pp, Wt + co * K, K),
                                     static_cast<Acc>(st.bias[co]));
              storeQ(out, p * CO + co, requant(acc, st, co));
            }
          }
        }
      });
}

template <typename Acc>
void depthwiseConv2dIntT(OpContext &ctx, const QConvState &st, const Tensor &in,
                         const Tensor &f, Tensor &out, int ph, int pw) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int KH = f.shape[1], KW = f.shape[2], CO = f.shape[3];
  const int M = CO / C;
  const int OH = out.shape[1], OW = out.shape[2];
  const int16_t *X = st.x16.data(), *Wt = st.w.data();
  const int64_t pixels = static_cast<int64_t>(N) * OH * OW;
  ctx.threadPool()->parallelFor(
      pixels, double(KH) * KW * CO, [&](int64_t pb, int64_t pe) {
        std::vector<Acc> acc(CO);
        std::vector<int16_t> xr(CO);
        for (int64_t p = pb; p < pe; ++p) {
          const int n = static_cast<int>(p / (static_cast<int64_t>(OH) * OW));
          const int oy = static_cast<int>((p / OW) % OH),
                    ox = static_cast<int>(p % OW);
          const int iy0 = oy * o.strideH - ph, ix0 = ox * o.strideW - pw;
          for (int c = 0; c < CO; ++c)
            acc[c] = static_cast<Acc>(st.bias[c]);
          for (int ky = 0; ky < KH; ++ky) {
            const int iy = iy0 + ky * o.dilationH;
            if (iy < 0 || iy >= H)
              continue;
            for (int kx = 0; kx < KW; ++kx) {
              const int ix = ix0 + kx * o.dilationW;
              if (ix < 0 || ix >= W)
                continue;
              const int16_t *xp =
                  X + ((static_cast<int64_t>(n) * H + iy) * W + ix) * C;
              const int16_t *wp =
                  Wt + (static_cast<int64_t>(ky) * KW + kx) * CO;
              const int16_t *xs = xp;
              if (M != 1) {
                for (int c = 0; c < C; ++c)
                  for (int m = 0; m < M; ++m)
                    xr[c * M + m] = xp[c];
                xs = xr.data();
              }
              Acc *__restrict a = acc.data();
              for (int c = 0; c < CO; ++c)
                a[c] = wrapAdd<Acc>(
                    a[c], static_cast<Acc>(static_cast<int32_t>(xs[c]) *
                                           static_cast<int32_t>(wp[c])));
            }
          }
          for (int c = 0; c < CO; ++c)
            storeQ(out, p * CO + c, requant(acc[c], st, c));
        }
      });
}

template <typename Acc>
void fullyConnectedIntT(OpContext &ctx, const QConvState &st, const Tensor &in,
                        const Tensor &w, Tensor &out) {
  const int64_t n = w.shape[0], k = w.shape[1];
  const int64_t rows = in.numElements() / k;
  const int16_t *X = st.x16.data(), *Wt = st.w.data();
  ctx.threadPool()->parallelFor(n, double(rows) * k, [&](int64_t b, int64_t e) {
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t o = b; o < e; ++o) {
        Acc acc = wrapAdd<Acc>(dot16<Acc>(X + r * k, Wt + o * k, k),
                               static_cast<Acc>(st.bias[o]));
        storeQ(out, r * n + o, requant(acc, st, o));
      }
  });
}

template <typename Acc>
void transposeConvIntT(OpContext &ctx, const QConvState &st, const Tensor &in,
                       const Tensor &f, Tensor &out, int ph, int pw) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2];
  const int OH = out.shape[1], OW = out.shape[2];
  std::vector<Acc> acc(static_cast<size_t>(out.numElements()), 0);
  const int16_t *X = st.x16.data(), *F = st.w.data();
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        const int16_t *xp = X + ((static_cast<int64_t>(n) * H + y) * W + x) * C;
        for (int ky = 0; ky < KH; ++ky) {
          const int oy = y * o.strideH - ph + ky;
          if (oy < 0 || oy >= OH)
            continue;
          for (int kx = 0; kx < KW; ++kx) {
            const int ox = x * o.strideW - pw + kx;
            if (ox < 0 || ox >= OW)
              continue;
            Acc *ap = acc.data() +
                      ((static_cast<int64_t>(n) * OH + oy) * OW + ox) * CO;
            for (int co = 0; co < CO; ++co)
              ap[co] = wrapAdd<Acc>(
                  ap[co],
                  dot16<Acc>(
                      xp,
                      F + ((static_cast<int64_t>(co) * KH + ky) * KW + kx) * C,
                      C));
          }
        }
      }
  const int64_t pixels = static_cast<int64_t>(N) * OH * OW;
  for (int64_t p = 0; p < pixels; ++p)
    for (int co = 0; co < CO; ++co)
      storeQ(
          out, p * CO + co,
          requant(wrapAdd<Acc>(acc[p * CO + co], static_cast<Acc>(st.bias[co])),
                  st, co));
}

} // namespace

void conv2dInt(OpContext &ctx, const QConvState &st, const Tensor &in,
               const Tensor &f, Tensor &out, int ph, int pw) {
  if (in.type == TensorType::kInt16)
    conv2dIntT<int64_t>(ctx, st, in, f, out, ph, pw);
  else
    conv2dIntT<int32_t>(ctx, st, in, f, out, ph, pw);
}

void depthwiseConv2dInt(OpContext &ctx, const QConvState &st, const Tensor &in,
                        const Tensor &f, Tensor &out, int ph, int pw) {
  if (in.type == TensorType::kInt16)
    depthwiseConv2dIntT<int64_t>(ctx, st, in, f, out, ph, pw);
  else
    depthwiseConv2dIntT<int32_t>(ctx, st, in, f, out, ph, pw);
}

void fullyConnectedInt(OpContext &ctx, const QConvState &st, const Tensor &in,
                       const Tensor &w, Tensor &out) {
  if (in.type == TensorType::kInt16)
    fullyConnectedIntT<int64_t>(ctx, st, in, w, out);
  else
    fullyConnectedIntT<int32_t>(ctx, st, in, w, out);
}

void transposeConvInt(OpContext &ctx, const QConvState &st, const Tensor &in,
                      const Tensor &f, Tensor &out, int ph, int pw) {
  if (in.type == TensorType::kInt16)
    transposeConvIntT<int64_t>(ctx, st, in, f, out, ph, pw);
  else
    transposeConvIntT<int32_t>(ctx, st, in, f, out, ph, pw);
}

absl::Status poolInt(OpContext &ctx, int32_t lo, int32_t hi, bool isMax,
                     const Tensor &in, Tensor &out, int ph, int pw) {
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  for (int n = 0; n < N; ++n)
    for (int oy = 0; oy < OH; ++oy)
      for (int ox = 0; ox < OW; ++ox) {
        const int y0 = oy * o.strideH - ph, x0 = ox * o.strideW - pw;
        const int ya = std::max(0, y0), yb = std::min(H, y0 + o.filterH);
        const int xa = std::max(0, x0), xb = std::min(W, x0 + o.filterW);
        const int count = std::max(0, yb - ya) * std::max(0, xb - xa);
        for (int c = 0; c < C; ++c) {
          int64_t acc = isMax ? typeMin(in.type) : 0;
          for (int y = ya; y < yb; ++y)
            for (int x = xa; x < xb; ++x) {
              int64_t v = loadQ(
                  in, ((static_cast<int64_t>(n) * H + y) * W + x) * C + c);
              acc = isMax ? std::max(acc, v) : acc + v;
            }
          if (!isMax) {
            if (count == 0)
              return invalid("average pool window with no input element");
            // Rounded to nearest, ties away from zero (TFLite's AveragePool).
            acc =
                acc > 0 ? (acc + count / 2) / count : (acc - count / 2) / count;
          }
          storeQ(out, ((static_cast<int64_t>(n) * OH + oy) * OW + ox) * C + c,
                 static_cast<int32_t>(std::clamp<int64_t>(acc, lo, hi)));
        }
      }
  return absl::OkStatus();
}

} // namespace tfmlir::lite::kernels::reference
