// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Indexing ops: int64 index constants become int32.

// CHECK-LABEL: func @gather
func.func @gather(%x: tensor<2x3x4xf32>) -> tensor<3x4xf32> {
  // CHECK: "tfl.gather"(%arg0, %{{.*}}) {axis = 0 : i32, batch_dims = 0 : i32}
  %i = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %3 = "tf.GatherV2"(%x, %i, %z) {batch_dims = 0 : i64} : (tensor<2x3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  func.return %3 : tensor<3x4xf32>
}

// Builtins without a dedicated tfl op become tfl.builtin_op with the
// schema's code, name and options table.
// CHECK-LABEL: func @one_hot
func.func @one_hot(%i: tensor<4xi32>) -> tensor<4x5xf32> {
  // CHECK: "tfl.builtin_op"(%arg0, {{.*}}) {builtin_code = 85 : i32, builtin_options = {axis = -1 : i32}, builtin_options_type = "OneHotOptions", name = "ONE_HOT", version = 1 : i32}
  %d = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %on = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %off = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.OneHot"(%i, %d, %on, %off) {axis = -1 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %1 : tensor<4x5xf32>
}

// ScatterNd takes int32 indices in TFLite: int64 constants are narrowed,
// other operands pass through.
// CHECK-LABEL: func @scatter
// CHECK: "tfl.scatter_nd"(%{{.*}}, %arg0, %{{.*}}) : (tensor<2x1xi32>, tensor<2xf32>, tensor<1xi32>) -> tensor<4xf32>
func.func @scatter(%u: tensor<2xf32>, %d: tensor<3x2xf32>) -> tensor<4xf32> {
  %i = "tf.Const"() {value = dense<[[1], [3]]> : tensor<2x1xi64>} : () -> tensor<2x1xi64>
  %s = "tf.Const"() {value = dense<4> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<2x1xi64>, tensor<2xf32>, tensor<1xi64>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// Gather (v1) gathers along axis 0; GatherV2's negative axis is made
// non-negative against the params rank, batch_dims is TF's; GatherNd is
// GATHER_ND.
// CHECK-LABEL: func @gather_forms
// CHECK: "tfl.gather"(%arg0, %arg1) {axis = 0 : i32, batch_dims = 0 : i32} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x3x4xf32>
// CHECK: "tfl.gather"(%arg0, %arg1) {axis = 2 : i32, batch_dims = 0 : i32} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x3x2xf32>
// CHECK: "tfl.gather"(%arg0, %arg2) {axis = 1 : i32, batch_dims = 1 : i32} : (tensor<2x3x4xf32>, tensor<2x5xi32>) -> tensor<2x5x4xf32>
// CHECK: "tfl.gather_nd"(%arg0, %arg3) : (tensor<2x3x4xf32>, tensor<5x2xi32>) -> tensor<5x4xf32>
func.func @gather_forms(%x: tensor<2x3x4xf32>, %i: tensor<2xi32>, %bi: tensor<2x5xi32>, %ni: tensor<5x2xi32>) -> (tensor<2x3x4xf32>, tensor<2x3x2xf32>, tensor<2x5x4xf32>, tensor<5x4xf32>) {
  %0 = "tf.Gather"(%x, %i) {validate_indices = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<2x3x4xf32>
  %m1 = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %1 = "tf.GatherV2"(%x, %i, %m1) {batch_dims = 0 : i64} : (tensor<2x3x4xf32>, tensor<2xi32>, tensor<i64>) -> tensor<2x3x2xf32>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.GatherV2"(%x, %bi, %one) {batch_dims = 1 : i64} : (tensor<2x3x4xf32>, tensor<2x5xi32>, tensor<i32>) -> tensor<2x5x4xf32>
  %3 = "tf.GatherNd"(%x, %ni) : (tensor<2x3x4xf32>, tensor<5x2xi32>) -> tensor<5x4xf32>
  func.return %0, %1, %2, %3 : tensor<2x3x4xf32>, tensor<2x3x2xf32>, tensor<2x5x4xf32>, tensor<5x4xf32>
}

// Where (the coordinates of the true elements, int64 as TF's) has no
// dedicated tfl op: tfl.builtin_op WHERE (109).
// CHECK-LABEL: func @where
// CHECK: "tfl.builtin_op"(%arg0) {builtin_code = 109 : i32, builtin_options = {}, builtin_options_type = "WhereOptions", name = "WHERE", version = 1 : i32} : (tensor<2x3xi1>) -> tensor<?x2xi64>
func.func @where(%c: tensor<2x3xi1>) -> tensor<?x2xi64> {
  %0 = "tf.Where"(%c) : (tensor<2x3xi1>) -> tensor<?x2xi64>
  func.return %0 : tensor<?x2xi64>
}
