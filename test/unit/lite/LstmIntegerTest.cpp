//===- LstmIntegerTest.cpp - Full-integer UNIDIRECTIONAL_SEQUENCE_LSTM ----===//
//
// The int8 LSTM (kernels/LstmInteger.cpp, reference/LstmInteger.cpp):
//  - gemmlowp's int16 logistic / tanh: TFLite's own expected values bit
//    for bit, and against double over every int16 input (absolute error
//    <= 2.5e-4 / 4e-4, measured 1.95e-4 / 3.7e-4);
//  - one-op models (int8 input and weights, int16 cell state, int32 bias,
//    5 intermediates) run step by step; each step is checked against a
//    float64 LSTM step computed from the dequantized operands and the
//    kernel's own dequantized previous state (so rounding does not
//    accumulate): the new int8 output within 1 step plus the bound
//    0.5 * s_hidden * sum|W_proj row| / s_out that the int8 hidden value
//    adds before a projection, and the int16 cell state within 3 steps of
//    its scale (the Q0.15 gates and the Q3.12 / intermediate-scale
//    pre-activations round);
//  - a 3-step sequence, time-major and batch-major, gives bit-identical
//    outputs to three single-step Invoke calls;
//  - TFLite's own IntegerLstmOpTest models (layer norm, projection, with
//    and without peepholes), rebuilt with its test harness's quantization,
//    give TFLite's expected int8 outputs exactly;
//  - TFLite's quantizer output lstm_quantized2.bin (corpus) step by step
//    against float64;
//  - bad operands are errors naming the op and the operand.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

#include "runtime/lite/kernels/reference/LstmInteger.h"

namespace tfmlir::lite::testing {
namespace {

using kernels::reference::logisticQ15;
using kernels::reference::tanhQ15;

TEST(LiteLstmInteger, FixedPointLogisticAndTanh) {
  double worstSig = 0, worstTanh = 0;
  for (int v = -32768; v <= 32767; ++v) {
    const int16_t x = static_cast<int16_t>(v);
    const double xr = v / 4096.0; // Q3.12
    worstSig = std::max(worstSig, std::fabs(logisticQ15(x, 3) / 32768.0 -
                                            1.0 / (1.0 + std::exp(-xr))));
    for (int ib = 0; ib <= 6; ++ib) {
      const double t = std::ldexp(double(v), ib - 15);
      worstTanh = std::max(worstTanh,
                           std::fabs(tanhQ15(x, ib) / 32768.0 - std::tanh(t)));
    }
  }
  // gemmlowp's 16-bit Newton-Raphson is not exact (nor monotone): measured
  // 1.95e-4 / 3.7e-4.
  EXPECT_LE(worstSig, 2.5e-4) << "logistic";
  EXPECT_LE(worstTanh, 4e-4) << "tanh";
  EXPECT_EQ(logisticQ15(0, 3), 16384);
  EXPECT_EQ(tanhQ15(0, 3), 0);
  // TFLite's own expected values (tensor_utils_test.cc QuantSigmoidTest with
  // Q3.12 input, QuantTanh test with 4 integer bits), bit for bit.
  const int16_t sigIn[] = {-10500, 1398,   -6963,  -7404,  485,    -5401,
                           -1757,  -7668,  -19248, -9692,  -24249, -17923,
                           -15840, -10026, 5249,   -89,    1787,   -16178,
                           -6691,  -19524, -13439, -24048, -1123,  32767,
                           -17267, -3378,  823,    11482,  -11139, 7508};
  const int16_t sigOut[] = {
      2339, 19152, 5063,  4617,  17350, 6917,  12921, 4371,  299,  2813,
      89,   409,   673,   2605,  25646, 16207, 19904, 615,   5353, 273,
      1187, 91,    14153, 32756, 475,   9983,  18026, 30898, 2023, 28246};
  for (size_t i = 0; i < std::size(sigIn); ++i)
    EXPECT_EQ(logisticQ15(sigIn[i], 3), sigOut[i]) << sigIn[i];
  const int16_t tanhIn[] = {-5, 163, -31, -5, 54,  90,  1,   2,   -4,  -42,
                            -8, 29,  0,   47, 150, -26, -36, 9,   -73, 25,
                            14, -2,  -1,  29, -10, -12, -18, -29, 51,  -92};
  const int16_t tanhOut[] = {-76,  2596, -496,  -76,  856, 1436, 24,   36,
                             -64,  -672, -120,  456,  0,   752,  2400, -412,
                             -576, 148,  -1168, 400,  216, -36,  -24,  456,
                             -164, -192, -292,  -456, 820, -1476};
  for (size_t i = 0; i < std::size(tanhIn); ++i)
    EXPECT_EQ(tanhQ15(tanhIn[i], 4), tanhOut[i]) << tanhIn[i];
}

struct Cfg {
  bool cifg = false, peephole = false, projection = false, layerNorm = false;
  float cellClip = 0.f, projClip = 0.f;
};

double sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }

/// An integer LSTM model and the float values its constants stand for.
struct LstmModel {
  static constexpr int B = 2, I = 5, C = 4;
  int O = C;
  Cfg c;
  ModelBuilder b;
  std::vector<int32_t> idx = std::vector<int32_t>(24, -1);
  std::vector<std::vector<double>> val = std::vector<std::vector<double>>(24);
  float inS = 2.f / 255, osS = 1.f / 120, hidS = 1.f / 127, csS = 1.f / 2048;
  int inZp = -3, osZp = 3;
  float lnInterS = 8.f / 32768;
  int out = -1;

