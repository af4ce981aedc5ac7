//===- Random.cpp - tf.RandomUniform / RandomStandardNormal -> tfl --------===//
//
// RandomUniform and RandomStandardNormal of TFOpsRandom.td as TFLite's
// RANDOM_UNIFORM and RANDOM_STANDARD_NORMAL with TF's seed / seed2 (the
// values differ from TF's Philox streams; the distributions are TF's). The
// shape operand becomes int32; TFLite's kernels produce float32 only, other
// dtypes and out-of-range shapes are refused with the reason.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.RandomUniform -> tfl.random_uniform and tf.RandomStandardNormal ->
/// tfl.random_standard_normal.
template <typename TFOp, typename TFLOp>
struct RandomLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value shape = toI32(b, op.getLoc(), a.getShape());
    if (!shape)
      return this->fail(op, b, "the shape has values outside int32");
    if (!getElementTypeOrSelf(op.getResult().getType()).isF32())
      return this->fail(op, b, "TFLite's random kernels produce float32 only");
    auto seed = [&](StringRef n) {
      auto v = op->template getAttrOfType<IntegerAttr>(n);
      return b.getI64IntegerAttr(v ? v.getInt() : 0);
    };
    auto r = TFLOp::create(b, op.getLoc(), TypeRange{op.getResult().getType()},
                           ValueRange{shape}, seed("seed"), seed("seed2"));
    results.push_back(r->getResult(0));
    return success();
  }
};

} // namespace

void populateRandomRandomPatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns.add<
      RandomLowering<TF::RandomUniformOp, tfl::RandomUniformOp>,
      RandomLowering<TF::RandomStandardNormalOp, tfl::RandomStandardNormalOp>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
