//===- LiteRecurrentTest.cpp - SVDF, RNN and LSTM kernels with state ------===//
//
// Each stateful kernel runs a sequence of Invoke calls (the state carried in
// variable tensors) against a float64 reference written here that keeps its
// own state:
//  - float kernels: abs 1e-5 + rel 1e-5 (float32 accumulation);
//  - hybrid kernels: the reference quantizes the float operands per row
//    exactly as TFLite's SymmetricQuantizeFloats does, then computes in
//    float64: abs 1e-5 + rel 1e-4;
//  - integer SVDF: the reference dequantizes, rounds the new state column
//    to the state's scale as the kernel must, and requantizes the output
//    in float64: within +-1 output step.
// Every sequence runs twice (resetVariableTensors in between) and must give
// bit-identical outputs.
//
//===----------------------------------------------------------------------===//
#include "LiteTestUtil.h"

using namespace tfmlir::lite;
using tfmlir::lite::testing::ModelBuilder;
using tfmlir::lite::testing::randomVec;

namespace {

BuiltinOpResolver &resolver() {
  static BuiltinOpResolver r;
  return r;
}

/// A variable (state) tensor.
int variable(ModelBuilder &b, TensorType t, std::vector<int32_t> shape,
             float scale = 0.f, int64_t zp = 0) {
  int i = b.tensor(t, std::move(shape));
  auto &td = b.def.subgraphs[0].tensors[i];
  td.isVariable = true;
  if (scale > 0.f) {
    td.quant.scale = {scale};
    td.quant.zeroPoint = {zp};
  }
  return i;
}

void setQuant(ModelBuilder &b, int i, float scale, int64_t zp = 0) {
  auto &td = b.def.subgraphs[0].tensors[i];
  td.quant.scale = {scale};
  td.quant.zeroPoint = {zp};
}

template <typename T>
int qconst(ModelBuilder &b, TensorType t, std::vector<int32_t> shape,
           const std::vector<T> &v, float scale, int64_t zp = 0) {
  int i = b.constant(t, std::move(shape), v);
  setQuant(b, i, scale, zp);
  return i;
}

/// Runs `steps` Invoke calls feeding input 0 with steps[k] (raw bytes of
/// the input's type), twice from the initial state; checks both passes
/// are bit-identical and returns the raw output bytes of each step.
std::vector<std::vector<uint8_t>>
runSequence(const ModelDef &def,
            const std::vector<std::vector<uint8_t>> &steps) {
  auto in = Interpreter::create(def, resolver(), "test");
  EXPECT_TRUE(in.ok()) << in.status();
  if (!in.ok())
    return {};
  absl::Status s = (*in)->allocateTensors();
  EXPECT_TRUE(s.ok()) << s;
  if (!s.ok())
    return {};
  std::vector<std::vector<uint8_t>> pass[2];
  for (int p = 0; p < 2; ++p) {
    (*in)->resetVariableTensors();
    for (const auto &x : steps) {
      Tensor *t = (*in)->inputTensor(0);
      EXPECT_EQ(t->requiredBytes(), x.size());
      if (t->requiredBytes() != x.size())
        return {};
      std::memcpy(t->data, x.data(), x.size());
      s = (*in)->invoke();
      EXPECT_TRUE(s.ok()) << s;
      if (!s.ok())
        return {};
      Tensor *o = (*in)->outputTensor(0);
      pass[p].emplace_back(o->data, o->data + o->requiredBytes());
    }
  }
  EXPECT_EQ(pass[0], pass[1]) << "two passes from the reset state differ";
  return pass[0];
}

template <typename T> std::vector<uint8_t> bytes(const std::vector<T> &v) {
  std::vector<uint8_t> r(v.size() * sizeof(T));
  std::memcpy(r.data(), v.data(), r.size());
  return r;
}
template <typename T> std::vector<T> as(const std::vector<uint8_t> &b) {
  std::vector<T> r(b.size() / sizeof(T));
  std::memcpy(r.data(), b.data(), b.size());
  return r;
}

void expectClose(const std::vector<float> &got, const std::vector<double> &want,
                 double atol, double rtol, int step) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    EXPECT_NEAR(got[i], want[i], atol + rtol * std::fabs(want[i]))
        << "step " << step << " element " << i;
}

/// TFLite's SymmetricQuantizeFloats of one row, returned dequantized to
/// multiples of the scale as q (and the scale).
std::vector<double> symQuant(const float *x, int n, double &scale) {
  float mx = 0.f;
  for (int i = 0; i < n; ++i)
    mx = std::max(mx, std::fabs(x[i]));
  std::vector<double> q(n, 0.0);
  if (mx == 0.f) {
    scale = 1.0;
    return q;
  }
  const float inv = 127.f / mx;
  for (int i = 0; i < n; ++i)
    q[i] = std::clamp<double>(std::round(x[i] * inv), -127, 127);
  scale = mx / 127.f;
  return q;
}

