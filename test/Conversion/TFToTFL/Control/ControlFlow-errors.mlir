// RUN: not tf-opt %s -split-input-file -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// Control flow tfl-legalize-tf refuses, one case per chunk, each with the
// reason in the report.

// An If or While whose branch / body function calls itself would become a
// TFLite subgraph that invokes itself without end: tfl-legalize-tf refuses
// it with the reason, naming the function (as xla-legalize-tf does,
// test/Conversion/TFToHLO/Control/ControlFlow-errors.mlir), instead of
// emitting the model (found by the session-11 trial).
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK: Ops whose TFLite builtin cannot take them as they are (2)
// CHECK-DAG: tf.If x2: if_outer, if_rec (@rec calls itself (rec -> rec; TFLite subgraphs cannot recurse))
// CHECK-DAG: tf.While x2: w_outer, w_rec (@body calls itself (body -> body; TFLite subgraphs cannot recurse))
func.func @main(%c: tensor<i1>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "tf.If"(%c, %x) {then_branch = @rec, else_branch = @neg, is_stateless = true} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32> loc("if_outer")
  %1 = "tf.While"(%x) {cond = @cond, body = @body, is_stateless = true} : (tensor<4xf32>) -> tensor<4xf32> loc("w_outer")
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
func.func private @rec(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %0 = "tf.If"(%c, %x) {then_branch = @rec, else_branch = @neg, is_stateless = true} : (tensor<i1>, tensor<4xf32>) -> tensor<4xf32> loc("if_rec")
  func.return %0 : tensor<4xf32>
}
func.func private @neg(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
func.func private @cond(%x: tensor<4xf32>) -> tensor<i1> {
  %c = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  func.return %c : tensor<i1>
}
func.func private @body(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.While"(%x) {cond = @cond, body = @body, is_stateless = true} : (tensor<4xf32>) -> tensor<4xf32> loc("w_rec")
  func.return %0 : tensor<4xf32>
}

// -----

// TFLite's WHILE reads its cond subgraph's output as one bool scalar; a
// cond function returning anything else (here tensor<4xf32>; TF would
// reduce it with ToBool) is refused with the reason instead of emitting a
// model the interpreter rejects (found by the session-11 trial).
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK: tf.While x1: w (TFLite WHILE needs @cond to return one bool scalar, it returns (tensor<4xf32>))
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.While"(%x) {cond = @cond, body = @body, is_stateless = true} : (tensor<4xf32>) -> tensor<4xf32> loc("w")
  func.return %0 : tensor<4xf32>
}
func.func private @cond(%x: tensor<4xf32>) -> tensor<4xf32> {
  func.return %x : tensor<4xf32>
}
func.func private @body(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// TF's If converts any cond tensor to bool (non-zero / non-empty); TFLite's
// IF reads one bool scalar, so another cond is refused with the reason.
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK: tf.If x1: if_vec (TFLite IF needs a bool scalar condition)
func.func @main(%c: tensor<2xi32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.If"(%c, %x) {then_branch = @neg, else_branch = @neg, is_stateless = true} : (tensor<2xi32>, tensor<4xf32>) -> tensor<4xf32> loc("if_vec")
  func.return %0 : tensor<4xf32>
}
func.func private @neg(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
