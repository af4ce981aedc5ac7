//===- Solve.cpp - tf.MatrixSolve/MatrixInverse/MatrixTriangularSolve -----===//
//
// Ops (dialects/tf/TFOpsLinalg.td), unrolled over the entries of small
// static matrices (Linalg/Unrolled.h), with the algorithms of TF's CPU
// kernels (Eigen):
//  - MatrixSolve (TF's MatrixSolveOp: Eigen PartialPivLU): LU with
//    partial pivoting, then forward and back substitution; `adjoint`
//    solves with the transpose.
//  - MatrixInverse (MatrixInverseOp): the same LU solve with the identity
//    as right-hand side.
//  - MatrixTriangularSolve (MatrixTriangularSolveOp): forward / back
//    substitution reading only the triangle `lower` names (`adjoint` uses
//    the transposed matrix, and so the other triangle).
// Shapes and dtypes: float matrices [batch..., n, n] with n <= kMaxUnroll
// (8), right-hand sides [batch..., n, k], both broadcast to the static
// result's batch dims; half-precision inputs are computed in f32. Refused:
// dynamic shapes, larger matrices, batch dims that do not broadcast.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Linalg/Unrolled.h"
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using linalg::Grid;
using linalg::Ops;

/// Solves L U x = rhs in place (rhs already permuted), L unit lower.
void luSolve(Ops &o, const Grid &lu, Grid &rhs) {
  int64_t n = lu.rows(), m = rhs.cols();
  for (int64_t j = 0; j < m; ++j) {
    for (int64_t i = 0; i < n; ++i)
      for (int64_t k = 0; k < i; ++k)
        rhs.e[i][j] = o.sub(rhs.e[i][j], o.mul(lu.e[i][k], rhs.e[k][j]));
    for (int64_t i = n - 1; i >= 0; --i) {
      for (int64_t k = i + 1; k < n; ++k)
        rhs.e[i][j] = o.sub(rhs.e[i][j], o.mul(lu.e[i][k], rhs.e[k][j]));
      rhs.e[i][j] = o.div(rhs.e[i][j], lu.e[i][i]);
    }
  }
}

Grid transposed(const Grid &g) {
  Grid t = g;
  for (int64_t i = 0; i < g.rows(); ++i)
    for (int64_t j = 0; j < g.cols(); ++j)
      t.e[j][i] = g.e[i][j];
  return t;
}

/// Broadcasts `v` ([batch..., r, c]) to the batch dims `batch`.
Value toBatch(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> batch) {
  auto t = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> s(batch);
  s.append(t.getShape().end() - 2, t.getShape().end());
  return broadcastTo(b, loc, v, s);
}

/// MatrixSolve (`rhsValue` given) or MatrixInverse (`rhsValue` null): the
/// LU solve of `matrix` (transposed when `adjoint`).
LogicalResult solveLike(Operation *op, OpBuilder &b, Value matrix,
                        Value rhsValue, bool adjoint,
                        SmallVectorImpl<Value> &results, std::string &why) {
  auto a = linalg::squareMatrix(matrix);
  auto out = staticResult(op);
  if (!a || !out || out.getRank() < 2)
    return fail(
        why, "needs a static float square matrix (n <= 8) and a static result");
  Location loc = op->getLoc();
  Type elt = out.getElementType(), ct = linalg::computeType(b, elt);
  SmallVector<int64_t> batch(out.getShape().begin(), out.getShape().end() - 2);
  Value am = toBatch(b, loc, convert(b, loc, matrix, ct), batch);
  if (!am)
    return fail(why, "matrix batch dims do not broadcast to the result's");
  int64_t n = a.getShape().back();
  Ops o{b, loc, batch, ct};
  Grid A = linalg::split(b, loc, am);
  if (adjoint)
    A = transposed(A);
  Grid rhs;
  if (!rhsValue) {
    rhs = A;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        rhs.e[i][j] = o.c(i == j ? 1 : 0);
  } else {
    auto bt = staticType(rhsValue);
    if (!bt || bt.getRank() < 2 || bt.getDimSize(bt.getRank() - 2) != n)
      return fail(why, "rhs must be a static [..., n, k] tensor");
    Value bm = toBatch(b, loc, convert(b, loc, rhsValue, ct), batch);
    if (!bm)
      return fail(why, "rhs batch dims do not broadcast to the result's");
    rhs = linalg::split(b, loc, bm);
  }
  (void)linalg::luInPlace(o, A, &rhs, nullptr);
  luSolve(o, A, rhs);
  Value r = convert(b, loc, linalg::join(b, loc, rhs), elt);
  if (cast<RankedTensorType>(r.getType()).getShape() != out.getShape())
    return fail(why, "result shape disagrees");
  results.push_back(r);
  return success();
}

