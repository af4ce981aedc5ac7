// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// Uses the later builtins cannot express are listed with the reason, not
// converted wrongly.

// CHECK: Ops whose TFLite builtin cannot take them as they are (3)
// CHECK-DAG: tf.Atan2 x1: bcast (ATAN2's kernel needs two operands of one static shape (no broadcasting))
// CHECK-DAG: tf.MatrixDiagV3 x1: offdiag (only the main diagonal (constant k = 0) has a TFLite builtin)
// CHECK-DAG: tf.RandomUniform x1: r64 (TFLite's random kernels produce float32 only)
func.func @main(%y: tensor<2x3xf32>, %x: tensor<3xf32>, %d: tensor<3xf32>, %s: tensor<1xi32>) -> (tensor<2x3xf32>, tensor<4x4xf32>, tensor<5xf64>) {
  %0 = "tf.Atan2"(%y, %x) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32> loc("bcast")
  %k = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %n = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %1 = "tf.MatrixDiagV3"(%d, %k, %n, %n, %z) : (tensor<3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<4x4xf32> loc("offdiag")
  %2 = "tf.RandomUniform"(%s) {dtype = f64} : (tensor<1xi32>) -> tensor<5xf64> loc("r64")
  func.return %0, %1, %2 : tensor<2x3xf32>, tensor<4x4xf32>, tensor<5xf64>
}
