// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/TensorArray/TensorArrays.cpp.

// Straight-line TensorArrays become one stacked [size, element...] tensor
// (tf2xla): constant-index writes/reads are static slices + concatenate,
// others dynamic_update_slice / dynamic_slice; Size is a constant; the
// element shape comes from the first write when element_shape is unknown.

// CHECK-LABEL: func @main
// CHECK: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x2x3xf32>
// Write at constant 0: the new row, then the old row 1.
// CHECK: %[[W0:.*]] = hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
// CHECK: %[[OLD1:.*]] = hlo.slice %[[Z]], start = [1, 0, 0], limit = [2, 2, 3]
// CHECK: %[[S1:.*]] = hlo.concatenate(%[[W0]], %[[OLD1]]) dim = 0
// Write at a run-time index.
// CHECK: %[[W1:.*]] = hlo.reshape %arg1
// CHECK: %[[S2:.*]] = hlo.dynamic_update_slice %[[S1]], %[[W1]][%arg2, %{{.*}}, %{{.*}}]
// Read at constant 1 and at the run-time index.
// CHECK: %[[R0:.*]] = hlo.slice %[[S2]], start = [1, 0, 0], limit = [2, 2, 3]
// CHECK: %[[V0:.*]] = hlo.reshape %[[R0]] : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
// CHECK: %[[R1:.*]] = hlo.dynamic_slice %[[S2]][%arg2, %{{.*}}, %{{.*}}], sizes = [1, 2, 3]
// CHECK: %[[V1:.*]] = hlo.reshape %[[R1]]
// CHECK: %[[N:.*]] = hlo.constant dense<2> : tensor<i32>
// Gather [1, 0].
// CHECK: %[[G1:.*]] = hlo.slice %[[S2]], start = [1, 0, 0]
// CHECK: %[[G0:.*]] = hlo.slice %[[S2]], start = [0, 0, 0]
// CHECK: %[[G:.*]] = hlo.concatenate(%[[G1]], %[[G0]]) dim = 0
// CHECK: return %[[V0]], %[[V1]], %[[N]], %[[G]]
// CHECK-NOT: tf.TensorArray
func.func @main(%v0: tensor<2x3xf32>, %v1: tensor<2x3xf32>, %i: tensor<i32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<2x2x3xf32>) {
  %n = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %c0 = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %c1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %idx = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<*>, clear_after_read = true, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %f1 = "tf.TensorArrayWriteV3"(%h, %c0, %v0, %f) : (tensor<!tf_type.resource>, tensor<i32>, tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %f2 = "tf.TensorArrayWriteV3"(%h, %i, %v1, %f1) : (tensor<!tf_type.resource>, tensor<i32>, tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %r0 = "tf.TensorArrayReadV3"(%h, %c1, %f2) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<2x3xf32>
  %r1 = "tf.TensorArrayReadV3"(%h, %i, %f2) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<2x3xf32>
  %s = "tf.TensorArraySizeV3"(%h, %f2) : (tensor<!tf_type.resource>, tensor<f32>) -> tensor<i32>
  %g = "tf.TensorArrayGatherV3"(%h, %idx, %f2) {dtype = f32, element_shape = #tf_type.shape<2x3>} : (tensor<!tf_type.resource>, tensor<2xi32>, tensor<f32>) -> tensor<2x2x3xf32>
  "tf.TensorArrayCloseV3"(%h) : (tensor<!tf_type.resource>) -> ()
  func.return %r0, %r1, %s, %g : tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<2x2x3xf32>
}