double act(double x, Activation a) {
  switch (a) {
  case Activation::kRelu:
    return std::max(0.0, x);
  case Activation::kTanh:
    return std::tanh(x);
  default:
    return x;
  }
}

//===----------------------------------------------------------------------===//
// SVDF
//===----------------------------------------------------------------------===//

struct SvdfDims {
  int B = 2, I = 5, U = 3, R = 2, M = 4;
  int F() const { return U * R; }
};

/// Float64 SVDF step with the state layout of TFLite ([B][F][M], newest
/// value at M-1, shifted left after the step).
std::vector<double> svdfRef(const SvdfDims &d, const std::vector<double> &x,
                            const std::vector<double> &wf,
                            const std::vector<double> &wt,
                            const std::vector<double> &bias,
                            std::vector<double> &state, Activation a) {
  const int F = d.F();
  for (int b = 0; b < d.B; ++b)
    for (int f = 0; f < F; ++f) {
      double acc = 0;
      for (int k = 0; k < d.I; ++k)
        acc += wf[f * d.I + k] * x[b * d.I + k];
      state[(b * F + f) * d.M + d.M - 1] = acc;
    }
  std::vector<double> y(d.B * d.U);
  for (int b = 0; b < d.B; ++b)
    for (int u = 0; u < d.U; ++u) {
      double acc = bias.empty() ? 0 : bias[u];
      for (int r = 0; r < d.R; ++r) {
        const int f = u * d.R + r;
        for (int j = 0; j < d.M; ++j)
          acc += wt[f * d.M + j] * state[(b * F + f) * d.M + j];
      }
      y[b * d.U + u] = act(acc, a);
    }
  for (int r = 0; r < d.B * F; ++r) {
    for (int j = 0; j + 1 < d.M; ++j)
      state[r * d.M + j] = state[r * d.M + j + 1];
    state[r * d.M + d.M - 1] = 0;
  }
  return y;
}

TEST(LiteRecurrent, SvdfFloat) {
  SvdfDims d;
  for (Activation a : {Activation::kNone, Activation::kRelu}) {
    ModelBuilder b;
    auto wf = randomVec(d.F() * d.I, 1), wt = randomVec(d.F() * d.M, 2),
         bias = randomVec(d.U, 3);
    int x = b.f32({d.B, d.I});
    int cwf = b.cf32({d.F(), d.I}, wf), cwt = b.cf32({d.F(), d.M}, wt),
        cb = b.cf32({d.U}, bias);
    int st = variable(b, TensorType::kFloat32, {d.B, d.F() * d.M});
    int y = b.f32({d.B, d.U});
    OpOptions o;
    o.rank = d.R;
    o.activation = a;
    b.op(kOp_SVDF, {x, cwf, cwt, cb, st}, {y}, o);
    b.io({x}, {y});
    std::vector<std::vector<uint8_t>> steps;
    for (int k = 0; k < 6; ++k)
      steps.push_back(bytes(randomVec(d.B * d.I, 10 + k)));
    auto out = runSequence(b.def, steps);
    ASSERT_EQ(out.size(), steps.size());
    std::vector<double> state(d.B * d.F() * d.M, 0.0);
    std::vector<double> dwf(wf.begin(), wf.end()), dwt(wt.begin(), wt.end()),
        db(bias.begin(), bias.end());
    for (size_t k = 0; k < steps.size(); ++k) {
      auto xf = as<float>(steps[k]);
      auto want = svdfRef(d, {xf.begin(), xf.end()}, dwf, dwt, db, state, a);
      expectClose(as<float>(out[k]), want, 1e-5, 1e-5, int(k));
    }
  }
}

