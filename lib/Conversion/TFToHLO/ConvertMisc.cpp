//===- ConvertMisc.cpp - tf image, matrix, scan and top-k ops -> hlo ------===//
//
//  - AdjustContrastv2: y = (x - mean) * factor + mean, mean over the
//    height and width dims (the two before the channel dim), in f32 for
//    half inputs (TF's kernel).
//  - MatrixDiag / MatrixSetDiag (v1): the diagonal of the last two dims,
//    built with an iota equality mask and hlo.select.
//  - Roll with constant shift/axis: two slices and a concatenate per axis
//    (shifts reduced modulo the dim size, negative shifts roll left).
//  - Cumsum / Cumprod: hlo.reduce_window with a window as long as the axis,
//    padded before (after when reverse); exclusive shifts by one element.
//  - TopKV2 over the last dim: a stable hlo.sort of (values, indices) by
//    value descending (NaN first, above +inf: TF's CPU kernel sorts with
//    `b < a`, whose order with NaNs is unspecified; the host and lite
//    kernels use the same rule, lib/Support/NonFinite.h), then a slice of
//    the first k; equal values keep the lower index first.
//  - Empty = zeros (TF leaves the contents undefined).
//  - UnsortedSegmentSum/Prod/Max/Min: hlo.scatter into the identity.
//  - ResizeBilinear / ResizeNearestNeighbor (align_corners,
//    half_pixel_centers) with constant sizes: gathers at precomputed source
//    indices (and lerp weights), see resize().
//  - MirrorPad REFLECT/SYMMETRIC: reversed slices concatenated.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

LogicalResult convertAdjustContrast(Operation *op, OpBuilder &b,
                                    SmallVectorImpl<Value> &results,
                                    std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto f = staticType(op->getOperand(1));
  if (!in || in.getRank() < 3 || !f || f.getNumElements() != 1 ||
      !isa<FloatType>(in.getElementType()))
    return fail(why, "needs a static float image of rank >= 3 and a scalar factor");
  Location loc = op->getLoc();
  Type elt = in.getElementType();
  Type acc = (elt.isF16() || elt.isBF16()) ? Type(b.getF32Type()) : elt;
  Value x = convert(b, loc, op->getOperand(0), acc);
  int64_t r = in.getRank();
  int64_t h = r - 3, w = r - 2;
  Value sum = reduce(b, loc, x, scalar(b, loc, acc, 0), {h, w}, ReduceKind::Add);
  auto st = cast<RankedTensorType>(sum.getType());
  Value mean = DivideOp::create(
      b, loc, sum, splat(b, loc, st, in.getDimSize(h) * in.getDimSize(w)));
  SmallVector<int64_t> keep;
  for (int64_t d = 0; d < r; ++d)
    if (d != h && d != w)
      keep.push_back(d);
  Value mb = broadcastInDim(b, loc, mean, in.getShape(), keep);
  Value fb = broadcastTo(b, loc,
                         reshape(b, loc, convert(b, loc, op->getOperand(1), acc), {}),
                         in.getShape());
  Value y = AddOp::create(
      b, loc, MultiplyOp::create(b, loc, SubtractOp::create(b, loc, x, mb), fb),
      mb);
  results.push_back(convert(b, loc, y, elt));
  return success();
}

/// Mask of shape `shape` (rank >= 2) that is true on the diagonal of the
/// last two dims.
Value diagMask(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) {
  int64_t r = shape.size();
  auto it = RankedTensorType::get(shape, b.getI32Type());
  Value rows = IotaOp::create(b, loc, it, static_cast<uint64_t>(r - 2));
  Value cols = IotaOp::create(b, loc, it, static_cast<uint64_t>(r - 1));
  return compare(b, loc, rows, cols, Dir::EQ);
}

LogicalResult convertMatrixDiag(Operation *op, OpBuilder &b,
                                SmallVectorImpl<Value> &results,
                                std::string &why) {
  auto d = staticType(op->getOperand(0));
  auto out = staticResult(op);
  if (!d || !out || d.getRank() < 1 || out.getRank() != d.getRank() + 1)
    return fail(why, "needs a static diagonal and result");
  Location loc = op->getLoc();
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < d.getRank() - 1; ++i)
    dims.push_back(i);
  dims.push_back(out.getRank() - 1); // diag[..., j] lands at [..., j, j]
  Value db = broadcastInDim(b, loc, op->getOperand(0), out.getShape(), dims);
  results.push_back(SelectOp::create(b, loc, diagMask(b, loc, out.getShape()),
                                     db, splat(b, loc, out, 0)));
  return success();
}

