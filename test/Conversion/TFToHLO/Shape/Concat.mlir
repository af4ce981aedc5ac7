// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Shape/Concat.cpp.

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

// CHECK-LABEL: func @concat_split
func.func @concat_split(%x: tensor<2x3xf32>, %y: tensor<6x4xf32>) -> (tensor<2x6xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<1x4xf32>, tensor<5x4xf32>, tensor<3xf32>, tensor<3xf32>) {
  // CHECK: hlo.concatenate(%arg0, %arg0) dim = 1 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  // CHECK: hlo.slice %arg1, start = [0, 0], limit = [2, 4], strides = [1, 1]
  // CHECK: hlo.slice %arg1, start = [2, 0], limit = [4, 4], strides = [1, 1]
  // CHECK: hlo.slice %arg1, start = [4, 0], limit = [6, 4], strides = [1, 1]
  // SplitV's -1 size is the rest of the dim (from the result types).
  // CHECK: hlo.slice %arg1, start = [0, 0], limit = [1, 4], strides = [1, 1] : (tensor<6x4xf32>) -> tensor<1x4xf32>
  // CHECK: hlo.slice %arg1, start = [1, 0], limit = [6, 4], strides = [1, 1] : (tensor<6x4xf32>) -> tensor<5x4xf32>
  // CHECK: %[[U0:.*]] = hlo.slice %arg0, start = [0, 0], limit = [1, 3], strides = [1, 1]
  // CHECK: hlo.reshape %[[U0]] : (tensor<1x3xf32>) -> tensor<3xf32>
  // CHECK: %[[U1:.*]] = hlo.slice %arg0, start = [1, 0], limit = [2, 3], strides = [1, 1]
  // CHECK: hlo.reshape %[[U1]] : (tensor<1x3xf32>) -> tensor<3xf32>
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Concat"(%a, %x, %x) : (tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %1:3 = "tf.Split"(%z, %y) {num_split = 3 : i64} : (tensor<i32>, tensor<6x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  %sz = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2:2 = "tf.SplitV"(%y, %sz, %z) {num_split = 2 : i64} : (tensor<6x4xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<1x4xf32>, tensor<5x4xf32>)
  %3:2 = "tf.Unpack"(%x) {axis = 0 : i64, num = 2 : i64} : (tensor<2x3xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return %0, %1#0, %1#1, %1#2, %2#0, %2#1, %3#0, %3#1 : tensor<2x6xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<1x4xf32>, tensor<5x4xf32>, tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func @pack_pad_v2_mirror_pad
func.func @pack_pad_v2_mirror_pad(%x: tensor<3xf32>, %y: tensor<3xf32>, %c: tensor<f32>) -> (tensor<3x2xf32>, tensor<6xf32>, tensor<2x5xf32>) {
  // Pack along axis -1: [3] pieces reshaped to [3, 1].
  // CHECK: %[[PX:.*]] = hlo.reshape %arg0 : (tensor<3xf32>) -> tensor<3x1xf32>
  // CHECK: %[[PY:.*]] = hlo.reshape %arg1 : (tensor<3xf32>) -> tensor<3x1xf32>
  // CHECK: hlo.concatenate(%[[PX]], %[[PY]]) dim = 1 : (tensor<3x1xf32>, tensor<3x1xf32>) -> tensor<3x2xf32>
  %0 = "tf.Pack"(%x, %y) {axis = -1 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.pad %arg0, %arg2, low = [1], high = [2], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  %p = "tf.Const"() {value = dense<[[1, 2]]> : tensor<1x2xi64>} : () -> tensor<1x2xi64>
  %1 = "tf.PadV2"(%x, %p, %c) : (tensor<3xf32>, tensor<1x2xi64>, tensor<f32>) -> tensor<6xf32>
  // SYMMETRIC repeats the edge: dim 0 gets a reversed copy of row 0 after,
  // dim 1 reversed copies of column 0 before and column 2 after.
  // CHECK: %[[R:.*]] = hlo.reshape %arg0 : (tensor<3xf32>) -> tensor<1x3xf32>
  // CHECK: %[[S0:.*]] = hlo.slice %[[R]], start = [0, 0], limit = [1, 3], strides = [1, 1]
  // CHECK: %[[V0:.*]] = hlo.reverse %[[S0]], dims = [0] : tensor<1x3xf32>
  // CHECK: %[[C0:.*]] = hlo.concatenate(%[[R]], %[[V0]]) dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  // CHECK: %[[S1:.*]] = hlo.slice %[[C0]], start = [0, 0], limit = [2, 1], strides = [1, 1]
  // CHECK: %[[V1:.*]] = hlo.reverse %[[S1]], dims = [1] : tensor<2x1xf32>
  // CHECK: %[[S2:.*]] = hlo.slice %[[C0]], start = [0, 2], limit = [2, 3], strides = [1, 1]
  // CHECK: %[[V2:.*]] = hlo.reverse %[[S2]], dims = [1] : tensor<2x1xf32>
  // CHECK: hlo.concatenate(%[[V1]], %[[C0]], %[[V2]]) dim = 1 : (tensor<2x1xf32>, tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x5xf32>
  %m = "tf.Const"() {value = dense<[[0, 1], [1, 1]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %rs = "tf.Const"() {value = dense<[1, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "tf.Reshape"(%x, %rs) : (tensor<3xf32>, tensor<2xi32>) -> tensor<1x3xf32>
  %2 = "tf.MirrorPad"(%r, %m) {mode = "SYMMETRIC"} : (tensor<1x3xf32>, tensor<2x2xi32>) -> tensor<2x5xf32>
  func.return %0, %1, %2 : tensor<3x2xf32>, tensor<6xf32>, tensor<2x5xf32>
}

// CHECK-LABEL: func @pack_slice_pad_tile
func.func @pack_slice_pad_tile(%x: tensor<3xf32>, %y: tensor<3xf32>, %m: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<1x2xf32>, tensor<4x5xf32>, tensor<4x3xf32>) {
  // CHECK: %[[X:.*]] = hlo.reshape %arg0 : (tensor<3xf32>) -> tensor<1x3xf32>
  // CHECK: %[[Y:.*]] = hlo.reshape %arg1 : (tensor<3xf32>) -> tensor<1x3xf32>
  // CHECK: hlo.concatenate(%[[X]], %[[Y]]) dim = 0 : (tensor<1x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %0 = "tf.Pack"(%x, %y) {axis = 0 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // size -1 means "to the end".
  // CHECK: hlo.slice %arg2, start = [1, 1], limit = [2, 3], strides = [1, 1] : (tensor<2x3xf32>) -> tensor<1x2xf32>
  %b = "tf.Const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %sz = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Slice"(%m, %b, %sz) : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<1x2xf32>
  // CHECK: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK: hlo.pad %arg2, %[[Z]], low = [1, 0], high = [1, 2], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<4x5xf32>
  %pads = "tf.Const"() {value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %2 = "tf.Pad"(%m, %pads) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<4x5xf32>
  // CHECK: %[[T:.*]] = hlo.broadcast_in_dim %arg2, dims = [1, 3] : (tensor<2x3xf32>) -> tensor<2x2x1x3xf32>
  // CHECK: hlo.reshape %[[T]] : (tensor<2x2x1x3xf32>) -> tensor<4x3xf32>
  %mul = "tf.Const"() {value = dense<[2, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tf.Tile"(%m, %mul) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  func.return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<1x2xf32>, tensor<4x5xf32>, tensor<4x3xf32>
}
