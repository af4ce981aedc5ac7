//===- Reverse.cpp - ReverseV2, ReverseSequence, TopKV2, Unique, Range ----===//
//
// Ops of TFOpsIndexing.td (TF kernels ReverseV2Op, ReverseSequenceOp,
// TopKOp, UniqueOp, RangeOp) as TFLite's builtins, whose reference kernels
// compute TF's function:
//  - ReverseV2 -> REVERSE_V2 (tfl.builtin_op; axis as int32);
//  - ReverseSequence -> REVERSE_SEQUENCE (seq_dim, batch_dim made
//    non-negative against a known rank; seq_lengths int32 or int64 as TF);
//  - TopKV2 -> TOPK_V2 (k as int32);
//  - Unique -> UNIQUE (idx_out_type from TF's out_idx, int32 or int64;
//    others are refused with the reason);
//  - Range -> RANGE.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// An integer attr of `op`, `dflt` when absent.
int64_t intAttrOr(Operation *op, StringRef name, int64_t dflt) {
  if (auto a = op->getAttrOfType<IntegerAttr>(name))
    return a.getInt();
  return dflt;
}

/// tf.ReverseSequence -> tfl.reverse_sequence.
struct ReverseSequenceLowering : TFLPattern<TF::ReverseSequenceOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::ReverseSequenceOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto norm = [&](int64_t d) {
      auto t = dyn_cast<RankedTensorType>(a.getInput().getType());
      return d < 0 && t ? d + t.getRank() : d;
    };
    results.push_back(
        tfl::ReverseSequenceOp::create(
            b, op.getLoc(), op->getResultTypes(), a.getOperands(),
            {i32A(b, "seq_dim", norm(intAttrOr(op, "seq_dim", 0))),
             i32A(b, "batch_dim", norm(intAttrOr(op, "batch_dim", 0)))})
            ->getResult(0));
    return success();
  }
};

/// tf.Unique -> tfl.unique (idx_out_type).
struct UniqueLowering : TFLPattern<TF::UniqueOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::UniqueOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    std::string idx =
        tensorTypeName(getElementTypeOrSelf(op->getResult(1).getType()));
    if (idx != "INT32" && idx != "INT64")
      return fail(op, b, "out_idx must be int32 or int64");
    auto n = tfl::UniqueOp::create(b, op.getLoc(), op->getResultTypes(),
                                   ValueRange{a.getX()},
                                   {strA(b, "idx_out_type", idx)});
    results.append(n->result_begin(), n->result_end());
    return success();
  }
};

} // namespace

void populateIndexingReversePatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<ReverseSequenceLowering, UniqueLowering,
               SameOperandsLowering<TF::TopKV2Op, tfl::TopKV2Op, NoAttrs, 1>,
               SameOperandsLowering<TF::RangeOp, tfl::RangeOp>>(ctx, state);
  patterns.add<BuiltinOpLowering<TF::ReverseV2Op, 105, NoAttrs, 1>>(
      ctx, state, "REVERSE_V2", "ReverseV2Options");
}

} // namespace tfmlir::conv
