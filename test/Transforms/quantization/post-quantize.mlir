// RUN: tf-opt %s --mlir-print-debuginfo=false -tfl-post-quantize | FileCheck %s
// RUN: tf-opt %s --mlir-print-debuginfo=false -tfl-post-quantize="inference-input-type=int8 inference-output-type=int8" | FileCheck %s --check-prefix=INT8
// RUN: tf-opt %s --mlir-print-debuginfo=false -tfl-post-quantize="inference-input-type=uint8 inference-output-type=uint8" | FileCheck %s --check-prefix=UINT8
// RUN: not tf-opt %s --mlir-print-debuginfo=false -tfl-post-quantize="inference-input-type=int4" 2>&1 | FileCheck %s --check-prefix=BAD

// A quantize of a dequantize with the same type disappears; the float
// interface keeps the boundary pairs.
// CHECK-LABEL: func @main(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK: %[[Q:.*]] = "tfl.quantize"(%arg0)
// CHECK: %[[A:.*]] = "tfl.add"(%[[Q]], %[[Q]])
// CHECK-NEXT: %[[R:.*]] = "tfl.add"(%[[A]], %[[A]])
// CHECK-NEXT: %[[D:.*]] = "tfl.dequantize"(%[[R]])
// CHECK-NEXT: return %[[D]]
// int8 interface: no quantize/dequantize left.
// INT8-LABEL: func @main(%arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>) -> tensor<4x!quant.uniform<i8:f32, 2.500000e-01>>
// INT8-NOT: tfl.quantize
// INT8-NOT: tfl.dequantize
// uint8 interface: zero points + 128 and requantizing quantize ops.
// UINT8-LABEL: func @main(%arg0: tensor<4x!quant.uniform<u8:f32, 5.000000e-01:125>>) -> tensor<4x!quant.uniform<u8:f32, 2.500000e-01:128>>
// UINT8: "tfl.quantize"(%arg0) : (tensor<4x!quant.uniform<u8:f32, 5.000000e-01:125>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:-3>>
// UINT8: "tfl.quantize"(%{{.*}}) : (tensor<4x!quant.uniform<i8:f32, 2.500000e-01>>) -> tensor<4x!quant.uniform<u8:f32, 2.500000e-01:128>>
// BAD: inference type must be float32, int8 or uint8, got 'int4'
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %q = "tfl.quantize"(%x) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:-3>>
  %a = "tfl.add"(%q, %q) {fused_activation_function = "NONE", pot_scale_int16 = false} : (tensor<4x!quant.uniform<i8:f32, 0.5:-3>>, tensor<4x!quant.uniform<i8:f32, 0.5:-3>>) -> tensor<4x!quant.uniform<i8:f32, 0.25>>
  %d = "tfl.dequantize"(%a) : (tensor<4x!quant.uniform<i8:f32, 0.25>>) -> tensor<4xf32>
  %q2 = "tfl.quantize"(%d) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.25>>
  %r = "tfl.add"(%q2, %q2) {fused_activation_function = "NONE", pot_scale_int16 = false} : (tensor<4x!quant.uniform<i8:f32, 0.25>>, tensor<4x!quant.uniform<i8:f32, 0.25>>) -> tensor<4x!quant.uniform<i8:f32, 0.25>>
  %dr = "tfl.dequantize"(%r) : (tensor<4x!quant.uniform<i8:f32, 0.25>>) -> tensor<4xf32>
  return %dr : tensor<4xf32>
}
