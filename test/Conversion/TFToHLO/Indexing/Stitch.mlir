// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Stitch.cpp.

// CHECK-LABEL: func @stitch
// Partition 0 = rows 1, 3; partition 1 = rows 0, 2; stitched back in order.
// CHECK: %[[R1:.*]] = hlo.slice %arg0, start = [1, 0], limit = [2, 2]
// CHECK: %[[R3:.*]] = hlo.slice %arg0, start = [3, 0], limit = [4, 2]
// CHECK: %[[P0:.*]] = hlo.concatenate(%[[R1]], %[[R3]]) dim = 0
// CHECK: %[[R0:.*]] = hlo.slice %arg0, start = [0, 0], limit = [1, 2]
// CHECK: %[[R2:.*]] = hlo.slice %arg0, start = [2, 0], limit = [3, 2]
// CHECK: %[[P1:.*]] = hlo.concatenate(%[[R0]], %[[R2]]) dim = 0
// CHECK: hlo.concatenate(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) dim = 0 : {{.*}} -> tensor<4x2xf32>
// CHECK-NOT: tf.
func.func @stitch(%d: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %p = "tf.Const"() {value = dense<[1, 0, 1, 0]> : tensor<4xi32>} : () -> tensor<4xi32>
  %0:2 = "tf.DynamicPartition"(%d, %p) {num_partitions = 2 : i64} : (tensor<4x2xf32>, tensor<4xi32>) -> (tensor<?x2xf32>, tensor<?x2xf32>)
  %i0 = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %i1 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.DynamicStitch"(%i0, %i1, %0#0, %0#1) {N = 2 : i64} : (tensor<2xi32>, tensor<2xi32>, tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  %s = "tf.Const"() {value = dense<[4, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tf.Reshape"(%1, %s) : (tensor<?x2xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  func.return %2 : tensor<4x2xf32>
}
