//===- Conv3DTest.cpp - CONV_3D -------------------------------------------===//
//
// CONV_3D against a float64 reference (NDHWC x DHWIO) over SAME / VALID
// padding, strides, dilations, bias and fused RELU6; tolerance 1e-5
// absolute + 1e-5 relative (float accumulation of <= 150 products of
// values in [-2, 2]). Bad input: clear Prepare errors naming CONV_3D.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

struct Conv3DCase {
  std::vector<int32_t> in, filter; // NDHWC, DHWIO
  Padding padding;
  int sd, sh, sw, dd, dh, dw;
  bool bias;
  Activation act;
};

int outSize(Padding p, int in, int k, int s, int d) {
  int eff = (k - 1) * d + 1;
  return p == Padding::kSame ? (in + s - 1) / s
                             : (in >= eff ? (in - eff + s) / s : 0);
}

std::vector<double> refConv3D(const Conv3DCase &c, const std::vector<float> &x,
                              const std::vector<float> &w,
                              const std::vector<float> &b,
                              std::vector<int32_t> &outShape) {
  const int n = c.in[0], D = c.in[1], H = c.in[2], W = c.in[3], ci = c.in[4];
  const int kd = c.filter[0], kh = c.filter[1], kw = c.filter[2],
            co = c.filter[4];
  const int od = outSize(c.padding, D, kd, c.sd, c.dd),
            oh = outSize(c.padding, H, kh, c.sh, c.dh),
            ow = outSize(c.padding, W, kw, c.sw, c.dw);
  auto pad = [&](int in, int k, int s, int d, int out) {
    return std::max(0, ((out - 1) * s + (k - 1) * d + 1 - in) / 2);
  };
  const int pd = pad(D, kd, c.sd, c.dd, od), ph = pad(H, kh, c.sh, c.dh, oh),
            pw = pad(W, kw, c.sw, c.dw, ow);
  outShape = {n, od, oh, ow, co};
  std::vector<double> y(size_t(n) * od * oh * ow * co);
  size_t o = 0;
  for (int b0 = 0; b0 < n; ++b0)
    for (int z = 0; z < od; ++z)
      for (int r = 0; r < oh; ++r)
        for (int q = 0; q < ow; ++q)
          for (int k = 0; k < co; ++k, ++o) {
            double acc = c.bias ? b[k] : 0.0;
            for (int fz = 0; fz < kd; ++fz)
              for (int fr = 0; fr < kh; ++fr)
                for (int fq = 0; fq < kw; ++fq)
                  for (int m = 0; m < ci; ++m) {
                    int iz = z * c.sd - pd + fz * c.dd,
                        ir = r * c.sh - ph + fr * c.dh,
                        iq = q * c.sw - pw + fq * c.dw;
                    if (iz < 0 || iz >= D || ir < 0 || ir >= H || iq < 0 ||
                        iq >= W)
                      continue;
                    acc +=
                        double(
                            x[(((size_t(b0) * D + iz) * H + ir) * W + iq) * ci +
                              m]) *
                        w[(((size_t(fz) * kh + fr) * kw + fq) * ci + m) * co +
                          k];
                  }
            if (c.act == Activation::kRelu6)
              acc = std::min(6.0, std::max(0.0, acc));
            y[o] = acc;
          }
  return y;
}

TEST(LiteConv3D, MatchesFloat64Reference) {
  const std::vector<Conv3DCase> cases = {
      {{1, 4, 5, 6, 2},
       {2, 3, 3, 2, 3},
       Padding::kSame,
       1,
       1,
       1,
       1,
       1,
       1,
       true,
       Activation::kNone},
      {{2, 5, 6, 7, 3},
       {3, 2, 3, 3, 2},
       Padding::kValid,
       2,
       1,
       2,
       1,
       1,
       1,
       false,
       Activation::kNone},
      {{1, 6, 6, 6, 1},
       {2, 2, 2, 1, 4},
       Padding::kSame,
       2,
       2,
       1,
       2,
       1,
       2,
       true,
       Activation::kRelu6},
      {{1, 7, 5, 5, 2},
       {3, 2, 2, 2, 2},
       Padding::kValid,
       1,
       2,
       2,
       2,
       2,
       1,
       true,
       Activation::kRelu6},
  };
  uint32_t seed = 1;
  for (const Conv3DCase &c : cases) {
    auto numel = [](const std::vector<int32_t> &s) {
      size_t n = 1;
      for (int32_t d : s)
        n *= d;
      return n;
    };
    auto x = randomVec(numel(c.in), seed++),
         w = randomVec(numel(c.filter), seed++);
    auto b = randomVec(c.filter[4], seed++);
    std::vector<int32_t> outShape;
    auto want = refConv3D(c, x, w, b, outShape);
    ModelBuilder m;
    int in = m.f32(c.in);
    int f = m.cf32(c.filter, w);
    int bias = c.bias ? m.cf32({c.filter[4]}, b) : -1;
    int out = m.f32({});
    OpOptions o;
    o.padding = c.padding;
    o.strideD = c.sd, o.strideH = c.sh, o.strideW = c.sw;
    o.dilationD = c.dd, o.dilationH = c.dh, o.dilationW = c.dw;
    o.activation = c.act;
    m.op(kOp_CONV_3D, {in, f, bias}, {out}, o);
    m.io({in}, {out});
    auto got = runTwice(m.def, {x});
    ASSERT_EQ(got.size(), 1u);
    expectNear(got[0], want, 1e-5, 1e-5);
  }
}

TEST(LiteConv3D, NaNPropagatesThroughRelu6) {
  ModelBuilder m;
  int in = m.f32({1, 1, 1, 1, 1});
  int f = m.cf32({1, 1, 1, 1, 1}, {1.f});
  int out = m.f32({});
  OpOptions o;
  o.activation = Activation::kRelu6;
  m.op(kOp_CONV_3D, {in, f}, {out}, o);
  m.io({in}, {out});
  auto got = runTwice(m.def, {{std::nanf("")}});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_TRUE(std::isnan(got[0][0]));
}

TEST(LiteConv3D, BadInput) {
  auto model = [](std::vector<int32_t> in, std::vector<int32_t> f, OpOptions o,
                  TensorType t = TensorType::kFloat32) {
    ModelBuilder m;
    int i = m.tensor(t, in);
    int w = m.f32(f);
    int out = m.f32({});
    m.op(kOp_CONV_3D, {i, w}, {out}, o);
    m.io({i, w}, {out});
    return m.def;
  };
  OpOptions o;
  expectOpError(model({1, 4, 4, 4}, {1, 1, 1, 4, 2}, o), "CONV_3D", "rank 5");
  expectOpError(model({1, 4, 4, 4, 3}, {1, 1, 1, 2, 2}, o), "CONV_3D",
                "channels");
  expectOpError(model({1, 4, 4, 4, 2}, {1, 1, 1, 2, 2}, o, TensorType::kInt32),
                "CONV_3D", "INT32");
  o.strideD = 0;
  expectOpError(model({1, 4, 4, 4, 2}, {1, 1, 1, 2, 2}, o), "CONV_3D",
                "strides");
}

} // namespace
} // namespace tfmlir::lite::testing