  void quant(int t, float s, int64_t zp) {
    b.def.subgraphs[0].tensors[t].quant = {{s}, {zp}, 0};
  }
  /// int8 symmetric weights [rows, cols] from a seeded uniform draw.
  void weights8(int i, std::vector<int32_t> shape, uint32_t seed) {
    const int64_t n = int64_t(shape[0]) * (shape.size() > 1 ? shape[1] : 1);
    auto f = randomVec(n, seed, -0.45f, 0.45f);
    float mx = 0;
    for (float v : f)
      mx = std::max(mx, std::fabs(v));
    const float s = mx / 127;
    std::vector<int8_t> q(n);
    for (int64_t k = 0; k < n; ++k) {
      q[k] = int8_t(std::lround(f[k] / s));
      val[i].push_back(double(s) * q[k]);
    }
    idx[i] = b.constant(TensorType::kInt8, shape, q);
    quant(idx[i], s, 0);
  }
  /// int16 symmetric vector [C] (peephole / layer norm).
  void vec16(int i, uint32_t seed, float lo, float hi) {
    auto f = randomVec(C, seed, lo, hi);
    float mx = 0;
    for (float v : f)
      mx = std::max(mx, std::fabs(v));
    const float s = mx / 32767;
    std::vector<int16_t> q(C);
    for (int k = 0; k < C; ++k) {
      q[k] = int16_t(std::lround(f[k] / s));
      val[i].push_back(double(s) * q[k]);
    }
    idx[i] = b.constant(TensorType::kInt16, {C}, q);
    quant(idx[i], s, 0);
  }
  /// int32 bias of scale `s`.
  void bias32(int i, int n, uint32_t seed, double s) {
    auto f = randomVec(n, seed, -0.3f, 0.3f);
    std::vector<int32_t> q(n);
    for (int k = 0; k < n; ++k) {
      q[k] = int32_t(std::lround(f[k] / s));
      val[i].push_back(s * q[k]);
    }
    idx[i] = b.constant(TensorType::kInt32, {n}, q);
    quant(idx[i], float(s), 0);
  }

