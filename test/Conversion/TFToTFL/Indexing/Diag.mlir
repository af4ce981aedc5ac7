// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// TF ops whose TFLite builtins came after the core set convert 1:1
// and export with their builtin codes and options.
// MatrixDiag(V2/V3) and MatrixSetDiag(V2/V3) are Indexing/Diag.cpp.

// CHECK-LABEL: func @matrix
func.func @matrix(%d: tensor<2x3xf32>, %m: tensor<2x3x4xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
  // CHECK: "tfl.matrix_diag"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  %0 = "tf.MatrixDiag"(%d) : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  %k = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %n = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK: "tfl.matrix_diag"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  %1 = "tf.MatrixDiagV3"(%d, %k, %n, %n, %z) {align = "RIGHT_LEFT"} : (tensor<2x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<2x3x3xf32>
  // CHECK: "tfl.matrix_set_diag"(%arg1, %arg0)
  %2 = "tf.MatrixSetDiag"(%m, %d) : (tensor<2x3x4xf32>, tensor<2x3xf32>) -> tensor<2x3x4xf32>
  // CHECK: "tfl.matrix_set_diag"(%arg1, %arg0)
  %3 = "tf.MatrixSetDiagV2"(%m, %d, %k) : (tensor<2x3x4xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x4xf32>
  func.return %0, %1, %2, %3 : tensor<2x3x3xf32>, tensor<2x3x3xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>
}

// MatrixDiagV2 and MatrixSetDiagV3 on the main diagonal alone (k = 0, TF's
// default num_rows / num_cols -1 and padding_value 0) are the v1 builtins
// too; V3's align only orders a band of several diagonals.
// CHECK-LABEL: func @matrix_v2_v3
// CHECK: "tfl.matrix_diag"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
// CHECK: "tfl.matrix_set_diag"(%arg1, %arg0) : (tensor<2x3x4xf32>, tensor<2x3xf32>) -> tensor<2x3x4xf32>
func.func @matrix_v2_v3(%d: tensor<2x3xf32>, %m: tensor<2x3x4xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x4xf32>) {
  %k = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %n = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.MatrixDiagV2"(%d, %k, %n, %n, %z) : (tensor<2x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>) -> tensor<2x3x3xf32>
  %1 = "tf.MatrixSetDiagV3"(%m, %d, %k) {align = "LEFT_RIGHT"} : (tensor<2x3x4xf32>, tensor<2x3xf32>, tensor<i32>) -> tensor<2x3x4xf32>
  func.return %0, %1 : tensor<2x3x3xf32>, tensor<2x3x4xf32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: tfl.matrix_diag
// BACK-DAG: tfl.matrix_set_diag
