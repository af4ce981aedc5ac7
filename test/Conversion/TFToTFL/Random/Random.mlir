// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// TF ops whose TFLite builtins came after the core set convert 1:1
// and export with their builtin codes and options.

// CHECK-LABEL: func @random
func.func @random(%v: tensor<6xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  // CHECK: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>}
  %s = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  // CHECK: "tfl.random_uniform"(%[[S]]) {seed = 7 : i64, seed2 = 11 : i64}
  %0 = "tf.RandomUniform"(%s) {seed = 7 : i64, seed2 = 11 : i64, dtype = f32} : (tensor<2xi64>) -> tensor<2x3xf32>
  // CHECK: "tfl.random_standard_normal"(%[[S]]) {seed = 0 : i64, seed2 = 0 : i64}
  %1 = "tf.RandomStandardNormal"(%s) {dtype = f32} : (tensor<2xi64>) -> tensor<2x3xf32>
  func.return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: "tfl.random_uniform"({{.*}}) {seed = 7 : i64, seed2 = 11 : i64}
// BACK-DAG: tfl.random_standard_normal
