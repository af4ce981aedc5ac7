//===- Recurrent.cpp - SVDF, RNN and LSTM kernels with persistent state --===//
//
// Stateful sequence kernels after TFLite's reference kernels
// (tensorflow/lite/kernels/svdf.cc + internal/reference/svdf.h, basic_rnn.cc,
// unidirectional_sequence_rnn.cc, unidirectional_sequence_lstm.cc +
// lstm_eval.cc) and, for the integer SVDF with int8 state, TFLite Micro's
// svdf_common.cc. Their state inputs (SVDF activation state, RNN hidden
// state, LSTM output and cell state) are variable tensors: the kernels
// update them in place, so the state persists across Invoke calls until
// Interpreter::resetVariableTensors().
//
// Layouts (row-major):
//  - SVDF: input [batch, input_size]; weights_feature [filters, input_size];
//    weights_time [filters, memory]; bias [units] (optional, filters =
//    units * rank); state [batch, filters * memory]; output [batch, units].
//  - RNN: input [batch, input]; weights [units, input]; recurrent
//    [units, units]; bias [units]; hidden state [batch, units]; output
//    [batch, units]. UNIDIRECTIONAL_SEQUENCE_RNN takes [time, batch, input]
//    (time_major) or [batch, time, input] and writes [.., .., units].
//  - UNIDIRECTIONAL_SEQUENCE_LSTM: TFLite's 24 inputs (20 without layer
//    norm): input; input-to-{input,forget,cell,output} weights [cell,
//    input]; recurrent-to-* weights [cell, output]; cell-to-{input,forget,
//    output} peephole weights [cell]; {input,forget,cell,output} gate bias
//    [cell]; projection weights [output, cell] and bias [output]; output
//    state [batch, output]; cell state [batch, cell]; layer-norm
//    coefficients [cell]. Optional inputs are index -1 (input gate weights
//    absent = CIFG). Float and hybrid (int8 weights) here; an int8 input
//    selects the full-integer LSTM of LstmInteger.cpp.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/LstmInteger.h"
#include "runtime/lite/kernels/QuantUtil.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

/// The variable-tensor input `i`, which the kernel updates in place.
absl::Status stateInput(OpContext &ctx, int i, const char *what, Tensor *&t) {
  const Tensor *c = ctx.input(i);
  if (!c)
    return invalid(what, " (input ", i, ") is missing");
  if (!c->isVariable)
    return invalid(what, " (input ", i,
                   ") must be a variable tensor: it carries state between "
                   "Invoke calls");
  t = const_cast<Tensor *>(c);
  return absl::OkStatus();
}

absl::Status expectShape(const Tensor *t, const char *what,
                         std::vector<int32_t> want) {
  if (t->shape != want)
    return invalid(what, " has shape ", shapeToString(t->shape), ", expected ",
                   shapeToString(want));
  return absl::OkStatus();
}

absl::Status singleScale(const Tensor *t, const char *what, float &scale,
                         int32_t &zp) {
  if (t->quant.scale.size() != 1)
    return invalid(what, " (", typeName(t->type),
                   ") needs one per-tensor scale, has ", t->quant.scale.size());
  scale = t->quant.scale[0];
  if (!std::isfinite(scale) || !(scale > 0.f))
    return invalid(what, " has scale ", scale);
  zp = t->quant.zeroPoint.empty() ? 0
                                  : static_cast<int32_t>(std::clamp<int64_t>(
                                        t->quant.zeroPoint[0], -32768, 65535));
  return absl::OkStatus();
}

inline float sigmoid(float x) { return 1.f / (1.f + std::exp(-x)); }

bool isInt8(const Tensor *t) {
  return t->type == TensorType::kInt8 || t->type == TensorType::kUInt8;
}

/// Reads an int8 / uint8 weight minus its zero point.
inline int32_t w8(const Tensor &t, int64_t i, int32_t zp) {
  return (t.type == TensorType::kInt8 ? int32_t(t.as<int8_t>()[i])
                                      : int32_t(t.as<uint8_t>()[i])) -
         zp;
}

//===----------------------------------------------------------------------===//
// SVDF
//===----------------------------------------------------------------------===//

struct SvdfState : NodeState {
  enum Kind { kFloat, kHybrid, kInteger } kind = kFloat;
  int batch = 0, inputSize = 0, filters = 0, units = 0, memory = 0, rank = 1;
  std::vector<float> scratch; ///< [batch, filters] time products
  std::vector<float> wTime;   ///< hybrid: dequantized weights_time
  std::vector<int16_t> xq;    ///< hybrid: quantized input row
  float wfScale = 1.f;        ///< hybrid: weights_feature scale
  int32_t wfZp = 0, wtZp = 0; ///< hybrid weight zero points
  float wtScale = 1.f;
  // Integer path (TFLite's EvalIntegerSVDF / TFLM's EvalIntegerSvdfReference).
  QuantMultiplier s1, s2;
  int32_t inZp = 0, outZp = 0, stateZp = 0;
  std::vector<int32_t> scratchI, outI;
};

