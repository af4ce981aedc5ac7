// RUN: not tf-opt %s -xla-legalize-tf -split-input-file 2>&1 | FileCheck %s
// Stateless random ops the Philox lowering refuses, with the reason on the
// node (Random/Philox.cpp).

// CHECK: remark: {{.*}}node 'tf'{{.*}}Unimplemented: alg 2 (ThreeFry) is not supported
// CHECK: error: cannot legalize: tf.StatelessRandomNormalV2 (count 1: nodes tf)
func.func @threefry() -> tensor<4xf32> {
  %s = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %k = "tf.Const"() {value = dense<5> : tensor<1xui64>} : () -> tensor<1xui64>
  %c = "tf.Const"() {value = dense<[0, 1]> : tensor<2xui64>} : () -> tensor<2xui64>
  %a = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.StatelessRandomNormalV2"(%s, %k, %c, %a) : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> tensor<4xf32> loc("tf")
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK: remark: {{.*}}node 'alg'{{.*}}alg must be a constant int32 scalar
func.func @runtime_alg(%a: tensor<i32>) -> tensor<4xf32> {
  %s = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %k = "tf.Const"() {value = dense<5> : tensor<1xui64>} : () -> tensor<1xui64>
  %c = "tf.Const"() {value = dense<[0, 1]> : tensor<2xui64>} : () -> tensor<2xui64>
  %0 = "tf.StatelessRandomUniformV2"(%s, %k, %c, %a) : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>) -> tensor<4xf32> loc("alg")
  func.return %0 : tensor<4xf32>
}

// -----

// CHECK: remark: {{.*}}node 'range'{{.*}}Need minval < maxval: 5 >= 5
func.func @empty_range(%seed: tensor<2xi64>) -> tensor<4xi32> {
  %s = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %lo = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.StatelessRandomUniformInt"(%s, %seed, %lo, %lo) : (tensor<1xi32>, tensor<2xi64>, tensor<i32>, tensor<i32>) -> tensor<4xi32> loc("range")
  func.return %0 : tensor<4xi32>
}

// -----

// The V2 bounds follow key, counter and alg; unsigned bounds compare
// unsigned.
// CHECK: remark: {{.*}}node 'range_v2'{{.*}}Need minval < maxval: 18446744073709551615 >= 3
func.func @empty_range_v2(%k: tensor<1xui64>, %c: tensor<2xui64>) -> tensor<4xui64> {
  %s = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %lo = "tf.Const"() {value = dense<18446744073709551615> : tensor<ui64>} : () -> tensor<ui64>
  %hi = "tf.Const"() {value = dense<3> : tensor<ui64>} : () -> tensor<ui64>
  %0 = "tf.StatelessRandomUniformIntV2"(%s, %k, %c, %a, %lo, %hi) : (tensor<1xi32>, tensor<1xui64>, tensor<2xui64>, tensor<i32>, tensor<ui64>, tensor<ui64>) -> tensor<4xui64> loc("range_v2")
  func.return %0 : tensor<4xui64>
}

// -----

// CHECK: remark: {{.*}}node 'seed3'{{.*}}seed must be an int32/int64 vector of shape [2]
func.func @get_key_counter_seed3(%seed: tensor<3xi64>) -> (tensor<1xui64>, tensor<2xui64>) {
  %0:2 = "tf.StatelessRandomGetKeyCounter"(%seed) : (tensor<3xi64>) -> (tensor<1xui64>, tensor<2xui64>) loc("seed3")
  func.return %0#0, %0#1 : tensor<1xui64>, tensor<2xui64>
}