/// tf.MatrixSolve -> unrolled partial-pivot LU and substitution.
struct MatrixSolveLowering : HLOPattern<TF::MatrixSolveOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MatrixSolveOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    std::string why;
    if (failed(solveLike(op, b, a.getMatrix(), a.getRhs(), op.getAdjoint(),
                         results, why)))
      return fail(op, b, why);
    return success();
  }
};

/// tf.MatrixInverse -> unrolled partial-pivot LU solve of the identity.
struct MatrixInverseLowering : HLOPattern<TF::MatrixInverseOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MatrixInverseOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    std::string why;
    if (failed(solveLike(op, b, a.getInput(), Value(), op.getAdjoint(), results,
                         why)))
      return fail(op, b, why);
    return success();
  }
};

/// tf.MatrixTriangularSolve -> unrolled forward / back substitution.
struct MatrixTriangularSolveLowering : HLOPattern<TF::MatrixTriangularSolveOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MatrixTriangularSolveOp op, OpAdaptor ad,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto a = linalg::squareMatrix(ad.getMatrix());
    auto out = staticResult(op);
    auto bt = staticType(ad.getRhs());
    if (!a || !out || !bt || out.getRank() < 2 || bt.getRank() < 2)
      return fail(
          op, b, "needs a static float square matrix (n <= 8), rhs and result");
    int64_t n = a.getShape().back();
    if (bt.getDimSize(bt.getRank() - 2) != n)
      return fail(op, b, "rhs rows must equal the matrix size");
    Location loc = op.getLoc();
    Type elt = out.getElementType(), ct = linalg::computeType(b, elt);
    SmallVector<int64_t> batch(out.getShape().begin(),
                               out.getShape().end() - 2);
    Value am =
        toBatch(b, loc, tohlo::convert(b, loc, ad.getMatrix(), ct), batch);
    Value bm = toBatch(b, loc, tohlo::convert(b, loc, ad.getRhs(), ct), batch);
    if (!am || !bm)
      return fail(op, b, "batch dims do not broadcast to the result's");
    Grid A = linalg::split(b, loc, am), X = linalg::split(b, loc, bm);
    Ops o{b, loc, batch, ct};
    bool lower = op.getLower();
    if (op.getAdjoint()) {
      A = transposed(A);
      lower = !lower;
    }
    int64_t m = X.cols();
    for (int64_t j = 0; j < m; ++j) {
      if (lower) {
        for (int64_t i = 0; i < n; ++i) {
          for (int64_t k = 0; k < i; ++k)
            X.e[i][j] = o.sub(X.e[i][j], o.mul(A.e[i][k], X.e[k][j]));
          X.e[i][j] = o.div(X.e[i][j], A.e[i][i]);
        }
      } else {
        for (int64_t i = n - 1; i >= 0; --i) {
          for (int64_t k = i + 1; k < n; ++k)
            X.e[i][j] = o.sub(X.e[i][j], o.mul(A.e[i][k], X.e[k][j]));
          X.e[i][j] = o.div(X.e[i][j], A.e[i][i]);
        }
      }
    }
    Value r = tohlo::convert(b, loc, linalg::join(b, loc, X), elt);
    if (cast<RankedTensorType>(r.getType()).getShape() != out.getShape())
      return fail(op, b, "result shape disagrees");
    results.push_back(r);
    return success();
  }
};

} // namespace

void populateLinalgSolvePatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns.add<MatrixSolveLowering, MatrixInverseLowering,
               MatrixTriangularSolveLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
