// RUN: tf-opt %s --mlir-print-debuginfo=false -canonicalize -symbol-dce | FileCheck %s
// Side effects: unused Pure ops are removed; random ops, Assert, variable
// ops and stateful calls are kept. Functions referenced only through
// #tf_type.func attrs are symbol uses and survive -symbol-dce.

func.func private @used_by_func_attr(%a: tensor<f32>) -> tensor<f32>
// CHECK-NOT: func private @unused
func.func private @unused(%a: tensor<f32>) -> tensor<f32>
// CHECK-DAG: func.func private @used_by_func_attr
// CHECK-DAG: func.func private @used_by_symbol

func.func private @used_by_symbol(%a: tensor<f32>) -> tensor<f32>

// CHECK-LABEL: func @effects
func.func @effects(%x: tensor<f32>, %p: tensor<i1>, %h: tensor<!tf_type.resource>) {
  %shape = "tf.Const"() {value = dense<[3]> : tensor<1xi32>} : () -> tensor<1xi32>
  // CHECK-NOT: "tf.Neg"
  %0 = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
  // CHECK-NOT: "tf.StatelessRandomUniform"
  %seed = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %1 = "tf.StatelessRandomUniform"(%shape, %seed) : (tensor<1xi32>, tensor<2xi64>) -> tensor<3xf32>
  // CHECK-NOT: "tf.PartitionedCall"
  %2 = "tf.PartitionedCall"(%x) {f = @used_by_func_attr} : (tensor<f32>) -> tensor<f32>
  // CHECK: "tf.RandomUniform"
  %3 = "tf.RandomUniform"(%shape) : (tensor<1xi32>) -> tensor<3xf32>
  // CHECK: "tf.Assert"
  "tf.Assert"(%p, %x) : (tensor<i1>, tensor<f32>) -> ()
  // CHECK: "tf.ReadVariableOp"
  %4 = "tf.ReadVariableOp"(%h) : (tensor<!tf_type.resource>) -> tensor<*xf32>
  // CHECK: "tf.StatefulPartitionedCall"(%arg0) {f = #tf_type.func<@used_by_func_attr, {}>}
  %5 = "tf.StatefulPartitionedCall"(%x) {f = #tf_type.func<@used_by_func_attr, {}>} : (tensor<f32>) -> tensor<f32>
  // CHECK: "tf.If"(%arg1, %arg0) {else_branch = @used_by_symbol, then_branch = #tf_type.func<@used_by_func_attr, {}>}
  %6 = "tf.If"(%p, %x) {then_branch = #tf_type.func<@used_by_func_attr, {}>, else_branch = @used_by_symbol} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  return
}
