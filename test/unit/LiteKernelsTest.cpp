//===- LiteKernelsTest.cpp - lite float32 kernels vs float64 references ---===//
//
// Each test builds a one- or two-op model, runs it twice (identical results
// required, see runTwice) and compares with a float64 reference written
// here from the op's definition. Tolerance: atol 1e-5 + rtol 1e-5 unless a
// test states otherwise (float32 accumulation over at most a few hundred
// terms).
//
//===----------------------------------------------------------------------===//
#include "LiteTestUtil.h"

#include "runtime/lite/kernels/KernelUtil.h"

using namespace tfmlir::lite;
using namespace tfmlir::lite::testing;

namespace {

double actD(double v, Activation a) {
  switch (a) {
  case Activation::kRelu:
    return std::max(0.0, v);
  case Activation::kRelu6:
    return std::min(6.0, std::max(0.0, v));
  case Activation::kReluN1To1:
    return std::min(1.0, std::max(-1.0, v));
  case Activation::kTanh:
    return std::tanh(v);
  default:
    return v;
  }
}

TEST(LiteElementwise, AddBroadcastRelu6) {
  ModelBuilder b;
  int x = b.f32({2, 3, 4}), y = b.f32({3, 1}), o = b.f32({2, 3, 4});
  OpOptions opt;
  opt.activation = Activation::kRelu6;
  b.op(kOp_ADD, {x, y}, {o}, opt);
  b.io({x, y}, {o});
  auto xv = randomVec(24, 1, -5, 8), yv = randomVec(3, 2, -3, 3);
  auto out = runTwice(b.def, {xv, yv});
  std::vector<double> want(24);
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        want[(i * 3 + j) * 4 + k] =
            actD(double(xv[(i * 3 + j) * 4 + k]) + yv[j], Activation::kRelu6);
  expectNear(out[0], want);
}

TEST(LiteElementwise, SubMulDivSquaredDiff) {
  for (int32_t code : {kOp_SUB, kOp_MUL, kOp_DIV, kOp_SQUARED_DIFFERENCE,
                       kOp_MAXIMUM, kOp_MINIMUM}) {
    ModelBuilder b;
    int x = b.f32({4, 5}), y = b.f32({5}), o = b.f32({4, 5});
    b.op(code, {x, y}, {o});
    b.io({x, y}, {o});
    auto xv = randomVec(20, 3), yv = randomVec(5, 4, 0.5f, 2.f);
    auto out = runTwice(b.def, {xv, yv});
    std::vector<double> want(20);
    for (int i = 0; i < 20; ++i) {
      double a = xv[i], c = yv[i % 5];
      want[i] = code == kOp_SUB       ? a - c
                : code == kOp_MUL     ? a * c
                : code == kOp_DIV     ? a / c
                : code == kOp_MAXIMUM ? std::max(a, c)
                : code == kOp_MINIMUM ? std::min(a, c)
                                      : (a - c) * (a - c);
    }
    expectNear(out[0], want);
  }
}

TEST(LiteElementwise, MaximumPropagatesNaN) {
  ModelBuilder b;
  int x = b.f32({3}), y = b.f32({3}), o = b.f32({3});
  b.op(kOp_MAXIMUM, {x, y}, {o});
  b.io({x, y}, {o});
  auto out = runTwice(b.def, {{NAN, 1.f, INFINITY}, {0.f, NAN, 2.f}});
  expectNear(out[0], {NAN, NAN, INFINITY});
}

TEST(LiteElementwise, Activations) {
  struct Case {
    int32_t code;
    double (*ref)(double);
    float alpha;
    bool approximate;
  };
  const Case cases[] = {
      {kOp_LOGISTIC, [](double v) { return 1 / (1 + std::exp(-v)); }, 0, false},
      {kOp_TANH, [](double v) { return std::tanh(v); }, 0, false},
      {kOp_RELU, [](double v) { return std::max(0.0, v); }, 0, false},
      {kOp_RELU6, [](double v) { return std::min(6.0, std::max(0.0, v)); }, 0,
       false},
      {kOp_RELU_N1_TO_1,
       [](double v) { return std::min(1.0, std::max(-1.0, v)); }, 0, false},
      {kOp_HARD_SWISH,
       [](double v) { return v * std::min(6.0, std::max(0.0, v + 3)) / 6; }, 0,
       false},
      {kOp_ELU, [](double v) { return v < 0 ? std::exp(v) - 1 : v; }, 0, false},
      {kOp_LEAKY_RELU, [](double v) { return v > 0 ? v : 0.2 * v; }, 0.2f,
       false},
      {kOp_GELU,
       [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }, 0,
       false},
      {kOp_GELU,
       [](double v) {
         return 0.5 * v *
                (1 +
                 std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v)));
       },
       0, true},
      {kOp_EXP, [](double v) { return std::exp(v); }, 0, false},
      {kOp_ABS, [](double v) { return std::fabs(v); }, 0, false},
      {kOp_NEG, [](double v) { return -v; }, 0, false},
      {kOp_SQUARE, [](double v) { return v * v; }, 0, false},
      {kOp_SIN, [](double v) { return std::sin(v); }, 0, false},
      {kOp_COS, [](double v) { return std::cos(v); }, 0, false},
      {kOp_FLOOR, [](double v) { return std::floor(v); }, 0, false},
      {kOp_CEIL, [](double v) { return std::ceil(v); }, 0, false},
  };
  auto xv = randomVec(64, 5, -7, 7);
  xv[0] = 0.f, xv[1] = -3.f, xv[2] = 3.f, xv[3] = 6.f;
  for (const Case &c : cases) {
    ModelBuilder b;
    int x = b.f32({8, 8}), o = b.f32({8, 8});
    OpOptions opt;
    opt.alpha = c.alpha;
    opt.approximate = c.approximate;
    b.op(c.code, {x}, {o}, opt);
    b.io({x}, {o});
    auto out = runTwice(b.def, {xv});
    std::vector<double> want;
    for (float v : xv)
      want.push_back(c.ref(v));
    SCOPED_TRACE(builtinOpName(c.code));
    expectNear(out[0], want, 1e-6, 2e-6);
  }
}

TEST(LiteElementwise, RoundHalfToEven) {
  ModelBuilder b;
  int x = b.f32({6}), o = b.f32({6});
  b.op(kOp_ROUND, {x}, {o});
  b.io({x}, {o});
  auto out = runTwice(b.def, {{0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 2.4f}});
  expectNear(out[0], {0, 2, 2, -0, -2, 2});
}

TEST(LiteElementwise, PreluBroadcastsAlpha) {
  ModelBuilder b;
  int x = b.f32({1, 2, 2, 3}), a = b.cf32({1, 1, 3}, {0.1f, 0.2f, 0.3f}),
      o = b.f32({1, 2, 2, 3});
  b.op(kOp_PRELU, {x, a}, {o});
  b.io({x}, {o});
  auto xv = randomVec(12, 7);
  auto out = runTwice(b.def, {xv});
  std::vector<double> want;
  for (int i = 0; i < 12; ++i)
    want.push_back(xv[i] >= 0 ? xv[i] : xv[i] * (0.1 * (i % 3 + 1)));
  expectNear(out[0], want, 1e-6, 1e-6);
}

