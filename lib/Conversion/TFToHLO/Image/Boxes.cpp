//===- Boxes.cpp - tf CropAndResize, DrawBoundingBoxes(V2) -> hlo --------===//
//
//  - CropAndResize(image [B,H,W,D], boxes [N,4], box_ind [N], crop_size
//    constant [ch, cw]) -> float [N, ch, cw, D], with the arithmetic of TF's
//    CPU kernel (core/kernels/image/crop_and_resize_op.cc), in float:
//      height_scale = ch > 1 ? (y2 - y1) * (H - 1) / (ch - 1) : 0
//      in_y = ch > 1 ? y1 * (H - 1) + y * height_scale
//                    : 0.5 * (y1 + y2) * (H - 1)   (in double, as TF)
//    (x likewise); a sample with in_y or in_x outside [0, H-1] / [0, W-1]
//    is `extrapolation_value`. "bilinear" reads the four neighbours
//    floor/ceil(in_y) x floor/ceil(in_x) and interpolates along x, then y
//    (top + (bottom - top) * y_lerp); "nearest" reads round(in_y),
//    round(in_x) (half away from zero). Boxes and box_ind may be run-time
//    tensors: the sample positions are hlo ops and the reads one
//    hlo.gather of image rows; a run-time box_ind outside [0, B) fails the
//    Run (the "gather" index check; constant ones are the op verifier's
//    error).
//  - DrawBoundingBoxes / DrawBoundingBoxesV2 with constant boxes (and
//    colors): TF's CPU kernel (draw_bounding_box_op.cc) run at compile
//    time on a mask: each box's rows y1 * (H - 1), y2 * (H - 1) and columns
//    x1 * (W - 1), x2 * (W - 1) (float, truncated to int) are drawn one
//    pixel wide, clipped to the image, in box order (later boxes paint
//    over earlier ones); inverted boxes and boxes wholly outside are
//    skipped. Box k uses color k % num_colors (channels [0, depth)); no or
//    empty colors use TF's default table. The output is select(mask,
//    color, images).
// Images of any float dtype (CropAndResize also integer images, read as
// f32). Refuses dynamic shapes, a non-constant crop_size, a method other
// than bilinear/nearest, non-positive image or crop dims, non-constant
// boxes/colors for DrawBoundingBoxes(V2) and a depth above 4 there.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include "mlir/IR/TypeUtilities.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// Rows of the 2-D `table` [R, D] at the int32 `indices` [M]: [M, D].
Value gatherRows(OpBuilder &b, Location loc, Value table, Value indices) {
  auto t = cast<RankedTensorType>(table.getType());
  auto dn =
      GatherDimensionNumbersAttr::get(b.getContext(), {1}, {0}, {}, {}, {0}, 1);
  SmallVector<int64_t> sizes{1, t.getDimSize(1)};
  return GatherOp::create(b, loc, table, indices, dn, sizes, false);
}

/// Column `k` of the static [N, 4] `boxes` as an [N] vector.
Value boxColumn(OpBuilder &b, Location loc, Value boxes, int64_t k) {
  auto t = cast<RankedTensorType>(boxes.getType());
  int64_t n = t.getDimSize(0);
  SmallVector<int64_t> start{0, k}, limit{n, k + 1}, strides{1, 1};
  Value s = SliceOp::create(b, loc, boxes, start, limit, strides);
  return reshape(b, loc, s, {n});
}

/// TF's sample coordinates along one axis: [N, crop] f32 positions in an
/// image axis of `size` pixels, for box edges `lo`, `hi` ([N] f32).
Value sampleCoords(OpBuilder &b, Location loc, Value lo, Value hi, int64_t crop,
                   int64_t size) {
  Type f32 = b.getF32Type();
  int64_t n = cast<RankedTensorType>(lo.getType()).getDimSize(0);
  auto vt = RankedTensorType::get({n}, f32);
  SmallVector<int64_t> shape{n, crop};
  if (crop > 1) {
    Value scale = DivideOp::create(
        b, loc,
        MultiplyOp::create(b, loc, SubtractOp::create(b, loc, hi, lo),
                           splat(b, loc, vt, static_cast<double>(size - 1))),
        splat(b, loc, vt, static_cast<double>(crop - 1)));
    Value start = MultiplyOp::create(
        b, loc, lo, splat(b, loc, vt, static_cast<double>(size - 1)));
    Value i = convert(
        b, loc,
        IotaOp::create(b, loc, RankedTensorType::get(shape, b.getI32Type()),
                       uint64_t{1}),
        f32);
    return AddOp::create(
        b, loc, broadcastInDim(b, loc, start, shape, {0}),
        MultiplyOp::create(b, loc, i,
                           broadcastInDim(b, loc, scale, shape, {0})));
  }
  // 0.5 * (lo + hi) * (size - 1): the sum in float, the rest in double.
  Type f64 = b.getF64Type();
  auto dt = RankedTensorType::get({n}, f64);
  Value mid = MultiplyOp::create(
      b, loc,
      MultiplyOp::create(b, loc, splat(b, loc, dt, 0.5),
                         convert(b, loc, AddOp::create(b, loc, lo, hi), f64)),
      splat(b, loc, dt, static_cast<double>(size - 1)));
  return reshape(b, loc, convert(b, loc, mid, f32), shape);
}

