// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// The Shape family's lowerings (lib/Conversion/TFToHLO/Shape/) that
// shape.mlir does not cover: ZerosLike/OnesLike/Empty/Fill/BroadcastTo
// (Fill.cpp), Squeeze/ExpandDims/Shape(N)/Size/Rank (Reshape.cpp),
// Concat/Split/SplitV/Unpack/Pack with a negative axis (Concat.cpp),
// PadV2/MirrorPad (Pad.cpp) and the identity ops (Identity.cpp).

// CHECK-LABEL: func @like_empty_fill
func.func @like_empty_fill(%x: tensor<2x3xf32>, %i: tensor<4xi32>, %v: tensor<f32>, %r: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<4xi32>, tensor<3x2xf32>, tensor<2x2xf32>, tensor<4x3xf32>) {
  // CHECK-DAG: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x3xf32>
  // CHECK-DAG: %[[O:.*]] = hlo.constant dense<1> : tensor<4xi32>
  // CHECK-DAG: %[[E:.*]] = hlo.constant dense<0.000000e+00> : tensor<3x2xf32>
  // CHECK: %[[F:.*]] = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg3, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  // CHECK: return %[[Z]], %[[O]], %[[E]], %[[F]], %[[B]]
  %0 = "tf.ZerosLike"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.OnesLike"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %s = "tf.Const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tf.Empty"(%s) {dtype = f32, init = true} : (tensor<2xi32>) -> tensor<3x2xf32>
  %d = "tf.Const"() {value = dense<[2, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %3 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<2x2xf32>
  %bs = "tf.Const"() {value = dense<[4, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %4 = "tf.BroadcastTo"(%r, %bs) : (tensor<3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
  func.return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<4xi32>, tensor<3x2xf32>, tensor<2x2xf32>, tensor<4x3xf32>
}

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

// The identity ops are their operands; no hlo is built.
// CHECK-LABEL: func @identities
func.func @identities(%x: tensor<2xf32>, %i: tensor<3xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<3xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  // CHECK-NEXT: return %arg0, %arg0, %arg1, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0
  %0 = "tf.Identity"(%x) {T = f32} : (tensor<2xf32>) -> tensor<2xf32>
  %1:2 = "tf.IdentityN"(%x, %i) : (tensor<2xf32>, tensor<3xi32>) -> (tensor<2xf32>, tensor<3xi32>)
  %2 = "tf.StopGradient"(%x) {T = f32} : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "tf.PreventGradient"(%x) {message = "no"} : (tensor<2xf32>) -> tensor<2xf32>
  %4 = "tf.Snapshot"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %5 = "tf.DeepCopy"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %6 = "tf.DebugIdentity"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %7 = "tf.Print"(%x, %i) {message = "m"} : (tensor<2xf32>, tensor<3xi32>) -> tensor<2xf32>
  func.return %0, %1#0, %1#1, %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<2xf32>, tensor<3xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
