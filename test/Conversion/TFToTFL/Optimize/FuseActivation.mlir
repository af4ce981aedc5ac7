// RUN: tf-opt %s -tfl-optimize -mlir-print-debuginfo=false | FileCheck %s

// relu / relu6 / relu_n1_to_1 of a conv_2d, depthwise_conv_2d,
// fully_connected, add, sub, mul or div result (fused_activation_function
// NONE, no other user, float32) becomes the producer's
// fused_activation_function RELU / RELU6 / RELU_N1_TO_1: TFLite's kernels
// clamp the float result to [0, inf), [0, 6] and [-1, 1], what the separate
// op computes.

// CHECK-LABEL: func @arith
// CHECK-NEXT: %[[A:.*]] = "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU", pot_scale_int16 = true}
// CHECK-NEXT: %[[S:.*]] = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "RELU6", pot_scale_int16 = true}
// CHECK-NEXT: %[[M:.*]] = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "RELU_N1_TO_1"}
// CHECK-NEXT: %[[D:.*]] = "tfl.div"(%arg0, %arg1) {fused_activation_function = "RELU"}
// CHECK-NEXT: return %[[A]], %[[S]], %[[M]], %[[D]]
func.func @arith(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "tfl.add"(%a, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tfl.relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "tfl.sub"(%a, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = "tfl.relu6"(%2) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "tfl.mul"(%a, %b) {fused_activation_function = "NONE"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = "tfl.relu_n1_to_1"(%4) : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "tfl.div"(%a, %b) {fused_activation_function = "NONE"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %7 = "tfl.relu"(%6) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %1, %3, %5, %7 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func @conv_fc
// CHECK: %[[C:.*]] = "tfl.conv_2d"(%arg0, %arg1, %arg2) {{.*}}fused_activation_function = "RELU6"
// CHECK: %[[DW:.*]] = "tfl.depthwise_conv_2d"(%arg0, %arg3, %arg4) {{.*}}fused_activation_function = "RELU"
// CHECK: %[[FC:.*]] = "tfl.fully_connected"(%arg5, %arg6, %arg2) {{.*}}fused_activation_function = "RELU_N1_TO_1"
// CHECK-NOT: tfl.relu
// CHECK: return %[[C]], %[[DW]], %[[FC]]
func.func @conv_fc(%x: tensor<1x4x4x2xf32>, %w: tensor<3x1x1x2xf32>, %b: tensor<3xf32>, %dw: tensor<1x1x1x2xf32>, %db: tensor<2xf32>, %v: tensor<2x5xf32>, %fw: tensor<3x5xf32>) -> (tensor<1x4x4x3xf32>, tensor<1x4x4x2xf32>, tensor<2x3xf32>) {
  %0 = "tfl.conv_2d"(%x, %w, %b) {dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", quantized_bias_type = "FLOAT32", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>) -> tensor<1x4x4x3xf32>
  %1 = "tfl.relu6"(%0) : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  %2 = "tfl.depthwise_conv_2d"(%x, %dw, %db) {depth_multiplier = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 1 : i32} : (tensor<1x4x4x2xf32>, tensor<1x1x1x2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %3 = "tfl.relu"(%2) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  %4 = "tfl.fully_connected"(%v, %fw, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<2x5xf32>, tensor<3x5xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %5 = "tfl.relu_n1_to_1"(%4) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %1, %3, %5 : tensor<1x4x4x3xf32>, tensor<1x4x4x2xf32>, tensor<2x3xf32>
}

// Left as they are: a producer whose result has another user (it must keep
// its unclamped value), one that already has an activation, a producer that
// takes no fused activation (maximum), an int32 producer, and tanh (TFLite's
// kernels turn the fused activation into a clamp range, which has no TANH
// case: a fused TANH would be skipped).
// CHECK-LABEL: func @not_fused
// CHECK-NEXT: %[[A:.*]] = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK-NEXT: "tfl.relu"(%[[A]])
// CHECK-NEXT: %[[M:.*]] = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "RELU"}
// CHECK-NEXT: "tfl.relu6"(%[[M]])
// CHECK-NEXT: %[[X:.*]] = "tfl.maximum"(%arg0, %arg1)
// CHECK-NEXT: "tfl.relu"(%[[X]])
// CHECK-NEXT: %[[I:.*]] = "tfl.add"(%arg2, %arg2) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK-NEXT: "tfl.relu"(%[[I]])
// CHECK-NEXT: %[[S:.*]] = "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK-NEXT: "tfl.tanh"(%[[S]])
func.func @not_fused(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>) {
  %0 = "tfl.add"(%a, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tfl.relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "tfl.mul"(%a, %b) {fused_activation_function = "RELU"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = "tfl.relu6"(%2) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "tfl.maximum"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %5 = "tfl.relu"(%4) : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "tfl.add"(%i, %i) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %7 = "tfl.relu"(%6) : (tensor<4xi32>) -> tensor<4xi32>
  %8 = "tfl.sub"(%a, %b) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %9 = "tfl.tanh"(%8) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1, %3, %5, %7, %9 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xf32>
}
