//===- Conv3DTransposeTest.cpp - CONV_3D_TRANSPOSE ------------------------===//
//
// CONV_3D_TRANSPOSE against a float64 scatter reference, and checked as the
// adjoint of a float64 CONV_3D with the same options: <conv(x), y> equals
// <x, conv_transpose(y)> (relative 1e-5). Elementwise tolerance 1e-5
// absolute + 1e-5 relative. Bad input names CONV_3D_TRANSPOSE.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

struct Case {
  std::vector<int32_t> out;    // N, OD, OH, OW, Cout (output_shape)
  std::vector<int32_t> filter; // KD, KH, KW, Cout, Cin
  Padding padding;
  int s[3], d[3];
  int cin;
};

int fwdSize(Padding p, int in, int k, int s, int d) {
  int eff = (k - 1) * d + 1;
  return p == Padding::kSame ? (in + s - 1) / s
                             : (in >= eff ? (in - eff + s) / s : 0);
}

TEST(LiteConv3DTranspose, MatchesScatterAndIsTheAdjointOfConv3D) {
  const std::vector<Case> cases = {
      {{1, 4, 5, 6, 2},
       {2, 3, 3, 2, 3},
       Padding::kSame,
       {1, 1, 1},
       {1, 1, 1},
       3},
      {{2, 7, 6, 8, 3},
       {3, 2, 3, 3, 2},
       Padding::kSame,
       {2, 2, 2},
       {1, 1, 1},
       2},
      {{1, 9, 7, 8, 2},
       {3, 3, 2, 2, 2},
       Padding::kValid,
       {2, 1, 3},
       {1, 1, 1},
       2},
      {{1, 8, 8, 6, 1},
       {2, 2, 3, 1, 2},
       Padding::kSame,
       {1, 2, 1},
       {2, 1, 2},
       2},
  };
  uint32_t seed = 100;
  for (const Case &c : cases) {
    int in[5] = {c.out[0], 0, 0, 0, c.cin}, pad[3];
    for (int i = 0; i < 3; ++i) {
      in[1 + i] = fwdSize(c.padding, c.out[1 + i], c.filter[i], c.s[i], c.d[i]);
      int eff = (c.filter[i] - 1) * c.d[i] + 1;
      pad[i] = std::max(0, ((in[1 + i] - 1) * c.s[i] + eff - c.out[1 + i]) / 2);
    }
    const int N = in[0], D = in[1], H = in[2], W = in[3], CI = c.cin;
    const int OD = c.out[1], OH = c.out[2], OW = c.out[3], CO = c.out[4];
    const int KD = c.filter[0], KH = c.filter[1], KW = c.filter[2];
    auto x = randomVec(size_t(N) * D * H * W * CI, seed++);
    auto w = randomVec(size_t(KD) * KH * KW * CO * CI, seed++);
    auto b = randomVec(CO, seed++);
    // float64 scatter reference; `adj` is the same without bias.
    std::vector<double> want(size_t(N) * OD * OH * OW * CO, 0.0);
    auto widx = [&](int fz, int fr, int fq, int co, int ci) {
      return (((size_t(fz) * KH + fr) * KW + fq) * CO + co) * CI + ci;
    };
    for (int n = 0; n < N; ++n)
      for (int z = 0; z < D; ++z)
        for (int r = 0; r < H; ++r)
          for (int q = 0; q < W; ++q)
            for (int fz = 0; fz < KD; ++fz)
              for (int fr = 0; fr < KH; ++fr)
                for (int fq = 0; fq < KW; ++fq) {
                  int oz = z * c.s[0] - pad[0] + fz * c.d[0],
                      orr = r * c.s[1] - pad[1] + fr * c.d[1],
                      oq = q * c.s[2] - pad[2] + fq * c.d[2];
                  if (oz < 0 || oz >= OD || orr < 0 || orr >= OH || oq < 0 ||
                      oq >= OW)
                    continue;
                  for (int co = 0; co < CO; ++co)
                    for (int ci = 0; ci < CI; ++ci)
                      want[(((size_t(n) * OD + oz) * OH + orr) * OW + oq) * CO +
                           co] +=
                          double(
                              x[(((size_t(n) * D + z) * H + r) * W + q) * CI +
                                ci]) *
                          w[widx(fz, fr, fq, co, ci)];
                }
    std::vector<double> noBias = want;
    for (size_t i = 0; i < want.size(); ++i)
      want[i] += b[i % CO];

    ModelBuilder m;
    int shp = m.ci32({5}, c.out);
    int f = m.cf32(c.filter, w);
    int xi = m.f32({N, D, H, W, CI});
    int bias = m.cf32({CO}, b);
    int out = m.f32({});
    OpOptions o;
    o.padding = c.padding;
    o.strideD = c.s[0], o.strideH = c.s[1], o.strideW = c.s[2];
    o.dilationD = c.d[0], o.dilationH = c.d[1], o.dilationW = c.d[2];
    m.op(kOp_CONV_3D_TRANSPOSE, {shp, f, xi, bias}, {out}, o);
    m.io({xi}, {out});
    auto got = runTwice(m.def, {x});
    ASSERT_EQ(got.size(), 1u);
    expectNear(got[0], want, 1e-5, 1e-5);

    // Adjoint check: y random on the output side; conv3d(y) with the filter
    // read as [KD, KH, KW, Cout(in), Cin(out)] gives x's shape, and
    // <conv3d(y), x> == <y, convT(x)>.
    auto y = randomVec(want.size(), seed++);
    double lhs = 0, rhs = 0;
    for (size_t i = 0; i < noBias.size(); ++i)
      rhs += double(y[i]) * noBias[i];
    for (int n = 0; n < N; ++n)
      for (int z = 0; z < D; ++z)
        for (int r = 0; r < H; ++r)
          for (int q = 0; q < W; ++q)
            for (int ci = 0; ci < CI; ++ci) {
              double acc = 0;
              for (int fz = 0; fz < KD; ++fz)
                for (int fr = 0; fr < KH; ++fr)
                  for (int fq = 0; fq < KW; ++fq) {
                    int oz = z * c.s[0] - pad[0] + fz * c.d[0],
                        orr = r * c.s[1] - pad[1] + fr * c.d[1],
                        oq = q * c.s[2] - pad[2] + fq * c.d[2];
                    if (oz < 0 || oz >= OD || orr < 0 || orr >= OH || oq < 0 ||
                        oq >= OW)
                      continue;
                    for (int co = 0; co < CO; ++co)
                      acc +=
                          double(
                              y[(((size_t(n) * OD + oz) * OH + orr) * OW + oq) *
                                    CO +
                                co]) *
                          w[widx(fz, fr, fq, co, ci)];
                  }
              lhs += acc * x[(((size_t(n) * D + z) * H + r) * W + q) * CI + ci];
            }
    // The kernel's result (minus bias) in the same inner product.
    double got_rhs = 0;
    for (size_t i = 0; i < got[0].size(); ++i)
      got_rhs += double(y[i]) * (double(got[0][i]) - b[i % CO]);
    EXPECT_NEAR(lhs, rhs, 1e-9 * (1 + std::fabs(lhs)));
    EXPECT_NEAR(got_rhs, lhs, 1e-5 * (1 + std::fabs(lhs)));
  }
}

