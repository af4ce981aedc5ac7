// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Shape/Transpose.cpp.

// A constant permutation folds; a run-time one is a checked scatter of iota.
// CHECK-LABEL: func @invert_perm
// CHECK-DAG: hlo.constant dense<[1, 3, 4, 0, 2]> : tensor<5xi32>
// CHECK-DAG: hlo.custom_call "tfmlir_rt_check_indices"
// CHECK-DAG: hlo.iota dim = 0 : tensor<4xi64>
// CHECK: hlo.scatter
func.func @invert_perm(%p: tensor<4xi64>) -> (tensor<5xi32>, tensor<4xi64>) {
  %c = "tf.Const"() {value = dense<[3, 0, 4, 1, 2]> : tensor<5xi32>} : () -> tensor<5xi32>
  %0 = "tf.InvertPermutation"(%c) : (tensor<5xi32>) -> tensor<5xi32>
  %1 = "tf.InvertPermutation"(%p) : (tensor<4xi64>) -> tensor<4xi64>
  func.return %0, %1 : tensor<5xi32>, tensor<4xi64>
}
