//===- Atan2Test.cpp - ATAN2 ----------------------------------------------===//
//
// ATAN2 (float32 and float64) against std::atan2 in double: float32 within
// 1 ulp-ish (2e-7 relative + 1e-7), float64 exactly; all four quadrants,
// signed zeros, infinities and NaN (compared exactly). Bad input names
// ATAN2.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

#include <limits>

namespace tfmlir::lite::testing {
namespace {

const float kInf = std::numeric_limits<float>::infinity();

TEST(LiteAtan2, Float32) {
  std::vector<float> y = randomVec(60, 3), x = randomVec(60, 4);
  const std::vector<std::pair<float, float>> special = {
      {0.f, 0.f},     {-0.f, 0.f},          {0.f, -0.f},          {-0.f, -0.f},
      {1.f, 0.f},     {-1.f, 0.f},          {kInf, 1.f},          {1.f, -kInf},
      {-kInf, -kInf}, {std::nanf(""), 1.f}, {1.f, std::nanf("")}, {3.f, -4.f}};
  for (auto [a, b] : special) {
    y.push_back(a);
    x.push_back(b);
  }
  const int32_t n = static_cast<int32_t>(y.size());
  ModelBuilder m;
  int yi = m.f32({2, n / 2}), xi = m.f32({2, n / 2}), out = m.f32({});
  m.op(kOp_ATAN2, {yi, xi}, {out});
  m.io({yi, xi}, {out});
  std::vector<double> want(n);
  for (int i = 0; i < n; ++i)
    want[i] = std::atan2(double(y[i]), double(x[i]));
  auto got = runTwice(m.def, {y, x});
  ASSERT_EQ(got.size(), 1u);
  expectNear(got[0], want, 1e-7, 2e-7);
  // Signed zero results keep their sign, as C's atan2.
  EXPECT_TRUE(std::signbit(got[0][n - 12 + 1]));
}

TEST(LiteAtan2, Float64) {
  std::vector<double> y = {1.0, -2.5, 0.0, -0.0, 7.0},
                      x = {1.0, 3.0, -1.0, -1.0, 0.0};
  ModelBuilder m;
  int yi = m.tensor(TensorType::kFloat64, {5});
  int xi = m.tensor(TensorType::kFloat64, {5});
  int out = m.tensor(TensorType::kFloat64, {5});
  m.op(kOp_ATAN2, {yi, xi}, {out});
  m.io({yi, xi}, {out});
  auto got = runRaw(m.def, {bytesOf(y), bytesOf(x)});
  ASSERT_EQ(got.size(), 1u);
  auto v = valuesOf<double>(got[0].bytes);
  ASSERT_EQ(v.size(), 5u);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(v[i], std::atan2(y[i], x[i])) << i;
}

TEST(LiteAtan2, BadInput) {
  auto model = [](std::vector<int32_t> ys, std::vector<int32_t> xs,
                  TensorType yt, TensorType xt) {
    ModelBuilder m;
    int yi = m.tensor(yt, ys), xi = m.tensor(xt, xs), out = m.tensor(yt, {});
    m.op(kOp_ATAN2, {yi, xi}, {out});
    m.io({yi, xi}, {out});
    return m.def;
  };
  expectOpError(
      model({2, 3}, {3, 2}, TensorType::kFloat32, TensorType::kFloat32),
      "ATAN2", "same shape");
  expectOpError(model({2}, {2}, TensorType::kFloat32, TensorType::kFloat64),
                "ATAN2", "FLOAT64");
  expectOpError(model({2}, {2}, TensorType::kInt32, TensorType::kInt32),
                "ATAN2", "INT32");
}

} // namespace
} // namespace tfmlir::lite::testing
