//===- Cross.cpp - tf.Cross -> hlo ----------------------------------------===//
//
// Op (dialects/tf/TFOpsLinalg.td), TF's Cross kernel (CrossOp): a and b of
// one static shape [..., 3] (int or float) give a x b over the last dim,
// [a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0], built from slices of the
// last dim, multiplies, subtracts and a concatenate. Refused: dynamic or
// differing shapes, a last dim other than 3.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Cross -> slices, hlo.multiply/subtract and hlo.concatenate.
struct CrossLowering : HLOPattern<TF::CrossOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::CrossOp op, OpAdaptor ad,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto ta = staticType(ad.getA());
    auto tb = staticType(ad.getB());
    if (!ta || !tb || ta != tb)
      return fail(op, b, "needs a and b of one static shape");
    int64_t r = ta.getRank();
    if (r < 1 || ta.getDimSize(r - 1) != 3)
      return fail(op, b, "the last dim of a and b must be 3");
    Location loc = op.getLoc();
    auto comp = [&](Value x, int64_t i) -> Value {
      SmallVector<int64_t> start(r, 0), limit(ta.getShape()), step(r, 1);
      start[r - 1] = i;
      limit[r - 1] = i + 1;
      return SliceOp::create(b, loc, x, start, limit, step);
    };
    Value a = ad.getA(), c = ad.getB();
    Value x[3], y[3];
    for (int i = 0; i < 3; ++i) {
      x[i] = comp(a, i);
      y[i] = comp(c, i);
    }
    auto term = [&](int i, int j) -> Value {
      return SubtractOp::create(b, loc, MultiplyOp::create(b, loc, x[i], y[j]),
                                MultiplyOp::create(b, loc, x[j], y[i]));
    };
    Value parts[3] = {term(1, 2), term(2, 0), term(0, 1)};
    results.push_back(
        ConcatenateOp::create(b, loc, parts, static_cast<uint64_t>(r - 1)));
    return success();
  }
};

} // namespace

void populateLinalgCrossPatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns.add<CrossLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
