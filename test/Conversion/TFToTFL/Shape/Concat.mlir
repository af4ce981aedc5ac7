// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Joining and splitting: ConcatV2, Pack, Unpack, Split, SplitV ->
// CONCATENATION, PACK, UNPACK, SPLIT, SPLIT_V. int64 index constants become
// int32, constant axes become attributes (negative ones made non-negative),
// num_splits is the number of results.

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

// Negative axes are made non-negative: ConcatV2 and Unpack against the
// input rank, Pack against the result rank (TF's Pack axis counts in the
// rank + 1 result).
// CHECK-LABEL: func @negative_axes
// CHECK: "tfl.concatenation"(%arg0, %arg1, %arg0) {axis = 0 : i32, fused_activation_function = "NONE"} : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<6x3xf32>
// CHECK: "tfl.pack"(%arg0, %arg1) {axis = 2 : i32, values_count = 2 : i32} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>
// CHECK: "tfl.unpack"(%arg0) {axis = 1 : i32, num = 3 : i32} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
func.func @negative_axes(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<6x3xf32>, tensor<2x3x2xf32>, tensor<2xf32>) {
  %ax = "tf.Const"() {value = dense<-2> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.ConcatV2"(%a, %b, %a, %ax) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<i64>) -> tensor<6x3xf32>
  %1 = "tf.Pack"(%a, %b) {axis = -1 : i64} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x2xf32>
  %2:3 = "tf.Unpack"(%a) {axis = -1 : i64} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  func.return %0, %1, %2#2 : tensor<6x3xf32>, tensor<2x3x2xf32>, tensor<2xf32>
}

// SplitV's size_splits may hold one -1 (the rest of the dim), which
// SPLIT_V resolves as TF does; split_dim -1 is passed as TF's, as int32.
// CHECK-LABEL: func @split_v_rest
// CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[1, -1]> : tensor<2xi32>}
// CHECK-DAG: %[[D:.*]] = "tfl.pseudo_const"() {value = dense<-1> : tensor<i32>}
// CHECK: "tfl.split_v"(%arg0, %[[S]], %[[D]]) {num_splits = 2 : i32} : (tensor<4x6xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<4x1xf32>, tensor<4x5xf32>)
func.func @split_v_rest(%x: tensor<4x6xf32>) -> (tensor<4x1xf32>, tensor<4x5xf32>) {
  %s = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %d = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %0:2 = "tf.SplitV"(%x, %s, %d) {num_split = 2 : i64} : (tensor<4x6xf32>, tensor<2xi64>, tensor<i64>) -> (tensor<4x1xf32>, tensor<4x5xf32>)
  func.return %0#0, %0#1 : tensor<4x1xf32>, tensor<4x5xf32>
}
