//===- Decompositions.cpp - tf matrix decompositions and determinants -----===//
//
// Ops (dialects/tf/TFOpsLinalg.td), unrolled over the entries of small
// static matrices (Linalg/Unrolled.h), with the algorithms of TF's CPU
// kernels (Eigen):
//  - MatrixDeterminant (MatrixDeterminantOp: Eigen PartialPivLU) =
//    prod(diag U) * parity of the row permutation.
//  - LogMatrixDeterminant (LogMatrixDeterminantOp): sign and sum log|u_ii|
//    (a singular matrix gives sign 0 and -inf).
//  - Lu (LuOp): the packed unit-lower L and U, and the permutation p with
//    A[p] = L U (p of the index type of the result).
//  - Cholesky (CholeskyOp, Eigen LLT): the lower factor from the lower
//    triangle (the upper triangle is ignored and the result's upper part
//    is 0); a matrix that is not positive definite gives NaN (TF's kernel
//    reports an error).
//  - Svd (SvdOp): one-sided Jacobi (Hestenes) in f64, singular values
//    descending; U / V columns are determined up to sign, as in TF.
// Shapes and dtypes: static float matrices [batch..., n, n] with n <=
// kMaxUnroll (8) (Svd: [batch..., m, n], both dims in 1..8); half-precision
// inputs are computed in f32. Refused: dynamic shapes, larger matrices;
// Svd's full_matrices U/V of a non-square matrix when they are used.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Linalg/Unrolled.h"
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;
using linalg::Grid;
using linalg::Ops;

/// Determinant-like ops: sign/parity and the diagonal of U.
LogicalResult determinant(Operation *op, OpBuilder &b, Value input,
                          SmallVectorImpl<Value> &results, std::string &why,
                          bool logForm) {
  auto a = linalg::squareMatrix(input);
  if (!a)
    return fail(why, "needs a static float square matrix (n <= 8)");
  Location loc = op->getLoc();
  Type elt = a.getElementType(), ct = linalg::computeType(b, elt);
  Grid A = linalg::split(b, loc, convert(b, loc, input, ct));
  Ops o{b, loc, A.batch, ct};
  Value parity = linalg::luInPlace(o, A, nullptr, nullptr);
  int64_t n = A.rows();
  if (!logForm) {
    Value det = parity;
    for (int64_t i = 0; i < n; ++i)
      det = o.mul(det, A.e[i][i]);
    results.push_back(convert(b, loc, det, elt));
    return success();
  }
  Value sign = parity, logAbs = o.c(0);
  for (int64_t i = 0; i < n; ++i) {
    // sign(u_ii) by comparisons (0 for 0; NaN compares false -> 0).
    Value u = A.e[i][i];
    Value sg =
        o.sel(compare(b, loc, u, o.c(0), Dir::GT), o.c(1),
              o.sel(compare(b, loc, u, o.c(0), Dir::LT), o.c(-1), o.c(0)));
    sign = o.mul(sign, sg);
    logAbs =
        o.add(logAbs, LogOp::create(b, loc, AbsOp::create(b, loc, A.e[i][i])));
  }
  results.push_back(convert(b, loc, sign, elt));
  results.push_back(convert(b, loc, logAbs, elt));
  return success();
}

/// tf.MatrixDeterminant / tf.LogMatrixDeterminant -> unrolled LU and the
/// product (sum of logs) of U's diagonal.
template <typename TFOp, bool LogForm>
struct DeterminantLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    std::string why;
    if (failed(determinant(op, b, a.getInput(), results, why, LogForm)))
      return this->fail(op, b, why);
    return success();
  }
};

/// tf.Lu -> unrolled partial-pivot LU (packed factors, permutation).
struct LuLowering : HLOPattern<TF::LuOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::LuOp op, OpAdaptor ad, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto a = linalg::squareMatrix(ad.getInput());
    auto pt = staticResult(op, 1);
    if (!a || !pt)
      return fail(op, b, "needs a static float square matrix (n <= 8)");
    Location loc = op.getLoc();
    Type elt = a.getElementType(), ct = linalg::computeType(b, elt);
    Grid A = linalg::split(b, loc, tohlo::convert(b, loc, ad.getInput(), ct));
    Ops o{b, loc, A.batch, ct};
    int64_t n = A.rows();
    SmallVector<Value> perm;
    for (int64_t i = 0; i < n; ++i)
      perm.push_back(o.c(static_cast<double>(i)));
    (void)linalg::luInPlace(o, A, nullptr, &perm);
    results.push_back(tohlo::convert(b, loc, linalg::join(b, loc, A), elt));
    // p as [batch..., n] of the index type.
    Value p = linalg::joinVector(b, loc, A.batch, perm);
    results.push_back(tohlo::convert(b, loc, p, pt.getElementType()));
    return success();
  }
};

