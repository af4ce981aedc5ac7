// RUN: tf-translate -mlir-to-tflite-flatbuffer %s -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s
// Calibration ranges (QuantizationParameters.min/max, as in calibrated
// models) survive export and import, alone or next to a quantized type.

// CHECK-LABEL: func.func @main(%arg0: tensor<4xf32> {tfl.min_max = {max = array<f32: 6.000000e+00>, min = array<f32: -1.000000e+00>}})
func.func @main(%x: tensor<4xf32> {tfl.min_max = {min = array<f32: -1.0>, max = array<f32: 6.0>}}) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>> {
  // CHECK: "tfl.relu"(%arg0) {tfl.min_max = [{max = array<f32: 6.000000e+00>, min = array<f32: 0.000000e+00>}]}
  %0 = "tfl.relu"(%x) {tfl.min_max = [{min = array<f32: 0.0>, max = array<f32: 6.0>}]} : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: "tfl.quantize"(%0) {tfl.min_max = [{max = array<f32: 6.000000e+00>, min = array<f32: 0.000000e+00>}]} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
  %1 = "tfl.quantize"(%0) {tfl.min_max = [{min = array<f32: 0.0>, max = array<f32: 6.0>}]} : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  return %1 : tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
}
