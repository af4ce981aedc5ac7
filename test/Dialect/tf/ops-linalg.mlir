// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the linear algebra family (TFOpsLinalg.td).

// CHECK-LABEL: func @linalg
func.func @linalg(%m: tensor<2x3x3xf32>, %r: tensor<2x3x4xf32>, %a: tensor<5x3xf64>, %b: tensor<3x4xf32>) {
  // CHECK: "tf.MatrixInverse"(%arg0) {T = f32, adjoint = false}
  %0 = "tf.MatrixInverse"(%m) {T = f32, adjoint = false} : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  // CHECK: "tf.MatrixDeterminant"(%arg0) : (tensor<2x3x3xf32>) -> tensor<2xf32>
  %1 = "tf.MatrixDeterminant"(%m) : (tensor<2x3x3xf32>) -> tensor<2xf32>
  // CHECK: "tf.LogMatrixDeterminant"(%arg0) : (tensor<2x3x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  %2:2 = "tf.LogMatrixDeterminant"(%m) : (tensor<2x3x3xf32>) -> (tensor<2xf32>, tensor<2xf32>)
  // CHECK: "tf.Cholesky"(%arg0)
  %3 = "tf.Cholesky"(%m) : (tensor<2x3x3xf32>) -> tensor<2x3x3xf32>
  // CHECK: "tf.Lu"(%arg0) {output_idx_type = i32} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xi32>)
  %4:2 = "tf.Lu"(%m) {output_idx_type = i32} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xi32>)
  // CHECK: "tf.MatrixSolve"(%arg0, %arg1) {adjoint = true} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %5 = "tf.MatrixSolve"(%m, %r) {adjoint = true} : (tensor<2x3x3xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  // Batch dims broadcast in MatrixTriangularSolve.
  // CHECK: "tf.MatrixTriangularSolve"(%arg0, %arg3) {adjoint = false, lower = true} : (tensor<2x3x3xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  %6 = "tf.MatrixTriangularSolve"(%m, %b) {adjoint = false, lower = true} : (tensor<2x3x3xf32>, tensor<3x4xf32>) -> tensor<2x3x4xf32>
  // CHECK: "tf.Svd"(%arg2) {compute_uv = true, full_matrices = false} : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<5x3xf64>, tensor<3x3xf64>)
  %7:3 = "tf.Svd"(%a) {compute_uv = true, full_matrices = false} : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<5x3xf64>, tensor<3x3xf64>)
  // Without compute_uv, u and v are empty.
  // CHECK: "tf.Svd"(%arg2) {compute_uv = false} : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<0xf64>, tensor<0xf64>)
  %8:3 = "tf.Svd"(%a) {compute_uv = false} : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<0xf64>, tensor<0xf64>)
  // CHECK: "tf.Qr"(%arg2) {full_matrices = true} : (tensor<5x3xf64>) -> (tensor<5x5xf64>, tensor<5x3xf64>)
  %9:2 = "tf.Qr"(%a) {full_matrices = true} : (tensor<5x3xf64>) -> (tensor<5x5xf64>, tensor<5x3xf64>)
  return
}
