// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Shape/Slice.cpp.

// RandomUniform(Int), RandomStandardNormal and TruncatedNormal draw from
// TF's Philox4x32-10 stream seeded as TF's GuardedPhiloxRandom (key = seed,
// counter = (0, 0, seed2)); the other random ops from a counter-based
// generator (splitmix64 of key + element index).

// CHECK-LABEL: func @crop
// tf.Slice with a run-time begin and a static result: dynamic_slice.
// CHECK: hlo.dynamic_slice %arg0[%{{.*}}, %{{.*}}], sizes = [2, 2]
func.func @crop(%x: tensor<4x4xf32>, %b: tensor<2xi32>) -> tensor<2x2xf32> {
  %s = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func @strided_slice
func.func @strided_slice(%x: tensor<4x6xf32>) -> (tensor<3xf32>, tensor<2x6xf32>) {
  // x[1, ::-2] -> shrink dim 0 at 1; dim 1 reversed, stride 2: 5, 3, 1.
  // CHECK: %[[R:.*]] = hlo.reverse %arg0, dims = [1] : tensor<4x6xf32>
  // CHECK: %[[S:.*]] = hlo.slice %[[R]], start = [1, 0], limit = [2, 6], strides = [1, 2] : (tensor<4x6xf32>) -> tensor<1x3xf32>
  // CHECK: hlo.reshape %[[S]] : (tensor<1x3xf32>) -> tensor<3xf32>
  %b = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[2, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[1, -2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 2 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x6xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<3xf32>
  // x[-3:-1] on dim 0 (negative indices count from the end).
  // CHECK: hlo.slice %arg0, start = [1, 0], limit = [3, 6], strides = [1, 1] : (tensor<4x6xf32>) -> tensor<2x6xf32>
  %b1 = "tf.Const"() {value = dense<[-3]> : tensor<1xi32>} : () -> tensor<1xi32>
  %e1 = "tf.Const"() {value = dense<[-1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %s1 = "tf.Const"() {value = dense<[1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tf.StridedSlice"(%x, %b1, %e1, %s1) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2x6xf32>
  func.return %0, %1 : tensor<3xf32>, tensor<2x6xf32>
}
