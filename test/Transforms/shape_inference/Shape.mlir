// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s
// tf-shape-inference: shape functions of the Shape family (the ops of dialects/tf/TFOpsShape.td).

// Identity-likes forward types, including resource subtypes.
// CHECK-LABEL: func @identity
func.func @identity(%x: tensor<2xf32>, %y: tensor<3xi32>) -> () {
  // CHECK: "tf.IdentityN"({{.*}}) -> (tensor<2xf32>, tensor<3xi32>)
  %0:2 = "tf.IdentityN"(%x, %y) : (tensor<2xf32>, tensor<3xi32>) -> (tensor<*xf32>, tensor<*xi32>)
  // CHECK: "tf.StopGradient"({{.*}}) -> tensor<2xf32>
  %1 = "tf.StopGradient"(%0#0) : (tensor<*xf32>) -> tensor<*xf32>
  // CHECK: "tf.PlaceholderWithDefault"({{.*}}) -> tensor<?xf32>
  %2 = "tf.PlaceholderWithDefault"(%x) {dtype = f32, shape = #tf_type.shape<?>} : (tensor<2xf32>) -> tensor<*xf32>
  func.return
}

// Array ops whose shape functions read constant inputs (TF's
// input_tensor / MakeShapeFromShapeTensor).

// CHECK-LABEL: func @reshape_fill_range
func.func @reshape_fill_range(%x: tensor<2x3x4xf32>, %v: tensor<f32>, %y: tensor<?x4xf32>) -> () {
  %c = "tf.Const"() {value = dense<[-1, 6]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.Reshape"({{.*}}) -> tensor<4x6xf32>
  %0 = "tf.Reshape"(%x, %c) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  // The input's element count is unknown: -1 stays dynamic.
  // CHECK: "tf.Reshape"({{.*}}) -> tensor<?x6xf32>
  %1 = "tf.Reshape"(%y, %c) : (tensor<?x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  %d = "tf.Const"() {value = dense<[2, 5]> : tensor<2xi64>} : () -> tensor<2xi64>
  // CHECK: "tf.Fill"({{.*}}) -> tensor<2x5xf32>
  %2 = "tf.Fill"(%d, %v) : (tensor<2xi64>, tensor<f32>) -> tensor<*xf32>
  %s = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %l = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %dl = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  // ceil((10 - 1) / 3) = 3 elements.
  // CHECK: "tf.Range"({{.*}}) -> tensor<3xi32>
  %3 = "tf.Range"(%s, %l, %dl) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<*xi32>
  %fs = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %fl = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %fd = "tf.Const"() {value = dense<0.3> : tensor<f32>} : () -> tensor<f32>
  // CHECK: "tf.Range"({{.*}}) -> tensor<4xf32>
  %4 = "tf.Range"(%fs, %fl, %fd) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @slices
func.func @slices(%x: tensor<4x5x6xf32>) -> () {
  %b = "tf.Const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tf.Const"() {value = dense<[2, -1, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  // CHECK: "tf.Slice"({{.*}}) -> tensor<2x5x3xf32>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x5x6xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xf32>
  %sb = "tf.Const"() {value = dense<[1, 0, -1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %se = "tf.Const"() {value = dense<[3, 0, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %ss = "tf.Const"() {value = dense<[1, 2, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // x[1:3, ::2, -1]: begin/end masks on dim 1, shrink on dim 2.
  // CHECK: "tf.StridedSlice"({{.*}}) -> tensor<2x3xf32>
  %1 = "tf.StridedSlice"(%x, %sb, %se, %ss) {begin_mask = 2 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 4 : i64} : (tensor<4x5x6xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xf32>
  %eb = "tf.Const"() {value = dense<[0, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %ee = "tf.Const"() {value = dense<[0, 0, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %es = "tf.Const"() {value = dense<[1, 1, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // x[..., newaxis, 1:3]: ellipsis, new axis.
  // CHECK: "tf.StridedSlice"({{.*}}) -> tensor<4x5x1x2xf32>
  %2 = "tf.StridedSlice"(%x, %eb, %ee, %es) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x5x6xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xf32>
  %rb = "tf.Const"() {value = dense<[-1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %re = "tf.Const"() {value = dense<[0]> : tensor<1xi32>} : () -> tensor<1xi32>
  %rs = "tf.Const"() {value = dense<[-1]> : tensor<1xi32>} : () -> tensor<1xi32>
  // x[::-1] (begin masked) with a negative stride.
  // CHECK: "tf.StridedSlice"({{.*}}) -> tensor<4x5x6xf32>
  %3 = "tf.StridedSlice"(%x, %rb, %re, %rs) {begin_mask = 1 : i64, end_mask = 1 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<4x5x6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @pad_tile_concat_transpose
func.func @pad_tile_concat_transpose(%x: tensor<2x3xf32>, %y: tensor<2x?xf32>, %z: tensor<*xf32>) -> () {
  %p = "tf.Const"() {value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // CHECK: "tf.Pad"({{.*}}) -> tensor<4x5xf32>
  %0 = "tf.Pad"(%x, %p) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<*xf32>
  // CHECK: "tf.MirrorPad"({{.*}}) -> tensor<4x5xf32>
  %1 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<*xf32>
  %m = "tf.Const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.Tile"({{.*}}) -> tensor<6x6xf32>
  %2 = "tf.Tile"(%x, %m) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  %ax = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.ConcatV2"({{.*}}) -> tensor<2x?xf32>
  %3 = "tf.ConcatV2"(%x, %y, %ax) : (tensor<2x3xf32>, tensor<2x?xf32>, tensor<i32>) -> tensor<*xf32>
  // The unknown-rank value makes the concatenated dim unknown.
  // CHECK: "tf.ConcatV2"({{.*}}) -> tensor<2x?xf32>
  %4 = "tf.ConcatV2"(%x, %z, %x, %ax) : (tensor<2x3xf32>, tensor<*xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  %ax0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.ConcatV2"({{.*}}) -> tensor<?x3xf32>
  %5 = "tf.ConcatV2"(%x, %z, %ax0) : (tensor<2x3xf32>, tensor<*xf32>, tensor<i32>) -> tensor<*xf32>
  %perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.Transpose"({{.*}}) -> tensor<3x2xf32>
  %6 = "tf.Transpose"(%x, %perm) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @expand_squeeze_broadcast
func.func @expand_squeeze_broadcast(%x: tensor<3x1x2x1xf32>, %y: tensor<3xf32>, %u: tensor<?x1xf32>) -> () {
  %d = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.ExpandDims"({{.*}}) -> tensor<3x1xf32>
  %0 = "tf.ExpandDims"(%y, %d) : (tensor<3xf32>, tensor<i32>) -> tensor<*xf32>
  // CHECK: "tf.Squeeze"({{.*}}) -> tensor<3x2xf32>
  %1 = "tf.Squeeze"(%x) {squeeze_dims = []} : (tensor<3x1x2x1xf32>) -> tensor<*xf32>
  // CHECK: "tf.Squeeze"({{.*}}) -> tensor<3x2x1xf32>
  %2 = "tf.Squeeze"(%x) {squeeze_dims = [1]} : (tensor<3x1x2x1xf32>) -> tensor<*xf32>
  // Squeezing all 1s of a dynamic shape gives an unknown rank.
  // CHECK: "tf.Squeeze"({{.*}}) -> tensor<*xf32>
  %3 = "tf.Squeeze"(%u) {squeeze_dims = []} : (tensor<?x1xf32>) -> tensor<*xf32>
  %s = "tf.Const"() {value = dense<[4, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.BroadcastTo"({{.*}}) -> tensor<4x3xf32>
  %4 = "tf.BroadcastTo"(%y, %s) : (tensor<3xf32>, tensor<2xi32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @shape_ops
func.func @shape_ops(%x: tensor<2x?xf32>, %z: tensor<*xf32>) -> () {
  // CHECK: "tf.Shape"({{.*}}) -> tensor<2xi32>
  %0 = "tf.Shape"(%x) : (tensor<2x?xf32>) -> tensor<*xi32>
  // CHECK: "tf.Shape"({{.*}}) -> tensor<?xi32>
  %1 = "tf.Shape"(%z) : (tensor<*xf32>) -> tensor<*xi32>
  // CHECK: "tf.ShapeN"({{.*}}) -> (tensor<2xi64>, tensor<?xi64>)
  %2:2 = "tf.ShapeN"(%x, %z) : (tensor<2x?xf32>, tensor<*xf32>) -> (tensor<*xi64>, tensor<*xi64>)
  // CHECK: "tf.Size"({{.*}}) -> tensor<i32>
  %3 = "tf.Size"(%x) : (tensor<2x?xf32>) -> tensor<*xi32>
  // CHECK: "tf.Rank"({{.*}}) -> tensor<i32>
  %4 = "tf.Rank"(%z) : (tensor<*xf32>) -> tensor<*xi32>
  func.return
}

// CHECK-LABEL: func @split_pack
func.func @split_pack(%x: tensor<6x4xf32>, %y: tensor<?x4xf32>) -> () {
  %d = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.Split"({{.*}}) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  %0:3 = "tf.Split"(%d, %x) {num_split = 3 : i64} : (tensor<i32>, tensor<6x4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  %sz = "tf.Const"() {value = dense<[1, -1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  // CHECK: "tf.SplitV"({{.*}}) -> (tensor<1x4xf32>, tensor<3x4xf32>, tensor<2x4xf32>)
  %1:3 = "tf.SplitV"(%x, %sz, %d) : (tensor<6x4xf32>, tensor<3xi32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // CHECK: "tf.Unpack"({{.*}}) -> (tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>)
  %2:4 = "tf.Unpack"(%x) {axis = 1 : i64, num = 4 : i64} : (tensor<6x4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // CHECK: "tf.Pack"({{.*}}) -> tensor<6x2x4xf32>
  %3 = "tf.Pack"(%x, %y) {axis = 1 : i64, N = 2 : i64} : (tensor<6x4xf32>, tensor<?x4xf32>) -> tensor<*xf32>
  // Where has a dynamic first dim.
  // CHECK: "tf.Where"({{.*}}) -> tensor<?x2xi64>
  %4 = "tf.Where"(%x) : (tensor<6x4xf32>) -> tensor<*xi64>
  func.return
}

// Placeholder and Const take their attrs.
// CHECK-LABEL: func @placeholder
func.func @placeholder() -> () {
  // CHECK: "tf.Placeholder"() {{.*}} -> tensor<?x3xf32>
  %0 = "tf.Placeholder"() {dtype = f32, shape = #tf_type.shape<?x3>} : () -> tensor<*xf32>
  func.return
}

// Dims whose arithmetic overflows int64 stay unknown (never wrap negative);
// int64 Range sizes are exact beyond 2^53.
// CHECK-LABEL: func @int64_overflow
// CHECK: "tf.ConcatV2"{{.*}} -> tensor<?xf32>
// CHECK: "tf.Reshape"{{.*}} -> tensor<?xf32>
// CHECK: "tf.Range"{{.*}} -> tensor<9007199254740993xi64>
func.func @int64_overflow(%x: tensor<6000000000000000000xf32>, %y: tensor<4611686018427387904x4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xi64>) {
  %axis = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %c = "tf.ConcatV2"(%x, %x, %axis) : (tensor<6000000000000000000xf32>, tensor<6000000000000000000xf32>, tensor<i32>) -> tensor<*xf32>
  %shape = "tf.Const"() {value = dense<[-1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tf.Reshape"(%y, %shape) : (tensor<4611686018427387904x4xf32>, tensor<1xi32>) -> tensor<*xf32>
  %s = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %l = "tf.Const"() {value = dense<9007199254740993> : tensor<i64>} : () -> tensor<i64>
  %d = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %g = "tf.Range"(%s, %l, %d) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<*xi64>
  return %c, %r, %g : tensor<*xf32>, tensor<*xf32>, tensor<*xi64>
}
