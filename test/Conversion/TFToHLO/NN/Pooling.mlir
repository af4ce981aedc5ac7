// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/NN/Pooling.cpp.

// CHECK-LABEL: func @argmax_pool
// Flat indices (y * W + x) * C + c without the batch term, then a running
// max over the 4 window offsets: taken when strictly greater or nothing is
// taken yet, and never from padding (index -1).
// CHECK: %[[IDX:.*]] = hlo.iota dim = 3 : tensor<1x4x4x1xi64>
// CHECK-NOT: hlo.iota dim = 0
// CHECK: hlo.pad %arg0
// CHECK: %[[V0:.*]] = hlo.slice %{{.*}}, start = [0, 0, 0, 0], limit = [1, 3, 3, 1], strides = [1, 2, 2, 1]
// CHECK: %[[V1:.*]] = hlo.slice %{{.*}}, start = [0, 0, 1, 0], limit = [1, 3, 4, 1], strides = [1, 2, 2, 1]
// CHECK: %[[NONE:.*]] = hlo.compare  LT, %{{.*}}, %{{.*}},  SIGNED
// CHECK: %[[REAL:.*]] = hlo.compare  GE
// CHECK: %[[GT:.*]] = hlo.compare  GT, %[[V1]], %[[V0]],  FLOAT
// CHECK: %[[OR:.*]] = hlo.or %[[GT]], %[[NONE]]
// CHECK: %[[TAKE:.*]] = hlo.and %[[OR]], %[[REAL]]
// CHECK: hlo.select %[[TAKE]], %[[V1]], %[[V0]]
// CHECK: return %{{.*}}, %{{.*}} : tensor<1x2x2x1xf32>, tensor<1x2x2x1xi64>
func.func @argmax_pool(%x: tensor<1x4x4x1xf32>) -> (tensor<1x2x2x1xf32>, tensor<1x2x2x1xi64>) {
  %o, %i = "tf.MaxPoolWithArgmax"(%x) {ksize = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = "VALID", include_batch_in_index = false, Targmax = i64} : (tensor<1x4x4x1xf32>) -> (tensor<1x2x2x1xf32>, tensor<1x2x2x1xi64>)
  func.return %o, %i : tensor<1x2x2x1xf32>, tensor<1x2x2x1xi64>
}

// CHECK-LABEL: func @pools
func.func @pools(%x: tensor<1x4x4x2xf32>) -> (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) {
  // CHECK: hlo.reduce_window(%arg0) init(%{{.*}}) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<1x4x4x2xf32>, tensor<f32>) -> tensor<1x2x2x2xf32>
  // CHECK: hlo.maximum
  %0 = "tf.MaxPool"(%x) {data_format = "NHWC", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  // SAME 3x3 stride 2 on 4: pad (0, 1); divide by the count of real elements.
  // CHECK: %[[S:.*]] = hlo.reduce_window(%arg0) init(%{{.*}}) {padding = dense<{{\[\[}}0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}
  // CHECK: %[[ONES:.*]] = hlo.constant dense<1.000000e+00> : tensor<1x4x4x2xf32>
  // CHECK: %[[C:.*]] = hlo.reduce_window(%[[ONES]])
  // CHECK: hlo.divide %[[S]], %[[C]] : tensor<1x2x2x2xf32>
  %1 = "tf.AvgPool"(%x) {data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x4x4x2xf32>) -> tensor<1x2x2x2xf32>
  func.return %0, %1 : tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>
}
