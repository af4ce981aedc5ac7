// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/NN/Loss.cpp.

// CHECK-LABEL: func @sparse_xent
func.func @sparse_xent(%x: tensor<2x3xf32>, %l: tensor<2xi32>) -> (tensor<2xf32>, tensor<2x3xf32>) {
  // One-hot labels from an iota over the classes.
  // CHECK: %[[C:.*]] = hlo.iota dim = 1 : tensor<2x3xi32>
  // CHECK: %[[LB:.*]] = hlo.broadcast_in_dim %arg1, dims = [0] : (tensor<2xi32>) -> tensor<2x3xi32>
  // CHECK: hlo.compare EQ, %[[C]], %[[LB]], SIGNED
  // CHECK: hlo.negate
  %0, %1 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%x, %l) : (tensor<2x3xf32>, tensor<2xi32>) -> (tensor<2xf32>, tensor<2x3xf32>)
  func.return %0, %1 : tensor<2xf32>, tensor<2x3xf32>
}
