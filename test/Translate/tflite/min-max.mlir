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

// Operator intermediates (internal tensors of e.g. quantized LSTMs) keep
// their name, type and range.
// CHECK-LABEL: func.func @intermediates
// CHECK: "tfl.builtin_op"(%arg0) {builtin_code = 16 : i32, name = "LSTM", tfl.intermediates = [{min_max = {max = array<f32: 1.000000e+00>, min = array<f32: -1.000000e+00>}, name = "gate", type = tensor<4x!quant.uniform<i16:f32, 1.250000e-01>>}], version = 1 : i32}
func.func @intermediates(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tfl.builtin_op"(%x) {builtin_code = 16 : i32, name = "LSTM", version = 1 : i32, tfl.intermediates = [{name = "gate", type = tensor<4x!quant.uniform<i16:f32, 0.125>>, min_max = {min = array<f32: -1.0>, max = array<f32: 1.0>}}]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
