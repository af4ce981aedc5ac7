//===- Quantized.cpp - int8 / uint8 / int16 kernels and type dispatch ----===//
//
// Integer kernels after TFLite's reference kernels
// (tensorflow/lite/kernels/internal/reference/integer_ops/*, reference_ops
// for uint8): real = scale * (q - zero_point); accumulation in int32 (int64
// for int16 activations); requantization with QuantUtil.h's fixed-point
// multipliers, so results match TFLite bit for bit where TFLite's kernel is
// pure integer arithmetic (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED,
// TRANSPOSE_CONV, ADD, SUB, MUL, pools, LEAKY_RELU, requantizing QUANTIZE,
// CONCATENATION, PAD). SOFTMAX, LOGISTIC, TANH, HARD_SWISH, MEAN and
// RESIZE_BILINEAR are computed through float/double and rounded, so they
// agree with TFLite's kernels within +-1 output step.
//
// Dispatch: every builtin that has an integer kernel here is registered
// with a dispatcher; it picks the integer kernel when the op's activation
// input is int8 / uint8 / int16 (or, for FC / CONV / DEPTHWISE, when float
// activations meet int8 weights: the hybrid kernels), and otherwise runs the
// float kernel registered by the other kernel files.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/Quantized.h"
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantUtil.h"
#include "runtime/lite/kernels/RsqrtInt8.h"
#include "runtime/lite/kernels/optimized/QuantMicrokernels.h"

#include <array>
#include <atomic>
#include <bit>
#include <limits>
#include <map>
#include <mutex>
#include <new>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tfmlir::lite::kernels {
namespace {

bool isQType(TensorType t) {
  return t == TensorType::kInt8 || t == TensorType::kUInt8 ||
         t == TensorType::kInt16;
}

int32_t typeMin(TensorType t) {
  switch (t) {
  case TensorType::kInt8:
    return -128;
  case TensorType::kUInt8:
    return 0;
  case TensorType::kInt16:
    return -32768;
  default:
    return std::numeric_limits<int32_t>::min();
  }
}
int32_t typeMax(TensorType t) {
  switch (t) {
  case TensorType::kInt8:
    return 127;
  case TensorType::kUInt8:
    return 255;
  case TensorType::kInt16:
    return 32767;
  default:
    return std::numeric_limits<int32_t>::max();
  }
}

/// Per-tensor quantization of one tensor.
struct TQ {
  float scale = 1.f;
  int32_t zp = 0;
};

/// Reads the single (per-tensor) scale and zero point of `t`.
absl::Status perTensor(const Tensor *t, const char *what, TQ &q) {
  if (!t)
    return invalid(what, " is missing");
  if (t->quant.scale.size() != 1)
    return invalid(what, " (", typeName(t->type),
                   ") needs one per-tensor scale, has ", t->quant.scale.size());
  q.scale = t->quant.scale[0];
  if (!std::isfinite(q.scale) || !(q.scale > 0.f))
    return invalid(what, " has scale ", q.scale);
  int64_t zp = t->quant.zeroPoint.empty() ? 0 : t->quant.zeroPoint[0];
  if (zp < typeMin(t->type) || zp > typeMax(t->type))
    return invalid(what, " zero point ", zp, " outside ", typeName(t->type));
  q.zp = static_cast<int32_t>(zp);
  return absl::OkStatus();
}

/// TFLite's CalculateActivationRangeQuantized: the clamp bounds of a fused
/// activation in the output's quantized domain.
absl::Status activationRangeQ(Activation a, TensorType t, TQ out, int32_t &lo,
                              int32_t &hi) {
  lo = typeMin(t);
  hi = typeMax(t);
  auto q = [&](float f) {
    return out.zp + static_cast<int32_t>(std::round(f / out.scale));
  };
  switch (a) {
  case Activation::kNone:
    return absl::OkStatus();
  case Activation::kRelu:
    lo = std::max(lo, q(0.f));
    return absl::OkStatus();
  case Activation::kRelu6:
    lo = std::max(lo, q(0.f));
    hi = std::min(hi, q(6.f));
    return absl::OkStatus();
  case Activation::kReluN1To1:
    lo = std::max(lo, q(-1.f));
    hi = std::min(hi, q(1.f));
    return absl::OkStatus();
  default:
    return unimplemented("fused activation ", static_cast<int>(a),
                         " on a quantized output");
  }
}

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
inline int32_t clampT(int64_t v, TensorType t) {
  return static_cast<int32_t>(std::clamp<int64_t>(v, typeMin(t), typeMax(t)));
}

absl::Status checkQ(const Tensor *t, const char *what) {
  if (!t)
    return invalid(what, " is missing");
  if (!isQType(t->type))
    return unimplemented(what, " type ", typeName(t->type),
                         " in a quantized kernel");
  return absl::OkStatus();
}

/// Converts x - zp of a quantized tensor into int16 (the offset input of
/// the conv kernels). |x - zp| <= 255 for 8-bit types; int16 activations
/// must have zero point 0 (TFLite's int16x8 scheme).
void toOffsetInt16(const Tensor &t, int32_t zp, std::vector<int16_t> &out) {
  const int64_t n = t.numElements();
  out.resize(static_cast<size_t>(n));
  switch (t.type) {
  case TensorType::kInt8: {
    const int8_t *p = t.as<int8_t>();
    for (int64_t i = 0; i < n; ++i)
      out[i] = static_cast<int16_t>(p[i] - zp);
    break;
  }
  case TensorType::kUInt8: {
    const uint8_t *p = t.as<uint8_t>();
    for (int64_t i = 0; i < n; ++i)
      out[i] = static_cast<int16_t>(p[i] - zp);
    break;
  }
  case TensorType::kInt16:
    if (n > 0) // an empty tensor may have no data (memcpy from null is UB)
      std::memcpy(out.data(), t.data, n * sizeof(int16_t));
    break;
  default:
    break;
  }
}

/// Integer dot product of two int16 vectors; with Acc = int32_t this is the
/// multiply-add-pairs pattern the compiler maps to pmaddwd.
template <typename Acc>
inline Acc dot16(const int16_t *__restrict a, const int16_t *__restrict b,
                 int64_t n) {
  Acc s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += static_cast<int32_t>(a[i]) * static_cast<int32_t>(b[i]);
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

/// Validates the filter's quantization (per-tensor or per-channel along
/// `chanDim` with `channels` entries) and fills the per-channel
/// multipliers in_s * f_s[c] / out_s (TFLite's
/// PopulateConvolutionQuantizationParams; legacy uint8 multiplies the two
/// float scales in float first, as GetQuantizedConvolutionMultipler).
absl::Status convMultipliers(const Tensor &in, const Tensor &f,
                             const Tensor &out, int chanDim, int64_t channels,
                             QConvState &st) {
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", st.in));
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", st.out));
  if (f.type != TensorType::kInt8 && f.type != TensorType::kUInt8)
    return unimplemented("filter type ", typeName(f.type),
                         " with quantized input");
  const QuantParams &fq = f.quant;
  const size_t ns = fq.scale.size();
  if (ns != 1 && static_cast<int64_t>(ns) != channels)
    return invalid("filter has ", ns, " scales for ", channels,
                   " output channels");
  if (ns > 1 && fq.quantizedDimension != chanDim)
    return invalid("filter per-channel quantized_dimension is ",
                   fq.quantizedDimension, ", expected ", chanDim);
  // filterZp(f, c) reads one zero point per channel (or the one): each must
  // fit the filter's type, so that q - zp cannot overflow.
  const size_t nz = fq.zeroPoint.size();
  if (nz > 1 && static_cast<int64_t>(nz) != channels)
    return invalid("filter has ", nz, " zero points for ", channels,
                   " output channels");
  for (int64_t z : fq.zeroPoint)
    if (z < typeMin(f.type) || z > typeMax(f.type))
      return invalid("filter zero point ", z, " outside ", typeName(f.type));
  st.mult.resize(channels);
  for (int64_t c = 0; c < channels; ++c) {
    float fs = fq.scale[ns == 1 ? 0 : c];
    if (!std::isfinite(fs) || !(fs > 0.f))
      return invalid("filter scale ", fs);
    double real = ns == 1 && f.type == TensorType::kUInt8
                      ? static_cast<double>(st.in.scale * fs) / st.out.scale
                      : static_cast<double>(st.in.scale) * fs / st.out.scale;
    st.mult[c] = quantizeMultiplier(real);
  }
  return absl::OkStatus();
}

/// Weight zero point of output channel c.
int32_t filterZp(const Tensor &f, int64_t c) {
  const auto &z = f.quant.zeroPoint;
  if (z.empty())
    return 0;
  return static_cast<int32_t>(z.size() == 1 ? z[0] : z[c]);
}

absl::Status readBias(OpContext &ctx, int idx, int64_t n, QConvState &st) {
  st.bias.assign(n, 0);
  const Tensor *b = ctx.input(idx);
  if (!b)
    return absl::OkStatus();
  if (b->numElements() != n)
    return invalid("bias has ", b->numElements(), " elements, expected ", n);
  if (b->type != TensorType::kInt32 && b->type != TensorType::kInt64)
    return invalid("bias of a quantized op must be int32 or int64, got ",
                   typeName(b->type));
  if (!ctx.hasData(idx))
    return absl::OkStatus(); // read at eval
  for (int64_t i = 0; i < n; ++i)
    st.bias[i] = readInt(*b, i);
  return absl::OkStatus();
}

void refreshBias(OpContext &ctx, int idx, QConvState &st) {
  const Tensor *b = ctx.input(idx);
  if (b && b->storage != Storage::kConstant)
    for (int64_t i = 0, n = st.bias.size(); i < n; ++i)
      st.bias[i] = readInt(*b, i);
}

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

QConvState &qstate(OpContext &ctx) {
  if (!ctx.state() || !dynamic_cast<QConvState *>(ctx.state().get()))
    ctx.state() = std::make_unique<QConvState>();
  return *static_cast<QConvState *>(ctx.state().get());
}

absl::Status checkInt16Zp(const Tensor &in, const TQ &q, const char *what) {
  if (in.type == TensorType::kInt16 && q.zp != 0)
    return unimplemented(what, " int16 with zero point ", q.zp,
                         " (int16x8 needs 0)");
  return absl::OkStatus();
}

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
  if (const optimized::QuantMicrokernels *uk = optimized::quantMicrokernels();
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
  if (const optimized::QuantMicrokernels *uk = optimized::quantMicrokernels();
      uk && uk->gemmPairs) {
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

/// The microkernels when the u8 x s8 GEMM applies: int8 input, filter and
/// output, filter zero points 0 (TFLite's int8 scheme), not the reference
/// resolver, and a CPU with VNNI; else null.
const optimized::QuantMicrokernels *quadKernels(OpContext &ctx,
                                                const Tensor &in,
                                                const Tensor &f,
                                                const Tensor &out) {
  if (ctx.reference() || in.type != TensorType::kInt8 ||
      f.type != TensorType::kInt8 || out.type != TensorType::kInt8)
    return nullptr;
  for (int64_t z : f.quant.zeroPoint)
    if (z != 0)
      return nullptr;
  const optimized::QuantMicrokernels *uk = optimized::quantMicrokernels();
  return uk && uk->gemmQuads ? uk : nullptr;
}

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
    st.wQuads.resize(size_t(optimized::quadWeightsSize(CO, taps, C)));
    st.wSum.resize(CO);
    optimized::packQuadWeights(f.as<int8_t>(), CO, taps, C, st.wQuads.data(),
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
void gemmQuadsRange(const optimized::QuantMicrokernels &uk,
                    const QConvState &st, int mr, const uint8_t *const *ind,
                    int taps, int64_t cq, int CO, int c0, int c1, int8_t *out) {
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
absl::Status qconvQuads(OpContext &ctx, const optimized::QuantMicrokernels &uk,
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
  const optimized::QuantMicrokernels *uk = optimized::quantMicrokernels();
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

// ---- CONV_2D ---------------------------------------------------------------

absl::Status qconvPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *f = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4 || f->rank() != 4)
    return invalid("input ", shapeToString(in->shape), " and filter ",
                   shapeToString(f->shape), " must be rank 4");
  if (f->sparsity)
    return unimplemented("sparse quantized filter");
  if (o.strideW < 1 || o.strideH < 1 || o.dilationW < 1 || o.dilationH < 1)
    return invalid("strides and dilations must be >= 1");
  const int cin = in->shape[3], cout = f->shape[0], fc = f->shape[3];
  // cin / fc is the group count: at least 1 (a filter deeper than the
  // input is refused here, not divided by).
  if (fc == 0 || cin < fc || cin % fc != 0 || cout % (cin / fc) != 0)
    return invalid("filter ", shapeToString(f->shape),
                   " does not match input channels ", cin);
  QConvState &st = qstate(ctx);
  TFMLIR_RETURN_IF_ERROR(convMultipliers(*in, *f, *out, 0, cout, st));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*in, st.in, "input"));
  TFMLIR_RETURN_IF_ERROR(
      activationRangeQ(o.activation, out->type, st.out, st.lo, st.hi));
  TFMLIR_RETURN_IF_ERROR(readBias(ctx, 2, cout, st));
  st.wValid = st.pairsValid = st.quadsValid = false;
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], f->shape[1], o.strideH, o.dilationH,
                 oh, ph);
  computePadding(o.padding, in->shape[2], f->shape[2], o.strideW, o.dilationW,
                 ow, pw);
  return ctx.resizeOutput(0, {in->shape[0], oh, ow, cout});
}

/// Weights [CO, K] minus their per-channel zero points, as int16.
void packRows(const Tensor &f, int64_t rows, int64_t k, QConvState &st) {
  if (st.wValid && f.storage == Storage::kConstant)
    return;
  st.w.resize(static_cast<size_t>(rows * k));
  for (int64_t r = 0; r < rows; ++r) {
    const int32_t zp = filterZp(f, r);
    for (int64_t i = 0; i < k; ++i)
      st.w[r * k + i] = static_cast<int16_t>(loadQ(f, r * k + i) - zp);
  }
  st.wValid = true;
}

template <typename Acc> absl::Status qconvEvalT(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  QConvState &st = qstate(ctx);
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2], FC = f.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  const int64_t K = static_cast<int64_t>(KH) * KW * FC;
  const int groups = C / FC, coPerGroup = CO / groups;
  int ph, pw, dummy;
  computePadding(o.padding, H, KH, o.strideH, o.dilationH, dummy, ph);
  computePadding(o.padding, W, KW, o.strideW, o.dilationW, dummy, pw);
  refreshBias(ctx, 2, st);
  if (const optimized::QuantMicrokernels *uk = quadKernels(ctx, in, f, out);
      uk && groups == 1) {
    try {
      return qconvQuads(ctx, *uk, st, in, f, out, ph, pw);
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          "CONV_2D: cannot allocate the int8 GEMM buffers");
    }
  }
  packRows(f, CO, K, st);
  toOffsetInt16(in, st.in.zp, st.x16);
  if constexpr (sizeof(Acc) == 4) {
    if (groups == 1 && in.type != TensorType::kInt16 && !ctx.reference())
      return withOut8(out.type, [&](auto t) {
        qconvFast8<decltype(t)>(ctx, st, in, f, out, ph, pw);
        return absl::OkStatus();
      });
  }
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
              Acc acc = dot16<Acc>(pp, Wt + co * K, K) +
                        static_cast<Acc>(st.bias[co]);
              storeQ(out, p * CO + co, requant(acc, st, co));
            }
          }
        }
      });
  return absl::OkStatus();
}

