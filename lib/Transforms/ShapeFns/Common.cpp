//===- Common.cpp - shape functions more than one family registers -------===//
//
// See Common.h. Semantics from tensorflow/core/ops/array_ops.cc (Fill,
// Placeholder, GatherNd), nn_ops.cc (activation grads) and
// core/framework/common_shape_fns.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {

LogicalResult mergeFirstTwo(InferenceContext &c) {
  if (c.numInputs() < 2)
    return unchangedShape(c);
  auto m = c.merge(c.inputShape(0), c.inputShape(1),
                   "inputs must have the same shape");
  if (failed(m))
    return failure();
  c.setOutput(0, *m);
  return success();
}

LogicalResult placeholder(InferenceContext &c) {
  if (auto s = c.shapeAttr("shape"))
    c.setOutput(0, *s);
  return success();
}

LogicalResult fill(InferenceContext &c) {
  auto s = c.inputAsShape(0);
  if (failed(s))
    return failure();
  c.setOutput(0, *s);
  return success();
}

LogicalResult shapeFromInput0(InferenceContext &c) { return fill(c); }

LogicalResult gatherNd(InferenceContext &c) {
  return gatherNdShape(c, c.inputShape(0), c.inputShape(1));
}

LogicalResult gatherNdShape(InferenceContext &c, const Shape &params,
                            const Shape &indices) {
  if (!params.ranked || !indices.ranked || indices.rank() == 0 ||
      isDyn(indices.dims.back())) {
    if (indices.ranked && indices.rank() == 0)
      return c.error("indices must be at least 1-D");
    c.setOutput(0, Shape::unknown());
    return success();
  }
  int64_t r = indices.dims.back();
  if (r > params.rank())
    return c.error("indices.shape[-1] = " + Twine(r) +
                   " must be <= the params rank " + Twine(params.rank()));
  Shape out = Shape::ofRank(0);
  out.dims.append(indices.dims.begin(), indices.dims.end() - 1);
  out.dims.append(params.dims.begin() + r, params.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult noOutputs(InferenceContext &) { return success(); }

LogicalResult scalarOut(InferenceContext &c) {
  for (unsigned i = 0; i < c.numOutputs(); ++i)
    c.setOutput(i, Shape::scalar());
  return success();
}

LogicalResult firstInput(InferenceContext &c) {
  c.setOutput(0, c.inputShape(0));
  return success();
}

} // namespace shape_inference
} // namespace tfmlir
