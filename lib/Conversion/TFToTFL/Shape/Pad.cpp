//===- Pad.cpp - Pad, PadV2, MirrorPad -> tfl -----------------------------===//
//
// The padding ops of TFOpsShape.td (TF kernels PadOp, MirrorPadOp) as
// TFLite's PAD, PADV2 and MIRROR_PAD (TF's mode, REFLECT by default), which
// compute TF's function (any dtype). Paddings become int32 (refused with
// the reason when a constant has values outside int32). Slice and
// StridedSlice are in Shape/Slice.cpp.
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

} // namespace

void populateShapePadPatterns(RewritePatternSet &patterns,
                              ConversionState &state) {
  patterns.add<SameOperandsLowering<TF::PadOp, tfl::PadOp, NoAttrs, 1>,
               SameOperandsLowering<TF::PadV2Op, tfl::PadV2Op, NoAttrs, 1>,
               SameOperandsLowering<TF::MirrorPadOp, tfl::MirrorPadOp,
                                    MirrorPadAttrs, 1>>(patterns.getContext(),
                                                        state);
}

} // namespace tfmlir::conv
