// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Shape, reduction and indexing ops: int64 index constants become int32,
// constant axes become attributes.

// CHECK-LABEL: func @reshape_transpose
func.func @reshape_transpose(%x: tensor<2x3x4xf32>) -> (tensor<6x4xf32>, tensor<4x2x3xf32>) {
  // CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[6, 4]> : tensor<2xi32>}
  // CHECK-DAG: %[[P:.*]] = "tfl.pseudo_const"() {value = dense<[2, 0, 1]> : tensor<3xi32>}
  // CHECK: "tfl.reshape"(%arg0, %[[S]]) {new_shape = array<i32: 6, 4>}
  %s = "tf.Const"() {value = dense<[6, 4]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<6x4xf32>
  // CHECK: "tfl.transpose"(%arg0, %[[P]])
  %p = "tf.Const"() {value = dense<[2, 0, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %1 = "tf.Transpose"(%x, %p) : (tensor<2x3x4xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
  func.return %0, %1 : tensor<6x4xf32>, tensor<4x2x3xf32>
}

// CHECK-LABEL: func @concat_pack_unpack
func.func @concat_pack_unpack(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x6xf32>, tensor<2x2x3xf32>, tensor<3xf32>) {
  // CHECK: "tfl.concatenation"(%arg0, %arg1) {axis = 1 : i32, fused_activation_function = "NONE"}
  %ax = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%a, %b, %ax) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<2x6xf32>
  // CHECK: "tfl.pack"(%arg0, %arg1) {axis = 1 : i32, values_count = 2 : i32}
  %1 = "tf.Pack"(%a, %b) {axis = 1 : i64, N = 2 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2x3xf32>
  // CHECK: "tfl.unpack"(%arg0) {axis = 0 : i32, num = 2 : i32}
  %2:2 = "tf.Unpack"(%a) {axis = 0 : i64, num = 2 : i64} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return %0, %1, %2#1 : tensor<2x6xf32>, tensor<2x2x3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func @reduce_arg_slice
func.func @reduce_arg_slice(%x: tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x4xi64>, tensor<2x2x4xf32>, tensor<3x4xf32>) {
  // CHECK: "tfl.mean"(%arg0, %{{.*}}) {keep_dims = true}
  %ax = "tf.Const"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "tf.Mean"(%x, %ax) {keep_dims = true} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<2x1x4xf32>
  // CHECK: "tfl.arg_max"(%arg0, %{{.*}}) {output_type = "INT64"}
  %1 = "tf.ArgMax"(%x, %ax) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<2x4xi64>
  // CHECK: "tfl.strided_slice"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {begin_mask = 1 : i32, ellipsis_mask = 0 : i32, end_mask = 1 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32}
  %b = "tf.Const"() {value = dense<[0, 1, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
  %e = "tf.Const"() {value = dense<[0, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %s = "tf.Const"() {value = dense<[1, 1, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %2 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 1 : i64, end_mask = 1 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<2x2x4xf32>
  // CHECK: "tfl.gather"(%arg0, %{{.*}}) {axis = 0 : i32, batch_dims = 0 : i32}
  %i = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %3 = "tf.GatherV2"(%x, %i, %z) {batch_dims = 0 : i64} : (tensor<2x3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  func.return %0, %1, %2, %3 : tensor<2x1x4xf32>, tensor<2x4xi64>, tensor<2x2x4xf32>, tensor<3x4xf32>
}

// Dynamic dims are kept.
// CHECK-LABEL: func @dynamic
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // CHECK: "tfl.relu"(%arg0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %0 = "tf.Relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %0 : tensor<?x4xf32>
}

// CHECK-LABEL: func @split
func.func @split(%x: tensor<4x6xf32>) -> (tensor<4x3xf32>, tensor<4x2xf32>) {
  // CHECK: "tfl.split"(%{{.*}}, %arg0) {num_splits = 2 : i32}
  %d = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0:2 = "tf.Split"(%d, %x) {num_split = 2 : i64} : (tensor<i32>, tensor<4x6xf32>) -> (tensor<4x3xf32>, tensor<4x3xf32>)
  // CHECK: "tfl.split_v"(%arg0, %{{.*}}, %{{.*}}) {num_splits = 3 : i32}
  %s = "tf.Const"() {value = dense<[2, 2, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %1:3 = "tf.SplitV"(%x, %s, %d) {num_split = 3 : i64} : (tensor<4x6xf32>, tensor<3xi64>, tensor<i32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>)
  func.return %0#1, %1#2 : tensor<4x3xf32>, tensor<4x2xf32>
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

// ScatterNd and the segment reductions take int32 indices in TFLite: int64
// constants are narrowed, other operands pass through.
// CHECK-LABEL: func @scatter_and_segments
// CHECK: "tfl.scatter_nd"(%{{.*}}, %arg0, %{{.*}}) : (tensor<2x1xi32>, tensor<2xf32>, tensor<1xi32>) -> tensor<4xf32>
// CHECK: "tfl.unsorted_segment_sum"(%arg1, %{{.*}}, %{{.*}}) : (tensor<3x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<2x2xf32>
func.func @scatter_and_segments(%u: tensor<2xf32>, %d: tensor<3x2xf32>) -> (tensor<4xf32>, tensor<2x2xf32>) {
  %i = "tf.Const"() {value = dense<[[1], [3]]> : tensor<2x1xi64>} : () -> tensor<2x1xi64>
  %s = "tf.Const"() {value = dense<4> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<2x1xi64>, tensor<2xf32>, tensor<1xi64>) -> tensor<4xf32>
  %ids = "tf.Const"() {value = dense<[0, 1, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
  %n = "tf.Const"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %1 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi64>, tensor<i64>) -> tensor<2x2xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<2x2xf32>
}
