// RUN: tf-opt %s --mlir-print-debuginfo=false -tfl-quantize | FileCheck %s

// Hand-computed: weights per-channel symmetric (row 0 max 1.984375 -> scale
// 2^-6, row 1 max 3.96875 -> 2^-5); bias int32 with scale input_scale (0.5)
// * weight scale = 2^-7 and 2^-6: 0.5 / 2^-7 = 64, -0.5 / 2^-6 = -32.
// CHECK-LABEL: func @fc
// CHECK-DAG: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{\[}}[127, -32, 0], [-127, 32, 1]]> : tensor<2x3xi8>} : () -> tensor<2x3x!quant.uniform<i8<-127:127>:f32:0, {1.562500e-02,3.125000e-02}>>
// CHECK-DAG: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[64, -32]> : tensor<2xi32>} : () -> tensor<2x!quant.uniform<i32:f32:0, {7.812500e-03,1.562500e-02}>>
// CHECK: %[[Y:.*]] = "tfl.fully_connected"(%[[QX:.*]], %[[W]], %[[B]]) {{.*}} -> tensor<1x2x!quant.uniform<i8:f32, 2.500000e-01:-10>>
// CHECK: %[[D:.*]] = "tfl.dequantize"(%[[Y]])
// CHECK: return %[[D]]
func.func @fc(%x: tensor<1x3xf32>) -> tensor<1x2xf32> {
  %qx = "tfl.quantize"(%x) : (tensor<1x3xf32>) -> tensor<1x3x!quant.uniform<i8:f32, 0.5>>
  %dx = "tfl.dequantize"(%qx) : (tensor<1x3x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x3xf32>
  %w = "tfl.pseudo_const"() {value = dense<[[1.984375, -0.5, 0.0], [-3.96875, 1.0, 0.03125]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "tfl.pseudo_const"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "tfl.fully_connected"(%dx, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<1x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> tensor<1x2xf32>
  %qy = "tfl.quantize"(%y) : (tensor<1x2xf32>) -> tensor<1x2x!quant.uniform<i8:f32, 0.25:-10>>
  %dy = "tfl.dequantize"(%qy) : (tensor<1x2x!quant.uniform<i8:f32, 0.25:-10>>) -> tensor<1x2xf32>
  return %dy : tensor<1x2xf32>
}

// Concatenation inputs are requantized to the output's parameters; an op
// without an int8 kernel (tfl.exp) stays float between its pairs.
// CHECK-LABEL: func @concat
// CHECK: %[[R:.*]] = "tfl.quantize"(%{{.*}}) : (tensor<2x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<2x!quant.uniform<i8:f32, 1.000000e+00:3>>
// CHECK: "tfl.concatenation"(%[[R]], %{{.*}}) {{.*}} -> tensor<4x!quant.uniform<i8:f32, 1.000000e+00:3>>
// CHECK: "tfl.exp"(%{{.*}}) : (tensor<4xf32>) -> tensor<4xf32>
func.func @concat(%a: tensor<2xf32>, %b: tensor<2xf32>) -> tensor<4xf32> {
  %qa = "tfl.quantize"(%a) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 0.5>>
  %da = "tfl.dequantize"(%qa) : (tensor<2x!quant.uniform<i8:f32, 0.5>>) -> tensor<2xf32>
  %qb = "tfl.quantize"(%b) : (tensor<2xf32>) -> tensor<2x!quant.uniform<i8:f32, 1.0:3>>
  %db = "tfl.dequantize"(%qb) : (tensor<2x!quant.uniform<i8:f32, 1.0:3>>) -> tensor<2xf32>
  %c = "tfl.concatenation"(%da, %db) {axis = 0 : i32, fused_activation_function = "NONE"} : (tensor<2xf32>, tensor<2xf32>) -> tensor<4xf32>
  %qc = "tfl.quantize"(%c) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 1.0:3>>
  %dc = "tfl.dequantize"(%qc) : (tensor<4x!quant.uniform<i8:f32, 1.0:3>>) -> tensor<4xf32>
  %e = "tfl.exp"(%dc) : (tensor<4xf32>) -> tensor<4xf32>
  return %e : tensor<4xf32>
}

// transpose_conv (operands output_shape, weights OHWI, input, bias): weights
// per-channel symmetric along the output channel (axis 0): row 0 max 1.0 ->
// scale 1/127, [1.0, -0.5] -> [127, -64] (half away from zero); row 1 max
// 2.0 -> 2/127, [0.25, 2.0] -> [16, 127]. Bias scale = input scale (0.5, the
// third operand) * weight scale: 0.5 / (0.5/127) = 127, -1.0 / (1/127) = -127.
// CHECK-LABEL: func @tconv
// CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[1, 2, 4, 2]> : tensor<4xi32>}
// CHECK-DAG: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[\[\[}}127], [-64]]], {{\[\[\[}}16], [127]]]]> : tensor<2x1x2x1xi8>} : () -> tensor<2x1x2x1x!quant.uniform<i8<-127:127>:f32:0, {0.0078740157480314959,0.015748031496062992}>>
// CHECK-DAG: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[127, -127]> : tensor<2xi32>} : () -> tensor<2x!quant.uniform<i32:f32:0, {0.003937007874015748,0.0078740157480314959}>>
// CHECK: %[[Y:.*]] = "tfl.transpose_conv"(%[[S]], %[[W]], %[[QX:.*]], %[[B]]) {{.*}} -> tensor<1x2x4x2x!quant.uniform<i8:f32, 2.500000e-01:-10>>
// CHECK: "tfl.dequantize"(%[[Y]])
func.func @tconv(%x: tensor<1x2x2x1xf32>) -> tensor<1x2x4x2xf32> {
  %qx = "tfl.quantize"(%x) : (tensor<1x2x2x1xf32>) -> tensor<1x2x2x1x!quant.uniform<i8:f32, 0.5>>
  %dx = "tfl.dequantize"(%qx) : (tensor<1x2x2x1x!quant.uniform<i8:f32, 0.5>>) -> tensor<1x2x2x1xf32>
  %s = "tfl.pseudo_const"() {value = dense<[1, 2, 4, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %w = "tfl.pseudo_const"() {value = dense<[[[[1.0], [-0.5]]], [[[0.25], [2.0]]]]> : tensor<2x1x2x1xf32>} : () -> tensor<2x1x2x1xf32>
  %b = "tfl.pseudo_const"() {value = dense<[0.5, -1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y = "tfl.transpose_conv"(%s, %w, %dx, %b) {fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 2 : i32} : (tensor<4xi32>, tensor<2x1x2x1xf32>, tensor<1x2x2x1xf32>, tensor<2xf32>) -> tensor<1x2x4x2xf32>
  %qy = "tfl.quantize"(%y) : (tensor<1x2x4x2xf32>) -> tensor<1x2x4x2x!quant.uniform<i8:f32, 0.25:-10>>
  %dy = "tfl.dequantize"(%qy) : (tensor<1x2x4x2x!quant.uniform<i8:f32, 0.25:-10>>) -> tensor<1x2x4x2xf32>
  return %dy : tensor<1x2x4x2xf32>
}
