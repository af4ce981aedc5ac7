// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// Random ops: a counter-based generator (splitmix64 of key + element index)
// from integer hlo ops; uniform floats from the top mantissa-width bits.

// CHECK-LABEL: func @uniform
// CHECK: %[[I:.*]] = hlo.iota dim = 0 : tensor<6xi64>
// CHECK: %[[R:.*]] = hlo.reshape %[[I]] : (tensor<6xi64>) -> tensor<2x3xi64>
// CHECK: %[[Z:.*]] = hlo.add %[[R]], %{{.*}} : tensor<2x3xi64>
// CHECK: hlo.shift_right_logical %[[Z]], %{{.*}} : tensor<2x3xi64>
// CHECK: hlo.xor
// CHECK: hlo.multiply %{{.*}}, %{{.*}} : tensor<2x3xi64>
// 64 - 24 bits dropped for f32, scaled by 2^-24.
// CHECK: %[[SH:.*]] = hlo.constant dense<40> : tensor<2x3xi64>
// CHECK: %[[TOP:.*]] = hlo.shift_right_logical %{{.*}}, %[[SH]]
// CHECK: %[[F:.*]] = hlo.convert %[[TOP]] : (tensor<2x3xi64>) -> tensor<2x3xf64>
// CHECK: %[[SC:.*]] = hlo.constant dense<5.9604644775390625E-8> : tensor<2x3xf64>
// CHECK: %[[U:.*]] = hlo.multiply %[[F]], %[[SC]]
// CHECK: hlo.convert %[[U]] : (tensor<2x3xf64>) -> tensor<2x3xf32>
func.func @uniform() -> tensor<2x3xf32> {
  %s = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.RandomUniform"(%s) {dtype = f32, seed = 1 : i64, seed2 = 2 : i64} : (tensor<2xi32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func @uniform_int
// minval + (bits >> 1) mod (maxval - minval), in i64.
// CHECK: hlo.remainder %{{.*}}, %{{.*}} : tensor<4xi64>
// CHECK: hlo.add
// CHECK: hlo.convert %{{.*}} : (tensor<4xi64>) -> tensor<4xi32>
func.func @uniform_int() -> tensor<4xi32> {
  %s = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %lo = "tf.Const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  %hi = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.RandomUniformInt"(%s, %lo, %hi) {seed = 1 : i64, seed2 = 2 : i64} : (tensor<1xi32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// CHECK-LABEL: func @normal
// Box-Muller: sqrt(-2 log u1) cos(2 pi u2).
// CHECK: hlo.log
// CHECK: hlo.sqrt
// CHECK: hlo.cosine
// CHECK: hlo.convert %{{.*}} : (tensor<5xf64>) -> tensor<5xf16>
func.func @normal() -> tensor<5xf16> {
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.RandomStandardNormal"(%s) {dtype = f16, seed = 0 : i64, seed2 = 0 : i64} : (tensor<1xi32>) -> tensor<5xf16>
  func.return %0 : tensor<5xf16>
}

// CHECK-LABEL: func @shuffle
// A stable sort of random keys carries the row permutation; rows gathered.
// CHECK: %[[S:.*]]:2 = hlo.sort
// CHECK: hlo.gather
func.func @shuffle(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = "tf.RandomShuffle"(%x) {seed = 1 : i64, seed2 = 5 : i64} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  func.return %0 : tensor<4x2xf32>
}

// CHECK-LABEL: func @crop
// tf.Slice with a run-time begin and a static result: dynamic_slice.
// CHECK: hlo.dynamic_slice %arg0[%{{.*}}, %{{.*}}], sizes = [2, 2]
func.func @crop(%x: tensor<4x4xf32>, %b: tensor<2xi32>) -> tensor<2x2xf32> {
  %s = "tf.Const"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}

// CHECK-LABEL: func @poisson_gamma
// Poisson: inverse CDF (u >= cdf counted, cdf += p, p *= lambda / i);
// Gamma: Marsaglia-Tsang candidates combined by select.
// CHECK: hlo.compare  GE
// CHECK: hlo.divide
// CHECK: hlo.convert %{{.*}} : (tensor<3x2xf64>) -> tensor<3x2xf32>
// CHECK: hlo.cosine
// CHECK: hlo.power
// CHECK: hlo.convert %{{.*}} : (tensor<3xf64>) -> tensor<3xf32>
func.func @poisson_gamma() -> (tensor<3x2xf32>, tensor<3xf32>) {
  %s = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tf.Const"() {value = dense<[0.5, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %a = "tf.Const"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.RandomPoissonV2"(%s, %r) {dtype = f32, seed = 1 : i64, seed2 = 2 : i64} : (tensor<1xi32>, tensor<2xf32>) -> tensor<3x2xf32>
  %1 = "tf.RandomGamma"(%s, %a) {seed = 1 : i64, seed2 = 2 : i64} : (tensor<1xi32>, tensor<f32>) -> tensor<3xf32>
  func.return %0, %1 : tensor<3x2xf32>, tensor<3xf32>
}
