//===- FuseMul.cpp - fold a per-channel constant multiply into conv/fc ----===//
//
// mul(p, c) / mul(c, p) with p a conv_2d, depthwise_conv_2d or
// fully_connected (act NONE, single use, constant float32 filter and bias
// constant or absent) and c a per-channel float32 constant: the filter's
// output-channel slices (OHWI dim 0, 1HWO dim 3, FC [N, K] dim 0) and the
// bias are scaled by c, and the mul's fused activation moves to p. With the
// bias fusion this folds an inference-mode FusedBatchNorm (legalized to
// mul + add) into the preceding convolution, as TF's converter does.
// Precision: one extra f32 rounding per weight (w * c rounded once).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"

using namespace mlir;

namespace tfmlir {

int64_t outputChannels(Operation *prod);
std::optional<SmallVector<float>> perChannel(DenseElementsAttr c,
                                             int64_t channels, int64_t outRank);
bool isFusableProducer(Operation *prod);

namespace {

struct FuseMulIntoWeights : public RewritePattern {
  explicit FuseMulIntoWeights(MLIRContext *ctx)
      : RewritePattern("tfl.mul", 1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    for (int side = 0; side < 2; ++side) {
      Value p = op->getOperand(side), c = op->getOperand(1 - side);
      Operation *prod = p.getDefiningOp();
      if (!isFusableProducer(prod) || p.getType() != op->getResult(0).getType())
        continue;
      auto cst = conv::constantOf(c);
      auto filter = conv::constantOf(prod->getOperand(1));
      if (!cst || !filter || !filter->getElementType().isF32() ||
          !filter->getType().hasStaticShape())
        continue;
      int64_t ch = outputChannels(prod);
      auto scale =
          perChannel(*cst, ch, cast<ShapedType>(p.getType()).getRank());
      if (!scale)
        continue;
      StringRef n = prod->getName().getStringRef();
      auto shape = filter->getType().getShape();
      // Output channel of flat filter index i.
      bool channelLast = n == "tfl.depthwise_conv_2d";
      if ((channelLast ? shape.back() : shape.front()) != ch)
        continue;
      int64_t total = filter->getNumElements();
      int64_t inner = total / ch;
      Value oldBias = prod->getOperand(2);
      std::optional<DenseElementsAttr> ob;
      if (!isa<NoneType>(oldBias.getType())) {
        ob = conv::constantOf(oldBias);
        if (!ob || !ob->getElementType().isF32() || ob->getNumElements() != ch)
          continue;
      }
      auto w = llvm::to_vector(filter->getValues<float>());
      for (int64_t i = 0; i < total; ++i)
        w[i] *= (*scale)[channelLast ? i % ch : i / inner];
      rewriter.setInsertionPoint(prod);
      Value nw = conv::constant(
          rewriter, prod->getOperand(1).getLoc(),
          DenseElementsAttr::get(filter->getType(), ArrayRef<float>(w)));
      Value nb = oldBias;
      if (ob) {
        auto b = llvm::to_vector(ob->getValues<float>());
        for (int64_t i = 0; i < ch; ++i)
          b[i] *= (*scale)[i];
        nb = conv::constant(
            rewriter, oldBias.getLoc(),
            DenseElementsAttr::get(ob->getType(), ArrayRef<float>(b)));
      }
      rewriter.modifyOpInPlace(prod, [&] {
        prod->setOperand(1, nw);
        prod->setOperand(2, nb);
        prod->setAttr(
            "fused_activation_function",
            op->getAttrOfType<StringAttr>("fused_activation_function"));
        prod->setLoc(op->getLoc());
      });
      rewriter.replaceOp(op, p);
      return success();
    }
    return failure();
  }
};

} // namespace

void populateFuseMulPatterns(RewritePatternSet &p) {
  p.add<FuseMulIntoWeights>(p.getContext());
}

} // namespace tfmlir
