// RUN: tf-opt %s -split-input-file -tf-decompose-fused-ops -mlir-print-debuginfo=false -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @conv_bias_relu6
// CHECK: %[[C:.*]] = "tf.Conv2D"(%arg0, %arg1) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK: %[[B:.*]] = "tf.BiasAdd"(%[[C]], %arg2) {data_format = "NHWC"}
// CHECK: %[[R:.*]] = "tf.Relu6"(%[[B]])
// CHECK: return %[[R]]
func.func @conv_bias_relu6(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>, %b: tensor<4xf32>) -> tensor<1x8x8x4xf32> {
  %0 = "tf._FusedConv2D"(%x, %w, %b) {T = f32, TArgs = [f32], data_format = "NHWC", dilations = [1, 1, 1, 1], epsilon = 0.0 : f32, explicit_paddings = [], filter_format = "HWIO", fused_ops = ["BiasAdd", "Relu6"], leakyrelu_alpha = 0.2 : f32, num_args = 1 : i64, num_host_args = 0 : i64, padding = "SAME", strides = [1, 1, 1, 1], use_cudnn_on_gpu = true} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<4xf32>) -> tensor<1x8x8x4xf32>
  func.return %0 : tensor<1x8x8x4xf32>
}

// -----

// NCHW batch norm, then LeakyRelu with the op's alpha.
// CHECK-LABEL: func.func @conv_bn_leaky
// CHECK: %[[C:.*]] = "tf.Conv2D"(%arg0, %arg1) {{.*}}data_format = "NCHW"
// CHECK: %[[Y:[a-z_0-9]+]], {{.*}} = "tf.FusedBatchNormV3"(%[[C]], %arg2, %arg3, %arg4, %arg5) {data_format = "NCHW", epsilon = 1.000000e-03 : f32, is_training = false}
// CHECK: "tf.LeakyRelu"(%[[Y]]) {alpha = 3.000000e-01 : f32}
func.func @conv_bn_leaky(%x: tensor<1x3x8x8xf32>, %w: tensor<3x3x3x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "tf._FusedConv2D"(%x, %w, %s, %o, %m, %v) {T = f32, data_format = "NCHW", epsilon = 0.001 : f32, fused_ops = ["FusedBatchNorm", "LeakyRelu"], leakyrelu_alpha = 0.3 : f32, num_args = 4 : i64, padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x3x8x8xf32>, tensor<3x3x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

// TF.js's FusedDepthwiseConv2dNative with BiasAdd + Prelu (alpha = args[1]).
// CHECK-LABEL: func.func @depthwise_prelu
// CHECK: %[[C:.*]] = "tf.DepthwiseConv2dNative"(%arg0, %arg1)
// CHECK: %[[B:.*]] = "tf.BiasAdd"(%[[C]], %arg2)
// CHECK: %[[N:.*]] = "tf.Neg"(%[[B]])
// CHECK: %[[RN:.*]] = "tf.Relu"(%[[N]])
// CHECK: %[[RP:.*]] = "tf.Relu"(%[[B]])
// CHECK: %[[M:.*]] = "tf.Mul"(%arg3, %[[RN]])
// CHECK: "tf.Sub"(%[[RP]], %[[M]])
func.func @depthwise_prelu(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x1xf32>, %b: tensor<3xf32>, %a: tensor<3xf32>) -> tensor<1x8x8x3xf32> {
  %0 = "tf.FusedDepthwiseConv2dNative"(%x, %w, %b, %a) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], fused_ops = ["BiasAdd", "Prelu"], num_args = 2 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x8x8x3xf32>
  func.return %0 : tensor<1x8x8x3xf32>
}

// -----

// CHECK-LABEL: func.func @matmul_bias_add_gelu
// CHECK: %[[MM:.*]] = "tf.MatMul"(%arg0, %arg1) {T = f32, transpose_a = false, transpose_b = true}
// CHECK: %[[B:.*]] = "tf.BiasAdd"(%[[MM]], %arg2)
// CHECK: %[[A:.*]] = "tf.AddV2"(%[[B]], %arg3)
// CHECK: "tf.Tanh"
// CHECK: return
func.func @matmul_bias_add_gelu(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %bias: tensor<4xf32>, %z: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = "tf._FusedMatMul"(%a, %b, %bias, %z) {T = f32, fused_ops = ["BiasAdd", "Add", "GeluApproximate"], num_args = 2 : i64, transpose_a = false, transpose_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @bn_ex
// CHECK: %[[Y:[a-z_0-9]+]], %[[M:[a-z_0-9]+]], {{.*}} = "tf.FusedBatchNormV3"(%arg0, %arg1, %arg2, %arg3, %arg4) {T = f32, U = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = false}
// CHECK: %[[A:.*]] = "tf.AddV2"(%[[Y]], %arg5)
// CHECK: %[[R:.*]] = "tf.Relu"(%[[A]])
// CHECK: return %[[R]], %[[M]]
func.func @bn_ex(%x: tensor<1x2x2x4xf32>, %s: tensor<4xf32>, %o: tensor<4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>, %side: tensor<1x2x2x4xf32>) -> (tensor<1x2x2x4xf32>, tensor<4xf32>) {
  %y:6 = "tf._FusedBatchNormEx"(%x, %s, %o, %m, %v, %side) {T = f32, U = f32, activation_mode = "Relu", data_format = "NHWC", epsilon = 0.001 : f32, exponential_avg_factor = 1.0 : f32, is_training = false, num_side_inputs = 1 : i64} : (tensor<1x2x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<1x2x2x4xf32>) -> (tensor<1x2x2x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<*xf32>)
  func.return %y#0, %y#1 : tensor<1x2x2x4xf32>, tensor<4xf32>
}

// -----

// Unsupported lists stay, with a warning naming the node and the reason.
// CHECK-LABEL: func.func @unsupported
// CHECK: "tf._FusedConv2D"
// CHECK: "tf._FusedMatMul"
func.func @unsupported(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>, %b: tensor<4xf32>, %a: tensor<2x3xf32>, %m: tensor<3x4xf32>) -> (tensor<*xf32>, tensor<*xf32>) {
  // expected-warning @unknown {{node 'conv' (tf._FusedConv2D) is not decomposed: fused_ops [BiasAdd, GeluExact]: 'GeluExact' is not a supported activation of this op}}
  %0 = "tf._FusedConv2D"(%x, %w, %b) {T = f32, fused_ops = ["BiasAdd", "GeluExact"], num_args = 1 : i64, padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<4xf32>) -> tensor<*xf32> loc("conv")
  // expected-warning @unknown {{node 'mm' (tf._FusedMatMul) is not decomposed: fused_ops [BiasAdd, Add] needs 2 extra operand(s) but the op has 1}}
  %1 = "tf._FusedMatMul"(%a, %m, %b) {T = f32, fused_ops = ["BiasAdd", "Add"], num_args = 1 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>, tensor<4xf32>) -> tensor<*xf32> loc("mm")
  func.return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// -----

func.func @bad_num_args(%a: tensor<2x3xf32>, %m: tensor<3x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'tf._FusedMatMul' op has 0 extra operand(s) but num_args is 1}}
  %1 = "tf._FusedMatMul"(%a, %m) {T = f32, fused_ops = ["BiasAdd"], num_args = 1 : i64} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  func.return %1 : tensor<*xf32>
}

// -----

// TF.js's standalone Prelu.
// CHECK-LABEL: func.func @tfjs_prelu
// CHECK: %[[N:.*]] = "tf.Neg"(%arg0)
// CHECK: %[[RN:.*]] = "tf.Relu"(%[[N]])
// CHECK: %[[RP:.*]] = "tf.Relu"(%arg0)
// CHECK: %[[M:.*]] = "tf.Mul"(%arg1, %[[RN]])
// CHECK: "tf.Sub"(%[[RP]], %[[M]])
// CHECK-NOT: tf.Prelu
func.func @tfjs_prelu(%x: tensor<1x4x4x3xf32>, %a: tensor<3xf32>) -> tensor<1x4x4x3xf32> {
  %0 = "tf.Prelu"(%x, %a) {T = f32} : (tensor<1x4x4x3xf32>, tensor<3xf32>) -> tensor<1x4x4x3xf32>
  func.return %0 : tensor<1x4x4x3xf32>
}
