// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf=fuse=false -tfl-optimize -mlir-print-debuginfo=false | FileCheck %s

// Bias adds, per-channel multiplies (inference FusedBatchNorm) and
// activations fold into conv_2d / depthwise_conv_2d / fully_connected.

// CHECK-LABEL: func @conv_bias_relu
func.func @conv_bias_relu(%x: tensor<1x4x4x2xf32>) -> tensor<1x4x4x3xf32> {
  // CHECK: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf32>}
  // CHECK: %[[C:.*]] = "tfl.conv_2d"(%arg0, %{{.*}}, %[[B]]) {{.*}}fused_activation_function = "RELU"
  // CHECK-NOT: tfl.add
  // CHECK-NOT: tfl.relu
  // CHECK: return %[[C]]
  %f = "tf.Const"() {value = dense<0.5> : tensor<1x1x2x3xf32>} : () -> tensor<1x1x2x3xf32>
  %b = "tf.Const"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "tf.Conv2D"(%x, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>, tensor<1x1x2x3xf32>) -> tensor<1x4x4x3xf32>
  %1 = "tf.BiasAdd"(%0, %b) {data_format = "NHWC"} : (tensor<1x4x4x3xf32>, tensor<3xf32>) -> tensor<1x4x4x3xf32>
  %2 = "tf.Relu"(%1) : (tensor<1x4x4x3xf32>) -> tensor<1x4x4x3xf32>
  func.return %2 : tensor<1x4x4x3xf32>
}

// CHECK-LABEL: func @conv_batchnorm_relu6
func.func @conv_batchnorm_relu6(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x2xf32> {
  // eps = 0: s = gamma / sqrt(var) = [2 / 2, 3 / 3] = [1, 1];
  // shift = beta - mean * s = [10 - 1, 20 - 2] = [9, 18].
  // Filter HWIO [5, 7] -> OHWI [[5], [7]], times s; bias = shift.
  // CHECK-DAG: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[9.000000e+00, 1.800000e+01]> : tensor<2xf32>}
  // CHECK-DAG: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[\[\[}}5.000000e+00]]], {{\[\[\[}}7.000000e+00]]]]> : tensor<2x1x1x1xf32>}
  // CHECK: "tfl.conv_2d"(%arg0, %[[W]], %[[B]]) {{.*}}fused_activation_function = "RELU6"
  // CHECK-NOT: tfl.mul
  // CHECK-NOT: tfl.add
  %f = "tf.Const"() {value = dense<[[[[5.0, 7.0]]]]> : tensor<1x1x1x2xf32>} : () -> tensor<1x1x1x2xf32>
  %gamma = "tf.Const"() {value = dense<[2.0, 3.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %beta = "tf.Const"() {value = dense<[10.0, 20.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %mean = "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %var = "tf.Const"() {value = dense<[4.0, 9.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tf.Conv2D"(%x, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x4x4x1xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x2xf32>
  %y, %m, %v, %r1, %r2, %r3 = "tf.FusedBatchNormV3"(%0, %gamma, %beta, %mean, %var) {data_format = "NHWC", epsilon = 0.0 : f32, exponential_avg_factor = 1.0 : f32, is_training = false} : (tensor<1x4x4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x4x4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<*xf32>)
  %1 = "tf.Relu6"(%y) : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x2xf32>
  func.return %1 : tensor<1x4x4x2xf32>
}

// CHECK-LABEL: func @matmul_add_tanh
func.func @matmul_add_tanh(%x: tensor<2x3xf32>) -> tensor<2x2xf32> {
  // CHECK: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[5.000000e-01, -5.000000e-01]> : tensor<2xf32>}
  // TANH stays a separate op: stock TFLite kernels ignore a fused TANH.
  // CHECK: %[[FC:.*]] = "tfl.fully_connected"(%arg0, %{{.*}}, %[[B]]) {{.*}}fused_activation_function = "NONE"
  // CHECK: "tfl.tanh"(%[[FC]])
  %w = "tf.Const"() {value = dense<1.0> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %b = "tf.Const"() {value = dense<[0.5, -0.5]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tf.MatMul"(%x, %w) {transpose_a = false, transpose_b = false} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %1 = "tf.AddV2"(%0, %b) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %2 = "tf.Tanh"(%1) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %2 : tensor<2x2xf32>
}

// CHECK-LABEL: func @add_relu_and_shared
func.func @add_relu_and_shared(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK: "tfl.add"(%arg0, %arg1) {fused_activation_function = "RELU", pot_scale_int16 = true}
  %0 = "tf.AddV2"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.Relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  // A producer with a second user keeps its result: no fusion.
  // CHECK: %[[M:.*]] = "tfl.mul"(%arg0, %arg1) {fused_activation_function = "NONE"}
  // CHECK: "tfl.relu6"(%[[M]])
  %2 = "tf.Mul"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = "tf.Relu6"(%2) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