absl::Status svdfPrepare(OpContext &ctx) {
  // Inputs: 0 input, 1 weights_feature, 2 weights_time, 3 bias (optional),
  // 4 activation state.
  if (ctx.numInputs() != 5)
    return invalid("expects 5 inputs, has ", ctx.numInputs());
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *in = ctx.input(0), *wf = ctx.input(1), *wt = ctx.input(2),
               *bias = ctx.input(3);
  Tensor *state;
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, 4, "activation state", state));
  Tensor *out = ctx.output(0);
  auto st = std::make_unique<SvdfState>();
  const int rank = ctx.options().rank;
  if (in->rank() != 2 || wf->rank() != 2 || wt->rank() != 2)
    return invalid("input, weights_feature and weights_time must be rank 2, "
                   "got ",
                   shapeToString(in->shape), ", ", shapeToString(wf->shape),
                   ", ", shapeToString(wt->shape));
  if (rank < 1)
    return invalid("rank option must be >= 1, got ", rank);
  st->rank = rank;
  st->batch = in->shape[0];
  st->inputSize = in->shape[1];
  st->filters = wf->shape[0];
  st->memory = wt->shape[1];
  if (wf->shape[1] != st->inputSize)
    return invalid("weights_feature ", shapeToString(wf->shape),
                   " does not match input size ", st->inputSize);
  if (st->filters % rank != 0)
    return invalid("weights_feature has ", st->filters,
                   " filters, not a multiple of rank ", rank);
  st->units = st->filters / rank;
  if (wt->shape[0] != st->filters)
    return invalid("weights_time ", shapeToString(wt->shape), " must have ",
                   st->filters, " rows");
  if (st->memory < 1)
    return invalid("weights_time memory size must be >= 1");
  if (bias && bias->numElements() != st->units)
    return invalid("bias has ", bias->numElements(), " elements, expected ",
                   st->units);
  // TFLite's SVDF Prepare checks the same shape.
  if (state->rank() != 2 || state->shape[0] != st->batch ||
      int64_t(state->shape[1]) != int64_t(st->filters) * st->memory)
    return invalid("activation state ", shapeToString(state->shape),
                   " must be [batch, memory * filters] = [", st->batch, ",",
                   int64_t(st->filters) * st->memory, "] (memory ", st->memory,
                   ", filters ", st->filters, ")");
  const size_t nScratch = size_t(st->batch) * st->filters;
  if (in->type == TensorType::kFloat32) {
    TFMLIR_RETURN_IF_ERROR(
        checkType(state, TensorType::kFloat32, "activation state"));
    TFMLIR_RETURN_IF_ERROR(checkType(out, TensorType::kFloat32, "output"));
    if (bias)
      TFMLIR_RETURN_IF_ERROR(checkType(bias, TensorType::kFloat32, "bias"));
    if (wf->type == TensorType::kFloat32) {
      TFMLIR_RETURN_IF_ERROR(
          checkType(wt, TensorType::kFloat32, "weights_time"));
    } else if (isInt8(wf) && isInt8(wt)) {
      st->kind = SvdfState::kHybrid;
      TFMLIR_RETURN_IF_ERROR(
          singleScale(wf, "weights_feature", st->wfScale, st->wfZp));
      TFMLIR_RETURN_IF_ERROR(
          singleScale(wt, "weights_time", st->wtScale, st->wtZp));
      st->xq.resize(st->inputSize);
    } else {
      return unimplemented("SVDF with float input and weights of types ",
                           typeName(wf->type), " / ", typeName(wt->type));
    }
  } else if (in->type == TensorType::kInt8) {
    st->kind = SvdfState::kInteger;
    TFMLIR_RETURN_IF_ERROR(checkType(wf, TensorType::kInt8, "weights_feature"));
    if (wt->type != TensorType::kInt16 && wt->type != TensorType::kInt8)
      return invalid("weights_time must be INT16 or INT8, got ",
                     typeName(wt->type));
    TFMLIR_RETURN_IF_ERROR(checkType(state, wt->type, "activation state"));
    TFMLIR_RETURN_IF_ERROR(checkType(out, TensorType::kInt8, "output"));
    if (bias)
      TFMLIR_RETURN_IF_ERROR(checkType(bias, TensorType::kInt32, "bias"));
    float sIn, sWf, sWt, sState, sOut;
    int32_t zWf, zWt;
    TFMLIR_RETURN_IF_ERROR(singleScale(in, "input", sIn, st->inZp));
    TFMLIR_RETURN_IF_ERROR(singleScale(wf, "weights_feature", sWf, zWf));
    TFMLIR_RETURN_IF_ERROR(singleScale(wt, "weights_time", sWt, zWt));
    TFMLIR_RETURN_IF_ERROR(
        singleScale(state, "activation state", sState, st->stateZp));
    TFMLIR_RETURN_IF_ERROR(singleScale(out, "output", sOut, st->outZp));
    if (st->inZp < -128 || st->inZp > 127 || st->outZp < -128 ||
        st->outZp > 127)
      return invalid("int8 zero point out of range");
    if (wt->type == TensorType::kInt16 && st->stateZp != 0)
      return invalid("int16 activation state must have zero point 0, has ",
                     st->stateZp);
    if (wt->type == TensorType::kInt8 &&
        (st->stateZp < -128 || st->stateZp > 127))
      return invalid("int8 activation state zero point out of range");
    // Scales multiplied in float, as TFLite's Prepare does.
    st->s1 = quantizeMultiplier(static_cast<double>(sIn * sWf / sState));
    st->s2 = quantizeMultiplier(static_cast<double>(sState * sWt / sOut));
    st->scratchI.resize(nScratch);
    st->outI.resize(size_t(st->batch) * st->units);
  } else {
    return unimplemented("SVDF on ", typeName(in->type), " input");
  }
  st->scratch.resize(nScratch);
  const int32_t batch = st->batch, units = st->units;
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, {batch, units});
}

