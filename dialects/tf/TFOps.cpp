//===- TFOps.cpp - core tf ops (Const, Placeholder, Identity, NoOp) ------===//
#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

OpFoldResult ConstOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult IdentityOp::fold(FoldAdaptor) {
  if (getInput().getType() == getOutput().getType())
    return getInput();
  return {};
}

LogicalResult IdentityOp::verify() {
  if (!tf_type::areCastCompatible(getInput().getType(), getOutput().getType()))
    return emitOpError() << "input type " << getInput().getType()
                         << " is incompatible with output type "
                         << getOutput().getType();
  return success();
}

LogicalResult IdentityNOp::fold(FoldAdaptor,
                                SmallVectorImpl<OpFoldResult> &results) {
  for (auto [in, out] : llvm::zip(getInput(), getOutput()))
    if (in.getType() != out.getType())
      return failure();
  for (Value v : getInput())
    results.push_back(v);
  return success();
}

LogicalResult IdentityNOp::verify() {
  if (getInput().size() != getOutput().size())
    return emitOpError() << "has " << getInput().size() << " inputs but "
                         << getOutput().size() << " outputs";
  for (auto [i, p] : llvm::enumerate(llvm::zip(getInput(), getOutput()))) {
    auto [in, out] = p;
    if (!tf_type::areCastCompatible(in.getType(), out.getType()))
      return emitOpError() << "input #" << i << " type " << in.getType()
                           << " is incompatible with output type "
                           << out.getType();
  }
  return success();
}

OpFoldResult StopGradientOp::fold(FoldAdaptor) {
  if (getInput().getType() == getOutput().getType())
    return getInput();
  return {};
}

#define GET_OP_CLASSES
#include "dialects/tf/TFOps.cpp.inc"
