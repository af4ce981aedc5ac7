//===- Reshape.cpp - Reshape, ExpandDims, Squeeze, Shape(N), Size, Rank ---===//
//
//  - Reshape, ExpandDims, Squeeze (TF's ReshapeOp, ExpandDimsOp,
//    SqueezeOp kernels): the static (shape-inferred) result type says
//    everything, so each is one hlo.reshape of the input to it; the shape /
//    dim / squeeze_dims inputs are not read. Any dtype the hlo ops take.
//  - Shape, ShapeN, Size, Rank (TF's ShapeOp, ShapeNOp, SizeOp, RankOp):
//    of a static input, an integer hlo.constant of the result's dtype
//    (int32 or int64 out_type).
// Refused: a dynamic input or result shape, a Reshape that changes the
// element count, a non-integer Shape/Size/Rank result.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Reshape / tf.ExpandDims / tf.Squeeze -> hlo.reshape to the result type.
template <typename TFOp> struct ReshapeLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value input;
    if constexpr (std::is_same_v<TFOp, TF::ReshapeOp>)
      input = a.getTensor();
    else
      input = a.getInput();
    auto out = staticResult(op);
    auto in = staticType(input);
    if (!out || !in)
      return this->fail(op, b, "shape is not static");
    if (in.getNumElements() != out.getNumElements())
      return this->fail(op, b, "element count changes");
    results.push_back(reshape(b, op.getLoc(), input, out.getShape()));
    return success();
  }
};

/// tf.Shape / tf.ShapeN / tf.Size / tf.Rank of static inputs -> integer
/// hlo.constants.
template <typename TFOp> struct ShapeOfLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      Value input;
      if constexpr (std::is_same_v<TFOp, TF::ShapeNOp>)
        input = a.getInput()[i];
      else
        input = a.getInput();
      auto in = staticType(input);
      auto out = staticResult(op, i);
      if (!in || !out || !isa<IntegerType>(out.getElementType()))
        return this->fail(op, b, "input shape is not static");
      unsigned w = out.getElementType().getIntOrFloatBitWidth();
      SmallVector<APInt> vals;
      if constexpr (std::is_same_v<TFOp, TF::SizeOp>)
        vals.push_back(APInt(w, in.getNumElements()));
      else if constexpr (std::is_same_v<TFOp, TF::RankOp>)
        vals.push_back(APInt(w, in.getRank()));
      else
        for (int64_t d : in.getShape())
          vals.push_back(APInt(w, d));
      results.push_back(
          constant(b, op.getLoc(), DenseElementsAttr::get(out, vals)));
    }
    return success();
  }
};

} // namespace

void populateShapeReshapePatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  patterns
      .add<ReshapeLowering<TF::ReshapeOp>, ReshapeLowering<TF::ExpandDimsOp>,
           ReshapeLowering<TF::SqueezeOp>, ShapeOfLowering<TF::ShapeOp>,
           ShapeOfLowering<TF::ShapeNOp>, ShapeOfLowering<TF::SizeOp>,
           ShapeOfLowering<TF::RankOp>>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
