// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Reduce/Scan.cpp.

// CHECK-LABEL: func @cumsum
func.func @cumsum(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
  // Inclusive: a window of 4 over the axis padded by 3 before.
  // CHECK: hlo.reduce_window(%arg0) init(%{{.*}}) {padding = dense<{{\[\[}}0, 0], [3, 0]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 4>}
  // CHECK: hlo.add
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Cumsum"(%x, %a) {exclusive = false, reverse = false} : (tensor<2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
  // Exclusive + reverse: shift left by one (pad high 1, low -1), window padded after.
  // CHECK: %[[P:.*]] = hlo.pad %arg0, %{{.*}}, low = [0, -1], high = [0, 1], interior = [0, 0]
  // CHECK: hlo.reduce_window(%[[P]]) init(%{{.*}}) {padding = dense<{{\[\[}}0, 0], [0, 3]]> : tensor<2x2xi64>, window_dimensions = array<i64: 1, 4>}
  // CHECK: hlo.multiply
  %1 = "tf.Cumprod"(%x, %a) {exclusive = true, reverse = true} : (tensor<2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
  func.return %0, %1 : tensor<2x4xf32>, tensor<2x4xf32>
}
