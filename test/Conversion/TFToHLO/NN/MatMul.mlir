// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/NN/MatMul.cpp.

// CHECK-LABEL: func @matmul
func.func @matmul(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<2x4xf32> {
  // CHECK: hlo.dot_general %arg0, %arg1, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [1]> : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  %0 = "tf.MatMul"(%a, %b) {transpose_a = false, transpose_b = true} : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<2x4xf32>
  func.return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func @batch_matmul_broadcast
func.func @batch_matmul_broadcast(%a: tensor<2x1x3x4xf32>, %b: tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32> {
  // CHECK: %[[A:.*]] = hlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<2x1x3x4xf32>) -> tensor<2x5x3x4xf32>
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg1, dims = [1, 2, 3] : (tensor<5x4x6xf32>) -> tensor<2x5x4x6xf32>
  // CHECK: hlo.dot_general %[[A]], %[[B]], <lhs_batch = [0, 1], rhs_batch = [0, 1], lhs_contract = [3], rhs_contract = [2]> : (tensor<2x5x3x4xf32>, tensor<2x5x4x6xf32>) -> tensor<2x5x3x6xf32>
  %0 = "tf.BatchMatMulV2"(%a, %b) {adj_x = false, adj_y = false} : (tensor<2x1x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x5x3x6xf32>
  func.return %0 : tensor<2x5x3x6xf32>
}
