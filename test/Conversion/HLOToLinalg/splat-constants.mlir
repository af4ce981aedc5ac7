// RUN: tf-opt %s -hlo-legalize-to-linalg -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -canonicalize -mlir-print-debuginfo=false | FileCheck %s --check-prefix=FOLD
// Large splat constants are never materialized: a splat of at least 64 KiB
// lowers to a linalg.generic yielding the value, and a reduce of a splat
// with an add/max/min/and/or reducer is computed in closed form.

// CHECK-LABEL: func @large_splat
// CHECK-NOT: dense<2.500000e+00> : tensor<1000x1000xf32>
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1000x1000xf32>)
// CHECK-NEXT: ^bb0(%{{.*}}: f32):
// CHECK-NEXT: %[[V:.*]] = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: linalg.yield %[[V]] : f32
func.func @large_splat() -> tensor<1000x1000xf32> {
  %0 = hlo.constant dense<2.5> : tensor<1000x1000xf32>
  return %0 : tensor<1000x1000xf32>
}

// A small splat stays an arith.constant.
// CHECK-LABEL: func @small_splat
// CHECK: arith.constant dense<2.500000e+00> : tensor<4xf32>
func.func @small_splat() -> tensor<4xf32> {
  %0 = hlo.constant dense<2.5> : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Sum of 10^10 copies of 1.5 in f64: 1.5e10 exactly, plus the init 1.0.
// CHECK-LABEL: func @sum_of_splat
// CHECK-NOT: reduction
// CHECK-DAG: %[[C:.*]] = arith.constant 1.500000e+10 : f64
// CHECK-DAG: %[[INIT:.*]] = tensor.extract
// CHECK: %[[R:.*]] = arith.addf %[[INIT]], %[[C]] : f64
// CHECK: linalg.fill ins(%[[R]] : f64)
// CHECK-NOT: reduction
// CHECK: return
func.func @sum_of_splat() -> tensor<f64> {
  %0 = hlo.constant dense<1.5> : tensor<100000x100000xf64>
  %1 = hlo.constant dense<1.0> : tensor<f64>
  %2 = hlo.reduce(%0) init(%1) dims = [0, 1] : (tensor<100000x100000xf64>, tensor<f64>) -> tensor<f64> {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>):
    %s = hlo.add %a, %b : tensor<f64>
    hlo.return %s : tensor<f64>
  }
  return %2 : tensor<f64>
}

// Integer add wraps as the loop would: 3 * 2^31 in i32 is -2^31.
// Max over some dims keeps the value: a fill of the [4] result.
// CHECK-LABEL: func @int_sum_and_max
// CHECK: %[[S:.*]] = arith.constant -2147483648 : i32
// CHECK: arith.addi %{{.*}}, %[[S]] : i32
// CHECK: linalg.fill {{.*}} -> tensor<i32>
// CHECK: arith.constant dense<-2147483648> : tensor<i32>
// CHECK: %[[M:.*]] = arith.constant 7 : i32
// CHECK: arith.maxsi %{{.*}}, %[[M]] : i32
// CHECK: linalg.fill {{.*}} -> tensor<4xi32>
// CHECK-NOT: reduction
// CHECK: return
func.func @int_sum_and_max() -> (tensor<i32>, tensor<4xi32>) {
  %0 = hlo.constant dense<3> : tensor<65536x32768xi32>
  %z = hlo.constant dense<0> : tensor<i32>
  %s = hlo.reduce(%0) init(%z) dims = [0, 1] : (tensor<65536x32768xi32>, tensor<i32>) -> tensor<i32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %r = hlo.add %a, %b : tensor<i32>
    hlo.return %r : tensor<i32>
  }
  %1 = hlo.constant dense<7> : tensor<4x100000xi32>
  %m = hlo.constant dense<-2147483648> : tensor<i32>
  %x = hlo.reduce(%1) init(%m) dims = [1] : (tensor<4x100000xi32>, tensor<i32>) -> tensor<4xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %r = hlo.maximum %a, %b : tensor<i32>
    hlo.return %r : tensor<i32>
  }
  return %s, %x : tensor<i32>, tensor<4xi32>
}

// hlo folders keep splats: convert of a [100000,100000] splat folds to a
// splat (it used to build 10^10 APFloats), and so does integer add of two.
// FOLD-LABEL: func @fold_splats
// FOLD-DAG: hlo.constant dense<1.500000e+00> : tensor<100000x100000xf64>
// FOLD-DAG: hlo.constant dense<5> : tensor<100000x100000xi32>
// FOLD-NOT: hlo.convert
// FOLD-NOT: hlo.add
func.func @fold_splats() -> (tensor<100000x100000xf64>, tensor<100000x100000xi32>) {
  %0 = hlo.constant dense<1.5> : tensor<100000x100000xf32>
  %1 = hlo.convert %0 : (tensor<100000x100000xf32>) -> tensor<100000x100000xf64>
  %2 = hlo.constant dense<2> : tensor<100000x100000xi32>
  %3 = hlo.constant dense<3> : tensor<100000x100000xi32>
  %4 = hlo.add %2, %3 : tensor<100000x100000xi32>
  return %1, %4 : tensor<100000x100000xf64>, tensor<100000x100000xi32>
}