TEST(LiteElementwise, SoftmaxAndLogSoftmax) {
  for (int32_t code : {kOp_SOFTMAX, kOp_LOG_SOFTMAX}) {
    ModelBuilder b;
    int x = b.f32({3, 7}), o = b.f32({3, 7});
    OpOptions opt;
    opt.beta = code == kOp_SOFTMAX ? 0.7f : 1.f;
    b.op(code, {x}, {o}, opt);
    b.io({x}, {o});
    auto xv = randomVec(21, 8, -10, 10);
    auto out = runTwice(b.def, {xv});
    std::vector<double> want(21);
    for (int r = 0; r < 3; ++r) {
      double mx = -1e300, sum = 0;
      for (int i = 0; i < 7; ++i)
        mx = std::max(mx, double(xv[r * 7 + i]));
      for (int i = 0; i < 7; ++i)
        sum += std::exp(opt.beta * (xv[r * 7 + i] - mx));
      for (int i = 0; i < 7; ++i)
        want[r * 7 + i] = code == kOp_SOFTMAX
                              ? std::exp(opt.beta * (xv[r * 7 + i] - mx)) / sum
                              : xv[r * 7 + i] - mx - std::log(sum);
    }
    expectNear(out[0], want, 1e-6, 1e-5);
  }
}

TEST(LiteElementwise, ComparisonsGiveBool) {
  ModelBuilder b;
  int x = b.f32({4}), y = b.f32({4}), o = b.tensor(TensorType::kBool, {4});
  b.op(kOp_GREATER, {x, y}, {o});
  b.io({x, y}, {o});
  auto out = runTwice(b.def, {{1, 2, 3, NAN}, {0, 2, 4, 0}});
  expectNear(out[0], {1, 0, 0, 0});
}

TEST(LiteElementwise, DequantizeFloat16AndInt8PerChannel) {
  ModelBuilder b;
  // 1.0, -2.5, 65504 (max half), 2^-24 (smallest subnormal) as binary16.
  std::vector<uint16_t> h = {0x3C00, 0xC100, 0x7BFF, 0x0001};
  int x = b.constant(TensorType::kFloat16, {4}, h), o = b.f32({4});
  b.op(kOp_DEQUANTIZE, {x}, {o});
  int q = b.constant(TensorType::kInt8, {2, 2},
                     std::vector<int8_t>{10, -4, 3, 127});
  b.def.subgraphs[0].tensors[q].quant.scale = {0.5f, 0.25f};
  b.def.subgraphs[0].tensors[q].quant.zeroPoint = {0, 1};
  b.def.subgraphs[0].tensors[q].quant.quantizedDimension = 0;
  int o2 = b.f32({2, 2});
  b.op(kOp_DEQUANTIZE, {q}, {o2});
  b.io({}, {o, o2});
  auto out = runTwice(b.def, {});
  expectNear(out[0], {1.0, -2.5, 65504.0, std::ldexp(1.0, -24)}, 0, 0);
  expectNear(out[1], {5.0, -2.0, 0.5, 31.5}, 0, 0);
}

//===----------------------------------------------------------------------===//
// Convolutions and matmuls
//===----------------------------------------------------------------------===//

/// float64 NHWC conv / depthwise reference with TF padding.
std::vector<double> convRef(const std::vector<float> &x, std::vector<int> xs,
                            const std::vector<float> &f, std::vector<int> fs,
                            const std::vector<float> &bias, int sh, int sw,
                            int dh, int dw, bool same, bool depthwise,
                            Activation act, std::vector<int> &os) {
  int N = xs[0], H = xs[1], W = xs[2], C = xs[3];
  int KH = fs[1], KW = fs[2];
  int CO = depthwise ? fs[3] : fs[0];
  int ekh = (KH - 1) * dh + 1, ekw = (KW - 1) * dw + 1;
  int OH = same ? (H + sh - 1) / sh : (H - ekh) / sh + 1;
  int OW = same ? (W + sw - 1) / sw : (W - ekw) / sw + 1;
  int ph = std::max(0, ((OH - 1) * sh + ekh - H) / 2);
  int pw = std::max(0, ((OW - 1) * sw + ekw - W) / 2);
  os = {N, OH, OW, CO};
  std::vector<double> y(size_t(N) * OH * OW * CO);
  for (int n = 0; n < N; ++n)
    for (int oy = 0; oy < OH; ++oy)
      for (int ox = 0; ox < OW; ++ox)
        for (int co = 0; co < CO; ++co) {
          double s = bias.empty() ? 0 : bias[co];
          for (int ky = 0; ky < KH; ++ky)
            for (int kx = 0; kx < KW; ++kx) {
              int iy = oy * sh - ph + ky * dh, ix = ox * sw - pw + kx * dw;
              if (iy < 0 || iy >= H || ix < 0 || ix >= W)
                continue;
              if (depthwise) {
                int ci = co / (CO / C);
                s += double(x[((n * H + iy) * W + ix) * C + ci]) *
                     f[(ky * KW + kx) * CO + co];
              } else {
                for (int ci = 0; ci < C; ++ci)
                  s += double(x[((n * H + iy) * W + ix) * C + ci]) *
                       f[((co * KH + ky) * KW + kx) * C + ci];
              }
            }
          y[((n * OH + oy) * OW + ox) * CO + co] = actD(s, act);
        }
  return y;
}

TEST(LiteConv, Conv2DSameStrideDilationThreads) {
  struct P {
    bool same;
    int sh, sw, dh, dw;
    Activation act;
    int threads;
  };
  for (P p : {P{true, 2, 2, 1, 1, Activation::kRelu, 1},
              P{false, 1, 2, 2, 1, Activation::kNone, 3},
              P{true, 1, 1, 2, 2, Activation::kRelu6, 2}}) {
    std::vector<int> xs = {2, 9, 8, 3}, fs = {4, 3, 3, 3}, os;
    auto xv = randomVec(2 * 9 * 8 * 3, 11), fv = randomVec(4 * 27, 12),
         bv = randomVec(4, 13);
    auto want = convRef(xv, xs, fv, fs, bv, p.sh, p.sw, p.dh, p.dw, p.same,
                        false, p.act, os);
    ModelBuilder b;
    int x = b.f32({2, 9, 8, 3}), f = b.cf32({4, 3, 3, 3}, fv),
        bias = b.cf32({4}, bv), o = b.f32({1});
    OpOptions opt;
    opt.padding = p.same ? Padding::kSame : Padding::kValid;
    opt.strideH = p.sh, opt.strideW = p.sw, opt.dilationH = p.dh,
    opt.dilationW = p.dw, opt.activation = p.act;
    b.op(kOp_CONV_2D, {x, f, bias}, {o}, opt);
    b.io({x}, {o});
    Interpreter *keep = nullptr;
    auto out = runTwice(b.def, {xv}, p.threads, &keep);
    std::unique_ptr<Interpreter> owner(keep);
    ASSERT_TRUE(owner);
    EXPECT_EQ(owner->outputTensor(0)->shape,
              std::vector<int32_t>(os.begin(), os.end()));
    expectNear(out[0], want, 1e-5, 1e-5);
  }
}

