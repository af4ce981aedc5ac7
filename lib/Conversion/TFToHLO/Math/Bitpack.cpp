//===- Bitpack.cpp - tf.CompareAndBitpack -> hlo --------------------------===//
//
// CompareAndBitpack (dialects/tf/TFOpsMath.td; TF's CompareAndBitpack CPU
// kernel): the bits input > threshold packed 8 per uint8, the first element
// in the most significant bit. A bool input is packed as it is and the
// threshold is ignored, as TF's CPU kernel does for bool (the dl4j case
// compare_and_bitpack/bool: threshold true, result 235 = the input's bits).
// Built as compare, convert to u8, reshape [..., N, 8], multiply by the
// weights 128 .. 1 and an add-reduce of the last dim. Takes any numeric or
// bool input of static shape and rank >= 1 whose last dim is a multiple of
// 8, and a static scalar threshold; refuses anything else.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.CompareAndBitpack -> hlo.compare GT, weighted hlo.reduce add per 8.
struct CompareAndBitpackLowering : HLOPattern<TF::CompareAndBitpackOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::CompareAndBitpackOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto out = staticResult(op);
    if (!in || !out || in.getRank() < 1 || in.getShape().back() % 8 != 0 ||
        !staticType(a.getThreshold()))
      return fail(op, b,
                  "needs a static input whose last dim is a multiple of 8");
    Location loc = op.getLoc();
    Type u8 = out.getElementType();
    Value bits;
    if (in.getElementType().isInteger(1)) {
      bits = tohlo::convert(b, loc, a.getInput(), u8);
    } else {
      Value th = broadcastTo(b, loc, reshape(b, loc, a.getThreshold(), {}),
                             in.getShape());
      bits = tohlo::convert(
          b, loc, compare(b, loc, a.getInput(), th, ComparisonDirection::GT),
          u8);
    }
    SmallVector<int64_t> s(in.getShape());
    s.back() /= 8;
    s.push_back(8);
    bits = reshape(b, loc, bits, s);
    // Weights 128, 64, ..., 1 along the new last dim (first element = MSB).
    SmallVector<uint8_t> w{128, 64, 32, 16, 8, 4, 2, 1};
    auto wt = RankedTensorType::get({8}, u8);
    Value wv =
        constant(b, loc, DenseElementsAttr::get(wt, ArrayRef<uint8_t>(w)));
    Value wb =
        broadcastInDim(b, loc, wv, s, {static_cast<int64_t>(s.size() - 1)});
    Value prod = MultiplyOp::create(b, loc, bits, wb);
    results.push_back(reduce(b, loc, prod, scalar(b, loc, u8, 0),
                             {static_cast<int64_t>(s.size() - 1)},
                             ReduceKind::Add));
    return success();
  }
};

} // namespace

void populateMathBitpackPatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns.add<CompareAndBitpackLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