LogicalResult convertMatrixSetDiag(Operation *op, OpBuilder &b,
                                   SmallVectorImpl<Value> &results,
                                   std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto d = staticType(op->getOperand(1));
  if (!in || !d || in.getRank() < 2 || d.getRank() != in.getRank() - 1)
    return fail(why, "needs a static matrix and diagonal");
  int64_t m = in.getDimSize(in.getRank() - 2), n = in.getDimSize(in.getRank() - 1);
  if (d.getDimSize(d.getRank() - 1) != std::min(m, n))
    return fail(why, "diagonal length must be min(rows, cols)");
  Location loc = op->getLoc();
  // Place diag[..., k] at [..., k, k]: broadcast along the longer dim and
  // pad it to the square size first when the matrix is not square.
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < d.getRank() - 1; ++i)
    dims.push_back(i);
  Value diag = op->getOperand(1);
  int64_t k = std::min(m, n);
  bool alongCols = n <= m; // diag index k varies like the column index
  if ((alongCols ? n : m) != k)
    return fail(why, "unexpected diagonal size");
  dims.push_back(alongCols ? in.getRank() - 1 : in.getRank() - 2);
  Value db = broadcastInDim(b, loc, diag, in.getShape(), dims);
  results.push_back(SelectOp::create(b, loc, diagMask(b, loc, in.getShape()),
                                     db, op->getOperand(0)));
  return success();
}

LogicalResult convertRoll(Operation *op, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto shift = constantInts(op->getOperand(1));
  auto axis = constantInts(op->getOperand(2));
  if (!in || !shift || !axis || shift->size() != axis->size())
    return fail(why, "needs a static input and constant shift/axis of one size");
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  // Accumulate the shift per dim (TF sums shifts of repeated axes).
  SmallVector<int64_t> total(in.getRank(), 0);
  for (auto [s, a] : llvm::zip(*shift, *axis)) {
    auto d = normAxis(a, in.getRank());
    if (!d)
      return fail(why, "axis out of range");
    total[*d] += s;
  }
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t n = in.getDimSize(d);
    if (n == 0)
      continue;
    int64_t s = ((total[d] % n) + n) % n;
    if (s == 0)
      continue;
    // result = concat(x[n - s:], x[:n - s]) along d.
    SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape()),
        strides(in.getRank(), 1);
    start[d] = n - s;
    Value tail = SliceOp::create(b, loc, x, start, limit, strides);
    start[d] = 0;
    limit[d] = n - s;
    Value head = SliceOp::create(b, loc, x, start, limit, strides);
    x = ConcatenateOp::create(b, loc, ValueRange{tail, head},
                              static_cast<uint64_t>(d));
  }
  results.push_back(x);
  return success();
}

Converter cumulative(bool isProd) {
  return [isProd](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                  std::string &why) -> LogicalResult {
    auto in = staticType(op->getOperand(0));
    auto axis = constantInts(op->getOperand(1));
    if (!in || !axis || axis->size() != 1 || in.getRank() == 0)
      return fail(why, "needs a static input and a constant axis");
    auto d = normAxis((*axis)[0], in.getRank());
    if (!d)
      return fail(why, "axis out of range");
    bool exclusive = boolAttr(op, "exclusive"), reverse = boolAttr(op, "reverse");
    Location loc = op->getLoc();
    Type elt = in.getElementType();
    int64_t n = in.getDimSize(*d), r = in.getRank();
    if (n == 0) {
      results.push_back(op->getOperand(0));
      return success();
    }
    Value x = op->getOperand(0);
    double initV = isProd ? 1 : 0;
    if (exclusive) {
      // Shift by one along d, filling with the identity.
      SmallVector<int64_t> lo(r, 0), hi(r, 0), interior(r, 0);
      (reverse ? lo : hi)[*d] = -1;
      (reverse ? hi : lo)[*d] = 1;
      x = PadOp::create(b, loc, x, scalar(b, loc, elt, initV), lo, hi, interior);
    }
    SmallVector<int64_t> win(r, 1), pad(2 * r, 0);
    win[*d] = n;
    pad[2 * *d + (reverse ? 1 : 0)] = n - 1;
    auto padType = RankedTensorType::get({r, 2}, b.getI64Type());
    Value init = scalar(b, loc, elt, initV);
    auto rw = ReduceWindowOp::create(b, loc, ValueRange{x}, ValueRange{init},
                                     b.getDenseI64ArrayAttr(win), nullptr,
                                     nullptr, nullptr,
                                     DenseIntElementsAttr::get(padType, pad));
    {
      OpBuilder::InsertionGuard g(b);
      Type s = init.getType();
      Block *body = b.createBlock(&rw.getBody(), {}, {s, s}, {loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{combine(b, loc,
                                          isProd ? ReduceKind::Mul : ReduceKind::Add,
                                          body->getArgument(0),
                                          body->getArgument(1))});
    }
    results.push_back(rw.getResult(0));
    return success();
  };
}

LogicalResult convertTopK(Operation *op, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto k = constantInts(op->getOperand(1));
  auto outV = staticResult(op, 0), outI = staticResult(op, 1);
  if (!in || !k || k->size() != 1 || !outV || !outI || in.getRank() == 0)
    return fail(why, "needs a static input, a constant k and static results");
  int64_t last = in.getRank() - 1, n = in.getDimSize(last);
  if ((*k)[0] < 0 || (*k)[0] > n)
    return fail(why, "k out of range");
  Location loc = op->getLoc();
  Type elt = in.getElementType(), idx = outI.getElementType();
  Value iota = IotaOp::create(b, loc, RankedTensorType::get(in.getShape(), idx),
                              static_cast<uint64_t>(last));
  auto sort = SortOp::create(b, loc, TypeRange{in, iota.getType()},
                             ValueRange{op->getOperand(0), iota},
                             static_cast<int64_t>(last), true);
  {
    OpBuilder::InsertionGuard g(b);
    auto sv = RankedTensorType::get({}, elt), si = RankedTensorType::get({}, idx);
    Block *body = b.createBlock(&sort.getComparator(), {}, {sv, sv, si, si},
                                {loc, loc, loc, loc});
    Value a = body->getArgument(0), c = body->getArgument(1);
    Value before = compare(b, loc, a, c, Dir::GT);
    if (isa<FloatType>(elt)) {
      // NaN sorts first (above +inf); see greaterNaNFirst.
      Value aNan = compare(b, loc, a, a, Dir::NE);
      Value cNan = compare(b, loc, c, c, Dir::NE);
      before = OrOp::create(b, loc, before,
                            AndOp::create(b, loc, aNan, NotOp::create(b, loc, cNan)));
    }
    ReturnOp::create(b, loc, ValueRange{before});
  }
  SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape()),
      strides(in.getRank(), 1);
  limit[last] = (*k)[0];
  results.push_back(SliceOp::create(b, loc, sort.getResult(0), start, limit, strides));
  results.push_back(SliceOp::create(b, loc, sort.getResult(1), start, limit, strides));
  return success();
}

