// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// Shape computations on constants fold while legalizing, so that later ops
// see constant shape operands; tf.Assert is dropped as XLA does.

// CHECK-LABEL: func @perm_from_concat
func.func @perm_from_concat(%x: tensor<1x2xf32>) -> tensor<2x1xf32> {
  // CHECK-NOT: tf.
  // CHECK: hlo.transpose %arg0, dims = [1, 0] : (tensor<1x2xf32>) -> tensor<2x1xf32>
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %b = "tf.Const"() {value = dense<[0]> : tensor<1xi32>} : () -> tensor<1xi32>
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %s = "tf.Const"() {value = dense<[1]> : tensor<1xi32>} : () -> tensor<1xi32>
  %a1 = "tf.Reshape"(%a, %s) : (tensor<i32>, tensor<1xi32>) -> tensor<1xi32>
  %p = "tf.ConcatV2"(%a1, %b, %ax) : (tensor<1xi32>, tensor<1xi32>, tensor<i32>) -> tensor<2xi32>
  %0 = "tf.Transpose"(%x, %p) : (tensor<1x2xf32>, tensor<2xi32>) -> tensor<2x1xf32>
  func.return %0 : tensor<2x1xf32>
}

// CHECK-LABEL: func @rank_minus_one
func.func @rank_minus_one(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // perm = (Rank - 1) - Range(0, Rank, 1) = [1, 0].
  // CHECK-NOT: tf.
  // CHECK: hlo.transpose %arg0, dims = [1, 0]
  %r = "tf.Rank"(%x) : (tensor<2x3xf32>) -> tensor<i32>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %zero = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %rm1 = "tf.Sub"(%r, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %rng = "tf.Range"(%zero, %r, %one) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2xi32>
  %p = "tf.Sub"(%rm1, %rng) : (tensor<i32>, tensor<2xi32>) -> tensor<2xi32>
  %0 = "tf.Transpose"(%x, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func @assert_dropped
func.func @assert_dropped(%x: tensor<3xf32>) -> tensor<3xf32> {
  // CHECK-NOT: tf.
  // CHECK: hlo.negate %arg0
  %c = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %m = "tf.Const"() {value = dense<"x != y"> : tensor<!tf_type.string>} : () -> tensor<!tf_type.string>
  "tf.Assert"(%c, %m) {summarize = 3 : i64} : (tensor<i1>, tensor<!tf_type.string>) -> ()
  %0 = "tf.Neg"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// A constant Range folds only up to 4096 elements (the hlo folders' limit);
// a longer one stays start + iota * delta, so a Range of 1e12 elements does
// not build its values while legalizing (it ran for minutes; issue 17).
// CHECK-LABEL: func @range_folds_when_small
// CHECK: hlo.constant dense<[0, 2, 4, 6]> : tensor<4xi64>
// CHECK-NOT: hlo.iota
func.func @range_folds_when_small() -> tensor<4xi64> {
  %s = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %l = "tf.Const"() {value = dense<8> : tensor<i64>} : () -> tensor<i64>
  %d = "tf.Const"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4xi64>
  func.return %0 : tensor<4xi64>
}

// CHECK-LABEL: func @long_range_stays_iota
// CHECK: hlo.iota {{.*}} tensor<1000000000000xi64>
// CHECK-NOT: dense<[
func.func @long_range_stays_iota() -> tensor<1000000000000xi64> {
  %s = "tf.Const"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
  %l = "tf.Const"() {value = dense<1000000000000> : tensor<i64>} : () -> tensor<i64>
  %d = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<1000000000000xi64>
  func.return %0 : tensor<1000000000000xi64>
}
