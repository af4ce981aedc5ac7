// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/NN/Activation.cpp.

// CHECK-LABEL: func @relu6_sigmoid
func.func @relu6_sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
  // CHECK: %[[M:.*]] = hlo.maximum %arg0, %[[Z]] : tensor<4xf32>
  // CHECK: %[[S:.*]] = hlo.constant dense<6.000000e+00> : tensor<4xf32>
  // CHECK: %[[R:.*]] = hlo.minimum %[[M]], %[[S]] : tensor<4xf32>
  // CHECK: hlo.logistic %[[R]] : tensor<4xf32>
  %0 = "tf.Relu6"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "tf.Sigmoid"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %1 : tensor<4xf32>
}

// CHECK-LABEL: func @cast_bias_identity
func.func @cast_bias_identity(%x: tensor<1x2x2x3xf32>, %b: tensor<3xf32>, %n: tensor<1x3x2x2xf32>) -> (tensor<1x2x2x3xi32>, tensor<1x3x2x2xf32>) {
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg1, dims = [3] : (tensor<3xf32>) -> tensor<1x2x2x3xf32>
  // CHECK: %[[A:.*]] = hlo.add %arg0, %[[B]] : tensor<1x2x2x3xf32>
  // CHECK: hlo.convert %[[A]] : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xi32>
  // CHECK: %[[BN:.*]] = hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<1x3x2x2xf32>
  // CHECK: hlo.add %arg2, %[[BN]] : tensor<1x3x2x2xf32>
  %0 = "tf.BiasAdd"(%x, %b) {data_format = "NHWC"} : (tensor<1x2x2x3xf32>, tensor<3xf32>) -> tensor<1x2x2x3xf32>
  %1 = "tf.Identity"(%0) : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xf32>
  %2 = "tf.Cast"(%1) {Truncate = false} : (tensor<1x2x2x3xf32>) -> tensor<1x2x2x3xi32>
  %3 = "tf.BiasAdd"(%n, %b) {data_format = "NCHW"} : (tensor<1x3x2x2xf32>, tensor<3xf32>) -> tensor<1x3x2x2xf32>
  func.return %2, %3 : tensor<1x2x2x3xi32>, tensor<1x3x2x2xf32>
}

// CHECK-LABEL: func @activations
func.func @activations(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // Elu: x > 0 ? x : expm1(x).
  // CHECK: %[[P:.*]] = hlo.compare GT, %arg0, %{{.*}}, FLOAT
  // CHECK: %[[E:.*]] = hlo.expm1 %arg0 : tensor<4xf32>
  // CHECK: hlo.select %[[P]], %arg0, %[[E]] : tensor<4xi1>, tensor<4xf32>
  %0 = "tf.Elu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // LeakyRelu: x > 0 ? x : alpha * x.
  // CHECK: %[[A:.*]] = hlo.constant dense<1.000000e-01> : tensor<4xf32>
  // CHECK: %[[N:.*]] = hlo.multiply %arg0, %[[A]] : tensor<4xf32>
  // CHECK: hlo.select %{{.*}}, %arg0, %[[N]] : tensor<4xi1>, tensor<4xf32>
  %1 = "tf.LeakyRelu"(%x) {alpha = 0.1 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
