// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel{min-flops=0}))' -mlir-print-debuginfo=false -mlir-print-elementsattrs-with-hex-if-larger=100000 | FileCheck %s
// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel{min-flops=0 conv=false}))' | FileCheck %s --check-prefix=NOCONV
// hlo-cpu-gemm-ukernel: a k x k NHWC convolution with a constant filter and
// its epilogue become one call of the implicit GEMM of runtime/cpu
// (Conv2d.h); the HWIO filter, read as [KH*KW*C, O], is packed at compile
// time into [ceil(O/32), KH*KW*C, 32] panels.

// A 2x2 window, C = 8, O = 2, W[kh][kw][c][o] = 100 kh + 10 kw + c + o/2:
// K = 32 rows (k = (kh*2 + kw)*8 + c) of 32 lanes, two used. Stride 2,
// TF's SAME padding (bottom/right), BiasAdd, residual, Relu.
// CHECK-LABEL: func @conv2x2_s2_bias_res_relu
// CHECK: %[[P:.*]] = hlo.constant dense<{{\[\[\[}}0.000000e+00, 5.000000e-01, 0.000000e+00
// CHECK-SAME: [1.000000e+00, 1.500000e+00, 0.000000e+00
// CHECK-SAME: [1.000000e+01, 1.050000e+01, 0.000000e+00
// CHECK-SAME: [1.000000e+02, 1.005000e+02, 0.000000e+00
// CHECK-SAME: [1.170000e+02, 1.175000e+02, 0.000000e+00
// CHECK-SAME: tensor<1x32x32xf32>
// CHECK: %[[C:.*]] = hlo.custom_call "tfmlir_rt_conv2d_packed"(%arg0, %[[P]], %arg1, %arg2) {backend_config = "activation=relu;bias=1;residual=1;transpose_b=0;strides=2,2;dilations=1,1;pad=0,0;window=2,2", has_side_effect = false} : (tensor<1x5x5x8xf32>, tensor<1x32x32xf32>, tensor<2xf32>, tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NOT: hlo.convolution
// CHECK-NOT: hlo.maximum
// CHECK: return %[[C]]
// NOCONV-LABEL: func @conv2x2_s2_bias_res_relu
// NOCONV: hlo.convolution
// NOCONV-NOT: custom_call
func.func @conv2x2_s2_bias_res_relu(%x: tensor<1x5x5x8xf32>, %b: tensor<2xf32>, %r: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  %w = hlo.constant dense<[[[[0.0, 0.5], [1.0, 1.5], [2.0, 2.5], [3.0, 3.5], [4.0, 4.5], [5.0, 5.5], [6.0, 6.5], [7.0, 7.5]], [[10.0, 10.5], [11.0, 11.5], [12.0, 12.5], [13.0, 13.5], [14.0, 14.5], [15.0, 15.5], [16.0, 16.5], [17.0, 17.5]]], [[[100.0, 100.5], [101.0, 101.5], [102.0, 102.5], [103.0, 103.5], [104.0, 104.5], [105.0, 105.5], [106.0, 106.5], [107.0, 107.5]], [[110.0, 110.5], [111.0, 111.5], [112.0, 112.5], [113.0, 113.5], [114.0, 114.5], [115.0, 115.5], [116.0, 116.5], [117.0, 117.5]]]]> : tensor<2x2x8x2xf32>
  %0 = hlo.convolution %x, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<1x5x5x8xf32>, tensor<2x2x8x2xf32>) -> tensor<1x3x3x2xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %1 = hlo.add %0, %bb : tensor<1x3x3x2xf32>
  %2 = hlo.add %1, %r : tensor<1x3x3x2xf32>
  %z = hlo.constant dense<0.0> : tensor<1x3x3x2xf32>
  %3 = hlo.maximum %2, %z : tensor<1x3x3x2xf32>
  return %3 : tensor<1x3x3x2xf32>
}

// -----

