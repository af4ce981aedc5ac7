//===- Conv2d.cpp - k x k convolution as an implicit GEMM -----------------===//
//
// See Conv2d.h. The GEMM driver (Gemm.cpp) asks for A one register tile
// (<= 14 output pixels) and K block (<= 256) at a time; gatherTile builds
// the indirection rows of those pixels (one pointer per filter tap in the
// block, null in the padding) and copies the channel runs they point to
// into the tile.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Conv2d.h"
#include "runtime/cpu/GemmKernels.h"

#include <algorithm>
#include <cstring>

using namespace tfmlir::rt;

namespace {

constexpr int64_t kNR = TFMLIR_RT_SGEMM_PANEL;
constexpr int64_t kMaxTaps = TFMLIR_RT_CONV2D_MAX_TAPS;

/// The convolution window and the input, in elements.
struct Geometry {
  const float *in;
  int64_t inN, inH, inW; ///< input strides (channel stride 1)
  int64_t h, w, c;       ///< input sizes
  int64_t oh, ow;        ///< output sizes
  int64_t kh, kw, sh, sw, dh, dw, pt, pl;
};

/// AGather::fn: tile[r * kc + q] = A[row0 + r][k0 + q] of the implicit
/// im2col matrix A[N*OH*OW, KH*KW*C].
void gatherTile(const void *ctx, int64_t row0, int64_t mr, int64_t k0,
                int64_t kc, float *tile) {
  const Geometry &g = *static_cast<const Geometry *>(ctx);
  if (kc <= 0)
    return;
  // The taps [t0, t1) that K block [k0, k0 + kc) covers.
  int64_t t0 = k0 / g.c, t1 = (k0 + kc + g.c - 1) / g.c;
  const float *ind[kGatherMaxRows][kMaxTaps];
  int64_t plane = g.oh * g.ow;
  for (int64_t r = 0; r < mr; ++r) {
    int64_t m = row0 + r;
    int64_t n = m / plane, rem = m % plane;
    int64_t oy = rem / g.ow, ox = rem % g.ow;
    const float *base = g.in + n * g.inN;
    for (int64_t t = t0; t < t1; ++t) {
      int64_t iy = oy * g.sh - g.pt + (t / g.kw) * g.dh;
      int64_t ix = ox * g.sw - g.pl + (t % g.kw) * g.dw;
      bool inside = iy >= 0 && iy < g.h && ix >= 0 && ix < g.w;
      ind[r][t - t0] = inside ? base + iy * g.inH + ix * g.inW : nullptr;
    }
  }
  for (int64_t r = 0; r < mr; ++r) {
    float *dst = tile + r * kc;
    for (int64_t t = t0; t < t1; ++t) {
      int64_t lo = std::max(k0, t * g.c);
      int64_t hi = std::min(k0 + kc, (t + 1) * g.c);
      const float *src = ind[r][t - t0];
      float *d = dst + (lo - k0);
      int64_t n = hi - lo;
      if (n <= 4) {
        // Few channels (an RGB stem: 3): a libc call per tap would cost
        // more than the copy.
        const float *sp = src ? src + (lo - t * g.c) : nullptr;
        switch (n) {
        case 4:
          d[3] = sp ? sp[3] : 0.0f;
          [[fallthrough]];
        case 3:
          d[2] = sp ? sp[2] : 0.0f;
          [[fallthrough]];
        case 2:
          d[1] = sp ? sp[1] : 0.0f;
          [[fallthrough]];
        case 1:
          d[0] = sp ? sp[0] : 0.0f;
          break;
        default:
          break;
        }
      } else if (src) {
        std::memcpy(d, src + (lo - t * g.c), n * sizeof(float));
      } else {
        std::memset(d, 0, n * sizeof(float));
      }
    }
  }
}

template <typename D> const float *at(const D *d) {
  return d->aligned + d->offset;
}

/// True if the [N,OH,OW,O] memref `d` is row-major contiguous (strides of
/// size-1 dims do not matter).
bool contiguous(const tfmlir_rt_memref4d *d) {
  int64_t expect = 1;
  for (int i = 3; i >= 0; --i) {
    if (d->sizes[i] > 1 && d->strides[i] != expect)
      return false;
    expect *= d->sizes[i];
  }
  return true;
}

/// Any strides: a plain loop over the packed filter (the path for operands
/// the fast path does not take; summation over kh, kw, c in that order).
void convStrided(const Geometry &g, tfmlir_rt_memref4d *input,
                 tfmlir_rt_memref3d *pb, tfmlir_rt_memref1d *bias,
                 tfmlir_rt_memref4d *res, tfmlir_rt_memref4d *out,
                 int32_t act) {
  const float *in = at(input);
  const float *b = at(pb);
  int64_t o = out->sizes[3];
  for (int64_t n = 0; n < out->sizes[0]; ++n)
    for (int64_t y = 0; y < g.oh; ++y)
      for (int64_t x = 0; x < g.ow; ++x)
        for (int64_t j = 0; j < o; ++j) {
          float acc = 0;
          for (int64_t t = 0; t < g.kh * g.kw; ++t) {
            int64_t iy = y * g.sh - g.pt + (t / g.kw) * g.dh;
            int64_t ix = x * g.sw - g.pl + (t % g.kw) * g.dw;
            if (iy < 0 || iy >= g.h || ix < 0 || ix >= g.w)
              continue;
            for (int64_t ch = 0; ch < g.c; ++ch) {
              int64_t q = t * g.c + ch;
              acc += in[n * input->strides[0] + iy * input->strides[1] +
                        ix * input->strides[2] + ch * input->strides[3]] *
                     b[(j / kNR) * pb->strides[0] + q * pb->strides[1] +
                       (j % kNR) * pb->strides[2]];
            }
          }
          if (bias)
            acc += at(bias)[j * bias->strides[0]];
          if (res)
            acc += at(res)[n * res->strides[0] + y * res->strides[1] +
                           x * res->strides[2] + j * res->strides[3]];
          if (act == TFMLIR_RT_ACT_RELU || act == TFMLIR_RT_ACT_RELU6)
            acc = acc < 0.0f ? 0.0f : acc;
          if (act == TFMLIR_RT_ACT_RELU6)
            acc = acc > 6.0f ? 6.0f : acc;
          out->aligned[out->offset + n * out->strides[0] + y * out->strides[1] +
                       x * out->strides[2] + j * out->strides[3]] = acc;
        }
}

} // namespace

