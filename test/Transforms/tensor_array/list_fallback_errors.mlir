// RUN: not tf-opt %s -split-input-file -tf-tensor-array-ops-decomposition -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// Arrays that even a TensorList cannot hold stay errors with
// list-fallback on, naming the TensorArrayV3 node and the reason.

// A dtype the list kernels do not hold (string), with a fed size.
// CHECK: error: {{.*}}cannot decompose TensorArrayV3 'strings': its dtype is not an integer, bool or float type
func.func @strings(%n: tensor<i32>, %i: tensor<i32>) -> tensor<*x!tf_type.string> {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = !tf_type.string, element_shape = #tf_type.shape<>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("strings")
  %r = "tf.TensorArrayReadV3"(%h, %i, %f) {dtype = !tf_type.string} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*x!tf_type.string>
  func.return %r : tensor<*x!tf_type.string>
}

// -----

// A flow used as data (not a TensorArray op) is not followed, whatever
// the size.
// CHECK: error: {{.*}}cannot decompose TensorArrayV3 'data': the flow is used by 'tf.AddV2' (node 'bad')
func.func @flow_as_data(%n: tensor<i32>, %f: tensor<f32>) -> tensor<f32> {
  %h, %f0 = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("data")
  %s = "tf.AddV2"(%f0, %f) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc("bad")
  func.return %s : tensor<f32>
}

// -----

// TensorArrayGradV3 (the gradient of a TensorArray) has no TensorList
// form here.
// CHECK: error: {{.*}}cannot decompose TensorArrayV3 'fwd': the flow is used by 'tf.TensorArrayGradV3' (node 'grad') in a way not handled
func.func @grad(%n: tensor<i32>) -> tensor<f32> {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("fwd")
  %gh, %gf = "tf.TensorArrayGradV3"(%h, %f) {source = "g"} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("grad")
  func.return %gf : tensor<f32>
}
