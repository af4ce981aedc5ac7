// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Quant/FakeQuant.cpp.

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
