// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Reduce/Histogram.cpp.

// HistogramFixedWidth with TF's kernel arithmetic: bin =
// int(min(double(max(x, lo) - lo) / step, nbins - 1)), step = (hi - lo) /
// nbins in double, then the bin counts as Bincount's.
// CHECK-LABEL: func @histogram
// CHECK: %[[M:.*]] = hlo.maximum %arg0, %{{.*}} : tensor<5xf32>
// CHECK: %[[D:.*]] = hlo.subtract %[[M]], %{{.*}} : tensor<5xf32>
// CHECK: %[[DD:.*]] = hlo.convert %[[D]] : (tensor<5xf32>) -> tensor<5xf64>
// CHECK: hlo.constant dense<4.000000e+00> : tensor<f64>
// CHECK: %[[Q:.*]] = hlo.divide %[[DD]], %{{.*}} : tensor<5xf64>
// CHECK: %[[LAST:.*]] = hlo.constant dense<3.000000e+00> : tensor<5xf64>
// CHECK: %[[C:.*]] = hlo.minimum %[[Q]], %[[LAST]] : tensor<5xf64>
// CHECK: %[[B:.*]] = hlo.convert %[[C]] : (tensor<5xf64>) -> tensor<5xi32>
// CHECK: hlo.broadcast_in_dim %[[B]], dims = [0] : (tensor<5xi32>) -> tensor<5x4xi32>
// CHECK: hlo.iota dim = 1 : tensor<5x4xi32>
// CHECK: hlo.reduce({{.*}}) dims = [0] : (tensor<5x4xi32>, tensor<i32>) -> tensor<4xi32>
func.func @histogram(%v: tensor<5xf32>) -> tensor<4xi32> {
  %r = "tf.Const"() {value = dense<[0.0, 8.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %nb = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.HistogramFixedWidth"(%v, %r, %nb) {T = f32, dtype = i32} : (tensor<5xf32>, tensor<2xf32>, tensor<i32>) -> tensor<4xi32>
  func.return %0 : tensor<4xi32>
}
