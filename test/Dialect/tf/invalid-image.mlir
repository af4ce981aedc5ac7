// RUN: tf-opt %s -split-input-file -verify-diagnostics

func.func @resize_flags(%img: tensor<1x4x4x3xf32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{'tf.ResizeBilinear' op requires 'align_corners' to be false when 'half_pixel_centers' is true}}
  %0 = "tf.ResizeBilinear"(%img, %s) {align_corners = true, half_pixel_centers = true} : (tensor<1x4x4x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @resize_size(%img: tensor<1x4x4x3xf32>, %s: tensor<3xi32>) {
  // expected-error @+1 {{'tf.ResizeNearestNeighbor' op requires dim 0 of 'size' to be 2, got 'tensor<3xi32>'}}
  %0 = "tf.ResizeNearestNeighbor"(%img, %s) : (tensor<1x4x4x3xf32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @resize_result(%img: tensor<1x4x4x3xf32>) {
  %s = "tf.Const"() {value = dense<[8, 8]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.ResizeBilinear' op result type 'tensor<1x8x4x3xf32>' does not match the expected shape [1, 8, 8, 3]}}
  %0 = "tf.ResizeBilinear"(%img, %s) : (tensor<1x4x4x3xf32>, tensor<2xi32>) -> tensor<1x8x4x3xf32>
  return
}

// -----

func.func @nms_boxes(%boxes: tensor<6x3xf32>, %scores: tensor<6xf32>, %m: tensor<i32>, %t: tensor<f32>) {
  // expected-error @+1 {{'tf.NonMaxSuppressionV3' op requires dim 1 of 'boxes' to be 4, got 'tensor<6x3xf32>'}}
  %0 = "tf.NonMaxSuppressionV3"(%boxes, %scores, %m, %t, %t) : (tensor<6x3xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<?xi32>
  return
}

// -----

// Each scalar operand of NMS is named as TF names it.
func.func @nms_score_threshold(%boxes: tensor<6x4xf32>, %scores: tensor<6xf32>, %m: tensor<i32>, %t: tensor<f32>, %v: tensor<2xf32>) {
  // expected-error @+1 {{'tf.NonMaxSuppressionV4' op requires 'score_threshold' to be a scalar}}
  %0:2 = "tf.NonMaxSuppressionV4"(%boxes, %scores, %m, %t, %v) : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<2xf32>) -> (tensor<?xi32>, tensor<i32>)
  return
}

// -----

func.func @nms_soft_nms_sigma(%boxes: tensor<6x4xf32>, %scores: tensor<6xf32>, %m: tensor<i32>, %t: tensor<f32>, %v: tensor<1xf32>) {
  // expected-error @+1 {{'tf.NonMaxSuppressionV5' op requires 'soft_nms_sigma' to be a scalar}}
  %0:3 = "tf.NonMaxSuppressionV5"(%boxes, %scores, %m, %t, %t, %v) : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<1xf32>) -> (tensor<?xi32>, tensor<?xf32>, tensor<i32>)
  return
}

// -----

func.func @adjust_hue_channels(%img: tensor<2x4x4x4xf32>, %d: tensor<f32>) {
  // expected-error @+1 {{'tf.AdjustHue' op requires dim 3 of 'images' to be 3, got 'tensor<2x4x4x4xf32>'}}
  %0 = "tf.AdjustHue"(%img, %d) : (tensor<2x4x4x4xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
  return
}

// -----

func.func @patches_padding(%img: tensor<1x10x10x3xf32>) {
  // expected-error @+1 {{'tf.ExtractImagePatches' op has invalid 'padding' "EXPLICIT"; expected "SAME", "VALID"}}
  %0 = "tf.ExtractImagePatches"(%img) {ksizes = [1, 3, 3, 1], padding = "EXPLICIT", rates = [1, 1, 1, 1], strides = [1, 1, 1, 1]} : (tensor<1x10x10x3xf32>) -> tensor<*xf32>
  return
}
