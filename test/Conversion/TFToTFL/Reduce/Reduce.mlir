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

// The segment reductions take int32 segment ids in TFLite: int64
// constants are narrowed, other operands pass through.
// CHECK-LABEL: func @segments
// CHECK: "tfl.unsorted_segment_sum"(%arg1, %{{.*}}, %{{.*}}) : (tensor<3x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<2x2xf32>
func.func @segments(%u: tensor<2xf32>, %d: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %ids = "tf.Const"() {value = dense<[0, 1, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
  %n = "tf.Const"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %1 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi64>, tensor<i64>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}
