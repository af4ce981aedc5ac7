// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Reductions: int64 axis constants become int32, constant axes become
// attributes.

// CHECK-LABEL: func @reduce_arg
func.func @reduce_arg(%x: tensor<2x3x4xf32>) -> (tensor<2x1x4xf32>, tensor<2x4xi64>) {
  // CHECK: "tfl.mean"(%arg0, %{{.*}}) {keep_dims = true}
  %ax = "tf.Const"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "tf.Mean"(%x, %ax) {keep_dims = true} : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<2x1x4xf32>
  // CHECK: "tfl.arg_max"(%arg0, %{{.*}}) {output_type = "INT64"}
  %1 = "tf.ArgMax"(%x, %ax) : (tensor<2x3x4xf32>, tensor<1xi64>) -> tensor<2x4xi64>
  func.return %0, %1 : tensor<2x1x4xf32>, tensor<2x4xi64>
}

// The other reductions, with TF's keep_dims (false when absent) and a
// negative axis as TF's (TFLite's reduce kernels resolve it the same way);
// ArgMin keeps TF's output_type int32.
// CHECK-LABEL: func @reductions
// CHECK-DAG: %[[A:.*]] = "tfl.pseudo_const"() {value = dense<[0, -1]> : tensor<2xi32>}
// CHECK-DAG: %[[D:.*]] = "tfl.pseudo_const"() {value = dense<1> : tensor<i32>}
// CHECK: "tfl.sum"(%arg0, %[[A]]) {keep_dims = false} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
// CHECK: "tfl.reduce_max"(%arg0, %[[A]]) {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
// CHECK: "tfl.reduce_min"(%arg0, %[[A]]) {keep_dims = false}
// CHECK: "tfl.reduce_prod"(%arg0, %[[A]]) {keep_dims = false}
// CHECK: "tfl.reduce_any"(%arg1, %[[A]]) {keep_dims = false} : (tensor<2x3x4xi1>, tensor<2xi32>) -> tensor<3xi1>
// CHECK: "tfl.reduce_all"(%arg1, %[[A]]) {keep_dims = false}
// CHECK: "tfl.arg_min"(%arg0, %[[D]]) {output_type = "INT32"} : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x4xi32>
func.func @reductions(%x: tensor<2x3x4xf32>, %p: tensor<2x3x4xi1>) -> (tensor<3xf32>, tensor<1x3x1xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>, tensor<2x4xi32>) {
  %ax = "tf.Const"() {value = dense<[0, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %d = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.Sum"(%x, %ax) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3xf32>
  %1 = "tf.Max"(%x, %ax) {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<1x3x1xf32>
  %2 = "tf.Min"(%x, %ax) {keep_dims = false} : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3xf32>
  %3 = "tf.Prod"(%x, %ax) : (tensor<2x3x4xf32>, tensor<2xi64>) -> tensor<3xf32>
  %4 = "tf.Any"(%p, %ax) : (tensor<2x3x4xi1>, tensor<2xi64>) -> tensor<3xi1>
  %5 = "tf.All"(%p, %ax) : (tensor<2x3x4xi1>, tensor<2xi64>) -> tensor<3xi1>
  %6 = "tf.ArgMin"(%x, %d) : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x4xi32>
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<3xf32>, tensor<1x3x1xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xi1>, tensor<3xi1>, tensor<2x4xi32>
}
