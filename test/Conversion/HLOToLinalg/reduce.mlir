// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// reduce / reduce_window become linalg.generic reductions whose body is the
// reducer region re-emitted on scalars.

// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0)>
// CHECK-LABEL: func @sum
func.func @sum(%x: tensor<2x3x4xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  // CHECK: %[[Z:.*]] = tensor.extract %arg1[] : tensor<f32>
  // CHECK: %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%{{.*}} : tensor<2xf32>)
  // CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[OUT]]], iterator_types = ["parallel", "reduction", "reduction"]}
  // CHECK-SAME: ins(%arg0 : tensor<2x3x4xf32>) outs(%[[F]] : tensor<2xf32>)
  // CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[ACC:.*]]: f32):
  // CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[X]] : f32
  // CHECK-NEXT: linalg.yield %[[S]] : f32
  %0 = hlo.reduce(%x) init(%z) dims = [1, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<2xf32>
}

// -----

// Arg-max: two inputs and two accumulators, a reducer of compare/select.
// CHECK-LABEL: func @argmax
func.func @argmax(%x: tensor<2x5xf32>, %i: tensor<2x5xi32>, %zf: tensor<f32>, %zi: tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  // CHECK: linalg.generic
  // CHECK-SAME: outs(%{{.*}}, %{{.*}} : tensor<2xf32>, tensor<2xi32>)
  // CHECK: arith.cmpf oge
  // CHECK: arith.select
  // CHECK: arith.select
  // CHECK: linalg.yield %{{.*}}, %{{.*}} : f32, i32
  %0:2 = hlo.reduce(%x, %i) init(%zf, %zi) dims = [1] : (tensor<2x5xf32>, tensor<2x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
    %ge = hlo.compare GE, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = hlo.select %ge, %av, %bv : tensor<i1>, tensor<f32>
    %k = hlo.select %ge, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<2xf32>, tensor<2xi32>
}

// -----

// Max pool 2x2 stride 2: the window tensor gives the window loops' bounds.
// CHECK-DAG: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0 + d3, d1 * 2 + d4, d2 * 2 + d5)>
// CHECK-DAG: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5)>
// CHECK-LABEL: func @max_pool
func.func @max_pool(%x: tensor<1x4x4xf32>, %m: tensor<f32>) -> tensor<1x2x2xf32> {
  // CHECK: %[[W:.*]] = tensor.empty() : tensor<1x2x2xi8>
  // CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], #{{.*}}], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
  // CHECK: arith.maximumf
  %0 = hlo.reduce_window(%x) init(%m) {window_dimensions = array<i64: 1, 2, 2>, window_strides = array<i64: 1, 2, 2>} : (tensor<1x4x4xf32>, tensor<f32>) -> tensor<1x2x2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<1x2x2xf32>
}
