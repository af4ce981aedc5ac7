//===- LstmInteger.cpp - Full-integer LSTM kernel -------------------------===//
//
// Prepare follows TFLite's lstm.cc PopulateQuantizedLstmParams8x8_16 and
// PopulatePrecomputedZPTimesWeightsWithBias (the effective scales are
// computed in float as TFLite does, so that the multipliers agree bit for
// bit); eval runs kernels/reference/LstmInteger.cpp's step per (time,
// batch) row like EvalInteger8x8_16.
//
// Peephole weights with a projection whose output size differs from the
// cell count are applied as TFLite's kernel applies them (rows of n_output
// values, see reference::lstmIntegerStep). One difference, where TFLite's
// arithmetic is not the quantized math: the projection's effective bias
// subtracts hidden_zp * rowsum (TFLite adds it; the quantizer gives the
// hidden intermediate zero point 0 whenever there is a projection, where
// both agree).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/LstmInteger.h"
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/reference/LstmInteger.h"

#include <cmath>

namespace tfmlir::lite::kernels {
namespace {

// TFLite's LSTM input indices (as Recurrent.cpp).
enum : int {
  kInput = 0,
  kInW = 1,
  kRecW = 5,
  kPeep = 9,
  kBias = 12,
  kProjW = 16,
  kProjB = 17,
  kOutState = 18,
  kCellState = 19,
  kNorm = 20,
};

const char *const kGateName[4] = {"input", "forget", "cell", "output"};

struct LstmIntegerState : NodeState {
  reference::LstmIntegerParams p;
  reference::LstmIntegerScratch scratch;
  int batch = 0, time = 0;
  bool timeMajor = true;
};

/// The per-tensor scale and zero point of `t`; InvalidArgument otherwise.
absl::Status perTensor(const Tensor *t, const std::string &what, float &scale,
                       int32_t &zp) {
  if (t->quant.scale.size() != 1)
    return invalid(what, " needs one per-tensor scale, has ",
                   t->quant.scale.size());
  scale = t->quant.scale[0];
  if (!std::isfinite(scale) || !(scale > 0.f))
    return invalid(what, " has scale ", scale);
  const int64_t z = t->quant.zeroPoint.empty() ? 0 : t->quant.zeroPoint[0];
  if (z < -32768 || z > 32767)
    return invalid(what, " has zero point ", z);
  zp = static_cast<int32_t>(z);
  return absl::OkStatus();
}

/// A constant operand of `type` and `shape`; `scale` gets its per-tensor
/// scale when `quantized` (its zero point is ignored, as TFLite does).
absl::Status operand(OpContext &ctx, int idx, const std::string &what,
                     TensorType type, std::vector<int32_t> shape,
                     bool quantized, float *scale, const Tensor *&t) {
  t = ctx.input(idx);
  if (!t)
    return invalid(what, " (input ", idx, ") is missing");
  if (t->type != type)
    return invalid(what, " (input ", idx, ") of the integer LSTM must be ",
                   typeName(type), ", is ", typeName(t->type));
  if (t->shape != shape)
    return invalid(what, " (input ", idx, ") has shape ",
                   shapeToString(t->shape), ", expected ",
                   shapeToString(shape));
  if (!ctx.hasData(idx) || !t->data)
    return invalid(what, " (input ", idx, ") must be a constant");
  if (quantized) {
    // TFLite's kernel reads the raw values as symmetric and ignores a zero
    // point (its own test harness quantizes [-1, 1] weights with zero point
    // -1); so do we, so that every model TFLite runs gives TFLite's result.
    int32_t zp;
    TFMLIR_RETURN_IF_ERROR(perTensor(t, what, *scale, zp));
  }
  return absl::OkStatus();
}

/// PrecomputeZeroPointTimesWeightWithBias: bias[r] + zp * sum_c w[r, c].
std::vector<int32_t> zpTimesRowSum(const int8_t *w, int rows, int cols,
                                   int32_t zp, const int32_t *bias) {
  std::vector<int32_t> out(rows);
  for (int r = 0; r < rows; ++r) {
    int64_t s = 0;
    for (int c = 0; c < cols; ++c)
      s += w[int64_t(r) * cols + c];
    // int32 arithmetic as TFLite's, wrapped instead of overflowing.
    out[r] = static_cast<int32_t>(
        static_cast<uint32_t>((bias ? bias[r] : 0) + s * zp));
  }
  return out;
}

} // namespace

absl::Status lstmIntegerPrepare(OpContext &ctx) {
  auto st = std::make_unique<LstmIntegerState>();
  reference::LstmIntegerParams &p = st->p;
  const Tensor *in = ctx.input(kInput);
  const bool oneStep = ctx.op().builtinCode == kOp_LSTM;
  if (in->rank() != (oneStep ? 2 : 3))
    return invalid("input must be rank ", oneStep ? 2 : 3, ", got ",
                   shapeToString(in->shape));
  st->timeMajor = oneStep || ctx.options().timeMajor;
  st->time = oneStep ? 1 : st->timeMajor ? in->shape[0] : in->shape[1];
  st->batch = oneStep         ? in->shape[0]
              : st->timeMajor ? in->shape[1]
                              : in->shape[0];
  float inScale;
  int32_t inZp;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", inScale, inZp));
  const Tensor *fw = ctx.input(kInW + 1), *rfw = ctx.input(kRecW + 1);
  if (!fw || fw->rank() != 2 || !rfw || rfw->rank() != 2)
    return invalid("input-to-forget and recurrent-to-forget weights (inputs "
                   "2 and 6) must be rank 2");
  const int I = in->shape.back(), C = fw->shape[0], O = rfw->shape[1];
  if (C <= 0)
    return invalid("the cell count (dim 0 of input 2) must be positive, is ",
                   C);
  p.inputs = I;
  p.cells = C;
  p.outputs = O;
  p.cifg = ctx.input(kInW) == nullptr;
  if (p.cifg && (ctx.input(kRecW) || ctx.input(kBias)))
    return invalid("CIFG LSTM (no input-gate weights) must omit the "
                   "recurrent input-gate weights and bias too");
  const bool peephole = ctx.input(kPeep + 2) != nullptr;
  const bool projection = ctx.input(kProjW) != nullptr;
  const bool layerNorm = ctx.numInputs() == 24 && ctx.input(kNorm + 1);
  if (!projection && O != C)
    return invalid("without projection the output size (", O,
                   ") must equal the cell count (", C, ")");
  // States.
  Tensor *os = const_cast<Tensor *>(ctx.input(kOutState));
  Tensor *cs = const_cast<Tensor *>(ctx.input(kCellState));
  if (!os || !os->isVariable || !cs || !cs->isVariable)
    return invalid("output state (input 18) and cell state (input 19) must "
                   "be variable tensors");
  TFMLIR_RETURN_IF_ERROR(checkType(os, TensorType::kInt8, "output state"));
  TFMLIR_RETURN_IF_ERROR(checkType(cs, TensorType::kInt16, "cell state"));
  if (os->numElements() != int64_t(st->batch) * O ||
      cs->numElements() != int64_t(st->batch) * C)
    return invalid("output state ", shapeToString(os->shape),
                   " and cell state ", shapeToString(cs->shape), " must be [",
                   st->batch, ", ", O, "] and [", st->batch, ", ", C, "]");
  float osScale, csScale;
  int32_t osZp, csZp;
  TFMLIR_RETURN_IF_ERROR(perTensor(os, "output state", osScale, osZp));
  TFMLIR_RETURN_IF_ERROR(perTensor(cs, "cell state", csScale, csZp));
  // TFLite's CheckedLog2: log2 of the scale within 1e-3 of an integer
  // (2 / 65535, the scale of an int16 range [-1, 1], counts as 2^-15).
  const float log2Scale = std::log(csScale) * (1.0f / std::log(2.0f));
  const float log2Rounded = std::round(log2Scale);
  p.cellScale = static_cast<int>(log2Rounded);
  // The cell state's zero point is ignored, as TFLite does.
  (void)csZp;
  if (!(std::fabs(log2Scale - log2Rounded) < 1e-3f) || p.cellScale < -15 ||
      p.cellScale > -9)
    return invalid("cell state scale ", csScale,
                   " must be a power of two in [2^-15, 2^-9], as TFLite's "
                   "integer LSTM needs");
  p.outputZp = osZp;
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkType(out, TensorType::kInt8, "output"));
  // The output's own scale serves only the projection clip, as in TFLite
  // (the kernel copies the output state to the output; models whose output
  // scale differs from the output state's get those bytes, as in TFLite).
  float outScale = osScale;
  if (!out->quant.scale.empty()) {
    int32_t outZp;
    TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", outScale, outZp));
  }