TEST(LiteRecurrent, SvdfHybrid) {
  SvdfDims d;
  ModelBuilder b;
  std::mt19937 g(7);
  std::uniform_int_distribution<int> w(-127, 127);
  std::vector<int8_t> wf(d.F() * d.I), wt(d.F() * d.M);
  for (auto &v : wf)
    v = int8_t(w(g));
  for (auto &v : wt)
    v = int8_t(w(g));
  const float sf = 0.013f, st8 = 0.021f;
  auto bias = randomVec(d.U, 4);
  int x = b.f32({d.B, d.I});
  int cwf = qconst(b, TensorType::kInt8, {d.F(), d.I}, wf, sf);
  int cwt = qconst(b, TensorType::kInt8, {d.F(), d.M}, wt, st8);
  int cb = b.cf32({d.U}, bias);
  int st = variable(b, TensorType::kFloat32, {d.B, d.F() * d.M});
  int y = b.f32({d.B, d.U});
  OpOptions o;
  o.rank = d.R;
  b.op(kOp_SVDF, {x, cwf, cwt, cb, st}, {y}, o);
  b.io({x}, {y});
  std::vector<std::vector<uint8_t>> steps;
  for (int k = 0; k < 5; ++k)
    steps.push_back(bytes(randomVec(d.B * d.I, 20 + k)));
  steps.push_back(bytes(std::vector<float>(d.B * d.I, 0.f))); // zero input
  auto out = runSequence(b.def, steps);
  ASSERT_EQ(out.size(), steps.size());
  std::vector<double> state(d.B * d.F() * d.M, 0.0), dwt(wt.size()),
      db(bias.begin(), bias.end());
  for (size_t i = 0; i < wt.size(); ++i)
    dwt[i] = double(st8) * wt[i];
  for (size_t k = 0; k < steps.size(); ++k) {
    auto xf = as<float>(steps[k]);
    // The feature projection sees the row-quantized input.
    std::vector<double> xq(xf.size()), dwf(wf.size());
    for (int bb = 0; bb < d.B; ++bb) {
      double s;
      auto q = symQuant(xf.data() + bb * d.I, d.I, s);
      for (int i = 0; i < d.I; ++i)
        xq[bb * d.I + i] = q[i] * s;
    }
    for (size_t i = 0; i < wf.size(); ++i)
      dwf[i] = double(sf) * wf[i];
    auto want = svdfRef(d, xq, dwf, dwt, db, state, Activation::kNone);
    expectClose(as<float>(out[k]), want, 1e-5, 1e-4, int(k));
  }
}

/// Integer SVDF: int8 input/weights_feature/output, int16 or int8
/// weights_time and state (state zero point only for int8, as TFLite Micro).
template <typename T> void svdfIntCase(TensorType tt, int32_t stateZp) {
  SvdfDims d;
  ModelBuilder b;
  std::mt19937 g(11);
  std::uniform_int_distribution<int> w8(-127, 127);
  const int tmax = tt == TensorType::kInt16 ? 20000 : 127;
  std::uniform_int_distribution<int> wT(-tmax, tmax);
  std::vector<int8_t> wf(d.F() * d.I);
  std::vector<T> wt(d.F() * d.M);
  for (auto &v : wf)
    v = int8_t(w8(g));
  for (auto &v : wt)
    v = T(wT(g));
  const float sIn = 0.05f, sWf = 0.01f, sState = 0.08f,
              sWt = tt == TensorType::kInt16 ? 2e-5f : 4e-3f, sOut = 0.02f;
  const int32_t zIn = 3, zOut = -5;
  std::vector<int32_t> bias(d.U);
  std::uniform_int_distribution<int> wb(-2000, 2000);
  for (auto &v : bias)
    v = wb(g);
  const float sBias = sState * sWt;
  int x = b.tensor(TensorType::kInt8, {d.B, d.I});
  setQuant(b, x, sIn, zIn);
  int cwf = qconst(b, TensorType::kInt8, {d.F(), d.I}, wf, sWf);
  int cwt = qconst(b, tt, {d.F(), d.M}, wt, sWt);
  int cb = qconst(b, TensorType::kInt32, {d.U}, bias, sBias);
  int st = variable(b, tt, {d.B, d.F() * d.M}, sState, stateZp);
  int y = b.tensor(TensorType::kInt8, {d.B, d.U});
  setQuant(b, y, sOut, zOut);
  OpOptions o;
  o.rank = d.R;
  b.op(kOp_SVDF, {x, cwf, cwt, cb, st}, {y}, o);
  b.io({x}, {y});
  std::vector<std::vector<uint8_t>> steps;
  std::uniform_int_distribution<int> xi(-128, 127);
  for (int k = 0; k < 6; ++k) {
    std::vector<int8_t> v(d.B * d.I);
    for (auto &e : v)
      e = int8_t(xi(g));
    steps.push_back(bytes(v));
  }
  auto out = runSequence(b.def, steps);
  ASSERT_EQ(out.size(), steps.size());
  const int F = d.F();
  const double smin = std::numeric_limits<T>::min(),
               smax = std::numeric_limits<T>::max();
  // The state holds quantized values (initially the zero point).
  std::vector<double> stateQ(d.B * F * d.M, double(stateZp));
  int maxDiff = 0;
  for (size_t k = 0; k < steps.size(); ++k) {
    auto xq = as<int8_t>(steps[k]);
    for (int bb = 0; bb < d.B; ++bb)
      for (int f = 0; f < F; ++f) {
        double acc = 0;
        for (int i = 0; i < d.I; ++i)
          acc += double(sWf) * wf[f * d.I + i] * sIn * (xq[bb * d.I + i] - zIn);
        stateQ[(bb * F + f) * d.M + d.M - 1] =
            std::clamp(std::round(acc / sState) + stateZp, smin, smax);
      }
    auto got = as<int8_t>(out[k]);
    for (int bb = 0; bb < d.B; ++bb)
      for (int u = 0; u < d.U; ++u) {
        double acc = double(sBias) * bias[u];
        for (int r = 0; r < d.R; ++r) {
          const int f = u * d.R + r;
          for (int j = 0; j < d.M; ++j)
            acc += double(sWt) * wt[f * d.M + j] * sState *
                   (stateQ[(bb * F + f) * d.M + j] - stateZp);
        }
        const double want =
            std::clamp(std::round(acc / sOut) + zOut, -128.0, 127.0);
        const int diff = std::abs(int(got[bb * d.U + u]) - int(want));
        maxDiff = std::max(maxDiff, diff);
        EXPECT_LE(diff, 1) << "step " << k << " b " << bb << " u " << u;
      }
    for (int r = 0; r < d.B * F; ++r) {
      for (int j = 0; j + 1 < d.M; ++j)
        stateQ[r * d.M + j] = stateQ[r * d.M + j + 1];
      stateQ[r * d.M + d.M - 1] = stateZp;
    }
  }
  ::testing::Test::RecordProperty("max_diff_steps", maxDiff);
}

