// RUN: tf-opt %s -tfl-legalize-tf=fuse=false -mlir-print-debuginfo=false | FileCheck %s

// MaxPool / AvgPool -> MAX_POOL_2D / AVERAGE_POOL_2D: TF's ksize and strides
// [1, h, w, 1] (NHWC) or [1, 1, h, w] (NCHW) become filter_height /
// filter_width and stride_h / stride_w, TF's SAME / VALID the padding; an
// NCHW input is transposed to NHWC and the result back.

// CHECK-LABEL: func @pool
func.func @pool(%x: tensor<1x4x4x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  // CHECK: "tfl.max_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 2 : i32, stride_w = 2 : i32}
  %0 = "tf.MaxPool"(%x) {data_format = "NHWC", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  // CHECK: "tfl.average_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 2 : i32, stride_w = 2 : i32}
  %1 = "tf.AvgPool"(%x) {data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %0, %1 : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}

// Non-square windows and strides: H and W are not swapped.
// CHECK-LABEL: func @pool_hw
func.func @pool_hw(%x: tensor<1x6x8x3xf32>) -> (tensor<1x6x4x3xf32>, tensor<1x5x3x3xf32>) {
  // SAME, ksize 3x2, strides 1x2: out = ceil(6/1) x ceil(8/2) = 6x4.
  // CHECK: "tfl.max_pool_2d"(%arg0) {filter_height = 3 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "SAME", stride_h = 1 : i32, stride_w = 2 : i32} : (tensor<1x6x8x3xf32>) -> tensor<1x6x4x3xf32>
  %0 = "tf.MaxPool"(%x) {data_format = "NHWC", ksize = [1, 3, 2, 1], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<1x6x8x3xf32>) -> tensor<1x6x4x3xf32>
  // VALID, ksize 2x3, strides 1x2: out = (6-2)/1+1 x (8-3)/2+1 = 5x3.
  // CHECK: "tfl.average_pool_2d"(%arg0) {filter_height = 2 : i32, filter_width = 3 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 1 : i32, stride_w = 2 : i32} : (tensor<1x6x8x3xf32>) -> tensor<1x5x3x3xf32>
  %1 = "tf.AvgPool"(%x) {data_format = "NHWC", ksize = [1, 2, 3, 1], padding = "VALID", strides = [1, 1, 2, 1]} : (tensor<1x6x8x3xf32>) -> tensor<1x5x3x3xf32>
  func.return %0, %1 : tensor<1x6x4x3xf32>, tensor<1x5x3x3xf32>
}

// NCHW: ksize / strides read at dims 2 and 3; the input is transposed to
// NHWC (perm [0, 2, 3, 1]) and the result back (perm [0, 3, 1, 2]).
// CHECK-LABEL: func @pool_nchw
// CHECK-DAG: %[[TO:.*]] = "tfl.pseudo_const"() {value = dense<[0, 2, 3, 1]> : tensor<4xi32>}
// CHECK-DAG: %[[FROM:.*]] = "tfl.pseudo_const"() {value = dense<[0, 3, 1, 2]> : tensor<4xi32>}
// CHECK: %[[T:.*]] = "tfl.transpose"(%arg0, %[[TO]]) : (tensor<1x3x6x8xf32>, tensor<4xi32>) -> tensor<1x6x8x3xf32>
// CHECK: %[[P:.*]] = "tfl.max_pool_2d"(%[[T]]) {filter_height = 3 : i32, filter_width = 2 : i32, fused_activation_function = "NONE", padding = "VALID", stride_h = 3 : i32, stride_w = 2 : i32} : (tensor<1x6x8x3xf32>) -> tensor<1x2x4x3xf32>
// CHECK: "tfl.transpose"(%[[P]], %[[FROM]]) : (tensor<1x2x4x3xf32>, tensor<4xi32>) -> tensor<1x3x2x4xf32>
func.func @pool_nchw(%x: tensor<1x3x6x8xf32>) -> tensor<1x3x2x4xf32> {
  %0 = "tf.MaxPool"(%x) {data_format = "NCHW", ksize = [1, 1, 3, 2], padding = "VALID", strides = [1, 1, 3, 2]} : (tensor<1x3x6x8xf32>) -> tensor<1x3x2x4xf32>
  func.return %0 : tensor<1x3x2x4xf32>
}
