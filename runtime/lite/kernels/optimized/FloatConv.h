//===- FloatConv.h - Optimized float32 conv / depthwise / FC / pool -*- C++
//-*-===//
//
// The fast float32 paths of CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED and
// MAX_POOL_2D (kernels/optimized), after XNNPACK: weights packed once into
// 16-channel panels with the bias in front (PackedGemm, PackedDepthwise),
// an indirection buffer from kernels/Window.h for every windowed op (1x1
// stride-1 unpadded convs and FULLY_CONNECTED run as a plain GEMM over
// rows), the register-blocked microkernels of FloatMicrokernels.h, and the
// fused activation as a clamp. Work is split over (row tile, channel panel)
// pairs on the interpreter's ThreadPool, whose cost model keeps small ops
// serial. Each output element is summed in one fixed order, so results do
// not depend on the thread count; they differ from the reference loops
// (kernels/Conv.cpp) only by float rounding (FMA, order of the taps in the
// 3x3 depthwise kernel).
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_FLOATCONV_H
#define TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_FLOATCONV_H

#include "runtime/lite/ThreadPool.h"
#include "runtime/lite/kernels/Window.h"
#include "runtime/lite/kernels/optimized/FloatMicrokernels.h"

#include "absl/status/status.h"

#include <cstdint>
#include <vector>

namespace tfmlir::lite::optimized {

/// GEMM-shaped weights (CONV_2D filter [N, KH, KW, Cin] = rows of taps x kc,
/// FULLY_CONNECTED weights [N, K] = taps 1) in the panel layout of
/// FloatMicrokernels.h.
struct PackedGemm {
  int n = 0, taps = 0, kc = 0;
  std::vector<float> data;
  /// Packs w[n][taps * kc] (row-major) and `bias` (n values, or nullptr for
  /// zeros). ResourceExhausted when the panels cannot be allocated.
  absl::Status pack(const float *w, const float *bias, int n, int taps, int kc);
  int64_t panelFloats() const { return 16 + int64_t(taps) * kc * 16; }
};

/// DEPTHWISE_CONV_2D weights (filter [1, KH, KW, C], multiplier 1) in the
/// depthwise panel layout of FloatMicrokernels.h.
struct PackedDepthwise {
  int channels = 0, taps = 0;
  std::vector<float> data;
  /// Packs w[taps][channels] and `bias` (channels values or nullptr).
  /// ResourceExhausted when the panels cannot be allocated.
  absl::Status pack(const float *w, const float *bias, int channels, int taps);
};

/// Scratch a windowed node keeps between invocations: its indirection
/// buffer and the pad row (zeros for conv / depthwise, -inf for max pool).
struct WindowScratch {
  kernels::Indirection<float> indirection;
  std::vector<float> padRow;
};

/// CONV_2D with one group: input X [batch, inH, inW, w.channels] (NHWC),
/// output Y [batch, outH, outW, p.n]; p.taps == w.taps(), p.kc ==
/// w.channels. Output clamped to [lo, hi] (the fused activation).
absl::Status conv2d(ThreadPool &pool, const FloatMicrokernels &uk,
                    const kernels::Window &w, const float *X,
                    const PackedGemm &p, float lo, float hi, float *Y,
                    WindowScratch &scratch);

/// Y[r][0..p.n) = clamp(bias + X[r][0..p.kc) . W[n]) for r < rows: the
/// FULLY_CONNECTED product (p.taps == 1), also used for 1x1 convolutions.
void gemmRows(ThreadPool &pool, const FloatMicrokernels &uk, int64_t rows,
              const float *X, const PackedGemm &p, float lo, float hi,
              float *Y);

/// DEPTHWISE_CONV_2D with depth multiplier 1: X [batch, inH, inW, C], Y
/// [batch, outH, outW, C], C == w.channels == p.channels.
absl::Status depthwiseConv2d(ThreadPool &pool, const FloatMicrokernels &uk,
                             const kernels::Window &w, const float *X,
                             const PackedDepthwise &p, float lo, float hi,
                             float *Y, WindowScratch &scratch);

/// TRANSPOSE_CONV weights: the filter [Cout, KH, KW, Cin] as GEMM rows in
/// (ky, kx, co) order, so one input pixel's product is KH x KW contiguous
/// rows of Cout to scatter-add. Packs with zero bias.
absl::Status packTransposeConv(const float *filter, int CO, int KH, int KW,
                               int CI, PackedGemm &p);

/// TRANSPOSE_CONV (and MediaPipe's Convolution2DTransposeBias): X [N, H, W,
/// Cin], `p` from packTransposeConv, Y [N, OH, OW, Cout] with padding
/// padTop / padLeft as computed for a conv from output to input; bias B
/// (Cout values or null) and the clamp [lo, hi] applied at the end. The
/// product of a block of input pixels runs as a GEMM on the pool (scratch
/// `cols`), then is scatter-added in input pixel and tap order, as the
/// reference loop adds.
absl::Status transposeConv(ThreadPool &pool, const FloatMicrokernels &uk, int N,
                           int H, int W, int KH, int KW, int strideH,
                           int strideW, int padTop, int padLeft, int OH, int OW,
                           const float *X, const PackedGemm &p, const float *B,
                           float lo, float hi, float *Y,
                           std::vector<float> &cols);

/// MAX_POOL_2D: X [batch, inH, inW, C], Y [batch, outH, outW, C]; taps in
/// the padding are ignored (TFLite's MaxPool; -inf pad row).
absl::Status maxPool2d(ThreadPool &pool, const FloatMicrokernels &uk,
                       const kernels::Window &w, const float *X, float lo,
                       float hi, float *Y, WindowScratch &scratch);

} // namespace tfmlir::lite::optimized

#endif // TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_FLOATCONV_H
