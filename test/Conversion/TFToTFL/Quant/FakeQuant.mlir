// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// A FakeQuant op of a quantization-aware-trained graph becomes
// tfl.dequantize(tfl.quantize(x)) with the !quant.uniform type of its range,
// as TF's converter does: FakeQuant's nudging (scale = (max - min) /
// (qmax - qmin), the zero point rounded into the range) with num_bits
// signed storage bits, narrow_range dropping the lowest value. The values
// below are computed by hand from TF's definition (the zero points are the
// unsigned ones minus 2^(num_bits - 1)).

// Args: min 0, max 6, 8 bits: scale 6 / 255, zero point 0 - 128 = -128.
// CHECK-LABEL: func @args
// CHECK: %[[Q:.*]] = "tfl.quantize"(%arg0) {{.*}}: (tensor<2x3xf32>) -> tensor<2x3x!quant.uniform<i8:f32, 0.023529411764705882:-128>>
// CHECK: %[[D:.*]] = "tfl.dequantize"(%[[Q]]) : (tensor<2x3x!quant.uniform<i8:f32, 0.023529411764705882:-128>>) -> tensor<2x3xf32>
// CHECK: return %[[D]]
func.func @args(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "tf.FakeQuantWithMinMaxArgs"(%x) {min = 0.0 : f32, max = 6.0 : f32, num_bits = 8 : i64, narrow_range = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// Vars (constant scalars): min -1, max 1, 8 bits, narrow_range: storage
// [-127, 127], scale 2 / 254, zero point 128 - 128 = 0.
// CHECK-LABEL: func @vars_narrow
// CHECK: "tfl.quantize"(%arg0) {{.*}}-> tensor<4x!quant.uniform<i8<-127:127>:f32, 0.0078740157480314959>>
// CHECK: "tfl.dequantize"
func.func @vars_narrow(%x: tensor<4xf32>) -> tensor<4xf32> {
  %lo = "tf.Const"() {value = dense<-1.0> : tensor<f32>} : () -> tensor<f32>
  %hi = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.FakeQuantWithMinMaxVars"(%x, %lo, %hi) {num_bits = 8 : i64, narrow_range = true} : (tensor<4xf32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// PerChannel, along the last dim: channel 0 [-0.5, 1.5] (scale 2 / 255,
// zero point round(63.75) - 128 = -64), channel 1 [0, 2] (scale 2 / 255,
// zero point -128).
// CHECK-LABEL: func @per_channel
// CHECK: "tfl.quantize"(%arg0) {{.*}}-> tensor<3x2x!quant.uniform<i8:f32:1, {0.0078431372549019607:-64,0.0078431372549019607:-128}>>
// CHECK: "tfl.dequantize"
func.func @per_channel(%x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %lo = "tf.Const"() {value = dense<[-0.5, 0.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %hi = "tf.Const"() {value = dense<[1.5, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "tf.FakeQuantWithMinMaxVarsPerChannel"(%x, %lo, %hi) {num_bits = 8 : i64, narrow_range = false} : (tensor<3x2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}
