//===- ShapeInference.h - the tf-shape-inference pass --------------------===//
//
// `tf-shape-inference` refines result types of tf ops module-wide by TF's
// shape functions (see ShapeInferencePasses.td and
// ShapeInferenceContext.h for the shape-function registry).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_SHAPEINFERENCE_H
#define TFMLIR_LIB_TRANSFORMS_SHAPEINFERENCE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include <memory>

namespace mlir::tensor {
class TensorDialect;
} // namespace mlir::tensor

namespace tfmlir {

#define GEN_PASS_DECL_TFSHAPEINFERENCE
#include "lib/Transforms/ShapeInferencePasses.h.inc"

/// Registers `tf-shape-inference` with the global pass registry.
void registerTFShapeInferencePasses();

/// Refines the types in `module` in place (the pass's work). Returns
/// failure after emitting diagnostics for static contradictions.
mlir::LogicalResult inferModuleShapes(mlir::ModuleOp module,
                                      int64_t maxIterations = 20);

/// Runs the TF shape function of the single tf op `op` (silently) and sets
/// each result type that is not yet static to the inferred type when that
/// is static and compatible. For passes that make operands more static
/// after shape inference ran (xla-legalize-tf: hlo values replace the tf
/// operands, or a constant-predicate If is inlined). Returns true when a
/// type changed; ops without a shape function are left as they are.
bool refineResultTypes(mlir::Operation *op);

} // namespace tfmlir

#endif
