// RUN: tf-opt %s -hlo-externalize-constants=threshold-bytes=64 -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// Non-splat constants of at least 64 bytes become leading arguments marked
// tfmlir.external_constant; small and splat constants stay.

// CHECK-LABEL: func @main(
// CHECK-SAME: %[[W:.*]]: tensor<4x5xf32> {tfmlir.external_constant = 0 : i64}
// CHECK-SAME: %[[V:.*]]: tensor<20xi32> {tfmlir.external_constant = 1 : i64}
// CHECK-SAME: %[[X:.*]]: tensor<3x4xf32>)
// CHECK-NOT: dense<[1.0
// CHECK: hlo.constant dense<1.000000e+00> : tensor<3x5xf32>
// CHECK: hlo.constant dense<[1, 2]> : tensor<2xi32>
// CHECK: hlo.dot_general %[[X]], %[[W]]
// CHECK: return {{.*}}, %[[V]]
func.func @main(%x: tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<20xi32>, tensor<2xi32>) {
  %w = hlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0]]> : tensor<4x5xf32>
  %s = hlo.constant dense<1.0> : tensor<3x5xf32>
  %v = hlo.constant dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]> : tensor<20xi32>
  %small = hlo.constant dense<[1, 2]> : tensor<2xi32>
  %0 = hlo.dot_general %x, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  %1 = hlo.add %0, %s : tensor<3x5xf32>
  return %1, %v, %small : tensor<3x5xf32>, tensor<20xi32>, tensor<2xi32>
}

// -----

// Private functions are left alone.
// CHECK-LABEL: func private @helper(
// CHECK-SAME: %{{.*}}: tensor<3x4xf32>)
// CHECK: hlo.constant dense<{{\[}}[1.0
func.func private @helper(%x: tensor<3x4xf32>) -> tensor<4x5xf32> {
  %w = hlo.constant dense<[[1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0], [11.0, 12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0, 20.0]]> : tensor<4x5xf32>
  return %w : tensor<4x5xf32>
}