  // Intermediates: TFLite's 8x8_16 integer LSTM has 5.
  if (ctx.numIntermediates() != 5)
    return unimplemented("integer LSTM with ", ctx.numIntermediates(),
                         " intermediates: the 8x8_16 form with 5 (gate "
                         "scales and the hidden scale) is implemented");
  float interScale[5];
  int32_t interZp[5];
  for (int i = 0; i < 5; ++i) {
    interScale[i] = std::pow(2.0f, -12.0f); // Q3.12 without layer norm
    interZp[i] = 0;
    if (i < 4 && !layerNorm)
      continue;
    if (i == 0 && p.cifg)
      continue;
    const Tensor *t = ctx.intermediate(i);
    if (!t)
      return invalid("intermediate ", i, " is missing");
    TFMLIR_RETURN_IF_ERROR(
        perTensor(t, absl::StrCat("intermediate ", i, " (", t->name, ")"),
                  interScale[i], interZp[i]));
  }
  p.hiddenZp = interZp[4];

  // Weights and biases of each gate.
  for (int g = p.cifg ? 1 : 0; g < 4; ++g) {
    reference::LstmGateParams &gp = p.gate[g];
    const std::string n = kGateName[g];
    const Tensor *w, *r, *b;
    float wS, rS;
    TFMLIR_RETURN_IF_ERROR(operand(ctx, kInW + g, n + " gate input weights",
                                   TensorType::kInt8, {C, I}, true, &wS, w));
    TFMLIR_RETURN_IF_ERROR(operand(ctx, kRecW + g,
                                   n + " gate recurrent weights",
                                   TensorType::kInt8, {C, O}, true, &rS, r));
    TFMLIR_RETURN_IF_ERROR(operand(ctx, kBias + g, n + " gate bias",
                                   TensorType::kInt32, {C}, false, nullptr, b));
    gp.inputWeights = w->as<int8_t>();
    gp.recurrentWeights = r->as<int8_t>();
    gp.bias = b->as<int32_t>();
    // Float arithmetic as TFLite's effective scales.
    const float effIn = wS * inScale / interScale[g];
    const float effRec = rS * osScale / interScale[g];
    gp.inputScale = quantizeMultiplier(effIn);
    gp.recurrentScale = quantizeMultiplier(effRec);
    // With layer norm the bias is added after normalization.
    gp.inputEffBias = zpTimesRowSum(gp.inputWeights, C, I, -inZp,
                                    layerNorm ? nullptr : gp.bias);
    gp.recurrentEffBias =
        zpTimesRowSum(gp.recurrentWeights, C, O, -osZp, nullptr);
    if (peephole && g != 2) {
      const Tensor *pw;
      float pS;
      TFMLIR_RETURN_IF_ERROR(operand(ctx, kPeep + (g == 3 ? 2 : g),
                                     n + " gate peephole weights",
                                     TensorType::kInt16, {C}, true, &pS, pw));
      gp.peephole = pw->as<int16_t>();
      const float eff = float(std::pow(2.0, p.cellScale) * pS / interScale[g]);
      gp.peepholeScale = quantizeMultiplier(eff);
    }
    if (layerNorm) {
      const Tensor *ln;
      float lS;
      TFMLIR_RETURN_IF_ERROR(operand(ctx, kNorm + g,
                                     n + " layer norm coefficients",
                                     TensorType::kInt16, {C}, true, &lS, ln));
      gp.layerNorm = ln->as<int16_t>();
      gp.layerNormScale = quantizeMultiplier(lS);
      // ApplyLayerNorm rescales with shift + 12; keep it a valid shift.
      if (gp.layerNormScale.shift + 12 > 30)
        return invalid(n, " layer norm coefficients have scale ", lS,
                       ": at most 2^18 is supported");
      gp.varianceGuard = std::max(1, static_cast<int32_t>(10000 * lS));
    }
  }
  if (!peephole && (ctx.input(kPeep) || ctx.input(kPeep + 1)))
    return invalid("peephole weights need cell-to-output weights (input 11)");

