// RUN: not tf-opt %s -xla-legalize-tf -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// GatherNd's bad_indices_policy "IGNORE" (TF zeroes the output slice of an
// out-of-range index) is refused with the reason: hlo.gather would clamp.
// CHECK: cannot legalize: tf.GatherNd (count 1: nodes gn_ignore). Why: tf.GatherNd: bad_indices_policy=IGNORE is not supported (TF zeroes the output of an out-of-range index; hlo.gather clamps it)
func.func @main(%p: tensor<3x5xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  %0 = "tf.GatherNd"(%p, %i) {bad_indices_policy = "IGNORE"} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<2xf32> loc("gn_ignore")
  func.return %0 : tensor<2xf32>
}
