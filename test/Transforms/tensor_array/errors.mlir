// RUN: not tf-opt %s -split-input-file -tf-tensor-array-ops-decomposition=list-fallback=false -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// With list-fallback=false (whole-graph compilation) every array that is
// not decomposed is an error naming the TensorArrayV3 node.

// A dynamic_size array written at a loop index has no static size.
// CHECK: error: {{.*}}cannot decompose TensorArrayV3 'ta': it has dynamic_size and 'tf.TensorArrayWriteV3' (node 'write') writes at an index that is not a constant
func.func @dynamic_size_in_loop(%x: tensor<3xf32>) -> tensor<i32> {
  %size = tf.Const dense<0> : tensor<i32>
  %zero = tf.Const dense<0> : tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%size) {dtype = f32, element_shape = #tf_type.shape<3>, dynamic_size = true} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta")
  %w:3 = "tf.While"(%zero, %f, %h) {body = @body2, cond = @cond2, is_stateless = false} : (tensor<i32>, tensor<f32>, tensor<!tf_type.resource>) -> (tensor<i32>, tensor<f32>, tensor<!tf_type.resource>)
  func.return %w#0 : tensor<i32>
}
func.func private @cond2(%i: tensor<i32>, %f: tensor<f32>, %h: tensor<!tf_type.resource>) -> tensor<i1> {
  %c = tf.Const dense<4> : tensor<i32>
  %lt = "tf.Less"(%i, %c) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %lt : tensor<i1>
}
func.func private @body2(%i: tensor<i32>, %f: tensor<f32>, %h: tensor<!tf_type.resource>) -> (tensor<i32>, tensor<f32>, tensor<!tf_type.resource>) {
  %v = tf.Const dense<1.0> : tensor<3xf32>
  %f2 = "tf.TensorArrayWriteV3"(%h, %i, %v, %f) : (tensor<!tf_type.resource>, tensor<i32>, tensor<3xf32>, tensor<f32>) -> tensor<f32> loc("write")
  %one = tf.Const dense<1> : tensor<i32>
  %i2 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %i2, %f2, %h : tensor<i32>, tensor<f32>, tensor<!tf_type.resource>
}

// -----

// A flow used as data is not followed.
// CHECK: error: {{.*}}cannot decompose TensorArrayV3 'ta2': the flow is used by 'tf.AddV2' (node 'bad')
func.func @flow_as_data(%f: tensor<f32>) -> tensor<f32> {
  %size = tf.Const dense<2> : tensor<i32>
  %h, %f0 = "tf.TensorArrayV3"(%size) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta2")
  %s = "tf.AddV2"(%f0, %f) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc("bad")
  func.return %s : tensor<f32>
}

// -----

// No static element shape: nothing writes or reads a shaped element.
// CHECK: error: {{.*}}cannot decompose TensorArrayV3 'ta3': its element shape is not static
func.func @unknown_element(%i: tensor<i32>) -> tensor<*xf32> {
  %size = tf.Const dense<2> : tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%size) {dtype = f32} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta3")
  %r = "tf.TensorArrayReadV3"(%h, %i, %f) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  func.return %r : tensor<*xf32>
}

// -----

// A size that is not a constant (a fed value).
// CHECK: error: {{.*}}cannot decompose TensorArrayV3 'ta4': its size is not a constant
func.func @fed_size(%n: tensor<i32>, %i: tensor<i32>) -> tensor<*xf32> {
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta4")
  %r = "tf.TensorArrayReadV3"(%h, %i, %f) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  func.return %r : tensor<*xf32>
}

// -----

// A negative constant size is named as such (TF's TensorArrayV3 refuses it).
// CHECK: error: {{.*}}cannot decompose TensorArrayV3 'ta5': its size -1 is negative (TF: size must be >= 0)
func.func @negative_size(%i: tensor<i32>) -> tensor<*xf32> {
  %size = tf.Const dense<-1> : tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%size) {dtype = f32, element_shape = #tf_type.shape<2>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta5")
  %r = "tf.TensorArrayReadV3"(%h, %i, %f) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  func.return %r : tensor<*xf32>
}
