//===- ConvertMisc.cpp - tf image, matrix, scan and top-k ops -> hlo ------===//
//
//  - Cumsum / Cumprod: hlo.reduce_window with a window as long as the axis,
//    padded before (after when reverse); exclusive shifts by one element.
//  - L2Loss = sum(x^2) / 2; AccumulateNV2 = AddN; Empty = zeros (TF leaves
//    the contents undefined).
//  - UnsortedSegmentSum/Prod/Max/Min: hlo.scatter into the identity.
//  - (Sparse)SoftmaxCrossEntropyWithLogits: loss and backprop from a
//    max-shifted log-softmax.
//  - MirrorPad REFLECT/SYMMETRIC: reversed slices concatenated.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

Converter cumulative(bool isProd) {
  return [isProd](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                  std::string &why) -> LogicalResult {
    auto in = staticType(op->getOperand(0));
    auto axis = constantInts(op->getOperand(1));
    if (!in || !axis || axis->size() != 1 || in.getRank() == 0)
      return fail(why, "needs a static input and a constant axis");
    auto d = normAxis((*axis)[0], in.getRank());
    if (!d)
      return fail(why, "axis out of range");
    bool exclusive = boolAttr(op, "exclusive"), reverse = boolAttr(op, "reverse");
    Location loc = op->getLoc();
    Type elt = in.getElementType();
    int64_t n = in.getDimSize(*d), r = in.getRank();
    if (n == 0) {
      results.push_back(op->getOperand(0));
      return success();
    }
    Value x = op->getOperand(0);
    double initV = isProd ? 1 : 0;
    if (exclusive) {
      // Shift by one along d, filling with the identity.
      SmallVector<int64_t> lo(r, 0), hi(r, 0), interior(r, 0);
      (reverse ? lo : hi)[*d] = -1;
      (reverse ? hi : lo)[*d] = 1;
      x = PadOp::create(b, loc, x, scalar(b, loc, elt, initV), lo, hi, interior);
    }
    SmallVector<int64_t> win(r, 1), pad(2 * r, 0);
    win[*d] = n;
    pad[2 * *d + (reverse ? 1 : 0)] = n - 1;
    auto padType = RankedTensorType::get({r, 2}, b.getI64Type());
    Value init = scalar(b, loc, elt, initV);
    auto rw = ReduceWindowOp::create(b, loc, ValueRange{x}, ValueRange{init},
                                     b.getDenseI64ArrayAttr(win), nullptr,
                                     nullptr, nullptr,
                                     DenseIntElementsAttr::get(padType, pad));
    {
      OpBuilder::InsertionGuard g(b);
      Type s = init.getType();
      Block *body = b.createBlock(&rw.getBody(), {}, {s, s}, {loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{combine(b, loc,
                                          isProd ? ReduceKind::Mul : ReduceKind::Add,
                                          body->getArgument(0),
                                          body->getArgument(1))});
    }
    results.push_back(rw.getResult(0));
    return success();
  };
}

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

LogicalResult convertEmpty(Operation *op, OpBuilder &b,
                           SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out || !out.getElementType().isIntOrFloat())
    return fail(why, "result shape is not static");
  results.push_back(splat(b, op->getLoc(), out, 0));
  return success();
}


