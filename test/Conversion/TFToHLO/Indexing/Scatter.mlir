// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Scatter.cpp.

// CHECK-LABEL: func @scatter_nd
// Constant indices: each update padded into place and added.
// CHECK: hlo.pad %{{.*}}, %{{.*}}, low = [1], high = [2], interior = [0]
// CHECK: hlo.add
// CHECK: hlo.pad %{{.*}}, %{{.*}}, low = [3], high = [0], interior = [0]
// CHECK: hlo.add
func.func @scatter_nd(%u: tensor<2xf32>) -> tensor<4xf32> {
  %i = "tf.Const"() {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %s = "tf.Const"() {value = dense<[4]> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2xf32>, tensor<1xi32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @scatter_sub
// TensorScatterSub adds the negated updates.
// CHECK: %[[N:.*]] = hlo.negate %arg2
// CHECK: hlo.scatter
// CHECK-SAME: %[[N]]
// CHECK: hlo.add
func.func @scatter_sub(%t: tensor<4x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = "tf.TensorScatterSub"(%t, %i, %u) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}