/// tf.CropAndResize -> sample positions as hlo ops and one hlo.gather of
/// image rows per read (see the file comment).
struct CropAndResizeLowering : HLOPattern<TF::CropAndResizeOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::CropAndResizeOp op, OpAdaptor adaptor,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto it = staticType(adaptor.getImage());
    auto bt = staticType(adaptor.getBoxes());
    auto idt = staticType(adaptor.getBoxInd());
    auto crop = constantInts(adaptor.getCropSize());
    auto out = staticResult(op);
    if (!it || it.getRank() != 4 || !bt || bt.getRank() != 2 ||
        bt.getDimSize(1) != 4 || !idt || idt.getRank() != 1 || !out)
      return fail(op, b,
                  "needs a static 4-D image, [N, 4] boxes and [N] box_ind");
    if (!crop || crop->size() != 2)
      return fail(op, b, "needs a constant crop_size (the output shape)");
    if (!isa<FloatType>(bt.getElementType()) ||
        !isa<IntegerType>(idt.getElementType()))
      return fail(op, b, "needs float boxes and integer box_ind");
    StringRef method = op.getMethod();
    if (method != "bilinear" && method != "nearest")
      return fail(op, b, "method must be 'bilinear' or 'nearest'");
    int64_t batch = it.getDimSize(0), h = it.getDimSize(1),
            w = it.getDimSize(2), d = it.getDimSize(3), n = bt.getDimSize(0);
    int64_t ch = (*crop)[0], cw = (*crop)[1];
    if (h <= 0 || w <= 0)
      return fail(op, b, "image dimensions must be positive");
    if (ch <= 0 || cw <= 0)
      return fail(op, b, "crop dimensions must be positive");
    if (idt.getDimSize(0) != n)
      return fail(op, b, "box_ind and boxes disagree on the number of boxes");
    Location loc = op.getLoc();
    Type f32 = b.getF32Type();
    SmallVector<int64_t> full{n, ch, cw, d};
    auto ft = RankedTensorType::get(full, f32);
    if (out != ft)
      return fail(
          op, b,
          "the result type is not float [N, crop_height, crop_width, depth]");
    if (n == 0 || d == 0) {
      results.push_back(splat(b, loc, ft, 0.0));
      return success();
    }
    float extrap = op.getExtrapolationValue().convertToFloat();
    Value boxes = tohlo::convert(b, loc, adaptor.getBoxes(), f32);
    Value y1 = boxColumn(b, loc, boxes, 0), x1 = boxColumn(b, loc, boxes, 1),
          y2 = boxColumn(b, loc, boxes, 2), x2 = boxColumn(b, loc, boxes, 3);
    Value inY = sampleCoords(b, loc, y1, y2, ch, h); // [N, ch]
    Value inX = sampleCoords(b, loc, x1, x2, cw, w); // [N, cw]
    auto inside = [&](Value c, int64_t size) {
      auto t = cast<RankedTensorType>(c.getType());
      return Value(AndOp::create(
          b, loc, compare(b, loc, c, splat(b, loc, t, 0.0), Dir::GE),
          compare(b, loc, c, splat(b, loc, t, static_cast<double>(size - 1)),
                  Dir::LE)));
    };
    Value validY = inside(inY, h), validX = inside(inX, w);
    // Positions outside (and NaN) read pixel 0; their value is replaced.
    auto safeIndex = [&](Value c, Value valid) {
      auto t = cast<RankedTensorType>(c.getType());
      Value s = SelectOp::create(b, loc, valid, c, splat(b, loc, t, 0.0));
      return tohlo::convert(b, loc, s, b.getI32Type());
    };
    Value boxInd = tohlo::convert(
        b, loc, checkIndices(b, op, adaptor.getBoxInd(), "gather", {batch}),
        b.getI32Type());
    auto i32v = RankedTensorType::get({n}, b.getI32Type());
    Value base = MultiplyOp::create(
        b, loc, boxInd, splat(b, loc, i32v, static_cast<double>(h * w)));
    SmallVector<int64_t> pos{n, ch, cw};
    auto yxIndex = [&](Value yi, Value xi) {
      auto yt = cast<RankedTensorType>(yi.getType());
      Value rowOff = MultiplyOp::create(
          b, loc, yi, splat(b, loc, yt, static_cast<double>(w)));
      Value flat = AddOp::create(
          b, loc,
          AddOp::create(b, loc, broadcastInDim(b, loc, base, pos, {0}),
                        broadcastInDim(b, loc, rowOff, pos, {0, 1})),
          broadcastInDim(b, loc, xi, pos, {0, 2}));
      return reshape(b, loc, flat, {n * ch * cw});
    };
    Value table =
        reshape(b, loc, tohlo::convert(b, loc, adaptor.getImage(), f32),
                {batch * h * w, d});
    auto read = [&](Value yi, Value xi) {
      return reshape(b, loc, gatherRows(b, loc, table, yxIndex(yi, xi)), full);
    };
    Value value;
    if (method == "nearest") {
      value = read(safeIndex(RoundNearestAfzOp::create(b, loc, inY), validY),
                   safeIndex(RoundNearestAfzOp::create(b, loc, inX), validX));
    } else {
      Value fy = FloorOp::create(b, loc, inY),
            fx = FloorOp::create(b, loc, inX);
      Value top = safeIndex(fy, validY),
            bottom = safeIndex(CeilOp::create(b, loc, inY), validY);
      Value left = safeIndex(fx, validX),
            right = safeIndex(CeilOp::create(b, loc, inX), validX);
      Value yl = broadcastInDim(b, loc, SubtractOp::create(b, loc, inY, fy),
                                full, {0, 1});
      Value xl = broadcastInDim(b, loc, SubtractOp::create(b, loc, inX, fx),
                                full, {0, 2});
      auto lerp = [&](Value a, Value c, Value t) {
        return Value(AddOp::create(
            b, loc, a,
            MultiplyOp::create(b, loc, SubtractOp::create(b, loc, c, a), t)));
      };
      Value topV = lerp(read(top, left), read(top, right), xl);
      Value bottomV = lerp(read(bottom, left), read(bottom, right), xl);
      value = lerp(topV, bottomV, yl);
    }
    Value valid =
        AndOp::create(b, loc, broadcastInDim(b, loc, validY, full, {0, 1}),
                      broadcastInDim(b, loc, validX, full, {0, 2}));
    results.push_back(
        SelectOp::create(b, loc, valid, value, splat(b, loc, ft, extrap)));
    return success();
  }
};

