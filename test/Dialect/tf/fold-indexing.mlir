// RUN: tf-opt %s --mlir-print-debuginfo=false -canonicalize | FileCheck %s

// CHECK-LABEL: func @fold_select
// CHECK-SAME: (%[[T:.*]]: tensor<2xf32>, %[[E:.*]]: tensor<2xf32>, %[[C:.*]]: tensor<2xi1>
func.func @fold_select(%t: tensor<2xf32>, %e: tensor<2xf32>, %c: tensor<2xi1>, %r: tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %true = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %false = "tf.Const"() {value = dense<false> : tensor<2xi1>} : () -> tensor<2xi1>
  %0 = "tf.Select"(%true, %t, %e) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "tf.Select"(%false, %t, %e) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = "tf.SelectV2"(%true, %t, %e) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  // Not folded: the chosen value (a scalar) would need broadcasting.
  // CHECK: %[[S:.*]] = "tf.SelectV2"
  %3 = "tf.SelectV2"(%true, %r, %e) : (tensor<i1>, tensor<f32>, tensor<2xf32>) -> tensor<2xf32>
  // Not folded: the condition is not constant.
  // CHECK: %[[D:.*]] = "tf.Select"(%[[C]]
  %4 = "tf.Select"(%c, %t, %e) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  // CHECK: return %[[T]], %[[E]], %[[T]], %[[S]], %[[D]]
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// CHECK-LABEL: func @fold_range
func.func @fold_range() -> (tensor<3xi32>, tensor<4xf32>) {
  %s = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %l = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %d = "tf.Const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  // CHECK-DAG: tf.Const dense<[10, 7, 4]> : tensor<3xi32>
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %fs = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %fl = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %fd = "tf.Const"() {value = dense<0.25> : tensor<f32>} : () -> tensor<f32>
  // CHECK-DAG: tf.Const dense<[0.000000e+00, 2.500000e-01, 5.000000e-01, 7.500000e-01]> : tensor<4xf32>
  %1 = "tf.Range"(%fs, %fl, %fd) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return %0, %1 : tensor<3xi32>, tensor<4xf32>
}

// CHECK-LABEL: func @fold_reverse_none
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
func.func @fold_reverse_none(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %none = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %0 = "tf.ReverseV2"(%x, %none) : (tensor<2x3xf32>, tensor<0xi32>) -> tensor<2x3xf32>
  // CHECK: return %[[X]]
  return %0 : tensor<2x3xf32>
}

// SelectV2 folds only when the other operands cannot broadcast the chosen
// one to a larger shape.
// CHECK-LABEL: func @fold_select_v2_dynamic
// CHECK-SAME: (%[[T:.*]]: tensor<?xf32>, %[[E:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<f32>
func.func @fold_select_v2_dynamic(%t: tensor<?xf32>, %e: tensor<?xf32>, %s: tensor<f32>) -> (tensor<?xf32>, tensor<?xf32>) {
  %true = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  // CHECK: %[[N:.*]] = "tf.SelectV2"
  %0 = "tf.SelectV2"(%true, %t, %e) : (tensor<i1>, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %1 = "tf.SelectV2"(%true, %t, %s) : (tensor<i1>, tensor<?xf32>, tensor<f32>) -> tensor<?xf32>
  // CHECK: return %[[N]], %[[T]]
  return %0, %1 : tensor<?xf32>, tensor<?xf32>
}
