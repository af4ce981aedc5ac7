// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// SpaceToBatchND -> Conv2D/DepthwiseConv2dNative (VALID) -> BatchToSpaceND,
// as TF1 writes a dilated convolution, becomes one conv with dilation
// factors; the padding is SAME, VALID or an explicit tfl.pad, from
// paddings - crops.

// SAME: 3x3 kernel, d = 2: (k-1)*d = 4 split 2/2; paddings [2,2] [2,2] with
// no crops (input 4x4 divides by 2 after padding: 8x8).
// CHECK-LABEL: func @dilated_same
// CHECK-NOT: space_to_batch_nd
// CHECK: "tfl.conv_2d"(%arg0, %{{.*}}, %{{.*}}) {{{.*}}dilation_h_factor = 2 : i32, dilation_w_factor = 2 : i32, fused_activation_function = "NONE", padding = "SAME"
// CHECK-NOT: batch_to_space_nd
func.func @dilated_same(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x2xf32> {
  %bs = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<2> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %c = "tf.Const"() {value = dense<0> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %f = "tf.Const"() {value = dense<0.5> : tensor<3x3x1x2xf32>} : () -> tensor<3x3x1x2xf32>
  %0 = "tf.SpaceToBatchND"(%x, %bs, %p) : (tensor<1x4x4x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x4x4x1xf32>
  %1 = "tf.Conv2D"(%0, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4x4x4x1xf32>, tensor<3x3x1x2xf32>) -> tensor<4x2x2x2xf32>
  %2 = "tf.BatchToSpaceND"(%1, %bs, %c) : (tensor<4x2x2x2xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x4x4x2xf32>
  func.return %2 : tensor<1x4x4x2xf32>
}

// VALID: no paddings, no crops (input 6x6, k = 2, d = 2: output 4x4).
// CHECK-LABEL: func @dilated_valid_depthwise
// CHECK: "tfl.depthwise_conv_2d"(%arg0, %{{.*}}, %{{.*}}) {{{.*}}dilation_h_factor = 2 : i32, dilation_w_factor = 2 : i32, fused_activation_function = "NONE", padding = "VALID"
func.func @dilated_valid_depthwise(%x: tensor<1x6x6x1xf32>) -> tensor<1x4x4x1xf32> {
  %bs = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "tf.Const"() {value = dense<0> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %f = "tf.Const"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %0 = "tf.SpaceToBatchND"(%x, %bs, %z) : (tensor<1x6x6x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x3x3x1xf32>
  %1 = "tf.DepthwiseConv2dNative"(%0, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4x3x3x1xf32>, tensor<2x2x1x1xf32>) -> tensor<4x2x2x1xf32>
  %2 = "tf.BatchToSpaceND"(%1, %bs, %z) : (tensor<4x2x2x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x4x4x1xf32>
  func.return %2 : tensor<1x4x4x1xf32>
}

// Explicit: k = 2, d = 2 needs (k-1)*d = 2 pad cells per dim; paddings
// [2, 0] (before 2, after 0) is neither SAME (1/1) nor VALID: tfl.pad first.
// CHECK-LABEL: func @dilated_explicit
// CHECK: %[[P:.*]] = "tfl.pad"(%arg0, %{{.*}}) : (tensor<1x4x4x1xf32>, tensor<4x2xi32>) -> tensor<1x6x6x1xf32>
// CHECK: "tfl.conv_2d"(%[[P]], %{{.*}}, %{{.*}}) {{{.*}}dilation_h_factor = 2 : i32, dilation_w_factor = 2 : i32, fused_activation_function = "NONE", padding = "VALID"
func.func @dilated_explicit(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32> {
  %bs = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<[[2, 0], [2, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %c = "tf.Const"() {value = dense<0> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %f = "tf.Const"() {value = dense<1.0> : tensor<2x2x1x1xf32>} : () -> tensor<2x2x1x1xf32>
  %0 = "tf.SpaceToBatchND"(%x, %bs, %p) : (tensor<1x4x4x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x3x3x1xf32>
  %1 = "tf.Conv2D"(%0, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<4x3x3x1xf32>, tensor<2x2x1x1xf32>) -> tensor<4x2x2x1xf32>
  %2 = "tf.BatchToSpaceND"(%1, %bs, %c) : (tensor<4x2x2x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x4x4x1xf32>
  func.return %2 : tensor<1x4x4x1xf32>
}

// conv1d with dilation 2 (NWC, W = 5, k = 2, SAME): SpaceToBatchND over W,
// ExpandDims to N1WC, the 2-D conv, Squeeze, BatchToSpaceND; paddings [1, 2]
// minus crops [0, 1] = [1, 1] = TF's SAME for (k-1)*d = 2. It becomes
// expand_dims -> conv_2d (dilation_w_factor 2, SAME) -> squeeze.
// CHECK-LABEL: func @dilated_conv1d
// CHECK-NOT: space_to_batch_nd
// CHECK: %[[E:.*]] = "tfl.expand_dims"(%arg0, %{{.*}}) : (tensor<1x5x2xf32>, tensor<i32>) -> tensor<1x1x5x2xf32>
// CHECK: %[[C:.*]] = "tfl.conv_2d"(%[[E]], %{{.*}}, %{{.*}}) {{{.*}}dilation_h_factor = 1 : i32, dilation_w_factor = 2 : i32, fused_activation_function = "NONE", padding = "SAME"{{.*}} -> tensor<1x1x5x3xf32>
// CHECK: "tfl.squeeze"(%[[C]]) {squeeze_dims = array<i32: 1>} : (tensor<1x1x5x3xf32>) -> tensor<1x5x3xf32>
// CHECK-NOT: batch_to_space_nd
func.func @dilated_conv1d(%x: tensor<1x5x2xf32>) -> tensor<1x5x3xf32> {
  %bs = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %p = "tf.Const"() {value = dense<[[1, 2]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %c = "tf.Const"() {value = dense<[[0, 1]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %axis = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %f = "tf.Const"() {value = dense<0.5> : tensor<1x2x2x3xf32>} : () -> tensor<1x2x2x3xf32>
  %0 = "tf.SpaceToBatchND"(%x, %bs, %p) : (tensor<1x5x2xf32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<2x4x2xf32>
  %1 = "tf.ExpandDims"(%0, %axis) : (tensor<2x4x2xf32>, tensor<i32>) -> tensor<2x1x4x2xf32>
  %2 = "tf.Conv2D"(%1, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<2x1x4x2xf32>, tensor<1x2x2x3xf32>) -> tensor<2x1x3x3xf32>
  %3 = "tf.Squeeze"(%2) {squeeze_dims = [1]} : (tensor<2x1x3x3xf32>) -> tensor<2x3x3xf32>
  %4 = "tf.BatchToSpaceND"(%3, %bs, %c) : (tensor<2x3x3xf32>, tensor<1xi32>, tensor<1x2xi32>) -> tensor<1x5x3xf32>
  func.return %4 : tensor<1x5x3xf32>
}
