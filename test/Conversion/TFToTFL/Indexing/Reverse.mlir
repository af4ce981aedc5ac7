// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// TF ops whose TFLite builtins came after the core set convert 1:1
// and export with their builtin codes and options.

// Builtins without a dedicated tfl op become tfl.builtin_op with the
// schema's code, name and options table; the int64 axis becomes int32.
// CHECK-LABEL: func @reverse_v2
func.func @reverse_v2(%x: tensor<4x3xf32>) -> tensor<4x3xf32> {
  // CHECK: "tfl.builtin_op"(%arg0, %{{.*}}) {builtin_code = 105 : i32, builtin_options = {}, builtin_options_type = "ReverseV2Options", name = "REVERSE_V2", version = 1 : i32}
  %a = "tf.Const"() {value = dense<[1]> : tensor<1xi64>} : () -> tensor<1xi64>
  %0 = "tf.ReverseV2"(%x, %a) : (tensor<4x3xf32>, tensor<1xi64>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}

// CHECK-LABEL: func @unique
func.func @unique(%v: tensor<6xi32>) -> (tensor<?xi32>, tensor<6xi64>) {
  // CHECK: "tfl.unique"(%arg0) {idx_out_type = "INT64"}
  %2:2 = "tf.Unique"(%v) : (tensor<6xi32>) -> (tensor<?xi32>, tensor<6xi64>)
  func.return %2#0, %2#1 : tensor<?xi32>, tensor<6xi64>
}

// CHECK-LABEL: func @reverse_sequence
func.func @reverse_sequence(%s0: tensor<3xi32>, %s1: tensor<2xi32>, %x: tensor<4x5x2xf32>, %l: tensor<4xi64>) -> tensor<4x5x2xf32> {
  // CHECK: "tfl.reverse_sequence"(%arg2, %arg3) {batch_dim = 0 : i32, seq_dim = 1 : i32}
  %1 = "tf.ReverseSequence"(%x, %l) {seq_dim = -2 : i64, batch_dim = 0 : i64} : (tensor<4x5x2xf32>, tensor<4xi64>) -> tensor<4x5x2xf32>
  func.return %1 : tensor<4x5x2xf32>
}

// TopKV2's k becomes int32 (TOPK_V2 returns the k largest along the last
// dim, sorted, and their int32 indices, as TF's sorted = true); Range is
// RANGE.
// CHECK-LABEL: func @topk_range
// CHECK: %[[K:.*]] = "tfl.pseudo_const"() {value = dense<2> : tensor<i32>}
// CHECK: "tfl.topk_v2"(%arg0, %[[K]]) : (tensor<3x5xf32>, tensor<i32>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
// CHECK: "tfl.range"(%arg1, %arg2, %arg3) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
func.func @topk_range(%x: tensor<3x5xf32>, %s: tensor<i32>, %l: tensor<i32>, %d: tensor<i32>) -> (tensor<3x2xf32>, tensor<3x2xi32>, tensor<?xi32>) {
  %k = "tf.Const"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %0:2 = "tf.TopKV2"(%x, %k) {sorted = true} : (tensor<3x5xf32>, tensor<i64>) -> (tensor<3x2xf32>, tensor<3x2xi32>)
  %1 = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  func.return %0#0, %0#1, %1 : tensor<3x2xf32>, tensor<3x2xi32>, tensor<?xi32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: "tfl.unique"({{.*}}) {idx_out_type = "INT64"}
// BACK-DAG: "tfl.reverse_sequence"({{.*}}) {batch_dim = 0 : i32, seq_dim = 1 : i32}
// BACK-DAG: tfl.topk_v2
// BACK-DAG: tfl.range
