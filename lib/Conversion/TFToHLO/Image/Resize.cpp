//===- Resize.cpp - tf image resize ops -> hlo ----------------------------===//
//
// NHWC `images` with static shapes and a constant `size` [new_height,
// new_width]; TF's coordinate rules (CalculateResizeScale: scale =
// (align_corners && out > 1) ? (in - 1) / (out - 1) : in / out), computed in
// float as TF's kernels do:
//  - ResizeBilinear / ResizeNearestNeighbor (TF's ResizeBilinearOp,
//    resize_bilinear_op.cc, and ResizeNearestNeighborOp,
//    resize_nearest_neighbor_op.cc): hlo.gathers along W, then H, at
//    precomputed constant source indices; bilinear interpolates with
//    constant lerp weights in f32 (any input dtype, converted), nearest
//    keeps the dtype.
//  - ResizeArea / ResizeBicubic (TF's ResizeAreaOp, resize_area_op.cc, and
//    ResizeBicubicOp, resize_bicubic_op.cc): separable, as two
//    hlo.dot_generals with constant [out, in] weight matrices built from
//    TF's kernels (area overlaps; Keys' cubic from TF's 1024-entry tables,
//    a = -0.75 with clamped taps, or a = -0.5 with taps outside dropped and
//    renormalized for half_pixel_centers); computed in f32 (f64 inputs in
//    f64), float results.
// Refuses dynamic shapes, a non-constant or non-positive size, a result
// shape other than the computed one, and align_corners together with
// half_pixel_centers (ResizeArea/ResizeBicubic).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// x gathered along `axis` at the constant int32 `indices` (1-D): the
/// result has indices.size() in place of dim `axis`.
Value gatherAxis(OpBuilder &b, Location loc, Value x, ArrayRef<int32_t> indices,
                 int64_t axis) {
  auto t = cast<RankedTensorType>(x.getType());
  auto it = RankedTensorType::get({static_cast<int64_t>(indices.size())},
                                  b.getI32Type());
  Value idx = constant(b, loc, DenseElementsAttr::get(it, indices));
  SmallVector<int64_t> offsetDims, sizes(t.getShape());
  sizes[axis] = 1;
  for (int64_t d = 0; d < t.getRank(); ++d)
    if (d != axis)
      offsetDims.push_back(d);
  auto dn = GatherDimensionNumbersAttr::get(b.getContext(), offsetDims, {axis},
                                            {}, {}, {axis}, 1);
  return GatherOp::create(b, loc, x, idx, dn, sizes, false);
}

/// tf.ResizeBilinear / tf.ResizeNearestNeighbor -> hlo.gather (+ lerp) along
/// W then H, with TF's coordinate rules: bilinear samples at i * scale, or
/// (i + 0.5) * scale - 0.5 with half_pixel_centers, between floor (clamped
/// to 0) and ceil (clamped to in - 1) with lerp = coord - floor,
/// interpolating along W then H as top + (bottom - top) * lerp in f32;
/// nearest takes round (align_corners) or floor of i * scale ((i + 0.5) *
/// scale with half_pixel_centers), clamped to [0, in - 1]. Coordinates are
/// computed in float as TF's kernels do.
template <typename TFOp> struct ResizeLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  static constexpr bool bilinear = std::is_same_v<TFOp, TF::ResizeBilinearOp>;

  LogicalResult convert(TFOp op, OpAdaptor adaptor,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(adaptor.getImages());
    auto size = constantInts(adaptor.getSize());
    auto out = staticResult(op);
    if (!in || in.getRank() != 4 || !size || size->size() != 2 || !out)
      return this->fail(op, b, "needs a static NHWC image and a constant size");
    bool alignCorners = op.getAlignCorners();
    bool halfPixel = op.getHalfPixelCenters();
    Location loc = op.getLoc();
    Value x = adaptor.getImages();
    if constexpr (bilinear)
      x = tohlo::convert(b, loc, x, out.getElementType());
    // Interpolate along W (dim 2) first, then H (dim 1), as TF does.
    for (int64_t dim : {2, 1}) {
      int64_t inSize = in.getDimSize(dim), outSize = (*size)[dim - 1];
      if (inSize <= 0 || outSize <= 0)
        return this->fail(op, b, "empty image or size");
      float scale = (alignCorners && outSize > 1)
                        ? static_cast<float>(inSize - 1) / (outSize - 1)
                        : static_cast<float>(inSize) / outSize;
      SmallVector<int32_t> lo, hi;
      SmallVector<float> lerp;
      for (int64_t i = 0; i < outSize; ++i) {
        if (bilinear) {
          float c = halfPixel ? (static_cast<float>(i) + 0.5f) * scale - 0.5f
                              : static_cast<float>(i) * scale;
          float f = std::floor(c);
          lo.push_back(static_cast<int32_t>(
              std::max<int64_t>(static_cast<int64_t>(f), 0)));
          hi.push_back(static_cast<int32_t>(std::min<int64_t>(
              static_cast<int64_t>(std::ceil(c)), inSize - 1)));
          lerp.push_back(c - f);
        } else {
          float c = halfPixel ? (static_cast<float>(i) + 0.5f) * scale
                              : static_cast<float>(i) * scale;
          int64_t v = alignCorners ? static_cast<int64_t>(std::round(c))
                                   : static_cast<int64_t>(std::floor(c));
          v = std::min<int64_t>(v, inSize - 1);
          if (halfPixel)
            v = std::max<int64_t>(v, 0);
          lo.push_back(static_cast<int32_t>(v));
        }
      }
      if (!bilinear) {
        x = gatherAxis(b, loc, x, lo, dim);
        continue;
      }
      Value a = gatherAxis(b, loc, x, lo, dim);
      Value c = gatherAxis(b, loc, x, hi, dim);
      auto at = cast<RankedTensorType>(a.getType());
      if (!at.getElementType().isF32())
        return this->fail(op, b, "bilinear output must be f32");
      auto lt = RankedTensorType::get({outSize}, b.getF32Type());
      Value l = broadcastInDim(
          b, loc,
          constant(b, loc, DenseElementsAttr::get(lt, ArrayRef<float>(lerp))),
          at.getShape(), {dim});
      x = AddOp::create(
          b, loc, a,
          MultiplyOp::create(b, loc, SubtractOp::create(b, loc, c, a), l));
    }
    if (x.getType() != out)
      return this->fail(op, b, "computed shape differs from the result type");
    results.push_back(x);
    return success();
  }
};