TEST(LiteConv, DepthwiseMultiplier1And2) {
  for (int M : {1, 2}) {
    int CO = 3 * M;
    std::vector<int> xs = {1, 7, 6, 3}, fs = {1, 3, 3, CO}, os;
    auto xv = randomVec(7 * 6 * 3, 21), fv = randomVec(9 * CO, 22),
         bv = randomVec(CO, 23);
    auto want = convRef(xv, xs, fv, fs, bv, 2, 1, 1, 1, true, true,
                        Activation::kNone, os);
    ModelBuilder b;
    int x = b.f32({1, 7, 6, 3}), f = b.cf32({1, 3, 3, CO}, fv),
        bias = b.cf32({CO}, bv), o = b.f32({1});
    OpOptions opt;
    opt.strideH = 2, opt.depthMultiplier = M;
    b.op(kOp_DEPTHWISE_CONV_2D, {x, f, bias}, {o}, opt);
    b.io({x}, {o});
    auto out = runTwice(b.def, {xv});
    SCOPED_TRACE(M);
    expectNear(out[0], want);
  }
}

TEST(LiteShape, PadV2ConstantValue) {
  ModelBuilder b;
  int x = b.f32({2, 2}), pads = b.ci32({2, 2}, {0, 1, 1, 1}),
      v = b.cf32({}, {-7.f}), o = b.f32({1});
  b.op(kOp_PADV2, {x, pads, v}, {o});
  b.io({x}, {o});
  auto out = runTwice(b.def, {{1, 2, 3, 4}});
  expectNear(out[0], {-7, 1, 2, -7, -7, 3, 4, -7, -7, -7, -7, -7}, 0, 0);
}

TEST(LiteConv, FullyConnectedKeepNumDims) {
  auto xv = randomVec(2 * 3 * 5, 31), wv = randomVec(4 * 5, 32),
       bv = randomVec(4, 33);
  ModelBuilder b;
  int x = b.f32({2, 3, 5}), w = b.cf32({4, 5}, wv), bias = b.cf32({4}, bv),
      o = b.f32({1});
  OpOptions opt;
  opt.keepNumDims = true;
  opt.activation = Activation::kTanh;
  b.op(kOp_FULLY_CONNECTED, {x, w, bias}, {o}, opt);
  b.io({x}, {o});
  auto out = runTwice(b.def, {xv}, 2);
  std::vector<double> want;
  for (int r = 0; r < 6; ++r)
    for (int n = 0; n < 4; ++n) {
      double s = bv[n];
      for (int k = 0; k < 5; ++k)
        s += double(xv[r * 5 + k]) * wv[n * 5 + k];
      want.push_back(std::tanh(s));
    }
  expectNear(out[0], want);
}

/// float64 transpose conv: scatter each input pixel through the filter.
std::vector<double> tconvRef(const std::vector<float> &x, int N, int H, int W,
                             int C, const std::vector<float> &f, int CO, int KH,
                             int KW, const std::vector<float> &bias, int OH,
                             int OW, int s, bool same) {
  int ph = 0, pw = 0;
  if (same) {
    ph = std::max(0, ((H - 1) * s + KH - OH) / 2);
    pw = std::max(0, ((W - 1) * s + KW - OW) / 2);
  }
  std::vector<double> y(size_t(N) * OH * OW * CO, 0.0);
  for (int n = 0; n < N; ++n)
    for (int iy = 0; iy < H; ++iy)
      for (int ix = 0; ix < W; ++ix)
        for (int ky = 0; ky < KH; ++ky)
          for (int kx = 0; kx < KW; ++kx) {
            int oy = iy * s - ph + ky, ox = ix * s - pw + kx;
            if (oy < 0 || oy >= OH || ox < 0 || ox >= OW)
              continue;
            for (int co = 0; co < CO; ++co)
              for (int c = 0; c < C; ++c)
                y[((n * OH + oy) * OW + ox) * CO + co] +=
                    double(x[((n * H + iy) * W + ix) * C + c]) *
                    f[((co * KH + ky) * KW + kx) * C + c];
          }
  for (size_t i = 0; i < y.size(); ++i)
    y[i] += bias.empty() ? 0 : bias[i % CO];
  return y;
}

TEST(LiteConv, TransposeConvAndMediaPipeCustomOp) {
  auto xv = randomVec(1 * 4 * 5 * 3, 41), fv = randomVec(2 * 3 * 3 * 3, 42),
       bv = randomVec(2, 43);
  // TRANSPOSE_CONV, SAME, stride 2: output 8x10.
  {
    ModelBuilder b;
    int os = b.ci32({4}, {1, 8, 10, 2}), f = b.cf32({2, 3, 3, 3}, fv),
        x = b.f32({1, 4, 5, 3}), bias = b.cf32({2}, bv), o = b.f32({1});
    OpOptions opt;
    opt.strideH = opt.strideW = 2;
    b.op(kOp_TRANSPOSE_CONV, {os, f, x, bias}, {o}, opt);
    b.io({x}, {o});
    auto out = runTwice(b.def, {xv});
    // SAME padding for the (output -> input) conv: computed on 8 -> 4.
    expectNear(out[0],
               tconvRef(xv, 1, 4, 5, 3, fv, 2, 3, 3, bv, 8, 10, 2, true));
  }
  // Convolution2DTransposeBias (custom): padding VALID=2, stride 2 -> 9x11.
  {
    ModelBuilder b;
    int x = b.f32({1, 4, 5, 3}), f = b.cf32({2, 3, 3, 3}, fv),
        bias = b.cf32({2}, bv), o = b.f32({1});
    OperatorDef &op = b.op(kOp_CUSTOM, {x, f, bias}, {o});
    op.customName = "Convolution2DTransposeBias";
    int32_t params[3] = {2, 2, 2};
    op.customOptions.resize(12);
    std::memcpy(op.customOptions.data(), params, 12);
    b.io({x}, {o});
    auto out = runTwice(b.def, {xv});
    expectNear(out[0],
               tconvRef(xv, 1, 4, 5, 3, fv, 2, 3, 3, bv, 9, 11, 2, false));
  }
}