absl::Status qconvEval(OpContext &ctx) {
  return ctx.input(0)->type == TensorType::kInt16 ? qconvEvalT<int64_t>(ctx)
                                                  : qconvEvalT<int32_t>(ctx);
}

// ---- DEPTHWISE_CONV_2D
// -------------------------------------------------------

absl::Status qdwPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *f = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4 || f->rank() != 4)
    return invalid("input and filter must be rank 4");
  if (f->sparsity)
    return unimplemented("sparse quantized filter");
  if (o.strideW < 1 || o.strideH < 1 || o.dilationW < 1 || o.dilationH < 1)
    return invalid("strides and dilations must be >= 1");
  const int cin = in->shape[3], cout = f->shape[3];
  if (f->shape[0] != 1 || cin == 0 || cout % cin != 0)
    return invalid("depthwise filter ", shapeToString(f->shape),
                   " does not match input channels ", cin);
  QConvState &st = qstate(ctx);
  TFMLIR_RETURN_IF_ERROR(convMultipliers(*in, *f, *out, 3, cout, st));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*in, st.in, "input"));
  TFMLIR_RETURN_IF_ERROR(
      activationRangeQ(o.activation, out->type, st.out, st.lo, st.hi));
  TFMLIR_RETURN_IF_ERROR(readBias(ctx, 2, cout, st));
  st.wValid = st.pairsValid = st.quadsValid = false;
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], f->shape[1], o.strideH, o.dilationH,
                 oh, ph);
  computePadding(o.padding, in->shape[2], f->shape[2], o.strideW, o.dilationW,
                 ow, pw);
  return ctx.resizeOutput(0, {in->shape[0], oh, ow, cout});
}

/// DEPTHWISE_CONV_2D int8 through depthwiseInt8: reads the int8 input in
/// place (with a depth multiplier M > 1, a copy with each channel repeated
/// M times) through an indirection buffer whose
/// padding taps point at a row of the input zero point; the zero point
/// times the tap sum of the weights is folded into the bias (exact modulo
/// 2^32, as the int32 reference). Tiles of 16 output pixels across threads.
/// ResourceExhausted when the indirection buffer cannot be allocated.
absl::Status qdwInt8(OpContext &ctx, const optimized::QuantMicrokernels &uk,
                     QConvState &st, const Tensor &in, const Tensor &f,
                     Tensor &out) {
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
    st.dwW.resize(size_t(optimized::depthwiseInt8WeightsSize(C, taps)));
    optimized::packDepthwiseInt8(f.as<int8_t>(), C, taps, st.dwW.data());
    st.wSum.assign(C, 0);
    const int8_t *wt = f.as<int8_t>();
    for (int t = 0; t < taps; ++t)
      for (int c = 0; c < C; ++c)
        st.wSum[c] += wt[int64_t(t) * C + c];
    st.quadsValid = true;
    splitMultipliers(st);
    st.dwM.resize(Cp), st.dwLs.resize(Cp), st.dwRs.resize(Cp);
    optimized::permuteDepthwiseInt8(st.qm.data(), C, st.dwM.data());
    optimized::permuteDepthwiseInt8(st.qls.data(), C, st.dwLs.data());
    optimized::permuteDepthwiseInt8(st.qrs.data(), C, st.dwRs.data());
  }
  if (fresh || (bias && bias->storage != Storage::kConstant)) {
    st.biasQ.resize(C);
    for (int c = 0; c < C; ++c) // modulo 2^32, as the int32 accumulator
      st.biasQ[c] = static_cast<int32_t>(
          static_cast<uint32_t>(st.bias[c] - int64_t(st.in.zp) * st.wSum[c]));
    st.dwBias.resize(Cp);
    optimized::permuteDepthwiseInt8(st.biasQ.data(), C, st.dwBias.data());
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

template <typename Acc> absl::Status qdwEvalT(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  QConvState &st = qstate(ctx);
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int KH = f.shape[1], KW = f.shape[2], CO = f.shape[3];
  const int M = CO / C;
  const int OH = out.shape[1], OW = out.shape[2];
  if (const optimized::QuantMicrokernels *uk = quadKernels(ctx, in, f, out);
      uk && uk->depthwiseInt8) {
    refreshBias(ctx, 2, st);
    try {
      return qdwInt8(ctx, *uk, st, in, f, out);
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          "DEPTHWISE_CONV_2D: cannot allocate the int8 buffers");
    }
  }
  // Filter [1, KH, KW, CO] minus per-channel zero points (channel = last).
  if (!(st.wValid && f.storage == Storage::kConstant)) {
    const int64_t n = static_cast<int64_t>(KH) * KW * CO;
    st.w.resize(n);
    for (int64_t i = 0; i < n; ++i)
      st.w[i] = static_cast<int16_t>(loadQ(f, i) - filterZp(f, i % CO));
    st.wValid = true;
  }
  refreshBias(ctx, 2, st);
  toOffsetInt16(in, st.in.zp, st.x16);
  int ph, pw, dummy;
  computePadding(o.padding, H, KH, o.strideH, o.dilationH, dummy, ph);
  computePadding(o.padding, W, KW, o.strideW, o.dilationW, dummy, pw);
  if constexpr (sizeof(Acc) == 4) {
    if (in.type != TensorType::kInt16 && !ctx.reference()) {
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
  }
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
                a[c] +=
                    static_cast<int32_t>(xs[c]) * static_cast<int32_t>(wp[c]);
            }
          }
          for (int c = 0; c < CO; ++c)
            storeQ(out, p * CO + c, requant(acc[c], st, c));
        }
      });
  return absl::OkStatus();
}

