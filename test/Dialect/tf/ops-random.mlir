// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the random family (TFOpsRandom.td).

// CHECK-LABEL: func @random
func.func @random(%alpha: tensor<2xf32>, %logits: tensor<4x10xf32>, %v: tensor<5x3xf32>) {
  %shape = "tf.Const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %lo = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %hi = "tf.Const"() {value = dense<10> : tensor<i64>} : () -> tensor<i64>
  // CHECK: "tf.RandomUniform"(%{{.*}}) {T = i32, dtype = f32, seed = 1 : i64, seed2 = 2 : i64} : (tensor<2xi32>) -> tensor<3x4xf32>
  %0 = "tf.RandomUniform"(%shape) {T = i32, dtype = f32, seed = 1 : i64, seed2 = 2 : i64} : (tensor<2xi32>) -> tensor<3x4xf32>
  // CHECK: "tf.RandomUniformInt"(%{{.*}}, %{{.*}}, %{{.*}}) {Tout = i64}
  %1 = "tf.RandomUniformInt"(%shape, %lo, %hi) {Tout = i64} : (tensor<2xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi64>
  // CHECK: "tf.RandomStandardNormal"
  %2 = "tf.RandomStandardNormal"(%shape) : (tensor<2xi32>) -> tensor<3x4xf32>
  // CHECK: "tf.TruncatedNormal"
  %3 = "tf.TruncatedNormal"(%shape) : (tensor<2xi32>) -> tensor<3x4xf32>
  // CHECK: "tf.RandomGamma"(%{{.*}}, %arg0) : (tensor<2xi32>, tensor<2xf32>) -> tensor<3x4x2xf32>
  %4 = "tf.RandomGamma"(%shape, %alpha) : (tensor<2xi32>, tensor<2xf32>) -> tensor<3x4x2xf32>
  // CHECK: "tf.RandomPoissonV2"(%{{.*}}, %arg0) {R = f32, dtype = i64} : (tensor<2xi32>, tensor<2xf32>) -> tensor<3x4x2xi64>
  %5 = "tf.RandomPoissonV2"(%shape, %alpha) {R = f32, dtype = i64} : (tensor<2xi32>, tensor<2xf32>) -> tensor<3x4x2xi64>
  // CHECK: "tf.RandomShuffle"(%arg2) {seed = 0 : i64, seed2 = 0 : i64}
  %6 = "tf.RandomShuffle"(%v) {seed = 0 : i64, seed2 = 0 : i64} : (tensor<5x3xf32>) -> tensor<5x3xf32>
  %n = "tf.Const"() {value = dense<7> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.Multinomial"(%arg1, %{{.*}}) {output_dtype = i64} : (tensor<4x10xf32>, tensor<i32>) -> tensor<4x7xi64>
  %7 = "tf.Multinomial"(%logits, %n) {output_dtype = i64} : (tensor<4x10xf32>, tensor<i32>) -> tensor<4x7xi64>
  %seed = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  // CHECK: "tf.StatelessRandomUniform"(%{{.*}}, %{{.*}}) {Tseed = i64, dtype = f32}
  %8 = "tf.StatelessRandomUniform"(%shape, %seed) {Tseed = i64, dtype = f32} : (tensor<2xi32>, tensor<2xi64>) -> tensor<3x4xf32>
  // CHECK: "tf.StatelessRandomNormal"
  %9 = "tf.StatelessRandomNormal"(%shape, %seed) : (tensor<2xi32>, tensor<2xi64>) -> tensor<3x4xf32>
  // CHECK: "tf.StatelessTruncatedNormal"
  %10 = "tf.StatelessTruncatedNormal"(%shape, %seed) : (tensor<2xi32>, tensor<2xi64>) -> tensor<3x4xf32>
  return
}
