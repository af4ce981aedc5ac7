// RUN: not tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s
// A constant InvertPermutation input that is not a permutation is reported
// with TF's message and the node name.

// CHECK: remark: {{.*}}node 'perm_node': not legalized to hlo: 5 is not between 0 and 3
// CHECK: error: cannot legalize: tf.InvertPermutation (count 1: nodes perm_node)
func.func @bad_perm() -> tensor<3xi32> {
  %c = "tf.Const"() {value = dense<[0, 5, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  %0 = "tf.InvertPermutation"(%c) : (tensor<3xi32>) -> tensor<3xi32> loc("perm_node")
  func.return %0 : tensor<3xi32>
}
