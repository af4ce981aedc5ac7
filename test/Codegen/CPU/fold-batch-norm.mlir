// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel{min-flops=0}))' -mlir-print-debuginfo=false -mlir-print-elementsattrs-with-hex-if-larger=1000 | FileCheck %s
// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel{min-flops=0 fold-batch-norm=false}))' | FileCheck %s --check-prefix=NOFOLD
// hlo-cpu-gemm-ukernel{fold-batch-norm}: TF's inference FusedBatchNormV3,
// as xla-legalize-tf lowers it, after a convolution / dot with a constant
// filter (and a BiasAdd) is folded into the filter and one bias, which the
// GEMM call then fuses.

// 1x1 conv, C = 1, O = 2, BiasAdd b = [1, 2], mean = [3, 0], var = [3, 0],
// eps = 1, scale = [4, 5], offset = [0.5, -1]:
//   s = scale / sqrt(var + eps) = [2, 5]
//   W' = [1 * 2, 3 * 5] = [2, 15]
//   b' = (b - mean) * s + offset = [-3.5, 9]
// CHECK-LABEL: func @conv_bias_bn_relu
// CHECK-DAG: %[[W:.*]] = hlo.constant dense<{{\[\[\[}}2.000000e+00, 1.500000e+01, 0.000000e+00
// CHECK-DAG: %[[B:.*]] = hlo.constant dense<[-3.500000e+00, 9.000000e+00]> : tensor<2xf32>
// CHECK: hlo.custom_call "tfmlir_rt_sgemm_packed"(%{{.*}}, %[[W]], %[[B]]) {backend_config = "activation=relu;bias=1;residual=0;transpose_b=0"
// CHECK-NOT: hlo.rsqrt
// CHECK-NOT: hlo.subtract
// CHECK-NOT: hlo.multiply
// NOFOLD-LABEL: func @conv_bias_bn_relu
// NOFOLD: hlo.rsqrt
func.func @conv_bias_bn_relu(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x2xf32> {
  %w = hlo.constant dense<[[[[1.0, 3.0]]]]> : tensor<1x1x1x2xf32>
  %b = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %mean = hlo.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %var = hlo.constant dense<[3.0, 0.0]> : tensor<2xf32>
  %scale = hlo.constant dense<[4.0, 5.0]> : tensor<2xf32>
  %offset = hlo.constant dense<[0.5, -1.0]> : tensor<2xf32>
  %0 = hlo.convolution %x, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<1x4x4x1xf32>, tensor<1x1x1x2xf32>) -> tensor<1x4x4x2xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %1 = hlo.add %0, %bb : tensor<1x4x4x2xf32>
  %v = hlo.broadcast_in_dim %var, dims = [3] : (tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %eps = hlo.constant dense<1.0> : tensor<1x4x4x2xf32>
  %ve = hlo.add %v, %eps : tensor<1x4x4x2xf32>
  %inv = hlo.rsqrt %ve : tensor<1x4x4x2xf32>
  %m = hlo.broadcast_in_dim %mean, dims = [3] : (tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %2 = hlo.subtract %1, %m : tensor<1x4x4x2xf32>
  %3 = hlo.multiply %2, %inv : tensor<1x4x4x2xf32>
  %s = hlo.broadcast_in_dim %scale, dims = [3] : (tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %4 = hlo.multiply %3, %s : tensor<1x4x4x2xf32>
  %o = hlo.broadcast_in_dim %offset, dims = [3] : (tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %5 = hlo.add %4, %o : tensor<1x4x4x2xf32>
  %z = hlo.constant dense<0.0> : tensor<1x4x4x2xf32>
  %6 = hlo.maximum %5, %z : tensor<1x4x4x2xf32>
  return %6 : tensor<1x4x4x2xf32>
}

// -----

// A dot with transposed B [N, K] = [[1, 2], [3, 4]]; no BiasAdd; splat
// offset 0; mean 0, var 0, eps 0.25 (s = 2 * scale = [2, 4]): rows of B
// scale: W' = [[2, 4], [12, 16]], b' = [0, 0].
// CHECK-LABEL: func @dot_bn
// CHECK-DAG: hlo.constant dense<{{\[\[\[}}2.000000e+00, 1.200000e+01, 0.000000e+00
// CHECK-DAG: hlo.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK: hlo.custom_call "tfmlir_rt_sgemm_packed"
// CHECK-NOT: hlo.rsqrt
func.func @dot_bn(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %w = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %zero = hlo.constant dense<0.0> : tensor<2xf32>
  %scale = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %0 = hlo.dot_general %x, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [1]> : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %m = hlo.broadcast_in_dim %zero, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
  %1 = hlo.subtract %0, %m : tensor<3x2xf32>
  %v = hlo.broadcast_in_dim %zero, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
  %eps = hlo.constant dense<0.25> : tensor<3x2xf32>
  %ve = hlo.add %v, %eps : tensor<3x2xf32>
  %inv = hlo.rsqrt %ve : tensor<3x2xf32>
  %2 = hlo.multiply %1, %inv : tensor<3x2xf32>
  %s = hlo.broadcast_in_dim %scale, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
  %3 = hlo.multiply %2, %s : tensor<3x2xf32>
  %o = hlo.broadcast_in_dim %zero, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
  %4 = hlo.add %3, %o : tensor<3x2xf32>
  return %4 : tensor<3x2xf32>
}

// -----

// A filter that is not constant: the BatchNorm stays.
// CHECK-LABEL: func @bn_runtime_filter
// CHECK: hlo.rsqrt
func.func @bn_runtime_filter(%x: tensor<3x2xf32>, %w: tensor<2x2xf32>) -> tensor<3x2xf32> {
  %zero = hlo.constant dense<0.0> : tensor<2xf32>
  %0 = hlo.dot_general %x, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<3x2xf32>, tensor<2x2xf32>) -> tensor<3x2xf32>
  %m = hlo.broadcast_in_dim %zero, dims = [1] : (tensor<2xf32>) -> tensor<3x2xf32>
  %1 = hlo.subtract %0, %m : tensor<3x2xf32>
  %eps = hlo.constant dense<0.25> : tensor<3x2xf32>
  %ve = hlo.add %m, %eps : tensor<3x2xf32>
  %inv = hlo.rsqrt %ve : tensor<3x2xf32>
  %2 = hlo.multiply %1, %inv : tensor<3x2xf32>
  %3 = hlo.multiply %2, %inv : tensor<3x2xf32>
  %4 = hlo.add %3, %m : tensor<3x2xf32>
  return %4 : tensor<3x2xf32>
}
