// RUN: tf-opt %s -tfl-optimize -mlir-print-debuginfo=false | FileCheck %s

// mul(p, c) / mul(c, p) of a conv_2d, depthwise_conv_2d or fully_connected
// result p (activation NONE, one user, constant float32 filter, constant or
// no bias) and a per-channel float32 constant c: each output channel's
// filter slice (OHWI dim 0, depthwise 1HWO dim 3, fully_connected [N, K]
// row) and bias entry is scaled by c, and the mul's fused activation moves
// to p. conv(x, w) * c + b * c = conv(x, w * c) + b * c.

// OHWI filter [2, 1, 1, 2] = [[1, 2], [3, 4]] times [2, 10] per output
// channel: [[2, 4], [30, 40]]; no bias.
// CHECK-LABEL: func @conv_scale
// CHECK: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[\[\[}}2.000000e+00, 4.000000e+00]]], {{\[\[\[}}3.000000e+01, 4.000000e+01]]]]> : tensor<2x1x1x2xf32>}
// CHECK: %[[C:.*]] = "tfl.conv_2d"(%arg0, %[[W]], %{{.*}}) {{.*}}fused_activation_function = "RELU"
// CHECK-NOT: tfl.mul
// CHECK: return %[[C]]
func.func @conv_scale(%x: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  %w = "tfl.pseudo_const"() {value = dense<[[[[1.0, 2.0]]], [[[3.0, 4.0]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %n = "tfl.no_value"() : () -> none
  %c = "tfl.pseudo_const"() {value = dense<[2.0, 10.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x2xf32>, tensor<2x1x1x2xf32>, none) -> tensor<1x3x3x2xf32>
  %1 = "tfl.mul"(%0, %c) {fused_activation_function = "RELU"} : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  func.return %1 : tensor<1x3x3x2xf32>
}

// Depthwise 1HWO filter [1, 1, 2, 2] = [[[1, 2], [3, 4]]]: the channel is
// the last dim, so [2, 10] scales columns: [[[2, 20], [6, 40]]]; the bias
// [1, 1] becomes [2, 10]. The constant on the left.
// CHECK-LABEL: func @depthwise_scale
// CHECK-DAG: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[\[\[}}2.000000e+00, 2.000000e+01], [6.000000e+00, 4.000000e+01]]]]> : tensor<1x1x2x2xf32>}
// CHECK-DAG: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[2.000000e+00, 1.000000e+01]> : tensor<2xf32>}
// CHECK: %[[D:.*]] = "tfl.depthwise_conv_2d"(%arg0, %[[W]], %[[B]]) {{.*}}fused_activation_function = "NONE"
// CHECK-NOT: tfl.mul
// CHECK: return %[[D]]
func.func @depthwise_scale(%x: tensor<1x3x3x2xf32>) -> tensor<1x3x2x2xf32> {
  %w = "tfl.pseudo_const"() {value = dense<[[[[1.0, 2.0], [3.0, 4.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %b = "tfl.pseudo_const"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "tfl.pseudo_const"() {value = dense<[2.0, 10.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.depthwise_conv_2d"(%x, %w, %b) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x2xf32>, tensor<1x1x2x2xf32>, tensor<2xf32>) -> tensor<1x3x2x2xf32>
  %1 = "tfl.mul"(%c, %0) {fused_activation_function = "NONE"} : (tensor<2xf32>, tensor<1x3x2x2xf32>) -> tensor<1x3x2x2xf32>
  func.return %1 : tensor<1x3x2x2xf32>
}

// fully_connected weights [N, K] = [[1, 1, 1], [2, 2, 2]] times [3, 0.5]
// per row: [[3, 3, 3], [1, 1, 1]]; bias [4, 4] -> [12, 2].
// CHECK-LABEL: func @fc_scale
// CHECK-DAG: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[}}3.000000e+00, 3.000000e+00, 3.000000e+00], [1.000000e+00, 1.000000e+00, 1.000000e+00]]> : tensor<2x3xf32>}
// CHECK-DAG: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[1.200000e+01, 2.000000e+00]> : tensor<2xf32>}
// CHECK: %[[FC:.*]] = "tfl.fully_connected"(%arg0, %[[W]], %[[B]]) {{.*}}fused_activation_function = "RELU6"
// CHECK-NOT: tfl.mul
// CHECK: return %[[FC]]
func.func @fc_scale(%x: tensor<4x3xf32>) -> tensor<4x2xf32> {
  %w = "tfl.pseudo_const"() {value = dense<[[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "tfl.pseudo_const"() {value = dense<4.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "tfl.pseudo_const"() {value = dense<[3.0, 0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.fully_connected"(%x, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<4x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  %1 = "tfl.mul"(%0, %c) {fused_activation_function = "RELU6"} : (tensor<4x2xf32>, tensor<2xf32>) -> tensor<4x2xf32>
  func.return %1 : tensor<4x2xf32>
}

// Left as they are: a filter that is not a constant (it cannot be scaled
// at conversion time), a non-constant factor, and a factor that varies
// along another dim than the channel ([3, 1, 2]).
// CHECK-LABEL: func @not_fused
// CHECK-COUNT-3: "tfl.mul"
func.func @not_fused(%x: tensor<1x3x3x2xf32>, %fw: tensor<2x1x1x2xf32>, %v: tensor<2xf32>) -> (tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>) {
  %w = "tfl.pseudo_const"() {value = dense<1.0> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %n = "tfl.no_value"() : () -> none
  %c = "tfl.pseudo_const"() {value = dense<[2.0, 10.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c3 = "tfl.pseudo_const"() {value = dense<[[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]]]> : tensor<3x1x2xf32>} : () -> tensor<3x1x2xf32>
  %0 = "tfl.conv_2d"(%x, %fw, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x2xf32>, tensor<2x1x1x2xf32>, none) -> tensor<1x3x3x2xf32>
  %1 = "tfl.mul"(%0, %c) {fused_activation_function = "NONE"} : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %2 = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x2xf32>, tensor<2x1x1x2xf32>, none) -> tensor<1x3x3x2xf32>
  %3 = "tfl.mul"(%2, %v) {fused_activation_function = "NONE"} : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %4 = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x2xf32>, tensor<2x1x1x2xf32>, none) -> tensor<1x3x3x2xf32>
  %5 = "tfl.mul"(%4, %c3) {fused_activation_function = "NONE"} : (tensor<1x3x3x2xf32>, tensor<3x1x2xf32>) -> tensor<1x3x3x2xf32>
  func.return %1, %3, %5 : tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>
}
