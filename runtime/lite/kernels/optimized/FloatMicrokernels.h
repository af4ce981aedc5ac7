//===- FloatMicrokernels.h - float32 microkernels per ISA -------*- C++ -*-===//
//
// Register-blocked float32 microkernels after XNNPACK's f32-igemm and
// f32-dwconv: one source (FloatMicrokernels.inc, clang vector extensions)
// compiled three times, for AVX-512 (8 rows x 16 channels, 8 zmm
// accumulators), AVX2+FMA (4 x 16) and the portable baseline (2 x 16, no
// FMA), picked once at run time by CPUID (floatMicrokernels()). All three
// read the same packed weight layouts:
//
//  - GEMM panels (CONV_2D, FULLY_CONNECTED, 1x1 conv): output channels in
//    panels of kNr = 16; panel j holds bias[16] then, for every tap t and
//    input channel k, the 16 weights w[j*16 .. j*16+15][t][k]; output
//    channels past N are zero.
//  - depthwise panels (DEPTHWISE_CONV_2D with depth multiplier 1): channels
//    in panels of 16; panel j holds bias[16] then taps x 16 weights.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_FLOATMICROKERNELS_H
#define TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_FLOATMICROKERNELS_H

#include <cstdint>

namespace tfmlir::lite::optimized {

/// Output channels per packed panel, for every ISA.
constexpr int kNr = 16;

/// The instruction sets the microkernels are built for.
enum class Isa { kGeneric, kAvx2, kAvx512 };

/// One ISA's microkernels.
struct FloatMicrokernels {
  Isa isa;
  const char *name;
  /// Rows (output pixels) per igemm call.
  int mr;
  /// Indirect GEMM tile: for r < mr (<= this->mr) rows and j < nc (<= 16)
  /// channels, c[r * cStride + j] = clamp(bias[j] + sum over taps t and
  /// k < kc of a[r * taps + t][k] * w[t][k][j], lo, hi), where `w` is one
  /// GEMM panel (bias first). Pointers of rows >= mr are not read.
  void (*igemm)(int mr, int nc, int taps, int kc, const float *const *a,
                const float *w, float *c, int64_t cStride, float lo, float hi);
  /// Depthwise output pixel: for c < channels, out[c] = clamp(bias[c] +
  /// sum over taps t of a[t][c] * w[t][c], lo, hi), `w` the depthwise
  /// panels of all channels.
  void (*dwconv)(int channels, int taps, const float *const *a, const float *w,
                 float *out, float lo, float hi);
  /// Max pooling of one output pixel: out[c] = clamp(max over taps t of
  /// a[t][c], lo, hi). Every a[t] must point at real input (the caller
  /// points padding taps at a tap inside the window).
  void (*maxpool)(int channels, int taps, const float *const *a, float *out,
                  float lo, float hi);
};

/// The microkernels of `isa`; nullptr when this CPU cannot run them.
const FloatMicrokernels *floatMicrokernelsFor(Isa isa);
/// The microkernels the optimized kernels use: the best this CPU runs
/// (AVX-512, else AVX2+FMA, else the portable ones), chosen once by CPUID,
/// unless overridden by setFloatIsa.
const FloatMicrokernels &floatMicrokernels();
/// Makes floatMicrokernels() return those of `isa` (tests cross-check every
/// ISA against the reference loops). Returns false, changing nothing, when
/// this CPU cannot run `isa`. Not for use while kernels run.
bool setFloatIsa(Isa isa);
/// Back to the CPUID choice.
void resetFloatIsa();

namespace detail {
const FloatMicrokernels &genericMicrokernels();
const FloatMicrokernels &avx2Microkernels();
const FloatMicrokernels &avx512Microkernels();
} // namespace detail

} // namespace tfmlir::lite::optimized

#endif // TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_FLOATMICROKERNELS_H
