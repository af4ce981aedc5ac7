// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Diag.cpp.

// CHECK-LABEL: func @matrix_diag
func.func @matrix_diag(%d: tensor<2x3xf32>, %m: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3x3xf32>) {
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  // CHECK: %[[R:.*]] = hlo.iota dim = 1 : tensor<2x3x3xi32>
  // CHECK: %[[C:.*]] = hlo.iota dim = 2 : tensor<2x3x3xi32>
  // CHECK: %[[EQ:.*]] = hlo.compare EQ, %[[R]], %[[C]], SIGNED
  // CHECK: hlo.select %[[EQ]], %[[B]], %{{.*}} : tensor<2x3x3xi1>, tensor<2x3x3xf32>
  %0 = "tf.MatrixDiag"(%d) : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  // CHECK: hlo.select %{{.*}}, %{{.*}}, %arg1 : tensor<2x3x3xi1>, tensor<2x3x3xf32>
  %1 = "tf.MatrixSetDiag"(%m, %d) : (tensor<2x3x3xf32>, tensor<2x3xf32>) -> tensor<2x3x3xf32>
  func.return %0, %1 : tensor<2x3x3xf32>, tensor<2x3x3xf32>
}

// Diag: the flat diagonal padded with N interior zeros is the N x N
// pattern; DiagPart: the stride N + 1 slice of the flat input.
// CHECK-LABEL: func @diag
// CHECK: %[[F:.*]] = hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK: %[[P:.*]] = hlo.pad %[[F]], %{{.*}}, low = [0], high = [0], interior = [6] : (tensor<6xf32>, tensor<f32>) -> tensor<36xf32>
// CHECK: hlo.reshape %[[P]] : (tensor<36xf32>) -> tensor<2x3x2x3xf32>
// CHECK: %[[G:.*]] = hlo.reshape %arg1 : (tensor<2x3x2x3xi32>) -> tensor<36xi32>
// CHECK: %[[S:.*]] = hlo.slice %[[G]], start = [0], limit = [36], strides = [7] : (tensor<36xi32>) -> tensor<6xi32>
// CHECK: hlo.reshape %[[S]] : (tensor<6xi32>) -> tensor<2x3xi32>
func.func @diag(%d: tensor<2x3xf32>, %m: tensor<2x3x2x3xi32>) -> (tensor<2x3x2x3xf32>, tensor<2x3xi32>) {
  %0 = "tf.Diag"(%d) : (tensor<2x3xf32>) -> tensor<2x3x2x3xf32>
  %1 = "tf.DiagPart"(%m) : (tensor<2x3x2x3xi32>) -> tensor<2x3xi32>
  func.return %0, %1 : tensor<2x3x2x3xf32>, tensor<2x3xi32>
}