TEST(LiteRecurrent, SvdfInt8Int16State) {
  svdfIntCase<int16_t>(TensorType::kInt16, 0);
}
TEST(LiteRecurrent, SvdfInt8Int8State) {
  svdfIntCase<int8_t>(TensorType::kInt8, -7);
}

TEST(LiteRecurrent, SvdfBadStateIsAnError) {
  SvdfDims d;
  for (int variant = 0; variant < 2; ++variant) {
    ModelBuilder b;
    int x = b.f32({d.B, d.I});
    int cwf = b.cf32({d.F(), d.I}, randomVec(d.F() * d.I, 1));
    int cwt = b.cf32({d.F(), d.M}, randomVec(d.F() * d.M, 2));
    int st;
    if (variant == 0) {
      st = variable(b, TensorType::kFloat32, {d.B, d.F() * d.M - 1});
    } else {
      st = b.f32({d.B, d.F() * d.M}); // not a variable
      b.def.subgraphs[0].inputs.push_back(st);
    }
    int y = b.f32({d.B, d.U});
    OpOptions o;
    o.rank = d.R;
    b.op(kOp_SVDF, {x, cwf, cwt, -1, st}, {y}, o);
    b.def.subgraphs[0].inputs.insert(b.def.subgraphs[0].inputs.begin(), x);
    b.def.subgraphs[0].outputs = {y};
    auto in = Interpreter::create(b.def, resolver(), "bad.tflite");
    ASSERT_TRUE(in.ok()) << in.status();
    absl::Status s = (*in)->allocateTensors();
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("bad.tflite: subgraph 0 op 0 (SVDF)"),
              std::string::npos)
        << s;
    EXPECT_NE(s.message().find(variant == 0 ? "must be [batch, memory * "
                                              "filters]"
                                            : "must be a variable tensor"),
              std::string::npos)
        << s.message();
  }
}

TEST(LiteRecurrent, ResetVariableTensorsRestoresTheZeroPoint) {
  ModelBuilder b;
  int x = b.tensor(TensorType::kInt8, {1, 2});
  setQuant(b, x, 0.1f, 0);
  int st = variable(b, TensorType::kInt8, {1, 4}, 0.5f, -9);
  int y = b.tensor(TensorType::kInt8, {1, 1});
  setQuant(b, y, 0.1f, 0);
  int cwf = qconst(b, TensorType::kInt8, {2, 2},
                   std::vector<int8_t>{1, 2, 3, 4}, 1.f);
  int cwt = qconst(b, TensorType::kInt8, {2, 2},
                   std::vector<int8_t>{1, 1, 1, 1}, 0.2f);
  OpOptions o;
  o.rank = 2;
  b.op(kOp_SVDF, {x, cwf, cwt, -1, st}, {y}, o);
  b.io({x}, {y});
  auto in = Interpreter::create(b.def, resolver(), "t");
  ASSERT_TRUE(in.ok()) << in.status();
  ASSERT_TRUE((*in)->allocateTensors().ok());
  const Tensor *s = (*in)->tensor(st);
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(s->as<int8_t>()[i], -9);
  (*in)->inputTensor(0)->as<int8_t>()[0] = 50;
  (*in)->inputTensor(0)->as<int8_t>()[1] = 60;
  ASSERT_TRUE((*in)->invoke().ok());
  bool changed = false;
  for (int i = 0; i < 4; ++i)
    changed |= s->as<int8_t>()[i] != -9;
  EXPECT_TRUE(changed);
  (*in)->resetVariableTensors();
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(s->as<int8_t>()[i], -9);
}

//===----------------------------------------------------------------------===//
// RNN / UNIDIRECTIONAL_SEQUENCE_RNN
//===----------------------------------------------------------------------===//

