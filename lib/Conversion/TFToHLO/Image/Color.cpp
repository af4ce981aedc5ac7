//===- Color.cpp - tf colour-space and colour-adjustment ops -> hlo -------===//
//
// Channels-last images, static shapes, float element types (the computation
// is in the image's dtype unless said otherwise):
//  - RGBToHSV / HSVToRGB (TF's RGBToHSVOp / HSVToRGBOp kernels,
//    colorspace_op.h): rank >= 1 with a last dim of 3; the three channels
//    are sliced out, combined element-wise and concatenated back.
//  - AdjustHue (TF's AdjustHueOp, adjust_hue_op.cc, its hue / value-range
//    form): rank >= 1, 3 channels last, a one-element `delta`; values
//    outside [0, 1] are kept as TF does.
//  - AdjustSaturation (TF's AdjustSaturationOp, adjust_saturation_op.cc):
//    to HSV, s scaled by the one-element `scale` and clamped to [0, 1],
//    back to RGB.
//  - AdjustContrastv2 (TF's AdjustContrastOpv2, adjust_contrast_op.cc):
//    rank >= 3, y = (x - mean) * contrast_factor + mean with the mean over
//    the two dims before the channels; f16/bf16 computed in f32.
// Refuses non-static or non-float images, a colour op whose last dim is not
// 3, and an adjustment operand that is not one element.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <array>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// The three channels of the static [..., 3] image `x` as [..., 1] values.
std::optional<std::array<Value, 3>> channels(OpBuilder &b, Location loc,
                                             Value x) {
  auto t = staticType(x);
  if (!t || t.getRank() < 1 || t.getShape().back() != 3 ||
      !isa<FloatType>(t.getElementType()))
    return std::nullopt;
  std::array<Value, 3> c;
  int64_t r = t.getRank();
  for (int64_t i = 0; i < 3; ++i) {
    SmallVector<int64_t> start(r, 0), limit(t.getShape());
    start[r - 1] = i;
    limit[r - 1] = i + 1;
    c[i] = sliceOf(b, loc, x, start, limit);
  }
  return c;
}

/// Element-wise helpers on values of one type.
struct Ew {
  OpBuilder &b;
  Location loc;
  RankedTensorType t;
  Value c(double v) { return splat(b, loc, t, v); }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return MultiplyOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return DivideOp::create(b, loc, x, y); }
  Value max(Value x, Value y) { return MaximumOp::create(b, loc, x, y); }
  Value min(Value x, Value y) { return MinimumOp::create(b, loc, x, y); }
  Value abs(Value x) { return AbsOp::create(b, loc, x); }
  Value sel(Value p, Value x, Value y) {
    return SelectOp::create(b, loc, p, x, y);
  }
  Value cmp(Value x, Value y, Dir d) { return compare(b, loc, x, y, d); }
};

/// TF's RGBToHSV kernel (colorspace_op.h): v = max, s = range / v (0 when
/// v <= 0), h from the channel that is the max, in [0, 1).
std::array<Value, 3> rgbToHsv(Ew &e, Value r, Value g, Value bl) {
  Value v = e.max(r, e.max(g, bl));
  Value range = e.sub(v, e.min(r, e.min(g, bl)));
  Value s = e.sel(e.cmp(v, e.c(0), Dir::GT), e.div(range, v), e.c(0));
  Value norm = e.mul(e.div(e.c(1), range), e.c(1.0 / 6.0));
  Value h = e.sel(e.cmp(r, v, Dir::EQ), e.mul(norm, e.sub(g, bl)),
                  e.sel(e.cmp(g, v, Dir::EQ),
                        e.add(e.mul(norm, e.sub(bl, r)), e.c(2.0 / 6.0)),
                        e.add(e.mul(norm, e.sub(r, g)), e.c(4.0 / 6.0))));
  h = e.sel(e.cmp(range, e.c(0), Dir::GT), h, e.c(0));
  h = e.sel(e.cmp(h, e.c(0), Dir::LT), e.add(h, e.c(1)), h);
  return {h, s, v};
}

/// TF's HSVToRGB kernel: channel = (1 - s + s * clamp(f(6h), 0, 1)) * v with
/// f = |6h - 3| - 1, 2 - |6h - 2|, 2 - |6h - 4| for r, g, b.
std::array<Value, 3> hsvToRgb(Ew &e, Value h, Value s, Value v) {
  Value dh = e.mul(h, e.c(6));
  auto clamp01 = [&](Value x) { return e.min(e.max(x, e.c(0)), e.c(1)); };
  Value dr = clamp01(e.sub(e.abs(e.sub(dh, e.c(3))), e.c(1)));
  Value dg = clamp01(e.sub(e.c(2), e.abs(e.sub(dh, e.c(2)))));
  Value db = clamp01(e.sub(e.c(2), e.abs(e.sub(dh, e.c(4)))));
  Value oneS = e.sub(e.c(1), s);
  return {e.mul(e.add(oneS, e.mul(s, dr)), v),
          e.mul(e.add(oneS, e.mul(s, dg)), v),
          e.mul(e.add(oneS, e.mul(s, db)), v)};
}

