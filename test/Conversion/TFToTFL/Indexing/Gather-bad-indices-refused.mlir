// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s
// bad_indices_policy "IGNORE" (TF skips an out-of-range index) has no
// TFLite builtin: GATHER_ND and SCATTER_ND fail on one. Refused with the
// reason.
// CHECK-DAG: tf.GatherNd x1: gn (bad_indices_policy=IGNORE is not supported (TFLite's kernel fails on an out-of-range index))
// CHECK-DAG: tf.ScatterNd x1: sn (bad_indices_policy=IGNORE is not supported (TFLite's kernel fails on an out-of-range index))
func.func @main(%p: tensor<3x5xf32>, %i: tensor<2x2xi32>, %si: tensor<2x1xi32>, %u: tensor<2xf32>) -> (tensor<2xf32>, tensor<5xf32>) {
  %0 = "tf.GatherNd"(%p, %i) {bad_indices_policy = "IGNORE"} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<2xf32> loc("gn")
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %1 = "tf.ScatterNd"(%si, %u, %s) {bad_indices_policy = "IGNORE"} : (tensor<2x1xi32>, tensor<2xf32>, tensor<1xi32>) -> tensor<5xf32> loc("sn")
  func.return %0, %1 : tensor<2xf32>, tensor<5xf32>
}
