//===- Identity.cpp - NoOp and the identity-like ops -> nothing -----------===//
//
// Ops of TFOps.td that compute nothing TFLite has to run, removed as TF's
// converter removes them (TFLite has no control edges and no gradients):
//  - NoOp (a control-dependency hub, no results) is dropped;
//  - Identity, IdentityN, StopGradient, Snapshot and PreventGradient
//    forward their operands (result i is operand i; IdentityN has one
//    result per operand).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf op `OpTy` whose result i is its operand i -> its (converted)
/// operands; no tfl op is built. Matches TF's Identity-like kernels, which
/// forward their input buffers.
template <typename OpTy> struct ForwardOperands : TFLPattern<OpTy> {
  using TFLPattern<OpTy>::TFLPattern;
  using OpAdaptor = typename TFLPattern<OpTy>::OpAdaptor;
  LogicalResult convert(OpTy op, OpAdaptor a, ConversionPatternRewriter &,
                        SmallVectorImpl<Value> &results) const override {
    ValueRange operands = a.getOperands();
    results.append(operands.begin(),
                   operands.begin() +
                       std::min<size_t>(operands.size(), op->getNumResults()));
    return success();
  }
};

/// tf.NoOp (no operands, no results) -> nothing: TFLite has no control
/// edges, so the hub that only orders execution is dropped.
struct DropNoOp : TFLPattern<TF::NoOpOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::NoOpOp, OpAdaptor, ConversionPatternRewriter &,
                        SmallVectorImpl<Value> &) const override {
    return success();
  }
};

} // namespace

void populateShapeIdentityPatterns(RewritePatternSet &patterns,
                                   ConversionState &state) {
  patterns.add<
      DropNoOp, ForwardOperands<TF::IdentityOp>,
      ForwardOperands<TF::IdentityNOp>, ForwardOperands<TF::StopGradientOp>,
      ForwardOperands<TF::SnapshotOp>, ForwardOperands<TF::PreventGradientOp>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
