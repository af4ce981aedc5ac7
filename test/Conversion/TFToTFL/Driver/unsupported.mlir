// RUN: not tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: tf-opt %s -tfl-legalize-tf=allow-custom-ops -mlir-print-debuginfo=false 2>&1 | FileCheck %s --check-prefix=CUSTOM

// Ops without a TFLite builtin are listed with their counts and node names
// (as tflite_convert does); with allow-custom-ops they become tfl.custom.

// ERR: error: some ops cannot be converted to TFLite builtins
// ERR: TFLite builtin ops used (1):
// ERR-NEXT: tfl.exp x1: e
// ERR: Ops with no TFLite builtin (1); convert with -tfl-legalize-tf=allow-custom-ops to emit them as custom ops:
// ERR-NEXT: tf.Erf x2: erf_a, erf_b

// CUSTOM-LABEL: func @main
// CUSTOM: %[[A:.*]] = "tfl.custom"(%arg0) {custom_code = "Erf", custom_option = "", version = 1 : i32}
// CUSTOM: "tfl.custom"(%[[A]]) {custom_code = "Erf"
// CUSTOM: "tfl.exp"
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tf.Erf"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("erf_a")
  %1 = "tf.Erf"(%0) : (tensor<4xf32>) -> tensor<4xf32> loc("erf_b")
  %2 = "tf.Exp"(%1) : (tensor<4xf32>) -> tensor<4xf32> loc("e")
  func.return %2 : tensor<4xf32>
}

// An op with a builtin that cannot take its operands is listed separately,
// with the reason per node.
// RUN: not tf-opt %s -split-input-file -tfl-legalize-tf -mlir-print-debuginfo=false 2>&1 | FileCheck %s --check-prefix=UNCONV
// UNCONV: Ops whose TFLite builtin cannot take them as they are (1); -tfl-legalize-tf=allow-custom-ops emits them as custom ops:
// UNCONV-NEXT: tf.MatMul x1: mm (MatMul operands must be ranked 2-D tensors)

// -----

func.func @unranked(%a: tensor<*xf32>, %b: tensor<3x4xf32>) -> tensor<*xf32> {
  %0 = "tf.MatMul"(%a, %b) {transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<3x4xf32>) -> tensor<*xf32> loc("mm")
  func.return %0 : tensor<*xf32>
}
