// RUN: tf-opt %s -tfl-legalize-tf=fuse=false -mlir-print-debuginfo=false | FileCheck %s

// MatMul(a [M, K], b [K, N]) becomes FULLY_CONNECTED(a, weights [N, K], no
// bias): TFLite's kernel computes a * weights^T, so b is transposed unless
// transpose_b, and a is transposed when transpose_a. BatchMatMul(V2, V3)
// becomes BATCH_MATMUL with TF's adj_x / adj_y (for real types, the
// transpose of the last two dims of x / y).

// CHECK-LABEL: func @matmul
func.func @matmul(%x: tensor<2x3xf32>, %y: tensor<3x2xf32>) -> (tensor<2x2xf32>, tensor<2x4xf32>) {
  // A constant [K, N] = [3, 4] is transposed at conversion time.
  // CHECK-DAG: %[[W:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[}}1.000000e+00, 4.000000e+00, 7.000000e+00], [2.000000e+00, 5.000000e+00, 8.000000e+00], [3.000000e+00, 6.000000e+00, 9.000000e+00], [0.000000e+00, 0.000000e+00, 0.000000e+00]]> : tensor<4x3xf32>}
  // A non-constant one gets a tfl.transpose.
  // CHECK-DAG: %[[Y:.*]] = "tfl.transpose"(%arg1, %{{.*}}) : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  // CHECK: "tfl.fully_connected"(%arg0, %[[Y]], %{{.*}}) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"}
  %0 = "tf.MatMul"(%x, %y) {transpose_a = false, transpose_b = false} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %w = "tf.Const"() {value = dense<[[1.0, 2.0, 3.0, 0.0], [4.0, 5.0, 6.0, 0.0], [7.0, 8.0, 9.0, 0.0]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  // CHECK: "tfl.fully_connected"(%arg0, %[[W]], %{{.*}})
  %1 = "tf.MatMul"(%x, %w) {transpose_a = false, transpose_b = false} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  func.return %0, %1 : tensor<2x2xf32>, tensor<2x4xf32>
}

// transpose_b: b is already [N, K], TFLite's weights layout, and is used as
// it is; transpose_a: a [K, M] is transposed to [M, K]. No bias: the third
// operand is tfl.no_value.
// CHECK-LABEL: func @matmul_transposed
// CHECK: %[[P:.*]] = "tfl.pseudo_const"() {value = dense<[1, 0]> : tensor<2xi32>}
// CHECK-NOT: tfl.transpose
// CHECK: %[[B:.*]] = "tfl.fully_connected"(%arg0, %arg1, %{{.*}}) {{.*}}: (tensor<2x3xf32>, tensor<4x3xf32>, none) -> tensor<2x4xf32>
// CHECK: %[[A:.*]] = "tfl.transpose"(%arg2, %[[P]]) : (tensor<3x2xf32>, tensor<2xi32>) -> tensor<2x3xf32>
// CHECK-NOT: tfl.transpose
// CHECK: %[[AB:.*]] = "tfl.fully_connected"(%[[A]], %arg1, %{{.*}}) {{.*}}: (tensor<2x3xf32>, tensor<4x3xf32>, none) -> tensor<2x4xf32>
// CHECK: return %[[B]], %[[AB]]
func.func @matmul_transposed(%x: tensor<2x3xf32>, %yt: tensor<4x3xf32>, %xt: tensor<3x2xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  %0 = "tf.MatMul"(%x, %yt) {transpose_a = false, transpose_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  %1 = "tf.MatMul"(%xt, %yt) {transpose_a = true, transpose_b = true} : (tensor<3x2xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  func.return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}

// CHECK-LABEL: func @batch_matmul
func.func @batch_matmul(%a: tensor<2x3x4xf32>, %b: tensor<2x5x4xf32>, %at: tensor<2x4x3xf32>, %c: tensor<4x5xf32>) -> (tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>) {
  // CHECK: "tfl.batch_matmul"(%arg0, %arg1) {adj_x = false, adj_y = true, asymmetric_quantize_inputs = false}
  %0 = "tf.BatchMatMulV2"(%a, %b) {adj_x = false, adj_y = true} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  // CHECK: "tfl.batch_matmul"(%arg2, %arg1) {adj_x = true, adj_y = true, asymmetric_quantize_inputs = false}
  %1 = "tf.BatchMatMul"(%at, %b) {adj_x = true, adj_y = true} : (tensor<2x4x3xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  // V3: the batch dims broadcast (NumPy), as BATCH_MATMUL's kernel does.
  // CHECK: "tfl.batch_matmul"(%arg0, %arg3) {adj_x = false, adj_y = false, asymmetric_quantize_inputs = false} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  %2 = "tf.BatchMatMulV3"(%a, %c) {adj_x = false, adj_y = false} : (tensor<2x3x4xf32>, tensor<4x5xf32>) -> tensor<2x3x5xf32>
  func.return %0, %1, %2 : tensor<2x3x5xf32>, tensor<2x3x5xf32>, tensor<2x3x5xf32>
}