TEST(LiteConv3DTranspose, DynamicOutputShape) {
  // output_shape fed at Invoke time: the output is sized then.
  ModelBuilder m;
  int shp = m.tensor(TensorType::kInt32, {5});
  int f = m.cf32({1, 1, 1, 1, 1}, {2.f});
  int xi = m.f32({1, 2, 2, 2, 1});
  int out = m.f32({});
  OpOptions o;
  o.padding = Padding::kValid;
  o.strideD = o.strideH = o.strideW = 2;
  m.op(kOp_CONV_3D_TRANSPOSE, {shp, f, xi}, {out}, o);
  m.io({shp, xi}, {out});
  std::vector<float> x = {1, 2, 3, 4, 5, 6, 7, 8};
  auto got =
      runRaw(m.def, {bytesOf(std::vector<int32_t>{1, 3, 3, 3, 1}), bytesOf(x)});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].shape, (std::vector<int32_t>{1, 3, 3, 3, 1}));
  auto v = valuesOf<float>(got[0].bytes);
  // Stride 2, 1x1x1 filter: x lands on even coordinates, zeros elsewhere.
  EXPECT_EQ(v[0], 2.f);
  EXPECT_EQ(v[1], 0.f);
  EXPECT_EQ(v[2], 4.f);
  EXPECT_EQ(v[26], 16.f);
}

TEST(LiteConv3DTranspose, BadInput) {
  auto model = [](std::vector<int32_t> outShape, std::vector<int32_t> f,
                  std::vector<int32_t> x) {
    ModelBuilder m;
    int shp = m.ci32({static_cast<int32_t>(outShape.size())}, outShape);
    int w = m.f32(f);
    int xi = m.f32(x);
    int out = m.f32({});
    OpOptions o;
    o.padding = Padding::kSame;
    m.op(kOp_CONV_3D_TRANSPOSE, {shp, w, xi}, {out}, o);
    m.io({w, xi}, {out});
    return m; // owns the constant output_shape bytes
  };
  expectOpError(model({1, 4, 4, 4, 2}, {1, 1, 1, 2, 3}, {1, 4, 4, 4, 2}).def,
                "CONV_3D_TRANSPOSE", "channels");
  expectOpError(model({1, 4, 4, 4}, {1, 1, 1, 2, 2}, {1, 4, 4, 4, 2}).def,
                "CONV_3D_TRANSPOSE", "vector of 5");
  expectOpError(model({1, 5, 4, 4, 2}, {1, 1, 1, 2, 2}, {1, 4, 4, 4, 2}).def,
                "CONV_3D_TRANSPOSE", "does not give back");
  expectOpError(model({1, 4, 4, 4, 3}, {1, 1, 1, 2, 2}, {1, 4, 4, 4, 2}).def,
                "CONV_3D_TRANSPOSE", "output_shape channels");
}

} // namespace
} // namespace tfmlir::lite::testing
