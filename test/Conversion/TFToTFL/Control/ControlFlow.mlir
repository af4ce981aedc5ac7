// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Functional If/While become tfl.if/tfl.while naming the same functions,
// which are legalized as well.

// CHECK-LABEL: func @main
func.func @main(%c: tensor<i1>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>) {
  // CHECK: "tfl.if"(%arg0, %arg1) {else_subgraph_index = @neg, then_subgraph_index = @exp}
  %0 = "tf.StatelessIf"(%c, %x) {then_branch = @exp, else_branch = @neg, is_stateless = true} : (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
  %i = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tfl.while"(%{{.*}}) {body_subgraph_index = @body, cond_subgraph_index = @cond}
  %1 = "tf.While"(%i) {cond = @cond, body = @body, is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
  func.return %0, %1 : tensor<2xf32>, tensor<i32>
}
// CHECK-LABEL: func private @exp
// CHECK: "tfl.exp"
func.func private @exp(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.Exp"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
// CHECK-LABEL: func private @neg
// CHECK: "tfl.neg"
func.func private @neg(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
// CHECK-LABEL: func private @cond
// CHECK: "tfl.less"
func.func private @cond(%i: tensor<i32>) -> tensor<i1> {
  %n = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
// CHECK-LABEL: func private @body
// CHECK: "tfl.add"
func.func private @body(%i: tensor<i32>) -> tensor<i32> {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}

// If (stateful) is IF too, StatelessWhile WHILE; Assert is dropped (TFLite has no run-time
// checks, as TF's converter drops it).
// CHECK-LABEL: func @if_while_assert
// CHECK-NOT: tf.Assert
// CHECK: "tfl.if"(%arg0, %arg2) {else_subgraph_index = @exp, then_subgraph_index = @neg}
// CHECK: "tfl.while"(%arg1) {body_subgraph_index = @body, cond_subgraph_index = @cond}
// CHECK-NOT: tf.
func.func @if_while_assert(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>) {
  "tf.Assert"(%p, %i) {summarize = 3 : i64} : (tensor<i1>, tensor<i32>) -> ()
  %0 = "tf.If"(%p, %x) {then_branch = @neg, else_branch = @exp, is_stateless = false} : (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
  %1 = "tf.StatelessWhile"(%i) {cond = @cond, body = @body, is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
  func.return %0, %1 : tensor<2xf32>, tensor<i32>
}
