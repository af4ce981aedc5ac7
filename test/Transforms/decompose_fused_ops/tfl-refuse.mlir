// RUN: tf-opt %s -tf-decompose-fused-ops -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// After decomposition the TF->TFL path fuses the parts again: bias into the
// contraction and the activation into fused_activation_function.

// CHECK-LABEL: func.func @conv
// CHECK: "tfl.conv_2d"{{.*}}fused_activation_function = "RELU6"
// CHECK-NOT: tfl.add
// CHECK-NOT: tfl.relu
func.func @conv(%x: tensor<1x8x8x3xf32>) -> tensor<1x8x8x4xf32> {
  %w = "tf.Const"() {value = dense<0.25> : tensor<3x3x3x4xf32>} : () -> tensor<3x3x3x4xf32>
  %b = "tf.Const"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tf._FusedConv2D"(%x, %w, %b) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], fused_ops = ["BiasAdd", "Relu6"], num_args = 1 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  func.return %0 : tensor<1x8x8x4xf32>
}

// CHECK-LABEL: func.func @depthwise_bn
// CHECK: "tfl.depthwise_conv_2d"{{.*}}fused_activation_function = "RELU"
// CHECK-NOT: tfl.mul
// CHECK-NOT: tfl.add
// CHECK-NOT: tfl.relu
func.func @depthwise_bn(%x: tensor<1x8x8x2xf32>) -> tensor<1x8x8x2xf32> {
  %w = "tf.Const"() {value = dense<0.5> : tensor<3x3x2x1xf32>} : () -> tensor<3x3x2x1xf32>
  %s = "tf.Const"() {value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %o = "tf.Const"() {value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %m = "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %v = "tf.Const"() {value = dense<[4.0, 9.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tf._FusedDepthwiseConv2dNative"(%x, %w, %s, %o, %m, %v) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], epsilon = 0.0 : f32, fused_ops = ["FusedBatchNorm", "Relu"], num_args = 4 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x2xf32>, tensor<3x3x2x1xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x8x8x2xf32>
  func.return %0 : tensor<1x8x8x2xf32>
}

// CHECK-LABEL: func.func @matmul
// CHECK: "tfl.fully_connected"{{.*}}fused_activation_function = "RELU"
// CHECK-NOT: tfl.add
// CHECK-NOT: tfl.relu
func.func @matmul(%a: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %w = "tf.Const"() {value = dense<0.5> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %b = "tf.Const"() {value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tf._FusedMatMul"(%a, %w, %b) {T = f32, fused_ops = ["BiasAdd", "Relu"], num_args = 1 : i64, transpose_a = false, transpose_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}