/// Shifts every [memory] row of the float state left by one, filling 0.
template <typename T> void shiftLeft(T *s, int64_t rows, int memory) {
  for (int64_t r = 0; r < rows; ++r, s += memory) {
    for (int j = 0; j + 1 < memory; ++j)
      s[j] = s[j + 1];
    s[memory - 1] = T(0);
  }
}

absl::Status svdfEvalFloat(OpContext &ctx, SvdfState &st) {
  const Tensor &in = *ctx.input(0), &wf = *ctx.input(1), &wt = *ctx.input(2);
  const Tensor *bias = ctx.input(3);
  Tensor *stateT;
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, 4, "activation state", stateT));
  float *state = stateT->as<float>();
  const float *x = in.as<float>();
  const int B = st.batch, I = st.inputSize, F = st.filters, M = st.memory,
            U = st.units, R = st.rank;
  // The newest column (memory - 1) of each filter row receives the
  // feature projection of this step.
  if (st.kind == SvdfState::kFloat) {
    const float *w = wf.as<float>();
    for (int b = 0; b < B; ++b)
      for (int f = 0; f < F; ++f) {
        float acc = 0.f;
        for (int k = 0; k < I; ++k)
          acc += w[int64_t(f) * I + k] * x[int64_t(b) * I + k];
        state[(int64_t(b) * F + f) * M + M - 1] = acc;
      }
  } else {
    if (st.wTime.empty()) {
      st.wTime.resize(size_t(F) * M);
      for (int64_t i = 0; i < int64_t(F) * M; ++i)
        st.wTime[i] = st.wtScale * float(w8(wt, i, st.wtZp));
    }
    const bool asym = ctx.options().asymmetricQuantizeInputs;
    for (int b = 0; b < B; ++b) {
      const float s =
          hybridQuantizeRow(x + int64_t(b) * I, I, asym, st.xq.data()) *
          st.wfScale;
      for (int f = 0; f < F; ++f) {
        int64_t acc = 0;
        for (int k = 0; k < I; ++k)
          acc += w8(wf, int64_t(f) * I + k, st.wfZp) * st.xq[k];
        state[(int64_t(b) * F + f) * M + M - 1] = float(acc) * s;
      }
    }
  }
  const float *wtime =
      st.kind == SvdfState::kFloat ? wt.as<float>() : st.wTime.data();
  for (int b = 0; b < B; ++b)
    for (int f = 0; f < F; ++f) {
      float acc = 0.f;
      const float *srow = state + (int64_t(b) * F + f) * M;
      for (int j = 0; j < M; ++j)
        acc += wtime[int64_t(f) * M + j] * srow[j];
      st.scratch[int64_t(b) * F + f] = acc;
    }
  float *y = ctx.output(0)->as<float>();
  const Activation act = ctx.options().activation;
  for (int b = 0; b < B; ++b)
    for (int u = 0; u < U; ++u) {
      float acc = bias ? bias->as<float>()[u] : 0.f;
      for (int r = 0; r < R; ++r)
        acc += st.scratch[int64_t(b) * F + int64_t(u) * R + r];
      y[int64_t(b) * U + u] = applyActivation(acc, act);
    }
  shiftLeft(state, int64_t(B) * F, M);
  return absl::OkStatus();
}

