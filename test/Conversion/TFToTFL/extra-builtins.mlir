// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// TF ops whose TFLite builtins came after the core set convert 1:1
// (ConvertExtraBuiltins.cpp) and export with their builtin codes and
// options.

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

// CHECK-LABEL: func @random_unique
func.func @random_unique(%v: tensor<6xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<?xi32>, tensor<6xi64>) {
  // CHECK: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<[2, 3]> : tensor<2xi32>}
  %s = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi64>} : () -> tensor<2xi64>
  // CHECK: "tfl.random_uniform"(%[[S]]) {seed = 7 : i64, seed2 = 11 : i64}
  %0 = "tf.RandomUniform"(%s) {seed = 7 : i64, seed2 = 11 : i64, dtype = f32} : (tensor<2xi64>) -> tensor<2x3xf32>
  // CHECK: "tfl.random_standard_normal"(%[[S]]) {seed = 0 : i64, seed2 = 0 : i64}
  %1 = "tf.RandomStandardNormal"(%s) {dtype = f32} : (tensor<2xi64>) -> tensor<2x3xf32>
  // CHECK: "tfl.unique"(%arg0) {idx_out_type = "INT64"}
  %2:2 = "tf.Unique"(%v) : (tensor<6xi32>) -> (tensor<?xi32>, tensor<6xi64>)
  func.return %0, %1, %2#0, %2#1 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<?xi32>, tensor<6xi64>
}

// CHECK-LABEL: func @shapes_sequences
func.func @shapes_sequences(%s0: tensor<3xi32>, %s1: tensor<2xi32>, %x: tensor<4x5x2xf32>, %l: tensor<4xi64>) -> (tensor<3xi32>, tensor<4x5x2xf32>) {
  // CHECK: "tfl.broadcast_args"(%arg0, %arg1)
  %0 = "tf.BroadcastArgs"(%s0, %s1) : (tensor<3xi32>, tensor<2xi32>) -> tensor<3xi32>
  // CHECK: "tfl.reverse_sequence"(%arg2, %arg3) {batch_dim = 0 : i32, seq_dim = 1 : i32}
  %1 = "tf.ReverseSequence"(%x, %l) {seq_dim = -2 : i64, batch_dim = 0 : i64} : (tensor<4x5x2xf32>, tensor<4xi64>) -> tensor<4x5x2xf32>
  func.return %0, %1 : tensor<3xi32>, tensor<4x5x2xf32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: tfl.atan2
// BACK-DAG: tfl.bitwise_xor
// BACK-DAG: tfl.bitcast
// BACK-DAG: tfl.matrix_diag
// BACK-DAG: tfl.matrix_set_diag
// BACK-DAG: "tfl.random_uniform"({{.*}}) {seed = 7 : i64, seed2 = 11 : i64}
// BACK-DAG: tfl.random_standard_normal
// BACK-DAG: "tfl.unique"({{.*}}) {idx_out_type = "INT64"}
// BACK-DAG: tfl.broadcast_args
// BACK-DAG: "tfl.reverse_sequence"({{.*}}) {batch_dim = 0 : i32, seq_dim = 1 : i32}

// Conv3D / Conv3DBackpropInputV2: TF's DHWIO filter is TFLite's layout;
// NCDHW is transposed to NDHWC and back (input_sizes reordered).
// CHECK-LABEL: func @conv3d
func.func @conv3d(%x: tensor<1x4x5x6x2xf32>, %w: tensor<2x3x3x2x3xf32>, %dy: tensor<1x2x5x3x3xf32>, %xc: tensor<1x2x4x5x6xf32>) -> (tensor<1x2x5x3x3xf32>, tensor<1x4x5x6x2xf32>, tensor<1x3x3x3x4xf32>) {
  // CHECK: %[[SZ:.*]] = "tfl.pseudo_const"() {value = dense<[1, 4, 5, 6, 2]> : tensor<5xi32>}
  // CHECK: "tfl.conv_3d"(%arg0, %arg1, %{{.*}}) {dilation_d_factor = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_d = 2 : i32, stride_h = 1 : i32, stride_w = 2 : i32}
  %0 = "tf.Conv3D"(%x, %w) {strides = [1, 2, 1, 2, 1], padding = "SAME", data_format = "NDHWC", dilations = [1, 1, 1, 1, 1]} : (tensor<1x4x5x6x2xf32>, tensor<2x3x3x2x3xf32>) -> tensor<1x2x5x3x3xf32>
  // CHECK: "tfl.conv_3d_transpose"(%[[SZ]], %arg1, %arg2, %{{.*}}) {{.*}}padding = "SAME", stride_d = 2 : i32, stride_h = 1 : i32, stride_w = 2 : i32}
  %s = "tf.Const"() {value = dense<[1, 4, 5, 6, 2]> : tensor<5xi32>} : () -> tensor<5xi32>
  %1 = "tf.Conv3DBackpropInputV2"(%s, %w, %dy) {strides = [1, 2, 1, 2, 1], padding = "SAME", data_format = "NDHWC", dilations = [1, 1, 1, 1, 1]} : (tensor<5xi32>, tensor<2x3x3x2x3xf32>, tensor<1x2x5x3x3xf32>) -> tensor<1x4x5x6x2xf32>
  // CHECK: "tfl.transpose"(%arg3
  // CHECK: "tfl.conv_3d"({{.*}}padding = "VALID", stride_d = 1 : i32, stride_h = 1 : i32, stride_w = 1 : i32}
  // CHECK: "tfl.transpose"
  %2 = "tf.Conv3D"(%xc, %w) {strides = [1, 1, 1, 1, 1], padding = "VALID", data_format = "NCDHW"} : (tensor<1x2x4x5x6xf32>, tensor<2x3x3x2x3xf32>) -> tensor<1x3x3x3x4xf32>
  func.return %0, %1, %2 : tensor<1x2x5x3x3xf32>, tensor<1x4x5x6x2xf32>, tensor<1x3x3x3x4xf32>
}
