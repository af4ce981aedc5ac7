// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Math/Elementwise.cpp.

// CHECK-LABEL: func @add_broadcast
func.func @add_broadcast(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: hlo.add %arg0, %[[B]] : tensor<2x3xf32>
  %0 = "tf.AddV2"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func @compare_select
func.func @compare_select(%a: tensor<4xi32>, %b: tensor<i32>, %c: tensor<4xui8>) -> (tensor<4xi32>, tensor<4xi1>) {
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<4xi32>
  // CHECK: %[[P:.*]] = hlo.compare GT, %arg0, %[[B]], SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  // CHECK: hlo.select %[[P]], %arg0, %{{.*}} : tensor<4xi1>, tensor<4xi32>
  // CHECK: hlo.compare LT, %arg2, %arg2, UNSIGNED
  %p = "tf.Greater"(%a, %b) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %0 = "tf.SelectV2"(%p, %a, %b) : (tensor<4xi1>, tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  %1 = "tf.Less"(%c, %c) : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  func.return %0, %1 : tensor<4xi32>, tensor<4xi1>
}

// CHECK-LABEL: func @floor_div_mod
func.func @floor_div_mod(%a: tensor<3xi32>, %b: tensor<3xi32>, %x: tensor<3xf32>) -> (tensor<3xi32>, tensor<3xi32>, tensor<3xf32>) {
  // q = a / b; r = a rem b; r != 0 and (a < 0) != (b < 0) ? q - 1 : q.
  // CHECK: %[[Q:.*]] = hlo.divide %arg0, %arg1 : tensor<3xi32>
  // CHECK: %[[R:.*]] = hlo.remainder %arg0, %arg1 : tensor<3xi32>
  // CHECK: %[[Z:.*]] = hlo.constant dense<0> : tensor<3xi32>
  // CHECK: %[[NZ:.*]] = hlo.compare NE, %[[R]], %[[Z]], SIGNED
  // CHECK: %[[AN:.*]] = hlo.compare LT, %arg0, %[[Z]], SIGNED
  // CHECK: %[[BN:.*]] = hlo.compare LT, %arg1, %[[Z]], SIGNED
  // CHECK: %[[SD:.*]] = hlo.compare NE, %[[AN]], %[[BN]], UNSIGNED
  // CHECK: %[[F:.*]] = hlo.and %[[NZ]], %[[SD]] : tensor<3xi1>
  // CHECK: %[[Q1:.*]] = hlo.subtract %[[Q]], %{{.*}} : tensor<3xi32>
  // CHECK: hlo.select %[[F]], %[[Q1]], %[[Q]] : tensor<3xi1>, tensor<3xi32>
  %0 = "tf.FloorDiv"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  // FloorMod: r != 0 and (r < 0) != (b < 0) ? r + b : r.
  // CHECK: %[[M:.*]] = hlo.remainder %arg0, %arg1 : tensor<3xi32>
  // CHECK: %[[MA:.*]] = hlo.add %[[M]], %arg1 : tensor<3xi32>
  // CHECK: hlo.select %{{.*}}, %[[MA]], %[[M]] : tensor<3xi1>, tensor<3xi32>
  %1 = "tf.FloorMod"(%a, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  // CHECK: %[[D:.*]] = hlo.divide %arg2, %arg2 : tensor<3xf32>
  // CHECK: hlo.floor %[[D]] : tensor<3xf32>
  %2 = "tf.FloorDiv"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0, %1, %2 : tensor<3xi32>, tensor<3xi32>, tensor<3xf32>
}

// CHECK-LABEL: func @atan2_operand_order
func.func @atan2_operand_order(%y: tensor<2x3xf32>, %x: tensor<3xf32>) -> tensor<2x3xf32> {
  // TF's Atan2(y, x): operand #0 is y (ODS names it $y).
  // CHECK: %[[X:.*]] = hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: hlo.atan2 %arg0, %[[X]] : tensor<2x3xf32>
  %0 = "tf.Atan2"(%y, %x) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
