// RUN: tf-opt %s | tf-opt | FileCheck %s
// RUN: tf-opt %s -mlir-print-op-generic | tf-opt | FileCheck %s
// Round trip (parse, print, parse) of every hlo op in its custom and its
// generic form; the verifiers and type inference accept this valid IR.

// CHECK-LABEL: func @elementwise_float
func.func @elementwise_float(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b0 = hlo.add %a, %b : tensor<2x3xf32>
  // CHECK: hlo.subtract %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b1 = hlo.subtract %b0, %b : tensor<2x3xf32>
  // CHECK: hlo.multiply %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b2 = hlo.multiply %b1, %b : tensor<2x3xf32>
  // CHECK: hlo.divide %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b3 = hlo.divide %b2, %b : tensor<2x3xf32>
  // CHECK: hlo.remainder %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b4 = hlo.remainder %b3, %b : tensor<2x3xf32>
  // CHECK: hlo.power %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b5 = hlo.power %b4, %b : tensor<2x3xf32>
  // CHECK: hlo.maximum %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b6 = hlo.maximum %b5, %b : tensor<2x3xf32>
  // CHECK: hlo.minimum %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b7 = hlo.minimum %b6, %b : tensor<2x3xf32>
  // CHECK: hlo.atan2 %{{.*}}, %{{.*}} : tensor<2x3xf32>
  %b8 = hlo.atan2 %b7, %b : tensor<2x3xf32>
  // CHECK: hlo.negate %{{.*}} : tensor<2x3xf32>
  %u0 = hlo.negate %b8 : tensor<2x3xf32>
  // CHECK: hlo.sign %{{.*}} : tensor<2x3xf32>
  %u1 = hlo.sign %u0 : tensor<2x3xf32>
  // CHECK: hlo.exp %{{.*}} : tensor<2x3xf32>
  %u2 = hlo.exp %u1 : tensor<2x3xf32>
  // CHECK: hlo.expm1 %{{.*}} : tensor<2x3xf32>
  %u3 = hlo.expm1 %u2 : tensor<2x3xf32>
  // CHECK: hlo.log %{{.*}} : tensor<2x3xf32>
  %u4 = hlo.log %u3 : tensor<2x3xf32>
  // CHECK: hlo.log1p %{{.*}} : tensor<2x3xf32>
  %u5 = hlo.log1p %u4 : tensor<2x3xf32>
  // CHECK: hlo.logistic %{{.*}} : tensor<2x3xf32>
  %u6 = hlo.logistic %u5 : tensor<2x3xf32>
  // CHECK: hlo.tanh %{{.*}} : tensor<2x3xf32>
  %u7 = hlo.tanh %u6 : tensor<2x3xf32>
  // CHECK: hlo.sqrt %{{.*}} : tensor<2x3xf32>
  %u8 = hlo.sqrt %u7 : tensor<2x3xf32>
  // CHECK: hlo.rsqrt %{{.*}} : tensor<2x3xf32>
  %u9 = hlo.rsqrt %u8 : tensor<2x3xf32>
  // CHECK: hlo.cbrt %{{.*}} : tensor<2x3xf32>
  %u10 = hlo.cbrt %u9 : tensor<2x3xf32>
  // CHECK: hlo.floor %{{.*}} : tensor<2x3xf32>
  %u11 = hlo.floor %u10 : tensor<2x3xf32>
  // CHECK: hlo.ceil %{{.*}} : tensor<2x3xf32>
  %u12 = hlo.ceil %u11 : tensor<2x3xf32>
  // CHECK: hlo.round_nearest_even %{{.*}} : tensor<2x3xf32>
  %u13 = hlo.round_nearest_even %u12 : tensor<2x3xf32>
  // CHECK: hlo.round_nearest_afz %{{.*}} : tensor<2x3xf32>
  %u14 = hlo.round_nearest_afz %u13 : tensor<2x3xf32>
  // CHECK: hlo.sine %{{.*}} : tensor<2x3xf32>
  %u15 = hlo.sine %u14 : tensor<2x3xf32>
  // CHECK: hlo.cosine %{{.*}} : tensor<2x3xf32>
  %u16 = hlo.cosine %u15 : tensor<2x3xf32>
  return %u16 : tensor<2x3xf32>
}