TEST(LiteConv, Pooling) {
  auto xv = randomVec(1 * 5 * 5 * 2, 51);
  for (int32_t code : {kOp_AVERAGE_POOL_2D, kOp_MAX_POOL_2D}) {
    ModelBuilder b;
    int x = b.f32({1, 5, 5, 2}), o = b.f32({1});
    OpOptions opt;
    opt.filterH = opt.filterW = 3;
    opt.strideH = opt.strideW = 2;
    opt.padding = Padding::kSame;
    b.op(code, {x}, {o}, opt);
    b.io({x}, {o});
    auto out = runTwice(b.def, {xv});
    std::vector<double> want;
    for (int oy = 0; oy < 3; ++oy)
      for (int ox = 0; ox < 3; ++ox)
        for (int c = 0; c < 2; ++c) {
          double s = 0, m = -1e300;
          int n = 0;
          for (int y = oy * 2 - 1; y < oy * 2 + 2; ++y)
            for (int x2 = ox * 2 - 1; x2 < ox * 2 + 2; ++x2)
              if (y >= 0 && y < 5 && x2 >= 0 && x2 < 5) {
                double v = xv[(y * 5 + x2) * 2 + c];
                s += v, m = std::max(m, v), ++n;
              }
          want.push_back(code == kOp_MAX_POOL_2D ? m : s / n);
        }
    expectNear(out[0], want);
  }
}

TEST(LiteConv, BatchMatMulAdjointBroadcast) {
  auto av = randomVec(2 * 3 * 4, 61), bv = randomVec(5 * 4, 62);
  ModelBuilder b;
  int a = b.f32({2, 3, 4}), c = b.f32({1, 5, 4}), o = b.f32({1});
  OpOptions opt;
  opt.adjY = true;
  b.op(kOp_BATCH_MATMUL, {a, c}, {o}, opt);
  b.io({a, c}, {o});
  auto out = runTwice(b.def, {av, bv});
  std::vector<double> want;
  for (int bt = 0; bt < 2; ++bt)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 5; ++j) {
        double s = 0;
        for (int k = 0; k < 4; ++k)
          s += double(av[(bt * 3 + i) * 4 + k]) * bv[j * 4 + k];
        want.push_back(s);
      }
  expectNear(out[0], want);
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

TEST(LiteShape, ReshapeTransposeConcatPad) {
  ModelBuilder b;
  int x = b.f32({2, 6}), shape = b.ci32({3}, {3, -1, 2}), r = b.f32({1});
  b.op(kOp_RESHAPE, {x, shape}, {r});
  int perm = b.ci32({3}, {2, 0, 1}), t = b.f32({1});
  b.op(kOp_TRANSPOSE, {r, perm}, {t}); // [2,3,2]
  int y = b.f32({2, 3, 1}), c = b.f32({1});
  OpOptions copt;
  copt.axis = -1;
  b.op(kOp_CONCATENATION, {t, y}, {c}, copt); // [2,3,3]
  int pads = b.ci32({3, 2}, {0, 0, 1, 0, 0, 2}), p = b.f32({1});
  b.op(kOp_PAD, {c, pads}, {p}); // [2,4,5]
  b.io({x, y}, {p});
  std::vector<float> xv(12), yv(6);
  for (int i = 0; i < 12; ++i)
    xv[i] = float(i);
  for (int i = 0; i < 6; ++i)
    yv[i] = 100.f + i;
  auto out = runTwice(b.def, {xv, yv});
  std::vector<double> want(2 * 4 * 5, 0.0);
  // r[a][b2][c2] = a*4 + b2*2 + c2 ; t[i][j][k] = r[j][k][i]
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) {
      for (int k = 0; k < 2; ++k)
        want[(i * 4 + j + 1) * 5 + k] = j * 4 + k * 2 + i;
      want[(i * 4 + j + 1) * 5 + 2] = 100 + i * 3 + j;
    }
  expectNear(out[0], want, 0, 0);
}

TEST(LiteShape, StridedSliceMasks) {
  // x[1:, ::-2, newaxis, 1] on a [3,5,4] input.
  ModelBuilder b;
  int x = b.f32({3, 5, 4});
  int begin = b.ci32({4}, {1, 0, 0, 1}), end = b.ci32({4}, {0, 0, 0, 2}),
      strides = b.ci32({4}, {1, -2, 1, 1}), o = b.f32({1});
  OpOptions opt;
  opt.endMask = 0b0011;
  opt.beginMask = 0b0010;
  opt.newAxisMask = 0b0100;
  opt.shrinkAxisMask = 0b1000;
  b.op(kOp_STRIDED_SLICE, {x, begin, end, strides}, {o}, opt);
  b.io({x}, {o});
  std::vector<float> xv(60);
  for (int i = 0; i < 60; ++i)
    xv[i] = float(i);
  Interpreter *keep = nullptr;
  auto out = runTwice(b.def, {xv}, 1, &keep);
  std::unique_ptr<Interpreter> owner(keep);
  ASSERT_TRUE(owner);
  EXPECT_EQ(owner->outputTensor(0)->shape, (std::vector<int32_t>{2, 3, 1}));
  std::vector<double> want;
  for (int i = 1; i < 3; ++i)
    for (int j = 4; j >= 0; j -= 2)
      want.push_back((i * 5 + j) * 4 + 1);
  expectNear(out[0], want, 0, 0);
}

TEST(LiteShape, GatherAndDepthToSpaceRoundTrip) {
  ModelBuilder b;
  int x = b.f32({1, 2, 2, 8});
  OpOptions o2;
  o2.blockSize = 2;
  int d = b.f32({1});
  b.op(kOp_DEPTH_TO_SPACE, {x}, {d}, o2); // [1,4,4,2]
  int s = b.f32({1});
  b.op(kOp_SPACE_TO_DEPTH, {d}, {s}, o2); // back to [1,2,2,8]
  int idx = b.ci32({2}, {3, 0}), g = b.f32({1});
  OpOptions go;
  go.axis = 3;
  b.op(kOp_GATHER, {s, idx}, {g}, go); // [1,2,2,2]
  b.io({x}, {d, g});
  auto xv = randomVec(32, 71);
  auto out = runTwice(b.def, {xv});
  std::vector<double> wantD(32), wantG;
  for (int y = 0; y < 4; ++y)
    for (int x2 = 0; x2 < 4; ++x2)
      for (int c = 0; c < 2; ++c)
        wantD[(y * 4 + x2) * 2 + c] =
            xv[((y / 2) * 2 + x2 / 2) * 8 + ((y % 2) * 2 + x2 % 2) * 2 + c];
  for (int p = 0; p < 4; ++p)
    wantG.push_back(xv[p * 8 + 3]), wantG.push_back(xv[p * 8 + 0]);
  expectNear(out[0], wantD, 0, 0);
  expectNear(out[1], wantG, 0, 0);
}

TEST(LiteShape, GatherIndexOutOfRangeIsAnError) {
  ModelBuilder b;
  int x = b.f32({3}), idx = b.ci32({1}, {7}), o = b.f32({1});
  b.op(kOp_GATHER, {x, idx}, {o});
  b.io({x}, {o});
  BuiltinOpResolver r;
  auto in = Interpreter::create(b.def, r, "m.tflite");
  ASSERT_TRUE(in.ok());
  ASSERT_TRUE((*in)->allocateTensors().ok());
  absl::Status s = (*in)->invoke();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("m.tflite: subgraph 0 op 0 (GATHER)"),
            std::string::npos)
      << s;
}

