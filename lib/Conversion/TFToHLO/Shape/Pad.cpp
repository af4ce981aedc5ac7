//===- Pad.cpp - Pad, PadV2, MirrorPad -> hlo -----------------------------===//
//
//  - Pad / PadV2 (TF's PadOp, PadV2Op) with constant [rank, 2] paddings:
//    hlo.pad with zero (Pad) or the scalar constant_values (PadV2) and no
//    interior padding.
//  - MirrorPad (TF's MirrorPadOp; REFLECT excludes the edge element,
//    SYMMETRIC repeats it) with constant paddings: per dim, hlo.reverse of
//    hlo.slices concatenated on both sides.
// Any dtype the hlo ops take; paddings int32 or int64.
// Refused: a dynamic input, run-time or negative paddings, a
// constant_values that is not one element, mirror paddings larger than
// the dim allows (dim - 1 for REFLECT, dim for SYMMETRIC).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Pad / tf.PadV2 -> hlo.pad with constant edge paddings.
template <typename TFOp> struct PadLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto pads = constantInts(a.getPaddings());
    if (!in || !pads || static_cast<int64_t>(pads->size()) != 2 * in.getRank())
      return this->fail(op, b,
                        "needs a static input and constant [rank, 2] paddings");
    Location loc = op.getLoc();
    Value pv;
    if constexpr (std::is_same_v<TFOp, TF::PadV2Op>) {
      auto t = staticType(a.getConstantValues());
      if (!t || t.getNumElements() != 1)
        return this->fail(op, b, "constant_values must be a scalar");
      pv = reshape(b, loc, a.getConstantValues(), {});
    } else {
      pv = scalar(b, loc, in.getElementType(), 0);
    }
    SmallVector<int64_t> lo, hi, interior(in.getRank(), 0);
    for (int64_t d = 0; d < in.getRank(); ++d) {
      lo.push_back((*pads)[2 * d]);
      hi.push_back((*pads)[2 * d + 1]);
      if (lo.back() < 0 || hi.back() < 0)
        return this->fail(op, b, "negative paddings");
    }
    results.push_back(
        PadOp::create(b, loc, a.getInput(), pv, lo, hi, interior));
    return success();
  }
};

/// tf.MirrorPad -> hlo.slice + hlo.reverse + hlo.concatenate per dim.
struct MirrorPadLowering : HLOPattern<TF::MirrorPadOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MirrorPadOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto pads = constantInts(a.getPaddings());
    if (!in || !pads || static_cast<int64_t>(pads->size()) != 2 * in.getRank())
      return fail(op, b,
                  "needs a static input and constant [rank, 2] paddings");
    bool reflect = op.getMode() == "REFLECT";
    int64_t off = reflect ? 1 : 0;
    Location loc = op.getLoc();
    Value x = a.getInput();
    for (int64_t d = 0; d < in.getRank(); ++d) {
      int64_t lo = (*pads)[2 * d], hi = (*pads)[2 * d + 1];
      auto t = cast<RankedTensorType>(x.getType());
      int64_t n = t.getDimSize(d);
      if (lo < 0 || hi < 0 || lo + off > n || hi + off > n)
        return fail(op, b, "paddings too large for the mirror mode");
      SmallVector<Value> parts;
      auto piece = [&](int64_t begin, int64_t end) {
        SmallVector<int64_t> start(t.getRank(), 0), limit(t.getShape()),
            strides(t.getRank(), 1);
        start[d] = begin;
        limit[d] = end;
        Value s = SliceOp::create(b, loc, x, start, limit, strides);
        return Value(ReverseOp::create(b, loc, s, {d}));
      };
      if (lo)
        parts.push_back(piece(off, off + lo));
      parts.push_back(x);
      if (hi)
        parts.push_back(piece(n - off - hi, n - off));
      if (parts.size() > 1)
        x = ConcatenateOp::create(b, loc, parts, static_cast<uint64_t>(d));
    }
    results.push_back(x);
    return success();
  }
};

} // namespace

void populateShapePadPatterns(RewritePatternSet &patterns,
                              ConversionState &state) {
  patterns
      .add<PadLowering<TF::PadOp>, PadLowering<TF::PadV2Op>, MirrorPadLowering>(
          patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
