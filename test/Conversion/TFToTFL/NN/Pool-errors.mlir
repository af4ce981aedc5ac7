// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// Pools MAX_POOL_2D / AVERAGE_POOL_2D cannot express are refused with the
// reason: a window or stride over the batch or channel dim (TF's CPU
// kernels refuse it too) and MaxPool's EXPLICIT padding (TFLite's Padding
// is SAME or VALID only).
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK: Ops whose TFLite builtin cannot take them as they are (2)
// CHECK-DAG: tf.MaxPool x2: depth (ksize on the batch or channel dim must be 1), explicit (padding EXPLICIT is not supported)
// CHECK-DAG: tf.AvgPool x1: chstride (strides on the batch or channel dim must be 1)
func.func @main(%x: tensor<1x4x4x2xf32>) -> (tensor<1x4x4x1xf32>, tensor<1x6x6x2xf32>, tensor<1x4x4x1xf32>) {
  %0 = "tf.MaxPool"(%x) {data_format = "NHWC", ksize = [1, 1, 1, 2], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x1xf32> loc("depth")
  %1 = "tf.MaxPool"(%x) {data_format = "NHWC", explicit_paddings = [0, 0, 1, 1, 1, 1, 0, 0], ksize = [1, 1, 1, 1], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x6x6x2xf32> loc("explicit")
  %2 = "tf.AvgPool"(%x) {data_format = "NHWC", ksize = [1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 2]} : (tensor<1x4x4x2xf32>) -> tensor<1x4x4x1xf32> loc("chstride")
  func.return %0, %1, %2 : tensor<1x4x4x1xf32>, tensor<1x6x6x2xf32>, tensor<1x4x4x1xf32>
}
