//===- ConvertLinalg.cpp - tf linear algebra -> unrolled hlo --------------===//
//
// Small static matrices (n <= kMaxUnroll) are factored with the algorithms
// TF's CPU kernels use (Eigen), fully unrolled over the matrix entries:
// every entry is a tensor of the batch shape, so one hlo op handles all the
// matrices of a batch at once. (tf2xla builds the same algorithms from hlo
// with loops; unrolling suits the sizes found in real graphs' linalg ops
// and lowers with element-wise ops only.)
//  - LU with partial pivoting (Eigen's PartialPivLU: the pivot is the first
//    row of largest |a_ik| at or below the diagonal; rows are swapped with
//    selects since every batch element pivots on its own):
//      MatrixSolve (adjoint solves with the transpose), MatrixInverse,
//      MatrixDeterminant = prod(diag U) * parity, LogMatrixDeterminant
//      (sign, sum log|u_ii|; a singular matrix gives sign 0 and -inf),
//      Lu (packed unit-lower L and U, and the permutation p with
//      A[p] = L U).
//  - Cholesky: the lower factor from the lower triangle (Eigen LLT, the
//    upper triangle is ignored and the result's upper part is 0); a matrix
//    that is not positive definite gives NaN (TF's kernel reports an error).
//  - MatrixTriangularSolve: forward / back substitution with only the
//    triangle `lower` names (adjoint uses the transposed matrix).
//  - Svd: one-sided Jacobi (see convertSvd), singular values descending;
//    U / V columns are determined up to sign, as in TF.
//  - Cross: the 3-vector cross product over the last dim (slices).
// Half-precision inputs are computed in f32. Shapes: matrices are
// [batch..., n, n], right-hand sides [batch..., n, k] (batch dims
// broadcast to the result's).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;
constexpr int64_t kMaxUnroll = 8;

/// A matrix held entry by entry: e[i][j] has the batch shape.
struct Grid {
  SmallVector<int64_t> batch;
  Type elt;
  SmallVector<SmallVector<Value>> e;
  int64_t rows() const { return e.size(); }
  int64_t cols() const { return e.empty() ? 0 : e[0].size(); }
};

/// Splits the static [batch..., n, m] value `x` into entries.
Grid split(OpBuilder &b, Location loc, Value x) {
  auto t = cast<RankedTensorType>(x.getType());
  int64_t r = t.getRank(), n = t.getDimSize(r - 2), m = t.getDimSize(r - 1);
  Grid g;
  g.batch.assign(t.getShape().begin(), t.getShape().end() - 2);
  g.elt = t.getElementType();
  g.e.resize(n);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < m; ++j) {
      SmallVector<int64_t> start(r, 0), limit(t.getShape()), step(r, 1);
      start[r - 2] = i;
      limit[r - 2] = i + 1;
      start[r - 1] = j;
      limit[r - 1] = j + 1;
      Value s = SliceOp::create(b, loc, x, start, limit, step);
      g.e[i].push_back(reshape(b, loc, s, g.batch));
    }
  return g;
}

/// Joins entries back into a [batch..., n, m] value.
Value join(OpBuilder &b, Location loc, const Grid &g) {
  int64_t br = g.batch.size();
  SmallVector<Value> rows;
  for (auto &row : g.e) {
    SmallVector<Value> cells;
    for (Value v : row) {
      SmallVector<int64_t> s(g.batch);
      s.push_back(1);
      s.push_back(1);
      cells.push_back(reshape(b, loc, v, s));
    }
    rows.push_back(cells.size() == 1
                       ? cells[0]
                       : Value(ConcatenateOp::create(b, loc, cells,
                                                     static_cast<uint64_t>(br + 1))));
  }
  return rows.size() == 1 ? rows[0]
                          : Value(ConcatenateOp::create(b, loc, rows,
                                                        static_cast<uint64_t>(br)));
}

struct Ops {
  OpBuilder &b;
  Location loc;
  SmallVector<int64_t> batch;
  Type elt;
  RankedTensorType type() const { return RankedTensorType::get(batch, elt); }
  Value c(double v) const { return splat(b, loc, type(), v); }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return MultiplyOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return DivideOp::create(b, loc, x, y); }
  Value sel(Value p, Value x, Value y) { return SelectOp::create(b, loc, p, x, y); }
};

