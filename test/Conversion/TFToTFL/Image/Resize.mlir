// RUN: tf-opt %s -tfl-legalize-tf=fuse=false -mlir-print-debuginfo=false | FileCheck %s

// TF's ResizeBilinear returns float32 for any T: an int32 image is cast first,
// so the tfl op is float32 -> float32 as TFLite's kernel requires.
// CHECK-LABEL: func @resize_bilinear_int
// CHECK: %[[C:.*]] = "tfl.cast"(%arg0) {in_data_type = "INT32", out_data_type = "FLOAT32"} : (tensor<1x2x2x1xi32>) -> tensor<1x2x2x1xf32>
// CHECK: "tfl.resize_bilinear"(%[[C]], %{{.*}}) {align_corners = true, half_pixel_centers = false} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x3x3x1xf32>
func.func @resize_bilinear_int(%x: tensor<1x2x2x1xi32>) -> tensor<1x3x3x1xf32> {
  %size = "tf.Const"() {value = dense<3> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.ResizeBilinear"(%x, %size) {align_corners = true, half_pixel_centers = false} : (tensor<1x2x2x1xi32>, tensor<2xi32>) -> tensor<1x3x3x1xf32>
  func.return %0 : tensor<1x3x3x1xf32>
}

// ResizeNearestNeighbor keeps the input type (TF's and TFLite's kernels
// copy elements); both resizes keep TF's align_corners and
// half_pixel_centers, and a float32 ResizeBilinear input needs no cast.
// CHECK-LABEL: func @resize_nearest
// CHECK: "tfl.resize_nearest_neighbor"(%arg0, %{{.*}}) {align_corners = false, half_pixel_centers = true} : (tensor<1x2x2x1xi32>, tensor<2xi32>) -> tensor<1x4x4x1xi32>
// CHECK: "tfl.resize_bilinear"(%arg1, %{{.*}}) {align_corners = false, half_pixel_centers = true} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x4x4x1xf32>
func.func @resize_nearest(%x: tensor<1x2x2x1xi32>, %f: tensor<1x2x2x1xf32>) -> (tensor<1x4x4x1xi32>, tensor<1x4x4x1xf32>) {
  %size = "tf.Const"() {value = dense<4> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.ResizeNearestNeighbor"(%x, %size) {align_corners = false, half_pixel_centers = true} : (tensor<1x2x2x1xi32>, tensor<2xi32>) -> tensor<1x4x4x1xi32>
  %1 = "tf.ResizeBilinear"(%f, %size) {align_corners = false, half_pixel_centers = true} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x4x4x1xf32>
  func.return %0, %1 : tensor<1x4x4x1xi32>, tensor<1x4x4x1xf32>
}
