//===- Scan.cpp - tf.Cumsum / tf.Cumprod -> hlo.reduce_window -------------===//
//
// Ops (dialects/tf/TFOpsReduce.td), with the semantics of TF's Cumsum /
// Cumprod kernels (ScanOp): an hlo.reduce_window with a window as long as
// the axis, padded before (after when `reverse`) with the identity (0 / 1);
// `exclusive` first shifts the input by one element along the axis,
// filling with the identity. An empty axis gives the input itself.
// Shapes: a static input of rank >= 1; every dtype hlo.add/multiply take.
// Refused: a run-time axis, an axis out of range.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Cumsum/Cumprod -> (hlo.pad for exclusive +) hlo.reduce_window.
template <typename TFOp, bool IsProd> struct ScanLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getX());
    auto axis = constantInts(a.getAxis());
    if (!in || !axis || axis->size() != 1 || in.getRank() == 0)
      return this->fail(op, b, "needs a static input and a constant axis");
    auto d = normAxis((*axis)[0], in.getRank());
    if (!d)
      return this->fail(op, b, "axis out of range");
    bool exclusive = op.getExclusive(), reverse = op.getReverse();
    Location loc = op.getLoc();
    Type elt = in.getElementType();
    int64_t n = in.getDimSize(*d), r = in.getRank();
    if (n == 0) {
      results.push_back(a.getX());
      return success();
    }
    Value x = a.getX();
    double initV = IsProd ? 1 : 0;
    if (exclusive) {
      // Shift by one along d, filling with the identity.
      SmallVector<int64_t> lo(r, 0), hi(r, 0), interior(r, 0);
      (reverse ? lo : hi)[*d] = -1;
      (reverse ? hi : lo)[*d] = 1;
      x = PadOp::create(b, loc, x, scalar(b, loc, elt, initV), lo, hi,
                        interior);
    }
    SmallVector<int64_t> win(r, 1), pad(2 * r, 0);
    win[*d] = n;
    pad[2 * *d + (reverse ? 1 : 0)] = n - 1;
    auto padType = RankedTensorType::get({r, 2}, b.getI64Type());
    Value init = scalar(b, loc, elt, initV);
    auto rw = ReduceWindowOp::create(
        b, loc, ValueRange{x}, ValueRange{init}, b.getDenseI64ArrayAttr(win),
        nullptr, nullptr, nullptr, DenseIntElementsAttr::get(padType, pad));
    {
      OpBuilder::InsertionGuard g(b);
      Type s = init.getType();
      Block *body = b.createBlock(&rw.getBody(), {}, {s, s}, {loc, loc});
      ReturnOp::create(
          b, loc,
          ValueRange{combine(b, loc, IsProd ? ReduceKind::Mul : ReduceKind::Add,
                             body->getArgument(0), body->getArgument(1))});
    }
    results.push_back(rw.getResult(0));
    return success();
  }
};

} // namespace

void populateReduceScanPatterns(RewritePatternSet &patterns,
                                ConversionState &state) {
  patterns.add<ScanLowering<TF::CumsumOp, false>,
               ScanLowering<TF::CumprodOp, true>>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
