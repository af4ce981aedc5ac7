// RUN: tf-opt %s -xla-legalize-tf=allow-partial=true -mlir-print-debuginfo=false 2>&1 | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Linalg/Solve.cpp.

// Small static matrices are factored entry by entry (each entry a tensor of
// the batch shape): Cholesky, triangular solves, partial-pivot LU for
// MatrixSolve / MatrixInverse / determinants / Lu. Larger ones are left.

// CHECK-LABEL: func @tri
// Forward substitution: x0 = b0 / a00; x1 = (b1 - a10 x0) / a11.
// CHECK: %[[X0:.*]] = hlo.divide %{{.*}}, %{{.*}} : tensor<f64>
// CHECK: %[[P:.*]] = hlo.multiply %{{.*}}, %[[X0]] : tensor<f64>
// CHECK: %[[S:.*]] = hlo.subtract %{{.*}}, %[[P]] : tensor<f64>
// CHECK: %[[X1:.*]] = hlo.divide %[[S]], %{{.*}} : tensor<f64>
// CHECK: hlo.concatenate
func.func @tri(%a: tensor<2x2xf64>, %b: tensor<2x1xf64>) -> tensor<2x1xf64> {
  %0 = "tf.MatrixTriangularSolve"(%a, %b) {lower = true, adjoint = false} : (tensor<2x2xf64>, tensor<2x1xf64>) -> tensor<2x1xf64>
  func.return %0 : tensor<2x1xf64>
}

// CHECK-LABEL: func @solve
// CHECK-NOT: tf.
// CHECK: hlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xi32>
// CHECK: return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xi32>
func.func @solve(%a: tensor<2x2xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xi32>) {
  %0 = "tf.MatrixSolve"(%a, %b) {adjoint = false} : (tensor<2x2xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.MatrixInverse"(%a) {adjoint = false} : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %lu, %p = "tf.Lu"(%a) {output_idx_type = i32} : (tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2xi32>)
  func.return %0, %1, %lu, %p : tensor<2x3xf32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2xi32>
}
