// RUN: tf-opt %s --mlir-print-debuginfo=false -canonicalize | FileCheck %s
// Folders of the shape family.

// CHECK-LABEL: func @fold_shape_queries
func.func @fold_shape_queries(%x: tensor<2x3xf32>, %d: tensor<2x?xf32>) -> (tensor<2xi32>, tensor<2xi64>, tensor<i32>, tensor<i64>, tensor<i32>, tensor<?xi32>, tensor<2xi32>, tensor<i32>) {
  // CHECK-DAG: %[[S32:.*]] = tf.Const dense<[2, 3]> : tensor<2xi32>
  %0 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<2xi32>
  // CHECK-DAG: %[[S64:.*]] = tf.Const dense<[2, 3]> : tensor<2xi64>
  %1 = "tf.Shape"(%x) {out_type = i64} : (tensor<2x3xf32>) -> tensor<2xi64>
  // CHECK-DAG: %[[SZ:.*]] = tf.Const dense<6> : tensor<i32>
  %2 = "tf.Size"(%x) : (tensor<2x3xf32>) -> tensor<i32>
  // CHECK-DAG: %[[SZ64:.*]] = tf.Const dense<6> : tensor<i64>
  %3 = "tf.Size"(%x) : (tensor<2x3xf32>) -> tensor<i64>
  // Rank only needs a ranked input.
  // CHECK-DAG: %[[R:.*]] = tf.Const dense<2> : tensor<i32>
  %4 = "tf.Rank"(%d) : (tensor<2x?xf32>) -> tensor<i32>
  // Not folded: the result type is not static, or the input is dynamic.
  // CHECK-DAG: %[[S5:.*]] = "tf.Shape"(%arg0) : (tensor<2x3xf32>) -> tensor<?xi32>
  %5 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<?xi32>
  // CHECK-DAG: %[[S6:.*]] = "tf.Shape"(%arg1)
  %6 = "tf.Shape"(%d) : (tensor<2x?xf32>) -> tensor<2xi32>
  // CHECK-DAG: %[[S7:.*]] = "tf.Size"(%arg1)
  %7 = "tf.Size"(%d) : (tensor<2x?xf32>) -> tensor<i32>
  // CHECK: return %[[S32]], %[[S64]], %[[SZ]], %[[SZ64]], %[[R]], %[[S5]], %[[S6]], %[[S7]]
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xi32>, tensor<2xi64>, tensor<i32>, tensor<i64>, tensor<i32>, tensor<?xi32>, tensor<2xi32>, tensor<i32>
}

// CHECK-LABEL: func @fold_shape_n
func.func @fold_shape_n(%x: tensor<2x3xf32>, %y: tensor<4xi1>) -> (tensor<2xi32>, tensor<1xi32>) {
  // CHECK-DAG: %[[A:.*]] = tf.Const dense<[2, 3]> : tensor<2xi32>
  // CHECK-DAG: %[[B:.*]] = tf.Const dense<4> : tensor<1xi32>
  %0:2 = "tf.ShapeN"(%x, %y) : (tensor<2x3xf32>, tensor<4xi1>) -> (tensor<2xi32>, tensor<1xi32>)
  // CHECK: return %[[A]], %[[B]]
  return %0#0, %0#1 : tensor<2xi32>, tensor<1xi32>
}

// CHECK-LABEL: func @fold_reshape_constants
func.func @fold_reshape_constants() -> (tensor<3x2xi32>, tensor<3xi32>, tensor<1x6xi32>, tensor<*xi32>) {
  %c = "tf.Const"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %s = "tf.Const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK-DAG: tf.Const dense<{{\[\[}}1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %0 = "tf.Reshape"(%c, %s) : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<3x2xi32>
  %v = "tf.Const"() {value = dense<[[7, 8, 9]]> : tensor<1x3xi32>} : () -> tensor<1x3xi32>
  // CHECK-DAG: tf.Const dense<[7, 8, 9]> : tensor<3xi32>
  %1 = "tf.Squeeze"(%v) {squeeze_dims = [0]} : (tensor<1x3xi32>) -> tensor<3xi32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %flat = "tf.Const"() {value = dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>} : () -> tensor<6xi32>
  // CHECK-DAG: tf.Const dense<{{\[\[}}1, 2, 3, 4, 5, 6]]> : tensor<1x6xi32>
  %2 = "tf.ExpandDims"(%flat, %z) : (tensor<6xi32>, tensor<i32>) -> tensor<1x6xi32>
  // Not folded: the result type is not static.
  // CHECK-DAG: "tf.ExpandDims"
  %3 = "tf.ExpandDims"(%flat, %z) : (tensor<6xi32>, tensor<i32>) -> tensor<*xi32>
  return %0, %1, %2, %3 : tensor<3x2xi32>, tensor<3xi32>, tensor<1x6xi32>, tensor<*xi32>
}

