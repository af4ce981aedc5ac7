//===- Loss.cpp - tf losses and InTopKV2 -> hlo ---------------------------===//
//
// Ops (dialects/tf/TFOpsNN.td), semantics of TF's CPU kernels (l2loss_op.cc,
// xent_op.cc, sparse_xent_op.cc, in_topk_op.h):
//  - L2Loss (static float x of any rank) = sum(x^2) / 2, an hlo.reduce over
//    every dim.
//  - SoftmaxCrossEntropyWithLogits / SparseSoftmaxCrossEntropyWithLogits
//    over static [batch, classes] float features: loss =
//    -sum(labels * log_softmax(features)), backprop = softmax(features) -
//    labels, from one max-shifted softmax; dense labels broadcast to the
//    features, sparse labels ([batch] integer class indices) become one-hot
//    rows through an iota comparison (an out-of-range index gives a zero
//    row; TF's kernel fails instead).
//  - InTopKV2 ([batch, classes] predictions, [batch] targets, scalar k):
//    target is in the top k when fewer than k predictions are strictly
//    greater than its own, every prediction of its row is finite and the
//    target index is in [0, classes) (TF's kernel).
// Refused: dynamic shapes, non-float L2Loss/cross-entropy inputs, sparse
// labels that are not a 1-D integer tensor, dense labels that do not
// broadcast.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// tf.L2Loss -> hlo.reduce sum of x * x, divided by 2.
struct L2LossLowering : HLOPattern<TF::L2LossOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::L2LossOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getX());
    if (!in || !isa<FloatType>(in.getElementType()))
      return fail(op, b, "needs a static float input");
    Location loc = op.getLoc();
    Value x = a.getX();
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
};

/// tf.(Sparse)SoftmaxCrossEntropyWithLogits -> loss and backprop from a
/// max-shifted softmax (hlo.reduce over the class dim).
template <typename TFOp, bool Sparse>
struct CrossEntropyLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto x = staticType(a.getFeatures());
    auto l = staticType(a.getLabels());
    if (!x || !l || x.getRank() != 2 || !isa<FloatType>(x.getElementType()))
      return fail(op, b, "needs static [batch, classes] float logits");
    Location loc = op.getLoc();
    Type elt = x.getElementType();
    Value labels = a.getLabels();
    if (Sparse) {
      if (l.getRank() != 1 || !isa<IntegerType>(l.getElementType()))
        return fail(op, b, "sparse labels must be a 1-D integer tensor");
      auto it = RankedTensorType::get(x.getShape(), l.getElementType());
      Value cls = IotaOp::create(b, loc, it, 1);
      Value lb = broadcastInDim(b, loc, labels, x.getShape(), {0});
      labels = SelectOp::create(b, loc, compare(b, loc, cls, lb, Dir::EQ),
                                splat(b, loc, x, 1), splat(b, loc, x, 0));
    } else {
      labels = broadcastTo(b, loc, labels, x.getShape());
      if (!labels)
        return fail(op, b, "labels do not broadcast to the logits");
    }
    Value in = a.getFeatures();
    Value m = reduce(b, loc, in, minValue(b, loc, elt), {1}, ReduceKind::Max);
    Value shifted = SubtractOp::create(
        b, loc, in, broadcastInDim(b, loc, m, x.getShape(), {0}));
    Value e = ExpOp::create(b, loc, shifted);
    Value s = reduce(b, loc, e, scalar(b, loc, elt, 0), {1}, ReduceKind::Add);
    Value sb = broadcastInDim(b, loc, s, x.getShape(), {0});
    Value logSm =
        SubtractOp::create(b, loc, shifted, LogOp::create(b, loc, sb));
    Value prod = MultiplyOp::create(b, loc, labels, logSm);
    Value loss = NegateOp::create(
        b, loc,
        reduce(b, loc, prod, scalar(b, loc, elt, 0), {1}, ReduceKind::Add));
    results.push_back(loss);
    results.push_back(
        SubtractOp::create(b, loc, DivideOp::create(b, loc, e, sb), labels));
    return success();
  }
};

/// tf.InTopKV2 -> per row, hlo.reduce counts of predictions above the
/// target's, compared with k, and-ed with the finiteness and range checks.
struct InTopKV2Lowering : HLOPattern<TF::InTopKV2Op> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::InTopKV2Op op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value predictions = a.getPredictions(), targets = a.getTargets();
    auto pred = staticType(predictions);
    auto tgt = staticType(targets);
    if (!pred || !tgt || pred.getRank() != 2 || tgt.getRank() != 1 ||
        tgt.getDimSize(0) != pred.getDimSize(0) || !staticType(a.getK()))
      return fail(op, b,
                  "needs static [batch, classes] predictions and [batch] "
                  "targets");
    Location loc = op.getLoc();
    int64_t B = pred.getDimSize(0), C = pred.getDimSize(1);
    Type elt = pred.getElementType(), it = tgt.getElementType();
    SmallVector<int64_t> shape{B, C};
    Value tb = broadcastInDim(b, loc, targets, shape, {0});
    Value hit = compare(b, loc,
                        IotaOp::create(b, loc, RankedTensorType::get(shape, it),
                                       static_cast<uint64_t>(1)),
                        tb, Dir::EQ);
    Value picked =
        SelectOp::create(b, loc, hit, predictions, splat(b, loc, pred, 0));
    Value tv =
        reduce(b, loc, picked, scalar(b, loc, elt, 0), {1}, ReduceKind::Add);
    Value greater = compare(b, loc, predictions,
                            broadcastInDim(b, loc, tv, shape, {0}), Dir::GT);
    Value cnt = reduce(b, loc, tohlo::convert(b, loc, greater, it),
                       scalar(b, loc, it, 0), {1}, ReduceKind::Add);
    auto bt = RankedTensorType::get({B}, it);
    Value k = broadcastTo(
        b, loc, tohlo::convert(b, loc, reshape(b, loc, a.getK(), {}), it), {B});
    Value ok = compare(b, loc, cnt, k, Dir::LT);
    // TF's kernel (in_topk_op.h) cannot say, and answers false, when any
    // prediction of the row is NaN or infinite, not only the target's.
    Value rowFinite =
        reduce(b, loc, IsFiniteOp::create(b, loc, predictions),
               scalar(b, loc, b.getI1Type(), 1), {1}, ReduceKind::And);
    ok = AndOp::create(b, loc, ok, IsFiniteOp::create(b, loc, tv));
    ok = AndOp::create(b, loc, ok, rowFinite);
    ok = AndOp::create(b, loc, ok,
                       compare(b, loc, targets, splat(b, loc, bt, 0), Dir::GE));
    ok = AndOp::create(b, loc, ok,
                       compare(b, loc, targets, splat(b, loc, bt, C), Dir::LT));
    results.push_back(ok);
    return success();
  }
};

} // namespace

void populateNNLossPatterns(RewritePatternSet &patterns,
                            ConversionState &state) {
  patterns.add<
      L2LossLowering,
      CrossEntropyLowering<TF::SoftmaxCrossEntropyWithLogitsOp, false>,
      CrossEntropyLowering<TF::SparseSoftmaxCrossEntropyWithLogitsOp, true>,
      InTopKV2Lowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
