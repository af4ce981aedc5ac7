// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Shape/Const.cpp.

// Const is an hlo.constant of its dense value and type (every other test
// builds some; these are the element types one by one).
// CHECK-LABEL: func @consts
// CHECK-DAG: %[[F:.*]] = hlo.constant dense<[1.500000e+00, -2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[I:.*]] = hlo.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi64>
// CHECK-DAG: %[[B:.*]] = hlo.constant dense<true> : tensor<i1>
// CHECK-DAG: %[[H:.*]] = hlo.constant dense<5.000000e-01> : tensor<3xf16>
// CHECK: return %[[F]], %[[I]], %[[B]], %[[H]]
func.func @consts() -> (tensor<2xf32>, tensor<2x2xi64>, tensor<i1>, tensor<3xf16>) {
  %0 = "tf.Const"() {value = dense<[1.5, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "tf.Const"() {value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %2 = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %3 = "tf.Const"() {value = dense<0.5> : tensor<3xf16>} : () -> tensor<3xf16>
  func.return %0, %1, %2, %3 : tensor<2xf32>, tensor<2x2xi64>, tensor<i1>, tensor<3xf16>
}
