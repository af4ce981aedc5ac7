//===- MatMul.cpp - tf matrix products -> hlo.dot_general -----------------===//
//
// Ops (dialects/tf/TFOpsNN.td), semantics of TF's MatMul and BatchMatMul
// kernels (matmul_op.cc, batch_matmul_op_impl.h):
//  - MatMul: static 2-D a, b (transpose_a / transpose_b pick the
//    contracting dims) -> one hlo.dot_general.
//  - BatchMatMul, BatchMatMulV2, BatchMatMulV3: static x, y of rank >= 2;
//    the batch dims are first broadcast to the result's (as BatchMatMulV2
//    does; BatchMatMul's equal batch dims broadcast trivially), then one
//    hlo.dot_general with those batch dims (adj_x / adj_y pick the
//    contracting dims).
// Any element type the hlo op takes. Refused: dynamic shapes, complex
// adjoints (the conjugate is not built), BatchMatMulV3 with operand element
// types other than the result's (e.g. int8 x int8 -> int32), batch dims that
// do not broadcast.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.MatMul -> hlo.dot_general contracting a's and b's inner dims.
struct MatMulLowering : HLOPattern<TF::MatMulOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MatMulOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    auto at = staticType(a.getA()), bt = staticType(a.getB());
    if (!out || !at || !bt || at.getRank() != 2 || bt.getRank() != 2)
      return fail(op, b, "needs static 2-D operands");
    bool ta = op.getTransposeA(), tb = op.getTransposeB();
    auto dn = DotDimensionNumbersAttr::get(b.getContext(), {}, {}, {ta ? 0 : 1},
                                           {tb ? 1 : 0});
    results.push_back(DotGeneralOp::create(b, op.getLoc(), out, a.getA(),
                                           a.getB(), dn, nullptr));
    return success();
  }
};

/// tf.BatchMatMul{,V2,V3} -> hlo.dot_general over broadcast batch dims.
template <typename TFOp> struct BatchMatMulLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    auto x = staticType(a.getX()), y = staticType(a.getY());
    if (!out || !x || !y || x.getRank() < 2 || y.getRank() < 2 ||
        out.getRank() < 2)
      return fail(op, b, "needs static operands of rank >= 2");
    bool adjX = op.getAdjX(), adjY = op.getAdjY();
    if ((adjX || adjY) && isa<ComplexType>(x.getElementType()))
      return fail(op, b, "complex adjoint is not supported");
    if (x.getElementType() != out.getElementType() ||
        y.getElementType() != out.getElementType())
      return fail(op, b, "operand and result element types differ");
    Location loc = op.getLoc();
    int64_t nb = out.getRank() - 2;
    ArrayRef<int64_t> batch = out.getShape().take_front(nb);
    auto withBatch = [&](Value v, RankedTensorType t) -> Value {
      SmallVector<int64_t> shape(batch);
      shape.append(t.getShape().take_back(2).begin(), t.getShape().end());
      return broadcastTo(b, loc, v, shape);
    };
    Value bx = withBatch(a.getX(), x), by = withBatch(a.getY(), y);
    if (!bx || !by)
      return fail(op, b, "batch dims do not broadcast");
    SmallVector<int64_t> bd;
    for (int64_t i = 0; i < nb; ++i)
      bd.push_back(i);
    auto dn = DotDimensionNumbersAttr::get(
        b.getContext(), bd, bd, {adjX ? nb : nb + 1}, {adjY ? nb + 1 : nb});
    results.push_back(DotGeneralOp::create(b, loc, out, bx, by, dn, nullptr));
    return success();
  }
};

} // namespace

void populateNNMatMulPatterns(RewritePatternSet &patterns,
                              ConversionState &state) {
  patterns.add<MatMulLowering, BatchMatMulLowering<TF::BatchMatMulOp>,
               BatchMatMulLowering<TF::BatchMatMulV2Op>,
               BatchMatMulLowering<TF::BatchMatMulV3Op>>(patterns.getContext(),
                                                         state);
}

} // namespace tfmlir::tohlo
