// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -split-input-file -hlo-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// hlo.sort: an scf.for nest over the other dims and over i in [1, n),
// then an scf.while moving element i left while the comparator (inlined on
// scalars) says it goes first, swapping the elements of every input.

// LLVM-LABEL: llvm.func @sort_pairs
// CHECK-LABEL: func @sort_pairs
func.func @sort_pairs(%k: tensor<4x5xf32>, %v: tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  // CHECK: %[[R:.*]]:2 = scf.for %[[ROW:.*]] = %c0 to %c4 step %c1 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<4x5xf32>, tensor<4x5xi32>)
  // CHECK: scf.for %[[I:.*]] = %c1{{.*}} to %c5 step
  // CHECK: scf.while (%[[J:.*]] = %[[I]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, tensor<4x5xf32>, tensor<4x5xi32>)
  // CHECK: arith.cmpi sgt, %[[J]], %c0
  // CHECK: %[[A:.*]] = tensor.extract %{{.*}}[%[[ROW]], %[[J]]] : tensor<4x5xf32>
  // CHECK: %[[B:.*]] = tensor.extract %{{.*}}[%[[ROW]], %{{.*}}] : tensor<4x5xf32>
  // CHECK: arith.cmpf ogt, %[[A]], %[[B]] : f32
  // CHECK: scf.condition
  // CHECK: } do {
  // CHECK-COUNT-4: tensor.insert
  // CHECK: scf.yield
  // CHECK: return %[[R]]#0, %[[R]]#1
  %0:2 = hlo.sort(%k, %v) {dimension = 1 : i64, is_stable = true} : (tensor<4x5xf32>, tensor<4x5xi32>) -> (tensor<4x5xf32>, tensor<4x5xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %gt : tensor<i1>
  }
  return %0#0, %0#1 : tensor<4x5xf32>, tensor<4x5xi32>
}

// -----

// TOTALORDER compares the float bits as integers (negatives flipped).
// LLVM-LABEL: llvm.func @sort_total
// CHECK-LABEL: func @sort_total
func.func @sort_total(%k: tensor<6xf32>) -> tensor<6xf32> {
  // CHECK: scf.while
  // CHECK: arith.bitcast %{{.*}} : f32 to i32
  // CHECK: arith.xori
  // CHECK: arith.cmpi slt
  %0 = hlo.sort(%k) {dimension = 0 : i64} : (tensor<6xf32>) -> tensor<6xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0 : tensor<6xf32>
}

// -----

// A sort of a size-1 dim is the input.
// CHECK-LABEL: func @sort_trivial
func.func @sort_trivial(%k: tensor<3x1xf32>) -> tensor<3x1xf32> {
  // CHECK-NOT: scf
  // CHECK: return %arg0
  %0 = hlo.sort(%k) {dimension = 1 : i64} : (tensor<3x1xf32>) -> tensor<3x1xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0 : tensor<3x1xf32>
}
