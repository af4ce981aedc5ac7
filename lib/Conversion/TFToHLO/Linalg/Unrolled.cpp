//===- Unrolled.cpp - unrolled small-matrix algebra (see Unrolled.h) -----===//
#include "lib/Conversion/TFToHLO/Linalg/Unrolled.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo::linalg {

using Dir = ComparisonDirection;

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
                       : Value(ConcatenateOp::create(
                             b, loc, cells, static_cast<uint64_t>(br + 1))));
  }
  return rows.size() == 1 ? rows[0]
                          : Value(ConcatenateOp::create(
                                b, loc, rows, static_cast<uint64_t>(br)));
}

Value joinVector(OpBuilder &b, Location loc, ArrayRef<int64_t> batch,
                 ArrayRef<Value> v) {
  SmallVector<Value> cells;
  SmallVector<int64_t> s(batch);
  s.push_back(1);
  for (Value x : v)
    cells.push_back(reshape(b, loc, x, s));
  return cells.size() == 1
             ? cells[0]
             : Value(ConcatenateOp::create(
                   b, loc, cells, static_cast<uint64_t>(batch.size())));
}

RankedTensorType squareMatrix(Value v) {
  auto t = staticType(v);
  if (!t || t.getRank() < 2 || !isa<FloatType>(t.getElementType()))
    return {};
  int64_t n = t.getShape().back();
  if (n != t.getDimSize(t.getRank() - 2) || n < 1 || n > kMaxUnroll)
    return {};
  return t;
}

Type computeType(OpBuilder &b, Type elt) {
  return elt.getIntOrFloatBitWidth() < 32 ? Type(b.getF32Type()) : elt;
}

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
        isPivot[r] =
            compare(o.b, o.loc, bestRow, o.c(static_cast<double>(r)), Dir::EQ);
      Value swapped =
          compare(o.b, o.loc, bestRow, o.c(static_cast<double>(k)), Dir::NE);
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

} // namespace tfmlir::tohlo::linalg
