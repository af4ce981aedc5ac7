// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip (parse, print, parse, print) of tfl ops, and their verifiers
// accepting valid IR.

// CHECK-LABEL: func @conv
func.func @conv(%x: tensor<1x8x8x3xf32>, %f: tensor<16x3x3x3xf32>, %b: tensor<16xf32>) -> tensor<1x8x8x16xf32> {
  // CHECK: "tfl.conv_2d"(%{{.*}}, %{{.*}}, %{{.*}}) {dilation_h_factor = 1 : i32
  %0 = "tfl.conv_2d"(%x, %f, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "RELU6", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// CHECK-LABEL: func @conv_no_bias
func.func @conv_no_bias(%x: tensor<1x8x8x3xf32>, %f: tensor<16x3x3x3xf32>) -> tensor<1x4x4x16xf32> {
  // CHECK: "tfl.conv_2d"(%{{.*}}, %{{.*}})
  %0 = "tfl.conv_2d"(%x, %f) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 2 : i32, stride_w = 2 : i32} : (tensor<1x8x8x3xf32>, tensor<16x3x3x3xf32>) -> tensor<1x4x4x16xf32>
  return %0 : tensor<1x4x4x16xf32>
}

// CHECK-LABEL: func @depthwise_quant
func.func @depthwise_quant(%x: tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-1>>, %f: tensor<1x3x3x8x!quant.uniform<i8:f32:3, {0.1,0.2,0.1,0.2,0.1,0.2,0.1,0.2}>>) -> tensor<1x8x8x8x!quant.uniform<i8:f32, 0.25:3>> {
  // CHECK: tfl.no_value
  // CHECK: "tfl.depthwise_conv_2d"
  %n = "tfl.no_value"() : () -> none
  %0 = "tfl.depthwise_conv_2d"(%x, %f, %n) {depth_multiplier = 2 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x8x8x4x!quant.uniform<i8:f32, 0.5:-1>>, tensor<1x3x3x8x!quant.uniform<i8:f32:3, {0.1,0.2,0.1,0.2,0.1,0.2,0.1,0.2}>>, none) -> tensor<1x8x8x8x!quant.uniform<i8:f32, 0.25:3>>
  return %0 : tensor<1x8x8x8x!quant.uniform<i8:f32, 0.25:3>>
}

// CHECK-LABEL: func @elementwise
func.func @elementwise(%a: tensor<2x1x3xf32>, %b: tensor<4x1xf32>) -> tensor<2x4x3xi1> {
  // CHECK: "tfl.add"
  %0 = "tfl.add"(%a, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<2x1x3xf32>, tensor<4x1xf32>) -> tensor<2x4x3xf32>
  // CHECK: "tfl.logistic"
  %1 = "tfl.logistic"(%0) : (tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  // CHECK: "tfl.less"
  %2 = "tfl.less"(%1, %0) : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xi1>
  return %2 : tensor<2x4x3xi1>
}

// CHECK-LABEL: func @consts
func.func @consts() -> (tensor<2xf32>, tensor<3x!tf_type.string>, tensor<*xf32>) {
  // CHECK: "tfl.pseudo_const"() {value = dense<[1.000000e+00, 2.000000e+00]>
  %0 = "tfl.pseudo_const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  // CHECK: "tfl.pseudo_const"() {value = "raw"}
  %1 = "tfl.pseudo_const"() {value = "raw"} : () -> tensor<3x!tf_type.string>
  // CHECK: "tfl.pseudo_tensor"() {is_variable = true}
  %2 = "tfl.pseudo_tensor"() {is_variable = true} : () -> tensor<*xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<3x!tf_type.string>, tensor<*xf32>
}

// CHECK-LABEL: func @generic
func.func @generic(%a: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: "tfl.builtin_op"
  %0 = "tfl.builtin_op"(%a) {builtin_code = 16 : i32, name = "LSTM", version = 1 : i32, builtin_options_type = "LSTMOptions", builtin_options = {cell_clip = 0.0 : f32}} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.custom"
  %1 = "tfl.custom"(%0) {custom_code = "MyOp", version = 1 : i32, custom_option = "\01\02"} : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// CHECK-LABEL: func @loop
func.func @loop(%i: tensor<i32>) -> tensor<i32> {
  // CHECK: "tfl.while"
  %0 = "tfl.while"(%i) {cond_subgraph_index = @cond, body_subgraph_index = @body} : (tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
func.func @cond(%i: tensor<i32>) -> tensor<i1> {
  %c = "tfl.pseudo_const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %0 = "tfl.less"(%i, %c) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  return %0 : tensor<i1>
}
func.func @body(%i: tensor<i32>) -> tensor<i32> {
  %c = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tfl.add"(%i, %c) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}
