// RUN: tf-opt %s -tf-decompose-fused-ops -tf-shape-inference -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// The image-transform fusions become TFLite's MIRROR_PAD (and
// RESIZE_BILINEAR) before CONV_2D.

// CHECK-LABEL: func.func @pad_conv
// CHECK: "tfl.mirror_pad"{{.*}}mode = "SYMMETRIC"
// CHECK: "tfl.conv_2d"
// CHECK-NOT: "tf.
func.func @pad_conv(%x: tensor<1x5x5x2xf32>) -> tensor<*xf32> {
  %p = "tf.Const"() {value = dense<[[0, 0], [1, 1], [2, 2], [0, 0]]> : tensor<4x2xi32>} : () -> tensor<4x2xi32>
  %w = "tf.Const"() {value = dense<0.25> : tensor<3x3x2x4xf32>} : () -> tensor<3x3x2x4xf32>
  %0 = "tf.FusedPadConv2D"(%x, %p, %w) {T = f32, mode = "SYMMETRIC", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x5x5x2xf32>, tensor<4x2xi32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @resize_pad_conv
// CHECK: "tfl.resize_bilinear"{{.*}}align_corners = true
// CHECK: "tfl.mirror_pad"
// CHECK: "tfl.conv_2d"
// CHECK-NOT: "tf.
func.func @resize_pad_conv(%x: tensor<1x5x5x2xf32>) -> tensor<*xf32> {
  %s = "tf.Const"() {value = dense<[7, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<[[0, 0], [1, 1], [2, 2], [0, 0]]> : tensor<4x2xi32>} : () -> tensor<4x2xi32>
  %w = "tf.Const"() {value = dense<0.25> : tensor<3x3x2x4xf32>} : () -> tensor<3x3x2x4xf32>
  %0 = "tf.FusedResizeAndPadConv2D"(%x, %s, %p, %w) {T = f32, mode = "REFLECT", padding = "SAME", resize_align_corners = true, strides = [1, 1, 1, 1]} : (tensor<1x5x5x2xf32>, tensor<2xi32>, tensor<4x2xi32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
