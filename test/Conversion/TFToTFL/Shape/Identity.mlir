// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// The identity-like ops are removed: their results are their operands.

// CHECK-LABEL: func @identity
func.func @identity(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // CHECK: %[[E:.*]] = "tfl.exp"(%arg0)
  %0 = "tf.Exp"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // Identity is removed.
  // CHECK-NOT: tf.Identity
  %5 = "tf.Identity"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: return {{.*}}, %arg0 :
  func.return %0, %5 : tensor<4xf32>, tensor<4xf32>
}

// The other identity-like ops forward their operands too, and NoOp (a
// control-dependency hub) is dropped (Shape/Identity.cpp).
// CHECK-LABEL: func @identity_like
// CHECK-NOT: tf.
// CHECK: return %arg0, %arg1, %arg0, %arg1, %arg0 :
func.func @identity_like(%a: tensor<4xf32>, %b: tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>, tensor<4xf32>, tensor<2xi32>, tensor<4xf32>) {
  "tf.NoOp"() : () -> ()
  %0:2 = "tf.IdentityN"(%a, %b) : (tensor<4xf32>, tensor<2xi32>) -> (tensor<4xf32>, tensor<2xi32>)
  %1 = "tf.StopGradient"(%0#0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "tf.Snapshot"(%0#1) : (tensor<2xi32>) -> tensor<2xi32>
  %3 = "tf.PreventGradient"(%1) {message = "no"} : (tensor<4xf32>) -> tensor<4xf32>
  func.return %0#0, %0#1, %1, %2, %3 : tensor<4xf32>, tensor<2xi32>, tensor<4xf32>, tensor<2xi32>, tensor<4xf32>
}