// CHECK-LABEL: func @elementwise_int
func.func @elementwise_int(%a: tensor<4xi32>, %b: tensor<4xi32>) -> tensor<4xi32> {
  // CHECK: hlo.and %{{.*}}, %{{.*}} : tensor<4xi32>
  %b0 = hlo.and %a, %b : tensor<4xi32>
  // CHECK: hlo.or %{{.*}}, %{{.*}} : tensor<4xi32>
  %b1 = hlo.or %b0, %b : tensor<4xi32>
  // CHECK: hlo.xor %{{.*}}, %{{.*}} : tensor<4xi32>
  %b2 = hlo.xor %b1, %b : tensor<4xi32>
  // CHECK: hlo.shift_left %{{.*}}, %{{.*}} : tensor<4xi32>
  %b3 = hlo.shift_left %b2, %b : tensor<4xi32>
  // CHECK: hlo.shift_right_arithmetic %{{.*}}, %{{.*}} : tensor<4xi32>
  %b4 = hlo.shift_right_arithmetic %b3, %b : tensor<4xi32>
  // CHECK: hlo.shift_right_logical %{{.*}}, %{{.*}} : tensor<4xi32>
  %b5 = hlo.shift_right_logical %b4, %b : tensor<4xi32>
  // CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<4xi32>
  %b6 = hlo.add %b5, %b : tensor<4xi32>
  // CHECK: hlo.subtract %{{.*}}, %{{.*}} : tensor<4xi32>
  %b7 = hlo.subtract %b6, %b : tensor<4xi32>
  // CHECK: hlo.multiply %{{.*}}, %{{.*}} : tensor<4xi32>
  %b8 = hlo.multiply %b7, %b : tensor<4xi32>
  // CHECK: hlo.divide %{{.*}}, %{{.*}} : tensor<4xi32>
  %b9 = hlo.divide %b8, %b : tensor<4xi32>
  // CHECK: hlo.remainder %{{.*}}, %{{.*}} : tensor<4xi32>
  %b10 = hlo.remainder %b9, %b : tensor<4xi32>
  // CHECK: hlo.power %{{.*}}, %{{.*}} : tensor<4xi32>
  %b11 = hlo.power %b10, %b : tensor<4xi32>
  // CHECK: hlo.maximum %{{.*}}, %{{.*}} : tensor<4xi32>
  %b12 = hlo.maximum %b11, %b : tensor<4xi32>
  // CHECK: hlo.minimum %{{.*}}, %{{.*}} : tensor<4xi32>
  %b13 = hlo.minimum %b12, %b : tensor<4xi32>
  // CHECK: hlo.not %{{.*}} : tensor<4xi32>
  %u0 = hlo.not %b13 : tensor<4xi32>
  // CHECK: hlo.popcnt %{{.*}} : tensor<4xi32>
  %u1 = hlo.popcnt %u0 : tensor<4xi32>
  // CHECK: hlo.negate %{{.*}} : tensor<4xi32>
  %u2 = hlo.negate %u1 : tensor<4xi32>
  // CHECK: hlo.sign %{{.*}} : tensor<4xi32>
  %u3 = hlo.sign %u2 : tensor<4xi32>
  return %u3 : tensor<4xi32>
}
// CHECK-LABEL: func @pred_logic
func.func @pred_logic(%a: tensor<3xi1>, %b: tensor<3xi1>) -> tensor<3xi1> {
  // CHECK: hlo.and %{{.*}}, %{{.*}} : tensor<3xi1>
  // CHECK: hlo.not %{{.*}} : tensor<3xi1>
  %0 = hlo.and %a, %b : tensor<3xi1>
  %1 = hlo.not %0 : tensor<3xi1>
  return %1 : tensor<3xi1>
}

