//===- Concat.cpp - ConcatV2, Pack, Unpack, Split, SplitV -> tfl ----------===//
//
// The joining and splitting ops of TFOpsShape.td (TF kernels ConcatV2Op,
// PackOp, UnpackOp, SplitOp, SplitVOp) as TFLite's CONCATENATION, PACK,
// UNPACK, SPLIT and SPLIT_V (any dtype). Negative axes are made
// non-negative against a known rank. ConcatV2 needs a constant scalar axis
// (refused with the reason otherwise); a ConcatV2 of one value is that
// value. Split's split_dim and SplitV's size_splits / split_dim become
// int32; num_splits is the number of results.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.ConcatV2 -> tfl.concatenation (constant axis).
struct ConcatV2Lowering : TFLPattern<TF::ConcatV2Op> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::ConcatV2Op op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    unsigned n = op->getNumOperands();
    if (n < 2)
      return fail(op, b, "ConcatV2 without values");
    int64_t axis;
    std::string why;
    if (failed(constAxis(op, n - 1, axis, why)))
      return fail(op, b, why);
    ValueRange values = a.getValues();
    if (values.size() == 1) {
      results.push_back(values[0]);
      return success();
    }
    results.push_back(
        tfl::ConcatenationOp::create(
            b, op.getLoc(), op->getResultTypes(), values,
            {i32A(b, "axis", normAxis(axis, op.getResult())), actNone(b)})
            ->getResult(0));
    return success();
  }
};

/// The `axis` attr of a tf op, 0 when absent.
int64_t axisAttr(Operation *op) {
  auto a = op->getAttrOfType<IntegerAttr>("axis");
  return a ? a.getInt() : 0;
}

/// tf.Pack -> tfl.pack (values_count, axis).
struct PackLowering : TFLPattern<TF::PackOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::PackOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    results.push_back(
        tfl::PackOp::create(
            b, op.getLoc(), op->getResultTypes(), a.getValues(),
            {i32A(b, "values_count", op->getNumOperands()),
             i32A(b, "axis", normAxis(axisAttr(op), op.getResult()))})
            ->getResult(0));
    return success();
  }
};

/// tf.Unpack -> tfl.unpack (num, axis).
struct UnpackLowering : TFLPattern<TF::UnpackOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::UnpackOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto n = tfl::UnpackOp::create(
        b, op.getLoc(), op->getResultTypes(), ValueRange{a.getValue()},
        {i32A(b, "num", op->getNumResults()),
         i32A(b, "axis", normAxis(axisAttr(op), a.getValue()))});
    results.append(n->result_begin(), n->result_end());
    return success();
  }
};

/// num_splits = the number of results (Split, SplitV).
struct NumSplits {
  LogicalResult operator()(Operation *op, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &a,
                           std::string &) const {
    a.push_back(i32A(b, "num_splits", op->getNumResults()));
    return success();
  }
};

} // namespace

void populateShapeConcatPatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns
      .add<ConcatV2Lowering, PackLowering, UnpackLowering,
           SameOperandsLowering<TF::SplitOp, tfl::SplitOp, NumSplits, 0>,
           SameOperandsLowering<TF::SplitVOp, tfl::SplitVOp, NumSplits, 1, 2>>(
          patterns.getContext(), state);
}

} // namespace tfmlir::conv
