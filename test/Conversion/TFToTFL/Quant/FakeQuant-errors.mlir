// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// FakeQuant ops whose quantization parameters are not known at conversion
// time (min / max not constant) or describe no range (min > max, which
// TF's kernel refuses too) are refused with the reason.
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK-DAG: tf.FakeQuantWithMinMaxVarsPerChannel x1: channels (min and max must be constant vectors of equal length)
// CHECK-DAG: tf.FakeQuantWithMinMaxVars x2: vars (min and max must be constant scalars), inverted (min 1.000000 > max -1.000000)
func.func @main(%x: tensor<4x2xf32>, %lo: tensor<f32>, %hi: tensor<f32>, %lo2: tensor<2xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>) {
  %0 = "tf.FakeQuantWithMinMaxVars"(%x, %lo, %hi) {num_bits = 8 : i64, narrow_range = false} : (tensor<4x2xf32>, tensor<f32>, tensor<f32>) -> tensor<4x2xf32> loc("vars")
  %h2 = "tf.Const"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo2, %h2) {num_bits = 8 : i64, narrow_range = false} : (tensor<4x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<4x2xf32> loc("channels")
  %one = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %m1 = "tf.Const"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "tf.FakeQuantWithMinMaxVars"(%x, %one, %m1) {num_bits = 8 : i64, narrow_range = false} : (tensor<4x2xf32>, tensor<f32>, tensor<f32>) -> tensor<4x2xf32> loc("inverted")
  func.return %0, %1, %2 : tensor<4x2xf32>, tensor<4x2xf32>, tensor<4x2xf32>
}
