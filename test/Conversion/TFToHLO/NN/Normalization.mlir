// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/NN/Normalization.cpp.

// CHECK-LABEL: func @softmax
func.func @softmax(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // CHECK: %[[M:.*]] = hlo.reduce(%arg0) init(%{{.*}}) dims = [1]
  // CHECK: hlo.maximum
  // CHECK: %[[MB:.*]] = hlo.broadcast_in_dim %[[M]], dims = [0] : (tensor<2xf32>) -> tensor<2x4xf32>
  // CHECK: %[[D:.*]] = hlo.subtract %arg0, %[[MB]] : tensor<2x4xf32>
  // CHECK: %[[E:.*]] = hlo.exp %[[D]] : tensor<2x4xf32>
  // CHECK: %[[S:.*]] = hlo.reduce(%[[E]])
  // CHECK: %[[SB:.*]] = hlo.broadcast_in_dim %[[S]], dims = [0]
  // CHECK: hlo.divide %[[E]], %[[SB]] : tensor<2x4xf32>
  %0 = "tf.Softmax"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func @batch_norm
func.func @batch_norm(%x: tensor<1x2x2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<1x2x2x3xf32> {
  // CHECK: %[[V:.*]] = hlo.broadcast_in_dim %arg4, dims = [3]
  // CHECK: %[[EPS:.*]] = hlo.constant dense<1.000000e-03> : tensor<1x2x2x3xf32>
  // CHECK: %[[VE:.*]] = hlo.add %[[V]], %[[EPS]]
  // CHECK: %[[INV:.*]] = hlo.rsqrt %[[VE]]
  // CHECK: %[[M:.*]] = hlo.broadcast_in_dim %arg3, dims = [3]
  // CHECK: %[[XM:.*]] = hlo.subtract %arg0, %[[M]]
  // CHECK: %[[N:.*]] = hlo.multiply %[[XM]], %[[INV]]
  // CHECK: %[[S:.*]] = hlo.broadcast_in_dim %arg1, dims = [3]
  // CHECK: %[[SC:.*]] = hlo.multiply %[[N]], %[[S]]
  // CHECK: %[[O:.*]] = hlo.broadcast_in_dim %arg2, dims = [3]
  // CHECK: hlo.add %[[SC]], %[[O]]
  %y:6 = "tf.FusedBatchNormV3"(%x, %s, %o, %m, %v) {data_format = "NHWC", epsilon = 0.001 : f32, exponential_avg_factor = 1.0 : f32, is_training = false} : (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<0xf32>)
  func.return %y#0 : tensor<1x2x2x3xf32>
}

// CHECK-LABEL: func @batch_norm_training
func.func @batch_norm_training(%x: tensor<1x2x2x3xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>, %e: tensor<0xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>) {
  // Batch mean and biased variance over dims [0, 1, 2] (n = 4); the
  // batch_variance output is scaled by n / (n - 1).
  // CHECK: %[[SUM:.*]] = hlo.reduce(%arg0) init(%{{.*}}) dims = [0, 1, 2]
  // CHECK: %[[N:.*]] = hlo.constant dense<4.000000e+00> : tensor<3xf32>
  // CHECK: %[[MEAN:.*]] = hlo.divide %[[SUM]], %[[N]] : tensor<3xf32>
  // CHECK: %[[SQ:.*]] = hlo.reduce(%{{.*}}) init(%{{.*}}) dims = [0, 1, 2]
  // CHECK: %[[VAR:.*]] = hlo.divide %[[SQ]], %{{.*}} : tensor<3xf32>
  // CHECK: %[[ADJ:.*]] = hlo.constant dense<1.33333337> : tensor<3xf32>
  // CHECK: %[[CVAR:.*]] = hlo.multiply %[[VAR]], %[[ADJ]] : tensor<3xf32>
  // CHECK: return %{{.*}}, %[[MEAN]], %[[CVAR]]
  %y:6 = "tf.FusedBatchNormV3"(%x, %s, %o, %e, %e) {data_format = "NHWC", epsilon = 0.001 : f32, exponential_avg_factor = 1.0 : f32, is_training = true} : (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<0xf32>)
  func.return %y#0, %y#1, %y#2 : tensor<1x2x2x3xf32>, tensor<3xf32>, tensor<3xf32>
}

// LRN: squares summed over a 2r + 1 channel window padded by r, then
// x * rsqrt(bias + alpha * sum) for beta = 0.5.
// CHECK-LABEL: func @lrn
// CHECK: hlo.multiply %arg0, %arg0
// CHECK: hlo.reduce_window
// CHECK-SAME: padding = dense<{{\[\[}}0, 0], [0, 0], [0, 0], [2, 2]]>
// CHECK-SAME: window_dimensions = array<i64: 1, 1, 1, 5>
// CHECK: hlo.rsqrt
func.func @lrn(%x: tensor<1x2x2x6xf32>) -> tensor<1x2x2x6xf32> {
  %0 = "tf.LRN"(%x) {depth_radius = 2 : i64, bias = 1.0 : f32, alpha = 0.5 : f32, beta = 0.5 : f32} : (tensor<1x2x2x6xf32>) -> tensor<1x2x2x6xf32>
  func.return %0 : tensor<1x2x2x6xf32>
}
