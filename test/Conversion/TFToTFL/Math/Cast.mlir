// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Casts carry TFLite tensor type names; constants become tfl.pseudo_const.

// CHECK-LABEL: func @cast_const
func.func @cast_const(%a: tensor<4xi32>) -> (tensor<4xf32>, tensor<2xf32>) {
  // Constants are hoisted to the top of the block.
  // CHECK: "tfl.pseudo_const"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}
  // CHECK: "tfl.cast"(%arg0) {in_data_type = "INT32", out_data_type = "FLOAT32"}
  %0 = "tf.Cast"(%a) {Truncate = false} : (tensor<4xi32>) -> tensor<4xf32>
  %1 = "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<2xf32>
}
