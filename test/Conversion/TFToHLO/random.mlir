// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RandomUniform(Int), RandomStandardNormal and TruncatedNormal draw from
// TF's Philox4x32-10 stream seeded as TF's GuardedPhiloxRandom (key = seed,
// counter = (0, 0, seed2)); the other random ops from a counter-based
// generator (splitmix64 of key + element index).

// CHECK-LABEL: func @uniform
// Key words (seed 1, 0; the bumped keys fold: 1 + 0x9E3779B9), counter
// words (0, 0, seed2 = 2, 0) plus the group index, then 10 Philox rounds on
// one call per group of 4 values.
// CHECK-DAG: hlo.constant dense<2654435770> : tensor<2xi64>
// CHECK-DAG: hlo.constant dense<1> : tensor<2xi64>
// CHECK-DAG: hlo.constant dense<2> : tensor<2xi64>
// CHECK: hlo.iota dim = 0 : tensor<2xi64>
// CHECK: hlo.constant dense<3528531795> : tensor<2xi64>
// CHECK: hlo.multiply
// Low 23 bits times 2^-23, 8 values cut to 6.
// CHECK: hlo.constant dense<8388607> : tensor<2xi64>
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [6]
// CHECK: hlo.reshape %{{.*}} : (tensor<6xf32>) -> tensor<2x3xf32>
func.func @uniform() -> tensor<2x3xf32> {
  %s = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.RandomUniform"(%s) {dtype = f32, seed = 1 : i64, seed2 = 2 : i64} : (tensor<2xi32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func @uniform_int
// minval + word mod (maxval - minval) (unsigned, in i64), truncated to i32.
// CHECK: hlo.remainder %{{.*}}, %{{.*}} : tensor<1xi64>
// CHECK: hlo.add
// CHECK: hlo.convert %{{.*}} : (tensor<1xi64>) -> tensor<1xui32>
// CHECK: hlo.bitcast_convert %{{.*}} : (tensor<1xui32>) -> tensor<1xi32>
func.func @uniform_int() -> tensor<4xi32> {
  %s = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %lo = "tf.Const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  %hi = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.RandomUniformInt"(%s, %lo, %hi) {seed = 1 : i64, seed2 = 2 : i64} : (tensor<1xi32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// CHECK-LABEL: func @uniform_int_runtime
// Bounds known at run time: range = (maxval - minval) mod 2^32, an empty
// range replaced by 1 (TF's minval < maxval error is not raised).
// CHECK: hlo.subtract %{{.*}}, %{{.*}} : tensor<i64>
// CHECK: hlo.compare  EQ
// CHECK: hlo.select
// CHECK: hlo.remainder %{{.*}}, %{{.*}} : tensor<1xi64>
func.func @uniform_int_runtime(%lo: tensor<i32>, %hi: tensor<i32>) -> tensor<4xi32> {
  %s = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.RandomUniformInt"(%s, %lo, %hi) {seed = 1 : i64, seed2 = 2 : i64} : (tensor<1xi32>, tensor<i32>, tensor<i32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}

// CHECK-LABEL: func @normal
// Box-Muller as TF's BoxMullerFloat (log, sin, cos in f64, rounded to f32),
// then rounded to the output's f16.
// CHECK: hlo.log
// CHECK: hlo.sqrt
// CHECK: hlo.sine
// CHECK: hlo.cosine
// CHECK: hlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xf16>
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
