// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s
// tf-shape-inference: shape functions of the Math family (the ops of dialects/tf/TFOpsMath.td).

// Unary ops keep the shape; binary ops broadcast (numpy rules, as TF's
// BroadcastBinaryOpOutputShapeFn); shape functions work on unregistered ops.

// CHECK-LABEL: func private @unary
// CHECK-SAME: -> (tensor<2x3xf32>, tensor<2x3xi1>, tensor<2x3xi32>)
func.func private @unary(%x: tensor<2x3xf32>) -> (tensor<*xf32>, tensor<*xi1>, tensor<*xi32>) {
  // CHECK: "tf.Relu"({{.*}}) -> tensor<2x3xf32>
  %0 = "tf.Relu"(%x) : (tensor<2x3xf32>) -> tensor<*xf32>
  // CHECK: "tf.Tanh"({{.*}}) -> tensor<2x3xf32>
  %1 = "tf.Tanh"(%0) : (tensor<*xf32>) -> tensor<*xf32>
  // CHECK: "tf.IsNan"({{.*}}) -> tensor<2x3xi1>
  %2 = "tf.IsNan"(%1) : (tensor<*xf32>) -> tensor<*xi1>
  // CHECK: "tf.Cast"({{.*}}) -> tensor<2x3xi32>
  %3 = "tf.Cast"(%1) {DstT = i32, SrcT = f32, Truncate = false} : (tensor<*xf32>) -> tensor<*xi32>
  func.return %1, %2, %3 : tensor<*xf32>, tensor<*xi1>, tensor<*xi32>
}

// CHECK-LABEL: func @binary
func.func @binary(%a: tensor<4x1x3xf32>, %b: tensor<5x1xf32>, %c: tensor<?x3xf32>, %d: tensor<*xf32>, %s: tensor<f32>) -> () {
  // CHECK: "tf.AddV2"({{.*}}) -> tensor<4x5x3xf32>
  %0 = "tf.AddV2"(%a, %b) : (tensor<4x1x3xf32>, tensor<5x1xf32>) -> tensor<*xf32>
  // A dynamic dim broadcast with a static dim > 1 takes that dim.
  // CHECK: "tf.Mul"({{.*}}) -> tensor<5x3xf32>
  %1 = "tf.Mul"(%b, %c) : (tensor<5x1xf32>, tensor<?x3xf32>) -> tensor<*xf32>
  // A dynamic dim broadcast with 1 stays dynamic.
  // CHECK: "tf.Sub"({{.*}}) -> tensor<4x?x3xf32>
  %2 = "tf.Sub"(%a, %c) : (tensor<4x1x3xf32>, tensor<?x3xf32>) -> tensor<*xf32>
  // Unknown rank gives unknown rank, except with a scalar.
  // CHECK: "tf.Maximum"({{.*}}) -> tensor<*xf32>
  %3 = "tf.Maximum"(%a, %d) : (tensor<4x1x3xf32>, tensor<*xf32>) -> tensor<*xf32>
  // CHECK: "tf.RealDiv"({{.*}}) -> tensor<4x1x3xf32>
  %4 = "tf.RealDiv"(%a, %s) : (tensor<4x1x3xf32>, tensor<f32>) -> tensor<*xf32>
  // Comparisons keep their i1 element type.
  // CHECK: "tf.GreaterEqual"({{.*}}) -> tensor<4x5x3xi1>
  %5 = "tf.GreaterEqual"(%a, %b) : (tensor<4x1x3xf32>, tensor<5x1xf32>) -> tensor<*xi1>
  // CHECK: "tf.SquaredDifference"({{.*}}) -> tensor<4x5x3xf32>
  %6 = "tf.SquaredDifference"(%a, %b) : (tensor<4x1x3xf32>, tensor<5x1xf32>) -> tensor<*xf32>
  func.return
}

// CHECK-LABEL: func @bitcast
func.func @bitcast(%x: tensor<3x2xf32>, %y: tensor<3xf64>) -> () {
  // CHECK: "tf.Bitcast"({{.*}}) -> tensor<3xi64>
  %0 = "tf.Bitcast"(%x) {T = f32, type = i64} : (tensor<3x2xf32>) -> tensor<*xi64>
  // CHECK: "tf.Bitcast"({{.*}}) -> tensor<3x4xi16>
  %1 = "tf.Bitcast"(%y) {T = f64, type = i16} : (tensor<3xf64>) -> tensor<*xi16>
  func.return
}