/// The square matrix operand `v` with a static [batch..., n, n] type (n in
/// 1..kMaxUnroll) and a float element type.
RankedTensorType squareMatrix(Value v) {
  auto t = staticType(v);
  if (!t || t.getRank() < 2 || !isa<FloatType>(t.getElementType()))
    return {};
  int64_t n = t.getShape().back();
  if (n != t.getDimSize(t.getRank() - 2) || n < 1 || n > kMaxUnroll)
    return {};
  return t;
}

/// The element type computations use (f32 for 16-bit floats).
Type computeType(OpBuilder &b, Type elt) {
  return elt.getIntOrFloatBitWidth() < 32 ? Type(b.getF32Type()) : elt;
}

/// In-place partial-pivot LU of `a` (n x n grid); also applies the row
/// swaps to `rhs` when given and to `perm` (row indices, f-typed), and
/// returns the parity (+1 / -1) of the permutation.
Value luInPlace(Ops &o, Grid &a, Grid *rhs, SmallVector<Value> *perm) {
  int64_t n = a.rows();
  Value parity = o.c(1);
  for (int64_t k = 0; k < n; ++k) {
    // The pivot row: the first row r >= k of largest |a_rk|.
    SmallVector<Value> isPivot(n);
    if (k + 1 < n) {
      Value best = AbsOp::create(o.b, o.loc, a.e[k][k]);
      Value bestRow = o.c(static_cast<double>(k));
      for (int64_t r = k + 1; r < n; ++r) {
        Value v = AbsOp::create(o.b, o.loc, a.e[r][k]);
        Value gt = compare(o.b, o.loc, v, best, Dir::GT);
        best = o.sel(gt, v, best);
        bestRow = o.sel(gt, o.c(static_cast<double>(r)), bestRow);
      }
      for (int64_t r = k + 1; r < n; ++r)
        isPivot[r] = compare(o.b, o.loc, bestRow, o.c(static_cast<double>(r)),
                             Dir::EQ);
      Value swapped = compare(o.b, o.loc, bestRow, o.c(static_cast<double>(k)),
                              Dir::NE);
      parity = o.sel(swapped, SubtractOp::create(o.b, o.loc, o.c(0), parity),
                     parity);
      auto swapRows = [&](SmallVector<SmallVector<Value>> &e) {
        int64_t m = e[k].size();
        for (int64_t j = 0; j < m; ++j) {
          Value pivotVal = e[k][j];
          for (int64_t r = k + 1; r < n; ++r)
            pivotVal = o.sel(isPivot[r], e[r][j], pivotVal);
          for (int64_t r = k + 1; r < n; ++r)
            e[r][j] = o.sel(isPivot[r], e[k][j], e[r][j]);
          e[k][j] = pivotVal;
        }
      };
      swapRows(a.e);
      if (rhs)
        swapRows(rhs->e);
      if (perm) {
        SmallVector<SmallVector<Value>> pe;
        for (Value v : *perm)
          pe.push_back({v});
        swapRows(pe);
        for (int64_t r = 0; r < n; ++r)
          (*perm)[r] = pe[r][0];
      }
    }
    // Eliminate below the pivot; the multipliers are stored in place (L).
    for (int64_t r = k + 1; r < n; ++r) {
      // A zero pivot means the column below is zero too: Eigen then skips
      // the division (multipliers 0), so a singular matrix gets a zero
      // on U's diagonal rather than NaN.
      Value zeroPivot = compare(o.b, o.loc, a.e[k][k], o.c(0), Dir::EQ);
      Value f = o.sel(zeroPivot, a.e[r][k], o.div(a.e[r][k], a.e[k][k]));
      a.e[r][k] = f;
      for (int64_t j = k + 1; j < n; ++j)
        a.e[r][j] = o.sub(a.e[r][j], o.mul(f, a.e[k][j]));
    }
  }
  return parity;
}

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

