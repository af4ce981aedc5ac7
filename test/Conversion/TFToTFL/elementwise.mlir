// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Element-wise binary and unary ops, activations and casts map 1:1 onto
// TFLite builtins with every options field present.

// CHECK-LABEL: func @binary
func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>) {
  // CHECK: "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true}
  %0 = "tf.AddV2"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true}
  %1 = "tf.Sub"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tfl.mul"(%arg0, %arg1) {fused_activation_function = "NONE"}
  %2 = "tf.Mul"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tfl.div"(%arg0, %arg1) {fused_activation_function = "NONE"}
  %3 = "tf.RealDiv"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tfl.greater_equal"(%arg0, %arg1)
  %4 = "tf.GreaterEqual"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: "tfl.squared_difference"(%arg0, %arg1)
  %5 = "tf.SquaredDifference"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xf32>
}

// CHECK-LABEL: func @unary
func.func @unary(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK: %[[E:.*]] = "tfl.exp"(%arg0)
  %0 = "tf.Exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.rsqrt"(%[[E]])
  %1 = "tf.Rsqrt"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.logistic"(%arg0)
  %2 = "tf.Sigmoid"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.leaky_relu"(%arg0) {alpha = 1.000000e-01 : f32}
  %3 = "tf.LeakyRelu"(%a) {alpha = 0.1 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.softmax"(%arg0) {beta = 1.000000e+00 : f32}
  %4 = "tf.Softmax"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // Identity is removed.
  // CHECK-NOT: tf.Identity
  %5 = "tf.Identity"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: return {{.*}}, %arg0 :
  func.return %0, %1, %2, %3, %4, %5 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func @cast_const
func.func @cast_const(%a: tensor<4xi32>) -> (tensor<4xf32>, tensor<2xf32>) {
  // Constants are hoisted to the top of the block.
  // CHECK: "tfl.pseudo_const"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}
  // CHECK: "tfl.cast"(%arg0) {in_data_type = "INT32", out_data_type = "FLOAT32"}
  %0 = "tf.Cast"(%a) {Truncate = false} : (tensor<4xi32>) -> tensor<4xf32>
  %1 = "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<2xf32>
}
