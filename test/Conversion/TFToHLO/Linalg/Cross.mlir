// RUN: tf-opt %s -xla-legalize-tf=allow-partial=true -mlir-print-debuginfo=false 2>&1 | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Linalg/Cross.cpp.

// Small static matrices are factored entry by entry (each entry a tensor of
// the batch shape): Cholesky, triangular solves, partial-pivot LU for
// MatrixSolve / MatrixInverse / determinants / Lu. Larger ones are left.

// CHECK-LABEL: func @cross
// a x b over the last dim: [a1 b2 - a2 b1, a2 b0 - a0 b2, a0 b1 - a1 b0].
// CHECK-COUNT-6: hlo.slice
// CHECK: %[[M1:.*]] = hlo.multiply %{{.*}}, %{{.*}} : tensor<2x1xf32>
// CHECK: %[[M2:.*]] = hlo.multiply %{{.*}}, %{{.*}} : tensor<2x1xf32>
// CHECK: hlo.subtract %[[M1]], %[[M2]] : tensor<2x1xf32>
// CHECK: hlo.concatenate(%{{.*}}, %{{.*}}, %{{.*}}) dim = 1 : (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
func.func @cross(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.Cross"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
