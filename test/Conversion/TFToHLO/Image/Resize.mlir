// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Image/Resize.cpp.

// CHECK-LABEL: func @area_resize
// ResizeArea 2 -> 3: output 1 averages halves of inputs 0 and 1.
// CHECK: %[[W:.*]] = hlo.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00], [0.49999997, 0.50000006], [0.000000e+00, 0.99999994]]> : tensor<3x2xf32>
// CHECK: hlo.dot_general %[[W]], %arg0, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [1]>
// CHECK: hlo.dot_general %{{.*}}, %[[W]], <lhs_batch = [], rhs_batch = [], lhs_contract = [2], rhs_contract = [1]>
func.func @area_resize(%x: tensor<1x2x2x1xf32>) -> tensor<1x3x3x1xf32> {
  %s = "tf.Const"() {value = dense<3> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.ResizeArea"(%x, %s) {align_corners = false} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x3x3x1xf32>
  func.return %0 : tensor<1x3x3x1xf32>
}

// CHECK-LABEL: func @resize
func.func @resize(%x: tensor<1x2x2x1xf32>) -> (tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>) {
  // Bilinear, legacy coordinates i * 0.5: rows/cols 0, 0.5, 1, 1.5 -> lo
  // [0, 0, 1, 1], hi [0, 1, 1, 1], lerp [0, 0.5, 0, 0.5]; W first, then H.
  // CHECK: %[[LO:.*]] = hlo.constant dense<[0, 0, 1, 1]> : tensor<4xi32>
  // CHECK: %[[A:.*]] = hlo.gather %arg0, %[[LO]], <offset_dims = [0, 1, 3], collapsed_slice_dims = [2], {{.*}}, start_index_map = [2], index_vector_dim = 1>, sizes = [1, 2, 1, 1] : (tensor<1x2x2x1xf32>, tensor<4xi32>) -> tensor<1x2x4x1xf32>
  // CHECK: %[[HI:.*]] = hlo.constant dense<[0, 1, 1, 1]> : tensor<4xi32>
  // CHECK: %[[C:.*]] = hlo.gather %arg0, %[[HI]]
  // CHECK: %[[L:.*]] = hlo.constant dense<[0.000000e+00, 5.000000e-01, 0.000000e+00, 5.000000e-01]> : tensor<4xf32>
  // CHECK: %[[LB:.*]] = hlo.broadcast_in_dim %[[L]], dims = [2] : (tensor<4xf32>) -> tensor<1x2x4x1xf32>
  // CHECK: %[[D:.*]] = hlo.subtract %[[C]], %[[A]]
  // CHECK: %[[M:.*]] = hlo.multiply %[[D]], %[[LB]]
  // CHECK: hlo.add %[[A]], %[[M]] : tensor<1x2x4x1xf32>
  // CHECK: hlo.gather %{{.*}}, %{{.*}}, <offset_dims = [0, 2, 3], collapsed_slice_dims = [1], {{.*}}sizes = [1, 1, 4, 1] : (tensor<1x2x4x1xf32>, tensor<4xi32>) -> tensor<1x4x4x1xf32>
  %s = "tf.Const"() {value = dense<4> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.ResizeBilinear"(%x, %s) {align_corners = false, half_pixel_centers = false} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x4x4x1xf32>
  // Nearest, half-pixel: floor((i + 0.5) * 0.5) = [0, 0, 1, 1].
  // CHECK: %[[NI:.*]] = hlo.constant dense<[0, 0, 1, 1]> : tensor<4xi32>
  // CHECK: hlo.gather %arg0, %[[NI]]
  %1 = "tf.ResizeNearestNeighbor"(%x, %s) {align_corners = false, half_pixel_centers = true} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x4x4x1xf32>
  func.return %0, %1 : tensor<1x4x4x1xf32>, tensor<1x4x4x1xf32>
}
