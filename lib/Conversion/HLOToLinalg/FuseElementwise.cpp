//===- FuseElementwise.cpp - hlo-fuse-elementwise ------------------------===//
//
// hlo-fuse-elementwise: upstream linalg element-wise fusion, except that a
// producer is not fused into a contraction (it would be recomputed per use
// and hide the contraction from the tiler) and a fused body is bounded
// (fusing a chain stays linear in its length). Both backends run it (the CPU
// pipeline in lib/Codegen/CPU/Pipeline.cpp, the GPU pipeline in
// lib/Codegen/GPU/Pipeline.cpp): one fusion decision, two code generators.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tfmlir {
#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "lib/Conversion/HLOToLinalg/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

/// The most ops (terminator included) a fused linalg body may have.
constexpr size_t kMaxFusedBodyOps = 64;

/// Whether fusing the producer of `operand` (a single-use element-wise
/// linalg op) into its consumer computes each producer element once: the
/// consumer is element-wise, or its map for `operand` is a permutation of
/// all its loops (a reduction reading each element once), and the two
/// bodies together have at most kMaxFusedBodyOps ops. A contraction
/// reads each input element once per output column or row, so a producer
/// fused into it would be recomputed that many times, and the contraction
/// would no longer be recognized as one.
bool fusesWithoutRecompute(OpOperand *operand) {
  Operation *producer = operand->get().getDefiningOp();
  if (!producer || !producer->hasOneUse())
    return false;
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  if (!consumer)
    return false;
  // Each fusion copies both bodies into a new op: bounding the fused body
  // keeps fusing a chain of N ops linear in N (unbounded, a 1600-op chain
  // spent 27 s here, quadratic), and keeps loop bodies small for LLVM.
  auto bodySize = [](Operation *op) {
    return op->getNumRegions() ? op->getRegion(0).front().getOperations().size()
                               : 0;
  };
  if (bodySize(producer) + bodySize(consumer) > kMaxFusedBodyOps)
    return false;
  if (consumer.getNumParallelLoops() == consumer.getNumLoops())
    return true;
  return consumer.getMatchingIndexingMap(operand).isPermutation();
}

struct FuseElementwisePass : impl::FuseElementwiseBase<FuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    linalg::populateElementwiseOpsFusionPatterns(patterns,
                                                 fusesWithoutRecompute);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns,
                                                      fusesWithoutRecompute);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, ctx);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, ctx);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, ctx);
    ctx->getLoadedDialect<linalg::LinalgDialect>()->getCanonicalizationPatterns(
        patterns);
    if (failed(applyPatternsGreedily(
            getOperation(), std::move(patterns),
            GreedyRewriteConfig().setUseTopDownTraversal())))
      return signalPassFailure();
  }
};

} // namespace
} // namespace tfmlir
