// RUN: tf-opt %s -tfl-optimize -mlir-print-debuginfo=false | FileCheck %s

// add(p, c) / add(c, p) of a conv_2d, depthwise_conv_2d or fully_connected
// result p (activation NONE, one user) and a float32 constant c with one
// value per output channel (shape [O], [1, ..., 1, O] or a splat): c is
// added into p's bias (which becomes c when p has none), and the add's
// fused activation moves to p. conv(x) + b + c = conv(x) with bias b + c,
// rounded once to f32.

// CHECK-LABEL: func @conv_bias
// CHECK-DAG: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<1.000000e+00> : tensor<2x1x1x1xf32>}
// CHECK-DAG: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[5.000000e-01, -2.000000e+00]> : tensor<2xf32>}
// CHECK: %[[C:.*]] = "tfl.conv_2d"(%arg0, %[[W]], %[[B]]) {{.*}}fused_activation_function = "RELU"
// CHECK-NOT: tfl.add
// CHECK: return %[[C]]
func.func @conv_bias(%x: tensor<1x3x3x1xf32>) -> tensor<1x3x3x2xf32> {
  %w = "tfl.pseudo_const"() {value = dense<1.0> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %n = "tfl.no_value"() : () -> none
  %c = "tfl.pseudo_const"() {value = dense<[0.5, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>, none) -> tensor<1x3x3x2xf32>
  %1 = "tfl.add"(%0, %c) {fused_activation_function = "RELU", pot_scale_int16 = true} : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  func.return %1 : tensor<1x3x3x2xf32>
}

// The constant on the left, added into an existing bias: [1, 2] + [0.5,
// 0.25] = [1.5, 2.25].
// CHECK-LABEL: func @fc_bias_sum
// CHECK: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[1.500000e+00, 2.250000e+00]> : tensor<2xf32>}
// CHECK: %[[FC:.*]] = "tfl.fully_connected"(%arg0, %{{.*}}, %[[B]]) {{.*}}fused_activation_function = "NONE"
// CHECK-NOT: tfl.add
// CHECK: return %[[FC]]
func.func @fc_bias_sum(%x: tensor<3x4xf32>) -> tensor<3x2xf32> {
  %w = "tfl.pseudo_const"() {value = dense<1.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %b = "tfl.pseudo_const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "tfl.pseudo_const"() {value = dense<[0.5, 0.25]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.fully_connected"(%x, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<3x4xf32>, tensor<2x4xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %1 = "tfl.add"(%c, %0) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  func.return %1 : tensor<3x2xf32>
}

// A [1, 1, 1, O] constant and a splat scalar: one value per channel too.
// CHECK-LABEL: func @depthwise_shapes
// CHECK-DAG: %[[B1:.*]] = "tfl.pseudo_const"() {value = dense<[3.000000e+00, 4.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: %[[B2:.*]] = "tfl.pseudo_const"() {value = dense<7.000000e+00> : tensor<2xf32>}
// CHECK: %[[D1:.*]] = "tfl.depthwise_conv_2d"(%arg0, %{{.*}}, %[[B1]]) {{.*}}fused_activation_function = "RELU6"
// CHECK: %[[D2:.*]] = "tfl.depthwise_conv_2d"(%arg0, %{{.*}}, %[[B2]]) {{.*}}fused_activation_function = "NONE"
// CHECK-NOT: tfl.add
// CHECK: return %[[D1]], %[[D2]]
func.func @depthwise_shapes(%x: tensor<1x3x3x2xf32>) -> (tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>) {
  %w = "tfl.pseudo_const"() {value = dense<1.0> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %n = "tfl.no_value"() : () -> none
  %c4 = "tfl.pseudo_const"() {value = dense<[[[[3.0, 4.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %s = "tfl.pseudo_const"() {value = dense<7.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tfl.depthwise_conv_2d"(%x, %w, %n) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x2xf32>, tensor<1x1x1x2xf32>, none) -> tensor<1x3x3x2xf32>
  %1 = "tfl.add"(%0, %c4) {fused_activation_function = "RELU6", pot_scale_int16 = true} : (tensor<1x3x3x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x3x3x2xf32>
  %2 = "tfl.depthwise_conv_2d"(%x, %w, %n) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x2xf32>, tensor<1x1x1x2xf32>, none) -> tensor<1x3x3x2xf32>
  %3 = "tfl.add"(%2, %s) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x3x3x2xf32>, tensor<f32>) -> tensor<1x3x3x2xf32>
  func.return %1, %3 : tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>
}

// Left as they are: a non-constant addend; a constant that varies along
// another dim than the channel ([3, 1, 2]); a producer with an activation
// (the add comes after the clamp); a fully_connected with keep_num_dims; a
// producer with a second user.
// CHECK-LABEL: func @not_fused
// CHECK-COUNT-5: "tfl.add"
func.func @not_fused(%x: tensor<1x3x3x1xf32>, %v: tensor<2xf32>, %f: tensor<3x4xf32>) -> (tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>) {
  %w = "tfl.pseudo_const"() {value = dense<1.0> : tensor<2x1x1x1xf32>} : () -> tensor<2x1x1x1xf32>
  %fw = "tfl.pseudo_const"() {value = dense<1.0> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %n = "tfl.no_value"() : () -> none
  %c = "tfl.pseudo_const"() {value = dense<[[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]]]> : tensor<3x1x2xf32>} : () -> tensor<3x1x2xf32>
  %b = "tfl.pseudo_const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>, none) -> tensor<1x3x3x2xf32>
  %1 = "tfl.add"(%0, %v) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %2 = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>, none) -> tensor<1x3x3x2xf32>
  %3 = "tfl.add"(%2, %c) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x3x3x2xf32>, tensor<3x1x2xf32>) -> tensor<1x3x3x2xf32>
  %4 = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>, none) -> tensor<1x3x3x2xf32>
  %5 = "tfl.add"(%4, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %6 = "tfl.fully_connected"(%f, %fw, %n) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = true, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<3x4xf32>, tensor<2x4xf32>, none) -> tensor<3x2xf32>
  %7 = "tfl.add"(%6, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<3x2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  %8 = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x3x3x1xf32>, tensor<2x1x1x1xf32>, none) -> tensor<1x3x3x2xf32>
  %9 = "tfl.add"(%8, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x3x3x2xf32>, tensor<2xf32>) -> tensor<1x3x3x2xf32>
  func.return %1, %3, %5, %7, %8, %9 : tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>
}
