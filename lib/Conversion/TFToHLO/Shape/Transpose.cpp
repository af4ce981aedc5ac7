//===- Transpose.cpp - Transpose, InvertPermutation -> hlo ----------------===//
//
//  - Transpose (TF's TransposeOp) with a constant perm: hlo.transpose
//    (result dim i = input dim perm[i]). Any dtype the hlo ops take.
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
// Refused: dynamic shapes, a run-time perm or one whose size differs from
// the rank (Transpose), a non-integer or non-1-D x (InvertPermutation).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Transpose -> hlo.transpose with the constant perm.
struct TransposeLowering : HLOPattern<TF::TransposeOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::TransposeOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getX());
    auto perm = constantInts(a.getPerm());
    if (!in || !perm)
      return fail(op, b, "needs a static input and a constant perm");
    if (static_cast<int64_t>(perm->size()) != in.getRank())
      return fail(op, b, "perm size differs from the rank");
    results.push_back(transpose(b, op.getLoc(), a.getX(), *perm));
    return success();
  }
};

/// tf.InvertPermutation -> a constant (constant x) or hlo.scatter of iota
/// behind the run-time index check.
struct InvertPermutationLowering : HLOPattern<TF::InvertPermutationOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::InvertPermutationOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getX());
    auto out = staticResult(op);
    if (!in || !out || in.getRank() != 1 ||
        !isa<IntegerType>(in.getElementType()))
      return fail(op, b, "needs a static 1-D integer input");
    int64_t n = in.getDimSize(0);
    Location loc = op.getLoc();
    auto elt = cast<IntegerType>(in.getElementType());
    if (auto x = constantInts(a.getX())) {
      SmallVector<int64_t> y(n, -1);
      for (int64_t i = 0; i < n; ++i) {
        int64_t d = (*x)[i];
        if (d < 0 || d >= n)
          return fail(op, b,
                      std::to_string(d) + " is not between 0 and " +
                          std::to_string(n));
        if (y[d] != -1)
          return fail(op, b,
                      std::to_string(d) + " is duplicated in the input.");
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
    auto sc = ScatterOp::create(b, loc, TypeRange{out},
                                ValueRange{splat(b, loc, out, -1)}, idx,
                                ValueRange{upd}, dn, false, false);
    {
      OpBuilder::InsertionGuard g(b);
      auto st = RankedTensorType::get({}, elt);
      Block *body =
          b.createBlock(&sc.getUpdateComputation(), {}, {st, st}, {loc, loc});
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

void populateShapeTransposePatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  patterns.add<TransposeLowering, InvertPermutationLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
