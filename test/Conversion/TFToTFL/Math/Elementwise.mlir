// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Element-wise binary and unary ops map 1:1 onto TFLite builtins with
// every options field present.

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
func.func @unary(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK: %[[E:.*]] = "tfl.exp"(%arg0)
  %0 = "tf.Exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.rsqrt"(%[[E]])
  %1 = "tf.Rsqrt"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<4xf32>, tensor<4xf32>
}
