// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// dot_general and convolution become linalg.generic contractions
// accumulating from zero in the result type.

// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func @batch_dot
func.func @batch_dot(%a: tensor<2x3x5xf32>, %b: tensor<2x4x5xf32>) -> tensor<2x3x4xf32> {
  // CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
  // CHECK: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32)
  // CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
  // CHECK-SAME: outs(%[[F]] : tensor<2x3x4xf32>)
  // CHECK: arith.mulf
  // CHECK: arith.addf
  %0 = hlo.dot_general %a, %b, <lhs_batch = [0], rhs_batch = [0], lhs_contract = [2], rhs_contract = [2]> : (tensor<2x3x5xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// -----

// f16 products accumulate in f32 and are rounded to f16 once (XLA CPU).
// CHECK-LABEL: func @half_dot
func.func @half_dot(%a: tensor<2x3xf16>, %b: tensor<3x4xf16>) -> tensor<2x4xf16> {
  // CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x4xf32>)
  // CHECK: arith.extf %{{.*}} : f16 to f32
  // CHECK: arith.mulf %{{.*}} : f32
  // CHECK: arith.addf %{{.*}} : f32
  // CHECK: arith.truncf %{{.*}} : f32 to f16
  // CHECK: return %{{.*}} : tensor<2x4xf16>
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<2x3xf16>, tensor<3x4xf16>) -> tensor<2x4xf16>
  return %0 : tensor<2x4xf16>
}

// -----

// i8 x i8 -> i32 accumulates in i32.
// CHECK-LABEL: func @int_dot
func.func @int_dot(%a: tensor<2x3xi8>, %b: tensor<3x4xi8>) -> tensor<2x4xi32> {
  // CHECK: arith.extsi %{{.*}} : i8 to i32
  // CHECK: arith.extsi %{{.*}} : i8 to i32
  // CHECK: arith.muli
  // CHECK: arith.addi
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<2x3xi8>, tensor<3x4xi8>) -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// NHWC/HWIO, stride 2, padding (1, 1), float: the input is copied into the
// interior of a zero tensor (linalg.copy into the slice), then a named
// linalg.conv_2d_nhwc_hwcf (tiled and vectorized by the CPU pipeline).
// CHECK-LABEL: func @conv
func.func @conv(%x: tensor<1x5x5x4xf32>, %f: tensor<3x3x4x2xf32>) -> tensor<1x3x3x2xf32> {
  // CHECK: %[[S:.*]] = tensor.extract_slice %{{.*}}[0, 1, 1, 0] [1, 5, 5, 4] [1, 1, 1, 1] : tensor<1x7x7x4xf32> to tensor<1x5x5x4xf32>
  // CHECK: %[[C:.*]] = linalg.copy ins(%arg0 : tensor<1x5x5x4xf32>) outs(%[[S]] : tensor<1x5x5x4xf32>)
  // CHECK: tensor.insert_slice %[[C]] into %{{.*}}[0, 1, 1, 0] [1, 5, 5, 4] [1, 1, 1, 1] : tensor<1x5x5x4xf32> into tensor<1x7x7x4xf32>
  // CHECK: linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
  // CHECK-SAME: -> tensor<1x3x3x2xf32>
  %0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<1> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<1x5x5x4xf32>, tensor<3x3x4x2xf32>) -> tensor<1x3x3x2xf32>
  return %0 : tensor<1x3x3x2xf32>
}

// -----

// The same on i32 stays a generic contraction: the input map reads
// out * 2 + window.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 2 + d4, d2 * 2 + d5, d6)>
// CHECK-DAG: #[[K:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>
// CHECK-LABEL: func @conv_i32
func.func @conv_i32(%x: tensor<1x5x5x4xi32>, %f: tensor<3x3x4x2xi32>) -> tensor<1x3x3x2xi32> {
  // CHECK: tensor.insert_slice %arg0 into %{{.*}}[0, 1, 1, 0] [1, 5, 5, 4] [1, 1, 1, 1] : tensor<1x5x5x4xi32> into tensor<1x7x7x4xi32>
  // CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[K]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
  %0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<1> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<1x5x5x4xi32>, tensor<3x3x4x2xi32>) -> tensor<1x3x3x2xi32>
  return %0 : tensor<1x3x3x2xi32>
}

// -----

// Depthwise with multiplier 1 (groups = input = output features), float:
// linalg.depthwise_conv_2d_nhwc_hwc on the kernel collapsed to [H, W, C].
// CHECK-LABEL: func @depthwise_named
func.func @depthwise_named(%x: tensor<1x5x5x4xf32>, %f: tensor<3x3x1x4xf32>) -> tensor<1x5x5x4xf32> {
  // CHECK: tensor.collapse_shape %arg1 {{\[\[}}0], [1], [2, 3]] : tensor<3x3x1x4xf32> into tensor<3x3x4xf32>
  // CHECK: linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
  %0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<1> : tensor<2x2xi64>, feature_group_count = 4 : i64} : (tensor<1x5x5x4xf32>, tensor<3x3x1x4xf32>) -> tensor<1x5x5x4xf32>
  return %0 : tensor<1x5x5x4xf32>
}

// -----

// Depthwise (4 feature groups, 2 outputs per group), rhs dilation 2: the
// input feature is (out_feature floordiv 2) * 1 + ci.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 + d4 * 2, d2 + d5 * 2, d3 floordiv 2 + d6)>
// CHECK-LABEL: func @depthwise
func.func @depthwise(%x: tensor<1x5x5x4xf32>, %f: tensor<2x2x1x8xf32>) -> tensor<1x3x3x8xf32> {
  // CHECK: linalg.generic {indexing_maps = [#[[IN]],
  %0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {rhs_dilation = array<i64: 2, 2>, feature_group_count = 4 : i64} : (tensor<1x5x5x4xf32>, tensor<2x2x1x8xf32>) -> tensor<1x3x3x8xf32>
  return %0 : tensor<1x3x3x8xf32>
}
