//===- Window.h - The 2-D window over NHWC shared by windowed ops -*- C++
//-*-===//
//
// One home for the window arithmetic of CONV_2D, DEPTHWISE_CONV_2D,
// AVERAGE/MAX/L2_POOL_2D and TRANSPOSE_CONV (reference and optimized, float
// and quantized): output size and padding as TF/TFLite compute them
// (computePadding), and the mapping from (output pixel, tap) to the input
// pixel it reads. The optimized kernels turn that mapping into XNNPACK's
// indirection buffer: for every output pixel, one pointer per tap to the
// input pixel's channels, or to a zero row where the tap falls into the
// padding, built once per input address and shared by conv, depthwise and
// pooling microkernels.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_WINDOW_H
#define TFMLIR_RUNTIME_LITE_KERNELS_WINDOW_H

#include "runtime/lite/Model.h"

#include <cstdint>
#include <vector>

namespace tfmlir::lite::kernels {

/// A kH x kW window with strides and dilations sliding over a [batch, inH,
/// inW, channels] input, producing [batch, outH, outW, ...]. Taps are
/// numbered row-major (t = ky * kW + kx), the order of TFLite's filter
/// layouts [.., KH, KW, ..].
struct Window {
  int batch = 0, inH = 0, inW = 0, channels = 0;
  int kH = 1, kW = 1, strideH = 1, strideW = 1, dilationH = 1, dilationW = 1;
  int padTop = 0, padLeft = 0, outH = 0, outW = 0;

  /// The window for `padding` (SAME / VALID, as TF) over an NHWC input
  /// shape; strides and dilations must be >= 1 (checked by the callers'
  /// prepare).
  static Window make(Padding padding, int batch, int inH, int inW, int channels,
                     int kH, int kW, int strideH, int strideW,
                     int dilationH = 1, int dilationW = 1);

  int taps() const { return kH * kW; }
  int64_t outPixels() const { return int64_t(batch) * outH * outW; }
  /// Index (n * inH + iy) * inW + ix of the input pixel that tap t of
  /// output pixel p (= (n * outH + oy) * outW + ox) reads, or -1 when the
  /// tap falls into the padding.
  int64_t inputPixel(int64_t p, int t) const {
    const int64_t ohw = int64_t(outH) * outW;
    const int n = static_cast<int>(p / ohw);
    const int oy = static_cast<int>((p / outW) % outH);
    const int ox = static_cast<int>(p % outW);
    const int iy = oy * strideH - padTop + (t / kW) * dilationH;
    const int ix = ox * strideW - padLeft + (t % kW) * dilationW;
    if (iy < 0 || iy >= inH || ix < 0 || ix >= inW)
      return -1;
    return (int64_t(n) * inH + iy) * inW + ix;
  }
};

/// XNNPACK's indirection buffer for one windowed node: outPixels() x taps()
/// pointers (pixel-major), tap t of pixel p pointing at the input pixel's
/// `channels` elements (stride `pixelStride` elements between pixels) or at
/// `padRow` where the tap falls into the padding. Rebuilt only when the
/// window, input address or pad row changes, so a node pays for it once
/// after AllocateTensors.
template <typename T> class Indirection {
public:
  /// The pointers for `w` over input `x`; `padRow` must hold at least
  /// w.channels elements (zeros for conv / depthwise).
  const T *const *get(const Window &w, const T *x, int64_t pixelStride,
                      const T *padRow) {
    if (x != x_ || padRow != pad_ || !same(w) || stride_ != pixelStride) {
      const int taps = w.taps();
      ptrs_.resize(static_cast<size_t>(w.outPixels() * taps));
      for (int64_t p = 0, e = w.outPixels(); p < e; ++p)
        for (int t = 0; t < taps; ++t) {
          const int64_t ip = w.inputPixel(p, t);
          ptrs_[p * taps + t] = ip < 0 ? padRow : x + ip * pixelStride;
        }
      x_ = x, pad_ = padRow, w_ = w, stride_ = pixelStride;
    }
    return ptrs_.data();
  }

private:
  bool same(const Window &w) const {
    return w.batch == w_.batch && w.inH == w_.inH && w.inW == w_.inW &&
           w.kH == w_.kH && w.kW == w_.kW && w.strideH == w_.strideH &&
           w.strideW == w_.strideW && w.dilationH == w_.dilationH &&
           w.dilationW == w_.dilationW && w.padTop == w_.padTop &&
           w.padLeft == w_.padLeft && w.outH == w_.outH && w.outW == w_.outW;
  }
  std::vector<const T *> ptrs_;
  const T *x_ = nullptr, *pad_ = nullptr;
  int64_t stride_ = 0;
  Window w_;
};

} // namespace tfmlir::lite::kernels

#endif // TFMLIR_RUNTIME_LITE_KERNELS_WINDOW_H
