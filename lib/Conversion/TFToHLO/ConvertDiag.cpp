//===- ConvertDiag.cpp - Diag, DiagPart, InvertPermutation -> hlo --------===//
//
//  - Diag (TF's Diag: `diagonal` of shape D = [D1..Dk], output of shape
//    D ++ D with output[i1..ik, i1..ik] = diagonal[i1..ik], zero elsewhere):
//    the flattened diagonal (N = prod D elements) padded with N interior
//    zeros is exactly the row-major N x N identity pattern, so
//    output = reshape(pad(flat, 0, interior = N), D ++ D). Every dtype the
//    hlo ops take; values (NaN, -0.0) are moved, never combined.
//  - DiagPart (TF's DiagPart, the inverse: input D ++ D -> D): the strided
//    slice [0 : N*N : N+1] of the flattened input.
//  - InvertPermutation (TF's InvertPermutation: 1-D int32/int64 x, a
//    permutation of [0, n); y[x[i]] = i): a constant x folds to a constant
//    (an x that is not a permutation fails the conversion with TF's
//    message, naming the node); a run-time x becomes hlo.scatter of
//    iota(n) at indices x, behind the run-time index check (kind "gather",
//    bound n: an out-of-range entry fails the Run with InvalidArgument
//    "indices[i] = v is not in [0, n)"). Deviation: a run-time x with a
//    duplicate entry leaves a position at -1, which the run-time index
//    check then reports ("indices[i] = -1 is not in [0, n)"; TF: "v is
//    duplicated in the input").
// Shapes must be static.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

struct DiagLowering : HLOPattern<TF::DiagOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::DiagOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
  auto in = staticType(a.getDiagonal());
  auto out = staticResult(op);
  if (!in || !out || in.getRank() < 1)
    return fail(op, b, "needs a static diagonal of rank >= 1");
  int64_t n = in.getNumElements();
  SmallVector<int64_t> shape(in.getShape());
  shape.append(in.getShape().begin(), in.getShape().end());
  if (out.getShape() != ArrayRef<int64_t>(shape))
    return fail(op, b, "result shape is not diagonal.shape ++ diagonal.shape");
  Location loc = op.getLoc();
  Value flat = reshape(b, loc, a.getDiagonal(), {n});
  Value padded = PadOp::create(b, loc, flat, scalar(b, loc, in.getElementType(), 0),
                               ArrayRef<int64_t>{0}, ArrayRef<int64_t>{0},
                               ArrayRef<int64_t>{n});
  results.push_back(reshape(b, loc, padded, shape));
  return success();
  }
};

struct DiagPartLowering : HLOPattern<TF::DiagPartOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::DiagPartOp op, OpAdaptor a, ConversionPatternRewriter &b,
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
  Value d = SliceOp::create(b, loc, flat, ArrayRef<int64_t>{0},
                            ArrayRef<int64_t>{n * n}, ArrayRef<int64_t>{n + 1});
  results.push_back(reshape(b, loc, d, s.take_front(k)));
  return success();
  }
};

struct InvertPermutationLowering : HLOPattern<TF::InvertPermutationOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::InvertPermutationOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
  auto in = staticType(a.getX());
  auto out = staticResult(op);
  if (!in || !out || in.getRank() != 1 || !isa<IntegerType>(in.getElementType()))
    return fail(op, b, "needs a static 1-D integer input");
  int64_t n = in.getDimSize(0);
  Location loc = op.getLoc();
  auto elt = cast<IntegerType>(in.getElementType());
  if (auto x = constantInts(a.getX())) {
    SmallVector<int64_t> y(n, -1);
    for (int64_t i = 0; i < n; ++i) {
      int64_t d = (*x)[i];
      if (d < 0 || d >= n)
        return fail(op, b, std::to_string(d) + " is not between 0 and " +
                             std::to_string(n));
      if (y[d] != -1)
        return fail(op, b, std::to_string(d) + " is duplicated in the input.");
      y[d] = i;
    }
    SmallVector<APInt> vals;
    for (int64_t v : y)
      vals.push_back(APInt(elt.getWidth(), v, /*isSigned=*/true));
    results.push_back(constant(b, loc, DenseElementsAttr::get(out, vals)));
    return success();
  }
  Value idx = checkIndices(b, op, a.getX(), "gather", {n});
  idx = reshape(b, loc, idx, {n, 1});
  Value upd = IotaOp::create(b, loc, out, static_cast<uint64_t>(0));
  SmallVector<int64_t> none, dim0{0};
  auto dn = ScatterDimensionNumbersAttr::get(b.getContext(), none, dim0, none,
                                             none, dim0, 1);
  auto sc = ScatterOp::create(b, loc, TypeRange{out}, ValueRange{splat(b, loc, out, -1)},
                              idx, ValueRange{upd}, dn, false, false);
  {
    OpBuilder::InsertionGuard g(b);
    auto st = RankedTensorType::get({}, elt);
    Block *body = b.createBlock(&sc.getUpdateComputation(), {}, {st, st}, {loc, loc});
    ReturnOp::create(b, loc, ValueRange{body->getArgument(1)});
  }
  // n in-range entries fill all n positions unless one repeats: a -1 left
  // in the result means a duplicate, and fails the run through the same
  // run-time index check (TF: "v is duplicated in the input").
  results.push_back(checkIndices(b, op, sc.getResult(0), "gather", {n}));
  return success();
  }
};

} // namespace

void populateDiagPatterns(RewritePatternSet &patterns, ConversionState &state) {
  patterns.add<DiagLowering, DiagPartLowering, InvertPermutationLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
