//===- FoldConstShapeOps.cpp - tfl.transpose/reshape of constants ---------===//
//
// tfl.transpose(c, perm) and tfl.reshape(c, shape) of a constant c (static
// shape, int or float elements) with a static result type become one
// tfl.pseudo_const holding the permuted / reshaped values, as TF's
// converter folds them: the .tflite file then stores the weights in the
// layout the kernel reads and runs no data-movement op for them. perm must
// be a constant permutation of [0, rank).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace tfmlir {
namespace {

/// The constant input of `op` if it has a static shape and int/float
/// elements, and `op`'s result type is static.
std::optional<DenseElementsAttr> foldableInput(Operation *op) {
  auto rt = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!rt || !rt.hasStaticShape())
    return std::nullopt;
  auto c = conv::constantOf(op->getOperand(0));
  if (!c || !c->getType().hasStaticShape() ||
      !c->getElementType().isIntOrFloat() ||
      c->getElementType() != rt.getElementType())
    return std::nullopt;
  return c;
}

struct FoldConstTranspose : public RewritePattern {
  explicit FoldConstTranspose(MLIRContext *ctx)
      : RewritePattern("tfl.transpose", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto c = foldableInput(op);
    auto perm = conv::constantInts(op->getOperand(1));
    if (!c || !perm ||
        static_cast<int64_t>(perm->size()) != c->getType().getRank())
      return failure();
    SmallVector<bool> seen(perm->size(), false);
    for (int64_t p : *perm) {
      if (p < 0 || p >= static_cast<int64_t>(perm->size()) || seen[p])
        return failure();
      seen[p] = true;
    }
    Value folded =
        conv::transpose(rewriter, op->getLoc(), op->getOperand(0), *perm);
    if (folded.getType() != op->getResult(0).getType())
      return failure();
    rewriter.replaceOp(op, folded);
    return success();
  }
};

struct FoldConstReshape : public RewritePattern {
  explicit FoldConstReshape(MLIRContext *ctx)
      : RewritePattern("tfl.reshape", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto c = foldableInput(op);
    if (!c)
      return failure();
    auto rt = cast<RankedTensorType>(op->getResult(0).getType());
    if (rt.getNumElements() != c->getNumElements())
      return failure();
    rewriter.replaceOp(op,
                       conv::constant(rewriter, op->getLoc(), c->reshape(rt)));
    return success();
  }
};

} // namespace

void populateFoldConstShapeOpsPatterns(RewritePatternSet &p) {
  p.add<FoldConstTranspose, FoldConstReshape>(p.getContext());
}

} // namespace tfmlir
