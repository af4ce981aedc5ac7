// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the NN family (TFOpsNN.td), with the attrs the importer adds
// from TF's OpDef defaults.

// CHECK-LABEL: func @matmul
func.func @matmul(%a: tensor<3x5xf32>, %b: tensor<4x5xf32>, %x: tensor<2x1x3x5xf32>,
                  %y: tensor<7x5x4xf32>, %i8: tensor<2x3x5xi8>, %u: tensor<*xf32>) {
  // CHECK: "tf.MatMul"(%arg0, %arg1) {T = f32, grad_a = false, grad_b = false, transpose_a = false, transpose_b = true}
  %0 = "tf.MatMul"(%a, %b) {T = f32, transpose_a = false, transpose_b = true, grad_a = false, grad_b = false} : (tensor<3x5xf32>, tensor<4x5xf32>) -> tensor<3x4xf32>
  // CHECK: "tf.MatMul"(%arg5, %arg5)
  %1 = "tf.MatMul"(%u, %u) : (tensor<*xf32>, tensor<*xf32>) -> tensor<?x?xf32>
  // CHECK: "tf.BatchMatMulV2"(%arg2, %arg3) {T = f32, adj_x = false, adj_y = false}
  %2 = "tf.BatchMatMulV2"(%x, %y) {T = f32, adj_x = false, adj_y = false} : (tensor<2x1x3x5xf32>, tensor<7x5x4xf32>) -> tensor<2x7x3x4xf32>
  // CHECK: "tf.BatchMatMul"(%arg2, %arg2) {adj_y = true}
  %3 = "tf.BatchMatMul"(%x, %x) {adj_y = true} : (tensor<2x1x3x5xf32>, tensor<2x1x3x5xf32>) -> tensor<2x1x3x3xf32>
  // CHECK: "tf.BatchMatMulV3"(%arg4, %arg4) {Ta = i8, Tb = i8, Tout = i32, adj_x = true}
  %4 = "tf.BatchMatMulV3"(%i8, %i8) {Ta = i8, Tb = i8, Tout = i32, adj_x = true} : (tensor<2x3x5xi8>, tensor<2x3x5xi8>) -> tensor<2x5x5xi32>
  return
}

