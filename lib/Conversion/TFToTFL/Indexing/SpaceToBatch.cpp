//===- SpaceToBatch.cpp - Depth/Space/Batch block moves -> tfl ------------===//
//
// The block rearrangements of TFOpsIndexing.td (TF kernels DepthToSpaceOp,
// SpaceToDepthOp, SpaceToBatchNDOp, BatchToSpaceNDOp) as TFLite's
// DEPTH_TO_SPACE, SPACE_TO_DEPTH (NHWC only, a positive block_size; others
// are refused with the reason), SPACE_TO_BATCH_ND and BATCH_TO_SPACE_ND
// (block_shape and paddings / crops as int32). Data movement only (any
// dtype).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// DEPTH_TO_SPACE / SPACE_TO_DEPTH's block_size (NHWC only).
struct BlockAttrs {
  LogicalResult operator()(Operation *op, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &a,
                           std::string &why) const {
    if (strAttr(op, "data_format", "NHWC") != "NHWC") {
      why = "only data_format NHWC is supported";
      return failure();
    }
    auto bs = op->getAttrOfType<IntegerAttr>("block_size");
    if (!bs || bs.getInt() < 1) {
      why = "block_size must be a positive integer";
      return failure();
    }
    a.push_back(i32A(b, "block_size", bs.getInt()));
    return success();
  }
};

} // namespace

void populateIndexingSpaceToBatchPatterns(RewritePatternSet &patterns,
                                          ConversionState &state) {
  patterns.add<
      SameOperandsLowering<TF::DepthToSpaceOp, tfl::DepthToSpaceOp, BlockAttrs>,
      SameOperandsLowering<TF::SpaceToDepthOp, tfl::SpaceToDepthOp, BlockAttrs>,
      SameOperandsLowering<TF::SpaceToBatchNDOp, tfl::SpaceToBatchNdOp, NoAttrs,
                           1, 2>,
      SameOperandsLowering<TF::BatchToSpaceNDOp, tfl::BatchToSpaceNdOp, NoAttrs,
                           1, 2>>(patterns.getContext(), state);
}

} // namespace tfmlir::conv
