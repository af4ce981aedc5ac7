// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// Image, matrix, scan and top-k ops.

// CHECK-LABEL: func @matrix_diag
func.func @matrix_diag(%d: tensor<2x3xf32>, %m: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xf32>) {
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  // CHECK: %[[R:.*]] = hlo.iota dim = 1 : tensor<2x3x3xi32>
  // CHECK: %[[C:.*]] = hlo.iota dim = 2 : tensor<2x3x3xi32>
  // CHECK: %[[EQ:.*]] = hlo.compare EQ, %[[R]], %[[C]], SIGNED
  // CHECK: hlo.select %[[EQ]], %[[B]], %{{.*}} : tensor<2x3x3xi1>, tensor<2x3x3xf32>
  %0 = "tf.MatrixDiag"(%d) : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  // CHECK: hlo.select %{{.*}}, %{{.*}}, %arg1 : tensor<2x3x3xi1>, tensor<2x3x3xf32>
  %1 = "tf.MatrixSetDiag"(%m, %d) : (tensor<2x3x3xf32>, tensor<2x3xf32>) -> tensor<2x3x3xf32>
  func.return %0, %1 : tensor<2x3x3xf32>, tensor<2x3x3xf32>
}

// CHECK-LABEL: func @roll
func.func @roll(%x: tensor<5xf32>) -> tensor<5xf32> {
  // Shift -3 on 5 elements = shift 2: concat(x[3:], x[:3]).
  // CHECK: %[[T:.*]] = hlo.slice %arg0, start = [3], limit = [5], strides = [1]
  // CHECK: %[[H:.*]] = hlo.slice %arg0, start = [0], limit = [3], strides = [1]
  // CHECK: hlo.concatenate(%[[T]], %[[H]]) dim = 0
  %s = "tf.Const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Roll"(%x, %s, %a) : (tensor<5xf32>, tensor<i32>, tensor<i32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// CHECK-LABEL: func @cumsum
func.func @cumsum(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  // Inclusive: a window of 4 over the axis padded by 3 before.
  // CHECK: hlo.reduce_window(%arg0) init(%{{.*}}) {padding = dense<{{\[\[}}0, 0], [3, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 4>}
  // CHECK: hlo.add
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Cumsum"(%x, %a) {exclusive = false, reverse = false} : (tensor<2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
  // Exclusive + reverse: shift left by one (pad high 1, low -1), window padded after.
  // CHECK: %[[P:.*]] = hlo.pad %arg0, %{{.*}}, low = [0, -1], high = [0, 1], interior = [0, 0]
  // CHECK: hlo.reduce_window(%[[P]]) init(%{{.*}}) {padding = dense<{{\[\[}}0, 0], [0, 3]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 4>}
  // CHECK: hlo.multiply
  %1 = "tf.Cumprod"(%x, %a) {exclusive = true, reverse = true} : (tensor<2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
  func.return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// CHECK-LABEL: func @top_k
func.func @top_k(%x: tensor<3x6xf32>) -> (tensor<3x2xf32>, tensor<3x2xi32>) {
  // CHECK: %[[I:.*]] = hlo.iota dim = 1 : tensor<3x6xi32>
  // CHECK: %[[S:.*]]:2 = hlo.sort(%arg0, %[[I]]) {dimension = 1 : i64, is_stable = true}
  // CHECK: hlo.compare GT
  // CHECK: hlo.slice %[[S]]#0, start = [0, 0], limit = [3, 2], strides = [1, 1]
  // CHECK: hlo.slice %[[S]]#1, start = [0, 0], limit = [3, 2], strides = [1, 1]
  %k = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %v, %i = "tf.TopKV2"(%x, %k) {sorted = true} : (tensor<3x6xf32>, tensor<i32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  func.return %v, %i : tensor<3x2xf32>, tensor<3x2xi32>
}

// CHECK-LABEL: func @contrast_l2
func.func @contrast_l2(%x: tensor<1x2x2x3xf32>, %f: tensor<f32>) -> (tensor<1x2x2x3xf32>, tensor<f32>) {
  // CHECK: %[[S:.*]] = hlo.reduce(%arg0) init(%{{.*}}) dims = [1, 2]
  // CHECK: %[[M:.*]] = hlo.divide %[[S]], %{{.*}} : tensor<1x3xf32>
  // CHECK: hlo.broadcast_in_dim %[[M]], dims = [0, 3] : (tensor<1x3xf32>) -> tensor<1x2x2x3xf32>
  %0 = "tf.AdjustContrastv2"(%x, %f) : (tensor<1x2x2x3xf32>, tensor<f32>) -> tensor<1x2x2x3xf32>
  // CHECK: %[[SQ:.*]] = hlo.multiply %arg0, %arg0
  // CHECK: %[[SS:.*]] = hlo.reduce(%[[SQ]]) init(%{{.*}}) dims = [0, 1, 2, 3]
  // CHECK: hlo.divide %[[SS]], %{{.*}} : tensor<f32>
  %1 = "tf.L2Loss"(%x) : (tensor<1x2x2x3xf32>) -> tensor<f32>
  func.return %0, %1 : tensor<1x2x2x3xf32>, tensor<f32>
}

// CHECK-LABEL: func @segment_sum
func.func @segment_sum(%d: tensor<4x2xf32>, %ids: tensor<4xi32>) -> tensor<3x2xf32> {
  // CHECK: %[[CI:.*]] = hlo.custom_call "tfmlir_rt_check_indices"(%arg1) {backend_config = "segment\0A4\0A3\0A{{.*}}"}
  // CHECK: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<3x2xf32>
  // CHECK: hlo.scatter(%[[Z]]) indices(%[[CI]]) updates(%arg0) <update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<3x2xf32>, tensor<4xi32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.add
  %n = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<4x2xf32>, tensor<4xi32>, tensor<i32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func @sparse_xent
func.func @sparse_xent(%x: tensor<2x3xf32>, %l: tensor<2xi32>) -> (tensor<2xf32>, tensor<2x3xf32>) {
  // One-hot labels from an iota over the classes.
  // CHECK: %[[C:.*]] = hlo.iota dim = 1 : tensor<2x3xi32>
  // CHECK: %[[LB:.*]] = hlo.broadcast_in_dim %arg1, dims = [0] : (tensor<2xi32>) -> tensor<2x3xi32>
  // CHECK: hlo.compare EQ, %[[C]], %[[LB]], SIGNED
  // CHECK: hlo.negate
  %0, %1 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%x, %l) : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<2xf32>, tensor<2x3xf32>)
  func.return %0, %1 : tensor<2xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func @space_batch
func.func @space_batch(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x1xf32> {
  // CHECK: %[[P:.*]] = hlo.pad %arg0, %{{.*}}, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0]
  // CHECK: %[[R:.*]] = hlo.reshape %[[P]] : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x2x2x1xf32>
  // CHECK: %[[T:.*]] = hlo.transpose %[[R]], dims = [2, 4, 0, 1, 3, 5] : (tensor<1x2x2x2x2x1xf32>) -> tensor<2x2x1x2x2x1xf32>
  // CHECK: %[[S:.*]] = hlo.reshape %[[T]] : (tensor<2x2x1x2x2x1xf32>) -> tensor<4x2x2x1xf32>
  %bs = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<0> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.SpaceToBatchND"(%x, %bs, %p) : (tensor<1x4x4x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x2x2x1xf32>
  // Back: [2, 2, 1, 2, 2, 1] -> [1, 2, 2, 2, 2, 1] -> [1, 4, 4, 1].
  // CHECK: %[[B:.*]] = hlo.reshape %[[S]] : (tensor<4x2x2x1xf32>) -> tensor<2x2x1x2x2x1xf32>
  // CHECK: %[[BT:.*]] = hlo.transpose %[[B]], dims = [2, 3, 0, 4, 1, 5] : (tensor<2x2x1x2x2x1xf32>) -> tensor<1x2x2x2x2x1xf32>
  // CHECK: %[[BR:.*]] = hlo.reshape %[[BT]] : (tensor<1x2x2x2x2x1xf32>) -> tensor<1x4x4x1xf32>
  // CHECK: hlo.slice %[[BR]], start = [0, 0, 0, 0], limit = [1, 4, 4, 1], strides = [1, 1, 1, 1]
  %1 = "tf.BatchToSpaceND"(%0, %bs, %p) : (tensor<4x2x2x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x4x4x1xf32>
  func.return %1 : tensor<1x4x4x1xf32>
}

// CHECK-LABEL: func @resize
func.func @resize(%x: tensor<1x2x2x1xf32>) -> (tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>) {
  // Bilinear, legacy coordinates i * 0.5: rows/cols 0, 0.5, 1, 1.5 -> lo
  // [0, 0, 1, 1], hi [0, 1, 1, 1], lerp [0, 0.5, 0, 0.5]; W first, then H.
  // CHECK: %[[LO:.*]] = hlo.constant dense<[0, 0, 1, 1]> : tensor<4xi32>
  // CHECK: %[[A:.*]] = hlo.gather %arg0, %[[LO]], <offset_dims = [0, 1, 3], collapsed_slice_dims = [2], {{.*}}, start_index_map = [2], index_vector_dim = 1>, sizes = [1, 2, 1, 1] : (tensor<1x2x2x1xf32>, tensor<4xi32>) -> tensor<1x2x4x1xf32>
  // CHECK: %[[HI:.*]] = hlo.constant dense<[0, 1, 1, 1]> : tensor<4xi32>
  // CHECK: %[[C:.*]] = hlo.gather %arg0, %[[HI]]
  // CHECK: %[[L:.*]] = hlo.constant dense<[0.000000e+00, 5.000000e-01, 0.000000e+00, 5.000000e-01]> : tensor<4xf32>
  // CHECK: %[[LB:.*]] = hlo.broadcast_in_dim %[[L]], dims = [2] : (tensor<4xf32>) -> tensor<1x2x4x1xf32>
  // CHECK: %[[D:.*]] = hlo.subtract %[[C]], %[[A]]
  // CHECK: %[[M:.*]] = hlo.multiply %[[D]], %[[LB]]
  // CHECK: hlo.add %[[A]], %[[M]] : tensor<1x2x4x1xf32>
  // CHECK: hlo.gather %{{.*}}, %{{.*}}, <offset_dims = [0, 2, 3], collapsed_slice_dims = [1], {{.*}}sizes = [1, 1, 4, 1] : (tensor<1x2x4x1xf32>, tensor<4xi32>) -> tensor<1x4x4x1xf32>
  %s = "tf.Const"() {value = dense<4> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.ResizeBilinear"(%x, %s) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x4x4x1xf32>
  // Nearest, half-pixel: floor((i + 0.5) * 0.5) = [0, 0, 1, 1].
  // CHECK: %[[NI:.*]] = hlo.constant dense<[0, 0, 1, 1]> : tensor<4xi32>
  // CHECK: hlo.gather %arg0, %[[NI]]
  %1 = "tf.ResizeNearestNeighbor"(%x, %s) {align_corners = false, half_pixel_centers = true} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x4x4x1xf32>
  func.return %0, %1 : tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>
}

// CHECK-LABEL: func @mirror_pad
func.func @mirror_pad(%x: tensor<3xf32>) -> tensor<6xf32> {
  // REFLECT [1, 2] on [a, b, c]: [b | a b c | b a].
  // CHECK: %[[L:.*]] = hlo.slice %arg0, start = [1], limit = [2], strides = [1]
  // CHECK: %[[LR:.*]] = hlo.reverse %[[L]], dims = [0]
  // CHECK: %[[H:.*]] = hlo.slice %arg0, start = [0], limit = [2], strides = [1]
  // CHECK: %[[HR:.*]] = hlo.reverse %[[H]], dims = [0]
  // CHECK: hlo.concatenate(%[[LR]], %arg0, %[[HR]]) dim = 0
  %p = "tf.Const"() {value = dense<[[1, 2]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<6xf32>
  func.return %0 : tensor<6xf32>
}
