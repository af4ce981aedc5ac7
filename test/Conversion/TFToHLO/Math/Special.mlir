// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Math/Special.cpp.

// CHECK-LABEL: func @lgamma_igamma
// Computed in f64: Lanczos sums (log, sine for the reflection), the
// series / continued fraction of Igamma, rounded back to f32.
// CHECK: hlo.convert %arg0 : (tensor<3xf32>) -> tensor<3xf64>
// CHECK: hlo.sine
// CHECK: hlo.log
// CHECK: hlo.convert %{{.*}} : (tensor<3xf64>) -> tensor<3xf32>
// CHECK: hlo.exp
// CHECK: return %{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xf32>
func.func @lgamma_igamma(%a: tensor<3xf32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = "tf.Lgamma"(%a) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "tf.Igamma"(%a, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// The special functions are computed in f64 and rounded back; Zeta is the
// Cephes direct sum (hlo.power terms) and the Euler-Maclaurin tail.
// CHECK-LABEL: func @special
// CHECK-NOT: tf.
// CHECK: hlo.convert %{{.*}} : (tensor<3xf32>) -> tensor<3xf64>
// CHECK: hlo.power
// CHECK: hlo.sqrt
// CHECK: hlo.convert %{{.*}} : (tensor<3xf64>) -> tensor<3xf32>
// CHECK: return
func.func @special(%x: tensor<3xf32>, %q: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %0 = "tf.Zeta"(%x, %q) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = "tf.Polygamma"(%x, %q) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %2 = "tf.Ndtri"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %3 = "tf.Erfinv"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0, %1, %2, %3 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}