// CHECK-LABEL: func @convs
func.func @convs(%in: tensor<1x10x10x3xf32>, %w: tensor<3x3x3x8xf32>, %in_nchw: tensor<1x3x10x10xf32>,
                 %grp: tensor<1x10x10x6xf32>, %dw: tensor<3x3x3x2xf32>, %in5: tensor<1x4x8x8x2xf32>,
                 %w5: tensor<2x3x3x2x4xf32>, %sizes: tensor<4xi32>, %sizes5: tensor<5xi64>) {
  // CHECK: "tf.Conv2D"(%arg0, %arg1) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<1x10x10x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x5x5x8xf32>
  %0 = "tf.Conv2D"(%in, %w) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<1x10x10x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x5x5x8xf32>
  // VALID with dilation 2: effective window 5, out = (10 - 5 + 1) / 1 = 6.
  // CHECK: "tf.Conv2D"(%arg2, %arg1) {data_format = "NCHW", dilations = [1, 1, 2, 2], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x3x10x10xf32>, tensor<3x3x3x8xf32>) -> tensor<1x8x6x6xf32>
  %1 = "tf.Conv2D"(%in_nchw, %w) {data_format = "NCHW", dilations = [1, 1, 2, 2], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x3x10x10xf32>, tensor<3x3x3x8xf32>) -> tensor<1x8x6x6xf32>
  // EXPLICIT padding: (10 + 1 + 2 - 3 + 1) / 1 = 11 rows, (10 - 3 + 1) = 8 cols.
  // CHECK: "tf.Conv2D"(%arg0, %arg1) {explicit_paddings = [0, 0, 1, 2, 0, 0, 0, 0], padding = "EXPLICIT", strides = [1, 1, 1, 1]}
  %2 = "tf.Conv2D"(%in, %w) {explicit_paddings = [0, 0, 1, 2, 0, 0, 0, 0], padding = "EXPLICIT", strides = [1, 1, 1, 1]} : (tensor<1x10x10x3xf32>, tensor<3x3x3x8xf32>) -> tensor<1x11x8x8xf32>
  // Grouped convolution: 6 input channels, filter in-depth 3 -> 2 groups.
  // CHECK: "tf.Conv2D"(%arg3, %arg1)
  %3 = "tf.Conv2D"(%grp, %w) {padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x10x10x6xf32>, tensor<3x3x3x8xf32>) -> tensor<1x8x8x8xf32>
  // CHECK: "tf.DepthwiseConv2dNative"(%arg0, %arg4) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x10x10x3xf32>, tensor<3x3x3x2xf32>) -> tensor<1x10x10x6xf32>
  %4 = "tf.DepthwiseConv2dNative"(%in, %dw) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x10x10x3xf32>, tensor<3x3x3x2xf32>) -> tensor<1x10x10x6xf32>
  // CHECK: "tf.Conv3D"(%arg5, %arg6) {T = f32, data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<1x4x8x8x2xf32>, tensor<2x3x3x2x4xf32>) -> tensor<1x2x4x4x4xf32>
  %5 = "tf.Conv3D"(%in5, %w5) {T = f32, data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<1x4x8x8x2xf32>, tensor<2x3x3x2x4xf32>) -> tensor<1x2x4x4x4xf32>
  // CHECK: "tf.Conv2DBackpropInput"(%arg7, %arg1, %{{.*}}) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true}
  %6 = "tf.Conv2DBackpropInput"(%sizes, %w, %0) {T = f32, data_format = "NHWC", dilations = [1, 1, 1, 1], explicit_paddings = [], padding = "SAME", strides = [1, 2, 2, 1], use_cudnn_on_gpu = true} : (tensor<4xi32>, tensor<3x3x3x8xf32>, tensor<1x5x5x8xf32>) -> tensor<*xf32>
  %s = "tf.Const"() {value = dense<[1, 10, 10, 3]> : tensor<4xi32>} : () -> tensor<4xi32>
  // CHECK: "tf.Conv2DBackpropInput"(%{{.*}}, %arg1, %{{.*}}) {padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<4xi32>, tensor<3x3x3x8xf32>, tensor<1x5x5x8xf32>) -> tensor<1x10x10x3xf32>
  %7 = "tf.Conv2DBackpropInput"(%s, %w, %0) {padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<4xi32>, tensor<3x3x3x8xf32>, tensor<1x5x5x8xf32>) -> tensor<1x10x10x3xf32>
  // CHECK: "tf.Conv3DBackpropInputV2"(%arg8, %arg6, %{{.*}}) {T = f32, Tshape = i64, data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]}
  %8 = "tf.Conv3DBackpropInputV2"(%sizes5, %w5, %5) {T = f32, Tshape = i64, data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "SAME", strides = [1, 2, 2, 2, 1]} : (tensor<5xi64>, tensor<2x3x3x2x4xf32>, tensor<1x2x4x4x4xf32>) -> tensor<1x4x8x8x2xf32>
  return
}

