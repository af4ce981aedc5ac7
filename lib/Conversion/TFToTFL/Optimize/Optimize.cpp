//===- Optimize.cpp - the tfl-optimize pass: fusions on tfl ops -----------===//
//
// The tfl-level fusions that run after tfl-legalize-tf (the TFLite converter
// pipeline runs them right after the legalization; the pass's `fuse`
// option runs them inside tfl-legalize-tf): constant shape computations
// folded (FoldConstShapeOps.cpp), SpaceToBatchND -> conv -> BatchToSpaceND
// back into a dilated conv (FuseDilatedConv.cpp), per-channel constant
// multiplies into the weights (FuseMul.cpp), bias adds into conv_2d /
// depthwise_conv_2d / fully_connected (FuseBias.cpp) and Relu / Relu6 /
// Relu1 into the producer's fused_activation_function (FuseActivation.cpp).
// The greedy driver also folds constants and removes dead ops.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Passes.h"

#include "dialects/tfl/TFLOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tfmlir {

#define GEN_PASS_DEF_TFLOPTIMIZE
#include "lib/Conversion/TFToTFL/Passes.h.inc"

void populateFuseActivationPatterns(RewritePatternSet &p);
void populateFuseBiasPatterns(RewritePatternSet &p);
void populateFuseMulPatterns(RewritePatternSet &p);
void populateFuseDilatedConvPatterns(RewritePatternSet &p);
void populateFoldConstShapeOpsPatterns(RewritePatternSet &p);

void populateTFLFusionPatterns(RewritePatternSet &patterns) {
  populateFoldConstShapeOpsPatterns(patterns);
  populateFuseDilatedConvPatterns(patterns);
  populateFuseMulPatterns(patterns);
  populateFuseBiasPatterns(patterns);
  populateFuseActivationPatterns(patterns);
}

LogicalResult optimizeTFL(ModuleOp module, bool fuse) {
  RewritePatternSet patterns(module.getContext());
  if (fuse)
    populateTFLFusionPatterns(patterns);
  FrozenRewritePatternSet frozen(std::move(patterns));
  for (auto fn : module.getOps<func::FuncOp>())
    if (failed(applyPatternsGreedily(fn, frozen)))
      return fn.emitError("tfl-legalize-tf: fusion patterns did not converge");
  return success();
}

namespace {
struct TFLOptimizePass : public impl::TFLOptimizeBase<TFLOptimizePass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(optimizeTFL(getOperation(), /*fuse=*/true)))
      signalPassFailure();
  }
};
} // namespace

} // namespace tfmlir
