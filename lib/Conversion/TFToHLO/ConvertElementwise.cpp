//===- ConvertElementwise.cpp - tf element-wise ops -> hlo ----------------===//
//
// TF's element-wise ops broadcast NumPy-style; HLO does not, so operands are
// first broadcast (hlo.broadcast_in_dim) to the op's static result shape.
// Semantics follow TF's CPU kernels:
//  - Relu/Relu6 propagate NaN (hlo.maximum/minimum do);
//  - Maximum/Minimum propagate NaN (hlo.maximum/minimum do);
//    Softsign = x / (1 + |x|).
// (The math ops of dialects/tf/TFOpsMath.td are in Math/Elementwise.cpp.)
//    neither cancel near 0 nor overflow early.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {

Value like(OpBuilder &b, Location loc, Value x, double v) {
  return splat(b, loc, cast<RankedTensorType>(x.getType()), v);
}

namespace {

using Dir = ComparisonDirection;

/// A unary op whose hlo form is `build(x)`.
Converter unary(std::function<Value(OpBuilder &, Location, Value)> build) {
  return [build](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                 std::string &why) -> LogicalResult {
    if (op->getNumOperands() < 1 || !staticType(op->getOperand(0))) {
      why = "operand shape is not static";
      return failure();
    }
    results.push_back(build(b, op->getLoc(), op->getOperand(0)));
    return success();
  };
}

template <typename OpTy> Converter unaryOp() {
  return unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return OpTy::create(b, loc, x);
  });
}

/// CheckNumerics forwards its operand (the check is not compiled).
LogicalResult forward(Operation *op, OpBuilder &, SmallVectorImpl<Value> &results,
                      std::string &why) {
  if (op->getNumOperands() < op->getNumResults()) {
    why = "fewer operands than results";
    return failure();
  }
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    if (op->getOperand(i).getType() != op->getResult(i).getType() &&
        !staticType(op->getOperand(i))) {
      why = "operand type differs from the result type";
      return failure();
    }
    results.push_back(op->getOperand(i));
  }
  return success();
}

} // namespace

void addElementwiseConverters(llvm::StringMap<Converter> &t) {

  // Inverse trigonometric / hyperbolic functions, Erf/Erfc, in

  t["tf.CheckNumerics"] = forward;
                      "tf.Snapshot", "tf.PreventGradient",
}

} // namespace tfmlir::tohlo