template <typename T> absl::Status svdfEvalInt(OpContext &ctx, SvdfState &st) {
  const Tensor &in = *ctx.input(0), &wf = *ctx.input(1), &wt = *ctx.input(2);
  const Tensor *bias = ctx.input(3);
  Tensor *stateT;
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, 4, "activation state", stateT));
  T *state = stateT->as<T>();
  const int8_t *x = in.as<int8_t>();
  const int8_t *w = wf.as<int8_t>();
  const T *wtime = wt.as<T>();
  const int B = st.batch, I = st.inputSize, F = st.filters, M = st.memory,
            U = st.units, R = st.rank;
  const int32_t smin = std::numeric_limits<T>::min(),
                smax = std::numeric_limits<T>::max();
  for (int b = 0; b < B; ++b)
    for (int f = 0; f < F; ++f) {
      // int64 sums wrapped to int32 like TFLite's int32 accumulators, but
      // without signed overflow on hostile sizes.
      int64_t acc64 = 0;
      for (int k = 0; k < I; ++k)
        acc64 += int32_t(w[int64_t(f) * I + k]) *
                 (int32_t(x[int64_t(b) * I + k]) - st.inZp);
      int32_t acc =
          multiplyByQuantizedMultiplier(static_cast<int32_t>(acc64), st.s1) +
          st.stateZp;
      state[(int64_t(b) * F + f) * M + M - 1] =
          static_cast<T>(std::clamp(acc, smin, smax));
    }
  for (int b = 0; b < B; ++b)
    for (int f = 0; f < F; ++f) {
      int64_t acc = 0;
      const T *srow = state + (int64_t(b) * F + f) * M;
      for (int j = 0; j < M; ++j)
        acc += int32_t(wtime[int64_t(f) * M + j]) *
               (int32_t(srow[j]) - st.stateZp);
      st.scratchI[int64_t(b) * F + f] = static_cast<int32_t>(acc);
    }
  int8_t *y = ctx.output(0)->as<int8_t>();
  for (int b = 0; b < B; ++b)
    for (int u = 0; u < U; ++u) {
      int64_t acc = bias ? bias->as<int32_t>()[u] : 0;
      for (int r = 0; r < R; ++r)
        acc += st.scratchI[int64_t(b) * F + int64_t(u) * R + r];
      // TFLite's integer SVDF clamps to the int8 range only; the fused
      // activation is expressed by the output's quantization range.
      const int32_t v =
          multiplyByQuantizedMultiplier(static_cast<int32_t>(acc), st.s2) +
          st.outZp;
      y[int64_t(b) * U + u] = static_cast<int8_t>(std::clamp(v, -128, 127));
    }
  shiftLeft(state, int64_t(B) * F, M);
  return absl::OkStatus();
}

absl::Status svdfEval(OpContext &ctx) {
  auto &st = *static_cast<SvdfState *>(ctx.state().get());
  if (st.kind != SvdfState::kInteger)
    return svdfEvalFloat(ctx, st);
  if (ctx.input(2)->type == TensorType::kInt16)
    return svdfEvalInt<int16_t>(ctx, st);
  return svdfEvalInt<int8_t>(ctx, st);
}

//===----------------------------------------------------------------------===//
// RNN and UNIDIRECTIONAL_SEQUENCE_RNN
//===----------------------------------------------------------------------===//

struct RnnState : NodeState {
  bool hybrid = false;
  int batch = 0, time = 1, inputSize = 0, units = 0;
  bool sequence = false, timeMajor = true;
  float wScale = 1.f, rScale = 1.f;
  int32_t wZp = 0, rZp = 0;
  std::vector<int16_t> xq, hq;
  std::vector<float> acc;
};

absl::Status rnnPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 5, 1));
  const Tensor *in = ctx.input(0), *w = ctx.input(1), *rw = ctx.input(2),
               *bias = ctx.input(3);
  Tensor *hidden;
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, 4, "hidden state", hidden));
  auto st = std::make_unique<RnnState>();
  st->sequence = ctx.op().builtinCode == kOp_UNIDIRECTIONAL_SEQUENCE_RNN;
  st->timeMajor = ctx.options().timeMajor;
  TFMLIR_RETURN_IF_ERROR(checkType(in, TensorType::kFloat32, "input"));
  if (in->rank() != (st->sequence ? 3 : 2))
    return invalid("input must be rank ", st->sequence ? 3 : 2, ", got ",
                   shapeToString(in->shape));
  if (st->sequence) {
    st->time = st->timeMajor ? in->shape[0] : in->shape[1];
    st->batch = st->timeMajor ? in->shape[1] : in->shape[0];
  } else {
    st->batch = in->shape[0];
  }
  st->inputSize = in->shape.back();
  if (w->rank() != 2 || w->shape[1] != st->inputSize)
    return invalid("input weights ", shapeToString(w->shape),
                   " must be [units, ", st->inputSize, "]");
  st->units = w->shape[0];
  TFMLIR_RETURN_IF_ERROR(
      expectShape(rw, "recurrent weights", {st->units, st->units}));
  if (!bias)
    return invalid("bias (input 3) is missing");
  TFMLIR_RETURN_IF_ERROR(checkType(bias, TensorType::kFloat32, "bias"));
  if (bias->numElements() != st->units)
    return invalid("bias has ", bias->numElements(), " elements, expected ",
                   st->units);
  TFMLIR_RETURN_IF_ERROR(
      checkType(hidden, TensorType::kFloat32, "hidden state"));
  if (hidden->numElements() != int64_t(st->batch) * st->units)
    return invalid("hidden state ", shapeToString(hidden->shape),
                   " must hold batch * units = ",
                   int64_t(st->batch) * st->units, " values");
  TFMLIR_RETURN_IF_ERROR(
      checkType(ctx.output(0), TensorType::kFloat32, "output"));
  if (w->type == TensorType::kFloat32) {
    TFMLIR_RETURN_IF_ERROR(
        checkType(rw, TensorType::kFloat32, "recurrent weights"));
  } else if (isInt8(w) && isInt8(rw)) {
    st->hybrid = true;
    TFMLIR_RETURN_IF_ERROR(
        singleScale(w, "input weights", st->wScale, st->wZp));
    TFMLIR_RETURN_IF_ERROR(
        singleScale(rw, "recurrent weights", st->rScale, st->rZp));
    st->xq.resize(st->inputSize);
    st->hq.resize(st->units);
  } else {
    return unimplemented("RNN with weights of types ", typeName(w->type), " / ",
                         typeName(rw->type));
  }
  st->acc.resize(st->units);
  std::vector<int32_t> outShape = in->shape;
  outShape.back() = st->units;
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, outShape);
}