/// tf.Cholesky -> unrolled Cholesky-Banachiewicz (Eigen LLT) factor.
struct CholeskyLowering : HLOPattern<TF::CholeskyOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::CholeskyOp op, OpAdaptor ad,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto a = linalg::squareMatrix(ad.getInput());
    if (!a)
      return fail(op, b, "needs a static float square matrix (n <= 8)");
    Location loc = op.getLoc();
    Type elt = a.getElementType(), ct = linalg::computeType(b, elt);
    Grid A = linalg::split(b, loc, tohlo::convert(b, loc, ad.getInput(), ct));
    Ops o{b, loc, A.batch, ct};
    int64_t n = A.rows();
    Grid L = A;
    for (int64_t j = 0; j < n; ++j) {
      Value d = A.e[j][j];
      for (int64_t k = 0; k < j; ++k)
        d = o.sub(d, o.mul(L.e[j][k], L.e[j][k]));
      L.e[j][j] = SqrtOp::create(b, loc, d);
      for (int64_t i = j + 1; i < n; ++i) {
        Value v = A.e[i][j];
        for (int64_t k = 0; k < j; ++k)
          v = o.sub(v, o.mul(L.e[i][k], L.e[j][k]));
        L.e[i][j] = o.div(v, L.e[j][j]);
      }
      for (int64_t i = 0; i < j; ++i)
        L.e[i][j] = o.c(0);
    }
    results.push_back(tohlo::convert(b, loc, linalg::join(b, loc, L), elt));
    return success();
  }
};

