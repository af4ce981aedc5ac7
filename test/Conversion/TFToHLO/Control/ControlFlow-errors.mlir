// RUN: not tf-opt %s -xla-legalize-tf -mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// An If whose branch calls the same function again cannot be inlined into
// hlo.if regions (the inlining would never end): it is refused with the
// reason and the call path (TF::recursionPath), naming the nodes, instead
// of overflowing the stack (found by the
// session-11 trial).
// A While whose body reaches itself through another function (b1 -> b2 ->
// b1) is refused the same way.
// CHECK: cannot legalize: tf.If (count 1: nodes if_outer); tf.While (count 1: nodes w_outer). Why: tf.If: @rec calls itself (rec -> rec); recursion cannot be inlined; tf.While: @b1 calls itself (b1 -> b2 -> b1); recursion cannot be inlined
func.func @main(%c: tensor<i1>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "tf.If"(%c, %x) {then_branch = @rec, else_branch = @neg, is_stateless = true} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32> loc("if_outer")
  %1 = "tf.While"(%x) {cond = @cond, body = @b1, is_stateless = true} : (tensor<4xf32>) -> tensor<4xf32> loc("w_outer")
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
func.func private @cond(%x: tensor<4xf32>) -> tensor<i1> {
  %c = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  func.return %c : tensor<i1>
}
func.func private @b1(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.While"(%x) {cond = @cond, body = @b2, is_stateless = true} : (tensor<4xf32>) -> tensor<4xf32> loc("w_b1")
  func.return %0 : tensor<4xf32>
}
func.func private @b2(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.While"(%x) {cond = @cond, body = @b1, is_stateless = true} : (tensor<4xf32>) -> tensor<4xf32> loc("w_b2")
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
