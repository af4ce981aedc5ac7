// RUN: tf-opt %s -xla-legalize-tf -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// TF's stateless random ops lower to TF's Philox4x32-10 stream in integer
// hlo ops (Random/Philox.cpp); values are checked against TF's in
// test/tools/philox-random.test; errors in stateless-random-errors.mlir.

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

