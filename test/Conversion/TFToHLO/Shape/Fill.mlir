// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Shape/Fill.cpp.

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
