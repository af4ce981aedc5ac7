// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// TFLite's GATHER_ND and SCATTER_ND kernels fail on an out-of-range index,
// which is TF's bad_indices_policy "", "DEFAULT" and "ERROR" on CPU; "IGNORE"
// is refused (Gather-bad-indices-refused.mlir).

// CHECK-LABEL: func @main
// CHECK: "tfl.gather_nd"
// CHECK: "tfl.scatter_nd"
func.func @main(%p: tensor<3x5xf32>, %i: tensor<2x2xi32>, %si: tensor<2x1xi32>, %u: tensor<2xf32>) -> (tensor<2xf32>, tensor<5xf32>) {
  %0 = "tf.GatherNd"(%p, %i) {bad_indices_policy = "ERROR"} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tf.ScatterNd"(%si, %u, %s) {bad_indices_policy = "DEFAULT"} : (tensor<2x1xi32>, tensor<2xf32>, tensor<1xi32>) -> tensor<5xf32>
  func.return %0, %1 : tensor<2xf32>, tensor<5xf32>
}
