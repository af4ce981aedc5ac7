// RUN: not tf-opt %s -xla-legalize-tf -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// An If whose branch calls the same function again cannot be inlined into
// hlo.if regions (the inlining would never end): it is refused with the
// reason, naming the node, instead of overflowing the stack (found by the
// session-11 trial).
// CHECK: cannot legalize: tf.If (count 1: nodes if_rec). Why: tf.If: @rec calls itself (recursion cannot be inlined)
func.func @main(%c: tensor<i1>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.If"(%c, %x) {then_branch = @rec, else_branch = @neg, is_stateless = true} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32> loc("if_outer")
  func.return %0 : tensor<4xf32>
}
func.func private @rec(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %s = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %m = "tf.Sum"(%x, %s) {keep_dims = false} : (tensor<4xf32>, tensor<1xi32>) -> tensor<f32>
  %d = "tf.Less"(%m, %z) : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %0 = "tf.If"(%d, %x) {then_branch = @rec, else_branch = @neg, is_stateless = true} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32> loc("if_rec")
  func.return %0 : tensor<4xf32>
}
func.func private @neg(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
