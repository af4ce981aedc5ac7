// RUN: tf-opt %s -hlo-legalize-to-linalg -canonicalize -hlo-fuse-elementwise -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// hlo-fuse-elementwise fuses element-wise chains but not into contractions.

// The relu feeding the matmul stays its own generic; the bias add after the
// matmul fuses with the following relu.
// CHECK-LABEL: func @mlp_layer
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: arith.maximumf
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-NOT: arith.maximumf
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK: linalg.yield
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @mlp_layer(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %b: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %z = hlo.constant dense<0.0> : tensor<4x8xf32>
  %r = hlo.maximum %x, %z : tensor<4x8xf32>
  %0 = hlo.dot_general %r, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<4x8xf32>, tensor<8x16xf32>) -> tensor<4x16xf32>
  %1 = hlo.add %0, %b : tensor<4x16xf32>
  %z2 = hlo.constant dense<0.0> : tensor<4x16xf32>
  %2 = hlo.maximum %1, %z2 : tensor<4x16xf32>
  return %2 : tensor<4x16xf32>
}

// -----

// A long chain is fused in bounded pieces (at most 64 body ops each): 40
// multiply+add pairs (80 ops) give two generics.
// CHECK-LABEL: func @chain
// CHECK-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
func.func @chain(%x: tensor<16xf32>, %c: tensor<16xf32>) -> tensor<16xf32> {
  %0 = hlo.multiply %x, %c : tensor<16xf32>
  %1 = hlo.add %0, %c : tensor<16xf32>
  %2 = hlo.multiply %1, %c : tensor<16xf32>
  %3 = hlo.add %2, %c : tensor<16xf32>
  %4 = hlo.multiply %3, %c : tensor<16xf32>
  %5 = hlo.add %4, %c : tensor<16xf32>
  %6 = hlo.multiply %5, %c : tensor<16xf32>
  %7 = hlo.add %6, %c : tensor<16xf32>
  %8 = hlo.multiply %7, %c : tensor<16xf32>
  %9 = hlo.add %8, %c : tensor<16xf32>
  %10 = hlo.multiply %9, %c : tensor<16xf32>
  %11 = hlo.add %10, %c : tensor<16xf32>
  %12 = hlo.multiply %11, %c : tensor<16xf32>
  %13 = hlo.add %12, %c : tensor<16xf32>
  %14 = hlo.multiply %13, %c : tensor<16xf32>
  %15 = hlo.add %14, %c : tensor<16xf32>
  %16 = hlo.multiply %15, %c : tensor<16xf32>
  %17 = hlo.add %16, %c : tensor<16xf32>
  %18 = hlo.multiply %17, %c : tensor<16xf32>
  %19 = hlo.add %18, %c : tensor<16xf32>
  %20 = hlo.multiply %19, %c : tensor<16xf32>
  %21 = hlo.add %20, %c : tensor<16xf32>
  %22 = hlo.multiply %21, %c : tensor<16xf32>
  %23 = hlo.add %22, %c : tensor<16xf32>
  %24 = hlo.multiply %23, %c : tensor<16xf32>
  %25 = hlo.add %24, %c : tensor<16xf32>
  %26 = hlo.multiply %25, %c : tensor<16xf32>
  %27 = hlo.add %26, %c : tensor<16xf32>
  %28 = hlo.multiply %27, %c : tensor<16xf32>
  %29 = hlo.add %28, %c : tensor<16xf32>
  %30 = hlo.multiply %29, %c : tensor<16xf32>
  %31 = hlo.add %30, %c : tensor<16xf32>
  %32 = hlo.multiply %31, %c : tensor<16xf32>
  %33 = hlo.add %32, %c : tensor<16xf32>
  %34 = hlo.multiply %33, %c : tensor<16xf32>
  %35 = hlo.add %34, %c : tensor<16xf32>
  %36 = hlo.multiply %35, %c : tensor<16xf32>
  %37 = hlo.add %36, %c : tensor<16xf32>
  %38 = hlo.multiply %37, %c : tensor<16xf32>
  %39 = hlo.add %38, %c : tensor<16xf32>
  %40 = hlo.multiply %39, %c : tensor<16xf32>
  %41 = hlo.add %40, %c : tensor<16xf32>
  %42 = hlo.multiply %41, %c : tensor<16xf32>
  %43 = hlo.add %42, %c : tensor<16xf32>
  %44 = hlo.multiply %43, %c : tensor<16xf32>
  %45 = hlo.add %44, %c : tensor<16xf32>
  %46 = hlo.multiply %45, %c : tensor<16xf32>
  %47 = hlo.add %46, %c : tensor<16xf32>
  %48 = hlo.multiply %47, %c : tensor<16xf32>
  %49 = hlo.add %48, %c : tensor<16xf32>
  %50 = hlo.multiply %49, %c : tensor<16xf32>
  %51 = hlo.add %50, %c : tensor<16xf32>
  %52 = hlo.multiply %51, %c : tensor<16xf32>
  %53 = hlo.add %52, %c : tensor<16xf32>
  %54 = hlo.multiply %53, %c : tensor<16xf32>
  %55 = hlo.add %54, %c : tensor<16xf32>
  %56 = hlo.multiply %55, %c : tensor<16xf32>
  %57 = hlo.add %56, %c : tensor<16xf32>
  %58 = hlo.multiply %57, %c : tensor<16xf32>
  %59 = hlo.add %58, %c : tensor<16xf32>
  %60 = hlo.multiply %59, %c : tensor<16xf32>
  %61 = hlo.add %60, %c : tensor<16xf32>
  %62 = hlo.multiply %61, %c : tensor<16xf32>
  %63 = hlo.add %62, %c : tensor<16xf32>
  %64 = hlo.multiply %63, %c : tensor<16xf32>
  %65 = hlo.add %64, %c : tensor<16xf32>
  %66 = hlo.multiply %65, %c : tensor<16xf32>
  %67 = hlo.add %66, %c : tensor<16xf32>
  %68 = hlo.multiply %67, %c : tensor<16xf32>
  %69 = hlo.add %68, %c : tensor<16xf32>
  %70 = hlo.multiply %69, %c : tensor<16xf32>
  %71 = hlo.add %70, %c : tensor<16xf32>
  %72 = hlo.multiply %71, %c : tensor<16xf32>
  %73 = hlo.add %72, %c : tensor<16xf32>
  %74 = hlo.multiply %73, %c : tensor<16xf32>
  %75 = hlo.add %74, %c : tensor<16xf32>
  %76 = hlo.multiply %75, %c : tensor<16xf32>
  %77 = hlo.add %76, %c : tensor<16xf32>
  %78 = hlo.multiply %77, %c : tensor<16xf32>
  %79 = hlo.add %78, %c : tensor<16xf32>
  return %79 : tensor<16xf32>
}
