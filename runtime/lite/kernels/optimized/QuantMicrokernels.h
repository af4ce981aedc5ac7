//===- QuantMicrokernels.h - 8-bit conv microkernels (VNNI) -----*- C++ -*-===//
//
// Integer microkernels for the 8-bit fast paths of optimized/QuantConv.cpp:
// the
// int16 k-pair forms (activations x - zero_point in int16, weights in
// k-pairs, vpdpwssd), and the int8 forms (u8 x s8 vpdpbusd GEMM,
// depthwise, max pool) with the requantization fused. The sums are exact
// int32 arithmetic (modulo 2^32), so every ISA gives the same bytes as the
// SSE2 / scalar code in optimized/QuantConv.cpp. Picked at run time: AVX-512
// VNNI (QuantMicrokernelsAvx512Vnni.cpp), else AVX-VNNI (256-bit,
// QuantMicrokernelsAvxVnni.cpp: the int8 GEMM only), else none.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_QUANTMICROKERNELS_H
#define TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_QUANTMICROKERNELS_H

#include <cstdint>

namespace tfmlir::lite::optimized {

struct QuantMicrokernels {
  const char *name;
  /// Rows per gemmPairs call.
  int mr;
  /// For r < mr (<= this->mr) and co < CO: acc[r * CO + co] = bias[co] +
  /// sum over k < kp2 of x[r][2k] * w[(k * CO + co) * 2] + x[r][2k + 1] *
  /// w[(k * CO + co) * 2 + 1]. Each x[r] holds 2 * kp2 int16.
  void (*gemmPairs)(int mr, const int16_t *const *x, int64_t kp2,
                    const int16_t *w, int CO, const int32_t *bias,
                    int32_t *acc);
  /// For c < C: acc[c] = bias[c] + sum over t < taps of rows[t][c] *
  /// w[((t / 2) * C + c) * 2 + t % 2] (the taps in pairs; an odd last tap
  /// pairs with a zero weight).
  void (*depthwisePairs)(const int16_t *const *rows, int taps, const int16_t *w,
                         int C, const int32_t *bias, int32_t *acc);
  /// For i < n: out[i] = clamp(MultiplyByQuantizedMultiplier(acc[i],
  /// mult[i], shift) + zp, lo, hi) as 8-bit (signed when isSigned), with
  /// the shift split as left ls[i] >= 0 / right rs[i] >= 0 (TFLite's
  /// MultiplyByQuantizedMultiplier; bit-exact, see requantAvx2 in
  /// optimized/QuantConv.cpp for the derivation). [lo, hi] must lie in the
  /// 8-bit type's range.
  void (*requant8)(const int32_t *acc, int64_t n, const int32_t *mult,
                   const int32_t *ls, const int32_t *rs, int32_t zp, int32_t lo,
                   int32_t hi, bool isSigned, void *out);
  /// The int8 CONV_2D / FULLY_CONNECTED GEMM on u8 x s8 quads (vpdpbusd:
  /// 64 multiply-adds per instruction, twice vpdpwssd) in XNNPACK's
  /// indirect form, requantization fused. Row r < mr (<= this->mr) is the
  /// concatenation over taps t of the 4 * cq uint8 at ind[r * taps + t]
  /// (4 * cq may exceed the channels: the caller makes that many bytes
  /// readable, and their weights are zero). For co < CO:
  ///   acc = bias[co] + sum over k of row_r[k] * w(k, co)
  ///   out[r * outStride + co] = clamp(MultiplyByQuantizedMultiplier(acc,
  ///       mult[co], ls[co] - rs[co]) + zp, lo, hi)   as int8,
  /// `w` packed by packQuadWeights. The caller folds the int8 activations'
  /// offset into `bias` (x_u8 = x_s8 + 128; see qconvQuads in
  /// optimized/QuantConv.cpp). Integer sums are exact modulo 2^32, so the
  /// result equals TFLite's int32 reference whenever that does not overflow.
  /// [lo, hi] must lie in [-128, 127].
  void (*gemmQuads)(int mr, const uint8_t *const *ind, int taps, int64_t cq,
                    const int8_t *w, int CO, const int32_t *bias,
                    const int32_t *mult, const int32_t *ls, const int32_t *rs,
                    int32_t zp, int32_t lo, int32_t hi, int8_t *out,
                    int64_t outStride);
  /// One output pixel of an int8 DEPTHWISE_CONV_2D with depth multiplier
  /// 1, requantization fused. For c < C:
  ///   acc = bias[c] + sum over t < taps of rows[t][c] * w(t, c)
  ///   out[c] = clamp(MultiplyByQuantizedMultiplier(acc, mult[c],
  ///       ls[c] - rs[c]) + zp, lo, hi)   as int8,
  /// where rows[t] are int8 input rows (taps in the padding point at a row
  /// holding the input zero point; the caller folds -zp * sum_t w(t, c)
  /// into the bias), and w, bias, mult, ls, rs are in the lane order of
  /// packDepthwiseInt8 (blocks of 32 channels). [lo, hi] must lie in
  /// [-128, 127].
  void (*depthwiseInt8)(const int8_t *const *rows, int taps, const int16_t *w,
                        int C, const int32_t *bias, const int32_t *mult,
                        const int32_t *ls, const int32_t *rs, int32_t zp,
                        int32_t lo, int32_t hi, int8_t *out);
  /// One output pixel of an int8 MAX_POOL_2D: for c < C, out[c] =
  /// clamp(max over t < taps of rows[t][c], lo, hi), with -128 as the
  /// start value (padding taps point at a row of -128, which never wins,
  /// as TFLite skips them).
  void (*maxPoolInt8)(const int8_t *const *rows, int taps, int C, int8_t lo,
                      int8_t hi, int8_t *out);
};

/// depthwiseInt8's layout, for C channels rounded up to Cp = 32 * ceil(C /
/// 32): weights [Cp / 32][ceil(taps / 2)][2 halves][16 lanes][2 taps] int16
/// (lane j of the low half is channel 8 * (j / 4) + j % 4 of the block, of
/// the high half that + 4: the order of vpunpck{l,h}wd), and the
/// per-channel vectors (bias, mult, ls, rs; `in` order c, Cp entries out)
/// permuted the same way. `wt` is [taps][C] int8 (TFLite's [1, KH, KW, C]
/// filter); missing taps / channels are zero.
int64_t depthwiseInt8WeightsSize(int C, int taps);
void packDepthwiseInt8(const int8_t *wt, int C, int taps, int16_t *packed);
void permuteDepthwiseInt8(const int32_t *in, int C, int32_t *out);

/// Packs int8 weights W[co][t][c] (t < taps, c < C; TFLite's [CO, KH, KW,
/// C] filter or FULLY_CONNECTED's [CO, C] with taps 1) into gemmQuads'
/// layout: [ceil(CO / 16)][taps * cq][16][4] with cq = ceil(C / 4),
/// padded with zeros; `packed` must hold quadWeightsSize(CO, taps, C)
/// bytes. Also writes wsum[co] = sum of W[co] (the offset correction of
/// u8 activations).
int64_t quadWeightsSize(int CO, int taps, int64_t C);
void packQuadWeights(const int8_t *W, int CO, int taps, int64_t C,
                     int8_t *packed, int32_t *wsum);

/// depthwiseInt8's layout, for C channels rounded up to Cp = 32 * ceil(C /
/// 32): weights [Cp / 32][ceil(taps / 2)][2 halves][16 lanes][2 taps] int16
/// (lane j of the low half is channel 8 * (j / 4) + j % 4 of the block, of
/// the high half that + 4: the order of vpunpck{l,h}wd), and the
/// per-channel vectors (bias, mult, ls, rs; `in` order c, Cp entries out)
/// permuted the same way. `wt` is [taps][C] int8 (TFLite's [1, KH, KW, C]
/// filter); missing taps / channels are zero.
int64_t depthwiseInt8WeightsSize(int C, int taps);
void packDepthwiseInt8(const int8_t *wt, int C, int taps, int16_t *packed);
void permuteDepthwiseInt8(const int32_t *in, int C, int32_t *out);

/// Packs int8 weights W[co][k] (row stride K) into gemmQuads' layout:
/// [ceil(CO / 16)][kq = ceil(K / 4)][16][4], padded with zeros; `packed`
/// must hold quadWeightsSize(CO, K) bytes. Also writes wsum[co] =
/// sum over k of W[co][k] (the offset correction of u8 activations).
int64_t quadWeightsSize(int CO, int64_t K);
void packQuadWeights(const int8_t *W, int CO, int64_t K, int8_t *packed,
                     int32_t *wsum);

/// The microkernels the 8-bit kernels use: the AVX-512 VNNI set when this
/// CPU runs it, else the AVX-VNNI (256-bit) set, else null (the SSE2 /
/// scalar int16 paths in optimized/QuantConv.cpp). A field may be null: that
/// kernel's caller then takes its portable path. setQuantIsa overrides the
/// choice (tests).
const QuantMicrokernels *quantMicrokernels();

enum class QuantIsa { kNone, kAvxVnni, kAvx512Vnni };
/// Makes quantMicrokernels() return `isa`'s set (null for kNone); false,
/// changing nothing, when this CPU cannot run it.
bool setQuantIsa(QuantIsa isa);
/// Back to the CPUID choice.
void resetQuantIsa();

namespace detail {
const QuantMicrokernels &avx512VnniQuantMicrokernels();
const QuantMicrokernels &avxVnniQuantMicrokernels();
} // namespace detail

} // namespace tfmlir::lite::optimized

#endif // TFMLIR_RUNTIME_LITE_KERNELS_OPTIMIZED_QUANTMICROKERNELS_H
