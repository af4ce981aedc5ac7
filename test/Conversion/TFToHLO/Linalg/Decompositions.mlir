// RUN: tf-opt %s -xla-legalize-tf=allow-partial=true -mlir-print-debuginfo=false 2>&1 | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Linalg/Decompositions.cpp.

// Small static matrices are factored entry by entry (each entry a tensor of
// the batch shape): Cholesky, triangular solves, partial-pivot LU for
// MatrixSolve / MatrixInverse / determinants / Lu. Larger ones are left.

// CHECK: remark: not legalized to hlo: needs a static float square matrix (n <= 8)
// CHECK: warning: cannot legalize: tf.Cholesky (count 1

// CHECK-LABEL: func @cholesky
// l00 = sqrt(a00); l10 = a10 / l00; l11 = sqrt(a11 - l10^2); l01 = 0.
// CHECK-DAG: %[[A00:.*]] = hlo.reshape %{{.*}} : (tensor<1x1xf32>) -> tensor<f32>
// CHECK: %[[L00:.*]] = hlo.sqrt %[[A00]] : tensor<f32>
// CHECK: %[[L10:.*]] = hlo.divide %{{.*}}, %[[L00]] : tensor<f32>
// CHECK: %[[SQ:.*]] = hlo.multiply %[[L10]], %[[L10]] : tensor<f32>
// CHECK: %[[D:.*]] = hlo.subtract %{{.*}}, %[[SQ]] : tensor<f32>
// CHECK: %[[L11:.*]] = hlo.sqrt %[[D]] : tensor<f32>
// CHECK: %[[R:.*]] = hlo.concatenate(%{{.*}}, %{{.*}}) dim = 0 : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
// CHECK: return %[[R]]
func.func @cholesky(%a: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = "tf.Cholesky"(%a) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func @det
// The pivot: the row of larger |a_i0| (strictly greater), per batch element.
// CHECK: %[[ABS0:.*]] = hlo.abs %{{.*}} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: %[[ABS1:.*]] = hlo.abs %{{.*}} : (tensor<3xf32>) -> tensor<3xf32>
// CHECK: hlo.compare  GT, %[[ABS1]], %[[ABS0]],  FLOAT
// CHECK: hlo.log
// CHECK: return %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
func.func @det(%a: tensor<3x2x2xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = "tf.MatrixDeterminant"(%a) : (tensor<3x2x2xf32>) -> tensor<3xf32>
  %s, %l = "tf.LogMatrixDeterminant"(%a) : (tensor<3x2x2xf32>) -> (tensor<3xf32>, tensor<3xf32>)
  func.return %0, %s, %l : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func @too_big
// CHECK: "tf.Cholesky"
func.func @too_big(%a: tensor<9x9xf32>) -> tensor<9x9xf32> {
  %0 = "tf.Cholesky"(%a) : (tensor<9x9xf32>) -> tensor<9x9xf32>
  func.return %0 : tensor<9x9xf32>
}

// CHECK-LABEL: func @svd
// One-sided Jacobi in f64: rotations of column pairs, norms as singular
// values, sorted descending by compare-and-swap.
// CHECK: hlo.convert %arg0 : (tensor<3x2xf32>) -> tensor<3x2xf64>
// CHECK: hlo.sqrt
// CHECK: hlo.compare  LT
// CHECK: return %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xf32>, tensor<3x2xf32>, tensor<2x2xf32>
func.func @svd(%a: tensor<3x2xf32>) -> (tensor<2xf32>, tensor<3x2xf32>, tensor<2x2xf32>) {
  %s, %u, %v = "tf.Svd"(%a) {compute_uv = true, full_matrices = false} : (tensor<3x2xf32>) -> (tensor<2xf32>, tensor<3x2xf32>, tensor<2x2xf32>)
  func.return %s, %u, %v : tensor<2xf32>, tensor<3x2xf32>, tensor<2x2xf32>
}
