//===- ConvertExtra.cpp - more tf ops -> hlo (copies, packing, indexing) --===//
//
// Each converter follows the TF CPU kernel's semantics and the shape of
// tf2xla's lowering where XLA has one:
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
//  - Bincount (static size): compare-and-sum over an iota of bins.
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

} // namespace

Value sliceOf(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> start,
              ArrayRef<int64_t> limit, ArrayRef<int64_t> strides) {
  SmallVector<int64_t> st(strides);
  if (st.empty())
    st.assign(start.size(), 1);
  return SliceOp::create(b, loc, x, start, limit, st);
}

namespace {

using Dir = ComparisonDirection;

namespace {

Value iota(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Type elt,
           int64_t dim) {
  return IotaOp::create(b, loc, RankedTensorType::get(shape, elt),
                        static_cast<uint64_t>(dim));
}

namespace {

using Dir = ComparisonDirection;

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
namespace {


  return success();
}


} // namespace

void addExtraConverters(llvm::StringMap<Converter> &t) {
  t["tf.MaxPoolWithArgmax"] = convertMaxPoolWithArgmax;
  t["tf.InTopKV2"] = convertInTopK;
}

} // namespace tfmlir::tohlo
