// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -split-input-file -hlo-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// Integer power: square-and-multiply over the exponent bits, with XLA's
// results for negative exponents. Float sign: selects (no copysign).

// LLVM-LABEL: llvm.func @int_power
// CHECK-LABEL: func @int_power
func.func @int_power(%x: tensor<4xi8>, %e: tensor<4xi8>) -> tensor<4xi8> {
  // CHECK: linalg.generic
  // CHECK-COUNT-8: arith.shrui
  // CHECK: arith.cmpi slt
  // CHECK: linalg.yield
  %0 = hlo.power %x, %e : tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// LLVM-LABEL: llvm.func @float_sign
// CHECK-LABEL: func @float_sign
func.func @float_sign(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: arith.cmpf ogt
  // CHECK: arith.cmpf olt
  // CHECK: arith.select
  // CHECK: arith.select
  // CHECK-NOT: math.copysign
  %0 = hlo.sign %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
