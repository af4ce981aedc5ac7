// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Image/NonMaxSuppression.cpp.

// CHECK-LABEL: func @nms_const
// Box 1 (score .9) is kept; box 0 overlaps it with IoU 0.81 > 0.5 and is
// suppressed; box 2 is kept. Padded to 4 with zeros; 2 valid.
// CHECK-DAG: %[[I:.*]] = hlo.constant dense<[1, 2, 0, 0]> : tensor<4xi32>
// CHECK-DAG: %[[V:.*]] = hlo.constant dense<2> : tensor<i32>
// CHECK: return %[[I]], %[[V]]
func.func @nms_const() -> (tensor<4xi32>, tensor<i32>) {
  %b = "tf.Const"() {value = dense<[[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.9, 0.9], [2.0, 2.0, 3.0, 3.0]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %s = "tf.Const"() {value = dense<[0.8, 0.9, 0.7]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %t = "tf.Const"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %i, %v = "tf.NonMaxSuppressionV4"(%b, %s, %m, %t, %z) {pad_to_max_output_size = true} : (tensor<3x4xf32>, tensor<3xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<4xi32>, tensor<i32>)
  func.return %i, %v : tensor<4xi32>, tensor<i32>
}

// CHECK-LABEL: func @nms_v1
// Constant inputs fold with the attr threshold: box 1 overlaps box 0 with
// IoU 0.9/1.1 > 0.5 and is dropped.
// CHECK: hlo.constant dense<[0, 2]> : tensor<2xi32>
func.func @nms_v1() -> tensor<2xi32> {
  %b = "tf.Const"() {value = dense<[[0.0, 0.0, 1.0, 1.0], [0.0, 0.1, 1.0, 1.1], [2.0, 2.0, 3.0, 3.0]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %s = "tf.Const"() {value = dense<[0.9, 0.8, 0.7]> : tensor<3xf32>} : () -> tensor<3xf32>
  %n = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.NonMaxSuppression"(%b, %s, %n) {iou_threshold = 0.5 : f32} : (tensor<3x4xf32>, tensor<3xf32>, tensor<i32>) -> tensor<2xi32>
  func.return %0 : tensor<2xi32>
}
