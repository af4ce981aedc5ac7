//===- Pool.cpp - tf.MaxPool / tf.AvgPool -> tfl pools --------------------===//
//
// MaxPool and AvgPool of TFOpsNN.td (TF kernels MaxPoolingOp, AvgPoolingOp)
// as TFLite's MAX_POOL_2D and AVERAGE_POOL_2D, whose reference kernels
// compute TF's function on NHWC inputs (AVERAGE_POOL_2D, like TF, divides
// by the number of in-bounds elements under SAME padding). Takes a ranked
// 4-D input, NHWC or NCHW (transposed to NHWC and back), SAME / VALID;
// refuses other paddings, data formats and strides / ksize not 1 on the
// batch and channel dims with the reason.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/NN/Layout.h"
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

using namespace nn;

/// tf.MaxPool -> tfl.max_pool_2d and tf.AvgPool -> tfl.average_pool_2d.
template <typename TFOp, typename TFLOp>
struct PoolLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    Value x = a.getOperands()[0];
    if (rankOf(x) != 4)
      return this->fail(op, b, "input must be a ranked 4-D tensor");
    Window2D w;
    std::string why;
    if (failed(window2D(op, "ksize", /*allowExplicit=*/false, w, why)))
      return this->fail(op, b, why);
    x = toNHWC(b, loc, x, w.nchw);
    Type outT = nhwcType(op.getResult().getType(), w.nchw);
    Value out = TFLOp::create(b, loc, outT, x, w.padding, w.strideW, w.strideH,
                              w.windowW, w.windowH, "NONE");
    out = fromNHWC(b, loc, out, w.nchw);
    results.push_back(out);
    return success();
  }
};

} // namespace

void populateNNPoolPatterns(RewritePatternSet &patterns,
                            ConversionState &state) {
  patterns.add<PoolLowering<TF::MaxPoolOp, tfl::MaxPool2DOp>,
               PoolLowering<TF::AvgPoolOp, tfl::AveragePool2DOp>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
