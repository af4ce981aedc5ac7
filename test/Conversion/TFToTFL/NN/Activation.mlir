// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Activations map 1:1 onto TFLite builtins with every options field present.

// CHECK-LABEL: func @activations
func.func @activations(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK: "tfl.logistic"(%arg0)
  %2 = "tf.Sigmoid"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.leaky_relu"(%arg0) {alpha = 1.000000e-01 : f32}
  %3 = "tf.LeakyRelu"(%a) {alpha = 0.1 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.softmax"(%arg0) {beta = 1.000000e+00 : f32}
  %4 = "tf.Softmax"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Dynamic dims are kept.
// CHECK-LABEL: func @dynamic
func.func @dynamic(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // CHECK: "tfl.relu"(%arg0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %0 = "tf.Relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %0 : tensor<?x4xf32>
}

// LeakyRelu without alpha takes TF's default 0.2; LogSoftmax is
// LOG_SOFTMAX and Softmax SOFTMAX with beta 1 (both over the last dim, as
// TF's).
// CHECK-LABEL: func @defaults_log_softmax
func.func @defaults_log_softmax(%a: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  // CHECK: "tfl.leaky_relu"(%arg0) {alpha = 2.000000e-01 : f32}
  %0 = "tf.LeakyRelu"(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  // CHECK: "tfl.log_softmax"(%arg0) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "tf.LogSoftmax"(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  func.return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}
