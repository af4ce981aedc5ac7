// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Shape ops: int64 index constants become int32, constant axes become
// attributes.

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