absl::Status qdwEval(OpContext &ctx) {
  return ctx.input(0)->type == TensorType::kInt16 ? qdwEvalT<int64_t>(ctx)
                                                  : qdwEvalT<int32_t>(ctx);
}

// ---- FULLY_CONNECTED
// ---------------------------------------------------------

absl::Status qfcPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *w = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  if (w->sparsity)
    return unimplemented("sparse quantized weights");
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(
      fullyConnectedShape(*in, *w, ctx.options().keepNumDims, shape));
  const int32_t n = w->shape[0];
  QConvState &st = qstate(ctx);
  TFMLIR_RETURN_IF_ERROR(convMultipliers(*in, *w, *out, 0, n, st));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*in, st.in, "input"));
  TFMLIR_RETURN_IF_ERROR(activationRangeQ(ctx.options().activation, out->type,
                                          st.out, st.lo, st.hi));
  TFMLIR_RETURN_IF_ERROR(readBias(ctx, 2, n, st));
  st.wValid = st.quadsValid = false;
  return ctx.resizeOutput(0, shape);
}

/// FULLY_CONNECTED through gemmQuads: tiles of uk.mr input rows (read in
/// place; st.u8's slack covers the last row's final quad) times chunks of
/// 64 output channels.
void qfcQuads(OpContext &ctx, const optimized::QuantMicrokernels &uk,
              QConvState &st, const Tensor &in, const Tensor &w, Tensor &out) {
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

template <typename Acc> absl::Status qfcEvalT(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &w = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  QConvState &st = qstate(ctx);
  const int64_t n = w.shape[0], k = w.shape[1];
  refreshBias(ctx, 2, st);
  if (const optimized::QuantMicrokernels *uk = quadKernels(ctx, in, w, out)) {
    try {
      qfcQuads(ctx, *uk, st, in, w, out);
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          "FULLY_CONNECTED: cannot allocate the int8 GEMM buffers");
    }
    return absl::OkStatus();
  }
  packRows(w, n, k, st);
  toOffsetInt16(in, st.in.zp, st.x16);
  const int64_t rows = in.numElements() / k;
  const int16_t *X = st.x16.data(), *Wt = st.w.data();
  ctx.threadPool()->parallelFor(n, double(rows) * k, [&](int64_t b, int64_t e) {
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t o = b; o < e; ++o) {
        Acc acc =
            dot16<Acc>(X + r * k, Wt + o * k, k) + static_cast<Acc>(st.bias[o]);
        storeQ(out, r * n + o, requant(acc, st, o));
      }
  });
  return absl::OkStatus();
}

absl::Status qfcEval(OpContext &ctx) {
  return ctx.input(0)->type == TensorType::kInt16 ? qfcEvalT<int64_t>(ctx)
                                                  : qfcEvalT<int32_t>(ctx);
}

// ---- TRANSPOSE_CONV
// ----------------------------------------------------------

absl::Status qtconvPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *os = ctx.input(0), *f = ctx.input(1), *in = ctx.input(2);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkType(os, TensorType::kInt32, "output_shape"));
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  if (os->numElements() != 4 || f->rank() != 4 || in->rank() != 4)
    return invalid("output_shape must have 4 elements and filter/input be "
                   "rank 4");
  if (f->shape[3] != in->shape[3])
    return invalid("filter ", shapeToString(f->shape),
                   " does not match input channels ", in->shape[3]);
  if (ctx.options().strideW < 1 || ctx.options().strideH < 1)
    return invalid("strides must be >= 1");
  if (f->sparsity)
    return unimplemented("sparse quantized filter");
  QConvState &st = qstate(ctx);
  TFMLIR_RETURN_IF_ERROR(convMultipliers(*in, *f, *out, 0, f->shape[0], st));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*in, st.in, "input"));
  TFMLIR_RETURN_IF_ERROR(activationRangeQ(ctx.options().activation, out->type,
                                          st.out, st.lo, st.hi));
  TFMLIR_RETURN_IF_ERROR(readBias(ctx, 3, f->shape[0], st));
  st.wValid = st.quadsValid = false;
  if (!ctx.hasData(0)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  const int32_t *s = os->as<int32_t>();
  if (s[0] != in->shape[0] || s[3] != f->shape[0] || s[1] < 0 || s[2] < 0)
    return invalid("output_shape ", s[0], "x", s[1], "x", s[2], "x", s[3],
                   " does not match batch / filter output channels");
  return ctx.resizeOutput(0, {s[0], s[1], s[2], s[3]});
}

/// TFLite's reference_integer_ops::TransposeConv: scatter-accumulate
/// (x - zp) * w into an int32 (int64 for int16) scratch, add bias,
/// requantize per output channel.
template <typename Acc> absl::Status qtconvEvalT(OpContext &ctx) {
  const Tensor &f = *ctx.input(1), &in = *ctx.input(2);
  Tensor &out = *ctx.output(0);
  QConvState &st = qstate(ctx);
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2];
  const int OH = out.shape[1], OW = out.shape[2];
  packRows(f, CO, static_cast<int64_t>(KH) * KW * C, st);
  refreshBias(ctx, 3, st);
  toOffsetInt16(in, st.in.zp, st.x16);
  int ph, pw, dummy;
  computePadding(o.padding, OH, KH, o.strideH, 1, dummy, ph);
  computePadding(o.padding, OW, KW, o.strideW, 1, dummy, pw);
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
              ap[co] += dot16<Acc>(
                  xp, F + ((static_cast<int64_t>(co) * KH + ky) * KW + kx) * C,
                  C);
          }
        }
      }
  const int64_t pixels = static_cast<int64_t>(N) * OH * OW;
  for (int64_t p = 0; p < pixels; ++p)
    for (int co = 0; co < CO; ++co)
      storeQ(out, p * CO + co,
             requant(acc[p * CO + co] + static_cast<Acc>(st.bias[co]), st, co));
  return absl::OkStatus();
}

absl::Status qtconvEval(OpContext &ctx) {
  return ctx.input(2)->type == TensorType::kInt16 ? qtconvEvalT<int64_t>(ctx)
                                                  : qtconvEvalT<int32_t>(ctx);
}

//===----------------------------------------------------------------------===//
// ADD / SUB / MUL
//===----------------------------------------------------------------------===//

struct QBinaryState : NodeState {
  TQ a, b, out;
  int leftShift = 20;
  QuantMultiplier ma, mb, mout;
  int32_t lo = 0, hi = 0;
};

absl::Status qbinaryPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(a, "input 0"));
  TFMLIR_RETURN_IF_ERROR(checkType(b, a->type, "input 1"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, a->type, "output"));
  auto st = std::make_unique<QBinaryState>();
  TFMLIR_RETURN_IF_ERROR(perTensor(a, "input 0", st->a));
  TFMLIR_RETURN_IF_ERROR(perTensor(b, "input 1", st->b));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", st->out));
  TFMLIR_RETURN_IF_ERROR(activationRangeQ(ctx.options().activation, out->type,
                                          st->out, st->lo, st->hi));
  if (ctx.op().builtinCode == kOp_MUL) {
    // TFLite mul.cc: input1_scale * input2_scale / output_scale in float.
    float real = st->a.scale * st->b.scale / st->out.scale;
    st->mout = quantizeMultiplier(real);
  } else {
    // TFLite add.cc / sub.cc general path: inputs scaled to
    // 2 * max(scale) with 20 (8-bit) or 15 (int16) bits of headroom.
    st->leftShift = a->type == TensorType::kInt16 ? 15 : 20;
    const double twiceMax = 2 * std::max(st->a.scale, st->b.scale);
    st->ma = quantizeMultiplier(st->a.scale / twiceMax);
    st->mb = quantizeMultiplier(st->b.scale / twiceMax);
    st->mout =
        quantizeMultiplier(twiceMax / ((1 << st->leftShift) * st->out.scale));
  }
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(a->shape, b->shape, shape));
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

absl::Status qbinaryEval(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QBinaryState *>(ctx.state().get());
  const int32_t code = ctx.op().builtinCode;
  const int32_t ls = 1 << st.leftShift;
  forEachBroadcast(
      a.shape, b.shape, out.shape, [&](int64_t o, int64_t ia, int64_t ib) {
        const int32_t x = loadQ(a, ia) - st.a.zp, y = loadQ(b, ib) - st.b.zp;
        int32_t raw;
        // Products in int64, wrapped to int32 like TFLite's int32 arithmetic
        // (no overflow for valid zero points; hostile ones must not be UB).
        auto wrap = [](int64_t v) { return static_cast<int32_t>(v); };
        if (code == kOp_MUL) {
          raw = multiplyByQuantizedMultiplier(wrap(int64_t(x) * y), st.mout);
        } else {
          const int32_t sx =
              multiplyByQuantizedMultiplier(wrap(int64_t(x) * ls), st.ma);
          const int32_t sy =
              multiplyByQuantizedMultiplier(wrap(int64_t(y) * ls), st.mb);
          raw = multiplyByQuantizedMultiplier(
              wrap(code == kOp_ADD ? int64_t(sx) + sy : int64_t(sx) - sy),
              st.mout);
        }
        storeQ(out, o,
               static_cast<int32_t>(std::clamp<int64_t>(
                   int64_t(raw) + st.out.zp, st.lo, st.hi)));
      });
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// AVERAGE_POOL_2D / MAX_POOL_2D
//===----------------------------------------------------------------------===//

struct QPoolState : NodeState {
  int32_t lo = 0, hi = 0;
  /// int8 MAX_POOL_2D through maxPoolInt8: the indirection buffer over the
  /// input and its pad row (-128).
  Indirection<int8_t> ind;
  std::vector<int8_t> padRow;
};

/// int8 MAX_POOL_2D through the maxPoolInt8 microkernel, output pixels
/// across threads. ResourceExhausted when the indirection buffer cannot be
/// allocated.
absl::Status qmaxPoolInt8(OpContext &ctx,
                          const optimized::QuantMicrokernels &uk,
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

absl::Status qpoolPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4)
    return invalid("input must be rank 4, got ", shapeToString(in->shape));
  if (o.strideW < 1 || o.strideH < 1 || o.filterW < 1 || o.filterH < 1)
    return invalid("pool strides and filter sizes must be >= 1");
  TQ qi, qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", qi));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", qo));
  if (qi.scale != qo.scale || qi.zp != qo.zp)
    return unimplemented("quantized pooling with different input and output "
                         "quantization");
  auto st = std::make_unique<QPoolState>();
  TFMLIR_RETURN_IF_ERROR(
      activationRangeQ(o.activation, out->type, qo, st->lo, st->hi));
  ctx.state() = std::move(st);
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], o.filterH, o.strideH, 1, oh, ph);
  computePadding(o.padding, in->shape[2], o.filterW, o.strideW, 1, ow, pw);
  return ctx.resizeOutput(0, {in->shape[0], oh, ow, in->shape[3]});
}

