// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Bincount.cpp.

// Bincount: an [n, size] mask arr == iota(bins) selects the weights (or ones
// when the weights are empty) and is summed over n; values outside
// [0, size) match no bin, as TF's kernel ignores them.
// CHECK-LABEL: func @bincount_weights
// CHECK: %[[A:.*]] = hlo.broadcast_in_dim %arg0, dims = [0] : (tensor<6xi32>) -> tensor<6x5xi32>
// CHECK: %[[I:.*]] = hlo.iota dim = 1 : tensor<6x5xi32>
// CHECK: %[[EQ:.*]] = hlo.compare  EQ, %[[A]], %[[I]],  SIGNED
// CHECK: %[[W:.*]] = hlo.broadcast_in_dim %arg1, dims = [0] : (tensor<6xf32>) -> tensor<6x5xf32>
// CHECK: %[[S:.*]] = hlo.select %[[EQ]], %[[W]], %{{.*}} : tensor<6x5xi1>, tensor<6x5xf32>
// CHECK: hlo.reduce(%[[S]]) init(%{{.*}}) dims = [0] : (tensor<6x5xf32>, tensor<f32>) -> tensor<5xf32>
// CHECK: hlo.add
func.func @bincount_weights(%x: tensor<6xi32>, %w: tensor<6xf32>) -> tensor<5xf32> {
  %size = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Bincount"(%x, %size, %w) {T = f32} : (tensor<6xi32>, tensor<i32>, tensor<6xf32>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}

// CHECK-LABEL: func @bincount_counts
// CHECK: %[[EQ:.*]] = hlo.compare  EQ
// CHECK: %[[ONE:.*]] = hlo.constant dense<1> : tensor<6x4xi32>
// CHECK: hlo.select %[[EQ]], %[[ONE]], %{{.*}} : tensor<6x4xi1>, tensor<6x4xi32>
// CHECK: hlo.reduce({{.*}}) dims = [0] : (tensor<6x4xi32>, tensor<i32>) -> tensor<4xi32>
func.func @bincount_counts(%x: tensor<6xi32>) -> tensor<4xi32> {
  %size = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %w = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %0 = "tf.Bincount"(%x, %size, %w) {T = i32} : (tensor<6xi32>, tensor<i32>, tensor<0xi32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}
