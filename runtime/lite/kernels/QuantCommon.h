//===- QuantCommon.h - Shared helpers of the integer kernels ---*- C++ -*-===//
//
// What the int8 / uint8 / int16 kernels of every builtin share, as TFLite's
// kernel_util.h / quantization_util.h do for its integer kernels: the
// per-tensor quantization of a tensor (TQ, perTensor), the fused
// activation clamp in the quantized domain (activationRangeQ), typed
// element access (loadQ / storeQ), the offset int16 operands and dot
// product of the conv-like kernels, and their per-node state (QConvState:
// per-channel multipliers, bias, packed weights and the scratch of the
// fast paths in optimized/QuantConv.cpp). The fixed-point arithmetic
// itself (quantizeMultiplier, multiplyByQuantizedMultiplier, ...) is
// QuantUtil.h's. Each builtin's Prepare / Eval switches on its tensor types
// (kernelTypeOf) in its own file and calls its integer form there.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_QUANTCOMMON_H
#define TFMLIR_RUNTIME_LITE_KERNELS_QUANTCOMMON_H

#include "runtime/lite/Kernel.h"
#include "runtime/lite/kernels/QuantUtil.h"
#include "runtime/lite/kernels/Window.h"

#include "absl/status/status.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

namespace tfmlir::lite::kernels {

/// Which form of a kernel a node needs, as TFLite's Eval switches: float,
/// quantized (the activation input is int8 / uint8 / int16) or hybrid
/// (float activations, int8 / uint8 weights).
enum class KernelType { kFloat, kQuantized, kHybrid };

/// The form for a node whose activation input is `act` and (for hybrid
/// candidates, else -1) whose weights are input `weights`: kQuantized when
/// input `act` is int8 / uint8 / int16, kHybrid when it is float32 and the
/// weights int8 / uint8, else kFloat (also when input `act` is absent).
KernelType kernelTypeOf(OpContext &ctx, int act, int weights = -1);

/// True for the quantized activation types: int8, uint8, int16.
bool isQType(TensorType t);

/// The smallest / largest value of an int8 / uint8 / int16 tensor (int32's
/// range for any other type).
int32_t typeMin(TensorType t);
int32_t typeMax(TensorType t);

/// Per-tensor quantization of one tensor: real = scale * (q - zp).
struct TQ {
  float scale = 1.f;
  int32_t zp = 0;
};

/// Reads the single (per-tensor) scale and zero point of `t`.
/// InvalidArgument naming `what` when `t` is missing, has no or several
/// scales, a scale that is not finite and positive, or a zero point outside
/// its type.
absl::Status perTensor(const Tensor *t, const char *what, TQ &q);

/// TFLite's CalculateActivationRangeQuantized: the clamp bounds [lo, hi] of
/// the fused activation `a` in the quantized domain of an output of type
/// `t` with quantization `out`. Unimplemented for TANH / SIGN_BIT.
absl::Status activationRangeQ(Activation a, TensorType t, TQ out, int32_t &lo,
                              int32_t &hi);

/// Reads element i of an int8/uint8/int16/int32 tensor.
inline int32_t loadQ(const Tensor &t, int64_t i) {
  switch (t.type) {
  case TensorType::kInt8:
    return t.as<int8_t>()[i];
  case TensorType::kUInt8:
    return t.as<uint8_t>()[i];
  case TensorType::kInt16:
    return t.as<int16_t>()[i];
  case TensorType::kInt32:
    return t.as<int32_t>()[i];
  default:
    return 0;
  }
}
/// Stores v (already clamped to the type's range) as element i.
inline void storeQ(Tensor &t, int64_t i, int32_t v) {
  switch (t.type) {
  case TensorType::kInt8:
    t.as<int8_t>()[i] = static_cast<int8_t>(v);
    break;
  case TensorType::kUInt8:
    t.as<uint8_t>()[i] = static_cast<uint8_t>(v);
    break;
  case TensorType::kInt16:
    t.as<int16_t>()[i] = static_cast<int16_t>(v);
    break;
  case TensorType::kInt32:
    t.as<int32_t>()[i] = v;
    break;
  default:
    break;
  }
}
/// v saturated to the range of type t (typeMin / typeMax).
inline int32_t clampT(int64_t v, TensorType t) {
  return static_cast<int32_t>(std::clamp<int64_t>(v, typeMin(t), typeMax(t)));
}

/// Ok when `t` is present and int8 / uint8 / int16; else InvalidArgument
/// (missing) or Unimplemented naming `what` and the type.
absl::Status checkQ(const Tensor *t, const char *what);

/// Converts x - zp of a quantized tensor into int16 (the offset input of
/// the conv kernels). |x - zp| <= 255 for 8-bit types; int16 activations
/// must have zero point 0 (TFLite's int16x8 scheme).
void toOffsetInt16(const Tensor &t, int32_t zp, std::vector<int16_t> &out);

/// a + b modulo 2^(bits of Acc), as the hardware accumulator wraps (TFLite's
/// int32 accumulators do; the optimized kernels already add the bias modulo
/// 2^32): hostile biases or weights (a fuzzed model) give some value, never
/// undefined behaviour.
template <typename Acc> inline Acc wrapAdd(Acc a, Acc b) {
  using U = std::make_unsigned_t<Acc>;
  return static_cast<Acc>(static_cast<U>(a) + static_cast<U>(b));
}

/// Integer dot product of two int16 vectors; with Acc = int32_t this is the
/// multiply-add-pairs pattern the compiler maps to pmaddwd.
template <typename Acc>
inline Acc dot16(const int16_t *__restrict a, const int16_t *__restrict b,
                 int64_t n) {
  Acc s = 0;
  for (int64_t i = 0; i < n; ++i)
    s = wrapAdd<Acc>(s, static_cast<Acc>(static_cast<int32_t>(a[i]) *
                                         static_cast<int32_t>(b[i])));
  return s;
}

//===----------------------------------------------------------------------===//
// CONV_2D / DEPTHWISE_CONV_2D / FULLY_CONNECTED / TRANSPOSE_CONV (integer)
//===----------------------------------------------------------------------===//

/// One kernel row of qconvQuads' row taps that crosses the image's left or
/// right edge: its patch in st.rowPatch, the input row it reads and the
/// first input column of the window.
struct RowEdge {
  int64_t patch, row;
  int ix0;
};

/// Per-node state of the integer conv-like kernels, computed at prepare.
struct QConvState : NodeState {
  TQ in, out;
  std::vector<QuantMultiplier> mult; ///< per output channel
  int32_t lo = 0, hi = 0;
  std::vector<int16_t> w; ///< weights minus their zero point, repacked
  bool wValid = false;
  std::vector<int64_t> bias;   ///< per output channel (0 when absent)
  std::vector<int16_t> x16;    ///< offset input (scratch)
  std::vector<int16_t> wPairs; ///< fast path: weights as k-pairs
  std::vector<int32_t> bias32; ///< fast path: bias as int32
  bool pairsValid = false;
  /// mult split for the vector requantization: multiplier, left shift,
  /// right shift per output channel.
  std::vector<int32_t> qm, qls, qrs;
  /// fast depthwise path: the indirection buffer over x16 and its zero row.
  Indirection<int16_t> ind;
  std::vector<int16_t> zero16;
  /// qm / qls / qrs repeated for as many rows as fit in 4096 lanes, so a
  /// tile of pixels requantizes in one call (requantRows).
  std::vector<int32_t> rqm, rqls, rqrs;
  /// depthwise with multiplier > 1: the input with each channel repeated M
  /// times (qdwFast8 reads it instead of x16 when dwExpanded).
  std::vector<int16_t> exp16;
  bool dwExpanded = false;
  /// u8 x s8 GEMM (gemmQuads): the filter packed by packQuadWeights, its
  /// per-channel sums, the bias with the input offset folded in, and the
  /// input as x + 128 in uint8.
  std::vector<int8_t> wQuads;
  std::vector<int32_t> wSum, biasQ;
  std::vector<uint8_t> u8, padU8, rowPatch;
  Indirection<uint8_t> indU8;
  /// qconvQuads' row taps (rowTapPointers): pointers, edge patches and
  /// the geometry they were built for.
  std::vector<const uint8_t *> rowPtrs;
  std::vector<RowEdge> rowEdges;
  std::array<int64_t, 15> rowKey{};
  bool quadsValid = false;
  /// int8 depthwise (depthwiseInt8): packed weights, the per-channel
  /// vectors in its lane order, the pad row (input zero point) and the
  /// indirection buffer over the int8 input.
  std::vector<int16_t> dwW;
  std::vector<int32_t> dwBias, dwM, dwLs, dwRs;
  std::vector<int8_t> padRow8, exp8;
  Indirection<int8_t> ind8;
};

/// Per-node state of the integer AVERAGE_POOL_2D / MAX_POOL_2D.
struct QPoolState : NodeState {
  int32_t lo = 0, hi = 0; ///< the fused activation's clamp
  /// int8 MAX_POOL_2D through maxPoolInt8: the indirection buffer over the
  /// input and its pad row (-128).
  Indirection<int8_t> ind;
  std::vector<int8_t> padRow;
};

/// Validates the filter's quantization (per-tensor or per-channel along
/// `chanDim` with `channels` entries) and fills st.in, st.out and the
/// per-channel multipliers in_s * f_s[c] / out_s (TFLite's
/// PopulateConvolutionQuantizationParams; legacy uint8 multiplies the two
/// float scales in float first, as GetQuantizedConvolutionMultipler).
absl::Status convMultipliers(const Tensor &in, const Tensor &f,
                             const Tensor &out, int chanDim, int64_t channels,
                             QConvState &st);

/// Weight zero point of output channel c (0 without zero points).
int32_t filterZp(const Tensor &f, int64_t c);

/// Reads the int32 / int64 bias (input `idx`, optional) of `n` output
/// channels into st.bias (zeros without one; read at Eval when it is not
/// constant). InvalidArgument for a wrong size or type.
absl::Status readBias(OpContext &ctx, int idx, int64_t n, QConvState &st);

/// Re-reads a non-constant bias (input `idx`) into st.bias at Eval.
void refreshBias(OpContext &ctx, int idx, QConvState &st);

/// Requantizes an accumulator for channel c and clamps to [lo, hi].
template <typename Acc>
inline int32_t requant(Acc acc, const QConvState &st, int64_t c) {
  int32_t v;
  if constexpr (sizeof(Acc) == 8)
    v = multiplyByQuantizedMultiplier64(acc, st.mult[c]);
  else
    v = multiplyByQuantizedMultiplier(acc, st.mult[c]);
  int64_t r = static_cast<int64_t>(v) + st.out.zp;
  return static_cast<int32_t>(std::clamp<int64_t>(r, st.lo, st.hi));
}

/// The node's QConvState (created on first use).
QConvState &qstate(OpContext &ctx);

/// Unimplemented naming `what` when an int16 activation has a zero point
/// (TFLite's int16x8 scheme needs 0).
absl::Status checkInt16Zp(const Tensor &in, const TQ &q, const char *what);

/// The end of the integer CONV_2D / DEPTHWISE_CONV_2D Prepare (TFLite's
/// conv.cc / depthwise_conv.cc), after their shape checks: the multipliers
/// of the `cout` output channels (filter dim `chanDim`: 0 for CONV_2D, 3
/// for DEPTHWISE_CONV_2D), the int16x8 zero-point rule, the fused
/// activation's range and the bias (input 2) into the node's QConvState,
/// then the output [N, OH, OW, cout] (padding, strides and dilations of
/// the options over the filter's [.., KH, KW, ..]).
absl::Status prepareWindowedConv(OpContext &ctx, int chanDim, int cout);

/// Weights [rows, k] (int8 / uint8) minus their per-row zero points, as
/// int16, into `w`; a constant filter is packed once (`valid` says it is).
/// The integer and the hybrid conv / FC kernels use it.
void packRows(const Tensor &f, int64_t rows, int64_t k, std::vector<int16_t> &w,
              bool &valid);

} // namespace tfmlir::lite::kernels

#endif // TFMLIR_RUNTIME_LITE_KERNELS_QUANTCOMMON_H
