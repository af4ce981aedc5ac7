//===- TFOpsTensorArray.cpp - TF1 TensorArray (V3) ops -------------------===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

/// `handle` is a scalar resource tensor.
static LogicalResult verifyHandle(Operation *op, Value handle,
                                  StringRef name = "handle") {
  if (!isResourceTensor(handle.getType()))
    return op->emitOpError()
           << "requires '" << name << "' to be a !tf_type.resource tensor, got "
           << handle.getType();
  return verifyRank(op, handle, name, 0);
}

/// `handle` is a resource and every value in `scalars` is a scalar.
static LogicalResult verifyTensorArrayOp(Operation *op, Value handle,
                                         ArrayRef<Value> scalars,
                                         ArrayRef<StringRef> names) {
  if (failed(verifyHandle(op, handle)))
    return failure();
  for (size_t zi = 0; zi < std::size(scalars); ++zi)
    if (auto [v, name] = std::pair{scalars[zi], names[zi]}; true)
      if (failed(verifyScalar(op, v, name)))
        return failure();
  return success();
}

LogicalResult TensorArrayV3Op::verify() {
  if (failed(verifyScalar(*this, getSize(), "size")))
    return failure();
  if (failed(verifyHandle(*this, getHandle())))
    return failure();
  return verifyScalar(*this, getFlow(), "flow");
}

LogicalResult TensorArrayWriteV3Op::verify() {
  return verifyTensorArrayOp(*this, getHandle(),
                             {getIndex(), getFlowIn(), getFlowOut()},
                             {"index", "flow_in", "flow_out"});
}

LogicalResult TensorArrayReadV3Op::verify() {
  return verifyTensorArrayOp(*this, getHandle(), {getIndex(), getFlowIn()},
                             {"index", "flow_in"});
}

LogicalResult TensorArrayGatherV3Op::verify() {
  if (failed(verifyTensorArrayOp(*this, getHandle(), {getFlowIn()},
                                 {"flow_in"})) ||
      failed(verifyRank(*this, getIndices(), "indices", 1)) ||
      failed(verifyRankRange(*this, getValue(), "value", 1)))
    return failure();
  return verifyDim(*this, getValue(), "value", 0, getDim(getIndices(), 0));
}

LogicalResult TensorArrayScatterV3Op::verify() {
  if (failed(verifyTensorArrayOp(*this, getHandle(),
                                 {getFlowIn(), getFlowOut()},
                                 {"flow_in", "flow_out"})) ||
      failed(verifyRank(*this, getIndices(), "indices", 1)) ||
      failed(verifyRankRange(*this, getValue(), "value", 1)))
    return failure();
  return verifyDim(*this, getValue(), "value", 0, getDim(getIndices(), 0));
}

LogicalResult TensorArrayConcatV3Op::verify() {
  if (failed(verifyTensorArrayOp(*this, getHandle(), {getFlowIn()},
                                 {"flow_in"})) ||
      failed(verifyRankRange(*this, getValue(), "value", 1)))
    return failure();
  return verifyRank(*this, getLengths(), "lengths", 1);
}

LogicalResult TensorArraySplitV3Op::verify() {
  if (failed(verifyTensorArrayOp(*this, getHandle(),
                                 {getFlowIn(), getFlowOut()},
                                 {"flow_in", "flow_out"})) ||
      failed(verifyRankRange(*this, getValue(), "value", 1)))
    return failure();
  return verifyRank(*this, getLengths(), "lengths", 1);
}

LogicalResult TensorArraySizeV3Op::verify() {
  return verifyTensorArrayOp(*this, getHandle(), {getFlowIn(), getSize()},
                             {"flow_in", "size"});
}

LogicalResult TensorArrayCloseV3Op::verify() {
  return verifyHandle(*this, getHandle());
}

LogicalResult TensorArrayGradV3Op::verify() {
  if (failed(verifyTensorArrayOp(*this, getHandle(),
                                 {getFlowIn(), getFlowOut()},
                                 {"flow_in", "flow_out"})))
    return failure();
  return verifyHandle(*this, getGradHandle(), "grad_handle");
}

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsTensorArray.cpp.inc"

void tfmlir::TF::registerTensorArrayOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsTensorArray.cpp.inc"
      >();
}
