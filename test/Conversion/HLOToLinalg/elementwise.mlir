// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// Element-wise hlo ops become one linalg.generic with an arith/math body
// (XLA semantics: NaN-propagating max/min, guarded integer division).

// CHECK-LABEL: func @add_max
func.func @add_max(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: linalg.generic
  // CHECK-SAME: iterator_types = ["parallel", "parallel"]
  // CHECK: arith.addf
  // CHECK: linalg.generic
  // CHECK: arith.maximumf
  %0 = hlo.add %a, %b : tensor<2x3xf32>
  %1 = hlo.maximum %0, %b : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @int_div
func.func @int_div(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // x / 0 = -1 and INT_MIN / -1 = INT_MIN without executing UB.
  // CHECK: linalg.generic
  // CHECK-DAG: arith.cmpi eq
  // CHECK: arith.select
  // CHECK: arith.divsi
  // CHECK: arith.select
  %0 = hlo.divide %a, %b : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func @compare_select_convert
func.func @compare_select_convert(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xi32> {
  // CHECK: arith.cmpf olt
  // CHECK: arith.select
  // CHECK: arith.fptosi
  %p = hlo.compare LT, %a, %b : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
  %s = hlo.select %p, %a, %b : tensor<3xi1>, tensor<3xf32>
  %c = hlo.convert %s : (tensor<3xf32>) -> tensor<3xi32>
  return %c : tensor<3xi32>
}

// -----

// CHECK-LABEL: func @unary_math
func.func @unary_math(%a: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK: math.tanh
  // CHECK: math.exp
  // CHECK: math.sqrt
  // CHECK: arith.divf
  %0 = hlo.tanh %a : tensor<3xf32>
  %1 = hlo.exp %0 : tensor<3xf32>
  %2 = hlo.rsqrt %1 : tensor<3xf32>
  return %2 : tensor<3xf32>
}

// -----

// A scalar min/max of clamp is broadcast with a constant map.
// CHECK-DAG: #[[SCALAR:.*]] = affine_map<(d0) -> ()>
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func @clamp
func.func @clamp(%lo: tensor<f32>, %x: tensor<3xf32>, %hi: tensor<f32>) -> tensor<3xf32> {
  // CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[SCALAR]], #[[ID]]]
  // CHECK: arith.maximumf
  // CHECK: arith.minimumf
  %0 = hlo.clamp %lo, %x, %hi : tensor<f32>, tensor<3xf32>, tensor<f32>
  return %0 : tensor<3xf32>
}

// -----

// bitcast_convert: same width is arith.bitcast; f32 -> 2 x i16 splits the
// bits (element 0 = low half); 2 x i16 -> f32 joins them.
// CHECK-LABEL: func @bitcast
func.func @bitcast(%x: tensor<2xf32>, %h: tensor<2x2xi16>) -> (tensor<2xi32>, tensor<2x2xi16>, tensor<2xf32>) {
  // CHECK: arith.bitcast %{{.*}} : f32 to i32
  // CHECK: linalg.index 1
  // CHECK: arith.shrui
  // CHECK: arith.trunci %{{.*}} : i32 to i16
  // CHECK: iterator_types = ["parallel", "reduction"]
  // CHECK: arith.extui %{{.*}} : i16 to i32
  // CHECK: arith.shli
  // CHECK: arith.ori
  // CHECK: arith.bitcast %{{.*}} : i32 to f32
  %0 = hlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2xi32>
  %1 = hlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x2xi16>
  %2 = hlo.bitcast_convert %h : (tensor<2x2xi16>) -> tensor<2xf32>
  return %0, %1, %2 : tensor<2xi32>, tensor<2x2xi16>, tensor<2xf32>
}