/// MAX_POOL_2D / AVERAGE_POOL_2D of 8-bit tensors: the arithmetic of
/// qpoolEval's loop (max, or the int32 sum rounded half away from zero
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

absl::Status qpoolEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  auto &st = *static_cast<QPoolState *>(ctx.state().get());
  const OpOptions &o = ctx.options();
  const bool isMax = ctx.op().builtinCode == kOp_MAX_POOL_2D;
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  int ph, pw, dummy;
  computePadding(o.padding, H, o.filterH, o.strideH, 1, dummy, ph);
  computePadding(o.padding, W, o.filterW, o.strideW, 1, dummy, pw);
  if (const optimized::QuantMicrokernels *uk = optimized::quantMicrokernels();
      uk && uk->maxPoolInt8 && isMax && !ctx.reference() &&
      in.type == TensorType::kInt8) {
    try {
      return qmaxPoolInt8(ctx, *uk, st, in, out);
    } catch (const std::bad_alloc &) {
      return absl::ResourceExhaustedError(
          "MAX_POOL_2D: cannot allocate the pad row");
    }
  }
  if (!ctx.reference() && in.type == TensorType::kInt8)
    return qpool8<int8_t>(ctx, st.lo, st.hi, isMax, in, out, ph, pw);
  if (!ctx.reference() && in.type == TensorType::kUInt8)
    return qpool8<uint8_t>(ctx, st.lo, st.hi, isMax, in, out, ph, pw);
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
                 static_cast<int32_t>(std::clamp<int64_t>(acc, st.lo, st.hi)));
        }
      }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Element-wise functions through a lookup table (8-bit) or fixed point
//===----------------------------------------------------------------------===//

// ---- int16 lookup tables (TFLite's LUTPopulate / int16 LookupTable) -------

/// TFLite's CheckedLog2: true when `x` is a power of two within 1e-3 in
/// log2; `log2` receives the rounded exponent.
bool checkedLog2(float x, int &log2) {
  const float l = std::log(x) * (1.0f / std::log(2.0f));
  const float r = std::round(l);
  log2 = static_cast<int>(r);
  return std::fabs(l - r) < 1e-3f;
}

/// A 513-entry int16 table of f over the int16 input range, as TFLite's
/// LUTPopulate<int16_t> (LUTPopulateInt16<FloatT>): 512 samples at
/// input_min + i * step, each biased by half the interpolation error at the
/// segment midpoint, then f(input_max); values are f * 65536 / (output
/// range), rounded and saturated. FloatT is float for RSQRT and double for
/// SOFTMAX, as in TFLite.
template <typename FloatT, typename F>
void lutPopulateInt16(FloatT inScale, int32_t inZp, FloatT outScale,
                      int32_t outZp, F f, int16_t *lut) {
  const FloatT inMin = inScale * FloatT(-32768 - inZp);
  const FloatT inMax = inScale * FloatT(32767 - inZp);
  const FloatT outMin = outScale * FloatT(-32768 - outZp);
  const FloatT outMax = outScale * FloatT(32767 - outZp);
  constexpr int kSteps = 512;
  const FloatT step = (inMax - inMin) / kSteps;
  const FloatT halfStep = step / 2;
  const FloatT inv = FloatT(65536) / (outMax - outMin);
  auto sat = [](FloatT v) {
    return static_cast<int16_t>(
        std::min<FloatT>(std::max<FloatT>(v, FloatT(-32768)), FloatT(32767)));
  };
  for (int i = 0; i < kSteps; ++i) {
    const FloatT v = f(inMin + FloatT(i) * step);
    const FloatT vMid = f(inMin + FloatT(i) * step + halfStep);
    const FloatT vNext = f(inMin + FloatT(i + 1) * step);
    const FloatT sample = std::round(v * inv);
    const FloatT midInterp =
        std::round((vNext * inv + std::round(v * inv)) / 2);
    const FloatT mid = std::round(vMid * inv);
    const FloatT bias = std::round((midInterp - mid) / 2);
    lut[i] = sat(sample - bias);
  }
  lut[kSteps] = sat(std::round(f(inMax) * inv));
}

/// TFLite's int16 table lookup with linear interpolation between the 512
/// segments (generic_int16_table_lookup).
inline int16_t lutLookupInt16(int16_t x, const int16_t *lut) {
  const int index = 256 + (x >> 7);
  const int32_t offset = x & 0x7f;
  const int32_t base = lut[index];
  const int32_t slope = static_cast<int16_t>(lut[index + 1] - lut[index]);
  const int32_t delta = (slope * offset + 64) >> 7;
  return static_cast<int16_t>(base + delta);
}

/// sigmoid(i / 24) in unsigned 0.16 fixed point for i in [0, 256), the
/// table TFLite's int16 LOGISTIC and TANH interpolate (tanh(x) =
/// 2 sigmoid(2x) - 1). TFLite ships hand-tuned constants; ours are
/// round(65536 * sigmoid(i / 24)) (the last saturated to 65535), which
/// differ from TFLite's by at most 1 in 0.16, so outputs agree within 1
/// output step.
const uint16_t *sigmoidTable() {
  static const auto table = [] {
    std::array<uint16_t, 256> t{};
    for (int i = 0; i < 256; ++i)
      t[i] = static_cast<uint16_t>(
          std::min(65535.0, std::round(65536.0 / (1.0 + std::exp(-i / 24.0)))));
    return t;
  }();
  return table.data();
}

/// int16 LOGISTIC (s_out = 2^-15) as TFLite's
/// reference_integer_ops::Logistic(int16): the input is rescaled so that
/// 3 * 4096 units are 1.0, then the sigmoid table is interpolated over 9
/// fractional bits; negative inputs use sigmoid(-x) = 1 - sigmoid(x).
inline int16_t logisticInt16(int16_t x, int32_t mult, int leftShift) {
  const int32_t round = leftShift > 0 ? 1 << (leftShift - 1) : 0;
  const int32_t in = (int32_t(x) * mult + round) >> leftShift;
  const uint32_t absIn = static_cast<uint32_t>(std::abs(in));
  const uint32_t uh = absIn >> 9;
  uint32_t r;
  if (uh >= 255) {
    r = 0x7FFFu << 10;
  } else {
    const uint32_t ua = sigmoidTable()[uh], ub = sigmoidTable()[uh + 1];
    r = (ua << 9) + (absIn & 0x1ff) * (ub - ua);
  }
  r = in >= 0 ? r + (1u << 9) : (1u << (16 + 9)) - r + (1u << 9) - 1;
  return static_cast<int16_t>(r >> 10);
}

/// int16 TANH (s_out = 2^-15) as TFLite's reference_integer_ops::Tanh
/// (int16): the same table at twice the input, 8 fractional bits.
inline int16_t tanhInt16(int16_t x, int32_t mult, int leftShift) {
  const int32_t round = leftShift > 0 ? 1 << (leftShift - 1) : 0;
  const int32_t in = (int32_t(x) * mult + round) >> leftShift;
  const uint32_t absIn = static_cast<uint32_t>(std::abs(in));
  const uint32_t uh = absIn >> 8;
  int32_t r;
  if (uh >= 255) {
    r = 0xFFFF << 8;
  } else {
    const uint32_t ua = sigmoidTable()[uh], ub = sigmoidTable()[uh + 1];
    r = static_cast<int32_t>((ua << 8) + (absIn & 0xFF) * (ub - ua));
  }
  r = in >= 0 ? r - (1 << (14 + 9)) + (1 << (9 - 2))
              : -r + (1 << (14 + 9)) + (1 << (9 - 2)) - 1;
  return static_cast<int16_t>(r >> (9 - 1));
}

/// TFLite's int16 LOGISTIC / TANH Prepare: zero points 0, output scale
/// 2^-15; a power-of-two input scale uses a shift (with the implicit
/// multiplier 3), any other scale a multiplier s_in * 4096 * 3 * 2^shift
/// with the largest shift keeping it above 32767 / 2.
absl::Status int16FnPrepare(int32_t code, const TQ &in, const TQ &out,
                            int32_t &mult, int &leftShift) {
  if (in.zp != 0 || out.zp != 0)
    return invalid("int16 ", builtinOpName(code), " needs zero points 0, has ",
                   in.zp, " and ", out.zp);
  int outLog2;
  if (!checkedLog2(out.scale, outLog2) || outLog2 != -15)
    return invalid("int16 ", builtinOpName(code),
                   " needs output scale 2^-15, has ", out.scale);
  int inLog2;
  bool pot = checkedLog2(in.scale, inLog2);
  leftShift = 12 + inLog2; // (15 - 3 integer bits) + log2(scale)
  pot = pot &&
        (code == kOp_TANH ? leftShift == 0 || leftShift == 1 : leftShift == 0);
  if (pot) {
    mult = 3 << leftShift;
    leftShift = 0;
    return absl::OkStatus();
  }
  double m = double(in.scale) * 4096.0 * 3.0;
  leftShift = 0;
  while (m <= 32767.0 / 2.0 && leftShift <= 30) {
    ++leftShift;
    m *= 2.0;
  }
  if (m > 2147483647.0 / 32768.0)
    return invalid("int16 ", builtinOpName(code), " input scale ", in.scale,
                   " is too large");
  mult = static_cast<int32_t>(m);
  return absl::OkStatus();
}

