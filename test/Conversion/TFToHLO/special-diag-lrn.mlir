// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// Zeta, Polygamma, Ndtri, Erfinv (Math/Special.cpp), Diag, DiagPart,
// Zeta, Polygamma, Ndtri, Erfinv (Math/Special.cpp), Diag, DiagPart
// (Indexing/Diag.cpp), InvertPermutation (Shape/Transpose.cpp) and LRN
// (NN/Normalization.cpp). Their
// numerics are checked end to end by test/session/op_families.py
// (families "special" and "diag_lrn").

// The special functions are computed in f64 and rounded back; Zeta is the
// Cephes direct sum (hlo.power terms) and the Euler-Maclaurin tail.
// CHECK-LABEL: func @special
// CHECK-NOT: tf.
// CHECK: hlo.convert %{{.*}} : (tensor<3xf32>) -> tensor<3xf64>
// CHECK: hlo.power
// CHECK: hlo.sqrt
// CHECK: hlo.convert %{{.*}} : (tensor<3xf64>) -> tensor<3xf32>
// CHECK: return
func.func @special(%x: tensor<3xf32>, %q: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = "tf.Zeta"(%x, %q) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = "tf.Polygamma"(%x, %q) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = "tf.Ndtri"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %3 = "tf.Erfinv"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0, %1, %2, %3 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// Diag: the flat diagonal padded with N interior zeros is the N x N
// pattern; DiagPart: the stride N + 1 slice of the flat input.
// CHECK-LABEL: func @diag
// CHECK: %[[F:.*]] = hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: %[[P:.*]] = hlo.pad %[[F]], %{{.*}}, low = [0], high = [0], interior = [6] : (tensor<6xf32>, tensor<f32>) -> tensor<36xf32>
// CHECK: hlo.reshape %[[P]] : (tensor<36xf32>) -> tensor<2x3x2x3xf32>
// CHECK: %[[G:.*]] = hlo.reshape %arg1 : (tensor<2x3x2x3xi32>) -> tensor<36xi32>
// CHECK: %[[S:.*]] = hlo.slice %[[G]], start = [0], limit = [36], strides = [7] : (tensor<36xi32>) -> tensor<6xi32>
// CHECK: hlo.reshape %[[S]] : (tensor<6xi32>) -> tensor<2x3xi32>
func.func @diag(%d: tensor<2x3xf32>, %m: tensor<2x3x2x3xi32>) -> (tensor<2x3x2x3xf32>, tensor<2x3xi32>) {
  %0 = "tf.Diag"(%d) : (tensor<2x3xf32>) -> tensor<2x3x2x3xf32>
  %1 = "tf.DiagPart"(%m) : (tensor<2x3x2x3xi32>) -> tensor<2x3xi32>
  func.return %0, %1 : tensor<2x3x2x3xf32>, tensor<2x3xi32>
}

// A constant permutation folds; a run-time one is a checked scatter of iota.
// CHECK-LABEL: func @invert_perm
// CHECK-DAG: hlo.constant dense<[1, 3, 4, 0, 2]> : tensor<5xi32>
// CHECK-DAG: hlo.custom_call "tfmlir_rt_check_indices"
// CHECK-DAG: hlo.iota dim = 0 : tensor<4xi64>
// CHECK: hlo.scatter
func.func @invert_perm(%p: tensor<4xi64>) -> (tensor<5xi32>, tensor<4xi64>) {
  %c = "tf.Const"() {value = dense<[3, 0, 4, 1, 2]> : tensor<5xi32>} : () -> tensor<5xi32>
  %0 = "tf.InvertPermutation"(%c) : (tensor<5xi32>) -> tensor<5xi32>
  %1 = "tf.InvertPermutation"(%p) : (tensor<4xi64>) -> tensor<4xi64>
  func.return %0, %1 : tensor<5xi32>, tensor<4xi64>
}

// LRN: squares summed over a 2r + 1 channel window padded by r, then
// x * rsqrt(bias + alpha * sum) for beta = 0.5.
// CHECK-LABEL: func @lrn
// CHECK: hlo.multiply %arg0, %arg0
// CHECK: hlo.reduce_window
// CHECK-SAME: padding = dense<{{\[\[}}0, 0], [0, 0], [0, 0], [2, 2]]>
// CHECK-SAME: window_dimensions = array<i64: 1, 1, 1, 5>
// CHECK: hlo.rsqrt
func.func @lrn(%x: tensor<1x2x2x6xf32>) -> tensor<1x2x2x6xf32> {
  %0 = "tf.LRN"(%x) {depth_radius = 2 : i64, bias = 1.0 : f32, alpha = 0.5 : f32, beta = 0.5 : f32} : (tensor<1x2x2x6xf32>) -> tensor<1x2x2x6xf32>
  func.return %0 : tensor<1x2x2x6xf32>
}

// RaggedRange with integer constant inputs folds (Indexing/Sequence.cpp); a
// delta of 1 broadcast over the rows [0, 3), [5, 5) and [10, 12).
// CHECK-LABEL: func @ragged_const
// CHECK-DAG: hlo.constant dense<[0, 3, 3, 5]> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<[0, 1, 2, 10, 11]> : tensor<5xi64>
func.func @ragged_const() -> (tensor<4xi32>, tensor<5xi64>) {
  %s = "tf.Const"() {value = dense<[0, 5, 10]> : tensor<3xi64>} : () -> tensor<3xi64>
  %l = "tf.Const"() {value = dense<[3, 5, 12]> : tensor<3xi64>} : () -> tensor<3xi64>
  %d = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %0:2 = "tf.RaggedRange"(%s, %l, %d) : (tensor<3xi64>, tensor<3xi64>, tensor<i64>) -> (tensor<4xi32>, tensor<5xi64>)
  func.return %0#0, %0#1 : tensor<4xi32>, tensor<5xi64>
}
