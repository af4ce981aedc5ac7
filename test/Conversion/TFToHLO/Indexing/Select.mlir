// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Select.cpp.

// CHECK-LABEL: func @select_v1_vector
func.func @select_v1_vector(%p: tensor<2xi1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // TF1 Select with a vector condition picks whole rows.
  // CHECK: %[[P:.*]] = hlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xi1>) -> tensor<2x3xi1>
  // CHECK: hlo.select %[[P]], %arg1, %arg2 : tensor<2x3xi1>, tensor<2x3xf32>
  %0 = "tf.Select"(%p, %a, %b) : (tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func @where_const
// CHECK: %[[W:.*]] = hlo.constant dense<{{\[\[}}0, 0], [1, 1]]> : tensor<2x2xi64>
// CHECK: return %[[W]]
func.func @where_const() -> tensor<2x2xi64> {
  %c = "tf.Const"() {value = dense<[[true, false], [false, true]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %0 = "tf.Where"(%c) : (tensor<2x2xi1>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}
