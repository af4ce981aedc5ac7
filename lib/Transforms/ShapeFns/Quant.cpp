//===- Quant.cpp - shape functions of the Quant family --------------------===//
//
// The ops of dialects/tf/TFOpsQuant.td (FakeQuantWithMinMax*) plus
// QuantizeAndDequantize*, QuantizeV2/Dequantize, UniformQuantize/Dequantize
// and the fake-quant gradient, which have no ODS definition. Semantics from
// tensorflow/core/ops/array_ops.cc and uniform_quant_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

LogicalResult quantizeV2(InferenceContext &c) {
  // (input, min_range, max_range) -> (output, output_min, output_max).
  Shape in = c.inputShape(0);
  c.setOutput(0, in);
  int64_t axis = c.intAttr("axis", -1);
  if (axis == -1) {
    c.setOutput(1, Shape::scalar());
    c.setOutput(2, Shape::scalar());
  } else if (in.ranked && axis >= 0 && axis < in.rank()) {
    c.setOutput(1, Shape::vector(in.dims[axis]));
    c.setOutput(2, Shape::vector(in.dims[axis]));
  }
  return success();
}

} // namespace

void registerQuantShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"FakeQuantWithMinMaxArgs", "FakeQuantWithMinMaxVars",
         "FakeQuantWithMinMaxVarsPerChannel", "QuantizeAndDequantize",
         "QuantizeAndDequantizeV2", "QuantizeAndDequantizeV3",
         "QuantizeAndDequantizeV4", "UniformQuantize", "UniformDequantize"},
        unchangedShape);
  // Grads of elementwise ops: output = merge(first two inputs).
  r.add("FakeQuantWithMinMaxArgsGradient", mergeFirstTwo);
  r.add("Dequantize", firstInput);
  r.add("QuantizeV2", quantizeV2);
}

} // namespace shape_inference
} // namespace tfmlir
