// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// FakeQuant* (Quant/FakeQuant.cpp), CropAndResize / DrawBoundingBoxesV2
// (Image/Boxes.cpp), NonMaxSuppression v1 (Image/NonMaxSuppression.cpp) and
// TensorScatterSub (Indexing/Scatter.cpp). Values are checked end to end in
// test/tools/tf-run-image-quant-scatter.test and the dl4j corpus.

// CHECK-LABEL: func @fq_args
// TF's Nudge on the attr range, then clamp, floor(.. + 0.5) and rescale.
// CHECK: hlo.round_nearest_afz
// CHECK: hlo.clamp
// CHECK: hlo.minimum %arg0
// CHECK: hlo.maximum
// CHECK: hlo.floor
// CHECK-NOT: hlo.select
// CHECK: return
func.func @fq_args(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.FakeQuantWithMinMaxArgs"(%x) {min = -0.7 : f32, max = 1.3 : f32, num_bits = 5 : i64, narrow_range = true} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @fq_per_channel
// The nudged range per channel ([3]) is broadcast along the last dim; a
// channel with min == max == 0 selects zeros.
// CHECK: hlo.round_nearest_afz %{{.*}} : tensor<3xf32>
// CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
// CHECK: hlo.floor
// CHECK: hlo.select
func.func @fq_per_channel(%x: tensor<2x3xf32>, %lo: tensor<3xf32>, %hi: tensor<3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo, %hi) {num_bits = 8 : i64} : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

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

// CHECK-LABEL: func @scatter_sub
// TensorScatterSub adds the negated updates.
// CHECK: %[[N:.*]] = hlo.negate %arg2
// CHECK: hlo.scatter
// CHECK-SAME: %[[N]]
// CHECK: hlo.add
func.func @scatter_sub(%t: tensor<4x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<4x3xf32> {
  %0 = "tf.TensorScatterSub"(%t, %i, %u) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<4x3xf32>
  func.return %0 : tensor<4x3xf32>
}