/// One step for one batch row, as TFLite's RnnBatchStep: y = act(bias +
/// W x + R h); h = y. Hybrid: x and h are quantized per row (symmetric
/// unless asymmetric_quantize_inputs) and each product rescaled in float.
void rnnStep(OpContext &ctx, RnnState &st, const float *x, float *h, float *y) {
  const Tensor &w = *ctx.input(1), &rw = *ctx.input(2);
  const float *bias = ctx.input(3)->as<float>();
  const int I = st.inputSize, U = st.units;
  for (int u = 0; u < U; ++u)
    st.acc[u] = bias[u];
  if (!st.hybrid) {
    const float *W = w.as<float>(), *R = rw.as<float>();
    for (int u = 0; u < U; ++u) {
      float a = 0.f;
      for (int k = 0; k < I; ++k)
        a += W[int64_t(u) * I + k] * x[k];
      st.acc[u] += a;
    }
    for (int u = 0; u < U; ++u) {
      float a = 0.f;
      for (int k = 0; k < U; ++k)
        a += R[int64_t(u) * U + k] * h[k];
      st.acc[u] += a;
    }
  } else {
    const bool asym = ctx.options().asymmetricQuantizeInputs;
    const float sx = hybridQuantizeRow(x, I, asym, st.xq.data()) * st.wScale;
    const float sh = hybridQuantizeRow(h, U, asym, st.hq.data()) * st.rScale;
    for (int u = 0; u < U; ++u) {
      int64_t a = 0, b = 0;
      for (int k = 0; k < I; ++k)
        a += w8(w, int64_t(u) * I + k, st.wZp) * st.xq[k];
      for (int k = 0; k < U; ++k)
        b += w8(rw, int64_t(u) * U + k, st.rZp) * st.hq[k];
      st.acc[u] += float(a) * sx;
      st.acc[u] += float(b) * sh;
    }
  }
  const Activation act = ctx.options().activation;
  for (int u = 0; u < U; ++u) {
    const float v = applyActivation(st.acc[u], act);
    y[u] = v;
    h[u] = v;
  }
}

absl::Status rnnEval(OpContext &ctx) {
  auto &st = *static_cast<RnnState *>(ctx.state().get());
  Tensor *hidden;
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, 4, "hidden state", hidden));
  const float *x = ctx.input(0)->as<float>();
  float *y = ctx.output(0)->as<float>();
  float *h = hidden->as<float>();
  const int I = st.inputSize, U = st.units;
  for (int t = 0; t < st.time; ++t)
    for (int b = 0; b < st.batch; ++b) {
      // Row of (t, b) in the input / output.
      const int64_t row = st.timeMajor || !st.sequence
                              ? int64_t(t) * st.batch + b
                              : int64_t(b) * st.time + t;
      rnnStep(ctx, st, x + row * I, h + int64_t(b) * U, y + row * U);
    }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// UNIDIRECTIONAL_SEQUENCE_LSTM (float)
//===----------------------------------------------------------------------===//

// Input indices of TFLite's LSTM ops.
enum : int {
  kLInput = 0,
  kLInW = 1,   // input-to-{input, forget, cell, output}: 1..4
  kLRecW = 5,  // recurrent-to-*: 5..8
  kLPeep = 9,  // cell-to-{input, forget, output}: 9..11
  kLBias = 12, // {input, forget, cell, output} gate bias: 12..15
  kLProjW = 16,
  kLProjB = 17,
  kLOutState = 18,
  kLCellState = 19,
  kLNorm = 20, // layer norm {input, forget, cell, output}: 20..23
};

struct LstmState : NodeState {
  int batch = 0, time = 0, inputSize = 0, cells = 0, outputs = 0;
  bool cifg = false, peephole = false, layerNorm = false, projection = false;
  bool hybrid = false;
  std::vector<int16_t> xq, hq, pq; ///< hybrid: quantized x, h, hidden
  std::vector<float> gate[4];      ///< i, f, g, o pre-activations [cells]
  std::vector<float> hidden;       ///< o * act(c) before projection [cells]
};

