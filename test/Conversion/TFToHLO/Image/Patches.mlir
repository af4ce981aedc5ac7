// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Image/Patches.cpp.

// ExtractImagePatches: one strided slice per patch offset (i, j),
// concatenated along depth in (row, col, channel) order, as TF's kernel lays
// out a patch.
// CHECK-LABEL: func @patches_valid
// CHECK: %[[X:.*]] = hlo.pad %arg0, %{{.*}}, low = [0, 0, 0, 0], high = [0, 0, 0, 0]
// CHECK: %[[P00:.*]] = hlo.slice %[[X]], start = [0, 0, 0, 0], limit = [1, 3, 3, 1], strides = [1, 2, 2, 1]
// CHECK: %[[P01:.*]] = hlo.slice %[[X]], start = [0, 0, 1, 0], limit = [1, 3, 4, 1], strides = [1, 2, 2, 1]
// CHECK: %[[P10:.*]] = hlo.slice %[[X]], start = [0, 1, 0, 0], limit = [1, 4, 3, 1], strides = [1, 2, 2, 1]
// CHECK: %[[P11:.*]] = hlo.slice %[[X]], start = [0, 1, 1, 0], limit = [1, 4, 4, 1], strides = [1, 2, 2, 1]
// CHECK: hlo.concatenate(%[[P00]], %[[P01]], %[[P10]], %[[P11]]) dim = 3 {{.*}} -> tensor<1x2x2x4xf32>
func.func @patches_valid(%x: tensor<1x4x4x1xf32>) -> tensor<1x2x2x4xf32> {
  %0 = "tf.ExtractImagePatches"(%x) {T = f32, ksizes = [1, 2, 2, 1], strides = [1, 2, 2, 1], rates = [1, 1, 1, 1], padding = "VALID"} : (tensor<1x4x4x1xf32>) -> tensor<1x2x2x4xf32>
  func.return %0 : tensor<1x2x2x4xf32>
}

// SAME with rate 2: the effective window is 3, so 3x3 is padded by 1 on each
// side; the offsets of the 2x2 patch are 0 and 2.
// CHECK-LABEL: func @patches_same_rate
// CHECK: %[[X:.*]] = hlo.pad %arg0, %{{.*}}, low = [0, 1, 1, 0], high = [0, 1, 1, 0], {{.*}} -> tensor<1x5x5x2xf32>
// CHECK: hlo.slice %[[X]], start = [0, 0, 0, 0], limit = [1, 3, 3, 2], strides = [1, 1, 1, 1]
// CHECK: hlo.slice %[[X]], start = [0, 0, 2, 0], limit = [1, 3, 5, 2], strides = [1, 1, 1, 1]
// CHECK: hlo.slice %[[X]], start = [0, 2, 0, 0], limit = [1, 5, 3, 2], strides = [1, 1, 1, 1]
// CHECK: hlo.slice %[[X]], start = [0, 2, 2, 0], limit = [1, 5, 5, 2], strides = [1, 1, 1, 1]
// CHECK: hlo.concatenate({{.*}}) dim = 3 {{.*}} -> tensor<1x3x3x8xf32>
func.func @patches_same_rate(%x: tensor<1x3x3x2xf32>) -> tensor<1x3x3x8xf32> {
  %0 = "tf.ExtractImagePatches"(%x) {T = f32, ksizes = [1, 2, 2, 1], strides = [1, 1, 1, 1], rates = [1, 2, 2, 1], padding = "SAME"} : (tensor<1x3x3x2xf32>) -> tensor<1x3x3x8xf32>
  func.return %0 : tensor<1x3x3x8xf32>
}
