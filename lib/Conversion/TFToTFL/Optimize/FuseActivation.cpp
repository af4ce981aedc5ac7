//===- FuseActivation.cpp - fold tfl activations into their producer -----===//
//
// relu/relu6/relu_n1_to_1(x) where x comes from conv_2d,
// depthwise_conv_2d, fully_connected, add, sub, mul or div with
// fused_activation_function = NONE and no other user: the activation becomes
// the producer's fused_activation_function (RELU, RELU6, RELU_N1_TO_1).
// TFLite's kernels apply these as a clamp of the float result, exactly as
// the separate op would, so results are bit-identical. TANH is not fused:
// TFLite's conv/FC/arithmetic kernels turn the fused activation into a clamp
// range (CalculateActivationRange), which has no TANH case, so a fused TANH
// would be silently skipped by stock TFLite.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;

namespace tfmlir {
namespace {

struct FuseActivation : public RewritePattern {
  FuseActivation(StringRef root, StringRef act, MLIRContext *ctx)
      : RewritePattern(root, /*benefit=*/1, ctx), act(act.str()) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    Value x = op->getOperand(0);
    Operation *prod = x.getDefiningOp();
    if (!prod || !x.hasOneUse() || prod->getNumResults() != 1)
      return failure();
    StringRef n = prod->getName().getStringRef();
    if (!llvm::is_contained({"tfl.conv_2d", "tfl.depthwise_conv_2d",
                             "tfl.fully_connected", "tfl.add", "tfl.sub",
                             "tfl.mul", "tfl.div"},
                            n))
      return failure();
    auto cur = prod->getAttrOfType<StringAttr>("fused_activation_function");
    if (!cur || cur.getValue() != "NONE")
      return failure();
    auto et = dyn_cast<ShapedType>(x.getType());
    if (!et || !et.getElementType().isF32() ||
        x.getType() != op->getResult(0).getType())
      return failure();
    rewriter.modifyOpInPlace(prod, [&] {
      prod->setAttr("fused_activation_function", rewriter.getStringAttr(act));
      prod->setLoc(op->getLoc());
    });
    rewriter.replaceOp(op, x);
    return success();
  }

  std::string act;
};

} // namespace

void populateFuseActivationPatterns(RewritePatternSet &p) {
  MLIRContext *ctx = p.getContext();
  p.add<FuseActivation>("tfl.relu", "RELU", ctx);
  p.add<FuseActivation>("tfl.relu6", "RELU6", ctx);
  p.add<FuseActivation>("tfl.relu_n1_to_1", "RELU_N1_TO_1", ctx);
}

} // namespace tfmlir
