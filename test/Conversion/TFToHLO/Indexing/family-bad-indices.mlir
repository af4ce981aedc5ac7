// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// TF's bad_indices_policy (TF 2.17+) on GatherNd and ScatterNd: "",
// "DEFAULT" and "ERROR" keep the run-time index check in front of the op
// (an out-of-range index fails the Run, as on TF's CPU); "IGNORE" on
// ScatterNd drops the check, and hlo.scatter skips the out-of-range update
// as TF does. GatherNd's IGNORE zeroes the row (Gather-bad-indices-ignore.mlir).

// CHECK-LABEL: func @gather_nd_error
// CHECK: hlo.custom_call "tfmlir_rt_check_indices"
// CHECK: hlo.gather
func.func @gather_nd_error(%p: tensor<3x5xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  %0 = "tf.GatherNd"(%p, %i) {bad_indices_policy = "ERROR"} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<2xf32> loc("gn")
  func.return %0 : tensor<2xf32>
}

// CHECK-LABEL: func @scatter_nd_default
// CHECK: hlo.custom_call "tfmlir_rt_check_indices"
// CHECK: hlo.scatter
func.func @scatter_nd_default(%i: tensor<2x1xi64>, %u: tensor<2xf32>) -> tensor<5xf32> {
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.ScatterNd"(%i, %u, %s) {bad_indices_policy = "DEFAULT"} : (tensor<2x1xi64>, tensor<2xf32>, tensor<1xi32>) -> tensor<5xf32> loc("sn")
  func.return %0 : tensor<5xf32>
}

// CHECK-LABEL: func @scatter_nd_ignore
// CHECK-NOT: custom_call
// CHECK: hlo.scatter
func.func @scatter_nd_ignore(%i: tensor<2x1xi64>, %u: tensor<2xf32>) -> tensor<5xf32> {
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.ScatterNd"(%i, %u, %s) {bad_indices_policy = "IGNORE"} : (tensor<2x1xi64>, tensor<2xf32>, tensor<1xi32>) -> tensor<5xf32> loc("sn")
  func.return %0 : tensor<5xf32>
}

// A constant out-of-range index under IGNORE: the scatter without a check
// (its update is skipped), not the padded sum.
// CHECK-LABEL: func @scatter_nd_ignore_const
// CHECK-NOT: custom_call
// CHECK: hlo.scatter
func.func @scatter_nd_ignore_const(%u: tensor<2xf32>) -> tensor<5xf32> {
  %i = "tf.Const"() {value = dense<[[1], [7]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.ScatterNd"(%i, %u, %s) {bad_indices_policy = "IGNORE"} : (tensor<2x1xi32>, tensor<2xf32>, tensor<1xi32>) -> tensor<5xf32> loc("snc")
  func.return %0 : tensor<5xf32>
}
