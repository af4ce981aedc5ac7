// RUN: tf-opt %s | tf-opt | FileCheck %s
// RUN: tf-opt %s -mlir-print-op-generic | tf-opt | FileCheck %s
// Round trip of sort, while, if, case, custom_call and fusion.

// CHECK-LABEL: func @sort
func.func @sort(%k: tensor<4x5xf32>, %v: tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  // CHECK: hlo.sort(%{{.*}}, %{{.*}}) {dimension = 1 : i64, is_stable = true} : (tensor<4x5xf32>, tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>)
  // CHECK: hlo.compare GT
  %0:2 = hlo.sort(%k, %v) {dimension = 1 : i64, is_stable = true} : (tensor<4x5xf32>, tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %gt = hlo.compare GT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }
  return %0#0, %0#1 : tensor<4x5xf32>, tensor<4x5xi32>
}

// CHECK-LABEL: func @loop
func.func @loop(%n: tensor<i32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  // CHECK: hlo.while(%{{.*}}, %{{.*}}) : tensor<i32>, tensor<3xf32>
  // CHECK: hlo.compare LT
  // CHECK: } do {
  // CHECK: hlo.return %{{.*}}, %{{.*}} : tensor<i32>, tensor<3xf32>
  %r:2 = hlo.while(%zero, %x) : tensor<i32>, tensor<3xf32> {
  ^bb0(%i: tensor<i32>, %acc: tensor<3xf32>):
    %c = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
  ^bb0(%i: tensor<i32>, %acc: tensor<3xf32>):
    %i1 = hlo.add %i, %one : tensor<i32>
    %a1 = hlo.add %acc, %acc : tensor<3xf32>
    hlo.return %i1, %a1 : tensor<i32>, tensor<3xf32>
  }
  return %r#1 : tensor<3xf32>
}

// CHECK-LABEL: func @conditionals
func.func @conditionals(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // CHECK: hlo.if %{{.*}} : (tensor<i1>) -> tensor<3xf32>
  // CHECK: } else {
  %0 = hlo.if %p : (tensor<i1>) -> tensor<3xf32> {
    %n = hlo.negate %x : tensor<3xf32>
    hlo.return %n : tensor<3xf32>
  } else {
    hlo.return %x : tensor<3xf32>
  }
  // CHECK: hlo.case %{{.*}} : (tensor<i32>) -> tensor<3xf32>
  %1 = hlo.case %i : (tensor<i32>) -> tensor<3xf32> {
    hlo.return %x : tensor<3xf32>
  }, {
    %e = hlo.exp %x : tensor<3xf32>
    hlo.return %e : tensor<3xf32>
  }, {
    %t = hlo.tanh %x : tensor<3xf32>
    hlo.return %t : tensor<3xf32>
  }
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func @calls_and_fusion
func.func @calls_and_fusion(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // CHECK: hlo.custom_call "tfmlir.matmul"(%{{.*}}, %{{.*}}) {backend_config = "{\22m\22: 4}", has_side_effect = false} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %0 = hlo.custom_call "tfmlir.matmul"(%a, %b) {backend_config = "{\"m\": 4}", has_side_effect = false} : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK: hlo.fusion loop(%{{.*}}, %{{.*}}) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  // CHECK: hlo.multiply
  %1 = hlo.fusion loop(%0, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>):
    %m = hlo.multiply %x, %y : tensor<4x4xf32>
    %t = hlo.tanh %m : tensor<4x4xf32>
    hlo.return %t : tensor<4x4xf32>
  }
  return %1 : tensor<4x4xf32>
}