void rnnCase(bool sequence, bool timeMajor, bool hybrid) {
  const int B = 2, T = sequence ? 3 : 1, I = 4, U = 3;
  ModelBuilder b;
  std::vector<int32_t> inShape = !sequence   ? std::vector<int32_t>{B, I}
                                 : timeMajor ? std::vector<int32_t>{T, B, I}
                                             : std::vector<int32_t>{B, T, I};
  std::vector<int32_t> outShape = inShape;
  outShape.back() = U;
  auto wfl = randomVec(U * I, 31, -0.8f, 0.8f),
       rfl = randomVec(U * U, 32, -0.8f, 0.8f);
  auto bias = randomVec(U, 33);
  const float ws = 0.8f / 127, rs = 0.8f / 127;
  std::vector<int8_t> wq(U * I), rq(U * U);
  for (int i = 0; i < U * I; ++i)
    wq[i] = int8_t(std::round(wfl[i] / ws));
  for (int i = 0; i < U * U; ++i)
    rq[i] = int8_t(std::round(rfl[i] / rs));
  int x = b.f32(inShape);
  int w = hybrid ? qconst(b, TensorType::kInt8, {U, I}, wq, ws)
                 : b.cf32({U, I}, wfl);
  int r = hybrid ? qconst(b, TensorType::kInt8, {U, U}, rq, rs)
                 : b.cf32({U, U}, rfl);
  int cb = b.cf32({U}, bias);
  int h = variable(b, TensorType::kFloat32, {B, U});
  int y = b.f32(outShape);
  OpOptions o;
  o.activation = Activation::kTanh;
  o.timeMajor = timeMajor;
  b.op(sequence ? kOp_UNIDIRECTIONAL_SEQUENCE_RNN : kOp_RNN, {x, w, r, cb, h},
       {y}, o);
  b.io({x}, {y});
  std::vector<std::vector<uint8_t>> steps;
  for (int k = 0; k < 4; ++k)
    steps.push_back(bytes(randomVec(B * T * I, 40 + k)));
  auto out = runSequence(b.def, steps);
  ASSERT_EQ(out.size(), steps.size());
  std::vector<double> W(U * I), R(U * U), hs(B * U, 0.0);
  for (int i = 0; i < U * I; ++i)
    W[i] = hybrid ? ws * double(wq[i]) : wfl[i];
  for (int i = 0; i < U * U; ++i)
    R[i] = hybrid ? rs * double(rq[i]) : rfl[i];
  for (size_t k = 0; k < steps.size(); ++k) {
    auto xf = as<float>(steps[k]);
    std::vector<double> want(B * T * U);
    for (int t = 0; t < T; ++t)
      for (int bb = 0; bb < B; ++bb) {
        const int row = (!sequence || timeMajor) ? t * B + bb : bb * T + t;
        std::vector<double> xr(I),
            hr(hs.begin() + bb * U, hs.begin() + (bb + 1) * U);
        for (int i = 0; i < I; ++i)
          xr[i] = xf[row * I + i];
        if (hybrid) {
          double s1, s2;
          std::vector<float> xr32(xf.begin() + row * I,
                                  xf.begin() + (row + 1) * I);
          std::vector<float> hr32(hr.begin(), hr.end());
          auto q1 = symQuant(xr32.data(), I, s1);
          auto q2 = symQuant(hr32.data(), U, s2);
          for (int i = 0; i < I; ++i)
            xr[i] = q1[i] * s1;
          for (int i = 0; i < U; ++i)
            hr[i] = q2[i] * s2;
        }
        for (int u = 0; u < U; ++u) {
          double a = bias[u];
          for (int i = 0; i < I; ++i)
            a += W[u * I + i] * xr[i];
          for (int j = 0; j < U; ++j)
            a += R[u * U + j] * hr[j];
          want[row * U + u] = std::tanh(a);
        }
        for (int u = 0; u < U; ++u)
          hs[bb * U + u] = want[row * U + u];
      }
    expectClose(as<float>(out[k]), want, hybrid ? 2e-5 : 1e-5,
                hybrid ? 1e-4 : 1e-5, int(k));
  }
}

TEST(LiteRecurrent, RnnFloat) { rnnCase(false, true, false); }
TEST(LiteRecurrent, RnnHybrid) { rnnCase(false, true, true); }
TEST(LiteRecurrent, SequenceRnnTimeMajor) { rnnCase(true, true, false); }
TEST(LiteRecurrent, SequenceRnnBatchMajor) { rnnCase(true, false, false); }
TEST(LiteRecurrent, SequenceRnnHybrid) { rnnCase(true, false, true); }

//===----------------------------------------------------------------------===//
// UNIDIRECTIONAL_SEQUENCE_LSTM
//===----------------------------------------------------------------------===//