absl::Status lstmPrepare(OpContext &ctx) {
  if (ctx.numInputs() != 20 && ctx.numInputs() != 24)
    return invalid("expects 20 or 24 inputs, has ", ctx.numInputs());
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  if (ctx.numOutputs() != 1)
    return unimplemented("LSTM with ", ctx.numOutputs(),
                         " outputs (the legacy form with state outputs)");
  const Tensor *in = ctx.input(kLInput);
  // LSTM is one step: [batch, input] -> [batch, output].
  const bool oneStep = ctx.op().builtinCode == kOp_LSTM;
  if (oneStep && ctx.options().lstmKernelType != 0)
    return unimplemented("LSTM with kernel_type BASIC");
  // int8 input: the full-integer LSTM (LstmInteger.cpp).
  if (in && in->type == TensorType::kInt8)
    return lstmIntegerPrepare(ctx);
  auto st = std::make_unique<LstmState>();
  TFMLIR_RETURN_IF_ERROR(checkType(in, TensorType::kFloat32, "input"));
  if (in->rank() != (oneStep ? 2 : 3))
    return invalid("input must be rank ", oneStep ? 2 : 3, ", got ",
                   shapeToString(in->shape));
  const bool tm = oneStep || ctx.options().timeMajor;
  st->time = oneStep ? 1 : tm ? in->shape[0] : in->shape[1];
  st->batch = oneStep ? in->shape[0] : tm ? in->shape[1] : in->shape[0];
  st->inputSize = in->shape.back();
  const Tensor *fw = ctx.input(kLInW + 1);
  if (!fw || fw->rank() != 2)
    return invalid("input-to-forget weights (input 2) must be rank 2");
  st->cells = fw->shape[0];
  const Tensor *rfw = ctx.input(kLRecW + 1);
  if (!rfw || rfw->rank() != 2)
    return invalid("recurrent-to-forget weights (input 6) must be rank 2");
  st->outputs = rfw->shape[1];
  st->cifg = ctx.input(kLInW) == nullptr;
  const int C = st->cells, O = st->outputs, I = st->inputSize;
  // Hybrid LSTM: int8 weights (per-tensor scale; input, recurrent,
  // peephole and projection weights), everything else float.
  st->hybrid = ctx.input(kLInW + 1)->type == TensorType::kInt8 ||
               ctx.input(kLInW + 1)->type == TensorType::kUInt8;
  auto isWeight = [](int idx) {
    return (idx >= kLInW && idx < kLBias) || idx == kLProjW;
  };
  auto need = [&](int idx, std::vector<int32_t> shape,
                  const char *what) -> absl::Status {
    const Tensor *t = ctx.input(idx);
    if (!t)
      return invalid(what, " (input ", idx, ") is missing");
    if (st->hybrid && isWeight(idx) && t->type != TensorType::kFloat32) {
      if (!isInt8(t))
        return invalid(what, " (input ", idx,
                       ") of a hybrid LSTM must be "
                       "INT8, UINT8 or FLOAT32, is ",
                       typeName(t->type));
      float sc;
      int32_t zp;
      TFMLIR_RETURN_IF_ERROR(singleScale(t, what, sc, zp));
    } else if (t->type != TensorType::kFloat32) {
      return unimplemented(what, " (input ", idx, ") of type ",
                           typeName(t->type),
                           ": the float and hybrid LSTM take float32 "
                           "operands besides int8 weights (the integer LSTM "
                           "takes an int8 input)");
    }
    if (t->shape != shape)
      return invalid(what, " (input ", idx, ") has shape ",
                     shapeToString(t->shape), ", expected ",
                     shapeToString(shape));
    return absl::OkStatus();
  };
  static const char *gateName[4] = {"input", "forget", "cell", "output"};
  for (int g = 0; g < 4; ++g) {
    if (g == 0 && st->cifg) {
      if (ctx.input(kLRecW) || ctx.input(kLBias))
        return invalid("CIFG LSTM (no input-gate weights) must omit the "
                       "recurrent input-gate weights and bias too");
      continue;
    }
    std::string a = std::string(gateName[g]) + " gate input weights";
    std::string r = std::string(gateName[g]) + " gate recurrent weights";
    std::string b = std::string(gateName[g]) + " gate bias";
    TFMLIR_RETURN_IF_ERROR(need(kLInW + g, {C, I}, a.c_str()));
    TFMLIR_RETURN_IF_ERROR(need(kLRecW + g, {C, O}, r.c_str()));
    TFMLIR_RETURN_IF_ERROR(need(kLBias + g, {C}, b.c_str()));
  }
  st->peephole = ctx.input(kLPeep + 1) != nullptr;
  if (st->peephole) {
    if (!st->cifg)
      TFMLIR_RETURN_IF_ERROR(need(kLPeep, {C}, "cell-to-input weights"));
    TFMLIR_RETURN_IF_ERROR(need(kLPeep + 1, {C}, "cell-to-forget weights"));
    TFMLIR_RETURN_IF_ERROR(need(kLPeep + 2, {C}, "cell-to-output weights"));
  }
  st->projection = ctx.input(kLProjW) != nullptr;
  if (st->projection) {
    TFMLIR_RETURN_IF_ERROR(need(kLProjW, {O, C}, "projection weights"));
    if (ctx.input(kLProjB))
      TFMLIR_RETURN_IF_ERROR(need(kLProjB, {O}, "projection bias"));
  } else if (O != C) {
    return invalid("without projection the output size (", O,
                   ") must equal the cell count (", C, ")");
  }
  Tensor *os, *cs;
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, kLOutState, "output state", os));
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, kLCellState, "cell state", cs));
  TFMLIR_RETURN_IF_ERROR(checkType(os, TensorType::kFloat32, "output state"));
  TFMLIR_RETURN_IF_ERROR(checkType(cs, TensorType::kFloat32, "cell state"));
  if (os->numElements() != int64_t(st->batch) * O ||
      cs->numElements() != int64_t(st->batch) * C)
    return invalid("output state ", shapeToString(os->shape),
                   " and cell state ", shapeToString(cs->shape), " must be [",
                   st->batch, ", ", O, "] and [", st->batch, ", ", C, "]");
  st->layerNorm = ctx.numInputs() == 24 && ctx.input(kLNorm + 1);
  if (st->layerNorm)
    for (int g = st->cifg ? 1 : 0; g < 4; ++g) {
      std::string n = std::string(gateName[g]) + " layer norm coefficients";
      TFMLIR_RETURN_IF_ERROR(need(kLNorm + g, {C}, n.c_str()));
    }
  TFMLIR_RETURN_IF_ERROR(
      checkType(ctx.output(0), TensorType::kFloat32, "output"));
  for (auto &g : st->gate)
    g.resize(C);
  st->hidden.resize(C);
  st->xq.resize(I);
  st->hq.resize(O);
  st->pq.resize(C);
  std::vector<int32_t> outShape = in->shape;
  outShape.back() = O;
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, outShape);
}

