// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// Casts carry TFLite tensor type names; constants become tfl.pseudo_const.

// CHECK-LABEL: func @cast_const
func.func @cast_const(%a: tensor<4xi32>) -> (tensor<4xf32>, tensor<2xf32>) {
  // Constants are hoisted to the top of the block.
  // CHECK: "tfl.pseudo_const"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}
  // CHECK: "tfl.cast"(%arg0) {in_data_type = "INT32", out_data_type = "FLOAT32"}
  %0 = "tf.Cast"(%a) {Truncate = false} : (tensor<4xi32>) -> tensor<4xf32>
  %1 = "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<2xf32>
}

// Bitcast (a TFLite builtin that came after the core set) converts 1:1 and
// exports with its builtin code; TF's `type` attr is the result type.
// CHECK-LABEL: func @bitcast
func.func @bitcast(%a: tensor<4xi32>) -> tensor<4xf32> {
  // CHECK: "tfl.bitcast"(%arg0) : (tensor<4xi32>) -> tensor<4xf32>
  %2 = "tf.Bitcast"(%a) {type = f32} : (tensor<4xi32>) -> tensor<4xf32>
  func.return %2 : tensor<4xf32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: tfl.bitcast