LogicalResult convertEmpty(Operation *op, OpBuilder &b,
                           SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out || !out.getElementType().isIntOrFloat())
    return fail(why, "result shape is not static");
  results.push_back(splat(b, op->getLoc(), out, 0));
  return success();
}


/// UnsortedSegment{Sum,Prod,Max,Min}: a scatter of data into a tensor of
/// the reducer's identity (empty segments keep it: 0, 1, lowest, highest as
/// TF), with ids as index vectors; negative ids are skipped, as in TF, and
/// ids >= num_segments fail the Run (checkIndices "segment"), as in TF.
Converter segment(ReduceKind kind) {
  return [kind](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                std::string &why) -> LogicalResult {
    auto data = staticType(op->getOperand(0));
    auto ids = staticType(op->getOperand(1));
    auto out = staticResult(op);
    if (!data || !ids || !out || ids.getRank() > data.getRank() ||
        !isa<IntegerType>(ids.getElementType()))
      return fail(why, "needs static data, integer segment ids and a static result");
    Location loc = op->getLoc();
    Type elt = data.getElementType();
    // TF fails the Run on an id >= num_segments (negative ids are dropped,
    // as the scatter below does).
    Value checkedIds =
        checkIndices(b, op, op->getOperand(1), "segment", {out.getDimSize(0)});
    Value init;
    switch (kind) {
    case ReduceKind::Add:
      init = splat(b, loc, out, 0);
      break;
    case ReduceKind::Mul:
      init = splat(b, loc, out, 1);
      break;
    case ReduceKind::Max:
      init = broadcastTo(b, loc, minValue(b, loc, elt), out.getShape());
      break;
    case ReduceKind::Min:
      init = broadcastTo(b, loc, maxValue(b, loc, elt), out.getShape());
      break;
    default:
      return fail(why, "unsupported segment reduction");
    }
    int64_t ir = ids.getRank();
    SmallVector<int64_t> window;
    for (int64_t d = ir; d < data.getRank(); ++d)
      window.push_back(d);
    auto dn = ScatterDimensionNumbersAttr::get(b.getContext(), window, {0}, {},
                                               {}, {0}, ir);
    auto sc = ScatterOp::create(b, loc, TypeRange{out}, ValueRange{init},
                                checkedIds, ValueRange{op->getOperand(0)},
                                dn, false, false);
    {
      OpBuilder::InsertionGuard g(b);
      auto st = RankedTensorType::get({}, elt);
      Block *body = b.createBlock(&sc.getUpdateComputation(), {}, {st, st},
                                  {loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{combine(b, loc, kind, body->getArgument(0),
                                          body->getArgument(1))});
    }
    results.push_back(sc.getResult(0));
    return success();
  };
}

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

/// Resize{Bilinear,NearestNeighbor} of NHWC images to a constant size, with
/// TF's coordinate rules: scale = (align_corners && out > 1) ? (in - 1) /
/// (out - 1) : in / out; bilinear samples at i * scale, or (i + 0.5) *
/// scale - 0.5 with half_pixel_centers, between floor (clamped to 0) and
/// ceil (clamped to in - 1) with lerp = coord - floor, interpolating along
/// W then H as top + (bottom - top) * lerp in f32; nearest takes
/// round (align_corners) or floor of i * scale ((i + 0.5) * scale with
/// half_pixel_centers), clamped to [0, in - 1]. Coordinates are computed in
/// float as TF's kernels do.
Converter resize(bool bilinear) {
  return [bilinear](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                    std::string &why) -> LogicalResult {
    auto in = staticType(op->getOperand(0));
    auto size = constantInts(op->getOperand(1));
    auto out = staticResult(op);
    if (!in || in.getRank() != 4 || !size || size->size() != 2 || !out)
      return fail(why, "needs a static NHWC image and a constant size");
    bool alignCorners = boolAttr(op, "align_corners");
    bool halfPixel = boolAttr(op, "half_pixel_centers");
    Location loc = op->getLoc();
    Value x = op->getOperand(0);
    if (bilinear)
      x = convert(b, loc, x, out.getElementType());
    // Interpolate along W (dim 2) first, then H (dim 1), as TF does.
    for (int64_t dim : {2, 1}) {
      int64_t inSize = in.getDimSize(dim), outSize = (*size)[dim - 1];
      if (inSize <= 0 || outSize <= 0)
        return fail(why, "empty image or size");
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
          lo.push_back(static_cast<int32_t>(std::max<int64_t>(static_cast<int64_t>(f), 0)));
          hi.push_back(static_cast<int32_t>(
              std::min<int64_t>(static_cast<int64_t>(std::ceil(c)), inSize - 1)));
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
        return fail(why, "bilinear output must be f32");
      auto lt = RankedTensorType::get({outSize}, b.getF32Type());
      Value l = broadcastInDim(b, loc,
                               constant(b, loc, DenseElementsAttr::get(lt, ArrayRef<float>(lerp))),
                               at.getShape(), {dim});
      x = AddOp::create(b, loc, a,
                        MultiplyOp::create(b, loc, SubtractOp::create(b, loc, c, a), l));
    }
    if (x.getType() != out)
      return fail(why, "computed shape differs from the result type");
    results.push_back(x);
    return success();
  };
}

/// MirrorPad (REFLECT excludes the edge element, SYMMETRIC repeats it) with
/// constant paddings: per dim, reversed slices concatenated on both sides.
LogicalResult convertMirrorPad(Operation *op, OpBuilder &b,
                               SmallVectorImpl<Value> &results,
                               std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto pads = constantInts(op->getOperand(1));
  if (!in || !pads || static_cast<int64_t>(pads->size()) != 2 * in.getRank())
    return fail(why, "needs a static input and constant [rank, 2] paddings");
  bool reflect = strAttr(op, "mode", "REFLECT") == "REFLECT";
  int64_t off = reflect ? 1 : 0;
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t lo = (*pads)[2 * d], hi = (*pads)[2 * d + 1];
    auto t = cast<RankedTensorType>(x.getType());
    int64_t n = t.getDimSize(d);
    if (lo < 0 || hi < 0 || lo + off > n || hi + off > n)
      return fail(why, "paddings too large for the mirror mode");
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

} // namespace

void addMiscConverters(llvm::StringMap<Converter> &t) {
  t["tf.AdjustContrastv2"] = convertAdjustContrast;
  t["tf.MatrixDiag"] = convertMatrixDiag;
  t["tf.MatrixSetDiag"] = convertMatrixSetDiag;
  t["tf.Roll"] = convertRoll;
  t["tf.Cumsum"] = cumulative(false);
  t["tf.Cumprod"] = cumulative(true);
  t["tf.TopKV2"] = convertTopK;
  t["tf.Empty"] = convertEmpty;
  t["tf.UnsortedSegmentSum"] = segment(ReduceKind::Add);
  t["tf.UnsortedSegmentProd"] = segment(ReduceKind::Mul);
  t["tf.UnsortedSegmentMax"] = segment(ReduceKind::Max);
  t["tf.UnsortedSegmentMin"] = segment(ReduceKind::Min);
  t["tf.ResizeBilinear"] = resize(true);
  t["tf.ResizeNearestNeighbor"] = resize(false);
  t["tf.MirrorPad"] = convertMirrorPad;
}

} // namespace tfmlir::tohlo
