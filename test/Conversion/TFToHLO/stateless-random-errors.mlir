// RUN: not tf-opt %s -xla-legalize-tf -split-input-file 2>&1 | FileCheck %s
// Stateless random ops the Philox lowering refuses, with the reason on the
// node (ConvertStatelessRandom.cpp).

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
