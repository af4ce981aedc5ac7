// RUN: tf-opt %s -xla-legalize-tf -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Random/Philox.cpp.

// The values of the Philox ops are checked against TF's in
// test/tools/philox-random.test; the refused cases are in Philox-errors.mlir.

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

// -----

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

// -----

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

// -----

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

// -----

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

// -----

// TF's stateless random ops lower to TF's Philox4x32-10 stream in integer
// hlo ops.

// One Philox round: 32x32 -> 64-bit products of words held in i64, mulhi
// by a logical shift, mullo by a mask; the key is bumped between rounds.
// CHECK-LABEL: func @uniform_v2
// CHECK: hlo.iota dim = 0 : tensor<2xi64>
// CHECK-DAG: hlo.constant dense<3528531795> : tensor<2xi64>
// CHECK-DAG: hlo.constant dense<3449720151> : tensor<2xi64>
// CHECK: hlo.multiply
// CHECK: hlo.shift_right_logical
// CHECK-DAG: hlo.constant dense<2654435769> : tensor<2xi64>
// CHECK-DAG: hlo.constant dense<3144134277> : tensor<2xi64>
// Uniform float: the low 23 bits times 2^-23.
// CHECK: hlo.constant dense<8388607> : tensor<2xi64>
// CHECK: hlo.constant dense<1.1920929E-7> : tensor<2xf32>
// Groups of 4 values, group-major, the first 6 of 8 kept.
// CHECK: hlo.concatenate({{.*}}) dim = 1 : (tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [6]
// CHECK: hlo.reshape {{.*}} -> tensor<2x3xf32>
func.func @uniform_v2() -> tensor<2x3xf32> {
  %s = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %k = "tf.Const"() {value = dense<5> : tensor<1xui64>} : () -> tensor<1xui64>
  %c = "tf.Const"() {value = dense<[0, 1]> : tensor<2xui64>} : () -> tensor<2xui64>
  %a = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.StatelessRandomUniformV2"(%s, %k, %c, %a) : (tensor<2xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

// The V1 ops scramble the seed with TF's GenerateKey key (0x3ec8f720,
// 0x02461e29); GetKeyCounterAlg gives key uint64[1], counter uint64[2] and
// alg 1 (Philox).
// CHECK-LABEL: func @get_key_counter_alg
// CHECK-DAG: hlo.constant dense<1053357856> : tensor<i64>
// CHECK-DAG: hlo.constant dense<38149673> : tensor<i64>
// CHECK: hlo.bitcast_convert {{.*}} : (tensor<1xi64>) -> tensor<1xui64>
// CHECK: hlo.bitcast_convert {{.*}} : (tensor<2xi64>) -> tensor<2xui64>
// CHECK: hlo.constant dense<1> : tensor<i32>
func.func @get_key_counter_alg(%seed: tensor<2xi32>) -> (tensor<1xui64>, tensor<2xui64>, tensor<i32>) {
  %0:3 = "tf.StatelessRandomGetKeyCounterAlg"(%seed) : (tensor<2xi32>) -> (tensor<1xui64>, tensor<2xui64>, tensor<i32>)
  func.return %0#0, %0#1, %0#2 : tensor<1xui64>, tensor<2xui64>, tensor<i32>
}

// -----

// Truncated normal: an hlo.while runs Philox call m of every group (at
// counter + 256 g + m) until each group of 4 has 4 values with |x| < 2
// (the loop condition: any count < 4); accepted values fill the slots in
// order.
// CHECK-LABEL: func @truncated
// CHECK: hlo.while
// CHECK: hlo.compare  LT
// CHECK: hlo.reduce
// CHECK: hlo.or
// CHECK: hlo.iota dim = 0 : tensor<2xi64>
// CHECK: hlo.constant dense<256> : tensor<2xi64>
// CHECK: hlo.abs
// CHECK: hlo.select
// CHECK: hlo.slice %{{.*}}, start = [0], limit = [5]
// CHECK: -> tensor<5xf32>
func.func @truncated(%seed: tensor<2xi64>) -> tensor<5xf32> {
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.StatelessTruncatedNormal"(%s, %seed) : (tensor<1xi32>, tensor<2xi64>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
}
