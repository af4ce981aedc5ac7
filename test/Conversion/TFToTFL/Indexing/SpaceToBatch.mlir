// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Block rearrangements: SpaceToBatchND / BatchToSpaceND -> SPACE_TO_BATCH_ND
// / BATCH_TO_SPACE_ND (block_shape and paddings / crops as int32);
// DepthToSpace / SpaceToDepth (NHWC) -> DEPTH_TO_SPACE / SPACE_TO_DEPTH with
// TF's block_size (TFLite's DEPTH_TO_SPACE reads the depth in TF's DCR
// order). Any dtype.

// CHECK-LABEL: func @space_batch
// CHECK-DAG: %[[B:.*]] = "tfl.pseudo_const"() {value = dense<2> : tensor<2xi32>}
// CHECK-DAG: %[[P:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[}}0, 1], [1, 1]]> : tensor<2x2xi32>}
// CHECK-DAG: %[[C:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[}}0, 0], [1, 0]]> : tensor<2x2xi32>}
// CHECK: "tfl.space_to_batch_nd"(%arg0, %[[B]], %[[P]]) : (tensor<1x3x2x1xi32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<4x2x2x1xi32>
// CHECK: "tfl.batch_to_space_nd"(%arg1, %[[B]], %[[C]]) : (tensor<4x2x2x1xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<1x4x3x1xf32>
func.func @space_batch(%x: tensor<1x3x2x1xi32>, %y: tensor<4x2x2x1xf32>) -> (tensor<4x2x2x1xi32>, tensor<1x4x3x1xf32>) {
  %b = "tf.Const"() {value = dense<2> : tensor<2xi64>} : () -> tensor<2xi64>
  %p = "tf.Const"() {value = dense<[[0, 1], [1, 1]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %c = "tf.Const"() {value = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %0 = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<1x3x2x1xi32>, tensor<2xi64>, tensor<2x2xi64>) -> tensor<4x2x2x1xi32>
  %1 = "tf.BatchToSpaceND"(%y, %b, %c) : (tensor<4x2x2x1xf32>, tensor<2xi64>, tensor<2x2xi64>) -> tensor<1x4x3x1xf32>
  func.return %0, %1 : tensor<4x2x2x1xi32>, tensor<1x4x3x1xf32>
}

// CHECK-LABEL: func @depth_space
// CHECK: "tfl.depth_to_space"(%arg0) {block_size = 2 : i32} : (tensor<1x2x3x8xf32>) -> tensor<1x4x6x2xf32>
// CHECK: "tfl.space_to_depth"(%arg1) {block_size = 2 : i32} : (tensor<1x4x6x2xf32>) -> tensor<1x2x3x8xf32>
func.func @depth_space(%x: tensor<1x2x3x8xf32>, %y: tensor<1x4x6x2xf32>) -> (tensor<1x4x6x2xf32>, tensor<1x2x3x8xf32>) {
  %0 = "tf.DepthToSpace"(%x) {block_size = 2 : i64, data_format = "NHWC"} : (tensor<1x2x3x8xf32>) -> tensor<1x4x6x2xf32>
  %1 = "tf.SpaceToDepth"(%y) {block_size = 2 : i64} : (tensor<1x4x6x2xf32>) -> tensor<1x2x3x8xf32>
  func.return %0, %1 : tensor<1x4x6x2xf32>, tensor<1x2x3x8xf32>
}
