// RUN: tf-opt %s --mlir-print-debuginfo=false -canonicalize | FileCheck %s

// A reduction over no axes is the identity.
// CHECK-LABEL: func @reduce_no_axes
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[B:.*]]: tensor<2xi1>)
func.func @reduce_no_axes(%x: tensor<2x3xf32>, %b: tensor<2xi1>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xi1>, tensor<*xf32>) {
  %none = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %0 = "tf.Sum"(%x, %none) : (tensor<2x3xf32>, tensor<0xi32>) -> tensor<2x3xf32>
  %1 = "tf.Max"(%x, %none) {keep_dims = true} : (tensor<2x3xf32>, tensor<0xi32>) -> tensor<2x3xf32>
  %2 = "tf.All"(%b, %none) : (tensor<2xi1>, tensor<0xi32>) -> tensor<2xi1>
  // Not folded: the result type differs from the input type.
  // CHECK: %[[M:.*]] = "tf.Mean"
  %3 = "tf.Mean"(%x, %none) : (tensor<2x3xf32>, tensor<0xi32>) -> tensor<*xf32>
  // CHECK: return %[[X]], %[[X]], %[[B]], %[[M]]
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xi1>, tensor<*xf32>
}