/// Base of the colour patterns: splits the image's channels, applies
/// `colour` to (c0, c1, c2, the one-element adjustment broadcast to a
/// channel's shape, or null) and joins the three results.
template <typename TFOp> struct ColourLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;

  /// The adjustment operand (null for the colour-space conversions).
  virtual Value adjustment(OpAdaptor) const { return {}; }
  /// The three output channels from the input channels `c`.
  virtual std::array<Value, 3> colour(Ew &e, std::array<Value, 3> c,
                                      Value arg) const = 0;

  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const final {
    Location loc = op.getLoc();
    auto in = staticType(a.getImages());
    auto c = in ? channels(b, loc, a.getImages()) : std::nullopt;
    if (!c)
      return this->fail(op, b,
                        "needs a static float image with 3 channels last");
    auto ct = cast<RankedTensorType>((*c)[0].getType());
    Value arg;
    if (Value adj = adjustment(a)) {
      auto at = staticType(adj);
      if (!at || at.getNumElements() != 1)
        return this->fail(op, b, "the adjustment must be a scalar");
      arg = broadcastTo(
          b, loc,
          tohlo::convert(b, loc, reshape(b, loc, adj, {}), ct.getElementType()),
          ct.getShape());
    }
    Ew e{b, loc, ct};
    std::array<Value, 3> out = colour(e, *c, arg);
    results.push_back(
        ConcatenateOp::create(b, loc, ValueRange{out[0], out[1], out[2]},
                              static_cast<uint64_t>(in.getRank() - 1)));
    return success();
  }
};

/// tf.RGBToHSV -> element-wise hlo on the sliced channels (TF's kernel).
struct RGBToHSVLowering : ColourLowering<TF::RGBToHSVOp> {
  using ColourLowering::ColourLowering;
  std::array<Value, 3> colour(Ew &e, std::array<Value, 3> c,
                              Value) const override {
    return rgbToHsv(e, c[0], c[1], c[2]);
  }
};

/// tf.HSVToRGB -> element-wise hlo on the sliced channels (TF's kernel).
struct HSVToRGBLowering : ColourLowering<TF::HSVToRGBOp> {
  using ColourLowering::ColourLowering;
  std::array<Value, 3> colour(Ew &e, std::array<Value, 3> c,
                              Value) const override {
    return hsvToRgb(e, c[0], c[1], c[2]);
  }
};

/// tf.AdjustHue -> element-wise hlo, as TF's kernel (adjust_hue_op.cc):
/// the hue in [0, 6) from the ordering of the channels (its sextant) and
/// the middle channel's position between min and max, rotated by 6 * delta
/// modulo 6, and the channels rebuilt from (hue, min, max); this keeps
/// values outside [0, 1] as TF does.
struct AdjustHueLowering : ColourLowering<TF::AdjustHueOp> {
  using ColourLowering::ColourLowering;
  Value adjustment(OpAdaptor a) const override { return a.getDelta(); }
  std::array<Value, 3> colour(Ew &e, std::array<Value, 3> c,
                              Value d) const override {
    Value r = c[0], g = c[1], bl = c[2];
    Value rLtG = e.cmp(r, g, Dir::LT);
    Value bLtR = e.cmp(bl, r, Dir::LT), bGtG = e.cmp(bl, g, Dir::GT);
    Value bLtG = e.cmp(bl, g, Dir::LT), bGtR = e.cmp(bl, r, Dir::GT);
    // r < g: b < r -> 1 (g, r, b); b > g -> 3 (b, g, r); else 2 (g, b, r).
    // g <= r: b < g -> 0 (r, g, b); b > r -> 4 (b, r, g); else 5 (r, b, g).
    auto pick = [&](Value a1, Value a3, Value a2, Value a0, Value a4,
                    Value a5) {
      Value lt = e.sel(bLtR, a1, e.sel(bGtG, a3, a2));
      Value ge = e.sel(bLtG, a0, e.sel(bGtR, a4, a5));
      return e.sel(rLtG, lt, ge);
    };
    Value vmax = pick(g, bl, g, r, bl, r);
    Value vmid = pick(r, g, bl, g, r, bl);
    Value vmin = pick(bl, r, r, bl, g, g);
    Value cat = pick(e.c(1), e.c(3), e.c(2), e.c(0), e.c(4), e.c(5));
    Value span = e.sub(vmax, vmin);
    Value ratio = e.div(e.sub(vmid, vmin), span);
    auto isEven = [&](Value k) {
      Value half = e.mul(k, e.c(0.5));
      return e.cmp(FloorOp::create(e.b, e.loc, half), half, Dir::EQ);
    };
    Value h = e.add(cat, e.sel(isEven(cat), ratio, e.sub(e.c(1), ratio)));
    h = e.sel(e.cmp(vmax, vmin, Dir::EQ), e.c(0), h);
    h = e.add(h, e.mul(d, e.c(6)));
    h = e.sub(h, e.mul(FloorOp::create(e.b, e.loc, e.div(h, e.c(6))), e.c(6)));
    // Back from (h, vmin, vmax).
    Value k = FloorOp::create(e.b, e.loc, h);
    Value f = e.sub(h, k);
    f = e.sel(isEven(k), f, e.sub(e.c(1), f));
    Value mid = e.add(vmin, e.mul(f, span));
    auto byCat = [&](Value a0, Value a1, Value a2, Value a3, Value a4,
                     Value a5) {
      Value v = a5; // case 5 and anything past it
      Value opts[5] = {a0, a1, a2, a3, a4};
      for (int64_t q = 4; q >= 0; --q)
        v = e.sel(e.cmp(k, e.c(static_cast<double>(q)), Dir::EQ), opts[q], v);
      return v;
    };
    return std::array<Value, 3>{byCat(vmax, mid, vmin, vmin, mid, vmax),
                                byCat(mid, vmax, vmax, mid, vmin, vmin),
                                byCat(vmin, vmin, mid, vmax, vmax, mid)};
  }
};

