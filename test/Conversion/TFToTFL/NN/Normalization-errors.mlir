// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// FusedBatchNorm in training mode (it normalizes with the batch's own
// moments and updates the running ones: no TFLite builtin), a used
// reserve_space_3 and a data_format other than NHWC / NCHW are refused
// with the reason.
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK: Ops whose TFLite builtin cannot take them as they are (1)
// CHECK-NEXT: tf.FusedBatchNormV3 x3: train (FusedBatchNorm in training mode (is_training = true) is not supported), reserve3 (reserve_space_3 is used), ndhwc (data_format NDHWC is not supported)
func.func @main(%x: tensor<1x2x2x2xf32>, %x5: tensor<1x2x2x2x2xf32>, %p: tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<*xf32>, tensor<1x2x2x2x2xf32>) {
  %y0, %a0, %b0, %c0, %d0, %e0 = "tf.FusedBatchNormV3"(%x, %p, %p, %p, %p) {data_format = "NHWC", epsilon = 0.001 : f32, is_training = true} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<*xf32>) loc("train")
  %y1, %a1, %b1, %c1, %d1, %e1 = "tf.FusedBatchNormV3"(%x, %p, %p, %p, %p) {data_format = "NHWC", epsilon = 0.001 : f32, is_training = false} : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<*xf32>) loc("reserve3")
  %y2, %a2, %b2, %c2, %d2, %e2 = "tf.FusedBatchNormV3"(%x5, %p, %p, %p, %p) {data_format = "NDHWC", epsilon = 0.001 : f32, is_training = false} : (tensor<1x2x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<*xf32>) loc("ndhwc")
  func.return %y0, %e1, %y2 : tensor<1x2x2x2xf32>, tensor<*xf32>, tensor<1x2x2x2x2xf32>
}
