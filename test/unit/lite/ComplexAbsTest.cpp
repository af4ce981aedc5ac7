//===- ComplexAbsTest.cpp - COMPLEX_ABS, REAL, IMAG -----------------------===//
//
// The three complex -> real builtins (COMPLEX_ABS, REAL, IMAG share one
// Prepare / Eval in ComplexUtil.h) on complex64 and complex128, against
// std::hypot / the parts in double: COMPLEX_ABS within 1 float ulp
// (relative 1.2e-7), REAL / IMAG exact; infinities and NaN exactly. Bad
// input names the op.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

#include <complex>
#include <limits>

namespace tfmlir::lite::testing {
namespace {

TEST(LiteComplexAbs, RealImagAbsComplex64) {
  auto re = randomVec(20, 9), im = randomVec(20, 10);
  re.push_back(std::numeric_limits<float>::infinity());
  im.push_back(std::nanf("")); // |inf + nan i| = inf, as hypot
  re.push_back(std::nanf(""));
  im.push_back(1.f);
  re.push_back(3e30f); // hypot does not overflow where re^2 would
  im.push_back(4e30f);
  std::vector<float> z;
  for (size_t i = 0; i < re.size(); ++i) {
    z.push_back(re[i]);
    z.push_back(im[i]);
  }
  const int32_t n = static_cast<int32_t>(re.size());
  for (int32_t code : {kOp_COMPLEX_ABS, kOp_REAL, kOp_IMAG}) {
    ModelBuilder m;
    int in = m.tensor(TensorType::kComplex64, {1, n});
    int out = m.f32({});
    m.op(code, {in}, {out});
    m.io({in}, {out});
    auto got = runRaw(m.def, {bytesOf(z)});
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].shape, (std::vector<int32_t>{1, n}));
    std::vector<double> want(n);
    for (int i = 0; i < n; ++i)
      want[i] = code == kOp_REAL   ? re[i]
                : code == kOp_IMAG ? im[i]
                                   : std::hypot(double(re[i]), double(im[i]));
    expectNear(valuesOf<float>(got[0].bytes), want, 0,
               code == kOp_COMPLEX_ABS ? 1.2e-7 : 0);
  }
}

TEST(LiteComplexAbs, Complex128) {
  std::vector<double> z = {3, -4, -1.5, 2, 0, -0.0};
  ModelBuilder m;
  int in = m.tensor(TensorType::kComplex128, {3});
  int out = m.tensor(TensorType::kFloat64, {});
  m.op(kOp_COMPLEX_ABS, {in}, {out});
  m.io({in}, {out});
  auto got = runRaw(m.def, {bytesOf(z)});
  ASSERT_EQ(got.size(), 1u);
  auto v = valuesOf<double>(got[0].bytes);
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0], 5.0);
  EXPECT_EQ(v[1], std::hypot(-1.5, 2.0));
  EXPECT_EQ(v[2], 0.0);
}

TEST(LiteComplexAbs, BadInput) {
  for (auto [code, name] :
       {std::pair{kOp_COMPLEX_ABS, "COMPLEX_ABS"}, std::pair{kOp_REAL, "REAL"},
        std::pair{kOp_IMAG, "IMAG"}}) {
    ModelBuilder m;
    int in = m.f32({3});
    int out = m.f32({});
    m.op(code, {in}, {out});
    m.io({in}, {out});
    expectOpError(m.def, name, "complex64 or complex128");
    ModelBuilder m2;
    int in2 = m2.tensor(TensorType::kComplex64, {3});
    int out2 = m2.tensor(TensorType::kFloat64, {});
    m2.op(code, {in2}, {out2});
    m2.io({in2}, {out2});
    expectOpError(m2.def, name, "FLOAT32");
  }
}

} // namespace
} // namespace tfmlir::lite::testing
