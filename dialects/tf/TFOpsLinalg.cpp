//===- TFOpsLinalg.cpp - batched linear algebra --------------------------===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

static constexpr int64_t kDyn = ShapedType::kDynamic;

/// `input` is a batch of matrices (rank >= 2), square if `square`.
/// Returns the shape when ranked.
static FailureOr<std::optional<SmallVector<int64_t>>>
verifyMatrices(Operation *op, Value input, StringRef name, bool square) {
  if (failed(verifyRankRange(op, input, name, 2)))
    return failure();
  auto t = dyn_cast<ShapedType>(input.getType());
  if (!t || !t.hasRank())
    return std::optional<SmallVector<int64_t>>();
  int64_t r = t.getRank();
  if (square && !dimsCompatible(t.getDimSize(r - 1), t.getDimSize(r - 2)))
    return op->emitOpError()
           << "requires square matrices in '" << name << "', got " << t;
  return std::optional<SmallVector<int64_t>>(
      SmallVector<int64_t>(t.getShape()));
}

/// Shape [batch..., extra...] for a matrix shape [batch..., M, N].
static SmallVector<int64_t> withBatch(ArrayRef<int64_t> shape,
                                      ArrayRef<int64_t> extra) {
  SmallVector<int64_t> out(shape.drop_back(2));
  out.append(extra.begin(), extra.end());
  return out;
}

LogicalResult MatrixInverseOp::verify() {
  auto s = verifyMatrices(*this, getInput(), "input", true);
  if (failed(s))
    return failure();
  if (!shapesCompatible(getInput().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of 'input'";
  return success();
}

LogicalResult CholeskyOp::verify() {
  auto s = verifyMatrices(*this, getInput(), "input", true);
  if (failed(s))
    return failure();
  if (!shapesCompatible(getInput().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of 'input'";
  return success();
}

LogicalResult MatrixDeterminantOp::verify() {
  auto s = verifyMatrices(*this, getInput(), "input", true);
  if (failed(s))
    return failure();
  if (*s)
    return verifyResultShape(*this, getOutput(), withBatch(**s, {}));
  return success();
}

LogicalResult LogMatrixDeterminantOp::verify() {
  auto s = verifyMatrices(*this, getInput(), "input", true);
  if (failed(s))
    return failure();
  if (*s && (failed(verifyResultShape(*this, getSign(), withBatch(**s, {}))) ||
             failed(verifyResultShape(*this, getLogAbsDeterminant(),
                                      withBatch(**s, {})))))
    return failure();
  return success();
}

LogicalResult LuOp::verify() {
  auto s = verifyMatrices(*this, getInput(), "input", true);
  if (failed(s))
    return failure();
  if (!shapesCompatible(getInput().getType(), getLu().getType()))
    return emitOpError() << "requires 'lu' to have the shape of 'input'";
  if (*s)
    return verifyResultShape(*this, getP(), withBatch(**s, {(**s).back()}));
  return success();
}

template <typename OpTy>
static LogicalResult verifySolve(OpTy op, bool broadcast) {
  auto m = verifyMatrices(op, op.getMatrix(), "matrix", true);
  auto r = verifyMatrices(op, op.getRhs(), "rhs", false);
  if (failed(m) || failed(r))
    return failure();
  if (!*m || !*r)
    return success();
  ArrayRef<int64_t> ms = **m, rs = **r;
  if (!dimsCompatible(ms[ms.size() - 2], rs[rs.size() - 2]))
    return op.emitOpError()
           << "requires 'rhs' rows (" << rs[rs.size() - 2]
           << ") to match the matrix size (" << ms[ms.size() - 2] << ")";
  SmallVector<int64_t> batch;
  if (broadcast) {
    if (!broadcastShapes(ms.drop_back(2), rs.drop_back(2), batch))
      return op.emitOpError() << "batch dims of 'matrix' and 'rhs' are not "
                                 "broadcast-compatible";
  } else {
    if (ms.size() != rs.size() ||
        !shapesCompatible(RankedTensorType::get(ms.drop_back(2),
                                                op.getType().getElementType()),
                          RankedTensorType::get(rs.drop_back(2),
                                                op.getType().getElementType())))
      return op.emitOpError() << "requires equal batch dims in 'matrix' and "
                                 "'rhs'";
    batch.assign(rs.begin(), rs.end() - 2);
  }
  batch.push_back(rs[rs.size() - 2]);
  batch.push_back(rs.back());
  return verifyResultShape(op, op.getOutput(), batch);
}

LogicalResult MatrixSolveOp::verify() { return verifySolve(*this, false); }
LogicalResult MatrixTriangularSolveOp::verify() {
  return verifySolve(*this, true);
}

LogicalResult SvdOp::verify() {
  auto s = verifyMatrices(*this, getInput(), "input", false);
  if (failed(s))
    return failure();
  if (!*s)
    return success();
  ArrayRef<int64_t> shape = **s;
  int64_t m = shape[shape.size() - 2], n = shape.back();
  int64_t p = ShapedType::isDynamic(m) || ShapedType::isDynamic(n)
                  ? kDyn
                  : std::min(m, n);
  if (failed(verifyResultShape(*this, getS(), withBatch(shape, {p}))))
    return failure();
  if (!getComputeUv())
    return success();
  bool full = getFullMatrices();
  if (failed(verifyResultShape(*this, getU(),
                               withBatch(shape, {m, full ? m : p}))) ||
      failed(verifyResultShape(*this, getV(),
                               withBatch(shape, {n, full ? n : p}))))
    return failure();
  return success();
}

LogicalResult QrOp::verify() {
  auto s = verifyMatrices(*this, getInput(), "input", false);
  if (failed(s))
    return failure();
  if (!*s)
    return success();
  ArrayRef<int64_t> shape = **s;
  int64_t m = shape[shape.size() - 2], n = shape.back();
  int64_t p = ShapedType::isDynamic(m) || ShapedType::isDynamic(n)
                  ? kDyn
                  : std::min(m, n);
  bool full = getFullMatrices();
  if (failed(verifyResultShape(*this, getQ(),
                               withBatch(shape, {m, full ? m : p}))) ||
      failed(verifyResultShape(*this, getR(),
                               withBatch(shape, {full ? m : p, n}))))
    return failure();
  return success();
}

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsLinalg.cpp.inc"

void tfmlir::TF::registerLinalgOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsLinalg.cpp.inc"
      >();
}