  // Hidden and projection.
  p.hiddenScale = quantizeMultiplier(
      float(std::pow(2.0, -15) / interScale[4] * std::pow(2.0, -15)));
  if (projection) {
    const Tensor *pw, *pb = nullptr;
    float pS;
    TFMLIR_RETURN_IF_ERROR(operand(ctx, kProjW, "projection weights",
                                   TensorType::kInt8, {O, C}, true, &pS, pw));
    if (ctx.input(kProjB))
      TFMLIR_RETURN_IF_ERROR(operand(ctx, kProjB, "projection bias",
                                     TensorType::kInt32, {O}, false, nullptr,
                                     pb));
    p.projection = pw->as<int8_t>();
    p.projScale = quantizeMultiplier(pS * interScale[4] / osScale);
    p.projEffBias = zpTimesRowSum(p.projection, O, C, -p.hiddenZp,
                                  pb ? pb->as<int32_t>() : nullptr);
  }

  // Clips, as TFLite: the float clip over the state scale, truncated.
  const float cellClip = ctx.options().cellClip,
              projClip = ctx.options().projClip;
  p.cellClip = cellClip > 0.f
                   ? static_cast<int16_t>(std::min(
                         std::max(cellClip / csScale, -32768.f), 32767.f))
                   : 0;
  p.projClip = projClip > 0.f
                   ? static_cast<int8_t>(
                         std::min(std::max(projClip / outScale, -128.f), 127.f))
                   : 0;
  st->scratch.resize(st->batch, C);
  std::vector<int32_t> outShape = in->shape;
  outShape.back() = O;
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, outShape);
}

