// RUN: tf-opt %s -split-input-file -verify-diagnostics
// The tfl verifiers reject invalid IR with messages that say what is wrong.

func.func @bad_broadcast(%a: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{operands do not broadcast: [2, 3] and [4]}}
  %0 = "tfl.add"(%a, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @bad_activation(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{fused activation}}
  %0 = "tfl.add"(%a, %a) {fused_activation_function = "RELU7", pot_scale_int16 = true} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @missing_option(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{requires attribute 'fused_activation_function'}}
  %0 = "tfl.mul"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @conv_bias(%x: tensor<1x8x8x3xf32>, %f: tensor<16x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{bias must be 1-D with 16 (output channels) elements, got [8]}}
  %0 = "tfl.conv_2d"(%x, %f, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<8xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

func.func @conv_stride(%x: tensor<1x8x8x3xf32>, %f: tensor<16x3x3x3xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{strides must be positive, got stride_h=0 stride_w=1}}
  %0 = "tfl.conv_2d"(%x, %f) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 0 : i32, stride_w = 1 : i32} : (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

func.func @conv_padding(%x: tensor<1x8x8x3xf32>, %f: tensor<16x3x3x3xf32>) -> tensor<1x8x8x16xf32> {
  // expected-error @+1 {{padding (SAME or VALID)}}
  %0 = "tfl.conv_2d"(%x, %f) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "FULL", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

func.func @depthwise_filter(%x: tensor<1x8x8x4xf32>, %f: tensor<2x3x3x8xf32>) -> tensor<1x8x8x8xf32> {
  // expected-error @+1 {{filter must be 1HWO, got [2, 3, 3, 8]}}
  %0 = "tfl.depthwise_conv_2d"(%x, %f) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x8x8x4xf32>, tensor<2x3x3x8xf32>) -> tensor<1x8x8x8xf32>
  return %0 : tensor<1x8x8x8xf32>
}

// -----

func.func @fc_weights(%x: tensor<2x6xf32>, %w: tensor<4x5xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{input [2, 6] has no whole number of rows of 5 (the weights' input size)}}
  %0 = "tfl.fully_connected"(%x, %w) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x6xf32>, tensor<4x5xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @pool(%x: tensor<1x8x8x3xf32>) -> tensor<1x4x4x5xf32> {
  // expected-error @+1 {{batch and channel dims must be kept}}
  %0 = "tfl.max_pool_2d"(%x) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x8x8x3xf32>) -> tensor<1x4x4x5xf32>
  return %0 : tensor<1x4x4x5xf32>
}

// -----

func.func @reshape(%x: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{element counts differ: [2, 3] vs [7]}}
  %0 = "tfl.reshape"(%x) {new_shape = array<i32: 7>} : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @pack(%x: tensor<2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{values_count 3 differs from the 2 operands}}
  %0 = "tfl.pack"(%x, %x) {values_count = 3 : i32, axis = 0 : i32} : (tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @const_shape() -> tensor<3xf32> {
  // expected-error @+1 {{value shape [2] differs from the result shape [3]}}
  %0 = "tfl.pseudo_const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @unary_shape(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{operand and result shapes differ: [2] vs [3]}}
  %0 = "tfl.exp"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @unary_element_type(%x: tensor<4xf64>) -> tensor<4xf32> {
  // expected-error @+1 {{element types differ: 'f64' vs 'f32'}}
  %0 = "tfl.tanh"(%x) : (tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @binary_element_type(%x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{element types differ: 'f32' vs 'i32'}}
  %0 = "tfl.add"(%x, %y) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_operand_types(%x: tensor<4xf32>, %y: tensor<4xf16>) -> tensor<4xi1> {
  // expected-error @+1 {{element types differ: 'f32' vs 'f16'}}
  %0 = "tfl.less"(%x, %y) : (tensor<4xf32>, tensor<4xf16>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @index_operand_type(%x: tensor<2x5xf32>, %p: tensor<2xf32>) -> tensor<5x2xf32> {
  // expected-error @+1 {{'tfl.transpose' op operand #1 must be tensor of 16-bit integer or 32-bit integer or 64-bit integer values, but got 'tensor<2xf32>'}}
  %0 = "tfl.transpose"(%x, %p) : (tensor<2x5xf32>, tensor<2xf32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @softmax_element_type(%x: tensor<4xf32>) -> tensor<4xi32> {
  // expected-error @+1 {{element types differ: 'f32' vs 'i32'}}
  %0 = "tfl.softmax"(%x) {beta = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xi32>
  return %0 : tensor<4xi32>
}
