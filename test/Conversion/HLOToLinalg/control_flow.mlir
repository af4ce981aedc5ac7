// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -split-input-file -hlo-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// hlo.while / if / case become scf.while / scf.if / scf.index_switch with
// the regions moved in and their hlo ops lowered in place.

// LLVM-LABEL: llvm.func @loop
// CHECK-LABEL: func @loop
func.func @loop(%n: tensor<i32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  // CHECK: %[[W:.*]]:2 = scf.while (%[[I:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}) : (tensor<i32>, tensor<3xf32>) -> (tensor<i32>, tensor<3xf32>)
  // CHECK: %[[CMP:.*]] = linalg.generic
  // CHECK: arith.cmpi slt
  // CHECK: %[[C:.*]] = tensor.extract %[[CMP]][] : tensor<i1>
  // CHECK: scf.condition(%[[C]]) %[[I]], %[[ACC]] : tensor<i32>, tensor<3xf32>
  // CHECK: } do {
  // CHECK: ^bb0(%{{.*}}: tensor<i32>, %{{.*}}: tensor<3xf32>):
  // CHECK: arith.addi
  // CHECK: arith.addf
  // CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<i32>, tensor<3xf32>
  // CHECK: return %[[W]]#1
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

// -----

// LLVM-LABEL: llvm.func @conditionals
// CHECK-LABEL: func @conditionals
func.func @conditionals(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  // CHECK: %[[P:.*]] = tensor.extract %{{.*}}[] : tensor<i1>
  // CHECK: scf.if %[[P]] -> (tensor<3xf32>) {
  // CHECK: arith.negf
  // CHECK: scf.yield
  // CHECK: } else {
  // CHECK: scf.yield %{{.*}} : tensor<3xf32>
  %0 = hlo.if %p : (tensor<i1>) -> tensor<3xf32> {
    %n = hlo.negate %x : tensor<3xf32>
    hlo.return %n : tensor<3xf32>
  } else {
    hlo.return %x : tensor<3xf32>
  }
  // CHECK: %[[I:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
  // CHECK: %[[X:.*]] = arith.index_cast %[[I]] : i32 to index
  // CHECK: scf.index_switch %[[X]] -> tensor<3xf32>
  // CHECK: case 0 {
  // CHECK: case 1 {
  // CHECK: math.exp
  // CHECK: default {
  // CHECK: math.tanh
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

// -----

// hlo.fusion is inlined: its ops lower in place of the fusion.
// LLVM-LABEL: llvm.func @fusion
// CHECK-LABEL: func @fusion
func.func @fusion(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // CHECK-NOT: hlo.
  // CHECK: %[[M:.*]] = linalg.generic
  // CHECK: arith.mulf
  // CHECK: %[[T:.*]] = linalg.generic {{.*}} ins(%[[M]] : tensor<4x4xf32>)
  // CHECK: math.tanh
  // CHECK: return %[[T]]
  %1 = hlo.fusion loop(%a, %b) : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32> {
  ^bb0(%x: tensor<4x4xf32>, %y: tensor<4x4xf32>):
    %m = hlo.multiply %x, %y : tensor<4x4xf32>
    %t = hlo.tanh %m : tensor<4x4xf32>
    hlo.return %t : tensor<4x4xf32>
  }
  return %1 : tensor<4x4xf32>
}
