//===- Diag.cpp - Diag, DiagPart, MatrixDiag*, MatrixSetDiag, MatrixBandPart
//===//
//
// Semantics: TF's CPU kernels DiagOp, DiagPartOp, MatrixDiagOp,
// MatrixSetDiagOp, MatrixDiagPartOp (V1, and V2 for the main diagonal) and
// MatrixBandPartOp.
//  - Diag (`diagonal` of shape D = [D1..Dk], output of shape D ++ D with
//    output[i1..ik, i1..ik] = diagonal[i1..ik], zero elsewhere): the
//    flattened diagonal (N = prod D elements) padded with N interior zeros
//    is exactly the row-major N x N identity pattern, so
//    output = reshape(pad(flat, 0, interior = N), D ++ D). Values (NaN,
//    -0.0) are moved, never combined.
//  - DiagPart (the inverse: input D ++ D -> D): the strided slice
//    [0 : N*N : N+1] of the flattened input.
//  - MatrixDiag ([..., N] -> [..., N, N]) / MatrixSetDiag ([..., M, N] and
//    [..., min(M, N)]): the diagonal broadcast into the matrix shape and
//    hlo.select with an iota equality mask (zeros / the input elsewhere).
//  - MatrixDiagPart ([..., M, N] -> [..., min(M, N)]) and MatrixDiagPartV2
//    with constant k = 0 (the main diagonal only; padding_value is then
//    unused): the leading square masked by the iota equality and reduced
//    (add, or for bool) over the last dim.
//  - MatrixBandPart with constant num_lower / num_upper: hlo.select of the
//    input and zeros by the iota band mask (i - j <= num_lower, j - i <=
//    num_upper; a negative bound keeps the whole triangle).
// Any dtype the hlo ops take; shapes must be static. Refused: dynamic
// shapes, ranks or result shapes that disagree, MatrixDiagPartV2 with
// k != 0 or a run-time k, MatrixBandPart with run-time bounds.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <algorithm>
#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// tf.Diag -> hlo.pad of the flattened diagonal with N interior zeros,
/// reshaped to D ++ D.
struct DiagLowering : HLOPattern<TF::DiagOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::DiagOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getDiagonal());
    auto out = staticResult(op);
    if (!in || !out || in.getRank() < 1)
      return fail(op, b, "needs a static diagonal of rank >= 1");
    int64_t n = in.getNumElements();
    SmallVector<int64_t> shape(in.getShape());
    shape.append(in.getShape().begin(), in.getShape().end());
    if (out.getShape() != ArrayRef<int64_t>(shape))
      return fail(op, b,
                  "result shape is not diagonal.shape ++ diagonal.shape");
    Location loc = op.getLoc();
    Value flat = reshape(b, loc, a.getDiagonal(), {n});
    Value padded = PadOp::create(
        b, loc, flat, scalar(b, loc, in.getElementType(), 0),
        ArrayRef<int64_t>{0}, ArrayRef<int64_t>{0}, ArrayRef<int64_t>{n});
    results.push_back(reshape(b, loc, padded, shape));
    return success();
  }
};

/// tf.DiagPart -> hlo.slice [0 : N*N : N+1] of the flattened input.
struct DiagPartLowering : HLOPattern<TF::DiagPartOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::DiagPartOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto out = staticResult(op);
    if (!in || !out || in.getRank() < 2 || in.getRank() % 2)
      return fail(op, b, "needs a static input of even rank >= 2");
    int64_t k = in.getRank() / 2;
    ArrayRef<int64_t> s = in.getShape();
    if (s.take_front(k) != s.drop_front(k))
      return fail(op, b, "input dims [0, k) and [k, 2k) differ");
    if (out.getShape() != s.take_front(k))
      return fail(op, b, "result shape is not the first half of the input's");
    int64_t n = 1;
    for (int64_t d : s.take_front(k))
      n *= d;
    Location loc = op.getLoc();
    Value flat = reshape(b, loc, a.getInput(), {n * n});
    Value d =
        SliceOp::create(b, loc, flat, ArrayRef<int64_t>{0},
                        ArrayRef<int64_t>{n * n}, ArrayRef<int64_t>{n + 1});
    results.push_back(reshape(b, loc, d, s.take_front(k)));
    return success();
  }
};

/// Mask of shape `shape` (rank >= 2) that is true on the diagonal of the
/// last two dims.
Value diagMask(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) {
  int64_t r = shape.size();
  auto it = RankedTensorType::get(shape, b.getI32Type());
  Value rows = IotaOp::create(b, loc, it, static_cast<uint64_t>(r - 2));
  Value cols = IotaOp::create(b, loc, it, static_cast<uint64_t>(r - 1));
  return compare(b, loc, rows, cols, Dir::EQ);
}

/// tf.MatrixDiag -> hlo.select(diagonal mask, broadcast diagonal, zeros).
struct MatrixDiagLowering : HLOPattern<TF::MatrixDiagOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MatrixDiagOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto d = staticType(a.getDiagonal());
    auto out = staticResult(op);
    if (!d || !out || d.getRank() < 1 || out.getRank() != d.getRank() + 1)
      return fail(op, b, "needs a static diagonal and result");
    Location loc = op.getLoc();
    SmallVector<int64_t> dims;
    for (int64_t i = 0; i < d.getRank() - 1; ++i)
      dims.push_back(i);
    dims.push_back(out.getRank() - 1); // diag[..., j] lands at [..., j, j]
    Value db = broadcastInDim(b, loc, a.getDiagonal(), out.getShape(), dims);
    results.push_back(SelectOp::create(b, loc, diagMask(b, loc, out.getShape()),
                                       db, splat(b, loc, out, 0)));
    return success();
  }
};

