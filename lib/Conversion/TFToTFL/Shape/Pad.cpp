//===- Pad.cpp - Pad, PadV2, MirrorPad, Slice, StridedSlice -> tfl --------===//
//
// The padding and slicing ops of TFOpsShape.td (TF kernels PadOp,
// MirrorPadOp, SliceOp, StridedSliceOp) as TFLite's PAD, PADV2, MIRROR_PAD
// (TF's mode, REFLECT by default), SLICE and STRIDED_SLICE (TF's five
// masks, offset false), which compute TF's function (any dtype). Paddings,
// begin, size, end and strides become int32 (refused with the reason when
// a constant has values outside int32).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// MIRROR_PAD's mode (TF's mode attr, REFLECT by default).
struct MirrorPadAttrs {
  LogicalResult operator()(Operation *op, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &a,
                           std::string &) const {
    a.push_back(strA(b, "mode", strAttr(op, "mode", "REFLECT")));
    return success();
  }
};

/// STRIDED_SLICE's masks (0 when absent) and offset = false.
struct StridedSliceAttrs {
  LogicalResult operator()(Operation *op, OpBuilder &b,
                           SmallVectorImpl<NamedAttribute> &a,
                           std::string &) const {
    for (StringRef m : {"begin_mask", "end_mask", "ellipsis_mask",
                        "new_axis_mask", "shrink_axis_mask"}) {
      auto i = op->getAttrOfType<IntegerAttr>(m);
      a.push_back(i32A(b, m, i ? i.getInt() : 0));
    }
    a.push_back(boolA(b, "offset", false));
    return success();
  }
};

} // namespace

void populateShapePadPatterns(RewritePatternSet &patterns,
                              ConversionState &state) {
  patterns.add<SameOperandsLowering<TF::PadOp, tfl::PadOp, NoAttrs, 1>,
               SameOperandsLowering<TF::PadV2Op, tfl::PadV2Op, NoAttrs, 1>,
               SameOperandsLowering<TF::MirrorPadOp, tfl::MirrorPadOp,
                                    MirrorPadAttrs, 1>,
               SameOperandsLowering<TF::SliceOp, tfl::SliceOp, NoAttrs, 1, 2>,
               SameOperandsLowering<TF::StridedSliceOp, tfl::StridedSliceOp,
                                    StridedSliceAttrs, 1, 2, 3>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::conv