/// Row `k` of the weight matrix `w` ([rows, n]) times a vector: float
/// weights with the float vector `v`; int8 weights (hybrid) with the
/// quantized vector `vq` (scale `vs`), the int32 dot product rescaled by
/// vs * weight scale in float, as TFLite's hybrid
/// MatrixBatchVectorMultiplyAccumulate.
float matvecRow(const Tensor &w, int k, const float *v, const int16_t *vq,
                float vs, int n, bool hybrid) {
  if (!hybrid || w.type == TensorType::kFloat32) {
    const float *W = w.as<float>() + int64_t(k) * n;
    float a = 0.f;
    for (int j = 0; j < n; ++j)
      a += W[j] * v[j];
    return a;
  }
  const int32_t zp = w.quant.zeroPoint.empty()
                         ? 0
                         : static_cast<int32_t>(w.quant.zeroPoint[0]);
  int64_t acc = 0;
  for (int j = 0; j < n; ++j)
    acc += w8(w, int64_t(k) * n + j, zp) * vq[j];
  return float(acc) * (vs * w.quant.scale[0]);
}

/// Element `k` of a vector of weights (peepholes), dequantized when int8.
float weightAt(const Tensor &w, int k, bool hybrid) {
  if (!hybrid || w.type == TensorType::kFloat32)
    return w.as<float>()[k];
  const int32_t zp = w.quant.zeroPoint.empty()
                         ? 0
                         : static_cast<int32_t>(w.quant.zeroPoint[0]);
  return w.quant.scale[0] * float(w8(w, k, zp));
}

/// TFLite's MeanStddevNormalization: (x - mean) / sqrt(variance + 1e-8).
void normalize(std::vector<float> &v) {
  const size_t n = v.size();
  float sum = 0.f, sumSq = 0.f;
  for (float x : v) {
    sum += x;
    sumSq += x * x;
  }
  const float mean = sum / n;
  const float var = sumSq / n - mean * mean;
  const float inv = 1.f / std::sqrt(var + 1e-8f);
  for (float &x : v)
    x = (x - mean) * inv;
}

