//===- FuseDilatedConv.cpp - SpaceToBatch/conv/BatchToSpace -> dilated conv ===//
//
// TF expresses an atrous (dilated) convolution with dilation d as
//   s = space_to_batch_nd(x, block_shape = [d_h, d_w], paddings)
//   y = conv_2d | depthwise_conv_2d (s, filter)  (VALID, stride 1, dilation 1)
//   z = batch_to_space_nd(y, block_shape, crops)
// (tf.nn.atrous_conv2d, and Keras' dilated Conv2D on TF1). This is the same
// as one convolution of x with dilation_h_factor = d_h, dilation_w_factor =
// d_w: the VALID convolution of the padded, block-split input equals a
// dilated VALID convolution of x padded by `paddings`, and cropping `crops`
// at the start of an output dim (stride 1) equals padding that much less at
// the start. So the effective padding of spatial dim i is
//   before_i = paddings[i][0] - crops[i][0], after_i = paddings[i][1] - crops[i][1].
// Both zero gives VALID; before = floor((k-1)*d / 2) and before + after =
// (k-1)*d gives TF's SAME; any other non-negative pair becomes an explicit
// tfl.pad followed by VALID. The conv's bias and fused activation are kept
// (both commute with the rearrangement and the crop). This is what TF's
// converter does (its "dilated conv" pass), and it lets TFLite run one conv
// over the whole image instead of d_h*d_w small ones.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace tfmlir {
namespace {

struct FuseDilatedConv : public RewritePattern {
  explicit FuseDilatedConv(MLIRContext *ctx)
      : RewritePattern("tfl.batch_to_space_nd", 1, ctx) {}

  LogicalResult matchAndRewrite(Operation *b2s,
                                PatternRewriter &rewriter) const override {
    Operation *conv = b2s->getOperand(0).getDefiningOp();
    if (!conv || conv->getNumResults() != 1 ||
        !conv->getResult(0).hasOneUse())
      return failure();
    StringRef kind = conv->getName().getStringRef();
    if (kind != "tfl.conv_2d" && kind != "tfl.depthwise_conv_2d")
      return failure();
    auto i32 = [&](StringRef n) -> int64_t {
      auto a = conv->getAttrOfType<IntegerAttr>(n);
      return a ? a.getInt() : -1;
    };
    auto padding = conv->getAttrOfType<StringAttr>("padding");
    if (!padding || padding.getValue() != "VALID" || i32("stride_h") != 1 ||
        i32("stride_w") != 1 || i32("dilation_h_factor") != 1 ||
        i32("dilation_w_factor") != 1)
      return failure();
    Operation *s2b = conv->getOperand(0).getDefiningOp();
    if (!s2b || s2b->getName().getStringRef() != "tfl.space_to_batch_nd" ||
        !s2b->getResult(0).hasOneUse())
      return failure();
    auto block = conv::constantInts(s2b->getOperand(1));
    auto block2 = conv::constantInts(b2s->getOperand(1));
    auto pads = conv::constantInts(s2b->getOperand(2));
    auto crops = conv::constantInts(b2s->getOperand(2));
    if (!block || !block2 || *block != *block2 || block->size() != 2 ||
        !pads || pads->size() != 4 || !crops || crops->size() != 4)
      return failure();
    // Kernel size: filter is OHWI (conv) or 1HWO (depthwise).
    auto ft = dyn_cast<RankedTensorType>(conv->getOperand(1).getType());
    auto xt = dyn_cast<RankedTensorType>(s2b->getOperand(0).getType());
    if (!ft || ft.getRank() != 4 || ft.isDynamicDim(1) || ft.isDynamicDim(2) ||
        !xt || xt.getRank() != 4)
      return failure();
    int64_t k[2] = {ft.getDimSize(1), ft.getDimSize(2)};
    int64_t before[2], after[2];
    bool valid = true, same = true;
    for (int i = 0; i < 2; ++i) {
      int64_t d = (*block)[i];
      if (d < 1)
        return failure();
      before[i] = (*pads)[2 * i] - (*crops)[2 * i];
      after[i] = (*pads)[2 * i + 1] - (*crops)[2 * i + 1];
      if (before[i] < 0 || after[i] < 0)
        return failure();
      int64_t total = (k[i] - 1) * d;
      valid &= before[i] == 0 && after[i] == 0;
      same &= before[i] == total / 2 && before[i] + after[i] == total;
    }

    rewriter.setInsertionPoint(conv);
    Location loc = conv->getLoc();
    Value input = s2b->getOperand(0);
    if (!valid && !same) {
      // Explicit padding: pad x, then a VALID dilated conv.
      SmallVector<int64_t> padded(xt.getShape());
      for (int i = 0; i < 2; ++i)
        if (!xt.isDynamicDim(1 + i))
          padded[1 + i] += before[i] + after[i];
      Value paddings = conv::constant(
          rewriter, loc,
          DenseElementsAttr::get(
              RankedTensorType::get({4, 2}, rewriter.getI32Type()),
              ArrayRef<int32_t>{0, 0, static_cast<int32_t>(before[0]),
                                static_cast<int32_t>(after[0]),
                                static_cast<int32_t>(before[1]),
                                static_cast<int32_t>(after[1]), 0, 0}));
      input = conv::create1(rewriter, loc, "tfl.pad", {input, paddings},
                            RankedTensorType::get(padded, xt.getElementType()));
    }
    SmallVector<NamedAttribute> attrs(conv->getAttrs());
    for (NamedAttribute &a : attrs) {
      if (a.getName() == "padding")
        a.setValue(rewriter.getStringAttr(same && !valid ? "SAME" : "VALID"));
      else if (a.getName() == "dilation_h_factor")
        a.setValue(rewriter.getI32IntegerAttr((*block)[0]));
      else if (a.getName() == "dilation_w_factor")
        a.setValue(rewriter.getI32IntegerAttr((*block)[1]));
    }
    SmallVector<Value> operands(conv->getOperands());
    operands[0] = input;
    Operation *fused = conv::create(rewriter, b2s->getLoc(), kind, operands,
                                    b2s->getResultTypes(), attrs);
    rewriter.replaceOp(b2s, fused->getResults());
    rewriter.eraseOp(conv);
    rewriter.eraseOp(s2b);
    return success();
  }
};

} // namespace

void populateFuseDilatedConvPatterns(RewritePatternSet &p) {
  p.add<FuseDilatedConv>(p.getContext());
}

} // namespace tfmlir