/// tf.AdjustSaturation -> element-wise hlo: s' = clamp(s * scale, 0, 1)
/// (TF's kernel), back to RGB.
struct AdjustSaturationLowering : ColourLowering<TF::AdjustSaturationOp> {
  using ColourLowering::ColourLowering;
  Value adjustment(OpAdaptor a) const override { return a.getScale(); }
  std::array<Value, 3> colour(Ew &e, std::array<Value, 3> c,
                              Value f) const override {
    auto hsv = rgbToHsv(e, c[0], c[1], c[2]);
    Value s = e.min(e.max(e.mul(hsv[1], f), e.c(0)), e.c(1));
    return hsvToRgb(e, hsv[0], s, hsv[2]);
  }
};

/// tf.AdjustContrastv2 -> hlo.reduce (mean over H, W) and element-wise hlo.
struct AdjustContrastv2Lowering : HLOPattern<TF::AdjustContrastv2Op> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::AdjustContrastv2Op op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getImages());
    auto f = staticType(a.getContrastFactor());
    if (!in || in.getRank() < 3 || !f || f.getNumElements() != 1 ||
        !isa<FloatType>(in.getElementType()))
      return fail(
          op, b, "needs a static float image of rank >= 3 and a scalar factor");
    Location loc = op.getLoc();
    Type elt = in.getElementType();
    Type acc = (elt.isF16() || elt.isBF16()) ? Type(b.getF32Type()) : elt;
    Value x = tohlo::convert(b, loc, a.getImages(), acc);
    int64_t r = in.getRank();
    int64_t h = r - 3, w = r - 2;
    Value sum =
        reduce(b, loc, x, scalar(b, loc, acc, 0), {h, w}, ReduceKind::Add);
    auto st = cast<RankedTensorType>(sum.getType());
    Value mean = DivideOp::create(
        b, loc, sum, splat(b, loc, st, in.getDimSize(h) * in.getDimSize(w)));
    SmallVector<int64_t> keep;
    for (int64_t d = 0; d < r; ++d)
      if (d != h && d != w)
        keep.push_back(d);
    Value mb = broadcastInDim(b, loc, mean, in.getShape(), keep);
    Value fb = broadcastTo(
        b, loc,
        reshape(b, loc, tohlo::convert(b, loc, a.getContrastFactor(), acc), {}),
        in.getShape());
    Value y = AddOp::create(
        b, loc,
        MultiplyOp::create(b, loc, SubtractOp::create(b, loc, x, mb), fb), mb);
    results.push_back(tohlo::convert(b, loc, y, elt));
    return success();
  }
};

} // namespace

void populateImageColorPatterns(RewritePatternSet &patterns,
                                ConversionState &state) {
  patterns.add<RGBToHSVLowering, HSVToRGBLowering, AdjustHueLowering,
               AdjustSaturationLowering, AdjustContrastv2Lowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
