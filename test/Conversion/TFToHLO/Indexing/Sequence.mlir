// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Sequence.cpp.

// RaggedRange with integer constant inputs folds (Indexing/Sequence.cpp); a
// delta of 1 broadcast over the rows [0, 3), [5, 5) and [10, 12).
// CHECK-LABEL: func @ragged_const
// CHECK-DAG: hlo.constant dense<[0, 3, 3, 5]> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<[0, 1, 2, 10, 11]> : tensor<5xi64>
func.func @ragged_const() -> (tensor<4xi32>, tensor<5xi64>) {
  %s = "tf.Const"() {value = dense<[0, 5, 10]> : tensor<3xi64>} : () -> tensor<3xi64>
  %l = "tf.Const"() {value = dense<[3, 5, 12]> : tensor<3xi64>} : () -> tensor<3xi64>
  %d = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %0:2 = "tf.RaggedRange"(%s, %l, %d) : (tensor<3xi64>, tensor<3xi64>, tensor<i64>) -> (tensor<4xi32>, tensor<5xi64>)
  func.return %0#0, %0#1 : tensor<4xi32>, tensor<5xi64>
}
