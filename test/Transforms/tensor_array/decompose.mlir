// RUN: tf-opt %s -tf-tensor-array-ops-decomposition -mlir-print-debuginfo=false | FileCheck %s

// dynamic_rnn's shape: the input is scattered into one array, a While reads
// it and writes another, the result is gathered after the loop. The flows
// become [4, 3] buffers on the While and in both functions; the handles
// leave the loop.
// CHECK-LABEL: func.func @main
// CHECK-NOT: TensorArray
// CHECK-DAG: %[[IDX:.*]] = tf.Const dense<{{\[}}[0], [1], [2], [3]]> : tensor<4x1xi32>
// CHECK-DAG: %[[N:.*]] = tf.Const dense<4> : tensor<i32>
// CHECK-DAG: %[[Z:.*]] = tf.Const dense<0.000000e+00> : tensor<4x3xf32>
// CHECK: %[[IN:.*]] = "tf.TensorScatterUpdate"(%[[Z]], %[[IDX]], %arg0) : (tensor<4x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: %[[W:.*]]:3 = "tf.While"(%{{.*}}, %[[IN]], %[[Z]]) {T = [i32, f32, f32], {{.*}}: (tensor<i32>, tensor<4x3xf32>, tensor<4x3xf32>) -> (tensor<i32>, tensor<4x3xf32>, tensor<4x3xf32>)
// CHECK: %[[G:.*]] = "tf.GatherV2"(%[[W]]#2, %{{.*}}, %{{.*}}) : (tensor<4x3xf32>, tensor<4xi32>, tensor<i32>) -> tensor<4x3xf32>
// CHECK: return %[[G]], %[[N]]
// CHECK-LABEL: func.func private @cond
// CHECK-SAME: (%arg0: tensor<i32>, %arg1: tensor<4x3xf32>, %arg2: tensor<4x3xf32>) -> tensor<i1>
// CHECK-LABEL: func.func private @body
// CHECK-SAME: (%arg0: tensor<i32>, %arg1: tensor<4x3xf32>, %arg2: tensor<4x3xf32>) -> (tensor<i32>, tensor<4x3xf32>, tensor<4x3xf32>)
// CHECK-NOT: TensorArray
// CHECK: %[[R:.*]] = "tf.GatherV2"(%arg1, %arg0, %{{.*}}) : (tensor<4x3xf32>, tensor<i32>, tensor<i32>) -> tensor<3xf32>
// CHECK: %[[V:.*]] = "tf.Neg"(%[[R]]) {{.*}}-> tensor<3xf32>
// CHECK: %[[UPD:.*]] = "tf.Reshape"(%[[V]], %{{.*}}) : (tensor<3xf32>, tensor<2xi32>) -> tensor<1x3xf32>
// CHECK: %[[OUT:.*]] = "tf.TensorScatterUpdate"(%arg2, %{{.*}}, %[[UPD]]) : (tensor<4x3xf32>, tensor<1x1xi32>, tensor<1x3xf32>) -> tensor<4x3xf32>
// CHECK: return %{{.*}}, %arg1, %[[OUT]] : tensor<i32>, tensor<4x3xf32>, tensor<4x3xf32>
func.func @main(%x: tensor<4x3xf32>) -> (tensor<*xf32>, tensor<i32>) {
  %size = tf.Const dense<4> : tensor<i32>
  %zero = tf.Const dense<0> : tensor<i32>
  %range = tf.Const dense<[0, 1, 2, 3]> : tensor<4xi32>
  %hin, %fin = "tf.TensorArrayV3"(%size) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %hout, %fout = "tf.TensorArrayV3"(%size) {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %f1 = "tf.TensorArrayScatterV3"(%hin, %range, %x, %fin) : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
  %w:5 = "tf.While"(%zero, %f1, %fout, %hin, %hout) {T = [i32, f32, f32, !tf_type.resource, !tf_type.resource], body = @body, cond = @cond, is_stateless = false, parallel_iterations = 32 : i64} : (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>) -> (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>)
  %g = "tf.TensorArrayGatherV3"(%hout, %range, %w#2) {dtype = f32} : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<f32>) -> tensor<*xf32>
  %n = "tf.TensorArraySizeV3"(%hout, %w#2) : (tensor<!tf_type.resource>, tensor<f32>) -> tensor<i32>
  "tf.TensorArrayCloseV3"(%hin) : (tensor<!tf_type.resource>) -> ()
  func.return %g, %n : tensor<*xf32>, tensor<i32>
}
func.func private @cond(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %h1: tensor<!tf_type.resource>, %h2: tensor<!tf_type.resource>) -> tensor<i1> {
  %c = tf.Const dense<4> : tensor<i32>
  %lt = "tf.Less"(%i, %c) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %lt : tensor<i1>
}
func.func private @body(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %h1: tensor<!tf_type.resource>, %h2: tensor<!tf_type.resource>) -> (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>) {
  %r = "tf.TensorArrayReadV3"(%h1, %i, %a) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  %v = "tf.Neg"(%r) : (tensor<*xf32>) -> tensor<*xf32>
  %b2 = "tf.TensorArrayWriteV3"(%h2, %i, %v, %b) : (tensor<!tf_type.resource>, tensor<i32>, tensor<*xf32>, tensor<f32>) -> tensor<f32>
  %one = tf.Const dense<1> : tensor<i32>
  %i2 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %i2, %a, %b2, %h1, %h2 : tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>
}


// A dynamic_size array grows to the pieces of a split (TF's split of 9
// rows by lengths [3, 3, 3] into an array created with size 1).
// CHECK-LABEL: func.func @split_grows
// CHECK-NOT: TensorArray
// CHECK: %[[S:.*]] = "tf.Reshape"(%arg0, %{{.*}}) : (tensor<9x2xi32>, tensor<3xi32>) -> tensor<3x3x2xi32>
// CHECK: %[[R:.*]] = "tf.GatherV2"(%[[S]], %{{.*}}, %{{.*}}) : (tensor<3x3x2xi32>, tensor<i32>, tensor<i32>) -> tensor<3x2xi32>
// CHECK: tensor.cast %[[R]] : tensor<3x2xi32> to tensor<*xi32>
func.func @split_grows(%x: tensor<9x2xi32>) -> tensor<*xi32> {
  %one = tf.Const dense<1> : tensor<i32>
  %two = tf.Const dense<2> : tensor<i32>
  %lens = tf.Const dense<3> : tensor<3xi64>
  %h, %f = "tf.TensorArrayV3"(%one) {dtype = i32, dynamic_size = true, element_shape = #tf_type.shape<3x2>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %f1 = "tf.TensorArraySplitV3"(%h, %x, %lens, %f) : (tensor<!tf_type.resource>, tensor<9x2xi32>, tensor<3xi64>, tensor<f32>) -> tensor<f32>
  %r = "tf.TensorArrayReadV3"(%h, %two, %f1) {dtype = i32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xi32>
  func.return %r : tensor<*xi32>
}

// The flow through a tf.If (both branches write; the handle is an unused
// operand and is dropped).
// CHECK-LABEL: func.func @through_if
// CHECK: %[[IF:.*]] = "tf.If"(%arg0, %{{.*}}) {{.*}}: (tensor<i1>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: "tf.GatherV2"(%[[IF]], %{{.*}}, %{{.*}}) : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<3xf32>
// CHECK-LABEL: func.func private @then
// CHECK-SAME: (%arg0: tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: "tf.TensorScatterUpdate"(%arg0,
// CHECK-LABEL: func.func private @else
// CHECK-SAME: (%arg0: tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @through_if(%p: tensor<i1>) -> tensor<*xf32> {
  %two = tf.Const dense<2> : tensor<i32>
  %zero = tf.Const dense<0> : tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%two) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %f1 = "tf.If"(%p, %f, %h) {then_branch = @then, else_branch = @else, is_stateless = false} : (tensor<i1>, tensor<f32>, tensor<!tf_type.resource>) -> tensor<f32>
  %r = "tf.TensorArrayReadV3"(%h, %zero, %f1) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  func.return %r : tensor<*xf32>
}
func.func private @then(%f: tensor<f32>, %h: tensor<!tf_type.resource>) -> tensor<f32> {
  %zero = tf.Const dense<0> : tensor<i32>
  %v = tf.Const dense<1.0> : tensor<3xf32>
  %f2 = "tf.TensorArrayWriteV3"(%h, %zero, %v, %f) : (tensor<!tf_type.resource>, tensor<i32>, tensor<3xf32>, tensor<f32>) -> tensor<f32>
  func.return %f2 : tensor<f32>
}
func.func private @else(%f: tensor<f32>, %h: tensor<!tf_type.resource>) -> tensor<f32> {
  func.return %f : tensor<f32>
}
