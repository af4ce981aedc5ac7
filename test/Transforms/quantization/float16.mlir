// RUN: tf-opt %s --mlir-print-debuginfo=false -tfl-prepare-quantize-dynamic-range="enable-float16-quantization=true" | FileCheck %s

// Float32 constants become float16 constants plus tfl.dequantize (the form
// of the MediaPipe models); 0.1 rounds to the nearest half, 0.0999755859375
// (0x2E66). Integer constants are left alone.
// CHECK-LABEL: func @fc
// CHECK-DAG: %[[W16:.*]] = "tfl.pseudo_const"() {value = dense<{{\[}}[1.000000e+00, 9.997550e-02]]> : tensor<1x2xf16>} : () -> tensor<1x2xf16>
// CHECK-DAG: %[[W:.*]] = "tfl.dequantize"(%[[W16]]) : (tensor<1x2xf16>) -> tensor<1x2xf32>
// CHECK-DAG: %[[B16:.*]] = "tfl.pseudo_const"() {value = dense<5.000000e-01> : tensor<1xf16>}
// CHECK-DAG: %[[B:.*]] = "tfl.dequantize"(%[[B16]])
// CHECK: "tfl.fully_connected"(%arg0, %[[W]], %[[B]])
// CHECK: "tfl.pseudo_const"() {value = dense<1> : tensor<2xi32>}
func.func @fc(%x: tensor<1x2xf32>) -> tensor<1x1xf32> {
  %w = "tfl.pseudo_const"() {value = dense<[[1.0, 0.1]]> : tensor<1x2xf32>} : () -> tensor<1x2xf32>
  %b = "tfl.pseudo_const"() {value = dense<0.5> : tensor<1xf32>} : () -> tensor<1xf32>
  %y = "tfl.fully_connected"(%x, %w, %b) {asymmetric_quantize_inputs = false, fused_activation_function = "NONE", keep_num_dims = false, quantized_bias_type = "FLOAT32", weights_format = "DEFAULT"} : (tensor<1x2xf32>, tensor<1x2xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %s = "tfl.pseudo_const"() {value = dense<[1, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %r = "tfl.reshape"(%y, %s) {new_shape = array<i32: 1, 1>} : (tensor<1x1xf32>, tensor<2xi32>) -> tensor<1x1xf32>
  return %r : tensor<1x1xf32>
}