LogicalResult convertSolveLike(Operation *op, OpBuilder &b,
                               SmallVectorImpl<Value> &results, std::string &why,
                               bool inverse) {
  auto a = squareMatrix(op->getOperand(0));
  auto out = staticResult(op);
  if (!a || !out || out.getRank() < 2)
    return fail(why, "needs a static float square matrix (n <= 8) and a static result");
  Location loc = op->getLoc();
  Type elt = out.getElementType(), ct = computeType(b, elt);
  SmallVector<int64_t> batch(out.getShape().begin(), out.getShape().end() - 2);
  Value am = toBatch(b, loc, convert(b, loc, op->getOperand(0), ct), batch);
  if (!am)
    return fail(why, "matrix batch dims do not broadcast to the result's");
  int64_t n = a.getShape().back();
  Ops o{b, loc, batch, ct};
  Grid A = split(b, loc, am);
  if (boolAttr(op, "adjoint"))
    A = transposed(A);
  Grid rhs;
  if (inverse) {
    rhs = A;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        rhs.e[i][j] = o.c(i == j ? 1 : 0);
  } else {
    auto bt = staticType(op->getOperand(1));
    if (!bt || bt.getRank() < 2 || bt.getDimSize(bt.getRank() - 2) != n)
      return fail(why, "rhs must be a static [..., n, k] tensor");
    Value bm = toBatch(b, loc, convert(b, loc, op->getOperand(1), ct), batch);
    if (!bm)
      return fail(why, "rhs batch dims do not broadcast to the result's");
    rhs = split(b, loc, bm);
  }
  (void)luInPlace(o, A, &rhs, nullptr);
  luSolve(o, A, rhs);
  Value r = convert(b, loc, join(b, loc, rhs), elt);
  if (cast<RankedTensorType>(r.getType()).getShape() != out.getShape())
    return fail(why, "result shape disagrees");
  results.push_back(r);
  return success();
}

LogicalResult convertMatrixSolve(Operation *op, OpBuilder &b,
                                 SmallVectorImpl<Value> &results, std::string &why) {
  return convertSolveLike(op, b, results, why, false);
}

LogicalResult convertMatrixInverse(Operation *op, OpBuilder &b,
                                   SmallVectorImpl<Value> &results,
                                   std::string &why) {
  return convertSolveLike(op, b, results, why, true);
}

/// Determinant-like ops: sign/parity and the diagonal of U.
LogicalResult convertDeterminant(Operation *op, OpBuilder &b,
                                 SmallVectorImpl<Value> &results,
                                 std::string &why, bool logForm) {
  auto a = squareMatrix(op->getOperand(0));
  if (!a)
    return fail(why, "needs a static float square matrix (n <= 8)");
  Location loc = op->getLoc();
  Type elt = a.getElementType(), ct = computeType(b, elt);
  Grid A = split(b, loc, convert(b, loc, op->getOperand(0), ct));
  Ops o{b, loc, A.batch, ct};
  Value parity = luInPlace(o, A, nullptr, nullptr);
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
    Value sg = o.sel(compare(b, loc, u, o.c(0), Dir::GT), o.c(1),
                     o.sel(compare(b, loc, u, o.c(0), Dir::LT), o.c(-1), o.c(0)));
    sign = o.mul(sign, sg);
    logAbs = o.add(logAbs, LogOp::create(b, loc, AbsOp::create(b, loc, A.e[i][i])));
  }
  results.push_back(convert(b, loc, sign, elt));
  results.push_back(convert(b, loc, logAbs, elt));
  return success();
}

LogicalResult convertMatrixDeterminant(Operation *op, OpBuilder &b,
                                       SmallVectorImpl<Value> &results,
                                       std::string &why) {
  return convertDeterminant(op, b, results, why, false);
}

LogicalResult convertLogMatrixDeterminant(Operation *op, OpBuilder &b,
                                          SmallVectorImpl<Value> &results,
                                          std::string &why) {
  return convertDeterminant(op, b, results, why, true);
}

LogicalResult convertLu(Operation *op, OpBuilder &b,
                        SmallVectorImpl<Value> &results, std::string &why) {
  auto a = squareMatrix(op->getOperand(0));
  auto pt = staticResult(op, 1);
  if (!a || !pt)
    return fail(why, "needs a static float square matrix (n <= 8)");
  Location loc = op->getLoc();
  Type elt = a.getElementType(), ct = computeType(b, elt);
  Grid A = split(b, loc, convert(b, loc, op->getOperand(0), ct));
  Ops o{b, loc, A.batch, ct};
  int64_t n = A.rows();
  SmallVector<Value> perm;
  for (int64_t i = 0; i < n; ++i)
    perm.push_back(o.c(static_cast<double>(i)));
  (void)luInPlace(o, A, nullptr, &perm);
  results.push_back(convert(b, loc, join(b, loc, A), elt));
  // p as [batch..., n] of the index type.
  SmallVector<Value> cells;
  SmallVector<int64_t> s(A.batch);
  s.push_back(1);
  for (Value v : perm)
    cells.push_back(reshape(b, loc, v, s));
  Value p = cells.size() == 1
                ? cells[0]
                : Value(ConcatenateOp::create(b, loc, cells,
                                              static_cast<uint64_t>(A.batch.size())));
  results.push_back(convert(b, loc, p, pt.getElementType()));
  return success();
}

