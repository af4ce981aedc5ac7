// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Shape/Identity.cpp.

// CHECK-LABEL: func @copy_concat
// DeepCopy is the value itself; ParallelConcat concatenates the pieces.
// CHECK: %[[C:.*]] = hlo.concatenate(%arg1, %arg2) dim = 0
// CHECK: return %arg0, %[[C]]
func.func @copy_concat(%x: tensor<2xf32>, %a: tensor<1x2xf32>, %b: tensor<1x2xf32>) -> (tensor<2xf32>, tensor<2x2xf32>) {
  %0 = "tf.DeepCopy"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "tf.ParallelConcat"(%a, %b) {N = 2 : i64, shape = #tf_type.shape<2x2>} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  func.return %0, %1 : tensor<2xf32>, tensor<2x2xf32>
}

// An unfed PlaceholderWithDefault is its default value (tf2xla: Identity);
// Print and DebugIdentity pass input 0 through.

// CHECK-LABEL: func @placeholder_with_default
// CHECK-NEXT: %[[D:.*]] = hlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[N:.*]] = hlo.negate %[[D]]
// CHECK-NEXT: return %[[N]]
func.func @placeholder_with_default() -> tensor<2xf32> {
  %d = "tf.Const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %p = "tf.PlaceholderWithDefault"(%d) {shape = #tf_type.shape<?>} : (tensor<2xf32>) -> tensor<?xf32>
  %n = "tf.Neg"(%p) : (tensor<?xf32>) -> tensor<?xf32>
  %r = "tf.Identity"(%n) : (tensor<?xf32>) -> tensor<2xf32>
  func.return %r : tensor<2xf32>
}

// CHECK-LABEL: func @print_and_debug_identity
// CHECK-NEXT: return %arg0
func.func @print_and_debug_identity(%x: tensor<3xf32>) -> tensor<3xf32> {
  %p = "tf.Print"(%x, %x) {message = "x", first_n = -1 : i64, summarize = 3 : i64} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %d = "tf.DebugIdentity"(%p) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %d : tensor<3xf32>
}

// The identity ops are their operands; no hlo is built.
// CHECK-LABEL: func @identities
func.func @identities(%x: tensor<2xf32>, %i: tensor<3xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<3xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  // CHECK-NEXT: return %arg0, %arg0, %arg1, %arg0, %arg0, %arg0, %arg0, %arg0, %arg0
  %0 = "tf.Identity"(%x) {T = f32} : (tensor<2xf32>) -> tensor<2xf32>
  %1:2 = "tf.IdentityN"(%x, %i) : (tensor<2xf32>, tensor<3xi32>) -> (tensor<2xf32>, tensor<3xi32>)
  %2 = "tf.StopGradient"(%x) {T = f32} : (tensor<2xf32>) -> tensor<2xf32>
  %3 = "tf.PreventGradient"(%x) {message = "no"} : (tensor<2xf32>) -> tensor<2xf32>
  %4 = "tf.Snapshot"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %5 = "tf.DeepCopy"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %6 = "tf.DebugIdentity"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %7 = "tf.Print"(%x, %i) {message = "m"} : (tensor<2xf32>, tensor<3xi32>) -> tensor<2xf32>
  func.return %0, %1#0, %1#1, %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<2xf32>, tensor<3xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
