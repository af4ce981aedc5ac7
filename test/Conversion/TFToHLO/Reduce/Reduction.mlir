// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Reduce/Reduction.cpp.

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
