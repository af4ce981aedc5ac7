// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Image/Boxes.cpp.

// CHECK-LABEL: func @crop_bilinear
// Run-time boxes: the sample positions are hlo ops; box_ind gets the
// run-time index check; four gathers of image rows, then the lerps and the
// extrapolation select.
// CHECK: hlo.custom_call "tfmlir_rt_check_indices"(%arg2)
// CHECK-COUNT-4: hlo.gather
// CHECK: hlo.select
// CHECK: return %{{.*}} : tensor<4x3x4x3xf32>
func.func @crop_bilinear(%img: tensor<2x5x6x3xf32>, %boxes: tensor<4x4xf32>, %ind: tensor<4xi32>) -> tensor<4x3x4x3xf32> {
  %s = "tf.Const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.CropAndResize"(%img, %boxes, %ind, %s) {method = "bilinear", extrapolation_value = 0.0 : f32} : (tensor<2x5x6x3xf32>, tensor<4x4xf32>, tensor<4xi32>, tensor<2xi32>) -> tensor<4x3x4x3xf32>
  func.return %0 : tensor<4x3x4x3xf32>
}

// CHECK-LABEL: func @crop_nearest
// CHECK: hlo.round_nearest_afz
// CHECK: hlo.gather
// CHECK-NOT: hlo.gather
// CHECK: return %{{.*}} : tensor<2x2x1x1xf32>
func.func @crop_nearest(%img: tensor<1x2x2x1xf32>, %boxes: tensor<2x4xf32>) -> tensor<2x2x1x1xf32> {
  %s = "tf.Const"() {value = dense<[2, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %ind = "tf.Const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.CropAndResize"(%img, %boxes, %ind, %s) {method = "nearest", extrapolation_value = 0.5 : f32} : (tensor<1x2x2x1xf32>, tensor<2x4xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2x1x1xf32>
  func.return %0 : tensor<2x2x1x1xf32>
}

// CHECK-LABEL: func @draw
// Constant boxes: TF's kernel runs at compile time on a mask. The box
// spans rows 0..1 (0.5 * 2 = 1) and columns 0..2 of the 3x3 image: its top
// (row 0) and bottom (row 1) lines cover both rows; row 2 stays.
// CHECK-DAG: %[[M:.*]] = hlo.constant dense<{{\[\[\[\[}}true], [true], [true]], {{\[\[}}true], [true], [true]], {{\[\[}}false], [false], [false]]]]>
// CHECK-DAG: %[[P:.*]] = hlo.constant dense<{{\[\[\[\[}}2.500000e-01], [2.500000e-01], [2.500000e-01]], {{\[\[}}2.500000e-01], [2.500000e-01], [2.500000e-01]], {{\[\[}}0.000000e+00], [0.000000e+00], [0.000000e+00]]]]>
// CHECK: hlo.select %[[M]], %[[P]], %arg0
func.func @draw(%img: tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32> {
  %b = "tf.Const"() {value = dense<[[[0.0, 0.0, 0.5, 1.0]]]> : tensor<1x1x4xf32>} : () -> tensor<1x1x4xf32>
  %c = "tf.Const"() {value = dense<[[0.25, 0.5]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %0 = "tf.DrawBoundingBoxesV2"(%img, %b, %c) : (tensor<1x3x3x1xf32>, tensor<1x1x4xf32>, tensor<1x2xf32>) -> tensor<1x3x3x1xf32>
  func.return %0 : tensor<1x3x3x1xf32>
}
