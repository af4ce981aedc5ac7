// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// TF ops whose TFLite builtins came after the core set convert 1:1
// and export with their builtin codes and options.

// CHECK-LABEL: func @math
func.func @math(%y: tensor<2x3xf32>, %x: tensor<2x3xf32>, %a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<2x3xf32>, tensor<4xi32>, tensor<4xf32>) {
  // CHECK: "tfl.atan2"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = "tf.Atan2"(%y, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tfl.bitwise_xor"(%arg2, %arg3)
  %1 = "tf.BitwiseXor"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK: "tfl.bitcast"(%arg2) : (tensor<4xi32>) -> tensor<4xf32>
  %2 = "tf.Bitcast"(%a) {type = f32} : (tensor<4xi32>) -> tensor<4xf32>
  func.return %0, %1, %2 : tensor<2x3xf32>, tensor<4xi32>, tensor<4xf32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: tfl.atan2
// BACK-DAG: tfl.bitwise_xor
// BACK-DAG: tfl.bitcast