struct QLutState : NodeState {
  TQ in, out;
  int32_t lut[256];
  QuantMultiplier alphaMult, identityMult; ///< LEAKY_RELU
  int32_t int16Mult = 0; ///< int16 LOGISTIC / TANH input rescale
  int int16Shift = 0;
};

double unaryReal(int32_t code, double x, float alpha) {
  switch (code) {
  case kOp_LOGISTIC:
    return 1.0 / (1.0 + std::exp(-x));
  case kOp_TANH:
    return std::tanh(x);
  case kOp_HARD_SWISH:
    return x * std::min(6.0, std::max(0.0, x + 3.0)) / 6.0;
  case kOp_RELU:
    return std::max(0.0, x);
  case kOp_RELU6:
    return std::min(6.0, std::max(0.0, x));
  case kOp_RELU_N1_TO_1:
    return std::min(1.0, std::max(-1.0, x));
  case kOp_LEAKY_RELU:
    return x >= 0 ? x : alpha * x;
  default:
    return x;
  }
}

absl::Status qunaryPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  auto st = std::make_unique<QLutState>();
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", st->in));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", st->out));
  const int32_t code = ctx.op().builtinCode;
  const float alpha = ctx.options().alpha;
  if (code == kOp_LEAKY_RELU) {
    // TFLite leaky_relu.cc: identity and alpha multipliers.
    // Both ratios in float, then widened (as TFLite / TFLite Micro).
    st->identityMult = quantizeMultiplier(st->in.scale / st->out.scale);
    st->alphaMult = quantizeMultiplier(st->in.scale * alpha / st->out.scale);
    if (alpha < 0)
      return unimplemented("quantized LEAKY_RELU with negative alpha");
  } else if (in->type == TensorType::kInt16) {
    if (code != kOp_LOGISTIC && code != kOp_TANH)
      return unimplemented(builtinOpName(code), " on int16");
    TFMLIR_RETURN_IF_ERROR(
        int16FnPrepare(code, st->in, st->out, st->int16Mult, st->int16Shift));
  } else {
    // 8-bit: a 256-entry table f(dequantize(q)) requantized (TFLite's
    // optimized 8-bit LOGISTIC / TANH use such a table).
    const int32_t lo = typeMin(in->type);
    for (int i = 0; i < 256; ++i) {
      const double x = st->in.scale * double(lo + i - st->in.zp);
      const double y = unaryReal(code, x, alpha);
      st->lut[i] = clampT(static_cast<int64_t>(std::round(y / st->out.scale)) +
                              st->out.zp,
                          out->type);
    }
  }
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, in->shape);
}

absl::Status qunaryEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QLutState *>(ctx.state().get());
  const int64_t n = in.numElements();
  if (ctx.op().builtinCode == kOp_LEAKY_RELU) {
    for (int64_t i = 0; i < n; ++i) {
      const int32_t x = loadQ(in, i) - st.in.zp;
      const int32_t y = multiplyByQuantizedMultiplier(
          x, x >= 0 ? st.identityMult : st.alphaMult);
      storeQ(out, i, clampT(int64_t(y) + st.out.zp, out.type));
    }
    return absl::OkStatus();
  }
  if (in.type == TensorType::kInt16) {
    const int16_t *x = in.as<int16_t>();
    int16_t *y = out.as<int16_t>();
    const bool isTanh = ctx.op().builtinCode == kOp_TANH;
    for (int64_t i = 0; i < n; ++i)
      y[i] = isTanh ? tanhInt16(x[i], st.int16Mult, st.int16Shift)
                    : logisticInt16(x[i], st.int16Mult, st.int16Shift);
    return absl::OkStatus();
  }
  const int32_t lo = typeMin(in.type);
  for (int64_t i = 0; i < n; ++i)
    storeQ(out, i, st.lut[loadQ(in, i) - lo]);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// RSQRT (int16)
//===----------------------------------------------------------------------===//

struct QRsqrtState : NodeState {
  int16_t lut[513];
};

/// int16 RSQRT as TFLite's elementwise.cc: zero points 0, a 513-entry
/// table of 1/sqrt(x) (float LUTPopulate; x <= 0 maps to the largest
/// output), interpolated; a negative input is an error.
absl::Status qrsqrtPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  if (in->type == TensorType::kInt8)
    return rsqrtInt8Prepare(ctx);
  if (in->type != TensorType::kInt16)
    return unimplemented("quantized RSQRT on ", typeName(in->type),
                         " (int8 and int16 are implemented)");
  TFMLIR_RETURN_IF_ERROR(checkType(out, TensorType::kInt16, "output"));
  TQ qi, qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", qi));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", qo));
  if (qi.zp != 0 || qo.zp != 0)
    return invalid("int16 RSQRT needs zero points 0, has ", qi.zp, " and ",
                   qo.zp);
  auto st = std::make_unique<QRsqrtState>();
  const float outScale = qo.scale;
  lutPopulateInt16<float>(
      qi.scale, 0, qo.scale, 0,
      [outScale](float v) {
        return v <= 0.f ? 32767.f * outScale : 1.f / std::sqrt(v);
      },
      st->lut);
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, in->shape);
}

absl::Status qrsqrtEval(OpContext &ctx) {
  if (ctx.input(0)->type == TensorType::kInt8)
    return rsqrtInt8Eval(ctx);
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QRsqrtState *>(ctx.state().get());
  const int16_t *x = in.as<int16_t>();
  int16_t *y = out.as<int16_t>();
  const int64_t n = in.numElements();
  for (int64_t i = 0; i < n; ++i)
    if (x[i] < 0)
      return invalid("RSQRT is only defined for non-negative values; "
                     "element ",
                     i, " is ", x[i]);
  for (int64_t i = 0; i < n; ++i)
    y[i] = lutLookupInt16(x[i], st.lut);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// SOFTMAX
//===----------------------------------------------------------------------===//

struct QSoftmax16State : NodeState {
  int16_t expLut[513];
  int16_t recipLut[513];
  QuantMultiplier inMult;
};

absl::Status qsoftmaxPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkQ(ctx.output(0), "output"));
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(ctx.output(0), "output", b));
  if (in->rank() < 1)
    return invalid("softmax input must have rank >= 1");
  if (in->type == TensorType::kInt16) {
    // TFLite's int16 SOFTMAX (activations.cc SoftmaxPrepare): zero points
    // 0, output scale 1/32768, an exp table over [-10, 0] and a 1/(1+x)
    // table over [0, 1] (LUTPopulate with double), input differences
    // rescaled so that 65535 units are 10.0.
    if (ctx.output(0)->type != TensorType::kInt16)
      return unimplemented("int16 SOFTMAX with ", typeName(ctx.output(0)->type),
                           " output");
    if (a.zp != 0 || b.zp != 0)
      return invalid("int16 SOFTMAX needs zero points 0, has ", a.zp, " and ",
                     b.zp);
    if (std::fabs(b.scale - 1.f / 32768) > 0.001f / 32768)
      return invalid("int16 SOFTMAX needs output scale 1/32768, has ", b.scale);
    auto st = std::make_unique<QSoftmax16State>();
    const double range = 65535.0;
    lutPopulateInt16<double>(
        10.0 / range, 32767, 2.0 / range, 0,
        [](double v) { return std::exp(v); }, st->expLut);
    lutPopulateInt16<double>(
        1.0 / range, -32768, 2.0 / range, 0,
        [](double v) { return 1.0 / (1.0 + v); }, st->recipLut);
    st->inMult = quantizeMultiplier(
        double(a.scale) * double(ctx.options().beta) / (10.0 / 65535.0));
    ctx.state() = std::move(st);
  }
  return ctx.resizeOutput(0, in->shape);
}

/// TFLite's reference SoftmaxInt16: exp(x - max) from the table (Q0.15),
/// their sum, its reciprocal from the 1/(1+x) table after normalizing the
/// sum into [1, 2), and the rescaled products, saturated to [0, 32767].
absl::Status qsoftmaxEvalInt16(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QSoftmax16State *>(ctx.state().get());
  const int16_t *x = in.as<int16_t>();
  int16_t *y = out.as<int16_t>();
  const int64_t depth = in.shape.back();
  const int64_t rows = depth ? in.numElements() / depth : 0;
  for (int64_t r = 0; r < rows; ++r) {
    const int16_t *xr = x + r * depth;
    int16_t *yr = y + r * depth;
    int16_t mx = std::numeric_limits<int16_t>::min();
    for (int64_t c = 0; c < depth; ++c)
      mx = std::max(mx, xr[c]);
    int32_t sum = 0; // Q16.15
    for (int64_t c = 0; c < depth; ++c) {
      const int32_t scaled =
          multiplyByQuantizedMultiplier(int32_t(xr[c]) - mx, st.inMult);
      const int32_t sym = std::clamp(scaled + 32767, -32768, 32767);
      yr[c] = lutLookupInt16(static_cast<int16_t>(sym), st.expLut);
      sum += yr[c];
    }
    if (sum <= 0)
      return invalid("int16 SOFTMAX: the sum of exponentials is ", sum);
    const int headroomPlusOne = std::countl_zero(static_cast<uint32_t>(sum));
    const int32_t shifted = static_cast<int32_t>(
        ((static_cast<int64_t>(sum) << (headroomPlusOne - 1)) + (1 << 13)) >>
        14);
    const int32_t sym =
        std::clamp(shifted - ((1 << 15) + (1 << 16)), -32768, 32767);
    const int16_t recip =
        lutLookupInt16(static_cast<int16_t>(sym), st.recipLut);
    const int rightShift = 31 - headroomPlusOne;
    const int64_t round = int64_t(1) << (rightShift - 1);
    for (int64_t c = 0; c < depth; ++c) {
      const int64_t v =
          (static_cast<int64_t>(yr[c]) * recip + round) >> rightShift;
      yr[c] = static_cast<int16_t>(std::clamp<int64_t>(v, 0, 32767));
    }
  }
  return absl::OkStatus();
}

