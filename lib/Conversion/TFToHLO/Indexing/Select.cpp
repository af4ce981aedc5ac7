//===- Select.cpp - Select, SelectV2, Where, OneHot -> hlo ----------------===//
//
// Semantics: TF's CPU kernels SelectOp, SelectV2Op, WhereOp and OneHotOp.
//  - Select: `condition` of the result's shape, a scalar, or (TF v1) a
//    vector matching the first dim (broadcast along dim 0); SelectV2
//    broadcasts all three NumPy-style. Both become hlo.select on operands
//    broadcast to the static result shape.
//  - Where of a constant condition (bool or numeric, non-zero is true): the
//    constant int64 [num_true, rank] coordinates in row-major order
//    (converted to the result's element type if it differs). The result
//    size depends on the values, so a run-time condition is refused (the
//    Session's host kernel runs it).
//  - OneHot(indices, depth, on, off, axis): an iota along `axis` compared
//    with the indices broadcast into the result shape, selecting the
//    broadcast on / off scalars; indices outside [0, depth) match nothing
//    (all off), as in TF.
// Any dtype; shapes must be static. Refused: dynamic shapes, operands that
// do not broadcast, a run-time Where condition, an out-of-range OneHot
// axis.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// tf.Select / tf.SelectV2 -> hlo.select of operands broadcast to the
/// result (Select's vector condition along dim 0).
template <typename OpTy> struct SelectLowering : HLOPattern<OpTy> {
  using HLOPattern<OpTy>::HLOPattern;
  LogicalResult convert(OpTy op, typename HLOPattern<OpTy>::OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    auto cond = staticType(a.getCondition());
    if (!out || !cond)
      return this->fail(op, b, "shape is not static");
    Location loc = op.getLoc();
    Value c = a.getCondition();
    if (std::is_same_v<OpTy, TF::SelectOp> && cond.getRank() == 1 &&
        out.getRank() > 1)
      c = broadcastInDim(b, loc, c, out.getShape(), {0});
    else
      c = broadcastTo(b, loc, c, out.getShape());
    Value t = broadcastTo(b, loc, a.getThenValue(), out.getShape());
    Value e = broadcastTo(b, loc, a.getElseValue(), out.getShape());
    if (!c || !t || !e)
      return this->fail(op, b, "operands do not broadcast to the result");
    results.push_back(SelectOp::create(b, loc, c, t, e));
    return success();
  }
};

/// tf.Where of a constant condition -> the constant coordinates.
struct WhereLowering : HLOPattern<TF::WhereOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::WhereOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto c = constantOf(a.getInput());
    auto out = staticResult(op);
    if (!c || !out || out.getRank() != 2)
      return fail(op, b, "only a constant condition gives a static result");
    auto t = cast<ShapedType>(c->getType());
    int64_t r = t.getRank(), n = t.getNumElements();
    SmallVector<int64_t> strides(r, 1);
    for (int64_t d = r - 2; d >= 0; --d)
      strides[d] = strides[d + 1] * t.getDimSize(d + 1);
    SmallVector<int64_t> coords;
    Type elt = c->getElementType();
    for (int64_t i = 0; i < n; ++i) {
      bool nz;
      if (isa<FloatType>(elt))
        nz = !c->getValues<APFloat>()[i].isZero();
      else
        nz = !c->getValues<APInt>()[i].isZero();
      if (!nz)
        continue;
      for (int64_t d = 0; d < r; ++d)
        coords.push_back((i / strides[d]) % t.getDimSize(d));
    }
    int64_t rows = r ? static_cast<int64_t>(coords.size()) / r : 0;
    if (out.getDimSize(0) != rows || out.getDimSize(1) != r)
      return fail(op, b, "result shape disagrees with the constant condition");
    results.push_back(constant(
        b, op.getLoc(),
        DenseElementsAttr::get(RankedTensorType::get({rows, r}, b.getI64Type()),
                               ArrayRef<int64_t>(coords))));
    if (out.getElementType() != b.getI64Type())
      results.back() =
          tohlo::convert(b, op.getLoc(), results.back(), out.getElementType());
    return success();
  }
};

/// tf.OneHot -> hlo.select(iota == indices, on, off).
struct OneHotLowering : HLOPattern<TF::OneHotOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::OneHotOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto ind = staticType(a.getIndices());
    auto out = staticResult(op);
    if (!ind || !out || out.getRank() != ind.getRank() + 1 ||
        !staticType(a.getOnValue()) || !staticType(a.getOffValue()))
      return fail(op, b, "needs static indices and a static result");
    int64_t axis = static_cast<int64_t>(op.getAxis());
    if (axis < 0)
      axis = out.getRank() - 1;
    if (axis >= out.getRank())
      return fail(op, b, "axis out of range");
    Location loc = op.getLoc();
    Type it = ind.getElementType();
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < out.getRank(); ++d)
      if (d != axis)
        dims.push_back(d);
    Value ib = broadcastInDim(b, loc, a.getIndices(), out.getShape(), dims);
    Value eq =
        compare(b, loc, iota(b, loc, out.getShape(), it, axis), ib, Dir::EQ);
    Value on = broadcastTo(b, loc, reshape(b, loc, a.getOnValue(), {}),
                           out.getShape());
    Value off = broadcastTo(b, loc, reshape(b, loc, a.getOffValue(), {}),
                            out.getShape());
    results.push_back(SelectOp::create(b, loc, eq, on, off));
    return success();
  }
};

} // namespace

void populateIndexingSelectPatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  patterns.add<SelectLowering<TF::SelectOp>, SelectLowering<TF::SelectV2Op>,
               WhereLowering, OneHotLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
