// RUN: tf-opt %s -xla-legalize-tf -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Random/Sampling.cpp.

// Multinomial: softmax cumulative sums by a dot with a triangular constant,
// the count of cdf <= u clamped to classes - 1.
// CHECK-LABEL: func @multinomial
// CHECK: hlo.exp
// CHECK: hlo.dot_general
// CHECK: hlo.compare  LE
// CHECK: hlo.constant dense<2> : tensor<2x5xi64>
// CHECK: hlo.minimum %{{.*}} : tensor<2x5xi64>
func.func @multinomial(%l: tensor<2x3xf32>) -> tensor<2x5xi64> {
  %n = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Multinomial"(%l, %n) {seed = -7, seed2 = 2} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x5xi64>
  func.return %0 : tensor<2x5xi64>
}

// -----

// The older RandomPoisson (output dtype = rate dtype) as RandomPoissonV2:
// the unrolled inverse CDF at the constant rates.
// CHECK-LABEL: func @poisson_v1
// CHECK: hlo.constant dense<[1.500000e+00, 4.000000e+00]> : tensor<2xf64>
// CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<2xf64>) -> tensor<3x2xf64>
// CHECK: hlo.compare  GE
// CHECK: hlo.convert %{{.*}} : (tensor<3x2xf64>) -> tensor<3x2xf32>
func.func @poisson_v1() -> tensor<3x2xf32> {
  %s = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tf.Const"() {value = dense<[1.5, 4.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tf.RandomPoisson"(%s, %r) {seed = 1, seed2 = 2} : (tensor<1xi32>, tensor<2xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

// RandomUniform(Int), RandomStandardNormal and TruncatedNormal draw from
// TF's Philox4x32-10 stream seeded as TF's GuardedPhiloxRandom (key = seed,
// counter = (0, 0, seed2)); the other random ops from a counter-based
// generator (splitmix64 of key + element index).

// CHECK-LABEL: func @shuffle
// A stable sort of random keys carries the row permutation; rows gathered.
// CHECK: %[[S:.*]]:2 = hlo.sort
// CHECK: hlo.gather
func.func @shuffle(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %0 = "tf.RandomShuffle"(%x) {seed = 1 : i64, seed2 = 5 : i64} : (tensor<4x2xf32>) -> tensor<4x2xf32>
  func.return %0 : tensor<4x2xf32>
}

// -----

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
