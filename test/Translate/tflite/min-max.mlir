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
// CHECK: "tfl.builtin_op"(%arg0) {builtin_code = 15 : i32, name = "LSH_PROJECTION", tfl.intermediates = [{min_max = {max = array<f32: 1.000000e+00>, min = array<f32: -1.000000e+00>}, name = "gate", type = tensor<4x!quant.uniform<i16:f32, 1.250000e-01>>}], version = 1 : i32}
func.func @intermediates(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tfl.builtin_op"(%x) {builtin_code = 15 : i32, name = "LSH_PROJECTION", version = 1 : i32, tfl.intermediates = [{name = "gate", type = tensor<4x!quant.uniform<i16:f32, 0.125>>, min_max = {min = array<f32: -1.0>, max = array<f32: 1.0>}}]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Quantization that !quant.uniform cannot hold (64-bit storage) and data of
// subgraph inputs are kept as attributes.
// CHECK-LABEL: func.func @int64_quant
// CHECK-SAME: tfl.initial_data = "\00\00\80?"
// CHECK: "tfl.pseudo_const"() {tfl.quant_params = [{quantized_dimension = 0 : i32, scale = array<f32: 2.500000e-01, 5.000000e-01>, zero_point = array<i64: 0, 0>}], value = dense<[1, 2]> : tensor<2xi64>}
func.func @int64_quant(%x: tensor<1xf32> {tfl.initial_data = "\00\00\80?"}) -> (tensor<2xi64>, tensor<1xf32>) {
  %0 = "tfl.pseudo_const"() {value = dense<[1, 2]> : tensor<2xi64>, tfl.quant_params = [{scale = array<f32: 0.25, 0.5>, zero_point = array<i64: 0, 0>, quantized_dimension = 0 : i32}]} : () -> tensor<2xi64>
  return %0, %x : tensor<2xi64>, tensor<1xf32>
}