extern "C" void _mlir_ciface_tfmlir_rt_conv2d_packed_memref(
    tfmlir_rt_memref4d *input, tfmlir_rt_memref3d *packed_filter,
    tfmlir_rt_memref1d *bias, tfmlir_rt_memref4d *residual,
    tfmlir_rt_memref4d *output, int64_t kernel_h, int64_t kernel_w,
    int64_t stride_h, int64_t stride_w, int64_t dilation_h, int64_t dilation_w,
    int64_t pad_top, int64_t pad_left, int32_t has_bias, int32_t has_residual,
    int32_t activation) {
  if (kernel_h <= 0 || kernel_w <= 0 || kernel_h * kernel_w > kMaxTaps ||
      stride_h <= 0 || stride_w <= 0 || dilation_h <= 0 || dilation_w <= 0)
    return;
  int64_t c = input->sizes[3], o = output->sizes[3];
  int64_t k = kernel_h * kernel_w * c;
  if (output->sizes[0] != input->sizes[0] ||
      packed_filter->sizes[0] != (o + kNR - 1) / kNR ||
      packed_filter->sizes[1] != k || packed_filter->sizes[2] != kNR ||
      (has_bias && bias->sizes[0] != o))
    return;
  if (has_residual)
    for (int i = 0; i < 4; ++i)
      if (residual->sizes[i] != output->sizes[i])
        return;
  Geometry g{};
  g.in = at(input);
  g.inN = input->strides[0];
  g.inH = input->strides[1];
  g.inW = input->strides[2];
  g.h = input->sizes[1];
  g.w = input->sizes[2];
  g.c = c;
  g.oh = output->sizes[1];
  g.ow = output->sizes[2];
  g.kh = kernel_h;
  g.kw = kernel_w;
  g.sh = stride_h;
  g.sw = stride_w;
  g.dh = dilation_h;
  g.dw = dilation_w;
  g.pt = pad_top;
  g.pl = pad_left;
  int64_t m = output->sizes[0] * g.oh * g.ow;
  if (m <= 0 || o <= 0)
    return;
  bool fast =
      (c <= 1 || input->strides[3] == 1) && contiguous(output) &&
      (!has_residual || contiguous(residual)) &&
      (!has_bias || bias->strides[0] == 1) && packed_filter->strides[2] == 1 &&
      packed_filter->strides[1] == kNR && packed_filter->strides[0] == kNR * k;
  if (!fast || c == 0) {
    convStrided(g, input, packed_filter, has_bias ? bias : nullptr,
                has_residual ? residual : nullptr, output, activation);
    return;
  }
  AGather gather{gatherTile, &g};
  sgemmPackedGather(m, o, k, gather, at(packed_filter),
                    output->aligned + output->offset, o,
                    has_bias ? at(bias) : nullptr,
                    has_residual ? at(residual) : nullptr, o, activation);
}
