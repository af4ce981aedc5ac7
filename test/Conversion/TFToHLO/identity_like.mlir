// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
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