TEST(LiteShape, DensifyMatchesDense) {
  // 4x4 matrix with 2x2 blocks, block-CSR over block rows (TFLite layout):
  // dims: [row-blocks dense 2, col-blocks sparse CSR, block row 2, block col 2]
  std::vector<float> dense = {1, 2, 0, 0, 3, 4, 0, 0, 0, 0, 5, 6, 0, 0, 7, 8};
  std::vector<float> values = {1, 2, 3, 4, 5, 6, 7, 8};
  ModelBuilder b;
  int w = b.cf32({4, 4}, values), o = b.f32({4, 4});
  SparsityParams sp;
  sp.traversalOrder = {0, 1, 2, 3};
  sp.blockMap = {0, 1};
  SparsityParams::Dim d0, d1, d2, d3;
  d0.dense = true, d0.denseSize = 2;
  d1.dense = false, d1.segments = {0, 1, 2}, d1.indices = {0, 1};
  d2.dense = true, d2.denseSize = 2;
  d3.dense = true, d3.denseSize = 2;
  sp.dims = {d0, d1, d2, d3};
  b.def.subgraphs[0].tensors[w].sparsity = sp;
  b.def.subgraphs[0].tensors[w].dataSize = values.size() * 4;
  b.op(kOp_DENSIFY, {w}, {o});
  b.io({}, {o});
  auto out = runTwice(b.def, {});
  expectNear(out[0], std::vector<double>(dense.begin(), dense.end()), 0, 0);
}

//===----------------------------------------------------------------------===//
// Reductions and resize
//===----------------------------------------------------------------------===//

TEST(LiteReduce, MeanSumMaxKeepDims) {
  auto xv = randomVec(2 * 3 * 4, 81);
  for (int32_t code : {kOp_MEAN, kOp_SUM, kOp_REDUCE_MAX}) {
    ModelBuilder b;
    int x = b.f32({2, 3, 4}), ax = b.ci32({2}, {0, -1}), o = b.f32({1});
    OpOptions opt;
    opt.keepDims = true;
    b.op(code, {x, ax}, {o}, opt);
    b.io({x}, {o});
    Interpreter *keep = nullptr;
    auto out = runTwice(b.def, {xv}, 1, &keep);
    std::unique_ptr<Interpreter> owner(keep);
    ASSERT_TRUE(owner);
    EXPECT_EQ(owner->outputTensor(0)->shape, (std::vector<int32_t>{1, 3, 1}));
    std::vector<double> want;
    for (int j = 0; j < 3; ++j) {
      double s = 0, m = -1e300;
      for (int i = 0; i < 2; ++i)
        for (int k = 0; k < 4; ++k)
          s += xv[(i * 3 + j) * 4 + k],
              m = std::max(m, double(xv[(i * 3 + j) * 4 + k]));
      want.push_back(code == kOp_MEAN ? s / 8 : code == kOp_SUM ? s : m);
    }
    expectNear(out[0], want);
  }
}

TEST(LiteImage, ResizeBilinearAllModes) {
  auto xv = randomVec(1 * 3 * 4 * 2, 91);
  struct M {
    bool ac, hp;
  };
  for (M m : {M{false, false}, M{true, false}, M{false, true}}) {
    ModelBuilder b;
    int x = b.f32({1, 3, 4, 2}), sz = b.ci32({2}, {5, 7}), o = b.f32({1});
    OpOptions opt;
    opt.alignCorners = m.ac, opt.halfPixelCenters = m.hp;
    b.op(kOp_RESIZE_BILINEAR, {x, sz}, {o}, opt);
    b.io({x}, {o});
    auto out = runTwice(b.def, {xv});
    std::vector<double> want;
    auto src = [&](int v, int in, int outN) {
      double scale = m.ac ? double(in - 1) / (outN - 1) : double(in) / outN;
      return m.hp ? (v + 0.5) * scale - 0.5 : v * scale;
    };
    for (int y = 0; y < 5; ++y)
      for (int x2 = 0; x2 < 7; ++x2)
        for (int c = 0; c < 2; ++c) {
          double fy = src(y, 3, 5), fx = src(x2, 4, 7);
          int y0 = std::max(0, int(std::floor(fy))),
              y1 = std::min(2, int(std::ceil(fy)));
          int x0 = std::max(0, int(std::floor(fx))),
              x1 = std::min(3, int(std::ceil(fx)));
          double dy = fy - y0, dx = fx - x0;
          auto at = [&](int yy, int xx) {
            return double(xv[(yy * 4 + xx) * 2 + c]);
          };
          want.push_back(at(y0, x0) * (1 - dy) * (1 - dx) +
                         at(y1, x0) * dy * (1 - dx) +
                         at(y0, x1) * (1 - dy) * dx + at(y1, x1) * dy * dx);
        }
    expectNear(out[0], want);
  }
}

TEST(LiteImage, ResizeNearestHalfPixel) {
  ModelBuilder b;
  int x = b.f32({1, 1, 3, 1}), sz = b.ci32({2}, {1, 5}), o = b.f32({1});
  OpOptions opt;
  opt.halfPixelCenters = true;
  b.op(kOp_RESIZE_NEAREST_NEIGHBOR, {x, sz}, {o}, opt);
  b.io({x}, {o});
  auto out = runTwice(b.def, {{10, 20, 30}});
  // src = floor((i + 0.5) * 3/5): 0, 0, 1, 2, 2
  expectNear(out[0], {10, 10, 20, 30, 30}, 0, 0);
}

//===----------------------------------------------------------------------===//
// Interpreter: arena reuse, errors, resize
//===----------------------------------------------------------------------===//

TEST(LiteInterpreter, ArenaReusesDeadTensors) {
  // x -> relu -> a -> relu -> c -> relu -> d: a is dead once c exists, so
  // d can reuse a's memory. 4 tensors of 4 KiB but at most 3 alive.
  ModelBuilder b;
  int x = b.f32({1024}), a = b.f32({1024}), c = b.f32({1024}),
      d = b.f32({1024});
  b.op(kOp_RELU, {x}, {a});
  b.op(kOp_RELU, {a}, {c});
  b.op(kOp_RELU, {c}, {d});
  b.io({x}, {d});
  BuiltinOpResolver r;
  auto in = Interpreter::create(b.def, r);
  ASSERT_TRUE(in.ok());
  ASSERT_TRUE((*in)->allocateTensors().ok());
  EXPECT_LE((*in)->arenaBytes(), 3u * 4096);
  EXPECT_GE((*in)->arenaBytes(), 3u * 4096);
  auto xv = randomVec(1024, 3);
  std::memcpy((*in)->inputTensor(0)->data, xv.data(), 4096);
  ASSERT_TRUE((*in)->invoke().ok());
  ASSERT_TRUE((*in)->invoke().ok()); // input kept alive: same result
  for (int i = 0; i < 1024; ++i)
    ASSERT_EQ((*in)->outputTensor(0)->as<float>()[i], std::max(0.f, xv[i]));
}

