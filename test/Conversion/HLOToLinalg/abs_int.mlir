// RUN: tf-opt %s -hlo-legalize-to-linalg -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -hlo-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// Integer abs is x < 0 ? 0 - x : x (INT_MIN wraps to itself, as XLA), in
// arith ops so that the vectorized CPU pipeline lowers it (math.absi on
// vectors was left illegal: tf.Abs on an int32 Placeholder did not compile).

// CHECK-LABEL: func @abs_i32
// CHECK: linalg.generic
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[X:.*]], %[[Z:.*]] : i32
// CHECK: %[[SUB:.*]] = arith.subi %[[Z]], %[[X]] : i32
// CHECK: arith.select %[[NEG]], %[[SUB]], %[[X]] : i32
// CHECK-NOT: math.absi
// LLVM-LABEL: llvm.func @abs_i32
// LLVM-NOT: math.absi
func.func @abs_i32(%x: tensor<3xi32>) -> tensor<3xi32> {
  %0 = hlo.abs %x : (tensor<3xi32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}
