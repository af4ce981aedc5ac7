//===- Pooling.cpp - tf pooling -> hlo.reduce_window / slices -------------===//
//
// Ops (dialects/tf/TFOpsNN.td), semantics of TF's CPU kernels
// (maxpooling_op.cc, avgpooling_op.cc, pooling_ops_3d.cc); window geometry
// (SAME/VALID padding, output sizes) from lib/Support/WindowGeometry:
//  - MaxPool / AvgPool (2-D: NHWC/NCHW) and MaxPool3D / AvgPool3D (3-D:
//    NDHWC/NCDHW): one hlo.reduce_window with ksize/strides as given (one
//    entry per dim, so the layout needs no special case), SAME padding in
//    every dim. MaxPool pads with the lowest value (padding never wins).
//    AvgPool divides the window sum by the window size, or with SAME
//    padding by the number of real (not padded) elements of each window
//    (the same window over ones), as TF does; it takes float inputs only.
//  - MaxPoolWithArgmax (NHWC): a running max over the ksize window offsets
//    (strided slices of the padded input, row-major window order, strict >
//    so the first maximum wins, as TF's kernel); argmax is the flat input
//    index ((b * H + y) * W + x) * C + c (b dropped when
//    include_batch_in_index is false).
// Refused: dynamic shapes, EXPLICIT padding, ksize/strides of the wrong
// length or not positive, invalid or overflowing windows;
// MaxPoolWithArgmax also pooling over the batch or depth dims and results
// whose shape disagrees with the window arithmetic.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"
#include "lib/Support/WindowGeometry.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// tf.MaxPool/AvgPool/MaxPool3D/AvgPool3D over `NS` spatial dims ->
/// hlo.reduce_window (max, or sum divided by the window's element count).
template <typename TFOp, int64_t NS, bool IsMax>
struct PoolLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value input;
    if constexpr (std::is_same_v<TFOp, TF::AvgPoolOp>)
      input = a.getValue();
    else
      input = a.getInput();
    auto in = staticType(input);
    auto out = staticResult(op);
    int64_t rank = NS + 2;
    if (!in || !out || in.getRank() != rank)
      return fail(op, b,
                  "needs a static rank-" + std::to_string(rank) + " input");
    auto ksize = intList(op, "ksize"), strides = intList(op, "strides");
    if (!ksize || !strides || static_cast<int64_t>(ksize->size()) != rank ||
        static_cast<int64_t>(strides->size()) != rank)
      return fail(op, b, "ksize and strides must have one entry per dim");
    for (int64_t i = 0; i < rank; ++i)
      if ((*ksize)[i] < 1 || (*strides)[i] < 1)
        return fail(op, b, "ksize and strides must be positive");
    StringRef padding = op.getPadding();
    if (padding != "SAME" && padding != "VALID")
      return fail(op, b, "unsupported padding '" + padding + "'");
    SmallVector<int64_t> pad;
    bool anyPad = false;
    for (int64_t d = 0; d < rank; ++d) {
      int64_t lo = 0, hi = 0;
      if (padding == "SAME") {
        std::optional<WindowDim> w =
            windowGeometry(in.getDimSize(d), (*ksize)[d], 1, (*strides)[d],
                           WindowPadding::kSame);
        if (!w)
          return fail(op, b,
                      "invalid or overflowing window in dim " +
                          std::to_string(d));
        lo = w->padBefore;
        hi = w->padAfter;
      }
      anyPad |= lo || hi;
      pad.push_back(lo);
      pad.push_back(hi);
    }
    Location loc = op.getLoc();
    Type elt = in.getElementType();
    auto padType = RankedTensorType::get({rank, 2}, b.getI64Type());
    auto padAttr = DenseIntElementsAttr::get(padType, pad);
    auto window = [&](Value v, Value init, ReduceKind kind) -> Value {
      auto rw = ReduceWindowOp::create(
          b, loc, ValueRange{v}, ValueRange{init},
          b.getDenseI64ArrayAttr(*ksize),
          llvm::all_of(*strides, [](int64_t x) { return x == 1; })
              ? DenseI64ArrayAttr()
              : b.getDenseI64ArrayAttr(*strides),
          nullptr, nullptr, anyPad ? padAttr : DenseIntElementsAttr());
      OpBuilder::InsertionGuard g(b);
      Type s = init.getType();
      Block *body = b.createBlock(&rw.getBody(), {}, {s, s}, {loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{combine(b, loc, kind, body->getArgument(0),
                                          body->getArgument(1))});
      return rw.getResult(0);
    };
    if (IsMax) {
      results.push_back(window(input, minValue(b, loc, elt), ReduceKind::Max));
      return success();
    }
    if (!isa<FloatType>(elt))
      return fail(op, b, "AvgPool needs a float input");
    Value sum = window(input, scalar(b, loc, elt, 0), ReduceKind::Add);
    auto st = cast<RankedTensorType>(sum.getType());
    Value count;
    if (!anyPad) {
      int64_t n = 1;
      for (int64_t k : *ksize)
        n *= k;
      count = splat(b, loc, st, n);
    } else {
      // Count the real elements of each window: the same window over ones.
      count =
          window(splat(b, loc, in, 1), scalar(b, loc, elt, 0), ReduceKind::Add);
    }
    results.push_back(DivideOp::create(b, loc, sum, count));
    return success();
  }
};

