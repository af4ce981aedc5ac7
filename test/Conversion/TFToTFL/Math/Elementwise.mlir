// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

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

// TF ops whose TFLite builtins came after the core set convert 1:1
// and export with their builtin codes and options.
// CHECK-LABEL: func @math
func.func @math(%y: tensor<2x3xf32>, %x: tensor<2x3xf32>, %a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<2x3xf32>, tensor<4xi32>) {
  // CHECK: "tfl.atan2"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = "tf.Atan2"(%y, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tfl.bitwise_xor"(%arg2, %arg3)
  %1 = "tf.BitwiseXor"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  func.return %0, %1 : tensor<2x3xf32>, tensor<4xi32>
}

// AddN / AccumulateNV2 (same-shape inputs) become a chain of ADD, left to
// right.
// CHECK-LABEL: func @add_n
// CHECK: %[[A0:.*]] = "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK: %[[A1:.*]] = "tfl.add"(%[[A0]], %arg2) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK: %[[B0:.*]] = "tfl.add"(%arg2, %arg0) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK: return %[[A1]], %[[B0]]
func.func @add_n(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %c: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "tf.AddN"(%a, %b, %c) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tf.AccumulateNV2"(%c, %a) {shape = #tf_type.shape<2x3>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: tfl.atan2
// BACK-DAG: tfl.bitwise_xor
