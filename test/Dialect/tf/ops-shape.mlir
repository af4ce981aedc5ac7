// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the shape family (TFOpsShape.td).

// CHECK-LABEL: func @reshapes
func.func @reshapes(%x: tensor<2x3x4xf32>, %s: tensor<2xi64>, %u: tensor<*xf32>) {
  %shape = "tf.Const"() {value = dense<[-1, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.Reshape"(%arg0, %{{.*}}) {T = f32, Tshape = i32} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<6x4xf32>
  %0 = "tf.Reshape"(%x, %shape) {T = f32, Tshape = i32} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<6x4xf32>
  // CHECK: "tf.Reshape"(%arg2, %arg1) : (tensor<*xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %1 = "tf.Reshape"(%u, %s) : (tensor<*xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %m1 = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.ExpandDims"(%arg0, %{{.*}}) {T = f32, Tdim = i32} : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x3x4x1xf32>
  %2 = "tf.ExpandDims"(%x, %m1) {T = f32, Tdim = i32} : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<2x3x4x1xf32>
  // CHECK: "tf.Squeeze"(%{{.*}}) {T = f32, squeeze_dims = [-1]} : (tensor<2x3x4x1xf32>) -> tensor<2x3x4xf32>
  %3 = "tf.Squeeze"(%2) {T = f32, squeeze_dims = [-1]} : (tensor<2x3x4x1xf32>) -> tensor<2x3x4xf32>
  // CHECK: "tf.Squeeze"(%{{.*}}) {squeeze_dims = []} : (tensor<2x3x4x1xf32>) -> tensor<2x3x4xf32>
  %4 = "tf.Squeeze"(%2) {squeeze_dims = []} : (tensor<2x3x4x1xf32>) -> tensor<2x3x4xf32>
  %perm = "tf.Const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // CHECK: "tf.Transpose"(%arg0, %{{.*}}) {T = f32, Tperm = i32} : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
  %5 = "tf.Transpose"(%x, %perm) {T = f32, Tperm = i32} : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
  return
}

// CHECK-LABEL: func @concat_split
func.func @concat_split(%a: tensor<2x3xf32>, %b: tensor<2x5xf32>, %c: tensor<?x3xf32>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %zero = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.ConcatV2"(%arg0, %arg1, %{{.*}}) {N = 2 : i64, T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<2x5xf32>, tensor<i32>) -> tensor<2x8xf32>
  %0 = "tf.ConcatV2"(%a, %b, %one) {N = 2 : i64, T = f32, Tidx = i32} : (tensor<2x3xf32>, tensor<2x5xf32>, tensor<i32>) -> tensor<2x8xf32>
  // CHECK: "tf.Concat"(%{{.*}}, %arg0, %arg2) {N = 2 : i64} : (tensor<i32>, tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "tf.Concat"(%zero, %a, %c) {N = 2 : i64} : (tensor<i32>, tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK: "tf.Pack"(%arg0, %arg2) {N = 2 : i64, T = f32, axis = 1 : i64} : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<2x2x3xf32>
  %2 = "tf.Pack"(%a, %c) {N = 2 : i64, T = f32, axis = 1 : i64} : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<2x2x3xf32>
  // CHECK: "tf.Unpack"(%arg0) {T = f32, axis = -1 : i64, num = 3 : i64} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  %3:3 = "tf.Unpack"(%a) {T = f32, axis = -1 : i64, num = 3 : i64} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
  // CHECK: "tf.Split"(%{{.*}}, %arg0) {T = f32, num_split = 3 : i64} : (tensor<i32>, tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %4:3 = "tf.Split"(%one, %a) {T = f32, num_split = 3 : i64} : (tensor<i32>, tensor<2x3xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
  %sizes = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi64>} : () -> tensor<2xi64>
  // CHECK: "tf.SplitV"(%arg1, %{{.*}}, %{{.*}}) {T = f32, Tlen = i64, num_split = 2 : i64} : (tensor<2x5xf32>, tensor<2xi64>, tensor<i32>) -> (tensor<2x1xf32>, tensor<2x4xf32>)
  %5:2 = "tf.SplitV"(%b, %sizes, %one) {T = f32, Tlen = i64, num_split = 2 : i64} : (tensor<2x5xf32>, tensor<2xi64>, tensor<i32>) -> (tensor<2x1xf32>, tensor<2x4xf32>)
  // CHECK: "tf.ParallelConcat"
  %r = "tf.Reshape"(%a, %sizes) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<1x6xf32>
  %6 = "tf.ParallelConcat"(%r, %r) {N = 2 : i64, shape = #tf_type.shape<2x6>} : (tensor<1x6xf32>, tensor<1x6xf32>) -> tensor<2x6xf32>
  return
}

// CHECK-LABEL: func @slices
func.func @slices(%x: tensor<4x5x6xf32>) {
  %b = "tf.Const"() {value = dense<[1, 0, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %s = "tf.Const"() {value = dense<[2, -1, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  // CHECK: "tf.Slice"(%arg0, %{{.*}}, %{{.*}}) {Index = i32, T = f32} : (tensor<4x5x6xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<2x5x3xf32>
  %0 = "tf.Slice"(%x, %b, %s) {Index = i32, T = f32} : (tensor<4x5x6xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<2x5x3xf32>
  // x[1, :, ::2] with shrink, end and begin masks.
  %sb = "tf.Const"() {value = dense<[1, 0, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %se = "tf.Const"() {value = dense<[2, 0, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %ss = "tf.Const"() {value = dense<[1, 1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  // CHECK: "tf.StridedSlice"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {Index = i32, T = f32, begin_mask = 6 : i64, ellipsis_mask = 0 : i64, end_mask = 6 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5x6xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<5x3xf32>
  %1 = "tf.StridedSlice"(%x, %sb, %se, %ss) {Index = i32, T = f32, begin_mask = 6 : i64, ellipsis_mask = 0 : i64, end_mask = 6 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5x6xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<5x3xf32>
  // x[..., tf.newaxis, -1]: ellipsis, new axis and a negative shrink index.
  %eb = "tf.Const"() {value = dense<[0, 0, -1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %ee = "tf.Const"() {value = dense<[0, 0, 0]> : tensor<3xi32>} : () -> tensor<3xi32>
  %es = "tf.Const"() {value = dense<1> : tensor<3xi32>} : () -> tensor<3xi32>
  // CHECK: "tf.StridedSlice"{{.*}}ellipsis_mask = 1 : i64{{.*}}new_axis_mask = 2 : i64, shrink_axis_mask = 4 : i64}{{.*}} -> tensor<4x5x1xf32>
  %2 = "tf.StridedSlice"(%x, %eb, %ee, %es) {ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 4 : i64} : (tensor<4x5x6xf32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<4x5x1xf32>
  // Reverse slice x[::-1] with clamping: begin -1, end masked, stride -1.
  %rb = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %re = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %rs = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  // CHECK: "tf.StridedSlice"{{.*}}end_mask = 1 : i64{{.*}} -> tensor<4x5x6xf32>
  %3 = "tf.StridedSlice"(%x, %rb, %re, %rs) {end_mask = 1 : i64} : (tensor<4x5x6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4x5x6xf32>
  // Out-of-range range indices clamp: x[2:100] along dim 0 has 2 rows.
  %cb = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %ce = "tf.Const"() {value = dense<100> : tensor<1xi32>} : () -> tensor<1xi32>
  // CHECK: "tf.StridedSlice"{{.*}} -> tensor<2x5x6xf32>
  %cs = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %4 = "tf.StridedSlice"(%x, %cb, %ce, %cs) : (tensor<4x5x6xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<2x5x6xf32>
  return
}

// CHECK-LABEL: func @pad_tile
func.func @pad_tile(%x: tensor<2x3xf32>, %c: tensor<f32>) {
  %p = "tf.Const"() {value = dense<[[1, 1], [0, 2]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // CHECK: "tf.Pad"(%arg0, %{{.*}}) {T = f32, Tpaddings = i32} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<4x5xf32>
  %0 = "tf.Pad"(%x, %p) {T = f32, Tpaddings = i32} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<4x5xf32>
  // CHECK: "tf.PadV2"(%arg0, %{{.*}}, %arg1)
  %1 = "tf.PadV2"(%x, %p, %c) : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<4x5xf32>
  // CHECK: "tf.MirrorPad"(%arg0, %{{.*}}) {mode = "REFLECT"}
  %2 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<4x5xf32>
  %m = "tf.Const"() {value = dense<[2, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.Tile"(%arg0, %{{.*}}) {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x0xf32>
  %3 = "tf.Tile"(%x, %m) {T = f32, Tmultiples = i32} : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x0xf32>
  %s = "tf.Const"() {value = dense<[4, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  // CHECK: "tf.BroadcastTo"(%arg0, %{{.*}}) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
  %4 = "tf.BroadcastTo"(%x, %s) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
  // CHECK: "tf.BroadcastArgs"(%{{.*}}, %{{.*}}) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  %m2 = "tf.Const"() {value = dense<[1, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %5 = "tf.BroadcastArgs"(%s, %m2) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  return
}

// CHECK-LABEL: func @create_and_query
func.func @create_and_query(%x: tensor<2x?xf32>, %v: tensor<f32>, %s: tensor<*x!tf_type.string>) {
  %d = "tf.Const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.Fill"(%{{.*}}, %arg1) {T = f32, index_type = i32} : (tensor<2xi32>, tensor<f32>) -> tensor<3x2xf32>
  %0 = "tf.Fill"(%d, %v) {T = f32, index_type = i32} : (tensor<2xi32>, tensor<f32>) -> tensor<3x2xf32>
  // CHECK: "tf.ZerosLike"(%arg0) {T = f32}
  %1 = "tf.ZerosLike"(%x) {T = f32} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  // CHECK: "tf.OnesLike"(%arg0)
  %2 = "tf.OnesLike"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  // CHECK: "tf.Empty"(%{{.*}}) {dtype = f32, init = true} : (tensor<2xi32>) -> tensor<3x2xf32>
  %3 = "tf.Empty"(%d) {dtype = f32, init = true} : (tensor<2xi32>) -> tensor<3x2xf32>
  // CHECK: "tf.Shape"(%arg0) {T = f32, out_type = i64} : (tensor<2x?xf32>) -> tensor<2xi64>
  %4 = "tf.Shape"(%x) {T = f32, out_type = i64} : (tensor<2x?xf32>) -> tensor<2xi64>
  // CHECK: "tf.ShapeN"(%arg0, %arg2) {N = 2 : i64} : (tensor<2x?xf32>, tensor<*x!tf_type.string>) -> (tensor<2xi32>, tensor<?xi32>)
  %5:2 = "tf.ShapeN"(%x, %s) {N = 2 : i64} : (tensor<2x?xf32>, tensor<*x!tf_type.string>) -> (tensor<2xi32>, tensor<?xi32>)
  // CHECK: "tf.Size"(%arg2) : (tensor<*x!tf_type.string>) -> tensor<i32>
  %6 = "tf.Size"(%s) : (tensor<*x!tf_type.string>) -> tensor<i32>
  // CHECK: "tf.Rank"(%arg0) : (tensor<2x?xf32>) -> tensor<i32>
  %7 = "tf.Rank"(%x) : (tensor<2x?xf32>) -> tensor<i32>
  // CHECK: "tf.Snapshot"(%arg0)
  %8 = "tf.Snapshot"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  // CHECK: "tf.EnsureShape"(%arg0) {shape = #tf_type.shape<2x3>} : (tensor<2x?xf32>) -> tensor<2x3xf32>
  %9 = "tf.EnsureShape"(%x) {shape = #tf_type.shape<2x3>} : (tensor<2x?xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.DeepCopy"(%arg0)
  %10 = "tf.DeepCopy"(%x) : (tensor<2x?xf32>) -> tensor<2x?xf32>
  // CHECK: "tf.InvertPermutation"(%{{.*}})
  %11 = "tf.InvertPermutation"(%d) : (tensor<2xi32>) -> tensor<2xi32>
  return
}
