//===- ShapeInferencePasses.td - tf-shape-inference ----------------------===//
#ifndef TFMLIR_TRANSFORMS_SHAPE_INFERENCE_PASSES_TD
#define TFMLIR_TRANSFORMS_SHAPE_INFERENCE_PASSES_TD

include "mlir/Pass/PassBase.td"

def TFShapeInference : Pass<"tf-shape-inference", "mlir::ModuleOp"> {
  let summary = "Refine result types of tf ops by TF's shape functions";
  let description = [{
    Refines result types module-wide, iterating to a fixed point: unranked
    to ranked, dynamic to static dims, and resource subtypes where known.
    Shape functions are keyed by TF op name (they work on unregistered
    `tf.<Op>` ops too) and follow TF's C++ shape functions, including their
    use of constant inputs (Reshape's shape with -1, Fill's dims, Slice's
    begin/size, ...), with constants folded from Shape of static operands,
    Pack, ConcatV2, StridedSlice and small integer arithmetic.

    Covered: ops in islands and in plain function bodies; island, graph,
    fetch and return types; tf_executor Switch/Merge/Enter/Exit/LoopCond/
    NextIteration; calls (`tf.PartitionedCall`, `tf.StatefulPartitionedCall`,
    `tf.LegacyCall`) and functional control flow (`tf.If`, `tf.Case`,
    `tf.While` and their stateless forms): argument types flow into private
    callees (joined over all callers; While's loop-carried types are widened
    until the body's results fit), callee results flow back. Private
    functions' signatures are updated; @main keeps its arguments (set by
    feeds) and gets refined results.

    A static contradiction (e.g. MatMul inner dims 3 vs 4) is an error that
    names the node and its input shapes, and fails the pass.

    Before:
    ```mlir
    %c = "tf.Const"() {value = dense<[-1, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
    %r = "tf.Reshape"(%x, %c) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
    ```
    After:
    ```mlir
    %r = "tf.Reshape"(%x, %c) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<4x6xf32>
    ```
  }];
  let options = [
    Option<"maxIterations", "max-iterations", "int64_t", "20",
           "Maximum number of module-wide rounds (function bodies, then call "
           "and argument propagation)">
  ];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

#endif
