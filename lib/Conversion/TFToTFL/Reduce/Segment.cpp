//===- Segment.cpp - tf segment reductions and Cumsum -> tfl --------------===//
//
// The segment reductions and scans of TFOpsReduce.td:
//  - SegmentSum (TF kernel SegmentReductionOp) -> SEGMENT_SUM;
//  - UnsortedSegmentSum/Prod/Max/Min (TF kernel
//    UnsortedSegmentReductionOp) -> UNSORTED_SEGMENT_SUM/PROD/MAX/MIN;
//  - Cumsum (TF kernel CumsumOp) -> CUMSUM (a tfl.builtin_op) with TF's
//    exclusive and reverse.
// Index operands (segment ids, num_segments, the axis) become int32, as
// TFLite's kernels read them (refused with the reason when a constant has
// values outside int32).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// CUMSUM's options: TF's exclusive and reverse.
struct CumsumOpts {
  LogicalResult operator()(Operation *op, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &o,
                           std::string &) const {
    o.push_back(boolA(b, "exclusive", boolAttr(op, "exclusive")));
    o.push_back(boolA(b, "reverse", boolAttr(op, "reverse")));
    return success();
  }
};

} // namespace

void populateReduceSegmentPatterns(RewritePatternSet &patterns,
                                   ConversionState &state) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<
      SameOperandsLowering<TF::SegmentSumOp, tfl::SegmentSumOp, NoAttrs, 1>,
      SameOperandsLowering<TF::UnsortedSegmentSumOp, tfl::UnsortedSegmentSumOp,
                           NoAttrs, 1, 2>,
      SameOperandsLowering<TF::UnsortedSegmentProdOp,
                           tfl::UnsortedSegmentProdOp, NoAttrs, 1, 2>,
      SameOperandsLowering<TF::UnsortedSegmentMaxOp, tfl::UnsortedSegmentMaxOp,
                           NoAttrs, 1, 2>,
      SameOperandsLowering<TF::UnsortedSegmentMinOp, tfl::UnsortedSegmentMinOp,
                           NoAttrs, 1, 2>>(ctx, state);
  patterns.add<BuiltinOpLowering<TF::CumsumOp, 128, CumsumOpts, 1>>(
      ctx, state, "CUMSUM", "CumsumOptions");
}

} // namespace tfmlir::conv
