//===- ConvertDiag.cpp - Diag, DiagPart -> hlo ----------------------------===//
//
//  - Diag (TF's Diag: `diagonal` of shape D = [D1..Dk], output of shape
//    D ++ D with output[i1..ik, i1..ik] = diagonal[i1..ik], zero elsewhere):
//    the flattened diagonal (N = prod D elements) padded with N interior
//    zeros is exactly the row-major N x N identity pattern, so
//    output = reshape(pad(flat, 0, interior = N), D ++ D). Every dtype the
//    hlo ops take; values (NaN, -0.0) are moved, never combined.
//  - DiagPart (TF's DiagPart, the inverse: input D ++ D -> D): the strided
//    slice [0 : N*N : N+1] of the flattened input.
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

} // namespace

void populateDiagPatterns(RewritePatternSet &patterns, ConversionState &state) {
  patterns.add<DiagLowering, DiagPartLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
