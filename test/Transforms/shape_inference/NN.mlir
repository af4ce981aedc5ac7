// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s
// tf-shape-inference: shape functions of the NN family (the ops of dialects/tf/TFOpsNN.td).

// CHECK-LABEL: func @matmul
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>, %c: tensor<5x1x3x4xf32>, %d: tensor<7x4x6xf32>, %e: tensor<*xf32>) -> () {
  // CHECK: "tf.MatMul"({{.*}}) -> tensor<2x4xf32>
  %0 = "tf.MatMul"(%a, %b) {transpose_a = false, transpose_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<*xf32>
  // CHECK: "tf.MatMul"({{.*}}) -> tensor<3x3xf32>
  %1 = "tf.MatMul"(%a, %a) {transpose_a = true, transpose_b = false} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  // Batch dims broadcast: [5,1] x [7] -> [5,7].
  // CHECK: "tf.BatchMatMulV2"({{.*}}) -> tensor<5x7x3x6xf32>
  %2 = "tf.BatchMatMulV2"(%c, %d) {adj_x = false, adj_y = false} : (tensor<5x1x3x4xf32>, tensor<7x4x6xf32>) -> tensor<*xf32>
  // CHECK: "tf.BatchMatMulV2"({{.*}}) -> tensor<5x1x4x4xf32>
  %3 = "tf.BatchMatMulV2"(%c, %c) {adj_x = true, adj_y = false} : (tensor<5x1x3x4xf32>, tensor<5x1x3x4xf32>) -> tensor<*xf32>
  // CHECK: "tf.MatMul"({{.*}}) -> tensor<?x3xf32>
  %4 = "tf.MatMul"(%e, %a) {transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @conv
func.func @conv(%x: tensor<1x5x5x2xf32>, %f: tensor<2x2x2x3xf32>, %xc: tensor<1x2x5x5xf32>, %x3: tensor<1x4x6x6x2xf32>, %f3: tensor<2x3x3x2x4xf32>, %df: tensor<3x3x2x2xf32>) -> () {
  // SAME: ceil(5 / 2) = 3 (W), 5 (H, stride 1).
  // CHECK: "tf.Conv2D"({{.*}}) -> tensor<1x5x3x3xf32>
  %0 = "tf.Conv2D"(%x, %f) {data_format = "NHWC", dilations = [1, 1, 2, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>) -> tensor<*xf32>
  // VALID with dilation 2: effective window 3 -> (5 - 3 + 2) / 2 = 2.
  // CHECK: "tf.Conv2D"({{.*}}) -> tensor<1x2x2x3xf32>
  %1 = "tf.Conv2D"(%x, %f) {data_format = "NHWC", dilations = [1, 2, 2, 1], explicit_paddings = [], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>) -> tensor<*xf32>
  // NCHW.
  // CHECK: "tf.Conv2D"({{.*}}) -> tensor<1x3x4x4xf32>
  %2 = "tf.Conv2D"(%xc, %f) {data_format = "NCHW", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x2x5x5xf32>, tensor<2x2x2x3xf32>) -> tensor<*xf32>
  // EXPLICIT padding (H: 1+2, W: 0+0).
  // CHECK: "tf.Conv2D"({{.*}}) -> tensor<1x7x4x3xf32>
  %3 = "tf.Conv2D"(%x, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [0, 0, 1, 2, 0, 0, 0, 0], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x5x5x2xf32>, tensor<2x2x2x3xf32>) -> tensor<*xf32>
  // CHECK: "tf.Conv3D"({{.*}}) -> tensor<1x3x4x4x4xf32>
  %4 = "tf.Conv3D"(%x3, %f3) {data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<1x4x6x6x2xf32>, tensor<2x3x3x2x4xf32>) -> tensor<*xf32>
  // Depthwise: out channels = in channels * multiplier.
  // CHECK: "tf.DepthwiseConv2dNative"({{.*}}) -> tensor<1x3x3x4xf32>
  %5 = "tf.DepthwiseConv2dNative"(%x, %df) {data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x5x5x2xf32>, tensor<3x3x2x2xf32>) -> tensor<*xf32>
  %sizes = "tf.Const"() {value = dense<[1, 5, 5, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  // CHECK: "tf.Conv2DBackpropInput"({{.*}}) -> tensor<1x5x5x2xf32>
  %6 = "tf.Conv2DBackpropInput"(%sizes, %f, %0) {data_format = "NHWC", dilations = [1, 1, 2, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 2, 1]} : (tensor<4xi32>, tensor<2x2x2x3xf32>, tensor<*xf32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @pools
func.func @pools(%x: tensor<2x7x7x3xf32>, %xc: tensor<2x3x7x7xf32>, %x3: tensor<1x4x4x4x2xf32>) -> () {
  // CHECK: "tf.MaxPool"({{.*}}) -> tensor<2x3x3x3xf32>
  %0 = "tf.MaxPool"(%x) {data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<2x7x7x3xf32>) -> tensor<*xf32>
  // CHECK: "tf.AvgPool"({{.*}}) -> tensor<2x3x4x4xf32>
  %1 = "tf.AvgPool"(%xc) {data_format = "NCHW", ksize = [1, 1, 3, 3], padding = "SAME", strides = [1, 1, 2, 2]} : (tensor<2x3x7x7xf32>) -> tensor<*xf32>
  // CHECK: "tf.MaxPool3D"({{.*}}) -> tensor<1x2x2x2x2xf32>
  %2 = "tf.MaxPool3D"(%x3) {data_format = "NDHWC", ksize = [1, 2, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 2, 1]} : (tensor<1x4x4x4x2xf32>) -> tensor<*xf32>
  // CHECK: "tf.MaxPoolWithArgmax"({{.*}}) -> (tensor<2x4x4x3xf32>, tensor<2x4x4x3xi64>)
  %3:2 = "tf.MaxPoolWithArgmax"(%x) {ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<2x7x7x3xf32>) -> (tensor<*xf32>, tensor<*xi64>)
  func.return
}

// CHECK-LABEL: func @bias_batchnorm
func.func @bias_batchnorm(%x: tensor<2x4x4x3xf32>, %b: tensor<3xf32>, %xc: tensor<2x3x4x4xf32>, %u: tensor<*xf32>) -> () {
  // CHECK: "tf.BiasAdd"({{.*}}) -> tensor<2x4x4x3xf32>
  %0 = "tf.BiasAdd"(%x, %b) {data_format = "NHWC"} : (tensor<2x4x4x3xf32>, tensor<3xf32>) -> tensor<*xf32>
  // CHECK: "tf.BiasAdd"({{.*}}) -> tensor<2x3x4x4xf32>
  %1 = "tf.BiasAdd"(%xc, %b) {data_format = "NCHW"} : (tensor<2x3x4x4xf32>, tensor<3xf32>) -> tensor<*xf32>
  // CHECK: "tf.FusedBatchNormV3"({{.*}}) -> (tensor<2x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<*xf32>)
  %2:6 = "tf.FusedBatchNormV3"(%x, %b, %b, %b, %b) {data_format = "NHWC", epsilon = 0.001 : f32, is_training = false} : (tensor<2x4x4x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // The channel dim comes from scale when x is unknown.
  // CHECK: "tf.FusedBatchNorm"({{.*}}) -> (tensor<?x?x?x3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>)
  %3:5 = "tf.FusedBatchNorm"(%u, %b, %b, %b, %b) {data_format = "NHWC", epsilon = 0.001 : f32, is_training = false} : (tensor<*xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  // CHECK: "tf.Softmax"({{.*}}) -> tensor<2x4x4x3xf32>
  %4 = "tf.Softmax"(%x) : (tensor<2x4x4x3xf32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @einsum
func.func @einsum(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>) -> () {
  // CHECK: "tf.Einsum"({{.*}}) -> tensor<2x3x5xf32>
  %0 = "tf.Einsum"(%a, %b) {equation = "bij,bjk->bik"} : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<*xf32>
  func.return
}