/// softmax(beta * s * (q - max)) over the last dim, rounded to the output
/// scale (TFLite fixes it at 1/256 with zero point -128 for int8). Within
/// +-1 of TFLite's fixed-point / table kernels.
absl::Status qsoftmaxEval(OpContext &ctx) {
  if (ctx.input(0)->type == TensorType::kInt16)
    return qsoftmaxEvalInt16(ctx);
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", b));
  const double beta = ctx.options().beta;
  const int64_t depth = in.shape.back();
  const int64_t rows = depth ? in.numElements() / depth : 0;
  std::vector<double> e(depth);
  for (int64_t r = 0; r < rows; ++r) {
    int32_t mx = typeMin(in.type);
    for (int64_t i = 0; i < depth; ++i)
      mx = std::max(mx, loadQ(in, r * depth + i));
    double sum = 0;
    for (int64_t i = 0; i < depth; ++i) {
      e[i] = std::exp(beta * a.scale * double(loadQ(in, r * depth + i) - mx));
      sum += e[i];
    }
    for (int64_t i = 0; i < depth; ++i)
      storeQ(
          out, r * depth + i,
          clampT(static_cast<int64_t>(std::round(e[i] / sum / b.scale)) + b.zp,
                 out.type));
  }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// QUANTIZE (float -> int, and requantize int -> int)
//===----------------------------------------------------------------------===//

absl::Status qquantizePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  Tensor *out = ctx.output(0);
  TQ qo;
  if (out->type != TensorType::kInt8 && out->type != TensorType::kUInt8 &&
      out->type != TensorType::kInt16 && out->type != TensorType::kInt32)
    return unimplemented("QUANTIZE to ", typeName(out->type));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", qo));
  if (in->type != TensorType::kFloat32) {
    if (!isQType(in->type) && in->type != TensorType::kInt32)
      return unimplemented("QUANTIZE from ", typeName(in->type));
    TQ qi;
    TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", qi));
  }
  return ctx.resizeOutput(0, in->shape);
}

/// QUANTIZE float -> 8-bit: the arithmetic of qquantizeEval's loop
/// (zero_point + round(x / scale), float division, ties away from zero,
/// NaN -> zero_point, saturated) without libm calls, so the loop
/// vectorizes: x / scale is clamped to +-2^30 (beyond that every result
/// saturates anyway), truncated, and the fraction decides the rounding
/// (q - trunc(q) is exact in float).
template <typename T>
absl::Status quantizeFloat8(const float *__restrict x, int64_t n, TQ qo,
                            T *__restrict y) {
  const float scale = qo.scale, lim = 1073741824.f;
  const int32_t zp = qo.zp, lo = std::numeric_limits<T>::min(),
                hi = std::numeric_limits<T>::max();
  for (int64_t i = 0; i < n; ++i) {
    float q = x[i] / scale;
    q = q == q ? q : 0.f;
    q = q < -lim ? -lim : q > lim ? lim : q;
    const int32_t t = static_cast<int32_t>(q);
    const float d = q - static_cast<float>(t);
    const int32_t r = t + (d >= 0.5f ? 1 : 0) - (d <= -0.5f ? 1 : 0) + zp;
    y[i] = static_cast<T>(r < lo ? lo : r > hi ? hi : r);
  }
  return absl::OkStatus();
}

/// float: zero_point + round(x / scale) with float division and ties away
/// from zero (TFLite's AffineQuantize); integer input: TFLite's Requantize,
/// MBQM(q - zp_in, s_in / s_out) + zp_out, saturated.
absl::Status qquantizeEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  TQ qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", qo));
  const int64_t n = in.numElements();
  if (in.type == TensorType::kFloat32 && !ctx.reference() &&
      out.type == TensorType::kInt8)
    return quantizeFloat8(in.as<float>(), n, qo, out.as<int8_t>());
  if (in.type == TensorType::kFloat32 && !ctx.reference() &&
      out.type == TensorType::kUInt8)
    return quantizeFloat8(in.as<float>(), n, qo, out.as<uint8_t>());
  if (in.type == TensorType::kFloat32) {
    const float *x = in.as<float>();
    for (int64_t i = 0; i < n; ++i) {
      const float r = std::round(x[i] / qo.scale);
      int64_t v = std::isnan(r)   ? 0
                  : r >= 9.2e18f  ? std::numeric_limits<int64_t>::max() / 2
                  : r <= -9.2e18f ? std::numeric_limits<int64_t>::min() / 2
                                  : static_cast<int64_t>(r);
      storeQ(out, i, clampT(v + qo.zp, out.type));
    }
    return absl::OkStatus();
  }
  TQ qi;
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", qi));
  const QuantMultiplier m =
      quantizeMultiplier(static_cast<double>(qi.scale) / qo.scale);
  for (int64_t i = 0; i < n; ++i) {
    // int32 arithmetic for every input type, as TFLite's Requantize.
    const int32_t x = static_cast<int32_t>(static_cast<uint32_t>(loadQ(in, i)) -
                                           static_cast<uint32_t>(qi.zp));
    const int32_t y = multiplyByQuantizedMultiplier(x, m);
    storeQ(out, i, clampT(int64_t(y) + qo.zp, out.type));
  }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// MEAN
//===----------------------------------------------------------------------===//

struct QMeanState : NodeState {
  std::vector<bool> reduced;
};

absl::Status qmeanPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(ctx.output(0), "output", b));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "axes"));
  if (!ctx.hasData(1)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  auto st = std::make_unique<QMeanState>();
  st->reduced.assign(in->rank(), false);
  const Tensor &ax = *ctx.input(1);
  // A scalar input ignores its axes, as in Reduce.cpp (TFLite's ResolveAxis).
  for (int64_t i = 0, n = in->rank() ? ax.numElements() : 0; i < n; ++i) {
    int d;
    TFMLIR_RETURN_IF_ERROR(normalizeAxis(readInt(ax, i), in->rank(), d));
    st->reduced[d] = true;
  }
  std::vector<int32_t> shape;
  for (int d = 0; d < in->rank(); ++d) {
    if (!st->reduced[d])
      shape.push_back(in->shape[d]);
    else if (ctx.options().keepDims)
      shape.push_back(1);
  }
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

/// Mean of s_in * (q - zp_in) requantized to the output: exact int64 sum,
/// one rounding (within +-1 of TFLite's multiplier-based kernels).
absl::Status qmeanEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QMeanState *>(ctx.state().get());
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", b));
  const int r = in.rank();
  std::vector<int64_t> outStride(r, 0);
  int64_t s = 1, count = 1;
  for (int d = r - 1; d >= 0; --d) {
    if (st.reduced[d]) {
      count *= in.shape[d];
      continue;
    }
    outStride[d] = s;
    s *= in.shape[d];
  }
  std::vector<int64_t> sums(static_cast<size_t>(out.numElements()), 0);
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0, n = in.numElements(); i < n; ++i) {
    int64_t o = 0;
    for (int d = 0; d < r; ++d)
      o += idx[d] * outStride[d];
    sums[o] += loadQ(in, i) - a.zp;
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < in.shape[d])
        break;
      idx[d] = 0;
    }
  }
  const double k = count ? double(a.scale) / (double(b.scale) * count) : 0.0;
  for (size_t o = 0; o < sums.size(); ++o)
    storeQ(
        out, o,
        clampT(static_cast<int64_t>(std::round(sums[o] * k)) + b.zp, out.type));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// CONCATENATION, PAD / PADV2, RESIZE_BILINEAR
//===----------------------------------------------------------------------===//

/// Concatenation with requantization of inputs whose quantization differs
/// from the output's: round(q * s_in/s_out - zp_in * s_in/s_out) + zp_out
/// in float, as TFLite's ConcatenationWithScaling.
absl::Status qconcatEval(OpContext &ctx, const KernelRegistration &floatReg) {
  Tensor &out = *ctx.output(0);
  // Plain 8/16-bit integers (no quantization on any tensor): TFLite's
  // AllInputsHaveSameQuantizationAsOutput holds (all params zero) and it
  // concatenates without scaling.
  bool unquantized = out.quant.scale.empty();
  for (int i = 0; i < ctx.numInputs(); ++i)
    unquantized &= ctx.input(i) && ctx.input(i)->quant.scale.empty();
  if (unquantized)
    return floatReg.eval(ctx);
  TQ qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", qo));
  bool same = true;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    TQ qi;
    TFMLIR_RETURN_IF_ERROR(perTensor(ctx.input(i), "input", qi));
    same &= qi.scale == qo.scale && qi.zp == qo.zp;
  }
  if (same)
    return floatReg.eval(ctx);
  int axis;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().axis, out.rank(), axis));
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d)
    outer *= out.shape[d];
  int64_t outRow = out.numElements() / std::max<int64_t>(outer, 1);
  int64_t off = 0;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    const Tensor &in = *ctx.input(i);
    TQ qi;
    TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", qi));
    const int64_t row = in.numElements() / std::max<int64_t>(outer, 1);
    const float scale = qi.scale / qo.scale;
    const float bias = -qi.zp * scale;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t j = 0; j < row; ++j) {
        int32_t v = loadQ(in, o * row + j);
        if (!(qi.scale == qo.scale && qi.zp == qo.zp))
          v = static_cast<int32_t>(std::round(v * scale + bias)) + qo.zp;
        storeQ(out, o * outRow + off + j, clampT(v, out.type));
      }
    off += row;
  }
  return absl::OkStatus();
}

/// Constant PAD of a quantized tensor: the pad value is the output zero
/// point (PAD) or the given value (PADV2), as TFLite.
absl::Status qpadEval(OpContext &ctx, const KernelRegistration &floatReg) {
  if (ctx.input(2))
    return floatReg.eval(ctx);
  const Tensor &in = *ctx.input(0), &p = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  TQ qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", qo));
  if (qo.zp == 0)
    return floatReg.eval(ctx);
  const int r = in.rank();
  const int64_t n = out.numElements();
  for (int64_t i = 0; i < n; ++i)
    storeQ(out, i, qo.zp);
  std::vector<int64_t> lo(r);
  for (int d = 0; d < r; ++d)
    lo[d] = readInt(p, 2 * d);
  std::vector<int64_t> os(r, 1);
  for (int d = r - 2; d >= 0; --d)
    os[d] = os[d + 1] * out.shape[d + 1];
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0, m = in.numElements(); i < m; ++i) {
    int64_t o = 0;
    for (int d = 0; d < r; ++d)
      o += (idx[d] + lo[d]) * os[d];
    storeQ(out, o, loadQ(in, i));
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < in.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

absl::Status qresizePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *sz = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  TFMLIR_RETURN_IF_ERROR(checkType(sz, TensorType::kInt32, "size"));
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(ctx.output(0), "output", b));
  if (a.scale != b.scale || a.zp != b.zp)
    return unimplemented("RESIZE_BILINEAR with different input and output "
                         "quantization");
  if (in->rank() != 4 || sz->numElements() != 2)
    return invalid("input must be rank 4 and size have 2 elements");
  if (ctx.options().alignCorners && ctx.options().halfPixelCenters)
    return invalid("align_corners and half_pixel_centers are exclusive");
  if (!ctx.hasData(1)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  int32_t h = sz->as<int32_t>()[0], w = sz->as<int32_t>()[1];
  if (h <= 0 || w <= 0)
    return invalid("output size ", h, "x", w, " must be positive");
  return ctx.resizeOutput(0, {in->shape[0], h, w, in->shape[3]});
}

