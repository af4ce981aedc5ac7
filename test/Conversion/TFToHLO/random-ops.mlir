// RUN: tf-opt %s -xla-legalize-tf -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// The random ops of TFOpsRandom.td that random.mlir and stateless-random.mlir
// leave out all lower (Random/Philox.cpp, Random/Sampling.cpp); the values
// of the Philox ones are checked against TF's in test/tools/philox-random.test.

// V1 stateless normal: GenerateKey scrambles the int64 seed, Box-Muller in
// float, 8 values cut to 6.
// CHECK-LABEL: func @stateless_normal
// CHECK: hlo.cosine
// CHECK: hlo.sine
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [6]
// CHECK: hlo.reshape %{{.*}} : (tensor<6xf32>) -> tensor<2x3xf32>
func.func @stateless_normal(%seed: tensor<2xi64>) -> tensor<2x3xf32> {
  %s = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.StatelessRandomNormal"(%s, %seed) : (tensor<2xi32>, tensor<2xi64>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// V1 stateless uniform half: the low 10 bits times 2^-10.
// CHECK-LABEL: func @stateless_uniform_half
// CHECK: hlo.constant dense<1023> : tensor<2xi64>
// CHECK: hlo.constant dense<9.765625E-4> : tensor<2xf32>
// CHECK: hlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xf16>
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [5]
func.func @stateless_uniform_half(%seed: tensor<2xi32>) -> tensor<5xf16> {
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.StatelessRandomUniform"(%s, %seed) : (tensor<1xi32>, tensor<2xi32>) -> tensor<5xf16>
  func.return %0 : tensor<5xf16>
}

// -----

// Stateful truncated normal in double: 2 values per group, the hlo.while
// loop of TF's rejection, 4 values cut to 3.
// CHECK-LABEL: func @truncated_normal_double
// CHECK: hlo.while({{.*}}) : tensor<i64>, tensor<2xi64>, tensor<2xf64>, tensor<2xf64>
// CHECK: hlo.concatenate({{.*}}) dim = 1 : (tensor<2x1xf64>, tensor<2x1xf64>) -> tensor<2x2xf64>
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [3]
func.func @truncated_normal_double() -> tensor<3xf64> {
  %s = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.TruncatedNormal"(%s) {seed = 3, seed2 = 4} : (tensor<1xi32>) -> tensor<3xf64>
  func.return %0 : tensor<3xf64>
}

// -----

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

// CHECK-LABEL: func @get_alg
// CHECK: %[[A:.*]] = hlo.constant dense<1> : tensor<i32>
// CHECK: return %[[A]]
func.func @get_alg() -> tensor<i32> {
  %0 = "tf.StatelessRandomGetAlg"() : () -> tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

// CHECK-LABEL: func @get_key_counter
// CHECK-DAG: hlo.constant dense<1053357856> : tensor<i64>
// CHECK-DAG: hlo.constant dense<38149673> : tensor<i64>
// CHECK: %[[K:.*]] = hlo.bitcast_convert {{.*}} : (tensor<1xi64>) -> tensor<1xui64>
// CHECK: %[[C:.*]] = hlo.bitcast_convert {{.*}} : (tensor<2xi64>) -> tensor<2xui64>
// CHECK: return %[[K]], %[[C]]
func.func @get_key_counter(%seed: tensor<2xi64>) -> (tensor<1xui64>, tensor<2xui64>) {
  %0:2 = "tf.StatelessRandomGetKeyCounter"(%seed) : (tensor<2xi64>) -> (tensor<1xui64>, tensor<2xui64>)
  func.return %0#0, %0#1 : tensor<1xui64>, tensor<2xui64>
}

// -----

// Full-range uint32: the raw Philox words.
// CHECK-LABEL: func @full_int_v1
// CHECK: hlo.convert %{{.*}} : (tensor<2xi64>) -> tensor<2xui32>
// CHECK: hlo.concatenate({{.*}}) dim = 1 : (tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>) -> tensor<2x4xui32>
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [5]
func.func @full_int_v1(%seed: tensor<2xi32>) -> tensor<5xui32> {
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.StatelessRandomUniformFullInt"(%s, %seed) : (tensor<1xi32>, tensor<2xi32>) -> tensor<5xui32>
  func.return %0 : tensor<5xui32>
}

// -----

// Full-range int64: two words per value (low | high << 32).
// CHECK-LABEL: func @full_int_v2
// CHECK: hlo.shift_left
// CHECK: hlo.or
// CHECK: hlo.concatenate({{.*}}) dim = 1 : (tensor<2x1xi64>, tensor<2x1xi64>) -> tensor<2x2xi64>
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [3]
func.func @full_int_v2(%k: tensor<1xui64>, %c: tensor<2xui64>) -> tensor<3xi64> {
  %s = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.StatelessRandomUniformFullIntV2"(%s, %k, %c, %a) : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
}

// -----

// uint64 in [minval, 100) with a run-time minval: an unsigned 64-bit
// remainder.
// CHECK-LABEL: func @int_v2
// CHECK: hlo.remainder %{{.*}} : tensor<2xui64>
// CHECK: hlo.remainder %{{.*}} : tensor<2xui64>
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [3]
func.func @int_v2(%k: tensor<1xui64>, %c: tensor<2xui64>, %lo: tensor<ui64>) -> tensor<3xui64> {
  %s = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %a = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %hi = "tf.Const"() {value = dense<100> : tensor<ui64>} : () -> tensor<ui64>
  %0 = "tf.StatelessRandomUniformIntV2"(%s, %k, %c, %a, %lo, %hi) : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>, tensor<ui64>, tensor<ui64>) -> tensor<3xui64>
  func.return %0 : tensor<3xui64>
}

// -----

// Truncated normal bfloat16 from key/counter: the float loop, converted.
// CHECK-LABEL: func @truncated_v2_bf16
// CHECK: hlo.while({{.*}}) : tensor<i64>, tensor<2xi64>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
// CHECK: hlo.convert %{{.*}} : (tensor<2xf32>) -> tensor<2xbf16>
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [5]
func.func @truncated_v2_bf16(%k: tensor<1xui64>, %c: tensor<2xui64>) -> tensor<5xbf16> {
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.StatelessTruncatedNormalV2"(%s, %k, %c, %a) : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> tensor<5xbf16>
  func.return %0 : tensor<5xbf16>
}
