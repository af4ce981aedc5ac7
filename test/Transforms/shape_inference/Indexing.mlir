// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s
// tf-shape-inference: shape functions of the Indexing family (the ops of dialects/tf/TFOpsIndexing.td).

// CHECK-LABEL: func @select_addn
func.func @select_addn(%c: tensor<4xi1>, %t: tensor<4x3xf32>, %e: tensor<?x3xf32>, %sc: tensor<i1>, %b: tensor<1x3xf32>) -> () {
  // Select: t and e merge; a vector condition matches dim 0.
  // CHECK: "tf.Select"({{.*}}) -> tensor<4x3xf32>
  %0 = "tf.Select"(%c, %t, %e) : (tensor<4xi1>, tensor<4x3xf32>, tensor<?x3xf32>) -> tensor<*xf32>
  // SelectV2 broadcasts all three.
  // CHECK: "tf.SelectV2"({{.*}}) -> tensor<4x3xf32>
  %1 = "tf.SelectV2"(%sc, %b, %t) : (tensor<i1>, tensor<1x3xf32>, tensor<4x3xf32>) -> tensor<*xf32>
  // CHECK: "tf.AddN"({{.*}}) -> tensor<4x3xf32>
  %2 = "tf.AddN"(%t, %e, %t) : (tensor<4x3xf32>, tensor<?x3xf32>, tensor<4x3xf32>) -> tensor<*xf32>
  // CHECK: "tf.L2Loss"({{.*}}) -> tensor<f32>
  %3 = "tf.L2Loss"(%t) : (tensor<4x3xf32>) -> tensor<*xf32>
  func.return
}

// Array ops whose shape functions read constant inputs (TF's
// input_tensor / MakeShapeFromShapeTensor).

// CHECK-LABEL: func @gathers
func.func @gathers(%p: tensor<5x6x7xf32>, %i: tensor<2x3xi32>, %j: tensor<4x2xi32>) -> () {
  // CHECK: "tf.Gather"({{.*}}) -> tensor<2x3x6x7xf32>
  %0 = "tf.Gather"(%p, %i) {validate_indices = true} : (tensor<5x6x7xf32>, tensor<2x3xi32>) -> tensor<*xf32>
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.GatherV2"({{.*}}) -> tensor<5x2x3x7xf32>
  %1 = "tf.GatherV2"(%p, %i, %a) {batch_dims = 0 : i64} : (tensor<5x6x7xf32>, tensor<2x3xi32>, tensor<i32>) -> tensor<*xf32>
  // CHECK: "tf.GatherNd"({{.*}}) -> tensor<4x7xf32>
  %2 = "tf.GatherNd"(%p, %j) : (tensor<5x6x7xf32>, tensor<4x2xi32>) -> tensor<*xf32>
  %depth = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %on = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK: "tf.OneHot"({{.*}}) -> tensor<2x10x3xf32>
  %3 = "tf.OneHot"(%i, %depth, %on, %on) {axis = 1 : i64} : (tensor<2x3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @space_batch_depth
func.func @space_batch_depth(%x: tensor<2x4x6x3xf32>) -> () {
  %b = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<[[0, 0], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // CHECK: "tf.SpaceToBatchND"({{.*}}) -> tensor<12x2x2x3xf32>
  %0 = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<2x4x6x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<*xf32>
  // CHECK: "tf.BatchToSpaceND"({{.*}}) -> tensor<2x4x6x3xf32>
  %1 = "tf.BatchToSpaceND"(%0, %b, %p) : (tensor<*xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<*xf32>
  // CHECK: "tf.SpaceToDepth"({{.*}}) -> tensor<2x2x3x12xf32>
  %2 = "tf.SpaceToDepth"(%x) {block_size = 2 : i64, data_format = "NHWC"} : (tensor<2x4x6x3xf32>) -> tensor<*xf32>
  // CHECK: "tf.DepthToSpace"({{.*}}) -> tensor<2x4x6x3xf32>
  %3 = "tf.DepthToSpace"(%2) {block_size = 2 : i64, data_format = "NHWC"} : (tensor<*xf32>) -> tensor<*xf32>
  func.return
}
