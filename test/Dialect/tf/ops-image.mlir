// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the image family (TFOpsImage.td).

// CHECK-LABEL: func @resize
func.func @resize(%img: tensor<2x4x6x3xf32>, %u8: tensor<1x4x4x3xui8>, %size: tensor<2xi32>) {
  %s = "tf.Const"() {value = dense<[8, 12]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.ResizeBilinear"(%arg0, %{{.*}}) {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<2x4x6x3xf32>, tensor<2xi32>) -> tensor<2x8x12x3xf32>
  %0 = "tf.ResizeBilinear"(%img, %s) {T = f32, align_corners = false, half_pixel_centers = true} : (tensor<2x4x6x3xf32>, tensor<2xi32>) -> tensor<2x8x12x3xf32>
  // CHECK: "tf.ResizeNearestNeighbor"(%arg1, %arg2) {T = ui8, align_corners = true, half_pixel_centers = false} : (tensor<1x4x4x3xui8>, tensor<2xi32>) -> tensor<1x?x?x3xui8>
  %1 = "tf.ResizeNearestNeighbor"(%u8, %size) {T = ui8, align_corners = true, half_pixel_centers = false} : (tensor<1x4x4x3xui8>, tensor<2xi32>) -> tensor<1x?x?x3xui8>
  // CHECK: "tf.ResizeBicubic"(%arg1, %{{.*}}) : (tensor<1x4x4x3xui8>, tensor<2xi32>) -> tensor<1x8x12x3xf32>
  %2 = "tf.ResizeBicubic"(%u8, %s) : (tensor<1x4x4x3xui8>, tensor<2xi32>) -> tensor<1x8x12x3xf32>
  // CHECK: "tf.ResizeArea"(%arg0, %{{.*}}) {align_corners = false}
  %3 = "tf.ResizeArea"(%img, %s) {align_corners = false} : (tensor<2x4x6x3xf32>, tensor<2xi32>) -> tensor<2x8x12x3xf32>
  %boxes = "tf.Const"() {value = dense<0.5> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %ind = "tf.Const"() {value = dense<0> : tensor<5xi32>} : () -> tensor<5xi32>
  // CHECK: "tf.CropAndResize"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) {extrapolation_value = 0.000000e+00 : f32, method = "nearest"} : (tensor<2x4x6x3xf32>, tensor<5x4xf32>, tensor<5xi32>, tensor<2xi32>) -> tensor<5x8x12x3xf32>
  %4 = "tf.CropAndResize"(%img, %boxes, %ind, %s) {extrapolation_value = 0.0 : f32, method = "nearest"} : (tensor<2x4x6x3xf32>, tensor<5x4xf32>, tensor<5xi32>, tensor<2xi32>) -> tensor<5x8x12x3xf32>
  return
}

// CHECK-LABEL: func @patches_and_boxes
func.func @patches_and_boxes(%img: tensor<1x10x10x3xf32>, %b: tensor<1x2x4xf32>, %c: tensor<3x4xf32>) {
  // CHECK: "tf.ExtractImagePatches"(%arg0) {T = f32, ksizes = [1, 3, 3, 1], padding = "VALID", rates = [1, 2, 2, 1], strides = [1, 1, 1, 1]} : (tensor<1x10x10x3xf32>) -> tensor<1x6x6x27xf32>
  %0 = "tf.ExtractImagePatches"(%img) {T = f32, ksizes = [1, 3, 3, 1], padding = "VALID", rates = [1, 2, 2, 1], strides = [1, 1, 1, 1]} : (tensor<1x10x10x3xf32>) -> tensor<1x6x6x27xf32>
  // CHECK: "tf.DrawBoundingBoxesV2"(%arg0, %arg1, %arg2)
  %1 = "tf.DrawBoundingBoxesV2"(%img, %b, %c) : (tensor<1x10x10x3xf32>, tensor<1x2x4xf32>, tensor<3x4xf32>) -> tensor<1x10x10x3xf32>
  return
}

// CHECK-LABEL: func @nms
func.func @nms(%boxes: tensor<6x4xf32>, %scores: tensor<6xf32>, %t: tensor<f32>) {
  %max = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.NonMaxSuppressionV2"(%arg0, %arg1, %{{.*}}, %arg2) {T = f32, T_threshold = f32} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>) -> tensor<?xi32>
  %0 = "tf.NonMaxSuppressionV2"(%boxes, %scores, %max, %t) {T = f32, T_threshold = f32} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>) -> tensor<?xi32>
  // CHECK: "tf.NonMaxSuppressionV3"(%arg0, %arg1, %{{.*}}, %arg2, %arg2)
  %1 = "tf.NonMaxSuppressionV3"(%boxes, %scores, %max, %t, %t) : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<?xi32>
  // CHECK: "tf.NonMaxSuppressionV4"(%arg0, %arg1, %{{.*}}, %arg2, %arg2) {pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)
  %2:2 = "tf.NonMaxSuppressionV4"(%boxes, %scores, %max, %t, %t) {pad_to_max_output_size = true} : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<3xi32>, tensor<i32>)
  // CHECK: "tf.NonMaxSuppressionV5"(%arg0, %arg1, %{{.*}}, %arg2, %arg2, %arg2)
  %3:3 = "tf.NonMaxSuppressionV5"(%boxes, %scores, %max, %t, %t, %t) : (tensor<6x4xf32>, tensor<6xf32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<?xi32>, tensor<?xf32>, tensor<i32>)
  return
}

// CHECK-LABEL: func @color
func.func @color(%img: tensor<2x4x4x3xf32>, %f: tensor<f32>) {
  // CHECK: "tf.AdjustContrastv2"(%arg0, %arg1) {T = f32}
  %0 = "tf.AdjustContrastv2"(%img, %f) {T = f32} : (tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  // CHECK: "tf.AdjustHue"(%arg0, %arg1)
  %1 = "tf.AdjustHue"(%img, %f) : (tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  // CHECK: "tf.AdjustSaturation"(%arg0, %arg1)
  %2 = "tf.AdjustSaturation"(%img, %f) : (tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
  // CHECK: "tf.RGBToHSV"(%arg0)
  %3 = "tf.RGBToHSV"(%img) : (tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  // CHECK: "tf.HSVToRGB"(%{{.*}})
  %4 = "tf.HSVToRGB"(%3) : (tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  return
}
