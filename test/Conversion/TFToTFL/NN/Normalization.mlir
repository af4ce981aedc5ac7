// RUN: tf-opt %s -tfl-legalize-tf=fuse=false -mlir-print-debuginfo=false | FileCheck %s

// BiasAdd -> ADD of the per-channel bias; inference-mode FusedBatchNorm* ->
// y = x * s + (offset - mean * s), s = scale / sqrt(variance + epsilon)
// (TF's definition) as MUL and ADD; LRN -> LOCAL_RESPONSE_NORMALIZATION.
// fuse=false keeps the ADD / MUL that tfl-optimize would fold into a
// producer (Optimize/Optimize.mlir).

// CHECK-LABEL: func @bias_add
func.func @bias_add(%x: tensor<1x2x2x3xf32>, %b: tensor<3xf32>) -> tensor<1x2x2x3xf32> {
  // NHWC: the bias broadcasts along the last dim as it is.
  // CHECK: "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x2x2x3xf32>, tensor<3xf32>) -> tensor<1x2x2x3xf32>
  %0 = "tf.BiasAdd"(%x, %b) {data_format = "NHWC"} : (tensor<1x2x2x3xf32>, tensor<3xf32>) -> tensor<1x2x2x3xf32>
  func.return %0 : tensor<1x2x2x3xf32>
}

