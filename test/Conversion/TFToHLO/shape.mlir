// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// Shape ops with constant shape operands become static hlo data movement.

// CHECK-LABEL: func @reshape_transpose_concat
func.func @reshape_transpose_concat(%x: tensor<2x3xf32>, %y: tensor<2x1xf32>) -> (tensor<3x2xf32>, tensor<2x4xf32>, tensor<6xf32>) {
  // CHECK: hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
  // CHECK: hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.concatenate(%arg0, %arg1) dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %s = "tf.Const"() {value = dense<[6]> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  %p = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.Transpose"(%x, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  %a = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.ConcatV2"(%x, %y, %a) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<i32>) -> tensor<2x4xf32>
  func.return %1, %2, %0 : tensor<3x2xf32>, tensor<2x4xf32>, tensor<6xf32>
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

// CHECK-LABEL: func @fill_range_gather
func.func @fill_range_gather(%t: tensor<5x2xf32>, %i: tensor<3xi32>, %s0: tensor<i32>) -> (tensor<2x3xf32>, tensor<4xi32>, tensor<3x2xf32>, tensor<4xi32>) {
  // Fill of a constant folds to a splat.
  // CHECK: hlo.constant dense<1.500000e+00> : tensor<2x3xf32>
  %d = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %v = "tf.Const"() {value = dense<1.5> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
  // Constant operands: a constant.
  // CHECK: hlo.constant dense<[1, 3, 5, 7]> : tensor<4xi32>
  %st = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %li = "tf.Const"() {value = dense<9> : tensor<i32>} : () -> tensor<i32>
  %de = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %1 = "tf.Range"(%st, %li, %de) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  // A run-time start: start + iota * delta.
  // CHECK: %[[IOTA:.*]] = hlo.iota dim = 0 : tensor<4xi32>
  // CHECK: %[[MUL:.*]] = hlo.multiply %[[IOTA]], %{{.*}} : tensor<4xi32>
  // CHECK: hlo.add %{{.*}}, %[[MUL]] : tensor<4xi32>
  %r = "tf.Range"(%s0, %li, %de) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  // CHECK: %[[CI:.*]] = hlo.custom_call "tfmlir_rt_check_indices"(%arg1) {backend_config = "gather\0A3\0A5\0A{{.*}}"} : (tensor<3xi32>) -> tensor<3xi32>
  // CHECK: hlo.gather %arg0, %[[CI]], <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1, 2] : (tensor<5x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.GatherV2"(%t, %i, %ax) {batch_dims = 0 : i64} : (tensor<5x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x2xf32>
  func.return %0, %1, %2, %r : tensor<2x3xf32>, tensor<4xi32>, tensor<3x2xf32>, tensor<4xi32>
}
