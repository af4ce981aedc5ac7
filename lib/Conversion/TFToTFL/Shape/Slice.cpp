//===- Slice.cpp - Slice, StridedSlice -> tfl -----------------------------===//
//
// The slicing ops of TFOpsShape.td (TF kernels SliceOp, StridedSliceOp) as
// TFLite's SLICE and STRIDED_SLICE, which compute TF's function (any
// dtype):
//  - Slice -> SLICE (begin and size as int32);
//  - StridedSlice -> STRIDED_SLICE with TF's five masks and offset = false
//    (begin, end and strides as int32). The masks are read as
//    lib/Support/StridedSlice.h's StridedSliceMasks, and when the input is
//    ranked and begin/end/strides are constant the spec is checked by its
//    computeStridedSlice (TF's ValidateStridedSliceOp): a spec TF rejects
//    is refused with TF's message instead of being left to the kernel.
// Constants with values outside int32 are refused with the reason.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "lib/Support/StridedSlice.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// tf.StridedSlice's masks as StridedSliceMasks (0 when absent).
StridedSliceMasks masksOf(TF::StridedSliceOp op) {
  return {static_cast<int64_t>(op.getBeginMask()),
          static_cast<int64_t>(op.getEndMask()),
          static_cast<int64_t>(op.getEllipsisMask()),
          static_cast<int64_t>(op.getNewAxisMask()),
          static_cast<int64_t>(op.getShrinkAxisMask())};
}

/// STRIDED_SLICE's masks and offset = false; fails with TF's message when
/// the spec is known and TF rejects it (computeStridedSlice).
struct StridedSliceAttrs {
  LogicalResult operator()(Operation *o, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &a,
                           std::string &why) const {
    auto op = cast<TF::StridedSliceOp>(o);
    StridedSliceMasks m = masksOf(op);
    auto in = dyn_cast<RankedTensorType>(op.getInput().getType());
    auto begin = constantInts(op.getBegin()), end = constantInts(op.getEnd()),
         strides = constantInts(op.getStrides());
    if (in && begin && end && strides) {
      StridedSliceResult spec;
      absl::Status s =
          computeStridedSlice(in.getShape(), *begin, *end, *strides, m, spec);
      if (!s.ok()) {
        why = std::string(s.message());
        return failure();
      }
    }
    a.append({i32A(b, "begin_mask", m.begin), i32A(b, "end_mask", m.end),
              i32A(b, "ellipsis_mask", m.ellipsis),
              i32A(b, "new_axis_mask", m.newAxis),
              i32A(b, "shrink_axis_mask", m.shrinkAxis),
              boolA(b, "offset", false)});
    return success();
  }
};

} // namespace

void populateShapeSlicePatterns(RewritePatternSet &patterns,
                                ConversionState &state) {
  patterns.add<SameOperandsLowering<TF::SliceOp, tfl::SliceOp, NoAttrs, 1, 2>,
               SameOperandsLowering<TF::StridedSliceOp, tfl::StridedSliceOp,
                                    StridedSliceAttrs, 1, 2, 3>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
