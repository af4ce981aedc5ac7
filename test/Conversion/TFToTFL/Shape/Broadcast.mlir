// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// TF ops whose TFLite builtins came after the core set convert 1:1
// and export with their builtin codes and options.

// CHECK-LABEL: func @broadcast_args
func.func @broadcast_args(%s0: tensor<3xi32>, %s1: tensor<2xi32>, %x: tensor<4x5x2xf32>, %l: tensor<4xi64>) -> tensor<3xi32> {
  // CHECK: "tfl.broadcast_args"(%arg0, %arg1)
  %0 = "tf.BroadcastArgs"(%s0, %s1) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: tfl.broadcast_args
