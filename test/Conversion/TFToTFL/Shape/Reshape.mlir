// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Layout ops: Reshape, Transpose, ExpandDims, Squeeze -> RESHAPE (with
// new_shape when the shape is constant), TRANSPOSE, EXPAND_DIMS, SQUEEZE
// (squeeze_dims). int64 index constants become int32.

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

// A shape computed at run time: RESHAPE reads its shape operand, and
// new_shape is empty.
// CHECK-LABEL: func @reshape_dynamic
// CHECK: "tfl.reshape"(%arg0, %arg1) {new_shape = array<i32>} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
func.func @reshape_dynamic(%x: tensor<2x3xf32>, %s: tensor<2xi32>) -> tensor<?x?xf32> {
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  func.return %0 : tensor<?x?xf32>
}

// ExpandDims keeps TF's axis operand (EXPAND_DIMS takes a negative axis
// as TF does), as int32; Squeeze's squeeze_dims become the attribute, and
// none (TF's default) squeezes every size-1 dim in both.
// CHECK-LABEL: func @expand_squeeze
// CHECK-DAG: %[[A:.*]] = "tfl.pseudo_const"() {value = dense<-1> : tensor<i32>}
// CHECK: "tfl.expand_dims"(%arg0, %[[A]]) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x1xf32>
// CHECK: "tfl.squeeze"(%arg1) {squeeze_dims = array<i32: 0, -1>} : (tensor<1x3x1xf32>) -> tensor<3xf32>
// CHECK: "tfl.squeeze"(%arg1) {squeeze_dims = array<i32>} : (tensor<1x3x1xf32>) -> tensor<3xf32>
func.func @expand_squeeze(%x: tensor<2x3xf32>, %y: tensor<1x3x1xf32>) -> (tensor<2x3x1xf32>, tensor<3xf32>, tensor<3xf32>) {
  %a = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.ExpandDims"(%x, %a) : (tensor<2x3xf32>, tensor<i64>) -> tensor<2x3x1xf32>
  %1 = "tf.Squeeze"(%y) {squeeze_dims = [0, -1]} : (tensor<1x3x1xf32>) -> tensor<3xf32>
  %2 = "tf.Squeeze"(%y) : (tensor<1x3x1xf32>) -> tensor<3xf32>
  func.return %0, %1, %2 : tensor<2x3x1xf32>, tensor<3xf32>, tensor<3xf32>
}
