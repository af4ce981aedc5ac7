// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Reverse.cpp.

// CHECK-LABEL: func @roll
func.func @roll(%x: tensor<5xf32>) -> tensor<5xf32> {
  // Shift -3 on 5 elements = shift 2: concat(x[3:], x[:3]).
  // CHECK: %[[T:.*]] = hlo.slice %arg0, start = [3], limit = [5], strides = [1]
  // CHECK: %[[H:.*]] = hlo.slice %arg0, start = [0], limit = [3], strides = [1]
  // CHECK: hlo.concatenate(%[[T]], %[[H]]) dim = 0
  %s = "tf.Const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Roll"(%x, %s, %a) : (tensor<5xf32>, tensor<i32>, tensor<i32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}
