//===- Variables.cpp - shape functions of the Variables family ------------===//
//
// The ops of dialects/tf/TFOpsVariables.td: VarHandleOp (resource subtype),
// ReadVariableOp, ResourceGather, Assign*, Scatter* on refs, variable
// predicates; plus ops without an ODS definition on variables
// (TemporaryVariable, ResourceGatherNd, ScatterNd* on refs,
// ResourceScatter*, the Apply* training ops). Semantics from
// tensorflow/core/ops/state_ops.cc, resource_variable_ops.cc and
// training_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "dialects/tf/TFTypes.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

LogicalResult scatterRef(InferenceContext &c) {
  // ScatterAdd/Sub/Update/... on a ref: output = the ref's shape.
  c.setOutput(0, c.inputShape(0));
  return success();
}

LogicalResult assign(InferenceContext &c) {
  if (!c.boolAttr("validate_shape", true)) {
    c.setOutput(0, c.inputShape(1));
    return success();
  }
  auto m = c.merge(c.inputShape(0), c.inputShape(1),
                   "the variable and the assigned value");
  if (failed(m))
    return failure();
  c.setOutput(0, *m);
  return success();
}

LogicalResult assignUpdate(InferenceContext &c) {
  auto m =
      c.merge(c.inputShape(0), c.inputShape(1), "the variable and the value");
  if (failed(m))
    return failure();
  c.setOutput(0, *m);
  return success();
}

Type tensorOf(const Shape &s, Type elt) {
  if (!s.ranked)
    return UnrankedTensorType::get(elt);
  return RankedTensorType::get(s.dims, elt);
}

LogicalResult varHandle(InferenceContext &c) {
  c.setOutput(0, Shape::scalar());
  Type dtype = c.typeAttr("dtype");
  auto shape = c.shapeAttr("shape");
  auto out = dyn_cast_or_null<TensorType>(c.outputType(0));
  if (!dtype || !shape || !out ||
      !isa<tf_type::ResourceType>(out.getElementType()))
    return success();
  auto sub = cast<TensorType>(tensorOf(*shape, dtype));
  auto res = tf_type::ResourceType::get(c.getOp()->getContext(), {sub});
  c.setOutputType(0, RankedTensorType::get({}, res));
  return success();
}

/// The subtype of a resource input (its content's type), or null.
TensorType resourceSubtype(InferenceContext &c, unsigned i) {
  auto t = dyn_cast_or_null<TensorType>(i < c.numInputs() ? c.input(i).getType()
                                                          : Type());
  if (!t)
    return {};
  auto r = dyn_cast<tf_type::ResourceType>(t.getElementType());
  if (!r || r.getSubtypes().size() != 1)
    return {};
  return r.getSubtypes().front();
}

LogicalResult readVariable(InferenceContext &c) {
  if (TensorType sub = resourceSubtype(c, 0))
    c.setOutput(0, Shape::fromType(sub));
  return success();
}

LogicalResult resourceGather(InferenceContext &c) {
  TensorType sub = resourceSubtype(c, 0);
  Shape indices = c.inputShape(1);
  if (!sub || !sub.hasRank() || !indices.ranked)
    return success();
  Shape params = Shape::fromType(sub);
  int64_t batchDims = c.intAttr("batch_dims", 0);
  if (params.rank() < 1 || batchDims < 0 || batchDims > indices.rank())
    return success();
  Shape out = Shape::of(ArrayRef<int64_t>(params.dims).take_front(batchDims));
  out.dims.append(indices.dims.begin() + batchDims, indices.dims.end());
  out.dims.append(params.dims.begin() + batchDims + 1, params.dims.end());
  c.setOutput(0, out);
  return success();
}

/// ResourceGatherNd(resource, indices) (resource_variable_ops.cc): GatherNd
/// on the variable's value, indices.shape[:-1] + var.shape[K:], the
/// variable's shape taken from the handle's subtype (an unknown result
/// without one).
LogicalResult resourceGatherNd(InferenceContext &c) {
  TensorType sub = resourceSubtype(c, 0);
  return gatherNdShape(c, sub ? Shape::fromType(sub) : Shape::unknown(),
                       c.inputShape(1));
}

} // namespace

void registerVariablesShapeFns(ShapeFnRegistry &r) {
  r.add({"VariableV2", "Variable", "TemporaryVariable"}, placeholder);
  r.add("ResourceGatherNd", resourceGatherNd);
  r.add({"ScatterAdd", "ScatterSub", "ScatterMul", "ScatterDiv", "ScatterMin",
         "ScatterMax", "ScatterUpdate", "ScatterNdAdd", "ScatterNdSub",
         "ScatterNdUpdate"},
        scatterRef);
  r.add("Assign", assign);
  r.add({"AssignAdd", "AssignSub"}, assignUpdate);
  r.add("VarHandleOp", varHandle);
  r.add("ReadVariableOp", readVariable);
  r.add("ResourceGather", resourceGather);
  r.add({"AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp",
         "ResourceScatterAdd", "ResourceScatterUpdate"},
        noOutputs);
  r.add({"VarIsInitializedOp", "IsVariableInitialized"}, scalarOut);
  // Training ops (on refs): the output is the variable.
  r.add({"ApplyGradientDescent", "ApplyMomentum", "ApplyKerasMomentum",
         "ApplyAdam", "ApplyAdagrad", "ApplyAdagradV2", "ApplyRMSProp",
         "ApplyCenteredRMSProp", "ApplyAdadelta", "ApplyFtrl", "ApplyFtrlV2",
         "ApplyProximalGradientDescent", "ApplyProximalAdagrad", "ApplyAdaMax",
         "ApplyPowerSign", "ApplyAddSign"},
        firstInput);
}

} // namespace shape_inference
} // namespace tfmlir
