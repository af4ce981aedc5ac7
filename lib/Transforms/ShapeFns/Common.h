//===- Common.h - shape functions more than one family registers -*- C++
//-*-===//
//
// lib/Transforms/ShapeFns/<Family>.cpp holds the shape functions of one tf
// family (the ops of dialects/tf/TFOps<Family>.td, and the ops without an ODS
// definition that TF's op library groups with them); each file has one
// register<Family>ShapeFns (declared in ShapeInferenceContext.h). The
// functions below serve ops of several families, so they live here
// (Common.cpp) instead of in one family's file. The shape algebra and the
// other shared pieces (unchangedShape, broadcastBinaryShape, window
// geometry, stridedSlice) are in lib/Transforms/ShapeInferenceContext.h.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_SHAPEFNS_COMMON_H
#define TFMLIR_LIB_TRANSFORMS_SHAPEFNS_COMMON_H

#include "lib/Transforms/ShapeInferenceContext.h"

namespace tfmlir {
namespace shape_inference {

/// Output 0 = the merge of inputs 0 and 1 (both must be compatible, any
/// dtype); with fewer than two inputs, input 0's shape. TF's
/// MergeBothInputsShapeFn: the grads of element-wise activations
/// (ReluGrad(gradients, features), SigmoidGrad, ...) and
/// FakeQuantWithMinMaxArgsGradient. Fails on two static shapes that differ.
mlir::LogicalResult mergeFirstTwo(InferenceContext &c);

/// Output 0 = the `shape` attr when present (else unknown). TF's shape
/// function of Placeholder, VariableV2, Variable and TemporaryVariable.
mlir::LogicalResult placeholder(InferenceContext &c);

/// Output 0 = the shape held by the 1-D integer input 0 (partially known
/// values give unknown dims; TF's MakeShapeFromShapeTensor). Fill and the
/// random ops whose input 0 is the output shape (RandomUniform,
/// StatelessRandomNormal, ...). Fails when input 0 is not a valid shape
/// tensor (rank > 1, or a negative dim other than -1).
mlir::LogicalResult fill(InferenceContext &c);
/// The same as fill(); registered for ops named after their shape input.
mlir::LogicalResult shapeFromInput0(InferenceContext &c);

/// TF's GatherNd shape: params [P..], indices [..., K] with K <= rank(params)
/// -> indices.shape[:-1] + params.shape[K:] as output 0; unknown when K or a
/// rank is unknown. Fails on scalar indices or K > rank(params). Shared by
/// GatherNd (params = input 0) and ResourceGatherNd (params = the
/// variable's shape from the handle's subtype).
mlir::LogicalResult gatherNdShape(InferenceContext &c, const Shape &params,
                                  const Shape &indices);
/// GatherNd: gatherNdShape of inputs 0 and 1.
mlir::LogicalResult gatherNd(InferenceContext &c);

/// Sets nothing: for ops without data results (Assert, NoOp,
/// AssignVariableOp, ResourceScatter*, ControlTrigger).
mlir::LogicalResult noOutputs(InferenceContext &c);

/// Every output is a scalar (TensorArraySizeV3 / WriteV3 / ScatterV3 /
/// SplitV3 flow outputs, VarIsInitializedOp, IsVariableInitialized).
mlir::LogicalResult scalarOut(InferenceContext &c);

/// Output 0 = input 0's shape, no check of the other inputs (ops whose TF
/// shape function is UnchangedShape on a first input of any dtype:
/// OnesLike, Dequantize, Cross, LRNGrad, string ops, Apply* on refs, ...).
mlir::LogicalResult firstInput(InferenceContext &c);

} // namespace shape_inference
} // namespace tfmlir

#endif