/// TF's CalculateResizeScale.
double resizeScale(int64_t in, int64_t out, bool alignCorners) {
  return alignCorners && out > 1 ? static_cast<double>(in - 1) / (out - 1)
                                 : static_cast<double>(in) / out;
}

/// ResizeArea weights [out, in] of one axis (resize_area_op.cc): output y
/// averages the input span [y * scale, (y + 1) * scale), each input row
/// weighted by its overlap (indices clamped), divided by scale.
std::vector<double> areaWeights(int64_t in, int64_t out, bool alignCorners) {
  std::vector<double> w(out * in, 0.0);
  float scale = static_cast<float>(resizeScale(in, out, alignCorners));
  for (int64_t y = 0; y < out; ++y) {
    float a = y * scale, z = (y + 1) * scale;
    int64_t y0 = static_cast<int64_t>(std::floor(a)),
            y1 = static_cast<int64_t>(std::ceil(z));
    for (int64_t i = y0; i < y1; ++i) {
      float part = std::min(static_cast<float>(i + 1), z) -
                   std::max(static_cast<float>(i), a);
      int64_t src = std::min(std::max<int64_t>(i, 0), in - 1);
      w[y * in + src] += part / scale;
    }
  }
  return w;
}

/// ResizeBicubic weights [out, in] of one axis (resize_bicubic_op.cc):
/// four taps around floor(x) from TF's 1024-entry table of Keys' kernel;
/// legacy mode (a = -0.75) clamps tap indices, half_pixel_centers (a =
/// -0.5) drops taps outside the image and renormalizes the rest.
std::vector<double> bicubicWeights(int64_t in, int64_t out, bool alignCorners,
                                   bool halfPixel) {
  std::vector<double> w(out * in, 0.0);
  float scale = static_cast<float>(resizeScale(in, out, alignCorners));
  constexpr int64_t kTable = 1024;
  // Keys' kernel at x in [0, 1] (even entries) and x + 1 (odd entries).
  std::vector<float> table(2 * (kTable + 1));
  const float a = halfPixel ? -0.5f : -0.75f;
  for (int64_t i = 0; i <= kTable; ++i) {
    float x = i * 1.0f / kTable;
    table[i * 2] = ((a + 2) * x - (a + 3)) * x * x + 1;
    x += 1.0f;
    table[i * 2 + 1] = ((a * x - 5 * a) * x + 8 * a) * x - 4 * a;
  }
  for (int64_t y = 0; y < out; ++y) {
    float x = halfPixel ? (y + 0.5f) * scale - 0.5f : y * scale;
    int64_t base = static_cast<int64_t>(std::floor(x));
    float t = x - base;
    int64_t off = static_cast<int64_t>(std::lrintf(t * kTable));
    float wt[4] = {table[off * 2 + 1], table[off * 2],
                   table[(kTable - off) * 2], table[(kTable - off) * 2 + 1]};
    int64_t idx[4];
    for (int64_t k = 0; k < 4; ++k)
      idx[k] = base - 1 + k;
    if (halfPixel) {
      float sum = 0;
      for (int64_t k = 0; k < 4; ++k) {
        if (idx[k] < 0 || idx[k] >= in)
          wt[k] = 0.0f;
        sum += wt[k];
      }
      if (std::abs(sum) >= 1000.0f * std::numeric_limits<float>::min()) {
        float inv = 1.0f / sum;
        for (float &v : wt)
          v *= inv;
      }
    }
    for (int64_t k = 0; k < 4; ++k)
      w[y * in + std::min(std::max<int64_t>(idx[k], 0), in - 1)] += wt[k];
  }
  return w;
}

