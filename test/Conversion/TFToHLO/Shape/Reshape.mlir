// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Shape/Reshape.cpp.

// CHECK-LABEL: func @reshapes
func.func @reshapes(%x: tensor<3x1x2xf32>, %y: tensor<3xf32>) -> (tensor<3x2xf32>, tensor<3x1xf32>, tensor<6xf32>) {
  // CHECK: hlo.reshape %arg0 : (tensor<3x1x2xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.reshape %arg1 : (tensor<3xf32>) -> tensor<3x1xf32>
  // CHECK: hlo.reshape %arg0 : (tensor<3x1x2xf32>) -> tensor<6xf32>
  %0 = "tf.Squeeze"(%x) {squeeze_dims = [1]} : (tensor<3x1x2xf32>) -> tensor<3x2xf32>
  %a = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.ExpandDims"(%y, %a) : (tensor<3xf32>, tensor<i32>) -> tensor<3x1xf32>
  %s = "tf.Const"() {value = dense<[6]> : tensor<1xi64>} : () -> tensor<1xi64>
  %2 = "tf.Reshape"(%x, %s) : (tensor<3x1x2xf32>, tensor<1xi64>) -> tensor<6xf32>
  func.return %0, %1, %2 : tensor<3x2xf32>, tensor<3x1xf32>, tensor<6xf32>
}

// Shape queries of static inputs are constants of the result's dtype.
// CHECK-LABEL: func @shape_queries
func.func @shape_queries(%x: tensor<3x1x2xf32>, %y: tensor<4xi32>) -> (tensor<3xi32>, tensor<3xi64>, tensor<1xi64>, tensor<i32>, tensor<i64>, tensor<i32>) {
  // CHECK-DAG: hlo.constant dense<[3, 1, 2]> : tensor<3xi32>
  // CHECK-DAG: hlo.constant dense<[3, 1, 2]> : tensor<3xi64>
  // CHECK-DAG: hlo.constant dense<4> : tensor<1xi64>
  // CHECK-DAG: hlo.constant dense<6> : tensor<i32>
  // CHECK-DAG: hlo.constant dense<4> : tensor<i64>
  // CHECK-DAG: hlo.constant dense<3> : tensor<i32>
  %0 = "tf.Shape"(%x) : (tensor<3x1x2xf32>) -> tensor<3xi32>
  %1:2 = "tf.ShapeN"(%x, %y) {N = 2 : i64} : (tensor<3x1x2xf32>, tensor<4xi32>) -> (tensor<3xi64>, tensor<1xi64>)
  %2 = "tf.Size"(%x) : (tensor<3x1x2xf32>) -> tensor<i32>
  %3 = "tf.Size"(%y) : (tensor<4xi32>) -> tensor<i64>
  %4 = "tf.Rank"(%x) : (tensor<3x1x2xf32>) -> tensor<i32>
  func.return %0, %1#0, %1#1, %2, %3, %4 : tensor<3xi32>, tensor<3xi64>, tensor<1xi64>, tensor<i32>, tensor<i64>, tensor<i32>
}

// CHECK-LABEL: func @reshape_transpose_concat
func.func @reshape_transpose_concat(%x: tensor<2x3xf32>, %y: tensor<2x1xf32>) -> (tensor<3x2xf32>, tensor<2x4xf32>, tensor<6xf32>) {
  // CHECK: hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.concatenate(%arg0, %arg1) dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %s = "tf.Const"() {value = dense<[6]> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  %p = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Transpose"(%x, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %a = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.ConcatV2"(%x, %y, %a) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<i32>) -> tensor<2x4xf32>
  func.return %1, %2, %0 : tensor<3x2xf32>, tensor<2x4xf32>, tensor<6xf32>
}