/// UnsortedSegment{Sum,Prod,Max,Min}: a scatter of data into a tensor of
/// the reducer's identity (empty segments keep it: 0, 1, lowest, highest as
/// TF), with ids as index vectors; negative ids are skipped, as in TF, and
/// ids >= num_segments fail the Run (checkIndices "segment"), as in TF.
Converter segment(ReduceKind kind) {
  return [kind](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                std::string &why) -> LogicalResult {
    auto data = staticType(op->getOperand(0));
    auto ids = staticType(op->getOperand(1));
    auto out = staticResult(op);
    if (!data || !ids || !out || ids.getRank() > data.getRank() ||
        !isa<IntegerType>(ids.getElementType()))
      return fail(why, "needs static data, integer segment ids and a static result");
    Location loc = op->getLoc();
    Type elt = data.getElementType();
    // TF fails the Run on an id >= num_segments (negative ids are dropped,
    // as the scatter below does).
    Value checkedIds =
        checkIndices(b, op, op->getOperand(1), "segment", {out.getDimSize(0)});
    Value init;
    switch (kind) {
    case ReduceKind::Add:
      init = splat(b, loc, out, 0);
      break;
    case ReduceKind::Mul:
      init = splat(b, loc, out, 1);
      break;
    case ReduceKind::Max:
      init = broadcastTo(b, loc, minValue(b, loc, elt), out.getShape());
      break;
    case ReduceKind::Min:
      init = broadcastTo(b, loc, maxValue(b, loc, elt), out.getShape());
      break;
    default:
      return fail(why, "unsupported segment reduction");
    }
    int64_t ir = ids.getRank();
    SmallVector<int64_t> window;
    for (int64_t d = ir; d < data.getRank(); ++d)
      window.push_back(d);
    auto dn = ScatterDimensionNumbersAttr::get(b.getContext(), window, {0}, {},
                                               {}, {0}, ir);
    auto sc = ScatterOp::create(b, loc, TypeRange{out}, ValueRange{init},
                                checkedIds, ValueRange{op->getOperand(0)},
                                dn, false, false);
    {
      OpBuilder::InsertionGuard g(b);
      auto st = RankedTensorType::get({}, elt);
      Block *body = b.createBlock(&sc.getUpdateComputation(), {}, {st, st},
                                  {loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{combine(b, loc, kind, body->getArgument(0),
                                          body->getArgument(1))});
    }
    results.push_back(sc.getResult(0));
    return success();
  };
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


/// MirrorPad (REFLECT excludes the edge element, SYMMETRIC repeats it) with
/// constant paddings: per dim, reversed slices concatenated on both sides.
LogicalResult convertMirrorPad(Operation *op, OpBuilder &b,
                               SmallVectorImpl<Value> &results,
                               std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto pads = constantInts(op->getOperand(1));
  if (!in || !pads || static_cast<int64_t>(pads->size()) != 2 * in.getRank())
    return fail(why, "needs a static input and constant [rank, 2] paddings");
  bool reflect = strAttr(op, "mode", "REFLECT") == "REFLECT";
  int64_t off = reflect ? 1 : 0;
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t lo = (*pads)[2 * d], hi = (*pads)[2 * d + 1];
    auto t = cast<RankedTensorType>(x.getType());
    int64_t n = t.getDimSize(d);
    if (lo < 0 || hi < 0 || lo + off > n || hi + off > n)
      return fail(why, "paddings too large for the mirror mode");
    SmallVector<Value> parts;
    auto piece = [&](int64_t begin, int64_t end) {
      SmallVector<int64_t> start(t.getRank(), 0), limit(t.getShape()),
          strides(t.getRank(), 1);
      start[d] = begin;
      limit[d] = end;
      Value s = SliceOp::create(b, loc, x, start, limit, strides);
      return Value(ReverseOp::create(b, loc, s, {d}));
    };
    if (lo)
      parts.push_back(piece(off, off + lo));
    parts.push_back(x);
    if (hi)
      parts.push_back(piece(n - off - hi, n - off));
    if (parts.size() > 1)
      x = ConcatenateOp::create(b, loc, parts, static_cast<uint64_t>(d));
  }
  results.push_back(x);
  return success();
}

} // namespace

void addMiscConverters(llvm::StringMap<Converter> &t) {
  t["tf.Cumsum"] = cumulative(false);
  t["tf.Cumprod"] = cumulative(true);
  t["tf.L2Loss"] = convertL2Loss;
  t["tf.Empty"] = convertEmpty;
  t["tf.UnsortedSegmentSum"] = segment(ReduceKind::Add);
  t["tf.UnsortedSegmentProd"] = segment(ReduceKind::Mul);
  t["tf.UnsortedSegmentMax"] = segment(ReduceKind::Max);
  t["tf.UnsortedSegmentMin"] = segment(ReduceKind::Min);
  t["tf.SoftmaxCrossEntropyWithLogits"] = crossEntropy(false);
  t["tf.SparseSoftmaxCrossEntropyWithLogits"] = crossEntropy(true);
  t["tf.MirrorPad"] = convertMirrorPad;
}

} // namespace tfmlir::tohlo
