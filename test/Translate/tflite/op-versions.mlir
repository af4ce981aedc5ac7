// Each operator gets the minimal version for the features it uses, by
// TFLite's op versioning rules (op_version.cc).
// RUN: tf-translate -mlir-to-tflite-flatbuffer %s -o %t.tflite
// RUN: tflite-run --model %t.tflite --dump | FileCheck %s

// Float conv: 1; int8 conv with per-channel weights: 3; hybrid conv (float
// input, int8 per-channel weights): 5; grouped conv (4 input channels, a
// filter of 2): 6.
// CHECK-LABEL: subgraph 0 'main'
// CHECK: CONV_2D v1
// CHECK: CONV_2D v3
// CHECK: CONV_2D v5
// CHECK: CONV_2D v6
func.func @main(%x: tensor<1x4x4x2xf32>, %q: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, %g: tensor<1x4x4x4xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x4x4x3x!quant.uniform<i8:f32, 0.25:1>>, tensor<1x4x4x3xf32>, tensor<1x4x4x2xf32>) {
  %f = "tfl.pseudo_const"() {value = dense<1.0> : tensor<3x1x1x2xf32>} : () -> tensor<3x1x1x2xf32>
  %fq = "tfl.pseudo_const"() {value = dense<[[[[1, 2]]], [[[3, 4]]], [[[5, 6]]]]> : tensor<3x1x1x2xi8>} : () -> tensor<3x1x1x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>>
  %fg = "tfl.pseudo_const"() {value = dense<1.0> : tensor<2x1x1x2xf32>} : () -> tensor<2x1x1x2xf32>
  %0 = "tfl.conv_2d"(%x, %f) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>) -> tensor<1x4x4x3xf32>
  %1 = "tfl.conv_2d"(%q, %fq) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x1x1x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>>) -> tensor<1x4x4x3x!quant.uniform<i8:f32, 0.25:1>>
  %2 = "tfl.conv_2d"(%x, %fq) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>>) -> tensor<1x4x4x3xf32>
  %3 = "tfl.conv_2d"(%g, %fg) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x4xf32>, tensor<2x1x1x2xf32>) -> tensor<1x4x4x2xf32>
  return %0, %1, %2, %3 : tensor<1x4x4x3xf32>, tensor<1x4x4x3x!quant.uniform<i8:f32, 0.25:1>>, tensor<1x4x4x3xf32>, tensor<1x4x4x2xf32>
}

// float16 DEQUANTIZE: 3; rank-5 TRANSPOSE: 4; BROADCAST_TO starts at 2;
// CAST to int8: 3.
// CHECK-LABEL: subgraph 1 'misc'
// CHECK: DEQUANTIZE v3
// CHECK: TRANSPOSE v4
// CHECK: BROADCAST_TO v2
// CHECK: CAST v3
func.func @misc(%x: tensor<1x2x3x4x5xf32>, %c: tensor<3xf32>) -> (tensor<2xf32>, tensor<5x4x3x2x1xf32>, tensor<2x3xf32>, tensor<3xi8>) {
  %h = "tfl.pseudo_const"() {value = dense<[1.0, 2.0]> : tensor<2xf16>} : () -> tensor<2xf16>
  %0 = "tfl.dequantize"(%h) : (tensor<2xf16>) -> tensor<2xf32>
  %p = "tfl.pseudo_const"() {value = dense<[4, 3, 2, 1, 0]> : tensor<5xi32>} : () -> tensor<5xi32>
  %1 = "tfl.transpose"(%x, %p) : (tensor<1x2x3x4x5xf32>, tensor<5xi32>) -> tensor<5x4x3x2x1xf32>
  %s = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tfl.broadcast_to"(%c, %s) : (tensor<3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %3 = "tfl.cast"(%c) {in_data_type = "FLOAT32", out_data_type = "INT8"} : (tensor<3xf32>) -> tensor<3xi8>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<5x4x3x2x1xf32>, tensor<2x3xf32>, tensor<3xi8>
}
