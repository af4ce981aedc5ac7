//===- Patches.cpp - tf ExtractImagePatches -> hlo ------------------------===//
//
//  - ExtractImagePatches (TF's ExtractImagePatchesOp kernel,
//    extract_image_patches_op.cc): NHWC `images` of any dtype the hlo ops
//    take, `ksizes`/`strides`/`rates` of 4 entries (the batch and depth
//    entries are not read), SAME or VALID padding with TF's window rules
//    (lib/Support's windowGeometry, effective window (k - 1) * rate + 1).
//    The input is padded with zeros (SAME), then one strided hlo.slice per
//    patch offset (i, j) is taken and the slices are concatenated along the
//    depth dim in (row, col, channel) order, giving
//    [batch, out_rows, out_cols, ksize_rows * ksize_cols * depth].
// Refuses a non-static input or result, attrs of the wrong length or
// another padding, and a result shape other than the patch arithmetic's.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// The integers of an I64ArrayAttr.
SmallVector<int64_t> ints(ArrayAttr a) {
  SmallVector<int64_t> out;
  for (Attribute e : a)
    out.push_back(cast<IntegerAttr>(e).getInt());
  return out;
}

/// tf.ExtractImagePatches -> hlo.pad + one hlo.slice per patch offset,
/// hlo.concatenate along depth.
struct ExtractImagePatchesLowering : HLOPattern<TF::ExtractImagePatchesOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::ExtractImagePatchesOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getImages());
    auto out = staticResult(op);
    SmallVector<int64_t> ks = ints(op.getKsizes()), st = ints(op.getStrides()),
                         rt = ints(op.getRates());
    StringRef pad = op.getPadding();
    if (!in || !out || in.getRank() != 4 || ks.size() != 4 || st.size() != 4 ||
        rt.size() != 4 || (pad != "SAME" && pad != "VALID"))
      return fail(op, b,
                  "needs a static NHWC input, 4-element ksizes/strides/rates "
                  "and SAME/VALID padding");
    Location loc = op.getLoc();
    int64_t N = in.getDimSize(0), H = in.getDimSize(1), W = in.getDimSize(2),
            C = in.getDimSize(3);
    int64_t oh, ow;
    auto [ph0, ph1] = windowPad(H, ks[1], st[1], rt[1], pad == "SAME", oh);
    auto [pw0, pw1] = windowPad(W, ks[2], st[2], rt[2], pad == "SAME", ow);
    if (out.getShape() != ArrayRef<int64_t>{N, oh, ow, ks[1] * ks[2] * C})
      return fail(op, b, "result shape disagrees with the patch arithmetic");
    Type elt = in.getElementType();
    SmallVector<int64_t> lo{0, ph0, pw0, 0}, hi{0, ph1, pw1, 0}, inner(4, 0);
    Value x = PadOp::create(b, loc, a.getImages(), scalar(b, loc, elt, 0), lo,
                            hi, inner);
    SmallVector<Value> parts;
    for (int64_t i = 0; i < ks[1]; ++i)
      for (int64_t j = 0; j < ks[2]; ++j) {
        int64_t y0 = i * rt[1], x0 = j * rt[2];
        parts.push_back(sliceOf(
            b, loc, x, {0, y0, x0, 0},
            {N, y0 + (oh - 1) * st[1] + 1, x0 + (ow - 1) * st[2] + 1, C},
            {1, st[1], st[2], 1}));
      }
    results.push_back(parts.size() == 1 ? parts.front()
                                        : Value(ConcatenateOp::create(
                                              b, loc, parts, uint64_t{3})));
    return success();
  }
};

} // namespace

void populateImagePatchesPatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns.add<ExtractImagePatchesLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
