// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the TensorArray family and the remaining misc ops.

// CHECK-LABEL: func @tensor_array
func.func @tensor_array(%n: tensor<i32>, %x: tensor<3xf32>, %i: tensor<4xi32>, %v: tensor<4x3xf32>, %len: tensor<4xi64>) {
  // CHECK: "tf.TensorArrayV3"(%arg0) {clear_after_read = true, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<3>, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  %h, %flow = "tf.TensorArrayV3"(%n) {clear_after_read = true, dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<3>, identical_element_shapes = true, tensor_array_name = ""} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  // CHECK: "tf.TensorArrayWriteV3"(%{{.*}}, %arg0, %arg1, %{{.*}}) {T = f32}
  %f1 = "tf.TensorArrayWriteV3"(%h, %n, %x, %flow) {T = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<3xf32>, tensor<f32>) -> tensor<f32>
  // CHECK: "tf.TensorArrayReadV3"(%{{.*}}, %arg0, %{{.*}}) {dtype = f32}
  %r = "tf.TensorArrayReadV3"(%h, %n, %f1) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<3xf32>
  // CHECK: "tf.TensorArrayScatterV3"(%{{.*}}, %arg2, %arg3, %{{.*}})
  %f2 = "tf.TensorArrayScatterV3"(%h, %i, %v, %f1) : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
  // CHECK: "tf.TensorArrayGatherV3"(%{{.*}}, %arg2, %{{.*}}) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
  %g = "tf.TensorArrayGatherV3"(%h, %i, %f2) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<f32>) -> tensor<4x3xf32>
  // CHECK: "tf.TensorArraySplitV3"(%{{.*}}, %arg3, %arg4, %{{.*}})
  %f3 = "tf.TensorArraySplitV3"(%h, %v, %len, %f2) : (tensor<!tf_type.resource>, tensor<4x3xf32>, tensor<4xi64>, tensor<f32>) -> tensor<f32>
  // CHECK: "tf.TensorArrayConcatV3"(%{{.*}}, %{{.*}}) {dtype = f32}
  %c:2 = "tf.TensorArrayConcatV3"(%h, %f3) {dtype = f32} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<?x3xf32>, tensor<?xi64>)
  // CHECK: "tf.TensorArraySizeV3"(%{{.*}}, %{{.*}}) : (tensor<!tf_type.resource>, tensor<f32>) -> tensor<i32>
  %s = "tf.TensorArraySizeV3"(%h, %f3) : (tensor<!tf_type.resource>, tensor<f32>) -> tensor<i32>
  // CHECK: "tf.TensorArrayGradV3"(%{{.*}}, %{{.*}}) {source = "gradients"}
  %gh:2 = "tf.TensorArrayGradV3"(%h, %f3) {source = "gradients"} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<!tf_type.resource>, tensor<f32>)
  // CHECK: "tf.TensorArrayCloseV3"(%{{.*}})
  "tf.TensorArrayCloseV3"(%h) : (tensor<!tf_type.resource>) -> ()
  return
}

// CHECK-LABEL: func @misc
func.func @misc(%x: tensor<2x16xf32>, %t: tensor<f32>, %vals: tensor<5xf32>, %range: tensor<2xf32>,
                %ai: tensor<3x2xi64>, %av: tensor<3xf32>, %ash: tensor<2xi64>, %b: tensor<4x5xf32>) {
  // CHECK: "tf.CompareAndBitpack"(%arg0, %arg1) {T = f32} : (tensor<2x16xf32>, tensor<f32>) -> tensor<2x2xui8>
  %0 = "tf.CompareAndBitpack"(%x, %t) {T = f32} : (tensor<2x16xf32>, tensor<f32>) -> tensor<2x2xui8>
  %nb = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.HistogramFixedWidth"(%arg2, %arg3, %{{.*}}) {T = f32, dtype = i32} : (tensor<5xf32>, tensor<2xf32>, tensor<i32>) -> tensor<10xi32>
  %1 = "tf.HistogramFixedWidth"(%vals, %range, %nb) {T = f32, dtype = i32} : (tensor<5xf32>, tensor<2xf32>, tensor<i32>) -> tensor<10xi32>
  // CHECK: "tf.SparseTensorDenseAdd"(%arg4, %arg5, %arg6, %arg7) {T = f32, Tindices = i64}
  %2 = "tf.SparseTensorDenseAdd"(%ai, %av, %ash, %b) {T = f32, Tindices = i64} : (tensor<3x2xi64>, tensor<3xf32>, tensor<2xi64>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}