struct LstmCfg {
  bool cifg = false, peephole = false, projection = false, layerNorm = false;
  float cellClip = 0.f, projClip = 0.f;
  bool timeMajor = true;
  bool hybrid = false; ///< int8 weights (per-tensor scale max|w| / 127)
};

double sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }

void lstmCase(const LstmCfg &c) {
  const int B = 2, T = 3, I = 3, C = 4, O = c.projection ? 2 : C;
  ModelBuilder b;
  std::vector<int32_t> inShape = c.timeMajor ? std::vector<int32_t>{T, B, I}
                                             : std::vector<int32_t>{B, T, I};
  std::vector<int32_t> outShape = inShape;
  outShape.back() = O;
  uint32_t seed = 100;
  std::vector<std::vector<float>> vals(24);
  std::vector<int32_t> idx(24, -1);
  idx[0] = b.f32(inShape);
  auto add = [&](int i, std::vector<int32_t> shape) {
    int64_t n = 1;
    for (int32_t d : shape)
      n *= d;
    vals[i] = randomVec(n, seed++, -0.7f, 0.7f);
    const bool weight = (i >= 1 && i <= 11) || i == 16;
    if (!c.hybrid || !weight) {
      idx[i] = b.cf32(shape, vals[i]);
      return;
    }
    // int8 weights; the reference uses their dequantized values.
    float mx = 0.f;
    for (float v : vals[i])
      mx = std::max(mx, std::fabs(v));
    const float sc = mx / 127;
    std::vector<int8_t> q(n);
    for (int64_t k = 0; k < n; ++k) {
      q[k] = int8_t(std::round(vals[i][k] / sc));
      vals[i][k] = sc * q[k];
    }
    idx[i] = qconst(b, TensorType::kInt8, shape, q, sc);
  };
  for (int g = 0; g < 4; ++g) {
    if (g == 0 && c.cifg)
      continue;
    add(1 + g, {C, I});
    add(5 + g, {C, O});
    add(12 + g, {C});
  }
  if (c.peephole) {
    if (!c.cifg)
      add(9, {C});
    add(10, {C});
    add(11, {C});
  }
  if (c.projection) {
    add(16, {O, C});
    add(17, {O});
  }
  idx[18] = variable(b, TensorType::kFloat32, {B, O});
  idx[19] = variable(b, TensorType::kFloat32, {B, C});
  if (c.layerNorm)
    for (int g = c.cifg ? 1 : 0; g < 4; ++g)
      add(20 + g, {C});
  int y = b.f32(outShape);
  OpOptions o;
  o.activation = Activation::kTanh;
  o.cellClip = c.cellClip;
  o.projClip = c.projClip;
  o.timeMajor = c.timeMajor;
  if (!c.layerNorm)
    idx.resize(20);
  b.op(kOp_UNIDIRECTIONAL_SEQUENCE_LSTM, idx, {y}, o);
  b.io({idx[0]}, {y});
  std::vector<std::vector<uint8_t>> steps;
  for (int k = 0; k < 3; ++k)
    steps.push_back(bytes(randomVec(B * T * I, 70 + k, -1.5f, 1.5f)));
  auto out = runSequence(b.def, steps);
  ASSERT_EQ(out.size(), steps.size());
  auto V = [&](int i, int j) { return double(vals[i][j]); };
  std::vector<double> h(B * O, 0.0), cs(B * C, 0.0);
  for (size_t k = 0; k < steps.size(); ++k) {
    auto xf = as<float>(steps[k]);
    std::vector<double> want(B * T * O);
    for (int t = 0; t < T; ++t)
      for (int bb = 0; bb < B; ++bb) {
        const int row = c.timeMajor ? t * B + bb : bb * T + t;
        double gate[4][8];
        // Hybrid: the matrix products see x and h quantized per row.
        std::vector<double> xv(I), hv(O);
        for (int i = 0; i < I; ++i)
          xv[i] = xf[row * I + i];
        for (int i = 0; i < O; ++i)
          hv[i] = h[bb * O + i];
        if (c.hybrid) {
          std::vector<float> x32(xv.begin(), xv.end()),
              h32(hv.begin(), hv.end());
          double s1, s2;
          auto q1 = symQuant(x32.data(), I, s1);
          auto q2 = symQuant(h32.data(), O, s2);
          for (int i = 0; i < I; ++i)
            xv[i] = q1[i] * s1;
          for (int i = 0; i < O; ++i)
            hv[i] = q2[i] * s2;
        }
        for (int g = 0; g < 4; ++g) {
          if (g == 0 && c.cifg)
            continue;
          std::vector<double> pre(C);
          for (int j = 0; j < C; ++j) {
            double a = 0;
            for (int i = 0; i < I; ++i)
              a += V(1 + g, j * I + i) * xv[i];
            for (int i = 0; i < O; ++i)
              a += V(5 + g, j * O + i) * hv[i];
            if (c.peephole && g < 2)
              a += V(9 + g, j) * cs[bb * C + j];
            pre[j] = a;
          }
          if (g == 3)
            for (int j = 0; j < C; ++j)
              gate[3][j] = pre[j]; // finished after the cell update
          else {
            if (c.layerNorm) {
              double m = 0, v = 0;
              for (double p : pre)
                m += p;
              m /= C;
              for (double p : pre)
                v += (p - m) * (p - m);
              v /= C;
              for (int j = 0; j < C; ++j)
                pre[j] = (pre[j] - m) / std::sqrt(v + 1e-8) * V(20 + g, j) +
                         V(12 + g, j);
            } else {
              for (int j = 0; j < C; ++j)
                pre[j] += V(12 + g, j);
            }
            for (int j = 0; j < C; ++j)
              gate[g][j] = g == 2 ? std::tanh(pre[j]) : sig(pre[j]);
          }
        }
        if (c.cifg)
          for (int j = 0; j < C; ++j)
            gate[0][j] = 1 - gate[1][j];
        for (int j = 0; j < C; ++j) {
          double v = gate[1][j] * cs[bb * C + j] + gate[0][j] * gate[2][j];
          if (c.cellClip > 0)
            v = std::clamp<double>(v, -c.cellClip, c.cellClip);
          cs[bb * C + j] = v;
        }
        std::vector<double> og(C), hid(C);
        for (int j = 0; j < C; ++j)
          og[j] = gate[3][j] + (c.peephole ? V(11, j) * cs[bb * C + j] : 0.0);
        if (c.layerNorm) {
          double m = 0, v = 0;
          for (double p : og)
            m += p;
          m /= C;
          for (double p : og)
            v += (p - m) * (p - m);
          v /= C;
          for (int j = 0; j < C; ++j)
            og[j] = (og[j] - m) / std::sqrt(v + 1e-8) * V(23, j) + V(15, j);
        } else {
          for (int j = 0; j < C; ++j)
            og[j] += V(15, j);
        }
        for (int j = 0; j < C; ++j)
          hid[j] = sig(og[j]) * std::tanh(cs[bb * C + j]);
        for (int j = 0; j < O; ++j) {
          double a;
          if (c.projection) {
            std::vector<double> hq(hid);
            if (c.hybrid) {
              std::vector<float> h32(hid.begin(), hid.end());
              double s3;
              auto q3 = symQuant(h32.data(), C, s3);
              for (int q = 0; q < C; ++q)
                hq[q] = q3[q] * s3;
            }
            a = V(17, j);
            for (int q = 0; q < C; ++q)
              a += V(16, j * C + q) * hq[q];
            if (c.projClip > 0)
              a = std::clamp<double>(a, -c.projClip, c.projClip);
          } else {
            a = hid[j];
          }
          want[row * O + j] = a;
          h[bb * O + j] = a;
        }
      }
    expectClose(as<float>(out[k]), want, c.hybrid ? 3e-5 : 1e-5, 1e-4, int(k));
  }
}