/// tf.MaxPoolWithArgmax -> a running hlo.select over the window's strided
/// slices of the padded input and of its flat indices.
struct MaxPoolWithArgmaxLowering : HLOPattern<TF::MaxPoolWithArgmaxOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MaxPoolWithArgmaxOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto ks = intList(op, "ksize"), st = intList(op, "strides");
    auto outV = staticResult(op, 0), outI = staticResult(op, 1);
    StringRef pad = op.getPadding();
    if (!in || in.getRank() != 4 || !ks || !st || ks->size() != 4 ||
        st->size() != 4 || !outV || !outI || (pad != "SAME" && pad != "VALID"))
      return fail(op, b,
                  "needs a static NHWC input, 4-element ksize/strides, "
                  "SAME/VALID padding and static results");
    if ((*ks)[0] != 1 || (*ks)[3] != 1 || (*st)[0] != 1 || (*st)[3] != 1)
      return fail(op, b, "pooling over batch or depth is not supported");
    Location loc = op.getLoc();
    Type elt = in.getElementType(), it = outI.getElementType();
    int64_t N = in.getDimSize(0), H = in.getDimSize(1), W = in.getDimSize(2),
            C = in.getDimSize(3);
    int64_t oh, ow;
    auto [ph0, ph1] = windowPad(H, (*ks)[1], (*st)[1], 1, pad == "SAME", oh);
    auto [pw0, pw1] = windowPad(W, (*ks)[2], (*st)[2], 1, pad == "SAME", ow);
    if (outV.getShape() != ArrayRef<int64_t>{N, oh, ow, C})
      return fail(op, b, "result shape disagrees with the window arithmetic");
    bool withBatch = op.getIncludeBatchInIndex();
    // Flat input index of every input element, padded alongside the input.
    auto shapeType = RankedTensorType::get(in.getShape(), it);
    Value idx = IotaOp::create(b, loc, shapeType, static_cast<uint64_t>(3));
    auto addScaled = [&](Value acc, int64_t dim, int64_t scale) {
      Value d = IotaOp::create(b, loc, shapeType, static_cast<uint64_t>(dim));
      return AddOp::create(
          b, loc, acc,
          MultiplyOp::create(
              b, loc, d, splat(b, loc, shapeType, static_cast<double>(scale))));
    };
    idx = addScaled(idx, 2, C);
    idx = addScaled(idx, 1, W * C);
    if (withBatch)
      idx = addScaled(idx, 0, H * W * C);
    auto padded = [&](Value v, Value fill) {
      SmallVector<int64_t> lo{0, ph0, pw0, 0}, hi{0, ph1, pw1, 0}, inner(4, 0);
      return PadOp::create(b, loc, v, fill, lo, hi, inner);
    };
    Value x = padded(a.getInput(), minValue(b, loc, elt));
    Value xi = padded(idx, scalar(b, loc, it, -1));
    Value best, bestI;
    for (int64_t dy = 0; dy < (*ks)[1]; ++dy)
      for (int64_t dx = 0; dx < (*ks)[2]; ++dx) {
        SmallVector<int64_t> s0{0, dy, dx, 0},
            s1{N, dy + (oh - 1) * (*st)[1] + 1, dx + (ow - 1) * (*st)[2] + 1,
               C},
            step{1, (*st)[1], (*st)[2], 1};
        Value v = SliceOp::create(b, loc, x, s0, s1, step);
        Value vi = SliceOp::create(b, loc, xi, s0, s1, step);
        if (!best) {
          best = v;
          bestI = vi;
          continue;
        }
        // TF's kernel visits the window's input positions in row-major
        // order and takes one when nothing is taken yet or it is strictly
        // greater (so the first maximum wins and a leading NaN stays);
        // padding positions (index -1) are never taken.
        Value none = compare(
            b, loc, bestI,
            splat(b, loc, cast<RankedTensorType>(bestI.getType()), 0), Dir::LT);
        Value real = compare(
            b, loc, vi, splat(b, loc, cast<RankedTensorType>(vi.getType()), 0),
            Dir::GE);
        Value gt = AndOp::create(
            b, loc,
            OrOp::create(b, loc, compare(b, loc, v, best, Dir::GT), none),
            real);
        best = SelectOp::create(b, loc, gt, v, best);
        bestI = SelectOp::create(b, loc, gt, vi, bestI);
      }
    results.push_back(best);
    results.push_back(bestI);
    return success();
  }
};

} // namespace

void populateNNPoolingPatterns(RewritePatternSet &patterns,
                               ConversionState &state) {
  patterns
      .add<PoolLowering<TF::MaxPoolOp, 2, true>,
           PoolLowering<TF::AvgPoolOp, 2, false>,
           PoolLowering<TF::MaxPool3DOp, 3, true>,
           PoolLowering<TF::AvgPool3DOp, 3, false>, MaxPoolWithArgmaxLowering>(
          patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
