// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Transpose and Reshape of constants are folded into one constant.
// CHECK-LABEL: func @f
// CHECK-DAG: "tfl.pseudo_const"() {value = dense<{{\[\[}}1.000000e+00, 4.000000e+00], [2.000000e+00, 5.000000e+00], [3.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>}
// CHECK-DAG: "tfl.pseudo_const"() {value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00]> : tensor<6xf32>}
// CHECK-NOT: tfl.transpose
// CHECK-NOT: tfl.reshape
func.func @f(%x: tensor<2x3xf32>) -> (tensor<3x2xf32>, tensor<6xf32>) {
  %c = "tf.Const"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %p = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[6]> : tensor<1xi32>} : () -> tensor<1xi32>
  %t = "tf.Transpose"(%c, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %r = "tf.Reshape"(%c, %s) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  return %t, %r : tensor<3x2xf32>, tensor<6xf32>
}
