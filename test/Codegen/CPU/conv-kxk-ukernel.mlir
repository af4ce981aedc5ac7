// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel{min-flops=0}))' -mlir-print-debuginfo=false -mlir-print-elementsattrs-with-hex-if-larger=1000 | FileCheck %s
// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel{min-flops=0 conv=false}))' | FileCheck %s --check-prefix=NOCONV
// hlo-cpu-gemm-ukernel: a k x k NHWC convolution with a constant filter and
// its epilogue become one call of the implicit GEMM of runtime/cpu
// (Conv2d.h); the HWIO filter, read as [KH*KW*C, O], is packed at compile
// time into [ceil(O/32), KH*KW*C, 32] panels.

// A 2x2 window, C = 1, O = 2: K = 4 rows (k = kh*2 + kw) of 32 lanes, two
// used. Stride 2, TF's SAME padding (bottom/right), BiasAdd, residual, Relu.
// CHECK-LABEL: func @conv2x2_s2_bias_res_relu
// CHECK: %[[P:.*]] = hlo.constant dense<{{\[\[\[}}1.000000e+00, 2.000000e+00, 0.000000e+00
// CHECK-SAME: [3.000000e+00, 4.000000e+00, 0.000000e+00
// CHECK-SAME: [5.000000e+00, 6.000000e+00, 0.000000e+00
// CHECK-SAME: [7.000000e+00, 8.000000e+00, 0.000000e+00
// CHECK-SAME: tensor<1x4x32xf32>
// CHECK: %[[C:.*]] = hlo.custom_call "tfmlir_rt_conv2d_packed"(%arg0, %[[P]], %arg1, %arg2) {backend_config = "activation=relu;bias=1;residual=1;transpose_b=0;strides=2,2;dilations=1,1;pad=0,0;window=2,2", has_side_effect = false} : (tensor<1x5x5x1xf32>, tensor<1x4x32xf32>, tensor<2xf32>, tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NOT: hlo.convolution
// CHECK-NOT: hlo.maximum
// CHECK: return %[[C]]
// NOCONV-LABEL: func @conv2x2_s2_bias_res_relu
// NOCONV: hlo.convolution
// NOCONV-NOT: custom_call
func.func @conv2x2_s2_bias_res_relu(%x: tensor<1x5x5x1xf32>, %b: tensor<2xf32>, %r: tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32> {
  %w = hlo.constant dense<[[[[1.0, 2.0]], [[3.0, 4.0]]], [[[5.0, 6.0]], [[7.0, 8.0]]]]> : tensor<2x2x1x2xf32>
  %0 = hlo.convolution %x, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<1x5x5x1xf32>, tensor<2x2x1x2xf32>) -> tensor<1x3x3x2xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<2xf32>) -> tensor<1x3x3x2xf32>
  %1 = hlo.add %0, %bb : tensor<1x3x3x2xf32>
  %2 = hlo.add %1, %r : tensor<1x3x3x2xf32>
  %z = hlo.constant dense<0.0> : tensor<1x3x3x2xf32>
  %3 = hlo.maximum %2, %z : tensor<1x3x3x2xf32>
  return %3 : tensor<1x3x3x2xf32>
}

// -----

// 3x3 SAME with dilation 2 (pad 2 on each side): the window config.
// CHECK-LABEL: func @conv3x3_dilated
// CHECK: hlo.custom_call "tfmlir_rt_conv2d_packed"(%arg0, %{{.*}}) {backend_config = "activation=none;bias=0;residual=0;transpose_b=0;strides=1,1;dilations=2,2;pad=2,2;window=3,3"
// CHECK-SAME: (tensor<1x6x6x1xf32>, tensor<1x9x32xf32>) -> tensor<1x6x6x1xf32>
func.func @conv3x3_dilated(%x: tensor<1x6x6x1xf32>) -> tensor<1x6x6x1xf32> {
  %w = hlo.constant dense<[[[[1.0]], [[2.0]], [[3.0]]], [[[4.0]], [[5.0]], [[6.0]]], [[[7.0]], [[8.0]], [[9.0]]]]> : tensor<3x3x1x1xf32>
  %0 = hlo.convolution %x, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<2> : tensor<2x2xi64>, rhs_dilation = array<i64: 2, 2>} : (tensor<1x6x6x1xf32>, tensor<3x3x1x1xf32>) -> tensor<1x6x6x1xf32>
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