/// Bilinear interpolation of the quantized values (input and output share
/// scale and zero point), rounded half away from zero; same sampling
/// positions as the float kernel.
absl::Status qresizeEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  const bool ac = ctx.options().alignCorners,
             hp = ctx.options().halfPixelCenters;
  auto scaleOf = [&](int i, int o) {
    return (ac && o > 1) ? static_cast<float>(i - 1) / (o - 1)
                         : static_cast<float>(i) / o;
  };
  const float sy = scaleOf(H, OH), sx = scaleOf(W, OW);
  auto interp = [&](int v, float scale, int size, float &f, int &lo, int &hi) {
    f = hp ? (v + 0.5f) * scale - 0.5f : v * scale;
    lo = std::max(static_cast<int>(std::floor(f)), 0);
    hi = std::min(static_cast<int>(std::ceil(f)), size - 1);
  };
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < OH; ++y) {
      float fy;
      int y0, y1;
      interp(y, sy, H, fy, y0, y1);
      for (int x = 0; x < OW; ++x) {
        float fx;
        int x0, x1;
        interp(x, sx, W, fx, x0, x1);
        const double dy = fy - y0, dx = fx - x0;
        auto at = [&](int yy, int xx, int c) {
          return double(
              loadQ(in, ((static_cast<int64_t>(n) * H + yy) * W + xx) * C + c));
        };
        for (int c = 0; c < C; ++c) {
          double v = at(y0, x0, c) * (1 - dy) * (1 - dx) +
                     at(y1, x0, c) * dy * (1 - dx) +
                     at(y0, x1, c) * (1 - dy) * dx + at(y1, x1, c) * dy * dx;
          storeQ(out, ((static_cast<int64_t>(n) * OH + y) * OW + x) * C + c,
                 clampT(static_cast<int64_t>(std::round(v)), out.type));
        }
      }
    }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// BATCH_MATMUL (int8 x int8, int16 x int16, int16 x int8 weights)
//===----------------------------------------------------------------------===//

struct QBmmState : NodeState {
  TQ a, out;
  std::vector<int32_t> bZp;       ///< per output column (or one)
  std::vector<QuantMultiplier> m; ///< per output column (or one)
};

absl::Status qbmmPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(a, "lhs"));
  TFMLIR_RETURN_IF_ERROR(checkQ(b, "rhs"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, a->type, "output"));
  if (a->rank() < 2 || b->rank() < 2)
    return invalid("operands must have rank >= 2");
  auto st = std::make_unique<QBmmState>();
  TFMLIR_RETURN_IF_ERROR(perTensor(a, "lhs", st->a));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", st->out));
  const OpOptions &o = ctx.options();
  const int ra = a->rank(), rb = b->rank();
  // rhs: per tensor, or per output column (the N axis of rhs: last dim,
  // or the one before it with adj_y), as the converter's per-channel
  // einsum weights.
  const QuantParams &bq = b->quant;
  const int nAxis = o.adjY ? rb - 2 : rb - 1;
  if (bq.scale.size() > 1 &&
      (bq.quantizedDimension != nAxis ||
       static_cast<int64_t>(bq.scale.size()) != b->shape[nAxis]))
    return unimplemented("rhs per-axis quantization on dim ",
                         bq.quantizedDimension, " (", bq.scale.size(),
                         " scales); only the output-column axis ", nAxis,
                         " is supported");
  if (bq.scale.empty())
    return invalid("rhs (", typeName(b->type), ") has no scale");
  for (size_t c = 0; c < bq.scale.size(); ++c) {
    const float bs = bq.scale[c];
    if (!std::isfinite(bs) || !(bs > 0.f))
      return invalid("rhs scale ", bs);
    const int64_t z = bq.zeroPoint.empty() ? 0 : bq.zeroPoint[c];
    if (z < typeMin(b->type) || z > typeMax(b->type))
      return invalid("rhs zero point ", z, " outside ", typeName(b->type));
    st->bZp.push_back(static_cast<int32_t>(z));
    // TFLite batch_matmul.cc: lhs_scale * rhs_scale / output_scale.
    st->m.push_back(quantizeMultiplier(static_cast<double>(st->a.scale) * bs /
                                       st->out.scale));
  }
  const int32_t m = o.adjX ? a->shape[ra - 1] : a->shape[ra - 2];
  const int32_t ka = o.adjX ? a->shape[ra - 2] : a->shape[ra - 1];
  const int32_t kb = o.adjY ? b->shape[rb - 1] : b->shape[rb - 2];
  const int32_t n = o.adjY ? b->shape[rb - 2] : b->shape[rb - 1];
  if (ka != kb)
    return invalid("contraction dims differ: ", shapeToString(a->shape), " x ",
                   shapeToString(b->shape));
  std::vector<int32_t> ba(a->shape.begin(), a->shape.end() - 2),
      bb(b->shape.begin(), b->shape.end() - 2), batch;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(ba, bb, batch));
  batch.push_back(m);
  batch.push_back(n);
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, batch);
}

/// out = MBQM(sum_k (a - zp_a)(b - zp_b), s_a s_b / s_out) + zp_out,
/// saturated; the sum is int64 (exact for any depth) and requantized with
/// the int32 multiplier for 8-bit operands and the int64 one otherwise, as
/// TFLite's reference BatchMatMul<T, AccumT>.
absl::Status qbmmEval(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QBmmState *>(ctx.state().get());
  const OpOptions &o = ctx.options();
  const int ra = a.rank(), ro = out.rank();
  const int64_t M = out.shape[ro - 2], N = out.shape[ro - 1];
  const int64_t K = o.adjX ? a.shape[ra - 2] : a.shape[ra - 1];
  const bool wide =
      a.type == TensorType::kInt16 || b.type == TensorType::kInt16;
  std::vector<int32_t> ba(a.shape.begin(), a.shape.end() - 2),
      bb(b.shape.begin(), b.shape.end() - 2),
      bo(out.shape.begin(), out.shape.end() - 2);
  // Offset operands as int16 rows: lhs [M][K], rhs transposed [N][K]
  // (|q - zp| <= 255 for 8-bit; int16 needs zero point 0).
  if (a.type == TensorType::kInt16 && st.a.zp != 0)
    return unimplemented("int16 lhs with zero point ", st.a.zp);
  if (b.type == TensorType::kInt16)
    for (int32_t z : st.bZp)
      if (z != 0)
        return unimplemented("int16 rhs with zero point ", z);
  std::vector<int16_t> A(static_cast<size_t>(M * K)),
      Bt(static_cast<size_t>(N * K));
  forEachBroadcast(ba, bb, bo, [&](int64_t oi, int64_t ai, int64_t bi) {
    const int64_t xa = ai * M * K, wb = bi * K * N, yo = oi * M * N;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t k = 0; k < K; ++k)
        A[i * K + k] = static_cast<int16_t>(
            loadQ(a, xa + (o.adjX ? k * M + i : i * K + k)) - st.a.zp);
    for (int64_t j = 0; j < N; ++j) {
      const int32_t z = st.bZp[st.bZp.size() == 1 ? 0 : j];
      for (int64_t k = 0; k < K; ++k)
        Bt[j * K + k] = static_cast<int16_t>(
            loadQ(b, wb + (o.adjY ? j * K + k : k * N + j)) - z);
    }
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        const size_t ch = st.m.size() == 1 ? 0 : static_cast<size_t>(j);
        const int64_t acc = wide ? dot16<int64_t>(&A[i * K], &Bt[j * K], K)
                                 : dot16<int32_t>(&A[i * K], &Bt[j * K], K);
        const int32_t v = wide ? multiplyByQuantizedMultiplier64(acc, st.m[ch])
                               : multiplyByQuantizedMultiplier(
                                     static_cast<int32_t>(acc), st.m[ch]);
        storeQ(out, yo + i * N + j, clampT(int64_t(v) + st.out.zp, out.type));
      }
  });
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// The float (and type-generic) kernels, as the other kernel files register
/// them.
const MutableOpResolver &floatResolver() {
  static const MutableOpResolver r = [] {
    MutableOpResolver m;
#define TFMLIR_LITE_KERNEL_FILE(fn) fn(m);
#include "runtime/lite/kernels/Registrations.def"
#undef TFMLIR_LITE_KERNEL_FILE
    return m;
  }();
  return r;
}

enum class Route { kFloat, kQuant, kHybrid };

Route routeOf(OpContext &ctx) {
  const int32_t code = ctx.op().builtinCode;
  const int act = code == kOp_TRANSPOSE_CONV ? 2 : 0;
  const Tensor *in = ctx.input(act);
  if (!in)
    return Route::kFloat;
  if (code == kOp_QUANTIZE)
    return Route::kQuant;
  if (isQType(in->type))
    return Route::kQuant;
  if ((code == kOp_FULLY_CONNECTED || code == kOp_CONV_2D ||
       code == kOp_DEPTHWISE_CONV_2D) &&
      in->type == TensorType::kFloat32 && ctx.input(1) &&
      (ctx.input(1)->type == TensorType::kInt8 ||
       ctx.input(1)->type == TensorType::kUInt8))
    return Route::kHybrid;
  return Route::kFloat;
}

const KernelRegistration *floatKernel(OpContext &ctx) {
  return floatResolver().findBuiltin(ctx.op().builtinCode, ctx.op().version);
}

} // namespace

// Hybrid kernels live in Hybrid.cpp.
absl::Status hybridPrepare(OpContext &ctx);
absl::Status hybridEval(OpContext &ctx);

