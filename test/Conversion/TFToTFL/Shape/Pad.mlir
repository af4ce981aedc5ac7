// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Pad, PadV2 and MirrorPad -> PAD, PADV2 and MIRROR_PAD (TF's mode,
// REFLECT or SYMMETRIC, as TFLite's MirrorPadMode): the paddings become
// int32.

// CHECK-LABEL: func @pad
// CHECK-DAG: %[[P:.*]] = "tfl.pseudo_const"() {value = dense<{{\[\[}}1, 0], [0, 2]]> : tensor<2x2xi32>}
// CHECK-DAG: %[[V:.*]] = "tfl.pseudo_const"() {value = dense<-1.000000e+00> : tensor<f32>}
// CHECK: "tfl.pad"(%arg0, %[[P]]) : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<3x5xf32>
// CHECK: "tfl.padv2"(%arg0, %[[P]], %[[V]]) : (tensor<2x3xf32>, tensor<2x2xi32>, tensor<f32>) -> tensor<3x5xf32>
func.func @pad(%x: tensor<2x3xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>) {
  %p = "tf.Const"() {value = dense<[[1, 0], [0, 2]]> : tensor<2x2xi64>} : () -> tensor<2x2xi64>
  %v = "tf.Const"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Pad"(%x, %p) : (tensor<2x3xf32>, tensor<2x2xi64>) -> tensor<3x5xf32>
  %1 = "tf.PadV2"(%x, %p, %v) : (tensor<2x3xf32>, tensor<2x2xi64>, tensor<f32>) -> tensor<3x5xf32>
  func.return %0, %1 : tensor<3x5xf32>, tensor<3x5xf32>
}

// CHECK-LABEL: func @mirror_pad
// CHECK: "tfl.mirror_pad"(%arg0, %[[P:.*]]) {mode = "REFLECT"} : (tensor<3x4xi32>, tensor<2x2xi32>) -> tensor<5x6xi32>
// CHECK: "tfl.mirror_pad"(%arg0, %[[P]]) {mode = "SYMMETRIC"} : (tensor<3x4xi32>, tensor<2x2xi32>) -> tensor<5x6xi32>
func.func @mirror_pad(%x: tensor<3x4xi32>) -> (tensor<5x6xi32>, tensor<5x6xi32>) {
  %p = "tf.Const"() {value = dense<[[1, 1], [2, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<3x4xi32>, tensor<2x2xi32>) -> tensor<5x6xi32>
  %1 = "tf.MirrorPad"(%x, %p) {mode = "SYMMETRIC"} : (tensor<3x4xi32>, tensor<2x2xi32>) -> tensor<5x6xi32>
  func.return %0, %1 : tensor<5x6xi32>, tensor<5x6xi32>
}
