// RUN: tf-opt %s -canonicalize -mlir-print-debuginfo=false | FileCheck %s
// The hlo folders: only value-preserving rewrites.

// CHECK-LABEL: func @reshape_convert_broadcast
func.func @reshape_convert_broadcast() -> (tensor<2x2xi32>, tensor<2xf32>, tensor<2x3xf32>) {
  // CHECK-DAG: hlo.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
  // CHECK-DAG: hlo.constant dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf32>
  // CHECK-DAG: hlo.constant dense<5.000000e-01> : tensor<2x3xf32>
  // CHECK-NOT: hlo.reshape
  // CHECK-NOT: hlo.convert
  // CHECK-NOT: hlo.broadcast_in_dim
  %c = hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = hlo.reshape %c : (tensor<4xi32>) -> tensor<2x2xi32>
  %i = hlo.constant dense<[1, -2]> : tensor<2xi32>
  %1 = hlo.convert %i : (tensor<2xi32>) -> tensor<2xf32>
  %h = hlo.constant dense<0.5> : tensor<f32>
  %2 = hlo.broadcast_in_dim %h, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x2xi32>, tensor<2xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func @inexact_convert
func.func @inexact_convert() -> tensor<f32> {
  // 2^24 + 1 is not representable in f32: left to the runtime conversion.
  // CHECK: hlo.convert
  %c = hlo.constant dense<16777217> : tensor<i32>
  %0 = hlo.convert %c : (tensor<i32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// CHECK-LABEL: func @identity_transpose
func.func @identity_transpose(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK-NEXT: return %arg0
  %0 = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func @int_arith_concat_slice
func.func @int_arith_concat_slice() -> (tensor<3xi32>, tensor<2xi32>, tensor<2xi1>) {
  // CHECK-DAG: hlo.constant dense<[1, 0, 5]> : tensor<3xi32>
  // CHECK-DAG: hlo.constant dense<[0, 5]> : tensor<2xi32>
  // pred addition is logical or: true + true = true.
  // CHECK-DAG: hlo.constant dense<true> : tensor<2xi1>
  %a = hlo.constant dense<[2, 1]> : tensor<2xi32>
  %b = hlo.constant dense<1> : tensor<2xi32>
  %d = hlo.subtract %a, %b : tensor<2xi32>
  %e = hlo.constant dense<[5]> : tensor<1xi32>
  %0 = hlo.concatenate(%d, %e) dim = 0 : (tensor<2xi32>, tensor<1xi32>) -> tensor<3xi32>
  %1 = hlo.slice %0, start = [1], limit = [3], strides = [1] : (tensor<3xi32>) -> tensor<2xi32>
  %t = hlo.constant dense<true> : tensor<2xi1>
  %2 = hlo.add %t, %t : tensor<2xi1>
  return %0, %1, %2 : tensor<3xi32>, tensor<2xi32>, tensor<2xi1>
}

// CHECK-LABEL: func @float_add_not_folded
func.func @float_add_not_folded(%x: tensor<2xf32>) -> tensor<2xf32> {
  // x + 0.0 is not x when x = -0.0: kept.
  // CHECK: hlo.add
  %z = hlo.constant dense<0.0> : tensor<2xf32>
  %0 = hlo.add %x, %z : tensor<2xf32>
  return %0 : tensor<2xf32>
}