// CHECK-LABEL: func @bias_and_norm
func.func @bias_and_norm(%x: tensor<1x5x5x8xf32>, %b: tensor<8xf32>, %nchw: tensor<2x8x5xf32>,
                         %e: tensor<0xf32>, %x5: tensor<1x2x3x4x8xf32>, %h: tensor<1x5x5x8xf16>) {
  // CHECK: "tf.BiasAdd"(%arg0, %arg1) {T = f32, data_format = "NHWC"}
  %0 = "tf.BiasAdd"(%x, %b) {T = f32, data_format = "NHWC"} : (tensor<1x5x5x8xf32>, tensor<8xf32>) -> tensor<1x5x5x8xf32>
  // CHECK: "tf.BiasAdd"(%arg2, %arg1) {data_format = "NCHW"}
  %1 = "tf.BiasAdd"(%nchw, %b) {data_format = "NCHW"} : (tensor<2x8x5xf32>, tensor<8xf32>) -> tensor<2x8x5xf32>
  // CHECK: "tf.BiasAddV1"(%arg0, %arg1)
  %2 = "tf.BiasAddV1"(%x, %b) : (tensor<1x5x5x8xf32>, tensor<8xf32>) -> tensor<1x5x5x8xf32>
  // Training mode: mean and variance may be empty.
  // CHECK: "tf.FusedBatchNorm"(%arg0, %arg1, %arg1, %arg3, %arg3) {T = f32, data_format = "NHWC", epsilon = 1.000000e-03 : f32, exponential_avg_factor = 1.000000e+00 : f32, is_training = true}
  %3:5 = "tf.FusedBatchNorm"(%x, %b, %b, %e, %e) {T = f32, data_format = "NHWC", epsilon = 0.001 : f32, exponential_avg_factor = 1.0 : f32, is_training = true} : (tensor<1x5x5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<0xf32>, tensor<0xf32>) -> (tensor<1x5x5x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  // CHECK: "tf.FusedBatchNormV2"(%arg5, %arg1, %arg1, %arg1, %arg1) {T = f16, U = f32, is_training = false}
  %4:5 = "tf.FusedBatchNormV2"(%h, %b, %b, %b, %b) {T = f16, U = f32, is_training = false} : (tensor<1x5x5x8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x5x5x8xf16>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
  // CHECK: "tf.FusedBatchNormV3"(%arg4, %arg1, %arg1, %arg1, %arg1) {data_format = "NDHWC"}
  %5:6 = "tf.FusedBatchNormV3"(%x5, %b, %b, %b, %b) {data_format = "NDHWC"} : (tensor<1x2x3x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x2x3x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<*xf32>)
  // CHECK: "tf.LRN"(%arg0) {alpha = 1.000000e+00 : f32, beta = 5.000000e-01 : f32, bias = 1.000000e+00 : f32, depth_radius = 5 : i64}
  %6 = "tf.LRN"(%x) {alpha = 1.0 : f32, beta = 0.5 : f32, bias = 1.0 : f32, depth_radius = 5 : i64} : (tensor<1x5x5x8xf32>) -> tensor<1x5x5x8xf32>
  return
}

// CHECK-LABEL: func @pools
func.func @pools(%x: tensor<1x5x5x8xf32>, %x5: tensor<1x4x6x6x2xf32>, %v: tensor<1x2x5x5x4xi8>) {
  // CHECK: "tf.MaxPool"(%arg0) {T = f32, data_format = "NHWC", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x5x5x8xf32>) -> tensor<1x2x2x8xf32>
  %0 = "tf.MaxPool"(%x) {T = f32, data_format = "NHWC", explicit_paddings = [], ksize = [1, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x5x5x8xf32>) -> tensor<1x2x2x8xf32>
  // CHECK: "tf.AvgPool"(%arg0) {T = f32, data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x5x5x8xf32>) -> tensor<1x3x3x8xf32>
  %1 = "tf.AvgPool"(%x) {T = f32, data_format = "NHWC", ksize = [1, 3, 3, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x5x5x8xf32>) -> tensor<1x3x3x8xf32>
  // CHECK: "tf.MaxPool3D"(%arg1) {T = f32, data_format = "NDHWC", ksize = [1, 2, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 2, 1]} : (tensor<1x4x6x6x2xf32>) -> tensor<1x2x3x3x2xf32>
  %2 = "tf.MaxPool3D"(%x5) {T = f32, data_format = "NDHWC", ksize = [1, 2, 2, 2, 1], padding = "VALID", strides = [1, 2, 2, 2, 1]} : (tensor<1x4x6x6x2xf32>) -> tensor<1x2x3x3x2xf32>
  // CHECK: "tf.AvgPool3D"(%arg1) {data_format = "NCDHW", ksize = [1, 1, 2, 2, 2], padding = "SAME", strides = [1, 1, 2, 2, 2]} : (tensor<1x4x6x6x2xf32>) -> tensor<1x4x3x3x1xf32>
  %3 = "tf.AvgPool3D"(%x5) {data_format = "NCDHW", ksize = [1, 1, 2, 2, 2], padding = "SAME", strides = [1, 1, 2, 2, 2]} : (tensor<1x4x6x6x2xf32>) -> tensor<1x4x3x3x1xf32>
  // CHECK: "tf.MaxPoolWithArgmax"(%arg0) {T = f32, Targmax = i64, include_batch_in_index = false, ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 1]}
  %4:2 = "tf.MaxPoolWithArgmax"(%x) {T = f32, Targmax = i64, include_batch_in_index = false, ksize = [1, 2, 2, 1], padding = "SAME", strides = [1, 2, 2, 1]} : (tensor<1x5x5x8xf32>) -> (tensor<1x3x3x8xf32>, tensor<1x3x3x8xi64>)
  // NCHW_VECT_C inputs are 5-D.
  // CHECK: "tf.MaxPool"(%arg2) {data_format = "NCHW_VECT_C", ksize = [1, 1, 2, 2], padding = "VALID", strides = [1, 1, 2, 2]}
  %5 = "tf.MaxPool"(%v) {data_format = "NCHW_VECT_C", ksize = [1, 1, 2, 2], padding = "VALID", strides = [1, 1, 2, 2]} : (tensor<1x2x5x5x4xi8>) -> tensor<1x2x2x2x4xi8>
  return
}

// CHECK-LABEL: func @activations
func.func @activations(%x: tensor<2x3xf32>, %l: tensor<4xi64>, %k: tensor<i32>, %t: tensor<4xi32>) {
  // CHECK: "tf.Relu"(%arg0) {T = f32}
  %0 = "tf.Relu"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Relu6"(%arg0)
  %1 = "tf.Relu6"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Elu"(%arg0)
  %2 = "tf.Elu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Selu"(%arg0)
  %3 = "tf.Selu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.LeakyRelu"(%arg0) {T = f32, alpha = 2.000000e-01 : f32}
  %4 = "tf.LeakyRelu"(%x) {T = f32, alpha = 0.2 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Softplus"(%arg0)
  %5 = "tf.Softplus"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Softsign"(%arg0)
  %6 = "tf.Softsign"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Sigmoid"(%arg0)
  %7 = "tf.Sigmoid"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Tanh"(%arg0)
  %8 = "tf.Tanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Softmax"(%arg0)
  %9 = "tf.Softmax"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.LogSoftmax"(%arg0)
  %10 = "tf.LogSoftmax"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.L2Loss"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<f32>
  %11 = "tf.L2Loss"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<f32>
  // CHECK: "tf.SoftmaxCrossEntropyWithLogits"(%arg0, %arg0)
  %12:2 = "tf.SoftmaxCrossEntropyWithLogits"(%x, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2x3xf32>)
  // CHECK: "tf.SparseSoftmaxCrossEntropyWithLogits"(%arg0, %{{.*}}) {T = f32, Tlabels = i64}
  %lab = "tf.Const"() {value = dense<[0, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %13:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%x, %lab) {T = f32, Tlabels = i64} : (tensor<2x3xf32>, tensor<2xi64>) -> (tensor<2xf32>, tensor<2x3xf32>)
  // CHECK: "tf.InTopKV2"(%arg0, %{{.*}}, %arg2)
  %tg = "tf.Const"() {value = dense<[0, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %14 = "tf.InTopKV2"(%x, %tg, %k) : (tensor<2x3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2xi1>
  return
}
