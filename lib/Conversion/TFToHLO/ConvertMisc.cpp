//===- ConvertMisc.cpp - tf image, matrix and top-k ops -> hlo ------------===//
//
//  - L2Loss = sum(x^2) / 2; AccumulateNV2 = AddN.
//  - (Sparse)SoftmaxCrossEntropyWithLogits: loss and backprop from a
//    max-shifted log-softmax.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

LogicalResult convertL2Loss(Operation *op, OpBuilder &b,
                            SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  if (!in || !isa<FloatType>(in.getElementType()))
    return fail(why, "needs a static float input");
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  SmallVector<int64_t> all;
  for (int64_t d = 0; d < in.getRank(); ++d)
    all.push_back(d);
  Value sq = MultiplyOp::create(b, loc, x, x);
  Value s = reduce(b, loc, sq, scalar(b, loc, in.getElementType(), 0), all,
                   ReduceKind::Add);
  results.push_back(
      DivideOp::create(b, loc, s, scalar(b, loc, in.getElementType(), 2)));
  return success();
}

/// (Sparse)SoftmaxCrossEntropyWithLogits over [batch, classes]: loss =
/// -sum(labels * log_softmax(logits)), backprop = softmax(logits) - labels;
/// sparse labels are class indices (one-hot through an iota comparison).
Converter crossEntropy(bool sparse) {
  return [sparse](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                  std::string &why) -> LogicalResult {
    auto x = staticType(op->getOperand(0));
    auto l = staticType(op->getOperand(1));
    if (!x || !l || x.getRank() != 2 || !isa<FloatType>(x.getElementType()))
      return fail(why, "needs static [batch, classes] float logits");
    Location loc = op->getLoc();
    Type elt = x.getElementType();
    Value labels = op->getOperand(1);
    if (sparse) {
      if (l.getRank() != 1 || !isa<IntegerType>(l.getElementType()))
        return fail(why, "sparse labels must be a 1-D integer tensor");
      auto it = RankedTensorType::get(x.getShape(), l.getElementType());
      Value cls = IotaOp::create(b, loc, it, 1);
      Value lb = broadcastInDim(b, loc, labels, x.getShape(), {0});
      labels = SelectOp::create(b, loc, compare(b, loc, cls, lb, Dir::EQ),
                                splat(b, loc, x, 1), splat(b, loc, x, 0));
    } else {
      labels = broadcastTo(b, loc, labels, x.getShape());
      if (!labels)
        return fail(why, "labels do not broadcast to the logits");
    }
    Value in = op->getOperand(0);
    Value m = reduce(b, loc, in, minValue(b, loc, elt), {1}, ReduceKind::Max);
    Value shifted =
        SubtractOp::create(b, loc, in, broadcastInDim(b, loc, m, x.getShape(), {0}));
    Value e = ExpOp::create(b, loc, shifted);
    Value s = reduce(b, loc, e, scalar(b, loc, elt, 0), {1}, ReduceKind::Add);
    Value sb = broadcastInDim(b, loc, s, x.getShape(), {0});
    Value logSm = SubtractOp::create(b, loc, shifted, LogOp::create(b, loc, sb));
    Value prod = MultiplyOp::create(b, loc, labels, logSm);
    Value loss = NegateOp::create(
        b, loc, reduce(b, loc, prod, scalar(b, loc, elt, 0), {1}, ReduceKind::Add));
    results.push_back(loss);
    results.push_back(
        SubtractOp::create(b, loc, DivideOp::create(b, loc, e, sb), labels));
    return success();
  };
}


} // namespace

void addMiscConverters(llvm::StringMap<Converter> &t) {
  t["tf.L2Loss"] = convertL2Loss;
  t["tf.SoftmaxCrossEntropyWithLogits"] = crossEntropy(false);
  t["tf.SparseSoftmaxCrossEntropyWithLogits"] = crossEntropy(true);
}

} // namespace tfmlir::tohlo