namespace {

absl::Status quantPrepare(OpContext &ctx) {
  switch (ctx.op().builtinCode) {
  case kOp_CONV_2D:
    return qconvPrepare(ctx);
  case kOp_DEPTHWISE_CONV_2D:
    return qdwPrepare(ctx);
  case kOp_FULLY_CONNECTED:
    return qfcPrepare(ctx);
  case kOp_TRANSPOSE_CONV:
    return qtconvPrepare(ctx);
  case kOp_ADD:
  case kOp_SUB:
  case kOp_MUL:
    return qbinaryPrepare(ctx);
  case kOp_AVERAGE_POOL_2D:
  case kOp_MAX_POOL_2D:
    return qpoolPrepare(ctx);
  case kOp_LOGISTIC:
  case kOp_TANH:
  case kOp_HARD_SWISH:
  case kOp_LEAKY_RELU:
  case kOp_RELU:
  case kOp_RELU6:
  case kOp_RELU_N1_TO_1:
    return qunaryPrepare(ctx);
  case kOp_SOFTMAX:
    return qsoftmaxPrepare(ctx);
  case kOp_RSQRT:
    return qrsqrtPrepare(ctx);
  case kOp_QUANTIZE:
    return qquantizePrepare(ctx);
  case kOp_MEAN:
    return qmeanPrepare(ctx);
  case kOp_RESIZE_BILINEAR:
    return qresizePrepare(ctx);
  case kOp_BATCH_MATMUL:
    return qbmmPrepare(ctx);
  default:
    break;
  }
  // Type-generic kernels (shape ops, CONCATENATION, PAD) prepare as the
  // float registration does.
  const KernelRegistration *f = floatKernel(ctx);
  if (!f)
    return unimplemented("no kernel for quantized ",
                         builtinOpName(ctx.op().builtinCode), " v",
                         ctx.op().version);
  return f->prepare ? f->prepare(ctx) : absl::OkStatus();
}

absl::Status quantEval(OpContext &ctx) {
  switch (ctx.op().builtinCode) {
  case kOp_CONV_2D:
    return qconvEval(ctx);
  case kOp_DEPTHWISE_CONV_2D:
    return qdwEval(ctx);
  case kOp_FULLY_CONNECTED:
    return qfcEval(ctx);
  case kOp_TRANSPOSE_CONV:
    return qtconvEval(ctx);
  case kOp_ADD:
  case kOp_SUB:
  case kOp_MUL:
    return qbinaryEval(ctx);
  case kOp_AVERAGE_POOL_2D:
  case kOp_MAX_POOL_2D:
    return qpoolEval(ctx);
  case kOp_LOGISTIC:
  case kOp_TANH:
  case kOp_HARD_SWISH:
  case kOp_LEAKY_RELU:
  case kOp_RELU:
  case kOp_RELU6:
  case kOp_RELU_N1_TO_1:
    return qunaryEval(ctx);
  case kOp_SOFTMAX:
    return qsoftmaxEval(ctx);
  case kOp_RSQRT:
    return qrsqrtEval(ctx);
  case kOp_QUANTIZE:
    return qquantizeEval(ctx);
  case kOp_MEAN:
    return qmeanEval(ctx);
  case kOp_RESIZE_BILINEAR:
    return qresizeEval(ctx);
  case kOp_BATCH_MATMUL:
    return qbmmEval(ctx);
  default:
    break;
  }
  const KernelRegistration *f = floatKernel(ctx);
  if (!f)
    return unimplemented("no kernel for quantized ",
                         builtinOpName(ctx.op().builtinCode));
  switch (ctx.op().builtinCode) {
  case kOp_CONCATENATION:
    return qconcatEval(ctx, *f);
  case kOp_PAD:
  case kOp_PADV2:
    return qpadEval(ctx, *f);
  default:
    return f->eval(ctx);
  }
}

/// TFLite's ADD / SUB / MUL Prepare sets the output type to the inputs'
/// type (`output->type = input2->type`) once both inputs agree, whatever
/// the model declares; TFLite's own test model add_quantized.bin relies on
/// it (a float32-declared intermediate between two uint8 ADDs). We do the
/// same, so such a model runs as it does in TFLite.
void retypeBinaryOutput(OpContext &ctx) {
  const int32_t code = ctx.op().builtinCode;
  if (code != kOp_ADD && code != kOp_SUB && code != kOp_MUL)
    return;
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  Tensor *out = ctx.output(0);
  if (a && b && out && a->type == b->type && out->type != b->type &&
      out->storage != Storage::kConstant && !out->isVariable)
    out->type = b->type;
}

absl::Status dispatchPrepare(OpContext &ctx) {
  retypeBinaryOutput(ctx);
  switch (routeOf(ctx)) {
  case Route::kQuant:
    return quantPrepare(ctx);
  case Route::kHybrid:
    return hybridPrepare(ctx);
  case Route::kFloat:
    break;
  }
  const KernelRegistration *f = floatKernel(ctx);
  if (!f)
    return unimplemented("no kernel for ", typeName(ctx.input(0)->type), " ",
                         builtinOpName(ctx.op().builtinCode), " v",
                         ctx.op().version);
  return f->prepare ? f->prepare(ctx) : absl::OkStatus();
}

absl::Status dispatchEval(OpContext &ctx) {
  switch (routeOf(ctx)) {
  case Route::kQuant:
    return quantEval(ctx);
  case Route::kHybrid:
    return hybridEval(ctx);
  case Route::kFloat:
    break;
  }
  const KernelRegistration *f = floatKernel(ctx);
  if (!f)
    return unimplemented("no kernel for ", builtinOpName(ctx.op().builtinCode));
  return f->eval(ctx);
}

/// The input-0 types the integer kernel of `code` accepts (the checks of
/// quantPrepare's qbinaryPrepare, qunaryPrepare, ...): int8, uint8 and
/// int16, except the 8-bit tables of HARD_SWISH and the RELUs, RSQRT's
/// int8 and int16 kernels, and QUANTIZE, which takes float32 and
/// requantizes int8 / uint8 / int16 / int32.
TypeSet integerInputTypes(int32_t code) {
  using TT = TensorType;
  switch (code) {
  case kOp_HARD_SWISH:
  case kOp_RELU:
  case kOp_RELU6:
  case kOp_RELU_N1_TO_1:
    return typeSet(TT::kInt8, TT::kUInt8);
  case kOp_RSQRT:
    return typeSet(TT::kInt8, TT::kInt16);
  case kOp_QUANTIZE:
    return typeSet(TT::kFloat32, TT::kInt8, TT::kUInt8, TT::kInt16, TT::kInt32);
  default:
    return typeSet(TT::kInt8, TT::kUInt8, TT::kInt16);
  }
}

} // namespace

/// Registers the dispatcher for every other op with an integer kernel, over the
/// versions the float registration covers and those TFLite uses for the
/// integer variants (e.g. CONV_2D v2/v3 int8, v4 int16x8 ... v8).
void registerQuantized(MutableOpResolver &r) {
  // CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, TRANSPOSE_CONV, the pools
  // and BATCH_MATMUL switch on their types in their own files.
  static const std::pair<int32_t, int32_t> ops[] = {
      {kOp_ADD, 5},           {kOp_SUB, 5},
      {kOp_MUL, 7},           {kOp_LOGISTIC, 3},
      {kOp_TANH, 3},          {kOp_HARD_SWISH, 1},
      {kOp_LEAKY_RELU, 2},    {kOp_RELU, 3},
      {kOp_RELU6, 3},         {kOp_RELU_N1_TO_1, 2},
      {kOp_SOFTMAX, 3},       {kOp_QUANTIZE, 3},
      {kOp_MEAN, 3},          {kOp_RESIZE_BILINEAR, 4},
      {kOp_CONCATENATION, 4}, {kOp_PAD, 4},
      {kOp_PADV2, 4},         {kOp_RSQRT, 3},
  };
  // The dispatcher declares the union of the types it routes: int8 /
  // uint8 / int16 inputs (QUANTIZE: all) go to the integer kernel
  // (routeOf), the others to the float registration. op-coverage lists
  // the float registration's types with "+ integer dispatch".
  const TypeSet routedToInteger =
      typeSet(TensorType::kInt8, TensorType::kUInt8, TensorType::kInt16);
  for (auto [code, qmax] : ops)
    for (int32_t v = 1; v <= 16; ++v) {
      const KernelRegistration *f = r.findBuiltin(code, v);
      if (v > qmax && !f)
        continue;
      TypeSet types = integerInputTypes(code);
      if (f && code != kOp_QUANTIZE)
        types |= f->inputTypes & ~routedToInteger;
      r.addBuiltin(code, {dispatchPrepare, dispatchEval, types}, v, v);
    }
}

KernelType kernelTypeOf(OpContext &ctx, int act, int weights) {
  const Tensor *in = ctx.input(act);
  if (in && isQType(in->type))
    return KernelType::kQuantized;
  const Tensor *w = weights >= 0 ? ctx.input(weights) : nullptr;
  if (in && w && in->type == TensorType::kFloat32 &&
      (w->type == TensorType::kInt8 || w->type == TensorType::kUInt8))
    return KernelType::kHybrid;
  return KernelType::kFloat;
}

namespace quantized {
absl::Status conv2dPrepare(OpContext &ctx) { return qconvPrepare(ctx); }
absl::Status conv2dEval(OpContext &ctx) { return qconvEval(ctx); }
absl::Status depthwiseConv2dPrepare(OpContext &ctx) { return qdwPrepare(ctx); }
absl::Status depthwiseConv2dEval(OpContext &ctx) { return qdwEval(ctx); }
absl::Status fullyConnectedPrepare(OpContext &ctx) { return qfcPrepare(ctx); }
absl::Status fullyConnectedEval(OpContext &ctx) { return qfcEval(ctx); }
absl::Status transposeConvPrepare(OpContext &ctx) { return qtconvPrepare(ctx); }
absl::Status transposeConvEval(OpContext &ctx) { return qtconvEval(ctx); }
absl::Status poolPrepare(OpContext &ctx) { return qpoolPrepare(ctx); }
absl::Status poolEval(OpContext &ctx) { return qpoolEval(ctx); }
absl::Status batchMatMulPrepare(OpContext &ctx) { return qbmmPrepare(ctx); }
absl::Status batchMatMulEval(OpContext &ctx) { return qbmmEval(ctx); }
} // namespace quantized

} // namespace tfmlir::lite::kernels