// 3x3 SAME with dilation 2 (pad 2 on each side), C = 8: the window config.
// CHECK-LABEL: func @conv3x3_dilated
// CHECK: hlo.custom_call "tfmlir_rt_conv2d_packed"(%arg0, %{{.*}}) {backend_config = "activation=none;bias=0;residual=0;transpose_b=0;strides=1,1;dilations=2,2;pad=2,2;window=3,3"
// CHECK-SAME: (tensor<1x6x6x8xf32>, tensor<1x72x32xf32>) -> tensor<1x6x6x1xf32>
func.func @conv3x3_dilated(%x: tensor<1x6x6x8xf32>) -> tensor<1x6x6x1xf32> {
  %w = hlo.constant dense<[[[[0.0], [0.25], [0.5], [0.75], [1.0], [1.25], [1.5], [1.75]], [[1.0], [1.25], [1.5], [1.75], [2.0], [2.25], [2.5], [2.75]], [[2.0], [2.25], [2.5], [2.75], [3.0], [3.25], [3.5], [3.75]]], [[[3.0], [3.25], [3.5], [3.75], [4.0], [4.25], [4.5], [4.75]], [[4.0], [4.25], [4.5], [4.75], [5.0], [5.25], [5.5], [5.75]], [[5.0], [5.25], [5.5], [5.75], [6.0], [6.25], [6.5], [6.75]]], [[[6.0], [6.25], [6.5], [6.75], [7.0], [7.25], [7.5], [7.75]], [[7.0], [7.25], [7.5], [7.75], [8.0], [8.25], [8.5], [8.75]], [[8.0], [8.25], [8.5], [8.75], [9.0], [9.25], [9.5], [9.75]]]]> : tensor<3x3x8x1xf32>
  %0 = hlo.convolution %x, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<2> : tensor<2x2xi64>, rhs_dilation = array<i64: 2, 2>} : (tensor<1x6x6x8xf32>, tensor<3x3x8x1xf32>) -> tensor<1x6x6x1xf32>
  return %0 : tensor<1x6x6x1xf32>
}

// -----

// A filter that is not a constant stays a convolution (the generated
// loops); so does a grouped convolution that is not depthwise.
// CHECK-LABEL: func @conv_runtime_filter
// CHECK: hlo.convolution
// CHECK-NOT: custom_call
func.func @conv_runtime_filter(%x: tensor<1x5x5x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32> {
  %0 = hlo.convolution %x, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<1x5x5x2xf32>, tensor<3x3x2x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}

// -----

// CHECK-LABEL: func @conv_grouped
// CHECK: hlo.convolution
// CHECK-NOT: custom_call
func.func @conv_grouped(%x: tensor<1x4x4x4xf32>) -> tensor<1x3x3x2xf32> {
  %w = hlo.constant dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]], [[[9.0, 1.0], [2.0, 3.0]], [[4.0, 5.0], [6.0, 7.0]]]]> : tensor<2x2x2x2xf32>
  %0 = hlo.convolution %x, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {feature_group_count = 2 : i64} : (tensor<1x4x4x4xf32>, tensor<2x2x2x2xf32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----

// Fewer than 8 input channels (an RGB stem) stay in the generated loops.
// CHECK-LABEL: func @conv_rgb_stem
// CHECK: hlo.convolution
// CHECK-NOT: custom_call
func.func @conv_rgb_stem(%x: tensor<1x5x5x3xf32>) -> tensor<1x3x3x4xf32> {
  %w = hlo.constant dense<[[[[1.0, 2.0, 3.0, 4.0], [2.0, 3.0, 4.0, 5.0], [3.0, 4.0, 5.0, 6.0]], [[2.0, 3.0, 4.0, 5.0], [3.0, 4.0, 5.0, 6.0], [4.0, 5.0, 6.0, 7.0]], [[3.0, 4.0, 5.0, 6.0], [4.0, 5.0, 6.0, 7.0], [5.0, 6.0, 7.0, 8.0]]], [[[2.0, 3.0, 4.0, 5.0], [3.0, 4.0, 5.0, 6.0], [4.0, 5.0, 6.0, 7.0]], [[3.0, 4.0, 5.0, 6.0], [4.0, 5.0, 6.0, 7.0], [5.0, 6.0, 7.0, 8.0]], [[4.0, 5.0, 6.0, 7.0], [5.0, 6.0, 7.0, 8.0], [6.0, 7.0, 8.0, 9.0]]], [[[3.0, 4.0, 5.0, 6.0], [4.0, 5.0, 6.0, 7.0], [5.0, 6.0, 7.0, 8.0]], [[4.0, 5.0, 6.0, 7.0], [5.0, 6.0, 7.0, 8.0], [6.0, 7.0, 8.0, 9.0]], [[5.0, 6.0, 7.0, 8.0], [6.0, 7.0, 8.0, 9.0], [7.0, 8.0, 9.0, 10.0]]]]> : tensor<3x3x3x4xf32>
  %0 = hlo.convolution %x, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<1x5x5x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %0 : tensor<1x3x3x4xf32>
}
