// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Image/Color.cpp.

// CHECK-LABEL: func @contrast_l2
func.func @contrast_l2(%x: tensor<1x2x2x3xf32>, %f: tensor<f32>) -> (tensor<1x2x2x3xf32>, tensor<f32>) {
  // CHECK: %[[S:.*]] = hlo.reduce(%arg0) init(%{{.*}}) dims = [1, 2]
  // CHECK: %[[M:.*]] = hlo.divide %[[S]], %{{.*}} : tensor<1x3xf32>
  // CHECK: hlo.broadcast_in_dim %[[M]], dims = [0, 3] : (tensor<1x3xf32>) -> tensor<1x2x2x3xf32>
  %0 = "tf.AdjustContrastv2"(%x, %f) : (tensor<1x2x2x3xf32>, tensor<f32>) -> tensor<1x2x2x3xf32>
  // CHECK: %[[SQ:.*]] = hlo.multiply %arg0, %arg0
  // CHECK: %[[SS:.*]] = hlo.reduce(%[[SQ]]) init(%{{.*}}) dims = [0, 1, 2, 3]
  // CHECK: hlo.divide %[[SS]], %{{.*}} : tensor<f32>
  %1 = "tf.L2Loss"(%x) : (tensor<1x2x2x3xf32>) -> tensor<f32>
  func.return %0, %1 : tensor<1x2x2x3xf32>, tensor<f32>
}