TEST(LiteRecurrent, LstmBasic) { lstmCase({}); }
TEST(LiteRecurrent, LstmHybridPeepholeProjection) {
  LstmCfg c;
  c.hybrid = c.peephole = c.projection = true;
  lstmCase(c);
}
TEST(LiteRecurrent, LstmHybridCifgLayerNorm) {
  LstmCfg c;
  c.hybrid = c.cifg = c.layerNorm = true;
  c.timeMajor = false;
  lstmCase(c);
}
TEST(LiteRecurrent, LstmBatchMajor) {
  LstmCfg c;
  c.timeMajor = false;
  lstmCase(c);
}
TEST(LiteRecurrent, LstmPeepholeProjectionClip) {
  LstmCfg c;
  c.peephole = c.projection = true;
  c.cellClip = 0.6f;
  c.projClip = 0.3f;
  lstmCase(c);
}
TEST(LiteRecurrent, LstmCifgLayerNorm) {
  LstmCfg c;
  c.cifg = c.layerNorm = c.peephole = true;
  lstmCase(c);
}

//===----------------------------------------------------------------------===//
// TFLite behaviours the corpus models rely on
//===----------------------------------------------------------------------===//

/// add_quantized.bin: a float32-declared intermediate between two uint8
/// ADDs; TFLite's ADD Prepare retypes it to uint8 and the model runs.
TEST(LiteRecurrent, AddRetypesItsOutputAsTflite) {
  ModelBuilder b;
  const float s = 1.f / 255;
  int x = b.tensor(TensorType::kUInt8, {4});
  setQuant(b, x, s);
  int mid = b.f32({4});
  setQuant(b, mid, s);
  int y = b.tensor(TensorType::kUInt8, {4});
  setQuant(b, y, s);
  b.op(kOp_ADD, {x, x}, {mid});
  b.op(kOp_ADD, {mid, x}, {y});
  b.io({x}, {y});
  std::vector<uint8_t> xv = {0, 10, 60, 200};
  auto out = runSequence(b.def, {xv});
  ASSERT_EQ(out.size(), 1u);
  const std::vector<uint8_t> want = {0, 30, 180, 255}; // 3x, saturated
  EXPECT_EQ(out[0], want);
}

