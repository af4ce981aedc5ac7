//===- ConvertElementwise.cpp - tf element-wise ops -> hlo ----------------===//
//
// TF's element-wise ops broadcast NumPy-style; HLO does not, so operands are
// first broadcast (hlo.broadcast_in_dim) to the op's static result shape.
// Semantics follow TF's CPU kernels:
//  - Relu/Relu6 propagate NaN (hlo.maximum/minimum do);
//  - Elu = x > 0 ? x : expm1(x); Selu = scale * (x > 0 ? x : alpha *
//    expm1(x)) with TF's constants; LeakyRelu = x > 0 ? x : alpha * x;
//    Softsign = x / (1 + |x|).
// (The math ops of dialects/tf/TFOpsMath.td are in Math/Elementwise.cpp.)
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

/// tf.BiasAdd: the 1-D bias is added along the channel dim (last for NHWC,
/// 1 for NCHW).
LogicalResult convertBiasAdd(Operation *op, OpBuilder &b,
                             SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  auto x = staticType(op->getOperand(0));
  auto bias = staticType(op->getOperand(1));
  if (!out || !x || !bias || bias.getRank() != 1 || x.getRank() < 2) {
    why = "needs static shapes and a 1-D bias";
    return failure();
  }
  int64_t c = strAttr(op, "data_format", "NHWC") == "NCHW" ? 1 : x.getRank() - 1;
  Location loc = op->getLoc();
  Value bb = broadcastInDim(b, loc, op->getOperand(1), x.getShape(), {c});
  results.push_back(AddOp::create(b, loc, op->getOperand(0), bb));
  return success();
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
  t["tf.Sigmoid"] = unaryOp<LogisticOp>();
  t["tf.Tanh"] = unaryOp<TanhOp>();
  t["tf.Relu"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return MaximumOp::create(b, loc, x, like(b, loc, x, 0));
  });
  t["tf.Relu6"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // min(max(x, 0), 6), NaN-propagating.
    return MinimumOp::create(b, loc,
                             MaximumOp::create(b, loc, x, like(b, loc, x, 0)),
                             like(b, loc, x, 6));
  });
  t["tf.Elu"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    Value pos = compare(b, loc, x, like(b, loc, x, 0), Dir::GT);
    return SelectOp::create(b, loc, pos, x, Expm1Op::create(b, loc, x));
  });
  t["tf.Selu"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // TF's constants (tensorflow/core/kernels/relu_op_functor.h).
    const double alpha = 1.6732632423543772848170429916717;
    const double scale = 1.0507009873554804934193349852946;
    Value pos = compare(b, loc, x, like(b, loc, x, 0), Dir::GT);
    Value neg = MultiplyOp::create(b, loc, like(b, loc, x, alpha),
                                   Expm1Op::create(b, loc, x));
    return MultiplyOp::create(b, loc, like(b, loc, x, scale),
                              SelectOp::create(b, loc, pos, x, neg));
  });
  t["tf.Softplus"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // log(1 + exp(x)) computed stably as max(x, 0) + log1p(exp(-|x|)).
    Value m = MaximumOp::create(b, loc, x, like(b, loc, x, 0));
    Value e = ExpOp::create(b, loc,
                            NegateOp::create(b, loc, AbsOp::create(b, loc, x)));
    return AddOp::create(b, loc, m, Log1pOp::create(b, loc, e));
  });
  t["tf.LeakyRelu"] = [](Operation *op, OpBuilder &b,
                         SmallVectorImpl<Value> &results,
                         std::string &why) -> LogicalResult {
    Value x = op->getOperand(0);
    if (!staticType(x)) {
      why = "operand shape is not static";
      return failure();
    }
    Location loc = op->getLoc();
    double alpha = floatAttr(op, "alpha", 0.2);
    Value pos = compare(b, loc, x, like(b, loc, x, 0), Dir::GT);
    Value neg = MultiplyOp::create(b, loc, x, like(b, loc, x, alpha));
    results.push_back(SelectOp::create(b, loc, pos, x, neg));
    return success();
  };

  t["tf.Softsign"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return DivideOp::create(
        b, loc, x,
        AddOp::create(b, loc, like(b, loc, x, 1), AbsOp::create(b, loc, x)));
  });

  t["tf.BiasAdd"] = convertBiasAdd;
  t["tf.BiasAddV1"] = convertBiasAdd;
  t["tf.CheckNumerics"] = forward;
                      "tf.Snapshot", "tf.PreventGradient",
}

} // namespace tfmlir::tohlo
