//===- ElementwiseToLinalg.cpp - hlo element-wise ops -> linalg.generic ---===//
//
// One linalg.generic per op with identity maps (0-d operands of select and
// clamp are broadcast with constant maps) and the scalar body of
// ScalarOps.cpp (XLA semantics). bitcast_convert is handled between
// element types of one width only.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

using namespace mlir;

namespace tfmlir::tolinalg {
namespace {

LogicalResult lowerElementwise(Operation *op, OpBuilder &b,
                               SmallVectorImpl<Value> &results,
                               std::string &why) {
  auto rt = cast<RankedTensorType>(op->getResult(0).getType());
  for (Value v : op->getOperands()) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() != 0 && t.getShape() != rt.getShape()) {
      why = "operand shape differs from the result shape";
      return failure();
    }
  }
  bool failed = false;
  Value v = buildElementwise(
      b, op->getLoc(), rt, op->getOperands(),
      [&](OpBuilder &nb, Location loc, ValueRange args) {
        Value s = emitScalarOp(nb, loc, op, args, rt.getElementType(), why);
        failed |= !s;
        return s;
      });
  if (failed) {
    v.getDefiningOp()->erase();
    return failure();
  }
  results.push_back(v);
  return success();
}

} // namespace

void addElementwiseLowerings(llvm::StringMap<Lowering> &t) {
  for (StringRef name :
       {"add", "subtract", "multiply", "divide", "remainder", "power",
        "maximum", "minimum", "atan2", "and", "or", "xor", "shift_left",
        "shift_right_arithmetic", "shift_right_logical", "negate", "sign",
        "exp", "expm1", "log", "log1p", "logistic", "tanh", "sqrt", "rsqrt",
        "cbrt", "floor", "ceil", "round_nearest_even", "round_nearest_afz",
        "sine", "cosine", "not", "popcnt", "abs", "is_finite", "compare",
        "select", "clamp", "convert", "bitcast_convert"})
    t[("hlo." + name).str()] = lowerElementwise;
}

} // namespace tfmlir::tolinalg
