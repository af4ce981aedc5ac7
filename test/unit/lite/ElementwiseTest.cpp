//===- ElementwiseTest.cpp - Row-broadcast binary ops and PRELU -----------===//
//
// The row paths of ADD / SUB / MUL (one operand repeating along the
// leading dims, on either side) and of PRELU with per-channel alpha,
// against float64; tolerance 1e-6 absolute + 1e-6 relative (one rounding).
//
//===----------------------------------------------------------------------===//
#include "test/unit/LiteTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LiteElementwiseRows, BinaryWithTrailingOperand) {
  struct Case {
    int32_t code;
    std::vector<int32_t> a, b;
  };
  const std::vector<int32_t> out = {2, 3, 4};
  for (const Case &c :
       {Case{kOp_ADD, {2, 3, 4}, {1, 4}}, Case{kOp_SUB, {2, 3, 4}, {3, 4}},
        Case{kOp_MUL, {4}, {2, 3, 4}},
        Case{kOp_SUB, {1, 1, 3, 4}, {2, 3, 4}}}) {
    ModelBuilder b;
    int x = b.f32(c.a), y = b.f32(c.b), o = b.f32({1});
    b.op(c.code, {x, y}, {o});
    b.io({x, y}, {o});
    int64_t na = 1, nb = 1;
    for (int32_t d : c.a)
      na *= d;
    for (int32_t d : c.b)
      nb *= d;
    auto xv = randomVec(na, 5), yv = randomVec(nb, 6);
    auto got = runTwice(b.def, {xv, yv});
    ASSERT_EQ(got.size(), 1u);
    std::vector<double> want(24);
    for (int i = 0; i < 24; ++i) {
      const double p = xv[i % na], q = yv[i % nb];
      want[i] = c.code == kOp_ADD ? p + q : c.code == kOp_SUB ? p - q : p * q;
    }
    expectNear(got[0], want, 1e-6, 1e-6);
  }
}

TEST(LiteElementwiseRows, PreluPerChannelAlpha) {
  ModelBuilder b;
  int x = b.f32({1, 5, 6, 19}),
      a = b.cf32({1, 1, 19}, randomVec(19, 9, 0.f, 1.f)), o = b.f32({1});
  b.op(kOp_PRELU, {x, a}, {o});
  b.io({x}, {o});
  auto xv = randomVec(5 * 6 * 19, 10);
  auto av = randomVec(19, 9, 0.f, 1.f);
  auto got = runTwice(b.def, {xv});
  ASSERT_EQ(got.size(), 1u);
  std::vector<double> want(xv.size());
  for (size_t i = 0; i < xv.size(); ++i)
    want[i] = xv[i] >= 0 ? xv[i] : double(xv[i]) * av[i % 19];
  expectNear(got[0], want, 1e-6, 1e-6);
}

} // namespace
} // namespace tfmlir::lite::testing
