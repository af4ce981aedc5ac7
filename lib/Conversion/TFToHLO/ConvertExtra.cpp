//===- ConvertExtra.cpp - more tf ops -> hlo (copies, packing, indexing) --===//
//
// Each converter follows the TF CPU kernel's semantics and the shape of
// tf2xla's lowering where XLA has one:
//  - DeepCopy: the value itself (values are immutable in hlo).
//  - ParallelConcat: hlo.concatenate of the [1, ...] pieces along dim 0.
//  - MaxPoolWithArgmax (NHWC): a running max over the ksize window offsets
//    (strided slices of the padded input, row-major window order, strict >
//    so the first maximum wins, as TF's kernel); argmax is the
//    flat index ((b * H + y) * W + x) * C + c of the input (b dropped when
//    include_batch_in_index is false).
//  - InTopKV2: target is in the top k when fewer than k predictions are
//    strictly greater than its own, every prediction of its row is finite
//    and the target index is in range (TF's kernel, in_topk_op.h).
//  - HistogramFixedWidth: compare-and-sum over an iota of bins (binCounts,
//    shared with Indexing/Bincount.cpp).
//  - Segment{Sum,Prod,Max,Min,Mean} with constant sorted segment ids: one
//    slice + reduce per segment (contiguous rows); empty segments give 0
//    (TF).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"
#include "lib/Support/WindowGeometry.h"

#include "mlir/IR/TypeUtilities.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {

Value sliceOf(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> start,
              ArrayRef<int64_t> limit, ArrayRef<int64_t> strides) {
  SmallVector<int64_t> st(strides);
  if (st.empty())
    st.assign(start.size(), 1);
  return SliceOp::create(b, loc, x, start, limit, st);
}

