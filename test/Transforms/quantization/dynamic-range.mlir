// RUN: tf-opt %s --mlir-print-debuginfo=false -tfl-prepare-quantize-dynamic-range="min-elements-for-weights=4" | FileCheck %s
// RUN: tf-opt %s --mlir-print-debuginfo=false -tfl-prepare-quantize-dynamic-range | FileCheck %s --check-prefix=DEFAULT
// RUN: not tf-opt %s --mlir-print-debuginfo=false -tfl-prepare-quantize-dynamic-range="fail-if-nothing=true" 2>&1 | FileCheck %s --check-prefix=NOTHING

// Per-channel symmetric int8 weights, hand-computed: row 0 has max |w| =
// 1.984375 = 127 * 2^-6, so scale 0.015625 and values 127, -32, 0; row 1 has
// max |w| = 3.96875 = 127 * 2^-5, so scale 0.03125 and values -127, 32, 1.
// CHECK-LABEL: func @fc
// CHECK: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{\[}}[127, -32, 0], [-127, 32, 1]]> : tensor<2x3xi8>} : () -> tensor<2x3x!quant.uniform<i8<-127:127>:f32:0, {1.562500e-02,3.125000e-02}>>
// CHECK: "tfl.fully_connected"(%arg0, %[[W]], %{{.*}}) {asymmetric_quantize_inputs = true
// CHECK-SAME: -> tensor<1x2xf32>
// Below 1024 elements (TF's default), nothing changes:
// DEFAULT-LABEL: func @fc
// DEFAULT: "tfl.fully_connected"(%arg0, %{{.*}}, %{{.*}}) {asymmetric_quantize_inputs = false
// NOTHING: error: no float weights to quantize
func.func @fc(%x: tensor<1x3xf32>) -> tensor<1x2xf32> {
  %w = "tfl.pseudo_const"() {value = dense<[[1.984375, -0.5, 0.0], [-3.96875, 1.0, 0.03125]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "tfl.pseudo_const"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "tfl.fully_connected"(%x, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<1x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  return %y : tensor<1x2xf32>
}

// Depthwise filters [1, H, W, C] are per-channel along 3: channel 0 max 0.5
// -> scale 0.5/127, values round(0.25 * 254) = 64 (63.5 rounds away from 0)
// and 127; channel 1 all zero -> scale 1, values 0.
// CHECK-LABEL: func @depthwise
// CHECK: "tfl.pseudo_const"() {value = dense<{{\[\[\[}}[64, 0], [127, 0]]]]> : tensor<1x1x2x2xi8>} : () -> tensor<1x1x2x2x!quant.uniform<i8<-127:127>:f32:3, {0.003937007874015748,1.000000e+00}>>
func.func @depthwise(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x3x2xf32> {
  %w = "tfl.pseudo_const"() {value = dense<[[[[0.25, 0.0], [0.5, 0.0]]]]> : tensor<1x1x2x2xf32>} : () -> tensor<1x1x2x2xf32>
  %n = "tfl.no_value"() : () -> none
  %y = "tfl.depthwise_conv_2d"(%x, %w, %n) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<1x1x2x2xf32>, none) -> tensor<1x4x3x2xf32>
  return %y : tensor<1x4x3x2xf32>
}

// conv_2d filters [O, H, W, I] per-channel along 0; batch_matmul's constant
// rhs per-tensor (max |w| = 2.54 -> scale 0.02 (2.54 is 2.5399999 in float32),
// values 127, -50, 25, 0).
// CHECK-LABEL: func @conv_and_bmm
// (row 0 max 31.75 -> scale 0.25, 1.0 -> 4; row 1 max 63.5 -> 0.5, 0.5 -> 1)
// CHECK: "tfl.pseudo_const"() {value = dense<{{\[\[\[\[}}127, 4]]], {{\[\[\[}}-127, 1]]]]> : tensor<2x1x1x2xi8>} : () -> tensor<2x1x1x2x!quant.uniform<i8<-127:127>:f32:0, {2.500000e-01,5.000000e-01}>>
// CHECK: "tfl.conv_2d"
// CHECK: "tfl.pseudo_const"() {value = dense<{{\[\[}}127, -50], [25, 0]]> : tensor<2x2xi8>} : () -> tensor<2x2x!quant.uniform<i8<-127:127>:f32, 0.0199999{{[0-9]*}}>>
// CHECK: "tfl.batch_matmul"({{.*}}) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = true}
func.func @conv_and_bmm(%x: tensor<1x2x2x2xf32>, %y: tensor<1x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2xf32>) {
  %w = "tfl.pseudo_const"() {value = dense<[[[[31.75, 1.0]]], [[[-63.5, 0.5]]]]> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %n = "tfl.no_value"() : () -> none
  %c = "tfl.conv_2d"(%x, %w, %n) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>, none) -> tensor<1x2x2x2xf32>
  %m = "tfl.pseudo_const"() {value = dense<[[2.54, -1.0], [0.5, 0.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %b = "tfl.batch_matmul"(%y, %m) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<1x2xf32>, tensor<2x2xf32>) -> tensor<1x2xf32>
  return %c, %b : tensor<1x2x2x2xf32>, tensor<1x2xf32>
}