absl::Status lstmEval(OpContext &ctx) {
  if (ctx.input(kLInput)->type == TensorType::kInt8)
    return lstmIntegerEval(ctx);
  auto &st = *static_cast<LstmState *>(ctx.state().get());
  Tensor *os, *cs;
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, kLOutState, "output state", os));
  TFMLIR_RETURN_IF_ERROR(stateInput(ctx, kLCellState, "cell state", cs));
  const bool tm = ctx.op().builtinCode == kOp_LSTM || ctx.options().timeMajor;
  const Activation act = ctx.options().activation;
  const float cellClip = ctx.options().cellClip,
              projClip = ctx.options().projClip;
  const int C = st.cells, O = st.outputs, I = st.inputSize;
  const float *x = ctx.input(kLInput)->as<float>();
  float *y = ctx.output(0)->as<float>();
  auto f32 = [&](int idx) {
    const Tensor *t = ctx.input(idx);
    return t ? t->as<float>() : nullptr;
  };
  for (int t = 0; t < st.time; ++t)
    for (int b = 0; b < st.batch; ++b) {
      const int64_t row =
          tm ? int64_t(t) * st.batch + b : int64_t(b) * st.time + t;
      const float *xr = x + row * I;
      float *h = os->as<float>() + int64_t(b) * O;
      float *c = cs->as<float>() + int64_t(b) * C;
      // Hybrid: x and h quantized per row (symmetric unless
      // asymmetric_quantize_inputs), as TFLite's hybrid LSTM step.
      float xs = 1.f, hs = 1.f;
      if (st.hybrid) {
        const bool asym = ctx.options().asymmetricQuantizeInputs;
        xs = hybridQuantizeRow(xr, I, asym, st.xq.data());
        hs = hybridQuantizeRow(h, O, asym, st.hq.data());
      }
      for (int g = st.cifg ? 1 : 0; g < 4; ++g) {
        const float *bias = f32(kLBias + g);
        std::vector<float> &pre = st.gate[g];
        for (int k = 0; k < C; ++k) {
          float a = st.layerNorm ? 0.f : bias[k];
          a += matvecRow(*ctx.input(kLInW + g), k, xr, st.xq.data(), xs, I,
                         st.hybrid);
          a += matvecRow(*ctx.input(kLRecW + g), k, h, st.hq.data(), hs, O,
                         st.hybrid);
          pre[k] = a;
        }
        // Peepholes of the input and forget gates use the old cell state.
        if (st.peephole && (g == 0 || g == 1))
          for (int k = 0; k < C; ++k)
            pre[k] += weightAt(*ctx.input(kLPeep + g), k, st.hybrid) * c[k];
        if (g == 3)
          continue; // the output gate needs the new cell state first
        if (st.layerNorm) {
          normalize(pre);
          const float *ln = f32(kLNorm + g);
          for (int k = 0; k < C; ++k)
            pre[k] = pre[k] * ln[k] + bias[k];
        }
        for (int k = 0; k < C; ++k)
          pre[k] = g == 2 ? applyActivation(pre[k], act) : sigmoid(pre[k]);
      }
      if (st.cifg)
        for (int k = 0; k < C; ++k)
          st.gate[0][k] = 1.f - st.gate[1][k];
      for (int k = 0; k < C; ++k) {
        float v = st.gate[1][k] * c[k] + st.gate[0][k] * st.gate[2][k];
        if (cellClip > 0.f)
          v = std::clamp(v, -cellClip, cellClip);
        c[k] = v;
      }
      std::vector<float> &og = st.gate[3];
      if (st.peephole)
        for (int k = 0; k < C; ++k)
          og[k] += weightAt(*ctx.input(kLPeep + 2), k, st.hybrid) * c[k];
      if (st.layerNorm) {
        normalize(og);
        const float *ln = f32(kLNorm + 3), *bias = f32(kLBias + 3);
        for (int k = 0; k < C; ++k)
          og[k] = og[k] * ln[k] + bias[k];
      }
      for (int k = 0; k < C; ++k)
        st.hidden[k] = sigmoid(og[k]) * applyActivation(c[k], act);
      float *yr = y + row * O;
      if (st.projection) {
        const float *pb = f32(kLProjB);
        float ps = 1.f;
        if (st.hybrid)
          ps = hybridQuantizeRow(st.hidden.data(), C,
                                 ctx.options().asymmetricQuantizeInputs,
                                 st.pq.data());
        for (int j = 0; j < O; ++j) {
          float a = pb ? pb[j] : 0.f;
          a += matvecRow(*ctx.input(kLProjW), j, st.hidden.data(), st.pq.data(),
                         ps, C, st.hybrid);
          if (projClip > 0.f)
            a = std::clamp(a, -projClip, projClip);
          yr[j] = a;
        }
      } else {
        std::copy(st.hidden.begin(), st.hidden.end(), yr);
      }
      std::copy(yr, yr + O, h);
    }
  return absl::OkStatus();
}

} // namespace

void registerRecurrent(MutableOpResolver &r) {
  // SVDF v1 float, v2 hybrid / int8, v3 hybrid with asymmetric inputs, v4
  // int8 state (TFLite Micro).
  // Input types: float32 activations (float or hybrid int8 weights) and,
  // for SVDF and the LSTMs, int8 activations (the full-integer kernels,
  // LstmInteger.cpp); the RNNs are float32 only.
  using TT = TensorType;
  const TypeSet f32 = typeSet(TT::kFloat32),
                f32i8 = typeSet(TT::kFloat32, TT::kInt8);
  r.addBuiltin(kOp_SVDF, {svdfPrepare, svdfEval, f32i8}, 1, 4);
  r.addBuiltin(kOp_RNN, {rnnPrepare, rnnEval, f32}, 1, 3);
  r.addBuiltin(kOp_UNIDIRECTIONAL_SEQUENCE_RNN, {rnnPrepare, rnnEval, f32}, 1,
               3);
  r.addBuiltin(kOp_UNIDIRECTIONAL_SEQUENCE_LSTM, {lstmPrepare, lstmEval, f32i8},
               1, 4);
  r.addBuiltin(kOp_LSTM, {lstmPrepare, lstmEval, f32i8}, 1, 4);
}

} // namespace tfmlir::lite::kernels
