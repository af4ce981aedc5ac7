// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// A string constant (tf.Const of !tf_type.string; TFLite has STRING
// tensors) becomes a tfl.pseudo_const, and the exporter writes it in
// TFLite's STRING layout (int32 count, count + 1 int32 offsets, the bytes)
// instead of the raw bytes of an attribute that holds no such buffer
// (found by the session-11 trial). The model reads back with the same
// buffer: count 2, offsets 16, 18, 19, then "ab" "c".

// CHECK-LABEL: func @main
// CHECK: "tfl.pseudo_const"() {value = dense<["ab", "c"]> : tensor<2x!tf_type.string>}
// BACK: "tfl.pseudo_const"() {value = "\02\00\00\00\10\00\00\00\12\00\00\00\13\00\00\00abc"} : () -> tensor<2x!tf_type.string>
func.func @main() -> tensor<2x!tf_type.string> {
  %0 = "tf.Const"() {value = dense<["ab", "c"]> : tensor<2x!tf_type.string>} : () -> tensor<2x!tf_type.string>
  func.return %0 : tensor<2x!tf_type.string>
}
