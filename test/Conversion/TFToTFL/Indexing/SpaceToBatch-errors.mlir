// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// TFLite's DEPTH_TO_SPACE and SPACE_TO_DEPTH take NHWC only: TF's NCHW (and
// NCHW_VECT_C) forms are refused with the reason.
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK: Ops whose TFLite builtin cannot take them as they are (2)
// CHECK-DAG: tf.DepthToSpace x1: d2s (only data_format NHWC is supported)
// CHECK-DAG: tf.SpaceToDepth x1: s2d (only data_format NHWC is supported)
func.func @main(%x: tensor<1x8x2x3xf32>, %y: tensor<1x2x4x6xf32>) -> (tensor<1x2x4x6xf32>, tensor<1x8x2x3xf32>) {
  %0 = "tf.DepthToSpace"(%x) {block_size = 2 : i64, data_format = "NCHW"} : (tensor<1x8x2x3xf32>) -> tensor<1x2x4x6xf32> loc("d2s")
  %1 = "tf.SpaceToDepth"(%y) {block_size = 2 : i64, data_format = "NCHW"} : (tensor<1x2x4x6xf32>) -> tensor<1x8x2x3xf32> loc("s2d")
  func.return %0, %1 : tensor<1x2x4x6xf32>, tensor<1x8x2x3xf32>
}
