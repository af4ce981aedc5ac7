// RUN: tf-opt %s | tf-opt | FileCheck %s
// RUN: tf-opt %s -mlir-print-op-generic | tf-opt | FileCheck %s
// Round trip of dot_general, convolution, reduce and reduce_window.

// CHECK-LABEL: func @dots
func.func @dots(%a: tensor<8x4x5xf32>, %b: tensor<8x5x6xf32>, %m: tensor<3x4xi8>, %n: tensor<4x2xi8>) -> (tensor<8x4x6xf32>, tensor<3x2xi32>) {
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, <lhs_batch = [0], rhs_batch = [0], lhs_contract = [2], rhs_contract = [1]> {precision_config = [#hlo.precision<HIGHEST>, #hlo.precision<DEFAULT>]} : (tensor<8x4x5xf32>, tensor<8x5x6xf32>) -> tensor<8x4x6xf32>
  %0 = hlo.dot_general %a, %b, <lhs_batch = [0], rhs_batch = [0], lhs_contract = [2], rhs_contract = [1]> {precision_config = [#hlo.precision<HIGHEST>, #hlo.precision<DEFAULT>]} : (tensor<8x4x5xf32>, tensor<8x5x6xf32>) -> tensor<8x4x6xf32>
  // i8 x i8 accumulating in i32.
  // CHECK: hlo.dot_general %{{.*}}, %{{.*}}, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<3x4xi8>, tensor<4x2xi8>) -> tensor<3x2xi32>
  %1 = hlo.dot_general %m, %n, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<3x4xi8>, tensor<4x2xi8>) -> tensor<3x2xi32>
  return %0, %1 : tensor<8x4x6xf32>, tensor<3x2xi32>
}

// CHECK-LABEL: func @convs
func.func @convs(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>, %dw: tensor<3x3x1x6xf32>, %nchw: tensor<2x4x9x9xf32>, %oihw: tensor<8x4x3x3xf32>) -> tensor<1x4x4x16xf32> {
  // TF Conv2D NHWC/HWIO, stride 2, SAME: pad (0, 1) on each spatial dim.
  // CHECK: hlo.convolution %{{.*}}, %{{.*}}, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<{{\[\[}}0, 1], [0, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x4x4x16xf32>
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {window_strides = array<i64: 2, 2>, padding = dense<[[0, 1], [0, 1]]> : tensor<2x2xi64>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x4x4x16xf32>
  // Depthwise (feature groups = 3 input channels), dilation 2, VALID: 8 - 5 + 1 = 4.
  // CHECK: hlo.convolution %{{.*}}, %{{.*}}, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {feature_group_count = 3 : i64, rhs_dilation = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>, tensor<3x3x1x6xf32>) -> tensor<1x4x4x6xf32>
  %1 = hlo.convolution %x, %dw, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {feature_group_count = 3 : i64, rhs_dilation = array<i64: 2, 2>} : (tensor<1x8x8x3xf32>, tensor<3x3x1x6xf32>) -> tensor<1x4x4x6xf32>
  // NCHW/OIHW with lhs dilation 2 (a transposed conv): (9-1)*2+1 = 17, +2 pad - 3 + 1 = 17.
  // CHECK: hlo.convolution %{{.*}}, %{{.*}}, <[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]> {lhs_dilation = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>, window_reversal = array<i1: true, true>} : (tensor<2x4x9x9xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x17x17xf32>
  %2 = hlo.convolution %nchw, %oihw, <[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]> {lhs_dilation = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>, window_reversal = array<i1: true, true>} : (tensor<2x4x9x9xf32>, tensor<8x4x3x3xf32>) -> tensor<2x8x17x17xf32>
  return %0 : tensor<1x4x4x16xf32>
}

// CHECK-LABEL: func @reductions
func.func @reductions(%x: tensor<2x6x6x3xf32>, %i: tensor<2x6x6x3xi32>) -> (tensor<2x3xf32>, tensor<2x3x3x3xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %m = hlo.constant dense<0xFF800000> : tensor<f32>
  %zi = hlo.constant dense<0> : tensor<i32>
  // CHECK: hlo.reduce(%{{.*}}) init(%{{.*}}) dims = [1, 2] : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: hlo.add
  // CHECK: hlo.return %{{.*}} : tensor<f32>
  %0 = hlo.reduce(%x) init(%z) dims = [1, 2] : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x3xf32> {
  ^bb0(%acc: tensor<f32>, %v: tensor<f32>):
    %s = hlo.add %acc, %v : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  // Variadic reduce (value and index, as for ArgMax).
  // CHECK: hlo.reduce(%{{.*}}, %{{.*}}) init(%{{.*}}, %{{.*}}) dims = [3] : (tensor<2x6x6x3xf32>, tensor<2x6x6x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x6x6xf32>, tensor<2x6x6xi32>)
  %1:2 = hlo.reduce(%x, %i) init(%m, %zi) dims = [3] : (tensor<2x6x6x3xf32>, tensor<2x6x6x3xi32>, tensor<f32>, tensor<i32>) -> (tensor<2x6x6xf32>, tensor<2x6x6xi32>) {
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
    %gt = hlo.compare GT, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = hlo.select %gt, %av, %bv : tensor<i1>, tensor<f32>
    %j = hlo.select %gt, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %j : tensor<f32>, tensor<i32>
  }
  // MaxPool 2x2 stride 2 NHWC.
  // CHECK: hlo.reduce_window(%{{.*}}) init(%{{.*}}) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x3x3x3xf32>
  // CHECK: hlo.maximum
  %2 = hlo.reduce_window(%x) init(%m) {window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>} : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x3x3x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  // Padded, dilated window: in 6 padded (1,1) = 8, window 3 dilated 2 = 5, stride 1 -> 4.
  // CHECK: hlo.reduce_window(%{{.*}}) init(%{{.*}}) {padding = dense<{{.*}}> : tensor<4x2xi64>, window_dilations = array<i64: 1, 2, 2, 1>, window_dimensions = array<i64: 1, 3, 3, 1>} : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  %3 = hlo.reduce_window(%x) init(%z) {window_dimensions = array<i64: 1, 3, 3, 1>, window_dilations = array<i64: 1, 2, 2, 1>, padding = dense<[[0, 0], [1, 1], [1, 1], [0, 0]]> : tensor<4x2xi64>} : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0, %2 : tensor<2x3xf32>, tensor<2x3x3x3xf32>
}
