// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Space.cpp.

// CHECK-LABEL: func @space_batch
func.func @space_batch(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32> {
  // CHECK: %[[P:.*]] = hlo.pad %arg0, %{{.*}}, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0]
  // CHECK: %[[R:.*]] = hlo.reshape %[[P]] : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x2x2x1xf32>
  // CHECK: %[[T:.*]] = hlo.transpose %[[R]], dims = [2, 4, 0, 1, 3, 5] : (tensor<1x2x2x2x2x1xf32>) -> tensor<2x2x1x2x2x1xf32>
  // CHECK: %[[S:.*]] = hlo.reshape %[[T]] : (tensor<2x2x1x2x2x1xf32>) -> tensor<4x2x2x1xf32>
  %bs = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<0> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.SpaceToBatchND"(%x, %bs, %p) : (tensor<1x4x4x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x2x2x1xf32>
  // Back: [2, 2, 1, 2, 2, 1] -> [1, 2, 2, 2, 2, 1] -> [1, 4, 4, 1].
  // CHECK: %[[B:.*]] = hlo.reshape %[[S]] : (tensor<4x2x2x1xf32>) -> tensor<2x2x1x2x2x1xf32>
  // CHECK: %[[BT:.*]] = hlo.transpose %[[B]], dims = [2, 3, 0, 4, 1, 5] : (tensor<2x2x1x2x2x1xf32>) -> tensor<1x2x2x2x2x1xf32>
  // CHECK: %[[BR:.*]] = hlo.reshape %[[BT]] : (tensor<1x2x2x2x2x1xf32>) -> tensor<1x4x4x1xf32>
  // CHECK: hlo.slice %[[BR]], start = [0, 0, 0, 0], limit = [1, 4, 4, 1], strides = [1, 1, 1, 1]
  %1 = "tf.BatchToSpaceND"(%0, %bs, %p) : (tensor<4x2x2x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x4x4x1xf32>
  func.return %1 : tensor<1x4x4x1xf32>
}
