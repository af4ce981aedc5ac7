// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s
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
