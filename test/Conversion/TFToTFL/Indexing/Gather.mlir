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
// CHECK-LABEL: func @generic_builtins
func.func @generic_builtins(%x: tensor<4x3xf32>, %i: tensor<4xi32>) -> (tensor<4x3xf32>, tensor<4x5xf32>) {
  // CHECK: "tfl.builtin_op"(%arg0, %{{.*}}) {builtin_code = 105 : i32, builtin_options = {}, builtin_options_type = "ReverseV2Options", name = "REVERSE_V2", version = 1 : i32}
  %a = "tf.Const"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "tf.ReverseV2"(%x, %a) : (tensor<4x3xf32>, tensor<1xi64>) -> tensor<4x3xf32>
  // CHECK: "tfl.builtin_op"(%arg1, {{.*}}) {builtin_code = 85 : i32, builtin_options = {axis = -1 : i32}, builtin_options_type = "OneHotOptions", name = "ONE_HOT", version = 1 : i32}
  %d = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %on = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %off = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.OneHot"(%i, %d, %on, %off) {axis = -1 : i64} : (tensor<4xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x5xf32>
  func.return %0, %1 : tensor<4x3xf32>, tensor<4x5xf32>
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
