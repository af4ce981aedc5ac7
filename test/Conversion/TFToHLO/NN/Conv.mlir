// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/NN/Conv.cpp.

// CHECK-LABEL: func @conv_same
func.func @conv_same(%x: tensor<1x4x4x2xf32>, %f: tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32> {
  // SAME, stride 2, 4 -> 2: total pad (2-1)*2 + 3 - 4 = 1 -> (0, 1).
  // CHECK: hlo.convolution %arg0, %arg1, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<{{\[\[}}0, 1], [0, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<1x4x4x2xf32>, tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32>
  %0 = "tf.Conv2D"(%x, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<1x4x4x2xf32>, tensor<3x3x2x5xf32>) -> tensor<1x2x2x5xf32>
  func.return %0 : tensor<1x2x2x5xf32>
}

// CHECK-LABEL: func @conv_nchw_explicit_dilated
func.func @conv_nchw_explicit_dilated(%x: tensor<1x2x6x6xf32>, %f: tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32> {
  // (6 + 1 + 1) - ((3-1)*2+1) + 1 = 4.
  // CHECK: hlo.convolution %arg0, %arg1, <[b, f, 0, 1]x[0, 1, i, o]->[b, f, 0, 1]> {padding = dense<1> : tensor<2x2xi64>, rhs_dilation = array<i64: 2, 2>} : (tensor<1x2x6x6xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32>
  %0 = "tf.Conv2D"(%x, %f) {data_format = "NCHW", dilations = [1, 1, 2, 2], explicit_paddings = [0, 0, 0, 0, 1, 1, 1, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x2x6x6xf32>, tensor<3x3x2x4xf32>) -> tensor<1x4x4x4xf32>
  func.return %0 : tensor<1x4x4x4xf32>
}

// CHECK-LABEL: func @depthwise
func.func @depthwise(%x: tensor<1x5x5x3xf32>, %f: tensor<2x2x3x2xf32>) -> tensor<1x4x4x6xf32> {
  // [H, W, C, M] -> [H, W, 1, C*M] with C feature groups.
  // CHECK: %[[K:.*]] = hlo.reshape %arg1 : (tensor<2x2x3x2xf32>) -> tensor<2x2x1x6xf32>
  // CHECK: hlo.convolution %arg0, %[[K]], <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {feature_group_count = 3 : i64} : (tensor<1x5x5x3xf32>, tensor<2x2x1x6xf32>) -> tensor<1x4x4x6xf32>
  %0 = "tf.DepthwiseConv2dNative"(%x, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x5x5x3xf32>, tensor<2x2x3x2xf32>) -> tensor<1x4x4x6xf32>
  func.return %0 : tensor<1x4x4x6xf32>
}

// CHECK-LABEL: func @conv3d
func.func @conv3d(%x: tensor<1x4x4x4x2xf32>, %f: tensor<2x2x2x2x3xf32>) -> tensor<1x3x3x3x3xf32> {
  // CHECK: hlo.convolution %arg0, %arg1, <[b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f]> : (tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) -> tensor<1x3x3x3x3xf32>
  %0 = "tf.Conv3D"(%x, %f) {data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) -> tensor<1x3x3x3x3xf32>
  func.return %0 : tensor<1x3x3x3x3xf32>
}

// CHECK-LABEL: func @conv_transpose
func.func @conv_transpose(%g: tensor<1x2x2x5xf32>, %f: tensor<3x3x2x5xf32>) -> tensor<1x4x4x2xf32> {
  // Gradient of the SAME stride-2 conv above w.r.t. its 4x4x2 input: the
  // 2x2 gradient dilated by 2 (3 wide), the reversed filter with i/o
  // swapped, pad before = 3 - 1 - 0 = 2, after = 4 + 3 - 1 - 3 - 2 = 1.
  // CHECK: %[[R:.*]] = hlo.reverse %arg1, dims = [0, 1] : tensor<3x3x2x5xf32>
  // CHECK: hlo.convolution %arg0, %[[R]], <[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]> {lhs_dilation = array<i64: 2, 2>, padding = dense<{{\[\[}}2, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<1x2x2x5xf32>, tensor<3x3x2x5xf32>) -> tensor<1x4x4x2xf32>
  %s = "tf.Const"() {value = dense<[1, 4, 4, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %0 = "tf.Conv2DBackpropInput"(%s, %f, %g) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<4xi32>, tensor<3x3x2x5xf32>, tensor<1x2x2x5xf32>) -> tensor<1x4x4x2xf32>
  func.return %0 : tensor<1x4x4x2xf32>
}
