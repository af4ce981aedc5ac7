// RUN: tf-opt %s -tfl-legalize-tf=fuse=false -mlir-print-debuginfo=false | FileCheck %s

// Layout changes: Conv2D filters HWIO -> OHWI, depthwise HWCM -> 1HW(C*M),
// Conv2DBackpropInput [KH, KW, C_out, C_in] -> [C_out, KH, KW, C_in]; NCHW
// gets transposes around the op; EXPLICIT padding becomes tfl.pad + VALID.

// CHECK-LABEL: func @conv
func.func @conv(%x: tensor<1x4x4x2xf32>) -> tensor<1x2x2x3xf32> {
  // HWIO [1, 1, 2, 3] with value 10*i + o -> OHWI [3, 1, 1, 2].
  // CHECK: %[[F:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[\[\[}}0.000000e+00, 1.000000e+01]]], {{\[\[\[}}1.000000e+00, 1.100000e+01]]], {{\[\[\[}}2.000000e+00, 1.200000e+01]]]]> : tensor<3x1x1x2xf32>}
  // CHECK: %[[N:.*]] = "tfl.no_value"()
  // CHECK: "tfl.conv_2d"(%arg0, %[[F]], %[[N]]) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32}
  %f = "tf.Const"() {value = dense<[[[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0]]]]> : tensor<1x1x2x3xf32>} : () -> tensor<1x1x2x3xf32>
  %0 = "tf.Conv2D"(%x, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x4x4x2xf32>, tensor<1x1x2x3xf32>) -> tensor<1x2x2x3xf32>
  func.return %0 : tensor<1x2x2x3xf32>
}

// CHECK-LABEL: func @conv_nchw_explicit
func.func @conv_nchw_explicit(%x: tensor<1x2x4x4xf32>, %f: tensor<3x3x2x5xf32>) -> tensor<1x5x4x4xf32> {
  // CHECK: %[[T:.*]] = "tfl.transpose"(%arg0, %{{.*}}) : (tensor<1x2x4x4xf32>, tensor<4xi32>) -> tensor<1x4x4x2xf32>
  // CHECK: %[[P:.*]] = "tfl.pad"(%[[T]], %{{.*}}) : (tensor<1x4x4x2xf32>, tensor<4x2xi32>) -> tensor<1x6x6x2xf32>
  // CHECK: %[[W:.*]] = "tfl.transpose"(%arg1, %{{.*}}) : (tensor<3x3x2x5xf32>, tensor<4xi32>) -> tensor<5x3x3x2xf32>
  // CHECK: %[[C:.*]] = "tfl.conv_2d"(%[[P]], %[[W]], %{{.*}}) {{.*}}padding = "VALID"{{.*}} -> tensor<1x4x4x5xf32>
  // CHECK: "tfl.transpose"(%[[C]], %{{.*}}) : (tensor<1x4x4x5xf32>, tensor<4xi32>) -> tensor<1x5x4x4xf32>
  %0 = "tf.Conv2D"(%x, %f) {data_format = "NCHW", dilations = [1, 1, 1, 1], explicit_paddings = [0, 0, 0, 0, 1, 1, 1, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x2x4x4xf32>, tensor<3x3x2x5xf32>) -> tensor<1x5x4x4xf32>
  func.return %0 : tensor<1x5x4x4xf32>
}

// CHECK-LABEL: func @depthwise
func.func @depthwise(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x6xf32> {
  // CHECK: "tfl.pseudo_const"() {value = dense<1.000000e+00> : tensor<1x2x2x6xf32>}
  // CHECK: "tfl.depthwise_conv_2d"(%arg0, {{.*}}) {depth_multiplier = 3 : i32, dilation_h_factor = 2 : i32, dilation_w_factor = 2 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32}
  %f = "tf.Const"() {value = dense<1.0> : tensor<2x2x2x3xf32>} : () -> tensor<2x2x2x3xf32>
  %0 = "tf.DepthwiseConv2dNative"(%x, %f) {data_format = "NHWC", dilations = [1, 2, 2, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<2x2x2x3xf32>) -> tensor<1x4x4x6xf32>
  func.return %0 : tensor<1x4x4x6xf32>
}

// CHECK-LABEL: func @transpose_conv
func.func @transpose_conv(%x: tensor<1x2x2x3xf32>, %f: tensor<3x3x5x3xf32>) -> tensor<1x4x4x5xf32> {
  // Filter [KH, KW, C_out, C_in] -> [C_out, KH, KW, C_in]; sizes to int32.
  // CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[1, 4, 4, 5]> : tensor<4xi32>}
  // CHECK-DAG: %[[W:.*]] = "tfl.transpose"(%arg1, %{{.*}}) : (tensor<3x3x5x3xf32>, tensor<4xi32>) -> tensor<5x3x3x3xf32>
  // CHECK: "tfl.transpose_conv"(%[[S]], %[[W]], %arg0, %{{.*}}) {fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32}
  %s = "tf.Const"() {value = dense<[1, 4, 4, 5]> : tensor<4xi64>} : () -> tensor<4xi64>
  %0 = "tf.Conv2DBackpropInput"(%s, %f, %x) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<4xi64>, tensor<3x3x5x3xf32>, tensor<1x2x2x3xf32>) -> tensor<1x4x4x5xf32>
  func.return %0 : tensor<1x4x4x5xf32>
}

// CHECK-LABEL: func @transpose_conv_nchw
func.func @transpose_conv_nchw(%x: tensor<1x3x2x2xf32>, %f: tensor<2x2x5x3xf32>, %s: tensor<4xi32>) -> tensor<1x5x4x4xf32> {
  // Computed sizes [N, C, H, W] are gathered into NHWC order.
  // CHECK: %[[S:.*]] = "tfl.gather"(%arg2, %{{.*}}) {axis = 0 : i32, batch_dims = 0 : i32}
  // CHECK: %[[X:.*]] = "tfl.transpose"(%arg0, %{{.*}}) : (tensor<1x3x2x2xf32>, tensor<4xi32>) -> tensor<1x2x2x3xf32>
  // CHECK: %[[T:.*]] = "tfl.transpose_conv"(%[[S]], %{{.*}}, %[[X]], %{{.*}}) {{.*}} -> tensor<1x4x4x5xf32>
  // CHECK: "tfl.transpose"(%[[T]], %{{.*}}) : (tensor<1x4x4x5xf32>, tensor<4xi32>) -> tensor<1x5x4x4xf32>
  %0 = "tf.Conv2DBackpropInput"(%s, %f, %x) {data_format = "NCHW", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 2, 2]} : (tensor<4xi32>, tensor<2x2x5x3xf32>, tensor<1x3x2x2xf32>) -> tensor<1x5x4x4xf32>
  func.return %0 : tensor<1x5x4x4xf32>
}
