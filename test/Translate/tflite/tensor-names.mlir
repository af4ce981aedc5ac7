// Tensors without a NameLoc get generated names ("arg<i>", or the op's name
// with "_<k>" for repeats), so that every input and output can be found by
// name; a function's tf.entry_function outputs name its results.
// RUN: tf-translate -mlir-to-tflite-flatbuffer %s -mlir-print-debuginfo=false -o %t.tflite
// RUN: tflite-run --model %t.tflite --dump | FileCheck %s
// CHECK-DAG: tensor {{[0-9]+}} 'arg0' FLOAT32 [4]
// CHECK-DAG: tensor {{[0-9]+}} 'exp' FLOAT32 [4]
// CHECK-DAG: tensor {{[0-9]+}} 'exp_1' FLOAT32 [4]
// CHECK-DAG: tensor {{[0-9]+}} 'result' FLOAT32 [4]
func.func @not_main(%x: tensor<4xf32>) -> tensor<4xf32> attributes {tf.entry_function = {inputs = "", outputs = "result:0"}} {
  %0 = "tfl.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tfl.exp"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "tfl.exp"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
