// RUN: tf-translate -mlir-to-tflite-flatbuffer %s -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-local-scope | FileCheck %s
// Export then import keeps: tensor names, dynamic dims (shape_signature),
// per-tensor and per-axis quantization, options, omitted optional inputs,
// constants, signature defs, metadata, several subgraphs and the symbols
// that refer to them, custom and generic builtin operators.

// CHECK: module attributes {tfl.description = "roundtrip test", tfl.metadata = [{data = "abc", name = "my_meta"}]}
module attributes {tfl.description = "roundtrip test", tfl.metadata = [{name = "my_meta", data = "abc"}]} {
  // CHECK-LABEL: func.func @serving_default(
  // CHECK-SAME: %arg0: tensor<?x4xf32> {tfl.signature_name = "x"} loc("input_x")
  // CHECK-SAME: -> (tensor<?x3xf32> {tfl.signature_name = "y"})
  // CHECK-SAME: attributes {tfl.signature_key = "serving_default", tfl.subgraph_name = "main"}
  func.func @serving_default(%x: tensor<?x4xf32> {tfl.signature_name = "x"} loc("input_x")) -> (tensor<?x3xf32> {tfl.signature_name = "y"}) attributes {tfl.signature_key = "serving_default", tfl.subgraph_name = "main"} {
    // CHECK: %[[N:.*]] = "tfl.no_value"() : () -> none
    %w = "tfl.pseudo_const"() {value = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32> loc("weights")
    // CHECK: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{.*}}> : tensor<3x4xf32>} : () -> tensor<3x4xf32> loc("weights")
    %n = "tfl.no_value"() : () -> none loc(unknown)
    // CHECK: "tfl.fully_connected"(%arg0, %[[W]], %[[N]]) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<?x4xf32>, tensor<3x4xf32>, none) -> tensor<?x3xf32> loc("fc")
    %0 = "tfl.fully_connected"(%x, %w, %n) {asymmetric_quantize_inputs = false, fused_activation_function = "RELU", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<?x4xf32>, tensor<3x4xf32>, none) -> tensor<?x3xf32> loc("fc")
    return %0 : tensor<?x3xf32> loc(unknown)
  } loc(unknown)

  // CHECK-LABEL: func.func @quant(
  // CHECK-SAME: tensor<1x4x4x2x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  func.func @quant(%x: tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<1x4x4x3x!quant.uniform<i8:f32, 2.500000e-01:1>> {
    // CHECK: "tfl.pseudo_const"() {value = dense<{{.*}}> : tensor<3x1x1x2xi8>} : () -> tensor<3x1x1x2x!quant.uniform<i8:f32:0, {5.000000e-01,2.500000e-01,1.250000e-01}>>
    %f = "tfl.pseudo_const"() {value = dense<[[[[1, 2]]], [[[3, 4]]], [[[5, 6]]]]> : tensor<3x1x1x2xi8>} : () -> tensor<3x1x1x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>>
    // CHECK: "tfl.conv_2d"
    // CHECK-SAME: padding = "VALID"
    %0 = "tfl.conv_2d"(%x, %f) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "VALID", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2x!quant.uniform<i8:f32, 0.5:-3>>, tensor<3x1x1x2x!quant.uniform<i8:f32:0, {0.5, 0.25, 0.125}>>) -> tensor<1x4x4x3x!quant.uniform<i8:f32, 0.25:1>>
    return %0 : tensor<1x4x4x3x!quant.uniform<i8:f32, 0.25:1>>
  }

  // CHECK-LABEL: func.func @loop(
  // CHECK: "tfl.while"(%arg0) {body_subgraph_index = @body, cond_subgraph_index = @cond}
  func.func @loop(%i: tensor<i32>) -> tensor<i32> {
    %0 = "tfl.while"(%i) {cond_subgraph_index = @cond, body_subgraph_index = @body} : (tensor<i32>) -> tensor<i32>
    return %0 : tensor<i32>
  }
  // CHECK-LABEL: func.func @cond(
  func.func @cond(%i: tensor<i32>) -> tensor<i1> {
    %c = "tfl.pseudo_const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
    %0 = "tfl.less"(%i, %c) : (tensor<i32>, tensor<i32>) -> tensor<i1>
    return %0 : tensor<i1>
  }
  // CHECK-LABEL: func.func @body(
  // CHECK: "tfl.custom"(%{{.*}}) {custom_code = "MyOp", custom_option = "\01\02", version = 2 : i32}
  // CHECK: "tfl.builtin_op"(%{{.*}}) {builtin_code = 103 : i32, builtin_options = {idx_out_type = "INT64"}, builtin_options_type = "UniqueOptions", name = "UNIQUE", version = 3 : i32}
  func.func @body(%i: tensor<i32>) -> tensor<i32> {
    %c = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
    %0 = "tfl.add"(%i, %c) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %1 = "tfl.custom"(%0) {custom_code = "MyOp", version = 2 : i32, custom_option = "\01\02"} : (tensor<i32>) -> tensor<i32>
    %2 = "tfl.builtin_op"(%1) {builtin_code = 103 : i32, name = "UNIQUE", version = 3 : i32, builtin_options_type = "UniqueOptions", builtin_options = {idx_out_type = "INT64"}} : (tensor<i32>) -> tensor<i32>
    return %2 : tensor<i32>
  }
}
