// RUN: tf-opt %s -xla-legalize-tf=allow-partial=true -mlir-print-debuginfo=false 2>&1 | FileCheck %s
// Why the Shape family's patterns refuse an op: dynamic shapes, run-time
// shape operands, a duplicated permutation entry, an operand type that
// cannot stand for the result.

// CHECK: remark: {{.*}}not legalized to hlo: shape is not static
// CHECK: remark: {{.*}}not legalized to hlo: shape is not static
// CHECK: remark: {{.*}}not legalized to hlo: needs a static result and a constant axis
// CHECK: remark: {{.*}}not legalized to hlo: needs a static input and constant [rank, 2] paddings
// CHECK: remark: {{.*}}not legalized to hlo: input shape is not static
// CHECK: remark: {{.*}}not legalized to hlo: 0 is duplicated in the input.
// CHECK: remark: {{.*}}not legalized to hlo: needs a static input and a constant perm
// CHECK: remark: {{.*}}not legalized to hlo: needs a static input and constant begin/size
// CHECK: remark: {{.*}}not legalized to hlo: needs a static input and constant [rank, 2] paddings
// CHECK-NOT: remark
func.func @refused(%x: tensor<?x3xf32>, %s: tensor<2xi32>, %a: tensor<i32>, %p: tensor<1x2xi32>, %y: tensor<3xf32>, %b: tensor<1xi32>, %perm: tensor<2xi32>, %m: tensor<2x2xf32>) -> (tensor<?x3xf32>, tensor<2x3xf32>, tensor<?x6xf32>, tensor<?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xf32>, tensor<?xf32>, tensor<?xf32>) {
  %0 = "tf.ZerosLike"(%x) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "tf.Reshape"(%x, %s) : (tensor<?x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  %2 = "tf.ConcatV2"(%x, %x, %a) : (tensor<?x3xf32>, tensor<?x3xf32>, tensor<i32>) -> tensor<?x6xf32>
  %3 = "tf.Pad"(%y, %p) : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<?xf32>
  %4 = "tf.Shape"(%x) : (tensor<?x3xf32>) -> tensor<2xi32>
  %bad = "tf.Const"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %5 = "tf.InvertPermutation"(%bad) : (tensor<2xi32>) -> tensor<2xi32>
  %6 = "tf.Transpose"(%m, %perm) : (tensor<2x2xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  %8 = "tf.Slice"(%y, %b, %b) : (tensor<3xf32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
  %9 = "tf.MirrorPad"(%y, %p) {mode = "REFLECT"} : (tensor<3xf32>, tensor<1x2xi32>) -> tensor<?xf32>
  func.return %0, %1, %2, %3, %4, %5, %6, %8, %9 : tensor<?x3xf32>, tensor<2x3xf32>, tensor<?x6xf32>, tensor<?xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2x2xf32>, tensor<?xf32>, tensor<?xf32>
}