/// out[n, y, x, c] = sum Wh[y, i] Ww[x, j] in[n, i, j, c] (f32), by two
/// dot_generals with constant weight matrices.
Value separableResize(OpBuilder &b, Location loc, Value x, ArrayRef<double> wh,
                      int64_t oh, ArrayRef<double> ww, int64_t ow) {
  auto t = cast<RankedTensorType>(x.getType());
  Type elt = t.getElementType();
  int64_t N = t.getDimSize(0), H = t.getDimSize(1), W = t.getDimSize(2),
          C = t.getDimSize(3);
  auto mat = [&](ArrayRef<double> w, int64_t o, int64_t i) {
    Value m = constant(b, loc,
                       DenseElementsAttr::get(
                           RankedTensorType::get({o, i}, b.getF64Type()), w));
    return tohlo::convert(b, loc, m, elt);
  };
  // [oh, H] x [N, H, W, C] over H -> [oh, N, W, C] -> [N, oh, W, C].
  auto dn1 = DotDimensionNumbersAttr::get(b.getContext(), {}, {}, {1}, {1});
  Value y =
      DotGeneralOp::create(b, loc, RankedTensorType::get({oh, N, W, C}, elt),
                           mat(wh, oh, H), x, dn1, nullptr);
  y = transpose(b, loc, y, {1, 0, 2, 3});
  // [N, oh, W, C] x [ow, W] over W -> [N, oh, C, ow] -> [N, oh, ow, C].
  auto dn2 = DotDimensionNumbersAttr::get(b.getContext(), {}, {}, {2}, {1});
  Value z =
      DotGeneralOp::create(b, loc, RankedTensorType::get({N, oh, C, ow}, elt),
                           y, mat(ww, ow, W), dn2, nullptr);
  return transpose(b, loc, z, {0, 1, 3, 2});
}

/// tf.ResizeArea / tf.ResizeBicubic -> two hlo.dot_generals with constant
/// weight matrices (separableResize).
template <typename TFOp> struct SeparableResizeLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  static constexpr bool area = std::is_same_v<TFOp, TF::ResizeAreaOp>;

  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getImages());
    auto size = constantInts(a.getSize());
    auto out = staticResult(op);
    if (!in || in.getRank() != 4 || !size || size->size() != 2 || !out ||
        out.getRank() != 4 || (*size)[0] != out.getDimSize(1) ||
        (*size)[1] != out.getDimSize(2) || (*size)[0] < 1 || (*size)[1] < 1 ||
        !isa<FloatType>(out.getElementType()))
      return this->fail(op, b,
                        "needs a static NHWC image, a constant size and a "
                        "static float result");
    bool ac = op.getAlignCorners(), hp = false;
    if constexpr (!area)
      hp = op.getHalfPixelCenters();
    if (ac && hp)
      return this->fail(op, b,
                        "align_corners and half_pixel_centers are exclusive");
    int64_t H = in.getDimSize(1), W = in.getDimSize(2), oh = (*size)[0],
            ow = (*size)[1];
    auto wh = area ? areaWeights(H, oh, ac) : bicubicWeights(H, oh, ac, hp);
    auto ww = area ? areaWeights(W, ow, ac) : bicubicWeights(W, ow, ac, hp);
    Location loc = op.getLoc();
    // TF computes in float; f64 inputs keep f64 here (more exact).
    Type ct = in.getElementType().isF64() ? Type(b.getF64Type())
                                          : Type(b.getF32Type());
    Value x = tohlo::convert(b, loc, a.getImages(), ct);
    results.push_back(tohlo::convert(b, loc,
                                     separableResize(b, loc, x, wh, oh, ww, ow),
                                     out.getElementType()));
    return success();
  }
};

} // namespace

void populateImageResizePatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns.add<ResizeLowering<TF::ResizeBilinearOp>,
               ResizeLowering<TF::ResizeNearestNeighborOp>,
               SeparableResizeLowering<TF::ResizeAreaOp>,
               SeparableResizeLowering<TF::ResizeBicubicOp>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
