// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s

// Shape functions use integer values computed from constants and from
// Shape of static operands (TF's input_tensor / input_tensors_as_shapes):
// Shape -> StridedSlice -> Pack -> Reshape, Prod, ConcatV2, arithmetic.

// CHECK-LABEL: func @shape_arith
func.func @shape_arith(%x: tensor<4x6x5xf32>) -> () {
  %s = "tf.Shape"(%x) : (tensor<4x6x5xf32>) -> tensor<*xi32>
  %b = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %e = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %st = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %n = "tf.StridedSlice"(%s, %b, %e, %st) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xi32>
  %m1 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %p = "tf.Pack"(%n, %m1) {axis = 0 : i64, N = 2 : i64} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  // [shape(x)[0], -1] = [4, -1] -> [4, 30].
  // CHECK: "tf.Reshape"({{.*}}) -> tensor<4x30xf32>
  %r = "tf.Reshape"(%x, %p) : (tensor<4x6x5xf32>, tensor<*xi32>) -> tensor<*xf32>
  // Prod(shape(x)[1:]) = 30, then [4 * 2, 15].
  %b1 = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %e1 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %tail = "tf.StridedSlice"(%s, %b1, %e1, %st) {begin_mask = 0 : i64, end_mask = 1 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<*xi32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xi32>
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %prod = "tf.Prod"(%tail, %ax) {keep_dims = false} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  %two = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %n2 = "tf.Mul"(%n, %two) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  %half = "tf.FloorDiv"(%prod, %two) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  %p2 = "tf.Pack"(%n2, %half) {axis = 0 : i64, N = 2 : i64} : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  // CHECK: "tf.Reshape"({{.*}}) -> tensor<8x15xf32>
  %r2 = "tf.Reshape"(%x, %p2) : (tensor<4x6x5xf32>, tensor<*xi32>) -> tensor<*xf32>
  // ConcatV2 of shape pieces feeds Fill.
  %c = "tf.ConcatV2"(%tail, %b1, %ax) : (tensor<*xi32>, tensor<1xi32>, tensor<i32>) -> tensor<*xi32>
  %v = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK: "tf.Fill"({{.*}}) -> tensor<6x5x1xf32>
  %f = "tf.Fill"(%c, %v) : (tensor<*xi32>, tensor<f32>) -> tensor<*xf32>
  func.return
}

// A partially known shape tensor gives partially known dims.
// CHECK-LABEL: func @partial
func.func @partial(%x: tensor<?x7xf32>, %y: tensor<*xf32>) -> () {
  %s = "tf.Shape"(%x) : (tensor<?x7xf32>) -> tensor<2xi32>
  // CHECK: "tf.Reshape"({{.*}}) -> tensor<?x7xf32>
  %r = "tf.Reshape"(%y, %s) : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  // CHECK: "tf.BroadcastTo"({{.*}}) -> tensor<?x7xf32>
  %b = "tf.BroadcastTo"(%y, %s) : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  func.return
}

// Values are read through islands and Identity.
// CHECK-LABEL: func @main
// CHECK-SAME: -> tensor<3x2xf32>
func.func @main(%x: tensor<6xf32>) -> tensor<*xf32> {
  %0 = tf_executor.graph {
    %c, %cc = tf_executor.island {
      %k = "tf.Const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
      tf_executor.yield %k : tensor<2xi32>
    } : tensor<2xi32>
    %i, %ic = tf_executor.island {
      %k = "tf.Identity"(%c) {T = i32} : (tensor<2xi32>) -> tensor<*xi32>
      tf_executor.yield %k : tensor<*xi32>
    } : tensor<*xi32>
    %r, %rc = tf_executor.island {
      // CHECK: "tf.Reshape"({{.*}}) -> tensor<3x2xf32>
      %k = "tf.Reshape"(%x, %i) : (tensor<6xf32>, tensor<*xi32>) -> tensor<*xf32>
      tf_executor.yield %k : tensor<*xf32>
    } : tensor<*xf32>
    tf_executor.fetch %r : tensor<*xf32>
  } : tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// Integer results computable from constants get their value's shape, as
// with TF's constant folding: Where of a constant mask, and a size made by
// Max/Greater/Cast/arithmetic of constants (tf.math.bincount's pattern).
// CHECK-LABEL: func @folded
func.func @folded(%x: tensor<5x4xf32>) -> () {
  %m = "tf.Const"() {value = dense<[true, false, true, true, false]> : tensor<5xi1>} : () -> tensor<5xi1>
  // CHECK: "tf.Where"({{.*}}) -> tensor<3x1xi64>
  %w = "tf.Where"(%m) : (tensor<5xi1>) -> tensor<*xi64>
  %ax = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // CHECK: "tf.Squeeze"({{.*}}) -> tensor<3xi64>
  %s = "tf.Squeeze"(%w) {squeeze_dims = [1]} : (tensor<*xi64>) -> tensor<*xi64>
  %a0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.GatherV2"({{.*}}) -> tensor<3x4xf32>
  %g = "tf.GatherV2"(%x, %s, %a0) {batch_dims = 0 : i64} : (tensor<5x4xf32>, tensor<*xi64>, tensor<i32>) -> tensor<*xf32>
  %arr = "tf.Const"() {value = dense<[1, 7, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %r0 = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %mx = "tf.Max"(%arr, %r0) {keep_dims = false} : (tensor<3xi32>, tensor<1xi32>) -> tensor<*xi32>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %n = "tf.AddV2"(%mx, %one) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  %gt = "tf.Greater"(%n, %a0) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
  %c = "tf.Cast"(%gt) {DstT = i32} : (tensor<*xi1>) -> tensor<*xi32>
  %size = "tf.Mul"(%c, %n) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32>
  %wt = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  // CHECK: "tf.Bincount"({{.*}}) -> tensor<8xi32>
  %b = "tf.Bincount"(%arr, %size, %wt) : (tensor<3xi32>, tensor<*xi32>, tensor<0xi32>) -> tensor<*xi32>
  func.return
}
