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

/// Shared verifier of the single-input identity-like ops (Identity,
/// StopGradient, PreventGradient, DebugIdentity, Print): TF's signature is
/// "input: T -> output: T", so the two types must be cast-compatible (same
/// element type; a shape may be more refined on either side).
static LogicalResult verifySameTypeIdentity(Operation *op, Value input,
                                            Value output) {
  if (!tf_type::areCastCompatible(input.getType(), output.getType()))
    return op->emitOpError()
           << "input type " << input.getType()
           << " is incompatible with output type " << output.getType()
           << " (TF requires input and output to have the same type T)";
  return success();
}

LogicalResult IdentityOp::verify() {
  return verifySameTypeIdentity(*this, getInput(), getOutput());
}

LogicalResult StopGradientOp::verify() {
  return verifySameTypeIdentity(*this, getInput(), getOutput());
}

LogicalResult PreventGradientOp::verify() {
  return verifySameTypeIdentity(*this, getInput(), getOutput());
}

LogicalResult DebugIdentityOp::verify() {
  return verifySameTypeIdentity(*this, getInput(), getOutput());
}

LogicalResult PrintOp::verify() {
  return verifySameTypeIdentity(*this, getInput(), getOutput());
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
