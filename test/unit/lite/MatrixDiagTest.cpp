//===- MatrixDiagTest.cpp - MATRIX_DIAG -----------------------------------===//
//
// MATRIX_DIAG on float32 and int32 batches against a reference built here
// (exact); a scalar input is an error naming the op.
//
//===----------------------------------------------------------------------===//
#include "BuiltinTestUtil.h"

namespace tfmlir::lite::testing {
namespace {

TEST(LiteMatrixDiag, FloatBatch) {
  auto x = randomVec(2 * 3 * 4, 8);
  ModelBuilder m;
  int in = m.f32({2, 3, 4}), out = m.f32({});
  m.op(kOp_MATRIX_DIAG, {in}, {out});
  m.io({in}, {out});
  auto got = runTwice(m.def, {x});
  ASSERT_EQ(got.size(), 1u);
  std::vector<double> want(2 * 3 * 4 * 4, 0.0);
  for (int b = 0; b < 6; ++b)
    for (int i = 0; i < 4; ++i)
      want[(b * 4 + i) * 4 + i] = x[b * 4 + i];
  expectNear(got[0], want, 0, 0);
}

TEST(LiteMatrixDiag, Int32AndBadInput) {
  std::vector<int32_t> x = {7, -3};
  ModelBuilder m;
  int in = m.tensor(TensorType::kInt32, {2}),
      out = m.tensor(TensorType::kInt32, {});
  m.op(kOp_MATRIX_DIAG, {in}, {out});
  m.io({in}, {out});
  auto got = runRaw(m.def, {bytesOf(x)});
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(got[0].shape, (std::vector<int32_t>{2, 2}));
  EXPECT_EQ(valuesOf<int32_t>(got[0].bytes),
            (std::vector<int32_t>{7, 0, 0, -3}));
  ModelBuilder bad;
  int s = bad.f32({}), o = bad.f32({});
  bad.op(kOp_MATRIX_DIAG, {s}, {o});
  bad.io({s}, {o});
  expectOpError(bad.def, "MATRIX_DIAG", "rank >= 1");
}

} // namespace
} // namespace tfmlir::lite::testing
