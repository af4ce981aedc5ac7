// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// ConcatV2 of empty values (the dl4j cases emptyArrayTests/concat/*): an
// operand adds nothing only when its size along the axis is 0. Two [1, 0]
// values along dim 0 give [2, 0] (TF); the result used to be [1, 0].

// CHECK-LABEL: func @rows_of_nothing
// CHECK: %[[E:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x0xf32>
// CHECK: return %[[E]] : tensor<2x0xf32>
func.func @rows_of_nothing(%x: tensor<1x0xf32>, %y: tensor<1x0xf32>) -> tensor<2x0xf32> {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%x, %y, %a) : (tensor<1x0xf32>, tensor<1x0xf32>, tensor<i32>) -> tensor<2x0xf32>
  func.return %0 : tensor<2x0xf32>
}

// [1, 2, 0] and [1, 3, 0] along dim 1 (rank2_dim1b): [1, 5, 0].
// CHECK-LABEL: func @empty_inner
// CHECK: %[[E:.*]] = hlo.constant dense<0.000000e+00> : tensor<1x5x0xf32>
// CHECK: return %[[E]] : tensor<1x5x0xf32>
func.func @empty_inner(%x: tensor<1x2x0xf32>, %y: tensor<1x3x0xf32>) -> tensor<1x5x0xf32> {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%x, %y, %a) : (tensor<1x2x0xf32>, tensor<1x3x0xf32>, tensor<i32>) -> tensor<1x5x0xf32>
  func.return %0 : tensor<1x5x0xf32>
}

// A value of size 0 along the axis is dropped; the others are concatenated.
// CHECK-LABEL: func @drop_empty_along_axis
// CHECK: %[[C:.*]] = hlo.concatenate(%arg0, %arg2) dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
// CHECK: return %[[C]]
func.func @drop_empty_along_axis(%x: tensor<2x3xf32>, %e: tensor<2x0xf32>, %y: tensor<2x1xf32>) -> tensor<2x4xf32> {
  %a = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%x, %e, %y, %a) : (tensor<2x3xf32>, tensor<2x0xf32>, tensor<2x1xf32>, tensor<i32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// Only one value is left after the drop: it is the result.
// CHECK-LABEL: func @one_left
// CHECK: return %arg0 : tensor<3x2xf32>
func.func @one_left(%x: tensor<3x2xf32>, %e: tensor<0x2xf32>) -> tensor<3x2xf32> {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%e, %x, %a) : (tensor<0x2xf32>, tensor<3x2xf32>, tensor<i32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}