// CHECK-LABEL: func @constants
func.func @constants() -> (tensor<2xf32>, tensor<i32>, tensor<2x3xf32>, tensor<4xi64>) {
  // CHECK: hlo.constant dense<[1.000000e+00, -0.000000e+00]> : tensor<2xf32>
  // CHECK: hlo.constant dense<7> : tensor<i32>
  // CHECK: hlo.iota dim = 1 : tensor<2x3xf32>
  // CHECK: hlo.iota dim = 0 : tensor<4xi64>
  %0 = hlo.constant dense<[1.0, -0.0]> : tensor<2xf32>
  %1 = hlo.constant dense<7> : tensor<i32>
  %2 = hlo.iota dim = 1 : tensor<2x3xf32>
  %3 = hlo.iota dim = 0 : tensor<4xi64>
  return %0, %1, %2, %3 : tensor<2xf32>, tensor<i32>, tensor<2x3xf32>, tensor<4xi64>
}

// CHECK-LABEL: func @misc
func.func @misc(%a: tensor<2x?xf32>, %b: tensor<2x?xf32>, %c: tensor<2xcomplex<f32>>, %p: tensor<i1>, %u: tensor<2xui8>) -> tensor<2x?xf32> {
  // CHECK: hlo.abs %{{.*}} : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  %0 = hlo.abs %c : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
  // CHECK: hlo.is_finite %{{.*}} : (tensor<2x?xf32>) -> tensor<2x?xi1>
  %1 = hlo.is_finite %a : (tensor<2x?xf32>) -> tensor<2x?xi1>
  // CHECK: hlo.compare LT, %{{.*}}, %{{.*}}, TOTALORDER : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<2x?xi1>
  %2 = hlo.compare LT, %a, %b, TOTALORDER : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<2x?xi1>
  // CHECK: hlo.compare NE, %{{.*}}, %{{.*}} : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<2x?xi1>
  %3 = hlo.compare NE, %a, %b : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<2x?xi1>
  // CHECK: hlo.compare GE, %{{.*}}, %{{.*}}, UNSIGNED : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  %4 = hlo.compare GE, %u, %u, UNSIGNED : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xi1>
  // CHECK: hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x?xi1>, tensor<2x?xf32>
  %5 = hlo.select %2, %a, %b : tensor<2x?xi1>, tensor<2x?xf32>
  // CHECK: hlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<i1>, tensor<2x?xf32>
  %6 = hlo.select %p, %5, %b : tensor<i1>, tensor<2x?xf32>
  %lo = hlo.constant dense<0.0> : tensor<f32>
  // CHECK: hlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<f32>, tensor<2x?xf32>, tensor<2x?xf32>
  %7 = hlo.clamp %lo, %6, %b : tensor<f32>, tensor<2x?xf32>, tensor<2x?xf32>
  // CHECK: hlo.convert %{{.*}} : (tensor<2x?xf32>) -> tensor<2x?xi32>
  %8 = hlo.convert %7 : (tensor<2x?xf32>) -> tensor<2x?xi32>
  // CHECK: hlo.bitcast_convert %{{.*}} : (tensor<2x?xi32>) -> tensor<2x?xf32>
  %9 = hlo.bitcast_convert %8 : (tensor<2x?xi32>) -> tensor<2x?xf32>
  // CHECK: hlo.bitcast_convert %{{.*}} : (tensor<2x?xf32>) -> tensor<2x?x4xi8>
  %10 = hlo.bitcast_convert %9 : (tensor<2x?xf32>) -> tensor<2x?x4xi8>
  // CHECK: hlo.bitcast_convert %{{.*}} : (tensor<2x?x4xi8>) -> tensor<2x?xf32>
  %11 = hlo.bitcast_convert %10 : (tensor<2x?x4xi8>) -> tensor<2x?xf32>
  return %11 : tensor<2x?xf32>
}
