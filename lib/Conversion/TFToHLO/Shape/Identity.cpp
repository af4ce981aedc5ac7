//===- Identity.cpp - the identity ops -> their operands ------------------===//
//
// Ops whose value is their input: Identity, IdentityN, StopGradient,
// PreventGradient, Snapshot, DeepCopy (values are immutable in hlo), an
// unfed PlaceholderWithDefault (its default, as tf2xla lowers it to an
// Identity; a fed one never reaches the legalizer: the feed replaces it),
// Print and DebugIdentity (their logging is not compiled, as in XLA).
// TF's kernels: IdentityOp, IdentityNOp, StopGradient, PreventGradient,
// Snapshot, DeepCopy, PlaceholderWithDefault, Print, DebugIdentity.
// No hlo is built: each result is replaced by its operand. Any shape and
// dtype the hlo ops take. Refused (all but DeepCopy): an operand whose
// type differs from the result's and is not static (it cannot stand for
// the result).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Identity and the other identity ops -> their input(s), unchanged.
template <typename TFOp> struct ForwardLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    SmallVector<Value> inputs;
    if constexpr (std::is_same_v<TFOp, TF::IdentityNOp>)
      llvm::append_range(inputs, a.getInput());
    else
      inputs.push_back(a.getInput());
    if (inputs.size() < op->getNumResults())
      return this->fail(op, b, "fewer operands than results");
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      if (inputs[i].getType() != op->getResult(i).getType() &&
          !staticType(inputs[i]))
        return this->fail(op, b, "operand type differs from the result type");
      results.push_back(inputs[i]);
    }
    return success();
  }
};

/// tf.DeepCopy -> its input, unchanged.
struct DeepCopyLowering : HLOPattern<TF::DeepCopyOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::DeepCopyOp, OpAdaptor a,
                        ConversionPatternRewriter &,
                        SmallVectorImpl<Value> &results) const override {
    results.push_back(a.getX());
    return success();
  }
};

} // namespace

void populateShapeIdentityPatterns(RewritePatternSet &patterns,
                                   ConversionState &state) {
  patterns
      .add<ForwardLowering<TF::IdentityOp>, ForwardLowering<TF::IdentityNOp>,
           ForwardLowering<TF::StopGradientOp>, ForwardLowering<TF::SnapshotOp>,
           ForwardLowering<TF::PreventGradientOp>,
           ForwardLowering<TF::PlaceholderWithDefaultOp>,
           ForwardLowering<TF::PrintOp>, ForwardLowering<TF::DebugIdentityOp>,
           DeepCopyLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