TEST(LiteInterpreter, ResizeInputTensorPropagates) {
  ModelBuilder b;
  int x = b.f32({1, 4}), y = b.f32({1, 4});
  b.op(kOp_TANH, {x}, {y});
  b.io({x}, {y});
  BuiltinOpResolver r;
  auto in = Interpreter::create(b.def, r);
  ASSERT_TRUE(in.ok());
  ASSERT_TRUE((*in)->resizeInputTensor(0, {3, 5}).ok());
  EXPECT_EQ((*in)->invoke().code(), absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE((*in)->allocateTensors().ok());
  EXPECT_EQ((*in)->outputTensor(0)->shape, (std::vector<int32_t>{3, 5}));
  EXPECT_EQ((*in)->resizeInputTensor(0, {-1}).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ((*in)->resizeInputTensor(4, {1}).code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(LiteInterpreter, MissingKernelsListedTogether) {
  ModelBuilder b;
  int x = b.f32({1}), y = b.f32({1}), z = b.f32({1});
  OperatorDef &op = b.op(kOp_CUSTOM, {x}, {y});
  op.customName = "NoSuchOp";
  b.op(kOp_BIDIRECTIONAL_SEQUENCE_LSTM, {y}, {z});
  b.io({x}, {z});
  BuiltinOpResolver r;
  auto in = Interpreter::create(b.def, r, "m.tflite");
  ASSERT_FALSE(in.ok());
  EXPECT_EQ(in.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(in.status().message().find("CUSTOM 'NoSuchOp' v1"),
            std::string::npos);
  EXPECT_NE(in.status().message().find("BIDIRECTIONAL_SEQUENCE_LSTM v1"),
            std::string::npos);
}

TEST(LiteInterpreter, ShapeMismatchNamesOp) {
  ModelBuilder b;
  int x = b.f32({2, 3}), y = b.f32({4}), o = b.f32({1});
  b.op(kOp_ADD, {x, y}, {o});
  b.io({x, y}, {o});
  BuiltinOpResolver r;
  auto in = Interpreter::create(b.def, r, "m.tflite");
  ASSERT_TRUE(in.ok());
  absl::Status s = (*in)->allocateTensors();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("op 0 (ADD)"), std::string::npos) << s;
}

TEST(LiteInterpreter, WhileLoopCountsToLimit) {
  // while (i < 10) i = i + 3   over int32 scalars.
  ModelBuilder b;
  b.def.subgraphs.resize(3);
  int i0 = b.tensor(TensorType::kInt32, {}),
      i1 = b.tensor(TensorType::kInt32, {});
  OpOptions w;
  w.condSubgraph = 1, w.bodySubgraph = 2;
  b.op(kOp_WHILE, {i0}, {i1}, w);
  b.io({i0}, {i1});
  int ci = b.tensor(TensorType::kInt32, {}, 1),
      lim = b.constant(TensorType::kInt32, {}, std::vector<int32_t>{10}, 1),
      co = b.tensor(TensorType::kBool, {}, 1);
  b.op(kOp_LESS, {ci, lim}, {co}, {}, 1);
  b.io({ci}, {co}, 1);
  int bi = b.tensor(TensorType::kInt32, {}, 2),
      three = b.constant(TensorType::kInt32, {}, std::vector<int32_t>{3}, 2),
      bo = b.tensor(TensorType::kInt32, {}, 2);
  b.op(kOp_ADD, {bi, three}, {bo}, {}, 2);
  b.io({bi}, {bo}, 2);
  BuiltinOpResolver r;
  auto in = Interpreter::create(b.def, r);
  ASSERT_TRUE(in.ok()) << in.status();
  ASSERT_TRUE((*in)->allocateTensors().ok());
  for (int run = 0; run < 2; ++run) {
    (*in)->inputTensor(0)->as<int32_t>()[0] = 1;
    ASSERT_TRUE((*in)->invoke().ok());
    EXPECT_EQ((*in)->outputTensor(0)->as<int32_t>()[0], 10);
  }
}

} // namespace

namespace {

TEST(LiteIndexOps, ScatterNdAddsDuplicates) {
  ModelBuilder b;
  int idx = b.ci32({3, 1}, {1, 3, 1}), upd = b.f32({3, 2}),
      shape = b.ci32({2}, {4, 2}), o = b.f32({1});
  b.op(kOp_SCATTER_ND, {idx, upd, shape}, {o});
  b.io({upd}, {o});
  auto out = runTwice(b.def, {{1, 2, 3, 4, 5, 6}});
  expectNear(out[0], {0, 0, 6, 8, 0, 0, 3, 4}, 0, 0);
}

TEST(LiteIndexOps, TopKStableDescending) {
  ModelBuilder b;
  int x = b.f32({2, 4}), k = b.ci32({}, {2}), v = b.f32({1}),
      i = b.tensor(TensorType::kInt32, {1});
  b.op(kOp_TOPK_V2, {x, k}, {v, i});
  b.io({x}, {v, i});
  auto out = runTwice(b.def, {{1, 5, 5, 2, -1, -3, 0, -2}});
  expectNear(out[0], {5, 5, 0, -1}, 0, 0);
  expectNear(out[1], {1, 2, 2, 0}, 0, 0);
}

TEST(LiteIndexOps, SegmentsCumsumOneHotWhere) {
  {
    ModelBuilder b;
    int d = b.f32({4, 2}), ids = b.ci32({4}, {0, 0, 2, 2}), o = b.f32({1});
    b.op(kOp_SEGMENT_SUM, {d, ids}, {o});
    b.io({d}, {o});
    auto out = runTwice(b.def, {{1, 2, 3, 4, 5, 6, 7, 8}});
    expectNear(out[0], {4, 6, 0, 0, 12, 14}, 0, 0);
  }
  {
    ModelBuilder b;
    int x = b.f32({2, 3}), ax = b.ci32({}, {1}), o = b.f32({1});
    OpOptions opt;
    opt.exclusive = true, opt.reverse = true;
    b.op(kOp_CUMSUM, {x, ax}, {o}, opt);
    b.io({x}, {o});
    auto out = runTwice(b.def, {{1, 2, 3, 4, 5, 6}});
    expectNear(out[0], {5, 3, 0, 11, 6, 0}, 0, 0);
  }
  {
    ModelBuilder b;
    int idx = b.ci32({3}, {2, 0, 5}), depth = b.ci32({}, {3}),
        on = b.cf32({}, {1.f}), off = b.cf32({}, {-1.f}), o = b.f32({1});
    OpOptions opt;
    opt.axis = -1;
    b.op(kOp_ONE_HOT, {idx, depth, on, off}, {o}, opt);
    b.io({}, {o});
    auto out = runTwice(b.def, {});
    expectNear(out[0], {-1, -1, 1, 1, -1, -1, -1, -1, -1}, 0, 0);
  }
  {
    ModelBuilder b;
    int x = b.f32({2, 2}), o = b.tensor(TensorType::kInt32, {1});
    b.op(kOp_WHERE, {x}, {o});
    b.io({x}, {o});
    auto out = runTwice(b.def, {{0, 3, -1, 0}});
    expectNear(out[0], {0, 1, 1, 0}, 0, 0);
  }
}

} // namespace

namespace {

TEST(LiteShape, SpaceToBatchAndBack) {
  // [1,4,4,1] with block [2,2], no padding: batch b = (by*2+bx) takes
  // pixels (2i+by, 2j+bx).
  ModelBuilder b;
  int x = b.f32({1, 4, 4, 1}), bs = b.ci32({2}, {2, 2}),
      pad = b.ci32({2, 2}, {0, 0, 0, 0}), s = b.f32({1}), back = b.f32({1});
  b.op(kOp_SPACE_TO_BATCH_ND, {x, bs, pad}, {s});
  b.op(kOp_BATCH_TO_SPACE_ND, {s, bs, pad}, {back});
  b.io({x}, {s, back});
  std::vector<float> xv(16);
  for (int i = 0; i < 16; ++i)
    xv[i] = float(i);
  auto out = runTwice(b.def, {xv});
  std::vector<double> want;
  for (int by = 0; by < 2; ++by)
    for (int bx = 0; bx < 2; ++bx)
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          want.push_back((2 * i + by) * 4 + 2 * j + bx);
  expectNear(out[0], want, 0, 0);
  expectNear(out[1], std::vector<double>(xv.begin(), xv.end()), 0, 0);
}

TEST(LiteShape, SpaceToBatchPadsQuantizedWithTheZeroPoint) {
  // [1,2,2,1] padded by 1 on every spatial side to [1,4,4,1], block [2,2]:
  // each of the 4 batches is 2x2 and holds the one input pixel at the
  // opposite corner of its padding. TFLite pads uint8 / int8 with the
  // output's zero point (the real value 0), not with the byte 0.
  for (auto [type, zp] : {std::pair{TensorType::kInt8, int64_t(-128)},
                          std::pair{TensorType::kUInt8, int64_t(128)}}) {
    ModelBuilder b;
    int x = b.tensor(type, {1, 2, 2, 1}), bs = b.ci32({2}, {2, 2}),
        pad = b.ci32({2, 2}, {1, 1, 1, 1}), s = b.tensor(type, {1});
    for (int t : {x, s})
      b.def.subgraphs[0].tensors[t].quant = {{0.5f}, {zp}, 0};
    b.op(kOp_SPACE_TO_BATCH_ND, {x, bs, pad}, {s});
    b.io({x}, {s});
    BuiltinOpResolver r;
    auto in = Interpreter::create(b.def, r);
    ASSERT_TRUE(in.ok()) << in.status();
    ASSERT_TRUE((*in)->allocateTensors().ok());
    const uint8_t xv[4] = {1, 2, 3, 4};
    std::memcpy((*in)->inputTensor(0)->data, xv, 4);
    ASSERT_TRUE((*in)->invoke().ok());
    const Tensor *out = (*in)->outputTensor(0);
    ASSERT_EQ(out->shape, (std::vector<int32_t>{4, 2, 2, 1}));
    // Batch (by, bx) reads padded pixel (2i + by, 2j + bx), i.e. input
    // pixel (2i + by - 1, 2j + bx - 1) when inside.
    std::vector<uint8_t> want;
    for (int by = 0; by < 2; ++by)
      for (int bx = 0; bx < 2; ++bx)
        for (int i = 0; i < 2; ++i)
          for (int j = 0; j < 2; ++j) {
            const int y = 2 * i + by - 1, xx = 2 * j + bx - 1;
            const bool inside = y >= 0 && y < 2 && xx >= 0 && xx < 2;
            want.push_back(inside ? xv[y * 2 + xx] : static_cast<uint8_t>(zp));
          }
    EXPECT_EQ(std::vector<uint8_t>(out->data, out->data + 16), want)
        << typeName(type);
  }
}

TEST(LiteShape, MirrorPadTileSliceSplitPack) {
  ModelBuilder b;
  int x = b.f32({2, 3});
  int pads = b.ci32({2, 2}, {1, 0, 0, 2}), mp = b.f32({1});
  OpOptions reflect;
  reflect.mirrorMode = 0;
  b.op(kOp_MIRROR_PAD, {x, pads}, {mp}, reflect); // [3,5]
  int mult = b.ci32({2}, {1, 2}), tile = b.f32({1});
  b.op(kOp_TILE, {x, mult}, {tile}); // [2,6]
  int begin = b.ci32({2}, {1, 1}), size = b.ci32({2}, {1, -1}), sl = b.f32({1});
  b.op(kOp_SLICE, {x, begin, size}, {sl}); // [1,2]
  int axis = b.ci32({}, {1}), s0 = b.f32({1}), s1 = b.f32({1}), s2 = b.f32({1});
  OpOptions split;
  split.numSplits = 3;
  b.op(kOp_SPLIT, {axis, x}, {s0, s1, s2}, split); // 3 x [2,1]
  int pk = b.f32({1});
  OpOptions pack;
  pack.axis = 1;
  pack.valuesCount = 2;
  b.op(kOp_PACK, {s0, s2}, {pk}, pack); // [2,2,1]
  b.io({x}, {mp, tile, sl, pk});
  auto out = runTwice(b.def, {{1, 2, 3, 4, 5, 6}});
  // REFLECT: row -1 mirrors row 1; columns 3,4 mirror columns 1,0.
  expectNear(out[0], {4, 5, 6, 5, 4, 1, 2, 3, 2, 1, 4, 5, 6, 5, 4}, 0, 0);
  expectNear(out[1], {1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6}, 0, 0);
  expectNear(out[2], {5, 6}, 0, 0);
  expectNear(out[3], {1, 3, 4, 6}, 0, 0);
}

TEST(LiteReduce, ArgMaxNaNAndSelectCast) {
  ModelBuilder b;
  int x = b.f32({2, 3}), ax = b.ci32({}, {1}),
      am = b.tensor(TensorType::kInt32, {1});
  b.op(kOp_ARG_MAX, {x, ax}, {am});
  int c = b.tensor(TensorType::kBool, {2, 3}), zero = b.cf32({1}, {0.f});
  b.op(kOp_GREATER, {x, zero}, {c});
  int neg = b.f32({1}), sel = b.f32({1});
  b.op(kOp_NEG, {x}, {neg});
  b.op(kOp_SELECT_V2, {c, x, neg}, {sel}); // |x| for non-NaN
  int ci = b.tensor(TensorType::kInt32, {1});
  b.op(kOp_CAST, {sel}, {ci}); // truncation toward zero
  b.io({x}, {am, ci});
  auto out = runTwice(b.def, {{1.5f, NAN, 2.f, -3.7f, -1.2f, -2.9f}});
  // TFLite's reference ArgMinMax: a later NaN is skipped; the first maximum.
  expectNear(out[0], {2, 1}, 0, 0);
  // NaN casts to 0.
  expectNear(out[1], {1, 0, 2, 3, 1, 2}, 0, 0);
}

// TFLite's reference ArgMinMax (arg_min_max.h) starts from element 0 and
// takes a later element only when std::greater / std::less holds: a NaN at
// index 0 is never replaced, a later NaN never taken; +inf is a number.
TEST(LiteReduce, ArgMaxArgMinNaNAtIndexZeroIsKept) {
  ModelBuilder b;
  int x = b.f32({4, 3}), ax = b.ci32({}, {1}),
      amax = b.tensor(TensorType::kInt32, {1}),
      amin = b.tensor(TensorType::kInt32, {1});
  b.op(kOp_ARG_MAX, {x, ax}, {amax});
  b.op(kOp_ARG_MIN, {x, ax}, {amin});
  b.io({x}, {amax, amin});
  auto out = runTwice(b.def, {{NAN, 1.f, 2.f, // NaN at 0 kept
                               1.f, NAN, 2.f, // NaN skipped
                               INFINITY, NAN, -INFINITY, NAN, NAN, NAN}});
  expectNear(out[0], {0, 2, 0, 0}, 0, 0);
  expectNear(out[1], {0, 0, 2, 0}, 0, 0);
}

TEST(LiteInterpreter, IfPicksBranch) {
  // out = cond ? x * 2 : x - 1
  ModelBuilder b;
  b.def.subgraphs.resize(3);
  int cond = b.tensor(TensorType::kBool, {}), x = b.f32({2}), y = b.f32({2});
  OpOptions o;
  o.thenSubgraph = 1, o.elseSubgraph = 2;
  b.op(kOp_IF, {cond, x}, {y}, o);
  b.io({cond, x}, {y});
  for (int sg : {1, 2}) {
    int in = b.tensor(TensorType::kFloat32, {2}, sg),
        k = b.constant(TensorType::kFloat32, {},
                       std::vector<float>{sg == 1 ? 2.f : 1.f}, sg),
        out = b.tensor(TensorType::kFloat32, {2}, sg);
    b.op(sg == 1 ? kOp_MUL : kOp_SUB, {in, k}, {out}, {}, sg);
    b.io({in}, {out}, sg);
  }
  BuiltinOpResolver r;
  auto in = Interpreter::create(b.def, r);
  ASSERT_TRUE(in.ok()) << in.status();
  ASSERT_TRUE((*in)->allocateTensors().ok());
  for (bool c : {true, false, true}) {
    (*in)->inputTensor(0)->as<bool>()[0] = c;
    (*in)->inputTensor(1)->as<float>()[0] = 3.f;
    (*in)->inputTensor(1)->as<float>()[1] = -1.f;
    ASSERT_TRUE((*in)->invoke().ok());
    const float *y = (*in)->outputTensor(0)->as<float>();
    EXPECT_EQ(y[0], c ? 6.f : 2.f);
    EXPECT_EQ(y[1], c ? -2.f : -2.f);
  }
}

} // namespace

namespace {

TEST(LiteShape, SplitVGatherNdBroadcastFillRangeSqueezeReverse) {
  ModelBuilder b;
  int x = b.f32({2, 5});
  int sizes = b.ci32({3}, {1, -1, 2}), ax = b.ci32({}, {1});
  int v0 = b.f32({1}), v1 = b.f32({1}), v2 = b.f32({1});
  OpOptions sv;
  sv.numSplits = 3;
  b.op(kOp_SPLIT_V, {x, sizes, ax}, {v0, v1, v2}, sv); // [2,1] [2,2] [2,2]
  int idx = b.ci32({2, 2}, {1, 4, 0, 2}), gnd = b.f32({1});
  b.op(kOp_GATHER_ND, {x, idx}, {gnd}); // x[1,4], x[0,2]
  int shp = b.ci32({3}, {2, 2, 5}), bc = b.f32({1});
  b.op(kOp_BROADCAST_TO, {x, shp}, {bc});
  int dims = b.ci32({2}, {2, 3}), val = b.cf32({}, {2.5f}), fill = b.f32({1});
  b.op(kOp_FILL, {dims, val}, {fill});
  int r0 = b.cf32({}, {1.f}), r1 = b.cf32({}, {2.f}), rd = b.cf32({}, {0.25f}),
      range = b.f32({1});
  b.op(kOp_RANGE, {r0, r1, rd}, {range}); // 1, 1.25, 1.5, 1.75
  int ed = b.ci32({}, {-1}), ex = b.f32({1}), sq = b.f32({1});
  b.op(kOp_EXPAND_DIMS, {v0, ed}, {ex}); // [2,1,1]
  b.op(kOp_SQUEEZE, {ex}, {sq});         // [2]
  int rax = b.ci32({1}, {1}), rev = b.f32({1});
  b.op(kOp_REVERSE_V2, {x, rax}, {rev});
  b.io({x}, {v1, gnd, bc, fill, range, sq, rev});
  std::vector<float> xv = {0, 1, 2, 3, 4, 10, 11, 12, 13, 14};
  Interpreter *keep = nullptr;
  auto out = runTwice(b.def, {xv}, 1, &keep);
  std::unique_ptr<Interpreter> owner(keep);
  ASSERT_TRUE(owner);
  expectNear(out[0], {1, 2, 11, 12}, 0, 0);
  expectNear(out[1], {14, 2}, 0, 0);
  std::vector<double> twice(xv.begin(), xv.end());
  twice.insert(twice.end(), xv.begin(), xv.end());
  expectNear(out[2], twice, 0, 0);
  expectNear(out[3], {2.5, 2.5, 2.5, 2.5, 2.5, 2.5}, 0, 0);
  expectNear(out[4], {1, 1.25, 1.5, 1.75}, 0, 0);
  expectNear(out[5], {0, 10}, 0, 0);
  EXPECT_EQ(owner->outputTensor(5)->shape, (std::vector<int32_t>{2}));
  expectNear(out[6], {4, 3, 2, 1, 0, 14, 13, 12, 11, 10}, 0, 0);
}

TEST(LiteConv, L2PoolAndNearestAlignCorners) {
  {
    ModelBuilder b;
    int x = b.f32({1, 2, 2, 1}), o = b.f32({1});
    OpOptions opt;
    opt.filterH = opt.filterW = 2;
    opt.strideH = opt.strideW = 2;
    opt.padding = Padding::kValid;
    b.op(kOp_L2_POOL_2D, {x}, {o}, opt);
    b.io({x}, {o});
    auto out = runTwice(b.def, {{1, 2, 3, 4}});
    expectNear(out[0], {std::sqrt(30.0 / 4)});
  }
  {
    ModelBuilder b;
    int x = b.f32({1, 1, 3, 1}), sz = b.ci32({2}, {1, 4}), o = b.f32({1});
    OpOptions opt;
    opt.alignCorners = true;
    b.op(kOp_RESIZE_NEAREST_NEIGHBOR, {x, sz}, {o}, opt);
    b.io({x}, {o});
    auto out = runTwice(b.def, {{10, 20, 30}});
    // scale (3-1)/(4-1): round(0), round(0.667), round(1.333), round(2)
    expectNear(out[0], {10, 20, 20, 30}, 0, 0);
  }
}

} // namespace