LogicalResult convertCholesky(Operation *op, OpBuilder &b,
                              SmallVectorImpl<Value> &results, std::string &why) {
  auto a = squareMatrix(op->getOperand(0));
  if (!a)
    return fail(why, "needs a static float square matrix (n <= 8)");
  Location loc = op->getLoc();
  Type elt = a.getElementType(), ct = computeType(b, elt);
  Grid A = split(b, loc, convert(b, loc, op->getOperand(0), ct));
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
  results.push_back(convert(b, loc, join(b, loc, L), elt));
  return success();
}

LogicalResult convertTriangularSolve(Operation *op, OpBuilder &b,
                                     SmallVectorImpl<Value> &results,
                                     std::string &why) {
  auto a = squareMatrix(op->getOperand(0));
  auto out = staticResult(op);
  auto bt = staticType(op->getOperand(1));
  if (!a || !out || !bt || out.getRank() < 2 || bt.getRank() < 2)
    return fail(why, "needs a static float square matrix (n <= 8), rhs and result");
  int64_t n = a.getShape().back();
  if (bt.getDimSize(bt.getRank() - 2) != n)
    return fail(why, "rhs rows must equal the matrix size");
  Location loc = op->getLoc();
  Type elt = out.getElementType(), ct = computeType(b, elt);
  SmallVector<int64_t> batch(out.getShape().begin(), out.getShape().end() - 2);
  Value am = toBatch(b, loc, convert(b, loc, op->getOperand(0), ct), batch);
  Value bm = toBatch(b, loc, convert(b, loc, op->getOperand(1), ct), batch);
  if (!am || !bm)
    return fail(why, "batch dims do not broadcast to the result's");
  Grid A = split(b, loc, am), X = split(b, loc, bm);
  Ops o{b, loc, batch, ct};
  bool lower = boolAttr(op, "lower", true);
  if (boolAttr(op, "adjoint")) {
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
  Value r = convert(b, loc, join(b, loc, X), elt);
  if (cast<RankedTensorType>(r.getType()).getShape() != out.getShape())
    return fail(why, "result shape disagrees");
  results.push_back(r);
  return success();
}


/// Svd by one-sided Jacobi (Hestenes) on the columns of A (m >= n; A^T
/// otherwise, swapping U and V), kSvdSweeps cyclic sweeps, in f64: each
/// rotation of columns (p, q) zeroes their inner product; the singular
/// values are the final column norms, U's columns the normalized columns,
/// V the accumulated rotations; all sorted by descending singular value.
LogicalResult convertSvd(Operation *op, OpBuilder &b,
                         SmallVectorImpl<Value> &results, std::string &why) {
  constexpr int kSvdSweeps = 10;
  auto a = staticType(op->getOperand(0));
  if (!a || a.getRank() < 2 || !isa<FloatType>(a.getElementType()))
    return fail(why, "needs a static float matrix");
  int64_t r = a.getRank(), M = a.getDimSize(r - 2), N = a.getDimSize(r - 1);
  if (M < 1 || N < 1 || M > kMaxUnroll || N > kMaxUnroll)
    return fail(why, "matrix dims must be in 1..8");
  bool uv = boolAttr(op, "compute_uv", true), full = boolAttr(op, "full_matrices");
  if (uv && full && M != N && !(op->getResult(1).use_empty() &&
                                op->getResult(2).use_empty()))
    return fail(why, "full_matrices U/V of a non-square matrix are not supported");
  Location loc = op->getLoc();
  Type elt = a.getElementType(), ct = b.getF64Type();
  bool tr = M < N;
  Value x = convert(b, loc, op->getOperand(0), ct);
  if (tr) {
    SmallVector<int64_t> perm;
    for (int64_t d = 0; d < r - 2; ++d)
      perm.push_back(d);
    perm.push_back(r - 1);
    perm.push_back(r - 2);
    x = transpose(b, loc, x, perm);
  }
  Grid A = split(b, loc, x);
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
        Value rot = compare(b, loc, AbsOp::create(b, loc, gamma),
                            o.mul(o.c(1e-15),
                                  SqrtOp::create(b, loc, o.mul(alpha, beta))),
                            Dir::GT);
        Value safeGamma = o.sel(rot, gamma, o.c(1));
        Value zeta = o.div(o.sub(beta, alpha), o.mul(o.c(2), safeGamma));
        Value sgn = o.sel(compare(b, loc, zeta, o.c(0), Dir::GE), o.c(1), o.c(-1));
        Value t = o.div(sgn, o.add(AbsOp::create(b, loc, zeta),
                                   SqrtOp::create(b, loc, o.add(o.c(1), o.mul(zeta, zeta)))));
        t = o.sel(rot, t, o.c(0));
        Value c = o.div(o.c(1), SqrtOp::create(b, loc, o.add(o.c(1), o.mul(t, t))));
        Value s = o.mul(c, t);
        rotate(A, p, q, c, s);
        rotate(V, p, q, c, s);
      }
  SmallVector<Value> sv(n);
  for (int64_t j = 0; j < n; ++j)
    sv[j] = SqrtOp::create(b, loc, dot(A, j, j));
  Grid U = A;
  for (int64_t j = 0; j < n; ++j) {
    Value inv = o.sel(compare(b, loc, sv[j], o.c(0), Dir::GT), o.div(o.c(1), sv[j]),
                      o.c(0));
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
  SmallVector<Value> cells;
  SmallVector<int64_t> cs(A.batch);
  cs.push_back(1);
  for (Value v : sv)
    cells.push_back(reshape(b, loc, v, cs));
  Value sres = cells.size() == 1
                   ? cells[0]
                   : Value(ConcatenateOp::create(b, loc, cells,
                                                 static_cast<uint64_t>(A.batch.size())));
  results.push_back(convert(b, loc, sres, elt));
  Value uRes = convert(b, loc, join(b, loc, tr ? V : U), elt);
  Value vRes = convert(b, loc, join(b, loc, tr ? U : V), elt);
  for (unsigned i = 1; i < 3; ++i) {
    auto want = staticResult(op, i);
    if (!want)
      return fail(why, "U and V results must be static");
    Value got = i == 1 ? uRes : vRes;
    if (cast<RankedTensorType>(got.getType()).getShape() != want.getShape()) {
      // Not computed (compute_uv = false, or unused full_matrices results).
      if (uv && !op->getResult(i).use_empty())
        return fail(why, "U/V result shape disagrees");
      got = splat(b, loc, want, 0);
    }
    results.push_back(got);
  }
  return success();
}

} // namespace

