// RUN: tf-opt %s -split-input-file -verify-diagnostics
// Bad attrs and operands of the FakeQuant family (TFOpsQuant.td), and the
// CropAndResize / NonMaxSuppression (v1) checks added with their lowerings.

func.func @args_num_bits(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tf.FakeQuantWithMinMaxArgs' op requires 'num_bits' between 2 and 16, inclusive, got 1}}
  %0 = "tf.FakeQuantWithMinMaxArgs"(%x) {min = 0.0 : f32, max = 1.0 : f32, num_bits = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @args_min_max(%x: tensor<4xf32>) {
  // expected-error @+1 {{'tf.FakeQuantWithMinMaxArgs' op requires min < max (min has to be smaller than max), got min 2.000000e+00 >= max 1.000000e+00}}
  %0 = "tf.FakeQuantWithMinMaxArgs"(%x) {min = 2.0 : f32, max = 1.0 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @vars_num_bits(%x: tensor<4xf32>, %lo: tensor<f32>, %hi: tensor<f32>) {
  // expected-error @+1 {{'tf.FakeQuantWithMinMaxVars' op requires 'num_bits' between 2 and 16, inclusive, got 17}}
  %0 = "tf.FakeQuantWithMinMaxVars"(%x, %lo, %hi) {num_bits = 17 : i64} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

func.func @per_channel_size(%x: tensor<2x3xf32>, %lo: tensor<2xf32>, %hi: tensor<2xf32>) {
  // expected-error @+1 {{'tf.FakeQuantWithMinMaxVarsPerChannel' op requires dim 0 of 'min' to be 3, got 'tensor<2xf32>'}}
  %0 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo, %hi) : (tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @crop_boxes_rank(%img: tensor<1x4x4x1xf32>, %boxes: tensor<4xf32>, %ind: tensor<1xi32>, %s: tensor<2xi32>) {
  // expected-error @+1 {{'tf.CropAndResize' op requires 'boxes' to be rank 2, got 'tensor<4xf32>'}}
  %0 = "tf.CropAndResize"(%img, %boxes, %ind, %s) : (tensor<1x4x4x1xf32>, tensor<4xf32>, tensor<1xi32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @crop_box_ind(%img: tensor<2x4x4x1xf32>, %boxes: tensor<1x4xf32>) {
  %ind = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tf.Const"() {value = dense<[2, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.CropAndResize' op requires 'box_ind' values in [0, 2) (box_index has values outside [0, batch_size)), got 2}}
  %0 = "tf.CropAndResize"(%img, %boxes, %ind, %s) : (tensor<2x4x4x1xf32>, tensor<1x4xf32>, tensor<1xi32>, tensor<2xi32>) -> tensor<1x2x2x1xf32>
  return
}

// -----

func.func @nms_v1_iou(%boxes: tensor<3x4xf32>, %scores: tensor<3xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{'tf.NonMaxSuppression' op requires 'iou_threshold' in [0, 1], got 1.5}}
  %0 = "tf.NonMaxSuppression"(%boxes, %scores, %n) {iou_threshold = 1.5 : f32} : (tensor<3x4xf32>, tensor<3xf32>, tensor<i32>) -> tensor<?xi32>
  return
}

// -----

func.func @nms_v1_boxes_rank(%boxes: tensor<12xf32>, %scores: tensor<3xf32>, %n: tensor<i32>) {
  // expected-error @+1 {{'tf.NonMaxSuppression' op requires 'boxes' to be rank 2, got 'tensor<12xf32>'}}
  %0 = "tf.NonMaxSuppression"(%boxes, %scores, %n) : (tensor<12xf32>, tensor<3xf32>, tensor<i32>) -> tensor<?xi32>
  return
}
