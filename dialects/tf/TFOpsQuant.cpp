//===- TFOpsQuant.cpp - fake quantization (QAT) op verifiers -------------===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

/// TF's construction check: "num_bits must be between 2 and 16, inclusive".
static LogicalResult verifyNumBits(Operation *op, int64_t numBits) {
  if (numBits < 2 || numBits > 16)
    return op->emitOpError()
           << "requires 'num_bits' between 2 and 16, inclusive, got "
           << numBits;
  return success();
}

/// `min`/`max` are float tensors of `rank` when ranked. Their values are
/// not checked: TF's FakeQuantWithMinMaxVars kernels take any run-time range
/// and nudge it (fake_quant_ops_functor.h; with min > max the scale is
/// negative and every output is the nudged min), so a constant min > max is
/// valid and computes the same (Quant/FakeQuant.cpp).
static LogicalResult verifyRangeOperands(Operation *op, Value min, Value max,
                                         int64_t rank) {
  if (failed(verifyRank(op, min, "min", rank)) ||
      failed(verifyRank(op, max, "max", rank)))
    return failure();
  return success();
}

LogicalResult FakeQuantWithMinMaxArgsOp::verify() {
  if (failed(verifyNumBits(*this, getNumBits())))
    return failure();
  if (!(getMin().convertToDouble() < getMax().convertToDouble()))
    return emitOpError() << "requires min < max (min has to be smaller than "
                            "max), got min "
                         << getMin().convertToDouble() << " >= max "
                         << getMax().convertToDouble();
  if (!shapesCompatible(getInputs().getType(), getOutputs().getType()))
    return emitOpError() << "requires 'outputs' to have the shape of 'inputs'";
  return success();
}

LogicalResult FakeQuantWithMinMaxVarsOp::verify() {
  if (failed(verifyNumBits(*this, getNumBits())) ||
      failed(verifyRangeOperands(*this, getMin(), getMax(), 0)))
    return failure();
  if (!shapesCompatible(getInputs().getType(), getOutputs().getType()))
    return emitOpError() << "requires 'outputs' to have the shape of 'inputs'";
  return success();
}

LogicalResult FakeQuantWithMinMaxVarsPerChannelOp::verify() {
  if (failed(verifyNumBits(*this, getNumBits())) ||
      failed(verifyRankRange(*this, getInputs(), "inputs", 1)) ||
      failed(verifyRangeOperands(*this, getMin(), getMax(), 1)))
    return failure();
  if (auto t = dyn_cast<ShapedType>(getInputs().getType()); t && t.hasRank()) {
    int64_t d = t.getDimSize(t.getRank() - 1);
    if (failed(verifyDim(*this, getMin(), "min", 0, d)) ||
        failed(verifyDim(*this, getMax(), "max", 0, d)))
      return failure();
  }
  if (!shapesCompatible(getInputs().getType(), getOutputs().getType()))
    return emitOpError() << "requires 'outputs' to have the shape of 'inputs'";
  return success();
}

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsQuant.cpp.inc"

void tfmlir::TF::registerQuantOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsQuant.cpp.inc"
      >();
}
