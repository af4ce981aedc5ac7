// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// Reductions, arg-max, softmax, pools and inference batch norm.

// CHECK-LABEL: func @sum_keep_dims
func.func @sum_keep_dims(%x: tensor<2x3x4xf32>) -> tensor<2x1x1xf32> {
  // f32 sums accumulate in f64 and are rounded once.
  // CHECK: %[[X:.*]] = hlo.convert %arg0 : (tensor<2x3x4xf32>) -> tensor<2x3x4xf64>
  // CHECK: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f64>
  // CHECK: %[[R:.*]] = hlo.reduce(%[[X]]) init(%[[Z]]) dims = [1, 2] : (tensor<2x3x4xf64>, tensor<f64>) -> tensor<2xf64>
  // CHECK: hlo.add
  // CHECK: %[[C:.*]] = hlo.convert %[[R]] : (tensor<2xf64>) -> tensor<2xf32>
  // CHECK: hlo.reshape %[[C]] : (tensor<2xf32>) -> tensor<2x1x1xf32>
  %axes = "tf.Const"() {value = dense<[-1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Sum"(%x, %axes) {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x1x1xf32>
  func.return %0 : tensor<2x1x1xf32>
}

// CHECK-LABEL: func @mean_max
func.func @mean_max(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<3xf32>) {
  // CHECK: %[[S:.*]] = hlo.reduce(%{{.*}}) init(%{{.*}}) dims = [1]
  // CHECK: %[[N:.*]] = hlo.constant dense<3.000000e+00> : tensor<2xf64>
  // CHECK: %[[D:.*]] = hlo.divide %[[S]], %[[N]] : tensor<2xf64>
  // CHECK: hlo.convert %[[D]] : (tensor<2xf64>) -> tensor<2xf32>
  // Max starts from -inf and uses the NaN-propagating hlo.maximum.
  // CHECK: %[[NI:.*]] = hlo.constant dense<0xFF800000> : tensor<f32>
  // CHECK: hlo.reduce(%arg0) init(%[[NI]]) dims = [0]
  // CHECK: hlo.maximum
  %a1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %a0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Mean"(%x, %a1) {keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xf32>
  %1 = "tf.Max"(%x, %a0) {keep_dims = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<3xf32>
  func.return %0, %1 : tensor<2xf32>, tensor<3xf32>
}

// CHECK-LABEL: func @argmax
func.func @argmax(%x: tensor<2x5xf32>) -> tensor<2xi64> {
  // CHECK: %[[I:.*]] = hlo.iota dim = 1 : tensor<2x5xi64>
  // CHECK: hlo.reduce(%arg0, %[[I]]) init(%{{.*}}, %{{.*}}) dims = [1] : (tensor<2x5xf32>, tensor<2x5xi64>, tensor<f32>, tensor<i64>) -> (tensor<2xf32>, tensor<2xi64>)
  // CHECK: ^bb0(%[[AV:.*]]: tensor<f32>, %[[AI:.*]]: tensor<i64>, %[[BV:.*]]: tensor<f32>, %[[BI:.*]]: tensor<i64>):
  // CHECK: hlo.compare GT, %[[AV]], %[[BV]], FLOAT
  // NaN detection (x != x) so that a NaN wins.
  // CHECK: hlo.compare NE, %[[AV]], %[[AV]], FLOAT
  // CHECK: hlo.compare LT, %[[AI]], %[[BI]], SIGNED
  // CHECK: hlo.return %{{.*}}, %{{.*}} : tensor<f32>, tensor<i64>
  %d = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ArgMax"(%x, %d) : (tensor<2x5xf32>, tensor<i32>) -> tensor<2xi64>
  func.return %0 : tensor<2xi64>
}

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

// CHECK-LABEL: func @pools
func.func @pools(%x: tensor<1x4x4x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  // CHECK: hlo.reduce_window(%arg0) init(%{{.*}}) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x4x4x2xf32>, tensor<f32>) -> tensor<1x2x2x2xf32>
  // CHECK: hlo.maximum
  %0 = "tf.MaxPool"(%x) {data_format = "NHWC", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  // SAME 3x3 stride 2 on 4: pad (0, 1); divide by the count of real elements.
  // CHECK: %[[S:.*]] = hlo.reduce_window(%arg0) init(%{{.*}}) {padding = dense<{{\[\[}}0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}
  // CHECK: %[[ONES:.*]] = hlo.constant dense<1.000000e+00> : tensor<1x4x4x2xf32>
  // CHECK: %[[C:.*]] = hlo.reduce_window(%[[ONES]])
  // CHECK: hlo.divide %[[S]], %[[C]] : tensor<1x2x2x2xf32>
  %1 = "tf.AvgPool"(%x) {data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %0, %1 : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
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
