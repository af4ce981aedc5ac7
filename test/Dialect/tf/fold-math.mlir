// RUN: tf-opt %s --mlir-print-debuginfo=false -canonicalize | FileCheck %s
// Folders of the math family: constant folding with TF's CPU semantics, and
// identities only where the types match exactly.

// CHECK-LABEL: func @fold_add_broadcast
func.func @fold_add_broadcast() -> tensor<2x3xf32> {
  // CHECK: %[[C:.*]] = tf.Const dense<{{\[\[}}3.000000e+00, 4.000000e+00, 5.000000e+00], [3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<2x3xf32>
  // CHECK-NEXT: return %[[C]]
  %a = "tf.Const"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %b = "tf.Const"() {value = dense<2.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "tf.AddV2"(%b, %a) {T = f32} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func @fold_splats
func.func @fold_splats() -> (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>) {
  %i6 = "tf.Const"() {value = dense<6> : tensor<4xi32>} : () -> tensor<4xi32>
  %i4 = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %f6 = "tf.Const"() {value = dense<6.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %f4 = "tf.Const"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK-DAG: tf.Const dense<24> : tensor<4xi32>
  %0 = "tf.Mul"(%i6, %i4) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  // CHECK-DAG: tf.Const dense<1.500000e+00> : tensor<4xf32>
  %1 = "tf.RealDiv"(%f6, %f4) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-DAG: tf.Const dense<2.000000e+00> : tensor<4xf32>
  %2 = "tf.Sub"(%f6, %f4) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  // CHECK-DAG: tf.Const dense<1> : tensor<4xi32>
  %3 = "tf.Div"(%i6, %i4) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>
}

// Integer division: Div truncates, FloorDiv/FloorMod follow Python.
// CHECK-LABEL: func @fold_int_division
func.func @fold_int_division() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %x = "tf.Const"() {value = dense<[-7, 7, -7, 7]> : tensor<4xi32>} : () -> tensor<4xi32>
  %y = "tf.Const"() {value = dense<[2, 2, -2, -2]> : tensor<4xi32>} : () -> tensor<4xi32>
  // CHECK-DAG: tf.Const dense<[-3, 3, 3, -3]> : tensor<4xi32>
  %0 = "tf.Div"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK-DAG: tf.Const dense<[-4, 3, 3, -4]> : tensor<4xi32>
  %1 = "tf.FloorDiv"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  // CHECK-DAG: tf.Const dense<[1, 1, -1, -1]> : tensor<4xi32>
  %2 = "tf.FloorMod"(%x, %y) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// Division by zero and INT_MIN / -1 are run-time errors in TF: no fold.
// CHECK-LABEL: func @no_fold_bad_division
func.func @no_fold_bad_division() -> (tensor<i32>, tensor<i32>, tensor<i32>) {
  %x = "tf.Const"() {value = dense<-2147483648> : tensor<i32>} : () -> tensor<i32>
  %z = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %m = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.Div"
  %0 = "tf.Div"(%x, %z) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  // CHECK: "tf.Div"
  %1 = "tf.Div"(%x, %m) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  // CHECK: "tf.FloorMod"
  %2 = "tf.FloorMod"(%x, %z) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  return %0, %1, %2 : tensor<i32>, tensor<i32>, tensor<i32>
}

// Maximum/Minimum propagate NaN like TF's CPU kernels.
// CHECK-LABEL: func @fold_max_min_nan
func.func @fold_max_min_nan() -> (tensor<3xf32>, tensor<3xf32>) {
  %x = "tf.Const"() {value = dense<[0x7FC00000, 1.0, -2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "tf.Const"() {value = dense<[1.0, 0x7FC00000, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  // CHECK-DAG: tf.Const dense<[0x7FC00000, 0x7FC00000, 3.000000e+00]> : tensor<3xf32>
  %0 = "tf.Maximum"(%x, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  // CHECK-DAG: tf.Const dense<[0x7FC00000, 0x7FC00000, -2.000000e+00]> : tensor<3xf32>
  %1 = "tf.Minimum"(%x, %y) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func @fold_compare
func.func @fold_compare() -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %x = "tf.Const"() {value = dense<[0x7FC00000, 1.0, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %y = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK-DAG: tf.Const dense<[false, false, true]> : tensor<3xi1>
  %0 = "tf.Greater"(%x, %y) : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  // CHECK-DAG: tf.Const dense<[false, true, true]> : tensor<3xi1>
  %1 = "tf.GreaterEqual"(%x, %y) : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  // CHECK-DAG: tf.Const dense<[false, true, false]> : tensor<3xi1>
  %2 = "tf.Equal"(%x, %y) : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  // NaN != anything is true.
  // CHECK-DAG: tf.Const dense<[true, false, true]> : tensor<3xi1>
  %3 = "tf.NotEqual"(%x, %y) : (tensor<3xf32>, tensor<f32>) -> tensor<3xi1>
  return %0, %1, %2, %3 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// CHECK-LABEL: func @fold_unsigned_compare
func.func @fold_unsigned_compare() -> tensor<i1> {
  %x = "tf.Const"() {value = dense<200> : tensor<ui8>} : () -> tensor<ui8>
  %y = "tf.Const"() {value = dense<100> : tensor<ui8>} : () -> tensor<ui8>
  // CHECK: tf.Const dense<true> : tensor<i1>
  %0 = "tf.Greater"(%x, %y) : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
  return %0 : tensor<i1>
}

// CHECK-LABEL: func @fold_logical
func.func @fold_logical(%arg: tensor<2xi1>) -> (tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>) {
  %a = "tf.Const"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %b = "tf.Const"() {value = dense<true> : tensor<2xi1>} : () -> tensor<2xi1>
  // CHECK-DAG: %[[AND:.*]] = tf.Const dense<[true, false]> : tensor<2xi1>
  %0 = "tf.LogicalAnd"(%a, %b) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  // CHECK-DAG: %[[OR:.*]] = tf.Const dense<true> : tensor<2xi1>
  %1 = "tf.LogicalOr"(%a, %b) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  // CHECK-DAG: %[[NOT:.*]] = tf.Const dense<[false, true]> : tensor<2xi1>
  %2 = "tf.LogicalNot"(%a) : (tensor<2xi1>) -> tensor<2xi1>
  %3 = "tf.LogicalNot"(%arg) : (tensor<2xi1>) -> tensor<2xi1>
  %4 = "tf.LogicalNot"(%3) : (tensor<2xi1>) -> tensor<2xi1>
  // CHECK: return %[[AND]], %[[OR]], %[[NOT]], %arg0
  return %0, %1, %2, %4 : tensor<2xi1>, tensor<2xi1>, tensor<2xi1>, tensor<2xi1>
}

// CHECK-LABEL: func @fold_unary
func.func @fold_unary() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xi8>, tensor<2xi8>) {
  %x = "tf.Const"() {value = dense<[-1.5, 0.5, 2.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %i = "tf.Const"() {value = dense<[-128, 5]> : tensor<2xi8>} : () -> tensor<2xi8>
  // CHECK-DAG: tf.Const dense<[1.500000e+00, -5.000000e-01, -2.000000e+00]> : tensor<3xf32>
  %0 = "tf.Neg"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK-DAG: tf.Const dense<[2.250000e+00, 2.500000e-01, 4.000000e+00]> : tensor<3xf32>
  %1 = "tf.Square"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK-DAG: tf.Const dense<[-2.000000e+00, 0.000000e+00, 2.000000e+00]> : tensor<3xf32>
  %2 = "tf.Floor"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  // CHECK-DAG: tf.Const dense<[-1.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<3xf32>
  %3 = "tf.Ceil"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  // Integer Abs and Neg wrap at the minimum value, as in TF.
  // CHECK-DAG: tf.Const dense<[-128, 5]> : tensor<2xi8>
  %4 = "tf.Abs"(%i) : (tensor<2xi8>) -> tensor<2xi8>
  // CHECK-DAG: tf.Const dense<[-128, -5]> : tensor<2xi8>
  %5 = "tf.Neg"(%i) : (tensor<2xi8>) -> tensor<2xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2xi8>, tensor<2xi8>
}

// CHECK-LABEL: func @fold_cast
func.func @fold_cast() -> (tensor<3xi32>, tensor<2xf32>, tensor<2xf32>, tensor<3xi1>, tensor<2xf16>, tensor<2xi8>) {
  %f = "tf.Const"() {value = dense<[2.7, -2.7, 0.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %i = "tf.Const"() {value = dense<[16777217, -3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %b = "tf.Const"() {value = dense<[true, false]> : tensor<2xi1>} : () -> tensor<2xi1>
  %h = "tf.Const"() {value = dense<[1.0, 65520.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %w = "tf.Const"() {value = dense<[300, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // Float to int truncates toward zero.
  // CHECK-DAG: tf.Const dense<[2, -2, 0]> : tensor<3xi32>
  %0 = "tf.Cast"(%f) {SrcT = f32, DstT = i32} : (tensor<3xf32>) -> tensor<3xi32>
  // Int to float rounds to nearest even (16777217 -> 16777216 = 0x4B800000).
  // CHECK-DAG: tf.Const dense<[0x4B800000, -3.000000e+00]> : tensor<2xf32>
  %1 = "tf.Cast"(%i) {SrcT = i32, DstT = f32} : (tensor<2xi32>) -> tensor<2xf32>
  // CHECK-DAG: tf.Const dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf32>
  %2 = "tf.Cast"(%b) : (tensor<2xi1>) -> tensor<2xf32>
  // To bool is x != 0.
  // CHECK-DAG: tf.Const dense<[true, true, false]> : tensor<3xi1>
  %3 = "tf.Cast"(%f) : (tensor<3xf32>) -> tensor<3xi1>
  // f32 -> f16 rounds; 65520 overflows to +inf.
  // CHECK-DAG: tf.Const dense<[1.000000e+00, 0x7C00]> : tensor<2xf16>
  %4 = "tf.Cast"(%h) : (tensor<2xf32>) -> tensor<2xf16>
  // Int narrowing wraps.
  // CHECK-DAG: tf.Const dense<[44, -1]> : tensor<2xi8>
  %5 = "tf.Cast"(%w) : (tensor<2xi32>) -> tensor<2xi8>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi32>, tensor<2xf32>, tensor<2xf32>, tensor<3xi1>, tensor<2xf16>, tensor<2xi8>
}

// Out-of-range float -> int is undefined in TF: not folded. Truncate=true
// is not folded when it would lose bits.
// CHECK-LABEL: func @no_fold_cast
func.func @no_fold_cast() -> (tensor<i32>, tensor<bf16>) {
  %f = "tf.Const"() {value = dense<3.0e9> : tensor<f32>} : () -> tensor<f32>
  %g = "tf.Const"() {value = dense<1.1> : tensor<f32>} : () -> tensor<f32>
  // CHECK: "tf.Cast"
  %0 = "tf.Cast"(%f) : (tensor<f32>) -> tensor<i32>
  // CHECK: "tf.Cast"
  %1 = "tf.Cast"(%g) {Truncate = true} : (tensor<f32>) -> tensor<bf16>
  return %0, %1 : tensor<i32>, tensor<bf16>
}

// CHECK-LABEL: func @fold_identities
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>, %[[I:.*]]: tensor<2xi32>
func.func @fold_identities(%x: tensor<2xf32>, %i: tensor<2xi32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %zero = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %one = "tf.Const"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %izero = "tf.Const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.AddV2"(%x, %zero) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = "tf.Mul"(%one, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %2 = "tf.Sub"(%x, %zero) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  %3 = "tf.Add"(%izero, %i) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %4 = "tf.Cast"(%i) {SrcT = i32, DstT = i32} : (tensor<2xi32>) -> tensor<2xi32>
  %5 = "tf.RealDiv"(%x, %one) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %6 = "tf.AddN"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %7 = "tf.Bitcast"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  // CHECK: return %[[X]], %[[X]], %[[X]], %[[I]], %[[I]], %[[X]], %[[X]], %[[X]]
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// No identity fold when the result type differs from `x` (broadcasting or a
// refined shape), and no constant fold into a non-static result type.
// CHECK-LABEL: func @no_fold_type_mismatch
func.func @no_fold_type_mismatch(%x: tensor<2xf32>) -> (tensor<3x2xf32>, tensor<*xf32>, tensor<*xf32>) {
  %zero = "tf.Const"() {value = dense<0.0> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %c = "tf.Const"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  // CHECK: "tf.AddV2"
  %0 = "tf.AddV2"(%x, %zero) : (tensor<2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  // CHECK: "tf.Mul"
  %1 = "tf.Mul"(%x, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<*xf32>
  // CHECK: "tf.AddV2"
  %2 = "tf.AddV2"(%c, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<*xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<*xf32>, tensor<*xf32>
}

// `x + 0` must not fold when the constant could broadcast `x` to a larger
// shape (here an unranked `x` against a 2x3 zero).
// CHECK-LABEL: func @no_fold_neutral_broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<*xf32>, %[[Y:.*]]: tensor<?xf32>
func.func @no_fold_neutral_broadcast(%x: tensor<*xf32>, %y: tensor<?xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<?xf32>, tensor<?xf32>) {
  %z23 = "tf.Const"() {value = dense<0.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %z3 = "tf.Const"() {value = dense<0.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %z1 = "tf.Const"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // CHECK: %[[A:.*]] = "tf.AddV2"(%[[X]]
  %0 = "tf.AddV2"(%x, %z23) : (tensor<*xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  // A scalar never broadcasts `x`.
  %1 = "tf.AddV2"(%x, %z) : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32>
  // [?] + [3] may be [3] when `x` has one element.
  // CHECK: %[[B:.*]] = "tf.Sub"(%[[Y]]
  %2 = "tf.Sub"(%y, %z3) : (tensor<?xf32>, tensor<3xf32>) -> tensor<?xf32>
  // [?] * [1] is always [?].
  %3 = "tf.Mul"(%y, %z1) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  // CHECK: return %[[A]], %[[X]], %[[B]], %[[Y]]
  return %0, %1, %2, %3 : tensor<*xf32>, tensor<*xf32>, tensor<?xf32>, tensor<?xf32>
}
