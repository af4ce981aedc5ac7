//===- Unrolled.h - unrolled small-matrix algebra for the Linalg family ---===//
//
// Small static matrices (n <= kMaxUnroll) are factored with the algorithms
// TF's CPU kernels use (Eigen), fully unrolled over the matrix entries:
// every entry is a tensor of the batch shape, so one hlo op handles all the
// matrices of a batch at once. (tf2xla builds the same algorithms from hlo
// with loops; unrolling suits the sizes found in real graphs' linalg ops
// and lowers with element-wise ops only.) Used by Linalg/Solve.cpp and
// Linalg/Decompositions.cpp.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_TFTOHLO_LINALG_UNROLLED_H
#define TFMLIR_LIB_CONVERSION_TFTOHLO_LINALG_UNROLLED_H

#include "lib/Conversion/TFToHLO/Helpers.h"

namespace tfmlir::tohlo::linalg {

/// The largest matrix dim the Linalg patterns unroll.
constexpr int64_t kMaxUnroll = 8;

/// A matrix held entry by entry: e[i][j] has the batch shape.
struct Grid {
  llvm::SmallVector<int64_t> batch;
  mlir::Type elt;
  llvm::SmallVector<llvm::SmallVector<mlir::Value>> e;
  int64_t rows() const { return e.size(); }
  int64_t cols() const { return e.empty() ? 0 : e[0].size(); }
};

/// Splits the static [batch..., n, m] value `x` into entries.
Grid split(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x);
/// Joins entries back into a [batch..., n, m] value.
mlir::Value join(mlir::OpBuilder &b, mlir::Location loc, const Grid &g);

/// Joins `v` (values of the batch shape) into a [batch..., v.size()] value.
mlir::Value joinVector(mlir::OpBuilder &b, mlir::Location loc,
                       llvm::ArrayRef<int64_t> batch,
                       llvm::ArrayRef<mlir::Value> v);

/// Element-wise hlo builders on values of the batch shape and type `elt`.
struct Ops {
  mlir::OpBuilder &b;
  mlir::Location loc;
  llvm::SmallVector<int64_t> batch;
  mlir::Type elt;
  mlir::RankedTensorType type() const {
    return mlir::RankedTensorType::get(batch, elt);
  }
  mlir::Value c(double v) const { return splat(b, loc, type(), v); }
  mlir::Value add(mlir::Value x, mlir::Value y) {
    return hlo::AddOp::create(b, loc, x, y);
  }
  mlir::Value sub(mlir::Value x, mlir::Value y) {
    return hlo::SubtractOp::create(b, loc, x, y);
  }
  mlir::Value mul(mlir::Value x, mlir::Value y) {
    return hlo::MultiplyOp::create(b, loc, x, y);
  }
  mlir::Value div(mlir::Value x, mlir::Value y) {
    return hlo::DivideOp::create(b, loc, x, y);
  }
  mlir::Value sel(mlir::Value p, mlir::Value x, mlir::Value y) {
    return hlo::SelectOp::create(b, loc, p, x, y);
  }
};

/// The square matrix operand `v` with a static [batch..., n, n] type (n in
/// 1..kMaxUnroll) and a float element type, or null.
mlir::RankedTensorType squareMatrix(mlir::Value v);

/// The element type computations use (f32 for 16-bit floats).
mlir::Type computeType(mlir::OpBuilder &b, mlir::Type elt);

/// In-place partial-pivot LU of `a` (n x n grid; Eigen's PartialPivLU: the
/// pivot is the first row of largest |a_ik| at or below the diagonal, rows
/// swapped with selects since every batch element pivots on its own); also
/// applies the row swaps to `rhs` when given and to `perm` (row indices,
/// f-typed), and returns the parity (+1 / -1) of the permutation.
mlir::Value luInPlace(Ops &o, Grid &a, Grid *rhs,
                      llvm::SmallVector<mlir::Value> *perm);

} // namespace tfmlir::tohlo::linalg

#endif
