//===- Const.cpp - tf.Const -> hlo.constant -------------------------------===//
//
// Const (TF's ConstantOp): its dense `value` as an hlo.constant of the same
// type. Integer and float dtypes (complex ones are accepted here, but the
// framework refuses any non-integer, non-float tensor first). Refused: a
// value that is not a dense elements attribute (a #tf_type.tensor_proto of
// a variant, resource or quantized dtype) or whose element type has no hlo
// equivalent (strings).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Const -> hlo.constant of its dense value.
struct ConstLowering : HLOPattern<TF::ConstOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::ConstOp op, OpAdaptor, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto v = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!v)
      return fail(op, b, "value is not a dense tensor");
    auto t = dyn_cast<RankedTensorType>(v.getType());
    if (!t || !(t.getElementType().isIntOrFloat() ||
                isa<ComplexType>(t.getElementType())))
      return fail(op, b, "element type has no HLO equivalent");
    results.push_back(constant(b, op.getLoc(), v));
    return success();
  }
};

} // namespace

void populateShapeConstPatterns(RewritePatternSet &patterns,
                                ConversionState &state) {
  patterns.add<ConstLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