/// Wrong shapes in the LSTM and RNN families are errors naming the op and
/// the operand, never a crash.
TEST(LiteRecurrent, BadRecurrentShapesAreErrors) {
  {
    // LSTM whose recurrent weights have the wrong cell count.
    ModelBuilder b;
    const int B = 1, T = 2, I = 3, C = 4;
    std::vector<int32_t> idx(20, -1);
    idx[0] = b.f32({T, B, I});
    for (int g = 0; g < 4; ++g) {
      idx[1 + g] = b.cf32({C, I}, randomVec(C * I, 1 + g));
      idx[5 + g] = b.cf32({C + 1, C}, randomVec((C + 1) * C, 5 + g));
      idx[12 + g] = b.cf32({C}, randomVec(C, 12 + g));
    }
    idx[18] = variable(b, TensorType::kFloat32, {B, C});
    idx[19] = variable(b, TensorType::kFloat32, {B, C});
    int y = b.f32({T, B, C});
    OpOptions o;
    o.activation = Activation::kTanh;
    o.timeMajor = true;
    b.op(kOp_UNIDIRECTIONAL_SEQUENCE_LSTM, idx, {y}, o);
    b.io({idx[0]}, {y});
    auto in = Interpreter::create(b.def, resolver(), "lstm.tflite");
    ASSERT_TRUE(in.ok()) << in.status();
    absl::Status s = (*in)->allocateTensors();
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("op 0 (UNIDIRECTIONAL_SEQUENCE_LSTM)"),
              std::string::npos)
        << s;
    EXPECT_NE(s.message().find("recurrent weights (input 5)"),
              std::string::npos)
        << s;
  }
  {
    // RNN whose hidden state is too small.
    ModelBuilder b;
    int x = b.f32({2, 3});
    int w = b.cf32({4, 3}, randomVec(12, 1));
    int r = b.cf32({4, 4}, randomVec(16, 2));
    int bias = b.cf32({4}, randomVec(4, 3));
    int h = variable(b, TensorType::kFloat32, {2, 3});
    int y = b.f32({2, 4});
    b.op(kOp_RNN, {x, w, r, bias, h}, {y});
    b.io({x}, {y});
    auto in = Interpreter::create(b.def, resolver(), "rnn.tflite");
    ASSERT_TRUE(in.ok()) << in.status();
    absl::Status s = (*in)->allocateTensors();
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find("op 0 (RNN): hidden state [2,3]"),
              std::string::npos)
        << s;
  }
}

/// The op observer (calibration's hook) sees every op after it ran, in
/// order, with its outputs computed.
TEST(LiteRecurrent, OpObserverSeesEachOpAfterItRuns) {
  ModelBuilder b;
  int x = b.f32({2}), y = b.f32({2}), z = b.f32({2});
  b.op(kOp_ABS, {x}, {y});
  b.op(kOp_NEG, {y}, {z});
  b.io({x}, {z});
  auto in = Interpreter::create(b.def, resolver(), "t");
  ASSERT_TRUE(in.ok()) << in.status();
  std::vector<std::pair<int, float>> seen;
  (*in)->setOpObserver([&](Subgraph &sg, int k) {
    const Tensor *out = sg.tensor(sg.def().ops[k].outputs[0]);
    seen.push_back({k, out->as<float>()[0]});
  });
  ASSERT_TRUE((*in)->allocateTensors().ok());
  (*in)->inputTensor(0)->as<float>()[0] = -3.f;
  (*in)->inputTensor(0)->as<float>()[1] = 2.f;
  ASSERT_TRUE((*in)->invoke().ok());
  const std::vector<std::pair<int, float>> want = {{0, 3.f}, {1, -3.f}};
  EXPECT_EQ(seen, want);
}

TEST(LiteRecurrent, EthosUOpIsNamedAsNpuOnly) {
  ModelBuilder b;
  int x = b.tensor(TensorType::kInt8, {4});
  int y = b.tensor(TensorType::kInt8, {4});
  OperatorDef &op = b.op(kOp_CUSTOM, {x}, {y});
  op.customName = "ethos-u";
  b.io({x}, {y});
  auto in = Interpreter::create(b.def, resolver(), "vela.tflite");
  ASSERT_FALSE(in.ok());
  EXPECT_NE(in.status().message().find("CUSTOM 'ethos-u' v1"),
            std::string::npos)
      << in.status();
  EXPECT_NE(in.status().message().find("Ethos-U NPU"), std::string::npos)
      << in.status();
}

} // namespace
