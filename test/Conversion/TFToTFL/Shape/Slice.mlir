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

// The other masks, passed as TF's: x[..., tf.newaxis, 1] (ellipsis bit 0,
// new-axis bit 1, shrink bit 2; TFLite's STRIDED_SLICE reads them as TF's
// ValidateStridedSliceOp does).
// CHECK-LABEL: func @strided_slice_masks
// CHECK: "tfl.strided_slice"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {begin_mask = 0 : i32, ellipsis_mask = 1 : i32, end_mask = 0 : i32, new_axis_mask = 2 : i32, offset = false, shrink_axis_mask = 4 : i32} : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<2x3x1xf32>
func.func @strided_slice_masks(%x: tensor<2x3x4xf32>) -> tensor<2x3x1xf32> {
  %b = "tf.Const"() {value = dense<[0, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %e = "tf.Const"() {value = dense<[0, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tf.Const"() {value = dense<[1, 1, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 4 : i64} : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<2x3x1xf32>
  func.return %0 : tensor<2x3x1xf32>
}

// Slice: begin and size (-1: to the end of the dim, as in TF and TFLite's
// SLICE) become int32.
// CHECK-LABEL: func @slice
// CHECK-DAG: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<[1, 0, 2]> : tensor<3xi32>}
// CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[1, -1, 2]> : tensor<3xi32>}
// CHECK: "tfl.slice"(%arg0, %[[B]], %[[S]]) : (tensor<2x3x4xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<1x3x2xf32>
func.func @slice(%x: tensor<2x3x4xf32>) -> tensor<1x3x2xf32> {
  %b = "tf.Const"() {value = dense<[1, 0, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %s = "tf.Const"() {value = dense<[1, -1, 2]> : tensor<3xi64>} : () -> tensor<3xi64>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<2x3x4xf32>, tensor<3xi64>, tensor<3xi64>) -> tensor<1x3x2xf32>
  func.return %0 : tensor<1x3x2xf32>
}
