//===- LstmInteger.cpp - Reference loops of the full-integer LSTM --------===//
//
// See LstmInteger.h. The int16 fixed-point helpers below follow gemmlowp's
// fixedpoint.h for a 16-bit raw type: products are
// SaturatingRoundingDoublingHighMul, sums and differences wrap (as the raw
// int16 arithmetic of FixedPoint), constants are the int32 constants
// rounded by 2^16 (RescaleConstantInitializer).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/reference/LstmInteger.h"
#include "runtime/lite/kernels/RsqrtInt8.h"

#include <algorithm>
#include <limits>

namespace tfmlir::lite::kernels::reference {
namespace {

int16_t wrap(int32_t v) { return static_cast<int16_t>(v); }

/// gemmlowp's SaturatingRoundingDoublingHighMul for int16.
int16_t mul(int16_t a, int16_t b) {
  if (a == b && a == std::numeric_limits<int16_t>::min())
    return std::numeric_limits<int16_t>::max();
  const int32_t ab = int32_t(a) * int32_t(b);
  const int32_t nudge = ab >= 0 ? (1 << 14) : (1 - (1 << 14));
  return static_cast<int16_t>((ab + nudge) / (1 << 15));
}

/// gemmlowp's RoundingDivideByPOT for int16.
int16_t divPOT(int16_t x, int e) {
  const int32_t mask = (1 << e) - 1;
  const int32_t rem = x & mask;
  const int32_t threshold = (mask >> 1) + (x < 0 ? 1 : 0);
  return static_cast<int16_t>((x >> e) + (rem > threshold ? 1 : 0));
}

/// gemmlowp's SaturatingRoundingMultiplyByPOT<e> for int16.
int16_t mulPOT(int16_t x, int e) {
  if (e == 0)
    return x;
  if (e < 0)
    return divPOT(x, -e);
  const int32_t threshold = (1 << (15 - e)) - 1;
  if (x > threshold)
    return std::numeric_limits<int16_t>::max();
  if (x < -threshold)
    return std::numeric_limits<int16_t>::min();
  return wrap(int32_t(x) * (1 << e));
}

/// An int32 gemmlowp constant as an int16 raw value.
int16_t c16(int32_t v) {
  return static_cast<int16_t>(roundingDivideByPOT(v, 16));
}

constexpr int16_t kOneQ15 = std::numeric_limits<int16_t>::max();

/// exp(a) for a in [-1/4, 0), Q0.15 in and out.
int16_t expQuarter(int16_t a) {
  const int16_t constantTerm = c16(1895147668); // exp(-1/8)
  const int16_t oneThird = c16(715827883);
  const int16_t x = wrap(a + (1 << 12)); // a + 1/8
  const int16_t x2 = mul(x, x), x3 = mul(x2, x), x4 = mul(x2, x2);
  const int16_t x4Over4 = mulPOT(x4, -2);
  const int16_t poly = mulPOT(wrap(mul(wrap(x4Over4 + x3), oneThird) + x2), -1);
  const int32_t sum = int32_t(constantTerm) + mul(constantTerm, wrap(x + poly));
  return static_cast<int16_t>(std::clamp<int32_t>(sum, -32768, 32767));
}

/// exp(a) for a <= 0 given with `ib` integer bits; Q0.15 result.
int16_t expNegative(int16_t a, int ib) {
  const int fb = 15 - ib;
  const int16_t quarter = int16_t(1 << (fb - 2));
  const int16_t mask = int16_t(quarter - 1);
  const int16_t modMinusQuarter = wrap((a & mask) - quarter);
  int16_t r = expQuarter(mulPOT(modMinusQuarter, ib));
  const int16_t remainder = wrap(modMinusQuarter - a);
  static const int32_t kMult[7] = {
      1672461947, 1302514674, 790015084, 290630308,
      39332535,   720401,     242}; // exp(-2^e), e = -2..4
  for (int e = -2; e <= 4; ++e)
    if (ib > e && (remainder & (1 << (fb + e))))
      r = mul(r, c16(kMult[e + 2]));
  if (ib > 5 && a < c16(-(1 << (36 - ib))))
    r = 0;
  if (a == 0)
    r = kOneQ15;
  return r;
}

/// Newton-Raphson 1 / (1 + a) for a in [0, 1] (Q0.15), in Q2.13.
int16_t reciprocalOnePlus(int16_t a) {
  const int16_t half =
      static_cast<int16_t>((int32_t(a) + kOneQ15 + 1) / 2); // RoundingHalfSum
  const int16_t c48 = c16(1515870810), cm32 = c16(-1010580540);
  int16_t x = wrap(c48 + mul(half, cm32));
  const int16_t one2 = 1 << 13;
  for (int i = 0; i < 3; ++i) {
    const int16_t oneMinus = wrap(one2 - mul(half, x));
    x = wrap(x + mulPOT(mul(x, oneMinus), 2));
  }
  return x;
}

} // namespace

int16_t logisticQ15(int16_t x, int integerBits) {
  if (x == 0)
    return 1 << 14;
  const int16_t absX = x > 0 ? x : wrap(-int32_t(x));
  // 1 / (1 + exp(-|x|)): ExactMulByPot<-1> then Rescale<0> of the Q2.13
  // reciprocal is a saturating shift left by one.
  const int16_t pos = mulPOT(
      reciprocalOnePlus(expNegative(wrap(-int32_t(absX)), integerBits)), 1);
  return x > 0 ? pos : wrap(kOneQ15 - pos);
}

int16_t tanhQ15(int16_t x, int integerBits) {
  if (x == 0)
    return 0;
  const bool negative = x < 0;
  const int16_t n = negative ? x : wrap(-int32_t(x));
  // (1 - e) / (1 + e) with e = exp(2n): ExactMulByPot<1> reads n with one
  // more integer bit.
  const int16_t e = expNegative(n, integerBits + 1);
  const int16_t t = mulPOT(wrap(reciprocalOnePlus(e) - (1 << 13)), 2);
  return negative ? wrap(-int32_t(t)) : t;
}

void LstmIntegerScratch::resize(int rows, int cells) {
  for (auto &g : gate)
    g.assign(size_t(rows) * cells, 0);
  tanhCell.assign(size_t(rows) * cells, 0);
  hidden.assign(size_t(rows) * cells, 0);
}

namespace {

/// MatrixBatchVectorMultiplyAccumulate (int8 x int8 -> T) for one row:
/// out[r] = sat(out[r] + zp + M * (bias[r] + sum_c w[r, c] * v[c])).
template <typename T>
void matVecAccumulate(const int8_t *w, const int8_t *v, const int32_t *bias,
                      QuantMultiplier m, int rows, int cols, int32_t zp,
                      T *out) {
  for (int r = 0; r < rows; ++r) {
    // int32 accumulation as TFLite's; summed in int64 and wrapped to int32
    // so that a hostile size cannot overflow a signed int (same result
    // whenever TFLite's does not overflow).
    int64_t sum = bias[r];
    const int8_t *wr = w + int64_t(r) * cols;
    for (int k = 0; k < cols; ++k)
      sum += int32_t(wr[k]) * int32_t(v[k]);
    int32_t acc = static_cast<int32_t>(static_cast<uint32_t>(sum));
    acc = multiplyByQuantizedMultiplier(acc, m) + zp + out[r];
    out[r] = static_cast<T>(std::clamp<int32_t>(
        acc, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
  }
}

/// TFLite's PortableApplyLayerNorm for one row of n int16 values (in place).
void layerNorm(int16_t *v, const int16_t *weights, const int32_t *bias,
               QuantMultiplier scale, int32_t varianceGuard, int n) {
  int64_t sum = 0, sumSq = 0;
  for (int j = 0; j < n; ++j) {
    sum += v[j];
    sumSq += int64_t(v[j]) * v[j];
  }
  const int32_t mean = static_cast<int32_t>(sum * 1024 / n);
  const int32_t twoTo20OverN = (1 << 20) / n;
  const int64_t variance = sumSq * twoTo20OverN - int64_t(mean) * mean;
  int32_t variance2 = static_cast<int32_t>(variance / (1 << 20));
  if (variance2 < 1)
    variance2 = varianceGuard;
  QuantMultiplier inv;
  invSqrtQuantizedMultiplierExp(variance2, inv.multiplier, inv.shift);
  QuantMultiplier out = scale;
  out.shift += 12;
  for (int j = 0; j < n; ++j) {
    const int32_t shifted = 1024 * int32_t(v[j]) - mean;
    const int32_t rescaled = multiplyByQuantizedMultiplier(shifted, inv);
    const int64_t val3 = int64_t(rescaled) * weights[j] + bias[j];
    const int32_t val4 =
        static_cast<int32_t>((val3 > 0 ? val3 + 512 : val3 - 512) / 1024);
    v[j] = saturateCast<int16_t>(multiplyByQuantizedMultiplier(val4, out));
  }
}

/// CalculateLstmGateInteger8x8_16 for `n` batch rows.
void gate(const LstmIntegerParams &p, const LstmGateParams &g, int n,
          const int8_t *x, const int8_t *h, const int16_t *c, bool tanhAct,
          int16_t *out) {
  const int C = p.cells;
  std::fill_n(out, int64_t(n) * C, int16_t(0));
  for (int b = 0; b < n; ++b) {
    matVecAccumulate(g.inputWeights, x + int64_t(b) * p.inputs,
                     g.inputEffBias.data(), g.inputScale, C, p.inputs, 0,
                     out + int64_t(b) * C);
    matVecAccumulate(g.recurrentWeights, h + int64_t(b) * p.outputs,
                     g.recurrentEffBias.data(), g.recurrentScale, C, p.outputs,
                     0, out + int64_t(b) * C);
  }
  // VectorBatchVectorCwiseProductAccumulate with TFLite's vector size
  // n_output: rows of n_output values over the flat [n, cells] cell state
  // and gate (the same as per cell when n_output == cells).
  if (g.peephole && c)
    for (int64_t k = 0; k < int64_t(n) * p.outputs; ++k) {
      const int32_t prod = multiplyByQuantizedMultiplier(
          int32_t(g.peephole[k % p.outputs]) * c[k], g.peepholeScale);
      out[k] = saturateCast<int16_t>(prod + out[k]);
    }
  for (int b = 0; b < n; ++b) {
    int16_t *row = out + int64_t(b) * C;
    if (g.layerNorm)
      layerNorm(row, g.layerNorm, g.bias, g.layerNormScale, g.varianceGuard, C);
    for (int k = 0; k < C; ++k)
      row[k] = tanhAct ? tanhQ15(row[k], 3) : logisticQ15(row[k], 3);
  }
}

} // namespace

void lstmIntegerStep(const LstmIntegerParams &p, int n, const int8_t *x,
                     int8_t *h, int16_t *c, int8_t *y, LstmIntegerScratch &s) {
  const int C = p.cells, O = p.outputs;
  const int64_t nc = int64_t(n) * C;
  int16_t *ig = s.gate[0].data(), *fg = s.gate[1].data(),
          *cg = s.gate[2].data(), *og = s.gate[3].data();
  gate(p, p.gate[1], n, x, h, c, false, fg);
  gate(p, p.gate[2], n, x, h, nullptr, true, cg);
  if (!p.cifg)
    gate(p, p.gate[0], n, x, h, c, false, ig);
  // UpdateLstmCellInteger: c = f * c (Q0.15 * cell -> cell, shift 15) +
  // i * g (Q0.30 -> 2^cellScale, shift 30 + cellScale), CIFG i = 1 - f.
  // The products are truncated to int16 as TFLite's CwiseMul; the sum
  // saturates.
  const int shiftIG = 30 + p.cellScale;
  for (int64_t k = 0; k < nc; ++k) {
    const int16_t fc =
        static_cast<int16_t>(roundingDivideByPOT(int32_t(fg[k]) * c[k], 15));
    const int16_t i = p.cifg ? wrap(kOneQ15 - fg[k]) : ig[k];
    const int16_t icg =
        static_cast<int16_t>(roundingDivideByPOT(int32_t(i) * cg[k], shiftIG));
    int16_t v = saturateCast<int16_t>(int32_t(fc) + icg);
    if (p.cellClip > 0)
      v = std::clamp<int16_t>(v, int16_t(-p.cellClip), p.cellClip);
    c[k] = v;
  }
  gate(p, p.gate[3], n, x, h, c, false, og);
  // CalculateLstmOutputInteger8x8_16: hidden = o * tanh(c) in the hidden
  // intermediate's scale, then the projection (or a copy).
  const int tanhBits = 15 + p.cellScale;
  for (int64_t k = 0; k < nc; ++k) {
    s.tanhCell[k] = tanhQ15(c[k], tanhBits);
    const int32_t v = multiplyByQuantizedMultiplier(
                          int32_t(og[k]) * s.tanhCell[k], p.hiddenScale) +
                      p.hiddenZp;
    s.hidden[k] = saturateCast<int8_t>(v);
  }
  if (p.projection) {
    std::fill_n(h, int64_t(n) * O, int8_t(0));
    for (int b = 0; b < n; ++b)
      matVecAccumulate(p.projection, s.hidden.data() + int64_t(b) * C,
                       p.projEffBias.data(), p.projScale, O, C, p.outputZp,
                       h + int64_t(b) * O);
    if (p.projClip > 0)
      for (int64_t k = 0; k < int64_t(n) * O; ++k)
        h[k] = std::clamp<int8_t>(h[k], int8_t(-p.projClip), p.projClip);
  } else {
    std::copy_n(s.hidden.data(), int64_t(n) * O, h);
  }
  std::copy_n(h, int64_t(n) * O, y);
}

} // namespace tfmlir::lite::kernels::reference
