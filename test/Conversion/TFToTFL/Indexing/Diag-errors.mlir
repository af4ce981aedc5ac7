// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// MATRIX_DIAG builds a square, zero-padded matrix of the main diagonal and
// MATRIX_SET_DIAG sets the main diagonal: the V2/V3 forms that ask for more
// (another diagonal k, a num_rows / num_cols other than -1, a non-zero
// padding_value) are refused with the reason.
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK: Ops whose TFLite builtin cannot take them as they are (2)
// CHECK-DAG: tf.MatrixDiagV2 x2: rows (num_rows / num_cols other than -1 have no TFLite builtin), pad (a non-zero padding_value has no TFLite builtin)
// CHECK-DAG: tf.MatrixSetDiagV2 x1: band (only the main diagonal (constant k = 0) has a TFLite builtin)
func.func @main(%d: tensor<3xf32>, %m: tensor<3x3xf32>, %b: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>) {
  %k = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %n = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %r = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %p = "tf.Const"() {value = dense<9.0> : tensor<f32>} : () -> tensor<f32>
  %kb = "tf.Const"() {value = dense<[-1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.MatrixDiagV2"(%d, %k, %r, %n, %z) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<4x3xf32> loc("rows")
  %1 = "tf.MatrixDiagV2"(%d, %k, %n, %n, %p) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<3x3xf32> loc("pad")
  %2 = "tf.MatrixSetDiagV2"(%m, %b, %kb) : (tensor<3x3xf32>, tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x3xf32> loc("band")
  func.return %0, %1, %2 : tensor<4x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>
}