/// tf.MatrixSetDiag -> hlo.select(diagonal mask, broadcast diagonal,
/// input).
struct MatrixSetDiagLowering : HLOPattern<TF::MatrixSetDiagOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MatrixSetDiagOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto d = staticType(a.getDiagonal());
    if (!in || !d || in.getRank() < 2 || d.getRank() != in.getRank() - 1)
      return fail(op, b, "needs a static matrix and diagonal");
    int64_t m = in.getDimSize(in.getRank() - 2),
            n = in.getDimSize(in.getRank() - 1);
    if (d.getDimSize(d.getRank() - 1) != std::min(m, n))
      return fail(op, b, "diagonal length must be min(rows, cols)");
    Location loc = op.getLoc();
    // Place diag[..., k] at [..., k, k]: broadcast along the longer dim and
    // pad it to the square size first when the matrix is not square.
    SmallVector<int64_t> dims;
    for (int64_t i = 0; i < d.getRank() - 1; ++i)
      dims.push_back(i);
    Value diag = a.getDiagonal();
    int64_t k = std::min(m, n);
    bool alongCols = n <= m; // diag index k varies like the column index
    if ((alongCols ? n : m) != k)
      return fail(op, b, "unexpected diagonal size");
    dims.push_back(alongCols ? in.getRank() - 1 : in.getRank() - 2);
    Value db = broadcastInDim(b, loc, diag, in.getShape(), dims);
    results.push_back(SelectOp::create(b, loc, diagMask(b, loc, in.getShape()),
                                       db, a.getInput()));
    return success();
  }
};

/// tf.MatrixDiagPart / tf.MatrixDiagPartV2 (k = 0) -> the leading square
/// masked by the iota equality, hlo.reduce (add / or) over the last dim.
template <typename OpTy> struct MatrixDiagPartLowering : HLOPattern<OpTy> {
  using HLOPattern<OpTy>::HLOPattern;
  LogicalResult convert(OpTy op, typename HLOPattern<OpTy>::OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto out = staticResult(op);
    if (!in || !out || in.getRank() < 2)
      return this->fail(op, b, "needs a static input of rank >= 2");
    if constexpr (std::is_same_v<OpTy, TF::MatrixDiagPartV2Op>) {
      // Only the main diagonal, k = 0.
      auto k = constantInts(a.getK());
      if (!k || llvm::any_of(*k, [](int64_t v) { return v != 0; }))
        return this->fail(op, b, "only the main diagonal (k = 0) is supported");
    }
    Location loc = op.getLoc();
    int64_t r = in.getRank();
    int64_t m = in.getDimSize(r - 2), n = in.getDimSize(r - 1),
            k = std::min(m, n);
    SmallVector<int64_t> start(r, 0), limit(in.getShape());
    limit[r - 2] = limit[r - 1] = k;
    Value sq = sliceOf(b, loc, a.getInput(), start, limit);
    SmallVector<int64_t> sqShape(limit);
    auto st = RankedTensorType::get(sqShape, in.getElementType());
    Value mask = compare(b, loc, iota(b, loc, sqShape, b.getI32Type(), r - 2),
                         iota(b, loc, sqShape, b.getI32Type(), r - 1), Dir::EQ);
    Type elt = in.getElementType();
    Value z = SelectOp::create(b, loc, mask, sq, splat(b, loc, st, 0));
    Value d = reduce(b, loc, z, scalar(b, loc, elt, 0), {r - 1},
                     elt.isInteger(1) ? ReduceKind::Or : ReduceKind::Add);
    if (cast<RankedTensorType>(d.getType()).getShape() != out.getShape())
      return this->fail(op, b, "result shape is not the diagonal's");
    results.push_back(d);
    return success();
  }
};

/// tf.MatrixBandPart (constant bounds) -> hlo.select(iota band mask, input,
/// zeros).
struct MatrixBandPartLowering : HLOPattern<TF::MatrixBandPartOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MatrixBandPartOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto lo = constantInts(a.getNumLower()), up = constantInts(a.getNumUpper());
    if (!in || in.getRank() < 2 || !lo || !up || lo->size() != 1 ||
        up->size() != 1)
      return fail(op, b,
                  "needs a static input and constant num_lower/num_upper");
    Location loc = op.getLoc();
    int64_t r = in.getRank();
    auto shape = in.getShape();
    auto i32 = b.getI32Type();
    Value i = iota(b, loc, shape, i32, r - 2),
          j = iota(b, loc, shape, i32, r - 1);
    auto it = RankedTensorType::get(shape, i32);
    Value mask = splat(b, loc, RankedTensorType::get(shape, b.getI1Type()), 1);
    if ((*lo)[0] >= 0) // i - j <= num_lower
      mask = AndOp::create(b, loc, mask,
                           compare(b, loc, SubtractOp::create(b, loc, i, j),
                                   splat(b, loc, it, (*lo)[0]), Dir::LE));
    if ((*up)[0] >= 0) // j - i <= num_upper
      mask = AndOp::create(b, loc, mask,
                           compare(b, loc, SubtractOp::create(b, loc, j, i),
                                   splat(b, loc, it, (*up)[0]), Dir::LE));
    results.push_back(
        SelectOp::create(b, loc, mask, a.getInput(), splat(b, loc, in, 0)));
    return success();
  }
};

} // namespace

void populateIndexingDiagPatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns
      .add<DiagLowering, DiagPartLowering, MatrixDiagLowering,
           MatrixSetDiagLowering, MatrixDiagPartLowering<TF::MatrixDiagPartOp>,
           MatrixDiagPartLowering<TF::MatrixDiagPartV2Op>,
           MatrixBandPartLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
