// RUN: tf-opt %s --mlir-print-debuginfo=false -tfl-prepare-quantize -split-input-file -verify-diagnostics | FileCheck %s

// Scales and zero points by hand (TF's nudging, int8 [-128, 127]):
//  input [-1, 1]: scale 2/255 = 0.00784313725490196, zp round(-128 + 127.5) = -1
//    (half away from zero);
//  logistic: TFLite's fixed 1/256, zp -128; the reshape keeps its input's;
//  add [-2, 4]: scale 6/255 = 0.023529411764705882, zp round(-128 + 85) = -43;
//  relu [0.5, 2]: range extended to [0, 2]: scale 2/255, zp -128.
// CHECK-LABEL: func @main
// CHECK: %[[QX:.*]] = "tfl.quantize"(%arg0) : (tensor<1x4xf32>) -> tensor<1x4x!quant.uniform<i8:f32, 0.00784313725490196{{[0-9]*}}:-1>>
// CHECK: %[[DX:.*]] = "tfl.dequantize"(%[[QX]])
// CHECK: %[[L:.*]] = "tfl.logistic"(%[[DX]])
// CHECK: "tfl.quantize"(%[[L]]) : (tensor<1x4xf32>) -> tensor<1x4x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK: %[[R:.*]] = "tfl.reshape"
// CHECK: "tfl.quantize"(%[[R]]) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 3.906250e-03:-128>>
// CHECK: %[[A:.*]] = "tfl.add"
// CHECK: "tfl.quantize"(%[[A]]) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.02352941176470588{{[0-9]*}}:-43>>
// CHECK: %[[U:.*]] = "tfl.relu"
// CHECK: "tfl.quantize"(%[[U]]) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.00784313725490196{{[0-9]*}}:-128>>
// No statistics: stays float.
// CHECK: %[[T:.*]] = "tfl.tanh"(%arg1)
// CHECK-NOT: "tfl.quantize"(%arg1)
func.func @main(%x: tensor<1x4xf32> {tfl.min_max = {max = array<f32: 1.0>, min = array<f32: -1.0>}}, %x2: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %l = "tfl.logistic"(%x) {tfl.min_max = [{max = array<f32: 1.0>, min = array<f32: 0.0>}]} : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %s = "tfl.pseudo_const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %r = "tfl.reshape"(%l, %s) {new_shape = array<i32: 4>} : (tensor<1x4xf32>, tensor<1xi32>) -> tensor<4xf32>
  %a = "tfl.add"(%r, %r) {fused_activation_function = "NONE", pot_scale_int16 = false, tfl.min_max = [{max = array<f32: 4.0>, min = array<f32: -2.0>}]} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %u = "tfl.relu"(%a) {tfl.min_max = [{max = array<f32: 2.0>, min = array<f32: 0.5>}]} : (tensor<4xf32>) -> tensor<4xf32>
  %t = "tfl.tanh"(%x2) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "tfl.add"(%u, %t) {fused_activation_function = "NONE", pot_scale_int16 = false} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %b, %u : tensor<4xf32>, tensor<4xf32>
}

// -----

// Statistics with min > max are an error naming the op, not a crash.
func.func @bad(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{bad tfl.min_max statistics: min 2.000000 > max -1.000000}}
  %r = "tfl.relu"(%x) {tfl.min_max = [{max = array<f32: -1.0>, min = array<f32: 2.0>}]} : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
