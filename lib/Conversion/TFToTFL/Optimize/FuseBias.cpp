//===- FuseBias.cpp - fold a constant bias add into conv/fc ---------------===//
//
// add(p, c) or add(c, p) where p is conv_2d, depthwise_conv_2d or
// fully_connected (act NONE, single use) with a constant float32 filter
// and c is a float32 constant holding one value per output channel (shape
// [O] or [1, ..., 1, O]; a splat of any broadcastable shape also works):
// the bias becomes bias + c (or c when p has none) and the add's fused
// activation moves to p. The sum is rounded once to f32, as TF's converter
// does; TFLite then adds the bias in the kernel's accumulator, so results
// can differ from TF's separate BiasAdd by one f32 rounding.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"

using namespace mlir;

namespace tfmlir {

/// Output-channel count of a conv/fc producer (last dim of its result), or
/// -1 if unknown.
int64_t outputChannels(Operation *prod) {
  auto t = dyn_cast<RankedTensorType>(prod->getResult(0).getType());
  if (!t || t.getRank() == 0 || t.isDynamicDim(t.getRank() - 1))
    return -1;
  return t.getDimSize(t.getRank() - 1);
}

/// Per-channel values of `c` for `channels` output channels: a splat, or a
/// constant of shape [1, ..., 1, channels]. nullopt otherwise.
std::optional<SmallVector<float>>
perChannel(DenseElementsAttr c, int64_t channels, int64_t outRank) {
  if (!c.getElementType().isF32() || channels < 0)
    return std::nullopt;
  auto t = c.getType();
  if (t.getRank() > outRank)
    return std::nullopt;
  if (c.isSplat())
    return SmallVector<float>(channels, c.getSplatValue<float>());
  if (t.getRank() == 0 || t.getDimSize(t.getRank() - 1) != channels)
    return std::nullopt;
  for (int64_t d = 0; d + 1 < t.getRank(); ++d)
    if (t.getDimSize(d) != 1)
      return std::nullopt;
  return llvm::to_vector(c.getValues<float>());
}

bool isFusableProducer(Operation *prod) {
  if (!prod)
    return false;
  StringRef n = prod->getName().getStringRef();
  if (n != "tfl.conv_2d" && n != "tfl.depthwise_conv_2d" &&
      n != "tfl.fully_connected")
    return false;
  if (prod->getNumResults() != 1 || !prod->getResult(0).hasOneUse())
    return false;
  if (n == "tfl.fully_connected") {
    auto k = prod->getAttrOfType<BoolAttr>("keep_num_dims");
    if (k && k.getValue())
      return false;
  }
  auto act = prod->getAttrOfType<StringAttr>("fused_activation_function");
  return act && act.getValue() == "NONE" && prod->getNumOperands() == 3;
}

namespace {

struct FuseBiasAdd : public RewritePattern {
  explicit FuseBiasAdd(MLIRContext *ctx) : RewritePattern("tfl.add", 1, ctx) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    for (int side = 0; side < 2; ++side) {
      Value p = op->getOperand(side), c = op->getOperand(1 - side);
      Operation *prod = p.getDefiningOp();
      if (!isFusableProducer(prod) || p.getType() != op->getResult(0).getType())
        continue;
      auto cst = conv::constantOf(c);
      if (!cst)
        continue;
      int64_t ch = outputChannels(prod);
      auto outRank = cast<ShapedType>(p.getType()).getRank();
      auto add = perChannel(*cst, ch, outRank);
      if (!add)
        continue;
      Value oldBias = prod->getOperand(2);
      SmallVector<float> bias(ch, 0.0f);
      if (!isa<NoneType>(oldBias.getType())) {
        auto ob = conv::constantOf(oldBias);
        if (!ob || !ob->getElementType().isF32() || ob->getNumElements() != ch)
          continue;
        bias = llvm::to_vector(ob->getValues<float>());
      }
      for (int64_t i = 0; i < ch; ++i)
        bias[i] += (*add)[i];
      rewriter.setInsertionPoint(prod);
      auto bt = RankedTensorType::get({ch}, rewriter.getF32Type());
      Value nb =
          conv::constant(rewriter, c.getLoc(),
                         DenseElementsAttr::get(bt, ArrayRef<float>(bias)));
      rewriter.modifyOpInPlace(prod, [&] {
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

void populateFuseBiasPatterns(RewritePatternSet &p) {
  p.add<FuseBiasAdd>(p.getContext());
}

} // namespace tfmlir