absl::Status lstmIntegerEval(OpContext &ctx) {
  auto &st = *static_cast<LstmIntegerState *>(ctx.state().get());
  Tensor *os = const_cast<Tensor *>(ctx.input(kOutState));
  Tensor *cs = const_cast<Tensor *>(ctx.input(kCellState));
  const int I = st.p.inputs, C = st.p.cells, O = st.p.outputs;
  const int8_t *x = ctx.input(kInput)->as<int8_t>();
  int8_t *y = ctx.output(0)->as<int8_t>();
  // As EvalInteger8x8_16: time-major steps take every batch row at once,
  // batch-major ones one row at a time.
  int8_t *h = os->as<int8_t>();
  int16_t *c = cs->as<int16_t>();
  if (st.timeMajor) {
    for (int t = 0; t < st.time; ++t) {
      const int64_t row = int64_t(t) * st.batch;
      reference::lstmIntegerStep(st.p, st.batch, x + row * I, h, c, y + row * O,
                                 st.scratch);
    }
  } else {
    for (int b = 0; b < st.batch; ++b)
      for (int t = 0; t < st.time; ++t) {
        const int64_t row = int64_t(b) * st.time + t;
        reference::lstmIntegerStep(st.p, 1, x + row * I, h + int64_t(b) * O,
                                   c + int64_t(b) * C, y + row * O, st.scratch);
      }
  }
  return absl::OkStatus();
}

} // namespace tfmlir::lite::kernels
