// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s
// tf-shape-inference: shape functions of the Image family (the ops of dialects/tf/TFOpsImage.td).

// CHECK-LABEL: func @resize
func.func @resize(%x: tensor<1x4x4x3xf32>) -> () {
  %s = "tf.Const"() {value = dense<[8, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.ResizeBilinear"({{.*}}) -> tensor<1x8x6x3xf32>
  %0 = "tf.ResizeBilinear"(%x, %s) {align_corners = false, half_pixel_centers = true} : (tensor<1x4x4x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  // CHECK: "tf.ResizeNearestNeighbor"({{.*}}) -> tensor<1x8x6x3xf32>
  %1 = "tf.ResizeNearestNeighbor"(%x, %s) {align_corners = false, half_pixel_centers = false} : (tensor<1x4x4x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  func.return
}