// CHECK-LABEL: func @fold_reshape_identities
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[S:.*]]: tensor<2xi32>
func.func @fold_reshape_identities(%x: tensor<2x3xf32>, %s: tensor<2xi32>, %t: tensor<3xi32>) -> (tensor<2x3xf32>, tensor<*xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  // Reshape to the input's own static type.
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  // Reshape of a reshape reads the original input.
  // CHECK: %[[R:.*]] = "tf.Reshape"(%[[X]], %[[S]]) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %1 = "tf.Reshape"(%x, %t) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<*xf32>
  %2 = "tf.Reshape"(%1, %s) : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  %id = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tf.Transpose"(%x, %id) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %none = "tf.Const"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
  %4 = "tf.Squeeze"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "tf.Snapshot"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: return %[[X]], %[[R]], %[[X]], %[[X]], %[[X]]
  return %0, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<*xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func @no_fold_transpose
func.func @no_fold_transpose(%x: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %p = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.Transpose"
  %0 = "tf.Transpose"(%x, %p) : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func @fold_fill_like
func.func @fold_fill_like(%x: tensor<2x3xf32>, %b: tensor<2xi1>, %u: tensor<*xf32>) -> (tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xi1>, tensor<*xf32>, tensor<3xi32>) {
  %d = "tf.Const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %v = "tf.Const"() {value = dense<7.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK-DAG: tf.Const dense<7.000000e+00> : tensor<3x2xf32>
  %0 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<3x2xf32>
  // CHECK-DAG: tf.Const dense<0.000000e+00> : tensor<2x3xf32>
  %1 = "tf.ZerosLike"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK-DAG: tf.Const dense<true> : tensor<2xi1>
  %2 = "tf.OnesLike"(%b) : (tensor<2xi1>) -> tensor<2xi1>
  // CHECK-DAG: "tf.OnesLike"(%arg2)
  %3 = "tf.OnesLike"(%u) : (tensor<*xf32>) -> tensor<*xf32>
  %s0 = "tf.Const"() {value = dense<[2, 1, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s1 = "tf.Const"() {value = dense<[4, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK-DAG: tf.Const dense<[2, 4, 3]> : tensor<3xi32>
  %4 = "tf.BroadcastArgs"(%s0, %s1) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return %0, %1, %2, %3, %4 : tensor<3x2xf32>, tensor<2x3xf32>, tensor<2xi1>, tensor<*xf32>, tensor<3xi32>
}

// CHECK-LABEL: func @fold_broadcast_ensure
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>
func.func @fold_broadcast_ensure(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %s = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.BroadcastTo"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %1 = "tf.EnsureShape"(%x) {shape = #tf_type.shape<?x3>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: return %[[X]], %[[X]]
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// Splats above 2^20 elements are not folded (compile memory stays bounded);
// the ops stay and run as broadcasts.
// CHECK-LABEL: func @no_fold_huge_splats
func.func @no_fold_huge_splats(%x: tensor<1024x1025xf32>) -> (tensor<1024x1025xf32>, tensor<1000000000000xf32>, tensor<1024x1025xf32>, tensor<1024x1024xf32>) {
  %v = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %d = "tf.Const"() {value = dense<[1024, 1025]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<1000000000000> : tensor<1xi64>} : () -> tensor<1xi64>
  %m = "tf.Const"() {value = dense<[1024, 1024]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK-DAG: "tf.Fill"{{.*}} -> tensor<1024x1025xf32>
  %0 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<1024x1025xf32>
  // CHECK-DAG: "tf.Fill"{{.*}} -> tensor<1000000000000xf32>
  %1 = "tf.Fill"(%e, %v) : (tensor<1xi64>, tensor<f32>) -> tensor<1000000000000xf32>
  // CHECK-DAG: "tf.ZerosLike"(%arg0)
  %2 = "tf.ZerosLike"(%x) : (tensor<1024x1025xf32>) -> tensor<1024x1025xf32>
  // 2^20 elements exactly still folds.
  // CHECK-DAG: tf.Const dense<1.000000e+00> : tensor<1024x1024xf32>
  %3 = "tf.Fill"(%m, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<1024x1024xf32>
  return %0, %1, %2, %3 : tensor<1024x1025xf32>, tensor<1000000000000xf32>, tensor<1024x1025xf32>, tensor<1024x1024xf32>
}