namespace {

using Dir = ComparisonDirection;

Value iota(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Type elt,
           int64_t dim) {
  return IotaOp::create(b, loc, RankedTensorType::get(shape, elt),
                        static_cast<uint64_t>(dim));
}

namespace {

using Dir = ComparisonDirection;

LogicalResult convertIdentity(Operation *op, OpBuilder &b,
                              SmallVectorImpl<Value> &results, std::string &why) {
  (void)b;
  (void)why;
  results.push_back(op->getOperand(0));
  return success();
}

LogicalResult convertParallelConcat(Operation *op, OpBuilder &b,
                                    SmallVectorImpl<Value> &results,
                                    std::string &why) {
  auto out = staticResult(op);
  if (!out || out.getRank() < 1)
    return fail(why, "needs a static result");
  int64_t total = 0;
  for (Value v : op->getOperands()) {
    auto t = staticType(v);
    if (!t || t.getRank() != out.getRank())
      return fail(why, "values must be static and of the result's rank");
    total += t.getDimSize(0);
  }
  if (total != out.getDimSize(0))
    return fail(why, "values do not fill the result");
  Value r = op->getNumOperands() == 1
                ? op->getOperand(0)
                : Value(ConcatenateOp::create(b, op->getLoc(),
                                              op->getOperands(), uint64_t{0}));
  results.push_back(r);
  return success();
}

} // namespace

std::pair<int64_t, int64_t> windowPad(int64_t in, int64_t k, int64_t s,
                                      int64_t r, bool same, int64_t &outSize) {
  std::optional<WindowDim> w = windowGeometry(
      in, k, r, s, same ? WindowPadding::kSame : WindowPadding::kValid);
  if (!w) {
    outSize = -1; // invalid or overflowing: matches no result shape
    return {0, 0};
  }
  outSize = std::max<int64_t>(w->outSize, 0);
  return {w->padBefore, w->padAfter};
}

namespace {

LogicalResult convertMaxPoolWithArgmax(Operation *op, OpBuilder &b,
                                       SmallVectorImpl<Value> &results,
                                       std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto ks = intList(op, "ksize"), st = intList(op, "strides");
  auto outV = staticResult(op, 0), outI = staticResult(op, 1);
  std::string pad = strAttr(op, "padding");
  if (!in || in.getRank() != 4 || !ks || !st || ks->size() != 4 ||
      st->size() != 4 || !outV || !outI || (pad != "SAME" && pad != "VALID"))
    return fail(why, "needs a static NHWC input, 4-element ksize/strides, "
                     "SAME/VALID padding and static results");
  if ((*ks)[0] != 1 || (*ks)[3] != 1 || (*st)[0] != 1 || (*st)[3] != 1)
    return fail(why, "pooling over batch or depth is not supported");
  Location loc = op->getLoc();
  Type elt = in.getElementType(), it = outI.getElementType();
  int64_t N = in.getDimSize(0), H = in.getDimSize(1), W = in.getDimSize(2),
          C = in.getDimSize(3);
  int64_t oh, ow;
  auto [ph0, ph1] = windowPad(H, (*ks)[1], (*st)[1], 1, pad == "SAME", oh);
  auto [pw0, pw1] = windowPad(W, (*ks)[2], (*st)[2], 1, pad == "SAME", ow);
  if (outV.getShape() != ArrayRef<int64_t>{N, oh, ow, C})
    return fail(why, "result shape disagrees with the window arithmetic");
  bool withBatch = boolAttr(op, "include_batch_in_index", false);
  // Flat input index of every input element, padded alongside the input.
  SmallVector<int64_t> shape(in.getShape());
  Value idx = iota(b, loc, shape, it, 3);
  auto addScaled = [&](Value acc, int64_t dim, int64_t scale) {
    Value d = iota(b, loc, shape, it, dim);
    return AddOp::create(b, loc, acc,
                         MultiplyOp::create(b, loc, d,
                                            splat(b, loc, RankedTensorType::get(shape, it),
                                                  static_cast<double>(scale))));
  };
  idx = addScaled(idx, 2, C);
  idx = addScaled(idx, 1, W * C);
  if (withBatch)
    idx = addScaled(idx, 0, H * W * C);
  auto padded = [&](Value v, Value fill) {
    SmallVector<int64_t> lo{0, ph0, pw0, 0}, hi{0, ph1, pw1, 0}, inner(4, 0);
    return PadOp::create(b, loc, v, fill, lo, hi, inner);
  };
  Value x = padded(op->getOperand(0), minValue(b, loc, elt));
  Value xi = padded(idx, scalar(b, loc, it, -1));
  Value best, bestI;
  for (int64_t dy = 0; dy < (*ks)[1]; ++dy)
    for (int64_t dx = 0; dx < (*ks)[2]; ++dx) {
      SmallVector<int64_t> s0{0, dy, dx, 0},
          s1{N, dy + (oh - 1) * (*st)[1] + 1, dx + (ow - 1) * (*st)[2] + 1, C},
          step{1, (*st)[1], (*st)[2], 1};
      Value v = sliceOf(b, loc, x, s0, s1, step);
      Value vi = sliceOf(b, loc, xi, s0, s1, step);
      if (!best) {
        best = v;
        bestI = vi;
        continue;
      }
      // TF's kernel visits the window's input positions in row-major order
      // and takes one when nothing is taken yet or it is strictly greater
      // (so the first maximum wins and a leading NaN stays); padding
      // positions (index -1) are never taken.
      Value none = compare(b, loc, bestI,
                           splat(b, loc, cast<RankedTensorType>(bestI.getType()), 0),
                           Dir::LT);
      Value real = compare(b, loc, vi,
                           splat(b, loc, cast<RankedTensorType>(vi.getType()), 0),
                           Dir::GE);
      Value gt = AndOp::create(
          b, loc, OrOp::create(b, loc, compare(b, loc, v, best, Dir::GT), none),
          real);
      best = SelectOp::create(b, loc, gt, v, best);
      bestI = SelectOp::create(b, loc, gt, vi, bestI);
    }
  results.push_back(best);
  results.push_back(bestI);
  return success();
}

LogicalResult convertInTopK(Operation *op, OpBuilder &b,
                            SmallVectorImpl<Value> &results, std::string &why) {
  auto pred = staticType(op->getOperand(0));
  auto tgt = staticType(op->getOperand(1));
  if (!pred || !tgt || pred.getRank() != 2 || tgt.getRank() != 1 ||
      tgt.getDimSize(0) != pred.getDimSize(0) || !staticType(op->getOperand(2)))
    return fail(why, "needs static [batch, classes] predictions and [batch] targets");
  Location loc = op->getLoc();
  int64_t B = pred.getDimSize(0), C = pred.getDimSize(1);
  Type elt = pred.getElementType(), it = tgt.getElementType();
  SmallVector<int64_t> shape{B, C};
  Value tb = broadcastInDim(b, loc, op->getOperand(1), shape, {0});
  Value hit = compare(b, loc, iota(b, loc, shape, it, 1), tb, Dir::EQ);
  Value picked = SelectOp::create(b, loc, hit, op->getOperand(0),
                                  splat(b, loc, pred, 0));
  Value tv = reduce(b, loc, picked, scalar(b, loc, elt, 0), {1}, ReduceKind::Add);
  Value greater = compare(b, loc, op->getOperand(0),
                          broadcastInDim(b, loc, tv, shape, {0}), Dir::GT);
  Value cnt = reduce(b, loc, convert(b, loc, greater, it), scalar(b, loc, it, 0),
                     {1}, ReduceKind::Add);
  auto bt = RankedTensorType::get({B}, it);
  Value k = broadcastTo(b, loc, convert(b, loc, reshape(b, loc, op->getOperand(2), {}), it), {B});
  Value ok = compare(b, loc, cnt, k, Dir::LT);
  // TF's kernel (in_topk_op.h) cannot say, and answers false, when any
  // prediction of the row is NaN or infinite, not only the target's.
  Value rowFinite = reduce(b, loc, IsFiniteOp::create(b, loc, op->getOperand(0)),
                           scalar(b, loc, b.getI1Type(), 1), {1}, ReduceKind::And);
  ok = AndOp::create(b, loc, ok, IsFiniteOp::create(b, loc, tv));
  ok = AndOp::create(b, loc, ok, rowFinite);
  ok = AndOp::create(b, loc, ok, compare(b, loc, op->getOperand(1), splat(b, loc, bt, 0), Dir::GE));
  ok = AndOp::create(b, loc, ok, compare(b, loc, op->getOperand(1), splat(b, loc, bt, C), Dir::LT));
  results.push_back(ok);
  return success();
}

} // namespace

Value binCounts(OpBuilder &b, Location loc, Value bins, Value weights,
                RankedTensorType out) {
  auto bt = cast<RankedTensorType>(bins.getType());
  int64_t n = bt.getNumElements(), nb = out.getDimSize(0);
  Value flat = reshape(b, loc, bins, {n});
  SmallVector<int64_t> shape{n, nb};
  Value eq = compare(b, loc, broadcastInDim(b, loc, flat, shape, {0}),
                     iota(b, loc, shape, bt.getElementType(), 1), Dir::EQ);
  Type elt = out.getElementType();
  Value w = weights ? broadcastInDim(b, loc, reshape(b, loc, weights, {n}), shape, {0})
                    : splat(b, loc, RankedTensorType::get(shape, elt), 1);
  Value z = SelectOp::create(b, loc, eq, w,
                             splat(b, loc, RankedTensorType::get(shape, elt), 0));
  return reduce(b, loc, z, scalar(b, loc, elt, 0), {0}, ReduceKind::Add);
}

namespace {

LogicalResult convertHistogram(Operation *op, OpBuilder &b,
                               SmallVectorImpl<Value> &results, std::string &why) {
  auto v = staticType(op->getOperand(0));
  auto out = staticResult(op);
  if (!v || !out || out.getRank() != 1 || !staticType(op->getOperand(1)) ||
      staticType(op->getOperand(1)).getNumElements() != 2 ||
      !isa<FloatType>(v.getElementType()))
    return fail(why, "needs static float values, a [2] range and a static result");
  Location loc = op->getLoc();
  Type elt = v.getElementType();
  int64_t nb = out.getDimSize(0), n = v.getNumElements();
  // TF's kernel: step = double(hi - lo) / nbins; bin = int(min(double(
  // max(x, lo) - lo) / step, nbins - 1)) (values below lo go to bin 0, at
  // or above hi to the last).
  Type f64 = b.getF64Type();
  Value range = op->getOperand(1);
  Value lo = reshape(b, loc, sliceOf(b, loc, range, {0}, {1}), {});
  Value hi = reshape(b, loc, sliceOf(b, loc, range, {1}, {2}), {});
  Value x = reshape(b, loc, op->getOperand(0), {n});
  Value lob = broadcastTo(b, loc, lo, {n});
  Value shifted = convert(b, loc,
                          SubtractOp::create(b, loc, MaximumOp::create(b, loc, x, lob), lob),
                          f64);
  Value step = DivideOp::create(b, loc,
                                convert(b, loc, SubtractOp::create(b, loc, hi, lo), f64),
                                scalar(b, loc, f64, static_cast<double>(nb)));
  Value t = DivideOp::create(b, loc, shifted, broadcastTo(b, loc, step, {n}));
  t = MinimumOp::create(b, loc, t,
                        splat(b, loc, RankedTensorType::get({n}, f64),
                              static_cast<double>(nb - 1)));
  Value bin = convert(b, loc, t, b.getI32Type());
  (void)elt;
  results.push_back(binCounts(b, loc, bin, Value(), out));
  return success();
}

Converter sortedSegment(ReduceKind kind, bool mean) {
  return [kind, mean](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                      std::string &why) -> LogicalResult {
    auto data = staticType(op->getOperand(0));
    auto ids = constantInts(op->getOperand(1));
    auto out = staticResult(op);
    if (!data || !ids || !out || data.getRank() < 1 ||
        static_cast<int64_t>(ids->size()) != data.getDimSize(0))
      return fail(why, "needs static data, constant 1-D segment ids and a static result");
    int64_t ns = out.getDimSize(0);
    for (auto [i, id] : llvm::enumerate(*ids))
      if (id < 0 || id >= ns || (i && id < (*ids)[i - 1]))
        return fail(why, "segment ids must be sorted and in range");
    Location loc = op->getLoc();
    Type elt = data.getElementType();
    int64_t r = data.getRank();
    SmallVector<int64_t> rowShape(data.getShape().begin() + 1, data.getShape().end());
    SmallVector<int64_t> one{1};
    one.append(rowShape.begin(), rowShape.end());
    Value init;
    switch (kind) {
    case ReduceKind::Add:
      init = scalar(b, loc, elt, 0);
      break;
    case ReduceKind::Mul:
      init = scalar(b, loc, elt, 1);
      break;
    case ReduceKind::Max:
      init = minValue(b, loc, elt);
      break;
    case ReduceKind::Min:
      init = maxValue(b, loc, elt);
      break;
    default:
      return fail(why, "unsupported segment reduction");
    }
    // Sorted ids: segment k is the contiguous row range [begin, end).
    SmallVector<Value> parts;
    int64_t row = 0, total = ids->size();
    for (int64_t k = 0; k < ns; ++k) {
      int64_t begin = row;
      while (row < total && (*ids)[row] == k)
        ++row;
      if (row == begin) { // empty segments are 0 (TF's kernels)
        parts.push_back(splat(b, loc, RankedTensorType::get(one, elt), 0));
        continue;
      }
      SmallVector<int64_t> start(r, 0), limit(data.getShape());
      start[0] = begin;
      limit[0] = row;
      Value v = reduce(b, loc, sliceOf(b, loc, op->getOperand(0), start, limit),
                       init, {0}, kind);
      if (mean)
        v = DivideOp::create(b, loc, v,
                             splat(b, loc, RankedTensorType::get(rowShape, elt),
                                   static_cast<double>(row - begin)));
      parts.push_back(reshape(b, loc, v, one));
    }
    results.push_back(parts.size() == 1
                          ? parts[0]
                          : Value(ConcatenateOp::create(b, loc, parts, uint64_t{0})));
    return success();
  };
}

  return success();
}


} // namespace

void addExtraConverters(llvm::StringMap<Converter> &t) {
  t["tf.DeepCopy"] = convertIdentity;
  t["tf.ParallelConcat"] = convertParallelConcat;
  t["tf.MaxPoolWithArgmax"] = convertMaxPoolWithArgmax;
  t["tf.InTopKV2"] = convertInTopK;
  t["tf.HistogramFixedWidth"] = convertHistogram;
  t["tf.SegmentSum"] = sortedSegment(ReduceKind::Add, false);
  t["tf.SegmentMean"] = sortedSegment(ReduceKind::Add, true);
  t["tf.SegmentProd"] = sortedSegment(ReduceKind::Mul, false);
  t["tf.SegmentMax"] = sortedSegment(ReduceKind::Max, false);
  t["tf.SegmentMin"] = sortedSegment(ReduceKind::Min, false);
}

} // namespace tfmlir::tohlo
