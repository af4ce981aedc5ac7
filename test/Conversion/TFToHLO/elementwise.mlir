// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// Element-wise tf ops: NumPy broadcasting becomes hlo.broadcast_in_dim;
// NaN-propagating max/min/relu; floor division and modulo.

// CHECK-LABEL: func @add_broadcast
func.func @add_broadcast(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK: %[[B:.*]] = hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: hlo.add %arg0, %[[B]] : tensor<2x3xf32>
  %0 = "tf.AddV2"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

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

// CHECK-LABEL: func @select_v1_vector
func.func @select_v1_vector(%p: tensor<2xi1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // TF1 Select with a vector condition picks whole rows.
  // CHECK: %[[P:.*]] = hlo.broadcast_in_dim %arg0, dims = [0] : (tensor<2xi1>) -> tensor<2x3xi1>
  // CHECK: hlo.select %[[P]], %arg1, %arg2 : tensor<2x3xi1>, tensor<2x3xf32>
  %0 = "tf.Select"(%p, %a, %b) : (tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
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

// CHECK-LABEL: func @atan2_operand_order
func.func @atan2_operand_order(%y: tensor<2x3xf32>, %x: tensor<3xf32>) -> tensor<2x3xf32> {
  // TF's Atan2(y, x): operand #0 is y (ODS names it $y).
  // CHECK: %[[X:.*]] = hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: hlo.atan2 %arg0, %[[X]] : tensor<2x3xf32>
  %0 = "tf.Atan2"(%y, %x) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}
