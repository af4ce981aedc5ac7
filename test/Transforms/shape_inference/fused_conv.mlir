// RUN: tf-opt %s -split-input-file -tf-shape-inference -mlir-print-debuginfo=false -verify-diagnostics | FileCheck %s

// _FusedConv3D has Conv3D's shape (its fused_ops are element-wise).
// CHECK-LABEL: func.func @fused_conv3d
// CHECK: "tf._FusedConv3D"({{.*}}) -> tensor<1x4x3x6x5xf32>
func.func @fused_conv3d(%x: tensor<1x4x6x6x2xf32>, %w: tensor<2x3x3x2x5xf32>, %b: tensor<5xf32>) -> tensor<*xf32> {
  %0 = "tf._FusedConv3D"(%x, %w, %b) {T = f32, fused_ops = ["BiasAdd"], num_args = 1 : i64, padding = "SAME", strides = [1, 1, 2, 1, 1]} : (tensor<1x4x6x6x2xf32>, tensor<2x3x3x2x5xf32>, tensor<5xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

// [1,5,5,2] padded by [[0,0],[1,1],[2,2],[0,0]] -> [1,7,9,2]; VALID 3x3
// stride 2 -> [1,3,4,4].
// CHECK-LABEL: func.func @pad_conv
// CHECK: "tf.FusedPadConv2D"({{.*}}) -> tensor<1x3x4x4xf32>
func.func @pad_conv(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<*xf32> {
  %p = "tf.Const"() {value = dense<[[0, 0], [1, 1], [2, 2], [0, 0]]> : tensor<4x2xi32>} : () -> tensor<4x2xi32>
  %0 = "tf.FusedPadConv2D"(%x, %p, %w) {T = f32, mode = "REFLECT", padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x5x5x2xf32>, tensor<4x2xi32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

// Resized to [7,4], padded to [9,8], SAME stride 1 -> [1,9,8,4].
// CHECK-LABEL: func.func @resize_pad_conv
// CHECK: "tf.FusedResizeAndPadConv2D"({{.*}}) -> tensor<1x9x8x4xf32>
func.func @resize_pad_conv(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<*xf32> {
  %s = "tf.Const"() {value = dense<[7, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<[[0, 0], [1, 1], [2, 2], [0, 0]]> : tensor<4x2xi32>} : () -> tensor<4x2xi32>
  %0 = "tf.FusedResizeAndPadConv2D"(%x, %s, %p, %w) {T = f32, mode = "SYMMETRIC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x5x5x2xf32>, tensor<2xi32>, tensor<4x2xi32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

// Unknown paddings: the spatial dims are unknown, batch too (it may be
// padded); the channels come from the filter.
// CHECK-LABEL: func.func @pad_conv_unknown_pads
// CHECK: "tf.FusedPadConv2D"({{.*}}) -> tensor<?x?x?x4xf32>
func.func @pad_conv_unknown_pads(%x: tensor<1x5x5x2xf32>, %p: tensor<4x2xi32>, %w: tensor<3x3x2x4xf32>) -> tensor<*xf32> {
  %0 = "tf.FusedPadConv2D"(%x, %p, %w) {T = f32, mode = "REFLECT", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x5x5x2xf32>, tensor<4x2xi32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