// CHECK-LABEL: func @bias_add_nchw
func.func @bias_add_nchw(%x: tensor<1x3x2x2xf32>, %b: tensor<3xf32>) -> tensor<1x3x2x2xf32> {
  // NCHW: the bias [C] is reshaped to [C, 1, 1] to broadcast along dim 1.
  // CHECK: %[[R:.*]] = "tfl.reshape"(%arg1, %{{.*}}) {new_shape = array<i32: 3, 1, 1>} : (tensor<3xf32>, tensor<3xi32>) -> tensor<3x1x1xf32>
  // CHECK: "tfl.add"(%arg0, %[[R]]) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x3x2x2xf32>, tensor<3x1x1xf32>) -> tensor<1x3x2x2xf32>
  %0 = "tf.BiasAdd"(%x, %b) {data_format = "NCHW"} : (tensor<1x3x2x2xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
  func.return %0 : tensor<1x3x2x2xf32>
}

// Constant parameters: s and the shift are folded. epsilon = 1, variance
// [3, 8]: s = [2 / 2, 6 / 3] = [1, 2]; shift = [10 - 1 * 1, 20 - 3 * 2] =
// [9, 14]. The batch_mean / batch_variance results are the given mean and
// variance (TF's inference mode).
// CHECK-LABEL: func @batch_norm_const
// CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: %[[O:.*]] = "tfl.pseudo_const"() {value = dense<[9.000000e+00, 1.400000e+01]> : tensor<2xf32>}
// CHECK-DAG: %[[MEAN:.*]] = "tfl.pseudo_const"() {value = dense<[1.000000e+00, 3.000000e+00]> : tensor<2xf32>}
// CHECK-DAG: %[[VAR:.*]] = "tfl.pseudo_const"() {value = dense<[3.000000e+00, 8.000000e+00]> : tensor<2xf32>}
// CHECK: %[[M:.*]] = "tfl.mul"(%arg0, %[[S]]) {fused_activation_function = "NONE"} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
// CHECK: %[[Y:.*]] = "tfl.add"(%[[M]], %[[O]]) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK: return %[[Y]], %[[MEAN]], %[[VAR]]
func.func @batch_norm_const(%x: tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %gamma = "tf.Const"() {value = dense<[2.0, 6.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %beta = "tf.Const"() {value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %mean = "tf.Const"() {value = dense<[1.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %var = "tf.Const"() {value = dense<[3.0, 8.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y, %bm, %bv, %r1, %r2, %r3 = "tf.FusedBatchNormV3"(%x, %gamma, %beta, %mean, %var) {data_format = "NHWC", epsilon = 1.0 : f32, exponential_avg_factor = 1.0 : f32, is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<*xf32>)
  func.return %y, %bm, %bv : tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>
}

// Parameters that are not constants: s and the shift are computed,
// rsqrt(variance + epsilon) with TF's default epsilon 1e-4.
// CHECK-LABEL: func @batch_norm_dynamic
// CHECK: %[[E:.*]] = "tfl.pseudo_const"() {value = dense<9.99999974E-5> : tensor<f32>}
// CHECK: %[[VE:.*]] = "tfl.add"(%arg4, %[[E]]) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK: %[[R:.*]] = "tfl.rsqrt"(%[[VE]])
// CHECK: %[[S:.*]] = "tfl.mul"(%arg1, %[[R]]) {fused_activation_function = "NONE"}
// CHECK: %[[MS:.*]] = "tfl.mul"(%arg3, %[[S]]) {fused_activation_function = "NONE"}
// CHECK: %[[O:.*]] = "tfl.sub"(%arg2, %[[MS]]) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK: %[[XS:.*]] = "tfl.mul"(%arg0, %[[S]]) {fused_activation_function = "NONE"} : (tensor<1x2x2x2xf32>, tensor<2xf32>) -> tensor<1x2x2x2xf32>
// CHECK: %[[Y:.*]] = "tfl.add"(%[[XS]], %[[O]])
// CHECK: return %[[Y]]
func.func @batch_norm_dynamic(%x: tensor<1x2x2x2xf32>, %gamma: tensor<2xf32>, %beta: tensor<2xf32>, %mean: tensor<2xf32>, %var: tensor<2xf32>) -> tensor<1x2x2x2xf32> {
  %y, %bm, %bv, %r1, %r2 = "tf.FusedBatchNorm"(%x, %gamma, %beta, %mean, %var) {data_format = "NHWC", is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return %y : tensor<1x2x2x2xf32>
}

// NCHW (V2): s and the shift are reshaped to [C, 1, 1]. scale = offset =
// mean = variance = [1, 2], epsilon 0.001: s = [1 / sqrt(1.001),
// 2 / sqrt(2.001)] = [0.9995004, 1.4138601], shift = [1 - s0, 2 - 2 * s1]
// = [4.996253e-4, -0.8277203].
// CHECK-LABEL: func @batch_norm_nchw
// CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[\[}}0.999500393]], {{\[\[}}1.41386008]]]> : tensor<2x1x1xf32>}
// CHECK-DAG: %[[O:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[\[}}4.99625341E-4]], {{\[\[}}-0.827720284]]]> : tensor<2x1x1xf32>}
// CHECK: %[[M:.*]] = "tfl.mul"(%arg0, %[[S]]) {fused_activation_function = "NONE"} : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3x3xf32>
// CHECK: "tfl.add"(%[[M]], %[[O]]) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<1x2x3x3xf32>, tensor<2x1x1xf32>) -> tensor<1x2x3x3xf32>
func.func @batch_norm_nchw(%x: tensor<1x2x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %c = "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %y, %bm, %bv, %r1, %r2 = "tf.FusedBatchNormV2"(%x, %c, %c, %c, %c) {data_format = "NCHW", epsilon = 0.001 : f32, is_training = false} : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return %y : tensor<1x2x3x3xf32>
}

// LRN: TF's depth_radius, bias, alpha and beta are TFLite's radius, bias,
// alpha and beta (both compute x / (bias + alpha * sqr_sum)^beta over
// [c - radius, c + radius]); absent attrs are TF's defaults 5, 1, 1, 0.5.
// CHECK-LABEL: func @lrn
func.func @lrn(%x: tensor<1x2x2x8xf32>) -> (tensor<1x2x2x8xf32>, tensor<1x2x2x8xf32>) {
  // CHECK: "tfl.local_response_normalization"(%arg0) {alpha = 5.000000e-01 : f32, beta = 7.500000e-01 : f32, bias = 2.000000e+00 : f32, radius = 2 : i32}
  %0 = "tf.LRN"(%x) {depth_radius = 2 : i64, bias = 2.0 : f32, alpha = 0.5 : f32, beta = 0.75 : f32} : (tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  // CHECK: "tfl.local_response_normalization"(%arg0) {alpha = 1.000000e+00 : f32, beta = 5.000000e-01 : f32, bias = 1.000000e+00 : f32, radius = 5 : i32}
  %1 = "tf.LRN"(%x) : (tensor<1x2x2x8xf32>) -> tensor<1x2x2x8xf32>
  func.return %0, %1 : tensor<1x2x2x8xf32>, tensor<1x2x2x8xf32>
}
