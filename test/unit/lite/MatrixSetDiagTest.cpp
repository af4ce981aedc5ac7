//===- MatrixSetDiagTest.cpp - MATRIX_SET_DIAG ----------------------------===//
//
// MATRIX_SET_DIAG on wide and tall float32 batches against a reference
// built here (exact); a diagonal of the wrong shape names the op.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

void check(int b, int rows, int cols) {
  const int k = std::min(rows, cols);
  auto x = randomVec(size_t(b) * rows * cols, 11),
       d = randomVec(size_t(b) * k, 12);
  ModelBuilder m;
  int in = m.f32({b, rows, cols}), diag = m.f32({b, k}), out = m.f32({});
  m.op(kOp_MATRIX_SET_DIAG, {in, diag}, {out});
  m.io({in, diag}, {out});
  auto got = runTwice(m.def, {x, d});
  ASSERT_EQ(got.size(), 1u);
  std::vector<double> want(x.begin(), x.end());
  for (int n = 0; n < b; ++n)
    for (int i = 0; i < k; ++i)
      want[(size_t(n) * rows + i) * cols + i] = d[n * k + i];
  expectNear(got[0], want, 0, 0);
}

TEST(LiteMatrixSetDiag, WideAndTall) {
  check(2, 3, 5);
  check(3, 4, 2);
  check(1, 3, 3);
}

TEST(LiteMatrixSetDiag, BadInput) {
  ModelBuilder m;
  int in = m.f32({2, 3, 4}), diag = m.f32({2, 4}), out = m.f32({});
  m.op(kOp_MATRIX_SET_DIAG, {in, diag}, {out});
  m.io({in, diag}, {out});
  expectOpError(m.def, "MATRIX_SET_DIAG", "diagonal [2,4] must be [2,3]");
}

} // namespace
} // namespace tfmlir::lite::testing
