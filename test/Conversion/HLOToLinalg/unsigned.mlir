// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -split-input-file -hlo-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// Unsigned element types become signless of the same width (signature
// included); compare, divide, remainder, max/min, sign and convert use
// their unsigned arith forms.

// LLVM-LABEL: llvm.func @unsigned_ops
// CHECK-LABEL: func @unsigned_ops
// CHECK-SAME: (%{{.*}}: tensor<4xi8>, %{{.*}}: tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi1>, tensor<4xf32>, tensor<4xi32>)
func.func @unsigned_ops(%a: tensor<4xui8>, %b: tensor<4xui8>) -> (tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xf32>, tensor<4xui32>) {
  // CHECK: arith.divui
  %0 = hlo.divide %a, %b : tensor<4xui8>
  // CHECK: arith.remui
  %1 = hlo.remainder %a, %b : tensor<4xui8>
  // CHECK: arith.maxui
  %2 = hlo.maximum %a, %b : tensor<4xui8>
  // CHECK: arith.cmpi ult
  %3 = hlo.compare LT, %a, %b : (tensor<4xui8>, tensor<4xui8>) -> tensor<4xi1>
  // CHECK: arith.uitofp %{{.*}} : i8 to f32
  %4 = hlo.convert %a : (tensor<4xui8>) -> tensor<4xf32>
  // CHECK: arith.extui %{{.*}} : i8 to i32
  %5 = hlo.convert %a : (tensor<4xui8>) -> tensor<4xui32>
  return %0, %1, %2, %3, %4, %5 : tensor<4xui8>, tensor<4xui8>, tensor<4xui8>, tensor<4xi1>, tensor<4xf32>, tensor<4xui32>
}

// -----

// float -> unsigned saturates to [0, 2^w - 1].
// LLVM-LABEL: llvm.func @to_unsigned
// CHECK-LABEL: func @to_unsigned
func.func @to_unsigned(%a: tensor<4xf32>) -> tensor<4xui16> {
  // CHECK: arith.fptoui %{{.*}} : f32 to i16
  // CHECK: arith.cmpf oge
  // CHECK: arith.cmpf ule
  %0 = hlo.convert %a : (tensor<4xf32>) -> tensor<4xui16>
  return %0 : tensor<4xui16>
}

// -----

// An unsigned constant keeps its bits.
// CHECK-LABEL: func @constant
func.func @constant() -> tensor<2xui8> {
  // CHECK: arith.constant dense<[-1, 7]> : tensor<2xi8>
  %0 = hlo.constant dense<[255, 7]> : tensor<2xui8>
  return %0 : tensor<2xui8>
}
