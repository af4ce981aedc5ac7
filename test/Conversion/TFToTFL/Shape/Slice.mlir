// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// StridedSlice: int64 begin/end/strides constants become int32, the masks
// are carried over (Shape/Slice.cpp).

// CHECK-LABEL: func @strided_slice
func.func @strided_slice(%x: tensor<2x3x4xf32>) -> tensor<2x2x4xf32> {
  // CHECK: "tfl.strided_slice"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {begin_mask = 1 : i32, ellipsis_mask = 0 : i32, end_mask = 1 : i32, new_axis_mask = 0 : i32, offset = false, shrink_axis_mask = 0 : i32}
  %b = "tf.Const"() {value = dense<[0, 1, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
  %e = "tf.Const"() {value = dense<[0, 3, 4]> : tensor<3xi64>} : () -> tensor<3xi64>
  %s = "tf.Const"() {value = dense<[1, 1, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %2 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 1 : i64, end_mask = 1 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64>, tensor<3xi64>) -> tensor<2x2x4xf32>
  func.return %2 : tensor<2x2x4xf32>
}