/// Cross (TF's Cross): a, b of one static shape [..., 3] (int or float) ->
/// a x b over the last dim, [a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0].
LogicalResult convertCross(Operation *op, OpBuilder &b,
                           SmallVectorImpl<Value> &results, std::string &why) {
  auto ta = staticType(op->getOperand(0));
  auto tb = staticType(op->getOperand(1));
  if (!ta || !tb || ta != tb)
    return fail(why, "needs a and b of one static shape");
  int64_t r = ta.getRank();
  if (r < 1 || ta.getDimSize(r - 1) != 3)
    return fail(why, "the last dim of a and b must be 3");
  Location loc = op->getLoc();
  auto comp = [&](Value x, int64_t i) -> Value {
    SmallVector<int64_t> start(r, 0), limit(ta.getShape()), step(r, 1);
    start[r - 1] = i;
    limit[r - 1] = i + 1;
    return SliceOp::create(b, loc, x, start, limit, step);
  };
  Value a = op->getOperand(0), c = op->getOperand(1);
  Value x[3], y[3];
  for (int i = 0; i < 3; ++i) {
    x[i] = comp(a, i);
    y[i] = comp(c, i);
  }
  auto term = [&](int i, int j) -> Value {
    return SubtractOp::create(b, loc, MultiplyOp::create(b, loc, x[i], y[j]),
                              MultiplyOp::create(b, loc, x[j], y[i]));
  };
  Value parts[3] = {term(1, 2), term(2, 0), term(0, 1)};
  results.push_back(ConcatenateOp::create(b, loc, parts,
                                          static_cast<uint64_t>(r - 1)));
  return success();
}

void addLinalgConverters(llvm::StringMap<Converter> &t) {
  t["tf.Cross"] = convertCross;
  t["tf.MatrixSolve"] = convertMatrixSolve;
  t["tf.MatrixInverse"] = convertMatrixInverse;
  t["tf.MatrixDeterminant"] = convertMatrixDeterminant;
  t["tf.LogMatrixDeterminant"] = convertLogMatrixDeterminant;
  t["tf.Lu"] = convertLu;
  t["tf.Cholesky"] = convertCholesky;
  t["tf.MatrixTriangularSolve"] = convertTriangularSolve;
  t["tf.Svd"] = convertSvd;
}

} // namespace tfmlir::tohlo
