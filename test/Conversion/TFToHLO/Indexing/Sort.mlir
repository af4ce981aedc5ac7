// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Sort.cpp.

// CHECK-LABEL: func @listdiff_const
// The elements of x not in y, in order, and their positions.
// CHECK-DAG: hlo.constant dense<[0, 2, 3]> : tensor<3xi32>
// CHECK-DAG: hlo.constant dense<[0, 2, 4]> : tensor<3xi64>
func.func @listdiff_const() -> (tensor<3xi32>, tensor<3xi64>) {
  %x = "tf.Const"() {value = dense<[0, 1, 2, 1, 3]> : tensor<5xi32>} : () -> tensor<5xi32>
  %y = "tf.Const"() {value = dense<[1, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0:2 = "tf.ListDiff"(%x, %y) {out_idx = i64} : (tensor<5xi32>, tensor<2xi32>) -> (tensor<3xi32>, tensor<3xi64>)
  func.return %0#0, %0#1 : tensor<3xi32>, tensor<3xi64>
}

// CHECK-LABEL: func @top_k
func.func @top_k(%x: tensor<3x6xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  // CHECK: %[[I:.*]] = hlo.iota dim = 1 : tensor<3x6xi32>
  // CHECK: %[[S:.*]]:2 = hlo.sort(%arg0, %[[I]]) {dimension = 1 : i64, is_stable = true}
  // CHECK: hlo.compare GT
  // CHECK: hlo.slice %[[S]]#0, start = [0, 0], limit = [3, 2], strides = [1, 1]
  // CHECK: hlo.slice %[[S]]#1, start = [0, 0], limit = [3, 2], strides = [1, 1]
  %k = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %v, %i = "tf.TopKV2"(%x, %k) {sorted = true} : (tensor<3x6xf32>, tensor<i32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  func.return %v, %i : tensor<3x2xf32>, tensor<3x2xi32>
}

// Unique of a constant x folds to constant y and idx, so that y's
// data-dependent length is static for the ops after it (the dl4j case
// unique10-5: Unique -> Cast(idx) -> ConcatV2(y, idx)). Order of first
// occurrence as TF's kernel; -0.0 equals 0.0; each NaN is its own value.

// CHECK-LABEL: func @unique_concat
// CHECK: %[[R:.*]] = hlo.constant dense<[3.000000e+00, 4.000000e+00, 1.000000e+00, 0.000000e+00, 2.000000e+00, 0.000000e+00, 1.000000e+00, 0.000000e+00, 2.000000e+00, 0.000000e+00, 3.000000e+00, 4.000000e+00, 1.000000e+00, 4.000000e+00, 1.000000e+00]> : tensor<15xf32>
// CHECK: return %[[R]] : tensor<15xf32>
func.func @unique_concat() -> tensor<?xf32> {
  %x = "tf.Const"() {value = dense<[3.0, 4.0, 3.0, 1.0, 3.0, 0.0, 2.0, 4.0, 2.0, 4.0]> : tensor<10xf32>} : () -> tensor<10xf32>
  %y, %idx = "tf.Unique"(%x) {out_idx = i32} : (tensor<10xf32>) -> (tensor<?xf32>, tensor<10xi32>)
  %f = "tf.Cast"(%idx) : (tensor<10xi32>) -> tensor<10xf32>
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%y, %f, %a) : (tensor<?xf32>, tensor<10xf32>, tensor<i32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// CHECK-LABEL: func @unique_nan_zero
// CHECK-DAG: hlo.constant dense<[0.000000e+00, 0x7FC00000, 0x7FC00000, 5.000000e+00]> : tensor<4xf32>
// CHECK-DAG: hlo.constant dense<[0, 0, 1, 2, 3, 3]> : tensor<6xi64>
func.func @unique_nan_zero() -> (tensor<?xf32>, tensor<6xi64>) {
  %x = "tf.Const"() {value = dense<[0.0, -0.0, 0x7FC00000, 0x7FC00000, 5.0, 5.0]> : tensor<6xf32>} : () -> tensor<6xf32>
  %y, %idx = "tf.Unique"(%x) {out_idx = i64} : (tensor<6xf32>) -> (tensor<?xf32>, tensor<6xi64>)
  func.return %y, %idx : tensor<?xf32>, tensor<6xi64>
}

// CHECK-LABEL: func @unique_int
// CHECK-DAG: hlo.constant dense<[7, -1]> : tensor<2xi32>
// CHECK-DAG: hlo.constant dense<[0, 1, 0]> : tensor<3xi32>
func.func @unique_int() -> (tensor<?xi32>, tensor<3xi32>) {
  %x = "tf.Const"() {value = dense<[7, -1, 7]> : tensor<3xi32>} : () -> tensor<3xi32>
  %y, %idx = "tf.Unique"(%x) {out_idx = i32} : (tensor<3xi32>) -> (tensor<?xi32>, tensor<3xi32>)
  func.return %y, %idx : tensor<?xi32>, tensor<3xi32>
}