  LstmModel(const Cfg &cfg, int T, bool timeMajor) : c(cfg) {
    O = c.projection ? 3 : C;
    std::vector<int32_t> inShape = timeMajor ? std::vector<int32_t>{T, B, I}
                                             : std::vector<int32_t>{B, T, I};
    idx[0] = b.tensor(TensorType::kInt8, inShape);
    quant(idx[0], inS, inZp);
    uint32_t seed = 500;
    for (int g = 0; g < 4; ++g) {
      if (g == 0 && c.cifg)
        continue;
      weights8(1 + g, {C, I}, seed++);
      weights8(5 + g, {C, O}, seed++);
    }
    if (c.peephole) {
      if (!c.cifg)
        vec16(9, seed++, -0.5f, 0.5f);
      vec16(10, seed++, -0.5f, 0.5f);
      vec16(11, seed++, -0.5f, 0.5f);
    }
    for (int g = 0; g < 4; ++g) {
      if (g == 0 && c.cifg)
        continue;
      if (c.layerNorm) {
        vec16(20 + g, seed++, 0.5f, 1.5f);
        const float lnS =
            b.def.subgraphs[0].tensors[idx[20 + g]].quant.scale[0];
        bias32(12 + g, C, seed++, double(lnS) / 1024);
      } else {
        // The bias shares the input accumulator's scale.
        const float wS = b.def.subgraphs[0].tensors[idx[1 + g]].quant.scale[0];
        bias32(12 + g, C, seed++, double(wS) * inS);
      }
    }
    if (c.projection) {
      weights8(16, {O, C}, seed++);
      const float pS = b.def.subgraphs[0].tensors[idx[16]].quant.scale[0];
      bias32(17, O, seed++, double(pS) * hidS);
    } else {
      hidS = osS; // the hidden value is the output state
    }
    idx[18] = b.tensor(TensorType::kInt8, {B, O});
    quant(idx[18], osS, osZp);
    b.def.subgraphs[0].tensors[idx[18]].isVariable = true;
    idx[19] = b.tensor(TensorType::kInt16, {B, C});
    quant(idx[19], csS, 0);
    b.def.subgraphs[0].tensors[idx[19]].isVariable = true;
    std::vector<int32_t> outShape = inShape;
    outShape.back() = O;
    out = b.tensor(TensorType::kInt8, outShape);
    quant(out, osS, osZp);
    std::vector<int32_t> inter;
    for (int k = 0; k < 5; ++k) {
      inter.push_back(b.tensor(TensorType::kInt16, {}));
      quant(inter.back(), k < 4 ? lnInterS : hidS,
            k < 4 ? 0 : (c.projection ? 0 : osZp));
    }
    OpOptions o;
    o.activation = Activation::kTanh;
    o.cellClip = c.cellClip;
    o.projClip = c.projClip;
    o.timeMajor = timeMajor;
    std::vector<int32_t> in = idx;
    if (!c.layerNorm)
      in.resize(20);
    b.op(kOp_UNIDIRECTIONAL_SEQUENCE_LSTM, in, {out}, o).intermediates = inter;
    b.io({idx[0]}, {out});
  }
};

/// Float64 LSTM step from dequantized operands: x [I], h [O], c [C] in,
/// new c and y out.
void referenceStep(const LstmModel &m, const std::vector<double> &x,
                   const std::vector<double> &h, std::vector<double> &c,
                   std::vector<double> &y) {
  const int I = m.I, C = m.C, O = m.O;
  auto V = [&](int i, int j) { return m.val[i][j]; };
  double gate[4][LstmModel::C];
  auto pre = [&](int g, const std::vector<double> &cs, double *out) {
    for (int j = 0; j < C; ++j) {
      double a = 0;
      for (int k = 0; k < I; ++k)
        a += V(1 + g, j * I + k) * x[k];
      for (int k = 0; k < O; ++k)
        a += V(5 + g, j * O + k) * h[k];
      if (m.c.peephole && g != 2)
        a += V(g == 3 ? 11 : 9 + g, j) * cs[j];
      out[j] = a;
    }
    if (m.c.layerNorm) {
      double mean = 0, var = 0;
      for (int j = 0; j < C; ++j)
        mean += out[j];
      mean /= C;
      for (int j = 0; j < C; ++j)
        var += (out[j] - mean) * (out[j] - mean);
      var /= C;
      for (int j = 0; j < C; ++j)
        out[j] = (out[j] - mean) / std::sqrt(var) * V(20 + g, j) + V(12 + g, j);
    } else {
      for (int j = 0; j < C; ++j)
        out[j] += V(12 + g, j);
    }
    for (int j = 0; j < C; ++j)
      out[j] = g == 2 ? std::tanh(out[j]) : sig(out[j]);
  };
  for (int g = m.c.cifg ? 1 : 0; g < 3; ++g)
    pre(g, c, gate[g]);
  for (int j = 0; j < C; ++j) {
    const double i = m.c.cifg ? 1 - gate[1][j] : gate[0][j];
    double v = gate[1][j] * c[j] + i * gate[2][j];
    if (m.c.cellClip > 0)
      v = std::clamp<double>(v, -m.c.cellClip, m.c.cellClip);
    c[j] = v;
  }
  pre(3, c, gate[3]);
  std::vector<double> hid(C);
  for (int j = 0; j < C; ++j)
    hid[j] = gate[3][j] * std::tanh(c[j]);
  y.assign(O, 0);
  for (int j = 0; j < O; ++j) {
    if (!m.c.projection) {
      y[j] = hid[j];
      continue;
    }
    double a = V(17, j);
    for (int k = 0; k < C; ++k)
      a += V(16, j * C + k) * hid[k];
    if (m.c.projClip > 0)
      a = std::clamp<double>(a, -m.c.projClip, m.c.projClip);
    y[j] = a;
  }
}

std::vector<int8_t> randomInput(size_t n, uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_int_distribution<int> d(-128, 127);
  std::vector<int8_t> v(n);
  for (auto &x : v)
    x = int8_t(d(g));
  return v;
}

std::unique_ptr<Interpreter> make(const ModelDef &def) {
  static BuiltinOpResolver resolver;
  auto in = Interpreter::create(def, resolver, "lstm_int8.tflite");
  EXPECT_TRUE(in.ok()) << in.status();
  if (!in.ok())
    return nullptr;
  absl::Status s = (*in)->allocateTensors();
  EXPECT_TRUE(s.ok()) << s;
  if (!s.ok())
    return nullptr;
  return std::move(*in);
}

/// Runs `steps` single-step Invoke calls; checks each against the float64
/// step from the kernel's previous state. Returns the outputs.
std::vector<std::vector<int8_t>> checkSteps(const Cfg &cfg, int steps) {
  LstmModel m(cfg, 1, true);
  auto in = make(m.b.def);
  if (!in)
    return {};
  const int B = m.B, I = m.I, C = m.C, O = m.O;
  // Output bound: 1 step plus what the int8 hidden value adds through the
  // projection.
  std::vector<double> tol(O, 1.0);
  if (cfg.projection)
    for (int j = 0; j < O; ++j) {
      double s = 0;
      for (int k = 0; k < C; ++k)
        s += std::fabs(m.val[16][j * C + k]);
      tol[j] += 0.5 * m.hidS * s / m.osS;
    }
  std::vector<std::vector<int8_t>> outs;
  int worstY = 0, worstC = 0;
  for (int t = 0; t < steps; ++t) {
    Tensor *os = in->tensor(m.idx[18]), *cs = in->tensor(m.idx[19]);
    std::vector<int8_t> h0(os->as<int8_t>(), os->as<int8_t>() + B * O);
    std::vector<int16_t> c0(cs->as<int16_t>(), cs->as<int16_t>() + B * C);
    auto x = randomInput(B * I, 900 + t);
    std::memcpy(in->inputTensor(0)->data, x.data(), x.size());
    absl::Status s = in->invoke();
    EXPECT_TRUE(s.ok()) << s;
    if (!s.ok())
      return {};
    const int8_t *y = in->outputTensor(0)->as<int8_t>();
    outs.emplace_back(y, y + B * O);
    for (int bb = 0; bb < B; ++bb) {
      std::vector<double> xd(I), hd(O), cd(C), yd;
      for (int k = 0; k < I; ++k)
        xd[k] = m.inS * (x[bb * I + k] - m.inZp);
      for (int k = 0; k < O; ++k)
        hd[k] = m.osS * (h0[bb * O + k] - m.osZp);
      for (int k = 0; k < C; ++k)
        cd[k] = m.csS * c0[bb * C + k];
      referenceStep(m, xd, hd, cd, yd);
      for (int k = 0; k < O; ++k) {
        const double want = std::clamp(yd[k] / m.osS + m.osZp, -128.0, 127.0);
        const double err = std::fabs(y[bb * O + k] - want);
        worstY = std::max(worstY, int(std::ceil(err)));
        EXPECT_LE(err, tol[k])
            << "step " << t << " batch " << bb << " out " << k << ": got "
            << int(y[bb * O + k]) << " want " << want;
        EXPECT_EQ(os->as<int8_t>()[bb * O + k], y[bb * O + k]);
      }
      for (int k = 0; k < C; ++k) {
        const double want = std::clamp(cd[k] / m.csS, -32768.0, 32767.0);
        const double err = std::fabs(cs->as<int16_t>()[bb * C + k] - want);
        worstC = std::max(worstC, int(std::ceil(err)));
        EXPECT_LE(err, 3.0)
            << "cell state, step " << t << " batch " << bb << " cell " << k;
      }
    }
  }
  std::printf("worst output error %d steps, cell state %d steps\n", worstY,
              worstC);
  return outs;
}

/// The same model with T = 3 (time-major and batch-major) gives the
/// outputs of three single-step calls, bit for bit.
void checkSequence(const Cfg &cfg) {
  auto single = checkSteps(cfg, 3);
  ASSERT_EQ(single.size(), 3u);
  const int B = LstmModel::B, I = LstmModel::I;
  for (bool tm : {true, false}) {
    LstmModel m(cfg, 3, tm);
    auto in = make(m.b.def);
    ASSERT_TRUE(in);
    std::vector<int8_t> x(3 * B * I);
    for (int t = 0; t < 3; ++t) {
      auto xt = randomInput(B * I, 900 + t);
      for (int bb = 0; bb < B; ++bb)
        for (int k = 0; k < I; ++k)
          x[((tm ? t * B + bb : bb * 3 + t)) * I + k] = xt[bb * I + k];
    }
    std::memcpy(in->inputTensor(0)->data, x.data(), x.size());
    ASSERT_TRUE(in->invoke().ok());
    const int8_t *y = in->outputTensor(0)->as<int8_t>();
    const int O = m.O;
    for (int t = 0; t < 3; ++t)
      for (int bb = 0; bb < B; ++bb)
        for (int k = 0; k < O; ++k)
          EXPECT_EQ(y[(tm ? t * B + bb : bb * 3 + t) * O + k],
                    single[t][bb * O + k])
              << (tm ? "time" : "batch") << "-major t " << t << " b " << bb;
  }
}

TEST(LiteLstmInteger, Basic) { checkSequence({}); }
TEST(LiteLstmInteger, PeepholeClip) {
  Cfg c;
  c.peephole = true;
  c.cellClip = 0.5f;
  checkSteps(c, 8);
}
TEST(LiteLstmInteger, ProjectionClip) {
  Cfg c;
  c.projection = true;
  c.projClip = 0.4f;
  checkSequence(c);
}
TEST(LiteLstmInteger, CifgLayerNorm) {
  Cfg c;
  c.cifg = c.layerNorm = true;
  checkSequence(c);
}
TEST(LiteLstmInteger, LayerNormPeepholeProjection) {
  Cfg c;
  c.layerNorm = c.peephole = true;
  c.projection = false;
  checkSteps(c, 8);
  Cfg d;
  d.layerNorm = d.projection = true;
  checkSteps(d, 8);
}

/// The quantization of TFLite's kernel-test harness (SingleOpModel's
/// QuantizationParams<T>(min, max) and Quantize<T>, in float arithmetic as
/// there), to rebuild the models of TFLite's IntegerLstmOpTest.
template <typename T>
std::pair<float, int32_t> harnessParams(float lo, float hi) {
  const float qmin = std::numeric_limits<T>::min(),
              qmax = std::numeric_limits<T>::max();
  const float scale = (hi - lo) / (qmax - qmin);
  const float zMin = qmin - lo / scale, zMax = qmax - hi / scale;
  const float eMin = std::fabs(qmin) + std::fabs(lo / scale),
              eMax = std::fabs(qmax) + std::fabs(hi / scale);
  const float z = eMin < eMax ? zMin : zMax;
  const int64_t nz = z < qmin   ? int64_t(qmin)
                     : z > qmax ? int64_t(qmax)
                                : int64_t(std::round(z));
  return {scale, int32_t(nz)};
}
template <typename T>
std::vector<T> harnessQuantize(const std::vector<float> &v, float lo,
                               float hi) {
  auto [scale, zp] = harnessParams<T>(lo, hi);
  std::vector<T> q;
  for (float f : v)
    q.push_back(static_cast<T>(
        std::max<float>(std::numeric_limits<T>::min(),
                        std::min<float>(std::numeric_limits<T>::max(),
                                        std::round(zp + (f / scale))))));
  return q;
}

/// TFLite's IntegerLstmOpTest (lstm_test.cc) NoCifg_{No,}Peephole_
/// Projection_LayerNorm: the same weights, ranges, intermediates and
/// inputs, quantized as TFLite's harness does (weights over [-1, 1] get
/// zero point -1, which TFLite's kernel ignores, as ours), must give
/// TFLite's expected int8 outputs exactly. The output state (int16 in that
/// test, read as int8 by TFLite's kernel) is declared int8 with the same
/// scale.
void tfliteGolden(bool peephole,
                  const std::vector<std::vector<int8_t>> &expected) {
  const int B = 2, I = 5, C = 4, O = 3;
  using R = std::pair<float, float>;
  const std::vector<float> iw[4] = {
      {0.5,  0.6, 0.7,  -0.8, -0.9, 0.1,  0.2,  0.3,  -0.4, 0.5,
       -0.8, 0.7, -0.6, 0.5,  -0.4, -0.5, -0.4, -0.3, -0.2, -0.1},
      {-0.6, -0.1, 0.3,  0.2,  0.9,  -0.5, -0.2, -0.4, 0.3,  -0.8,
       -0.4, 0.3,  -0.5, -0.4, -0.6, 0.3,  -0.4, -0.6, -0.5, -0.5},
      {-0.4, -0.3, -0.2, -0.1, -0.5, 0.5, -0.2, -0.3, -0.2, -0.6,
       0.6,  -0.1, -0.4, -0.3, -0.7, 0.7, -0.9, -0.5, 0.8,  0.6},
      {-0.8, -0.4, -0.2, -0.9, -0.1, -0.7, 0.3, -0.3, -0.8, -0.2,
       0.6,  -0.2, 0.4,  -0.7, -0.3, -0.5, 0.1, 0.5,  -0.6, -0.4}};
  const std::vector<float> bias[4] = {{0.03, 0.15, 0.22, 0.38},
                                      {0.1, -0.3, -0.2, 0.1},
                                      {-0.05, 0.72, 0.25, 0.08},
                                      {0.05, -0.01, 0.2, 0.1}};
  const std::vector<float> rw[4] = {
      {-0.2, -0.3, 0.4, 0.1, -0.5, 0.9, -0.2, -0.3, -0.7, 0.05, -0.2, -0.6},
      {-0.5, -0.3, -0.5, -0.2, 0.6, 0.4, 0.9, 0.3, -0.1, 0.2, 0.5, 0.2},
      {-0.3, 0.2, 0.1, -0.3, 0.8, -0.08, -0.2, 0.3, 0.8, -0.6, -0.1, 0.2},
      {0.3, -0.1, 0.1, -0.2, -0.5, -0.7, -0.2, -0.6, -0.1, -0.4, -0.7, -0.2}};
  const std::vector<float> peep[3] = {
      {0.3, -0.1, 0.1, -0.2}, {0.2, -0.1, 0.1, -0.2}, {0.3, -0.1, 0.1, -0.3}};
  const std::vector<float> ln[4] = {{0.1, 0.2, 0.3, 0.5},
                                    {0.2, 0.2, 0.4, 0.3},
                                    {0.7, 0.2, 0.3, 0.8},
                                    {0.6, 0.2, 0.2, 0.5}};
  const std::vector<float> proj = {-0.1, 0.2,  0.01, -0.2, 0.1,  0.5,
                                   0.3,  0.08, 0.07, 0.2,  -0.4, 0.2};
  const R inR = {-1.0f, 127.0f / 128}, stateR = {-1.0f, 32767.0f / 32768};
  const R recForgetR = peephole ? R{-0.9f, 0.9f} : R{-1.0f, 1.0f};
  const R forgetBiasR = peephole ? R{-100.f, 80.f} : R{-100.f, 100.f};
  const R lnR[4] = {peephole ? R{-0.5f, 0.5f} : R{-1.00001f, 1.0f},
                    peephole ? R{-0.5f, 0.5f} : R{-1.00001f, 1.0f},
                    peephole ? R{-1.0f, 1.0f} : R{-1.00001f, 1.0f},
                    peephole ? R{-1.0f, 1.0f} : R{-1.00001f, 1.0f}};
  ModelBuilder b;
  auto quant = [&](int t, std::pair<float, int32_t> q) {
    b.def.subgraphs[0].tensors[t].quant = {{q.first}, {q.second}, 0};
  };
  std::vector<int32_t> idx(24, -1);
  idx[0] = b.tensor(TensorType::kInt8, {B, I});
  quant(idx[0], harnessParams<int8_t>(inR.first, inR.second));
  auto weights = [&](int i, std::vector<int32_t> shape,
                     const std::vector<float> &v, R r) {
    idx[i] = b.constant(TensorType::kInt8, shape,
                        harnessQuantize<int8_t>(v, r.first, r.second));
    quant(idx[i], harnessParams<int8_t>(r.first, r.second));
  };
  auto vec = [&](int i, TensorType t, const std::vector<float> &v, R r) {
    if (t == TensorType::kInt16) {
      idx[i] =
          b.constant(t, {C}, harnessQuantize<int16_t>(v, r.first, r.second));
      quant(idx[i], harnessParams<int16_t>(r.first, r.second));
    } else {
      idx[i] = b.constant(t, {int32_t(v.size())},
                          harnessQuantize<int32_t>(v, r.first, r.second));
      quant(idx[i], harnessParams<int32_t>(r.first, r.second));
    }
  };
  for (int g = 0; g < 4; ++g) {
    weights(1 + g, {C, I}, iw[g], {-1.f, 1.f});
    weights(5 + g, {C, O}, rw[g], g == 1 ? recForgetR : R{-1.f, 1.f});
    vec(12 + g, TensorType::kInt32, bias[g],
        g == 1 ? forgetBiasR : R{-100.f, 100.f});
    vec(20 + g, TensorType::kInt16, ln[g], lnR[g]);
  }
  if (peephole)
    for (int k = 0; k < 3; ++k)
      vec(9 + k, TensorType::kInt16, peep[k], {-0.3f, 0.3f});
  weights(16, {O, C}, proj, {-0.5f, 0.5f});
  idx[18] = b.tensor(TensorType::kInt8, {B, O});
  quant(idx[18], harnessParams<int16_t>(stateR.first, stateR.second));
  b.def.subgraphs[0].tensors[idx[18]].isVariable = true;
  idx[19] = b.tensor(TensorType::kInt16, {B, C});
  quant(idx[19], harnessParams<int16_t>(-1.f, 1.f));
  b.def.subgraphs[0].tensors[idx[19]].isVariable = true;
  const int out = b.tensor(TensorType::kInt8, {B, O});
  quant(out, harnessParams<int8_t>(stateR.first, stateR.second));
  std::vector<int32_t> inter;
  const float interScale[5] = {0.007059f, 0.007812f, 0.007059f, 0.007812f,
                               0.007f};
  for (float sc : interScale) {
    inter.push_back(b.tensor(TensorType::kInt16, {}));
    quant(inter.back(), {sc, 0});
  }
  OpOptions o;
  o.activation = Activation::kTanh;
  b.op(kOp_LSTM, idx, {out}, o).intermediates = inter;
  b.io({idx[0]}, {out});
  auto in = make(b.def);
  ASSERT_TRUE(in);
  const std::vector<std::vector<float>> x = {
      {0.7, 0.8, 0.1, 0.2, 0.3, 0.8, 0.1, 0.2, 0.4, 0.5},
      {0.2, 0.7, 0.7, 0.1, 0.7, 0.3, 0.2, 0.9, 0.8, 0.1},
      {0.7, 0.8, 0.1, 0.2, 0.3, 0.3, 0.2, 0.9, 0.8, 0.1}};
  for (size_t t = 0; t < x.size(); ++t) {
    auto xq = harnessQuantize<int8_t>(x[t], inR.first, inR.second);
    std::memcpy(in->inputTensor(0)->data, xq.data(), xq.size());
    ASSERT_TRUE(in->invoke().ok());
    const int8_t *y = in->outputTensor(0)->as<int8_t>();
    EXPECT_EQ(std::vector<int8_t>(y, y + B * O), expected[t]) << "step " << t;
  }
}

TEST(LiteLstmInteger, TfliteGoldenNoPeephole) {
  tfliteGolden(false, {{127, 127, -108, -67, 127, 127},
                       {-128, 127, 127, -128, 127, 127},
                       {127, 127, 127, -128, 127, 127}});
}
TEST(LiteLstmInteger, TfliteGoldenPeephole) {
  tfliteGolden(true, {{127, 127, -16, -21, 127, 127},
                      {23, 127, 127, -128, 127, 127},
                      {127, 127, 127, -128, 127, 127}});
}

#ifdef TFMLIR_CORPUS_DIR
/// lstm_quantized2.bin: the integer LSTM that TFLite's own quantizer wrote
/// (QUANTIZE -> LSTM with peephole, 5 intermediates -> DEQUANTIZE; the
/// unused optional inputs are [-1]-shaped tensors). Each step is checked
/// against a float64 step from the model's dequantized constants and the
/// kernel's previous state. As in TFLite, the hidden value o * tanh(c) is
/// quantized with intermediate 4's scale and copied to the output state
/// unchanged (this model gives them different scales), so the int8 output
/// is compared with o * tanh(c) / s_hidden + zp_hidden: within 1 step; the
/// cell state (scale 2^-15, saturating at +-1 as the int16 state does)
/// within 1e-3.
TEST(LiteLstmInteger, TfliteQuantizerModel) {
  const std::string path =
      std::string(TFMLIR_CORPUS_DIR) +
      "/tensorflow/tensorflow/compiler/mlir/lite/quantization/lite/testdata/"
      "lstm_quantized2.bin";
  auto fb = FlatBufferModel::buildFromFile(path);
  ASSERT_TRUE(fb.ok()) << fb.status();
  auto in = make((*fb)->def());
  ASSERT_TRUE(in);
  auto deq = [&](int t) {
    const Tensor *x = in->tensor(t);
    std::vector<double> v(x->numElements());
    const double s = x->quant.scale[0];
    const double z = x->quant.zeroPoint.empty() ? 0 : x->quant.zeroPoint[0];
    for (size_t k = 0; k < v.size(); ++k)
      v[k] = s * ((x->type == TensorType::kInt8    ? x->as<int8_t>()[k]
                   : x->type == TensorType::kInt16 ? x->as<int16_t>()[k]
                                                   : x->as<int32_t>()[k]) -
                  z);
    return v;
  };
  std::vector<std::vector<double>> w(16);
  for (int t = 1; t <= 15; ++t)
    w[t] = deq(t);
  const Tensor *hidT = in->tensor(29);
  const double hidS = hidT->quant.scale[0], hidZp = hidT->quant.zeroPoint[0];
  const int N = 2;
  double worstY = 0, worstC = 0;
  std::mt19937 gen(7);
  std::uniform_real_distribution<float> dist(0.f, 0.3f);
  for (int step = 0; step < 8; ++step) {
    const std::vector<double> h = deq(18), c0 = deq(19);
    float *x = in->inputTensor(0)->as<float>();
    for (int k = 0; k < N; ++k)
      x[k] = dist(gen);
    ASSERT_TRUE(in->invoke().ok());
    // What the LSTM saw: QUANTIZE's output (its arena memory is reused by
    // DEQUANTIZE's output, so requantize here as QUANTIZE does).
    const Tensor *x8 = in->tensor(0);
    std::vector<double> xq(N);
    for (int k = 0; k < N; ++k) {
      const float sc = x8->quant.scale[0];
      const int64_t zp = x8->quant.zeroPoint[0];
      const int64_t q =
          std::clamp<int64_t>(std::lround(x[k] / sc) + zp, -128, 127);
      xq[k] = double(sc) * double(q - zp);
    }
    double gate[4][N], c[N];
    for (int g = 0; g < 4; ++g)
      for (int j = 0; j < N; ++j) {
        double a = w[12 + g][j];
        for (int k = 0; k < N; ++k)
          a += w[1 + g][j * N + k] * xq[k] + w[5 + g][j * N + k] * h[k];
        gate[g][j] = a;
      }
    for (int j = 0; j < N; ++j) {
      const double i = sig(gate[0][j] + w[9][j] * c0[j]);
      const double f = sig(gate[1][j] + w[10][j] * c0[j]);
      // The int16 cell state saturates (scale 2^-15: [-1, 1 - 2^-15]),
      // which this model's state reaches after a few steps.
      c[j] = std::clamp(f * c0[j] + i * std::tanh(gate[2][j]), -1.0,
                        32767.0 / 32768);
    }
    const std::vector<double> cGot = deq(19);
    const int8_t *y = in->tensor(24)->as<int8_t>();
    for (int j = 0; j < N; ++j) {
      const double o = sig(gate[3][j] + w[11][j] * c[j]);
      const double want =
          std::clamp(o * std::tanh(c[j]) / hidS + hidZp, -128.0, 127.0);
      worstY = std::max(worstY, std::fabs(y[j] - want));
      worstC = std::max(worstC, std::fabs(cGot[j] - c[j]));
      EXPECT_LE(std::fabs(y[j] - want), 1.0) << "step " << step << " " << j;
      EXPECT_LE(std::fabs(cGot[j] - c[j]), 1e-3) << "step " << step << " " << j;
    }
  }
  std::printf("lstm_quantized2: worst output error %.3f steps, cell state "
              "%.2e\n",
              worstY, worstC);
}
#endif

TEST(LiteLstmInteger, Errors) {
  {
    LstmModel m({}, 1, true);
    m.b.def.subgraphs[0].ops[0].intermediates.resize(4);
    expectOpError(m.b.def, "UNIDIRECTIONAL_SEQUENCE_LSTM", "4 intermediates");
  }
  {
    LstmModel m({}, 1, true);
    m.quant(m.idx[19], 0.001f, 0);
    expectOpError(m.b.def, "UNIDIRECTIONAL_SEQUENCE_LSTM",
                  "cell state scale 0.001");
  }
  {
    LstmModel m({}, 1, true);
    m.b.def.subgraphs[0].tensors[m.idx[6]].quant.scale = {0.1f, 0.2f};
    m.b.def.subgraphs[0].tensors[m.idx[6]].quant.zeroPoint = {0, 0};
    expectOpError(m.b.def, "UNIDIRECTIONAL_SEQUENCE_LSTM",
                  "forget gate recurrent weights needs one per-tensor scale");
  }
  {
    LstmModel m({}, 1, true);
    m.b.def.subgraphs[0].tensors[m.idx[13]].type = TensorType::kFloat32;
    expectOpError(m.b.def, "UNIDIRECTIONAL_SEQUENCE_LSTM",
                  "forget gate bias (input 13) of the integer LSTM must be");
  }
}

} // namespace
} // namespace tfmlir::lite::testing