/// tf.Svd -> unrolled one-sided Jacobi (Hestenes) on the columns of A
/// (m >= n; A^T otherwise, swapping U and V), kSvdSweeps cyclic sweeps, in
/// f64: each rotation of columns (p, q) zeroes their inner product; the
/// singular values are the final column norms, U's columns the normalized
/// columns, V the accumulated rotations; all sorted by descending singular
/// value.
struct SvdLowering : HLOPattern<TF::SvdOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::SvdOp op, OpAdaptor ad,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    constexpr int kSvdSweeps = 10;
    auto a = staticType(ad.getInput());
    if (!a || a.getRank() < 2 || !isa<FloatType>(a.getElementType()))
      return fail(op, b, "needs a static float matrix");
    int64_t r = a.getRank(), M = a.getDimSize(r - 2), N = a.getDimSize(r - 1);
    if (M < 1 || N < 1 || M > linalg::kMaxUnroll || N > linalg::kMaxUnroll)
      return fail(op, b, "matrix dims must be in 1..8");
    bool uv = op.getComputeUv(), full = op.getFullMatrices();
    if (uv && full && M != N &&
        !(op->getResult(1).use_empty() && op->getResult(2).use_empty()))
      return fail(op, b,
                  "full_matrices U/V of a non-square matrix are not supported");
    Location loc = op.getLoc();
    Type elt = a.getElementType(), ct = b.getF64Type();
    bool tr = M < N;
    Value x = tohlo::convert(b, loc, ad.getInput(), ct);
    if (tr) {
      SmallVector<int64_t> perm;
      for (int64_t d = 0; d < r - 2; ++d)
        perm.push_back(d);
      perm.push_back(r - 1);
      perm.push_back(r - 2);
      x = transpose(b, loc, x, perm);
    }
    Grid A = linalg::split(b, loc, x);
    int64_t m = A.rows(), n = A.cols(); // m >= n
    Ops o{b, loc, A.batch, ct};
    Grid V = A;
    V.e.assign(n, SmallVector<Value>(n));
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        V.e[i][j] = o.c(i == j ? 1 : 0);
    auto dot = [&](Grid &g, int64_t p, int64_t q) {
      Value acc = o.mul(g.e[0][p], g.e[0][q]);
      for (int64_t i = 1; i < g.rows(); ++i)
        acc = o.add(acc, o.mul(g.e[i][p], g.e[i][q]));
      return acc;
    };
    auto rotate = [&](Grid &g, int64_t p, int64_t q, Value c, Value s) {
      for (int64_t i = 0; i < g.rows(); ++i) {
        Value ap = g.e[i][p], aq = g.e[i][q];
        g.e[i][p] = o.sub(o.mul(c, ap), o.mul(s, aq));
        g.e[i][q] = o.add(o.mul(s, ap), o.mul(c, aq));
      }
    };
    for (int sweep = 0; sweep < kSvdSweeps; ++sweep)
      for (int64_t p = 0; p < n; ++p)
        for (int64_t q = p + 1; q < n; ++q) {
          Value alpha = dot(A, p, p), beta = dot(A, q, q), gamma = dot(A, p, q);
          // Rotate only when the columns are not already orthogonal.
          Value rot = compare(
              b, loc, AbsOp::create(b, loc, gamma),
              o.mul(o.c(1e-15), SqrtOp::create(b, loc, o.mul(alpha, beta))),
              Dir::GT);
          Value safeGamma = o.sel(rot, gamma, o.c(1));
          Value zeta = o.div(o.sub(beta, alpha), o.mul(o.c(2), safeGamma));
          Value sgn =
              o.sel(compare(b, loc, zeta, o.c(0), Dir::GE), o.c(1), o.c(-1));
          Value t = o.div(
              sgn,
              o.add(AbsOp::create(b, loc, zeta),
                    SqrtOp::create(b, loc, o.add(o.c(1), o.mul(zeta, zeta)))));
          t = o.sel(rot, t, o.c(0));
          Value c =
              o.div(o.c(1), SqrtOp::create(b, loc, o.add(o.c(1), o.mul(t, t))));
          Value s = o.mul(c, t);
          rotate(A, p, q, c, s);
          rotate(V, p, q, c, s);
        }
    SmallVector<Value> sv(n);
    for (int64_t j = 0; j < n; ++j)
      sv[j] = SqrtOp::create(b, loc, dot(A, j, j));
    Grid U = A;
    for (int64_t j = 0; j < n; ++j) {
      Value inv = o.sel(compare(b, loc, sv[j], o.c(0), Dir::GT),
                        o.div(o.c(1), sv[j]), o.c(0));
      for (int64_t i = 0; i < m; ++i)
        U.e[i][j] = o.mul(U.e[i][j], inv);
    }
    // Sort descending (bubble network of compare-and-swap on columns).
    for (int64_t pass = 0; pass < n; ++pass)
      for (int64_t j = 0; j + 1 < n; ++j) {
        Value sw = compare(b, loc, sv[j], sv[j + 1], Dir::LT);
        auto swapCols = [&](Grid &g) {
          for (int64_t i = 0; i < g.rows(); ++i) {
            Value x0 = g.e[i][j], x1 = g.e[i][j + 1];
            g.e[i][j] = o.sel(sw, x1, x0);
            g.e[i][j + 1] = o.sel(sw, x0, x1);
          }
        };
        swapCols(U);
        swapCols(V);
        Value s0 = sv[j], s1 = sv[j + 1];
        sv[j] = o.sel(sw, s1, s0);
        sv[j + 1] = o.sel(sw, s0, s1);
      }
    Value sres = linalg::joinVector(b, loc, A.batch, sv);
    results.push_back(tohlo::convert(b, loc, sres, elt));
    Value uRes = tohlo::convert(b, loc, linalg::join(b, loc, tr ? V : U), elt);
    Value vRes = tohlo::convert(b, loc, linalg::join(b, loc, tr ? U : V), elt);
    for (unsigned i = 1; i < 3; ++i) {
      auto want = staticResult(op, i);
      if (!want)
        return fail(op, b, "U and V results must be static");
      Value got = i == 1 ? uRes : vRes;
      if (cast<RankedTensorType>(got.getType()).getShape() != want.getShape()) {
        // Not computed (compute_uv = false, or unused full_matrices results).
        if (uv && !op->getResult(i).use_empty())
          return fail(op, b, "U/V result shape disagrees");
        got = splat(b, loc, want, 0);
      }
      results.push_back(got);
    }
    return success();
  }
};

} // namespace

void populateLinalgDecompositionsPatterns(RewritePatternSet &patterns,
                                          ConversionState &state) {
  patterns.add<DeterminantLowering<TF::MatrixDeterminantOp, false>,
               DeterminantLowering<TF::LogMatrixDeterminantOp, true>,
               LuLowering, CholeskyLowering, SvdLowering>(patterns.getContext(),
                                                          state);
}

} // namespace tfmlir::tohlo