/// TF's DefaultColorTable(depth): ten RGBA colors; for depth 1 channel 0
/// of every color is 1.
std::vector<std::vector<float>> defaultColorTable(int64_t depth) {
  std::vector<std::vector<float>> t = {
      {1, 1, 0, 1},     {0, 0, 1, 1},     {1, 0, 0, 1},   {0, 1, 0, 1},
      {0.5, 0, 0.5, 1}, {0.5, 0.5, 0, 1}, {0.5, 0, 0, 1}, {0, 0, 0.5, 1},
      {0, 1, 1, 1},     {1, 0, 1, 1}};
  if (depth == 1)
    for (auto &c : t)
      c[0] = 1;
  return t;
}

/// The float values of a constant `v`, or nullopt.
std::optional<std::vector<float>> floatsOf(Value v) {
  auto c = constantOf(v);
  if (!c || !isa<FloatType>(c->getElementType()))
    return std::nullopt;
  std::vector<float> out;
  for (APFloat f : c->getValues<APFloat>()) {
    bool lost;
    f.convert(APFloat::IEEEsingle(), APFloat::rmNearestTiesToEven, &lost);
    out.push_back(f.convertToFloat());
  }
  return out;
}

/// tf.DrawBoundingBoxes(V2) with constant boxes (and colors) ->
/// hlo.select(constant mask, constant paint, images); see the file comment.
template <typename TFOp> struct DrawBoundingBoxesLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;

  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto it = staticType(a.getImages());
    auto bt = staticType(a.getBoxes());
    auto out = staticResult(op);
    if (!it || it.getRank() != 4 || !bt || bt.getRank() != 3 ||
        bt.getDimSize(2) != 4 || !out || out != it)
      return this->fail(
          op, b, "needs static 4-D images and [batch, num_boxes, 4] boxes");
    auto boxes = floatsOf(a.getBoxes());
    if (!boxes)
      return this->fail(op, b, "only constant boxes are supported");
    int64_t batch = it.getDimSize(0), h = it.getDimSize(1),
            w = it.getDimSize(2), d = it.getDimSize(3), nb = bt.getDimSize(1);
    if (d > 4)
      return this->fail(
          op, b,
          "channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)");
    if (bt.getDimSize(0) != batch)
      return this->fail(op, b, "boxes and images disagree on the batch size");
    std::vector<std::vector<float>> colors;
    if constexpr (std::is_same_v<TFOp, TF::DrawBoundingBoxesV2Op>) {
      auto ct = staticType(a.getColors());
      auto cv = floatsOf(a.getColors());
      if (!ct || ct.getRank() != 2 || !cv)
        return this->fail(op, b, "only constant 2-D colors are supported");
      int64_t cols = ct.getDimSize(1);
      if (!cv->empty() && cols < d)
        return this->fail(
            op, b, "colors must have equal or more channels than the image");
      for (int64_t i = 0; cols > 0 && i < ct.getDimSize(0); ++i)
        colors.emplace_back(cv->begin() + i * cols, cv->begin() + i * cols + d);
    }
    if (colors.empty())
      colors = defaultColorTable(d);
    // Paint (color per pixel) and mask, as TF's kernel writes its canvas.
    int64_t total = batch * h * w * d;
    std::vector<float> paint(total, 0.0f);
    std::vector<char> mask(total, 0);
    auto put = [&](int64_t bi, int64_t y, int64_t x,
                   const std::vector<float> &c) {
      for (int64_t k = 0; k < d; ++k) {
        int64_t at = ((bi * h + y) * w + x) * d + k;
        paint[at] = c[k];
        mask[at] = 1;
      }
    };
    for (int64_t bi = 0; bi < batch; ++bi)
      for (int64_t k = 0; k < nb; ++k) {
        const float *bx = boxes->data() + (bi * nb + k) * 4;
        const std::vector<float> &c = colors[k % colors.size()];
        // float -> int64 truncation of TF's `static_cast<float>(box) * (h -
        // 1)`.
        auto edge = [](float v, int64_t size) {
          float p = v * static_cast<float>(size - 1);
          return std::isfinite(p) ? static_cast<int64_t>(p)
                                  : (p > 0 ? INT64_MAX / 2 : INT64_MIN / 2);
        };
        int64_t r0 = edge(bx[0], h), c0 = edge(bx[1], w), r1 = edge(bx[2], h),
                c1 = edge(bx[3], w);
        if (r0 > r1 || c0 > c1 || r0 >= h || r1 < 0 || c0 >= w || c1 < 0)
          continue;
        int64_t r0c = std::max<int64_t>(r0, 0),
                r1c = std::min<int64_t>(r1, h - 1);
        int64_t c0c = std::max<int64_t>(c0, 0),
                c1c = std::min<int64_t>(c1, w - 1);
        for (int64_t x = c0c; x <= c1c; ++x) {
          if (r0 >= 0)
            put(bi, r0, x, c);
          if (r1 < h)
            put(bi, r1, x, c);
        }
        for (int64_t y = r0c; y <= r1c; ++y) {
          if (c0 >= 0)
            put(bi, y, c0, c);
          if (c1 < w)
            put(bi, y, c1, c);
        }
      }
    Location loc = op.getLoc();
    auto ft = RankedTensorType::get(it.getShape(), b.getF32Type());
    auto mt = RankedTensorType::get(it.getShape(), b.getI1Type());
    SmallVector<bool> maskBits(mask.begin(), mask.end());
    Value paintV = tohlo::convert(
        b, loc,
        constant(b, loc, DenseElementsAttr::get(ft, ArrayRef<float>(paint))),
        it.getElementType());
    Value maskV =
        constant(b, loc, DenseElementsAttr::get(mt, ArrayRef<bool>(maskBits)));
    results.push_back(SelectOp::create(b, loc, maskV, paintV, a.getImages()));
    return success();
  }
};

} // namespace

void populateImageBoxesPatterns(RewritePatternSet &patterns,
                                ConversionState &state) {
  patterns.add<CropAndResizeLowering,
               DrawBoundingBoxesLowering<TF::DrawBoundingBoxesOp>,
               DrawBoundingBoxesLowering<TF::DrawBoundingBoxesV2Op>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
