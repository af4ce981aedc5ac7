//===- TFOpsRandom.cpp - random number ops -------------------------------===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

/// `shape` is a 1-D vector; with a constant `shape`, the result has that
/// shape followed by `suffix` (the shape of a parameter operand, if any).
static LogicalResult verifyRandomShape(Operation *op, Value shape, Value output,
                                       Value param = {}) {
  if (failed(verifyRank(op, shape, "shape", 1)))
    return failure();
  SmallVector<int64_t> dims;
  if (!getConstantInts(shape, dims))
    return success();
  for (int64_t d : dims)
    if (d < 0)
      return op->emitOpError()
             << "requires non-negative 'shape' entries, got " << d;
  if (param) {
    auto p = dyn_cast<ShapedType>(param.getType());
    if (!p || !p.hasRank())
      return success();
    llvm::append_range(dims, p.getShape());
  }
  return verifyResultShape(op, output, dims);
}

LogicalResult RandomUniformOp::verify() {
  return verifyRandomShape(*this, getShape(), getOutput());
}
LogicalResult RandomStandardNormalOp::verify() {
  return verifyRandomShape(*this, getShape(), getOutput());
}
LogicalResult TruncatedNormalOp::verify() {
  return verifyRandomShape(*this, getShape(), getOutput());
}
LogicalResult RandomUniformIntOp::verify() {
  if (failed(verifyScalar(*this, getMinval(), "minval")) ||
      failed(verifyScalar(*this, getMaxval(), "maxval")))
    return failure();
  std::optional<int64_t> lo = getConstantScalarInt(getMinval());
  std::optional<int64_t> hi = getConstantScalarInt(getMaxval());
  if (lo && hi && *lo >= *hi)
    return emitOpError() << "requires minval < maxval, got " << *lo
                         << " >= " << *hi;
  return verifyRandomShape(*this, getShape(), getOutput());
}
LogicalResult RandomGammaOp::verify() {
  return verifyRandomShape(*this, getShape(), getOutput(), getAlpha());
}
LogicalResult RandomPoissonV2Op::verify() {
  return verifyRandomShape(*this, getShape(), getOutput(), getRate());
}

LogicalResult RandomShuffleOp::verify() {
  if (!shapesCompatible(getValue().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of 'value'";
  return success();
}

LogicalResult MultinomialOp::verify() {
  if (failed(verifyRank(*this, getLogits(), "logits", 2)) ||
      failed(verifyScalar(*this, getNumSamples(), "num_samples")) ||
      failed(verifyRank(*this, getOutput(), "output", 2)) ||
      failed(
          verifyDim(*this, getOutput(), "output", 0, getDim(getLogits(), 0))))
    return failure();
  if (std::optional<int64_t> n = getConstantScalarInt(getNumSamples()))
    return verifyDim(*this, getOutput(), "output", 1, *n);
  return success();
}

template <typename OpTy> static LogicalResult verifyStateless(OpTy op) {
  if (failed(verifyVector(op, op.getSeed(), "seed", 2)))
    return failure();
  return verifyRandomShape(op, op.getShape(), op.getOutput());
}
LogicalResult StatelessRandomUniformOp::verify() {
  return verifyStateless(*this);
}
LogicalResult StatelessRandomNormalOp::verify() {
  return verifyStateless(*this);
}
LogicalResult StatelessTruncatedNormalOp::verify() {
  return verifyStateless(*this);
}

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsRandom.cpp.inc"

void tfmlir::TF::registerRandomOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsRandom.cpp.inc"
      >();
}
