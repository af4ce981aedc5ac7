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

// Tile's multiples and BroadcastTo's shape become int32.
// CHECK-LABEL: func @tile_broadcast_to
// CHECK-DAG: %[[M:.*]] = "tfl.pseudo_const"() {value = dense<[2, 1]> : tensor<2xi32>}
// CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[4, 2, 3]> : tensor<3xi32>}
// CHECK: "tfl.tile"(%arg0, %[[M]]) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<4x3xf32>
// CHECK: "tfl.broadcast_to"(%arg0, %[[S]]) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<4x2x3xf32>
func.func @tile_broadcast_to(%x: tensor<2x3xf32>) -> (tensor<4x3xf32>, tensor<4x2x3xf32>) {
  %m = "tf.Const"() {value = dense<[2, 1]> : tensor<2xi64>} : () -> tensor<2xi64>
  %s = "tf.Const"() {value = dense<[4, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
  %0 = "tf.Tile"(%x, %m) : (tensor<2x3xf32>, tensor<2xi64>) -> tensor<4x3xf32>
  %1 = "tf.BroadcastTo"(%x, %s) : (tensor<2x3xf32>, tensor<3xi64>) -> tensor<4x2x3xf32>
  func.return %0, %1 : tensor<4x3xf32>, tensor<4x2x3xf32>
}

// Fill's dims become int32; ZerosLike and Rank have no dedicated tfl op
// and become tfl.builtin_op with the schema's code (ZEROS_LIKE 93, RANK
// 110); Shape keeps TF's out_type (int32 or int64). A dynamic input keeps
// them from being folded.
// CHECK-LABEL: func @fill_shape_rank
// CHECK: "tfl.fill"(%{{.*}}, %arg1) : (tensor<2xi32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK: "tfl.builtin_op"(%arg0) {builtin_code = 93 : i32, builtin_options = {}, builtin_options_type = "ZerosLikeOptions", name = "ZEROS_LIKE", version = 1 : i32} : (tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK: "tfl.shape"(%arg0) {out_type = "INT64"} : (tensor<?x3xf32>) -> tensor<2xi64>
// CHECK: "tfl.builtin_op"(%arg2) {builtin_code = 110 : i32, builtin_options = {}, builtin_options_type = "RankOptions", name = "RANK", version = 1 : i32} : (tensor<*xf32>) -> tensor<i32>
func.func @fill_shape_rank(%x: tensor<?x3xf32>, %v: tensor<f32>, %u: tensor<*xf32>) -> (tensor<2x3xf32>, tensor<?x3xf32>, tensor<2xi64>, tensor<i32>) {
  %d = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  %0 = "tf.Fill"(%d, %v) : (tensor<2xi64>, tensor<f32>) -> tensor<2x3xf32>
  %1 = "tf.ZerosLike"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %2 = "tf.Shape"(%x) : (tensor<?x3xf32>) -> tensor<2xi64>
  %3 = "tf.Rank"(%u) : (tensor<*xf32>) -> tensor<i32>
  func.return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<?x3xf32>, tensor<2xi64>, tensor<i32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: tfl.broadcast_args
// BACK-DAG: "tfl.tile"
// BACK-DAG: "tfl.broadcast_to"
// BACK-DAG: "tfl.fill"
// BACK-DAG: "tfl.zeros_like"(%arg0) : (tensor<?x3xf32>) -> tensor<?x3xf32>
// BACK-DAG: "tfl.shape"(%arg0) {out_type = "INT64"}
// BACK-DAG: "tfl.rank"(%arg2) : (tensor<*xf32>) -> tensor<i32>
