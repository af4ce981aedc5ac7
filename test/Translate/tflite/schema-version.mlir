// Only schema version 3 is read, as TFLite's InterpreterBuilder requires.
// RUN: tf-translate -mlir-to-tflite-flatbuffer %s -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite | FileCheck %s --check-prefix=V3
// RUN: %python %S/Inputs/set_schema_version.py %t.tflite %t.v2.tflite 2
// RUN: not tf-translate -tflite-flatbuffer-to-mlir %t.v2.tflite 2>&1 | FileCheck %s --check-prefix=V2
// RUN: not tflite-run --model %t.v2.tflite 2>&1 | FileCheck %s --check-prefix=RUN2

// V3: "tfl.exp"
// V2: v2.tflite:0:0: error: invalid TFLite model: schema version 2, expected 3
// RUN2: schema version 2
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tfl.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
