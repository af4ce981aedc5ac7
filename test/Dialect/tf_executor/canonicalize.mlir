// RUN: tf-opt %s -canonicalize --mlir-print-debuginfo=false | FileCheck %s

// Folding inside an island materializes constants in the island, never
// directly in the graph or the function.
// CHECK-LABEL: func @fold_stays_in_island
// CHECK-NEXT: tf_executor.graph
// CHECK-NEXT: tf_executor.island
// CHECK-NEXT: tf.Const
// CHECK-NEXT: tf_executor.yield
func.func @fold_stays_in_island() -> tensor<2xf32> {
  %r = tf_executor.graph {
    %a, %c = tf_executor.island {
      %0 = tf.Const dense<1.0> : tensor<2xf32>
      %1 = "tf.Identity"(%0) : (tensor<2xf32>) -> tensor<2xf32>
      tf_executor.yield %1 : tensor<2xf32>
    } : tensor<2xf32>
    tf_executor.fetch %a : tensor<2xf32>
  } : tensor<2xf32>
  return %r : tensor<2xf32>
}
