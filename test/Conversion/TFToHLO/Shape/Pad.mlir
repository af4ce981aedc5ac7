// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Shape/Pad.cpp.

// CHECK-LABEL: func @mirror_pad
func.func @mirror_pad(%x: tensor<3xf32>) -> tensor<6xf32> {
  // REFLECT [1, 2] on [a, b, c]: [b | a b c | b a].
  // CHECK: %[[L:.*]] = hlo.slice %arg0, start = [1], limit = [2], strides = [1]
  // CHECK: %[[LR:.*]] = hlo.reverse %[[L]], dims = [0]
  // CHECK: %[[H:.*]] = hlo.slice %arg0, start = [0], limit = [2], strides = [1]
  // CHECK: %[[HR:.*]] = hlo.reverse %[[H]], dims = [0]
  // CHECK: hlo.concatenate(%[[LR]], %arg0, %[[HR]]) dim = 0
  %p = "tf.Const"() {value = dense<[[1, 2]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}
