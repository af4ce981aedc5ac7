// RUN: tf-opt %s -split-input-file -tf-einsum -mlir-print-debuginfo=false -verify-diagnostics | FileCheck %s

// Plain matmul: no transposes, BatchMatMulV2 of the operands themselves.
// CHECK-LABEL: func.func @matmul
// CHECK-NOT: tf.Transpose
// CHECK: %[[M:.*]] = "tf.BatchMatMulV2"(%arg0, %arg1) : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
// CHECK: return %[[M]]
func.func @matmul(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>) -> tensor<3x5xf32> {
  %0 = "tf.Einsum"(%a, %b) {T = f32, N = 2 : i64, equation = "ij,jk->ik"} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  func.return %0 : tensor<3x5xf32>
}

// -----

// Batch label b and a transposed rhs: rhs [b,k,j] -> [b,j,k].
// CHECK-LABEL: func.func @batch_transposed
// CHECK: %[[P:.*]] = tf.Const dense<[0, 2, 1]> : tensor<3xi32>
// CHECK: %[[T:.*]] = "tf.Transpose"(%arg1, %[[P]]) : (tensor<2x5x4xf32>, tensor<3xi32>) -> tensor<2x4x5xf32>
// CHECK: %[[M:.*]] = "tf.BatchMatMulV2"(%arg0, %[[T]]) : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
// CHECK: return %[[M]]
func.func @batch_transposed(%a: tensor<2x3x4xf32>, %b: tensor<2x5x4xf32>) -> tensor<2x3x5xf32> {
  %0 = "tf.Einsum"(%a, %b) {equation = "bij,bkj->bik"} : (tensor<2x3x4xf32>, tensor<2x5x4xf32>) -> tensor<2x3x5xf32>
  func.return %0 : tensor<2x3x5xf32>
}

// -----

// Ellipsis broadcasting [7,1] against [6]: BatchMatMulV2 broadcasts them.
// CHECK-LABEL: func.func @ellipsis
// CHECK: "tf.BatchMatMulV2"(%arg0, %arg1) : (tensor<7x1x3x4xf32>, tensor<6x4x5xf32>) -> tensor<7x6x3x5xf32>
func.func @ellipsis(%a: tensor<7x1x3x4xf32>, %b: tensor<6x4x5xf32>) -> tensor<7x6x3x5xf32> {
  %0 = "tf.Einsum"(%a, %b) {equation = "...ij,...jk->...ik"} : (tensor<7x1x3x4xf32>, tensor<6x4x5xf32>) -> tensor<7x6x3x5xf32>
  func.return %0 : tensor<7x6x3x5xf32>
}

// -----

// Two contracted labels (j, k) merge into one K = 20; free labels of the
// rhs (m, n) merge into N = 6; the result is reshaped back.
// CHECK-LABEL: func.func @multi_contract
// CHECK: %[[A:.*]] = "tf.Reshape"(%arg0, %{{.*}}) : (tensor<3x4x5xf32>, tensor<2xi32>) -> tensor<3x20xf32>
// CHECK: %[[B:.*]] = "tf.Reshape"(%arg1, %{{.*}}) : (tensor<4x5x2x3xf32>, tensor<2xi32>) -> tensor<20x6xf32>
// CHECK: %[[M:.*]] = "tf.BatchMatMulV2"(%[[A]], %[[B]]) : (tensor<3x20xf32>, tensor<20x6xf32>) -> tensor<3x6xf32>
// CHECK: "tf.Reshape"(%[[M]], %{{.*}}) : (tensor<3x6xf32>, tensor<3xi32>) -> tensor<3x2x3xf32>
func.func @multi_contract(%a: tensor<3x4x5xf32>, %b: tensor<4x5x2x3xf32>) -> tensor<3x2x3xf32> {
  %0 = "tf.Einsum"(%a, %b) {equation = "ijk,jkmn->imn"} : (tensor<3x4x5xf32>, tensor<4x5x2x3xf32>) -> tensor<3x2x3xf32>
  func.return %0 : tensor<3x2x3xf32>
}

// -----

// A label only the lhs has and the output lacks is summed first.
// CHECK-LABEL: func.func @reduce_first
// CHECK: %[[S:.*]] = "tf.Sum"(%arg0, %{{.*}}) {keep_dims = false} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<3xf32>
// CHECK: "tf.BatchMatMulV2"
func.func @reduce_first(%a: tensor<2x3xf32>, %b: tensor<3x4xf32>) -> tensor<4xf32> {
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->k"} : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// -----

// One operand: transpose, and a full reduction.
// CHECK-LABEL: func.func @unary
// CHECK: "tf.Transpose"(%arg0, %{{.*}}) : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<3x2xi32>
// CHECK: "tf.Sum"(%arg0, %{{.*}}) {keep_dims = false} : (tensor<2x3xi32>, tensor<2xi32>) -> tensor<i32>
func.func @unary(%a: tensor<2x3xi32>) -> (tensor<3x2xi32>, tensor<i32>) {
  %0 = "tf.Einsum"(%a) {equation = "ij->ji"} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %1 = "tf.Einsum"(%a) {equation = "ij->"} : (tensor<2x3xi32>) -> tensor<i32>
  func.return %0, %1 : tensor<3x2xi32>, tensor<i32>
}

// -----

// Diagonal "ii->i": [3,3] -> [9], every 4th element.
// CHECK-LABEL: func.func @diagonal
// CHECK: %[[F:.*]] = "tf.Reshape"(%arg0, %{{.*}}) : (tensor<3x3xf32>, tensor<1xi32>) -> tensor<9xf32>
// CHECK: %[[S:.*]] = tf.Const dense<4> : tensor<1xi32>
// CHECK: "tf.StridedSlice"(%[[F]], %{{.*}}, %{{.*}}, %[[S]]) : (tensor<9xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3xf32>
func.func @diagonal(%a: tensor<3x3xf32>) -> tensor<3xf32> {
  %0 = "tf.Einsum"(%a) {equation = "ii->i"} : (tensor<3x3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

// Unknown shapes: left for the legalizations to report.
// CHECK-LABEL: func.func @dynamic
// CHECK: "tf.Einsum"
func.func @dynamic(%a: tensor<?x4xf32>, %b: tensor<4x5xf32>) -> tensor<?x5xf32> {
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<?x4xf32>, tensor<4x5xf32>) -> tensor<?x5xf32>
  func.return %0 : tensor<?x5xf32>
}

// -----

func.func @wrong_count(%a: tensor<3x4xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{node 'e' (tf.Einsum): equation 'ij,jk' names 2 operand(s) but the node has 1 input(s)}}
  %0 = "tf.Einsum"(%a) {equation = "ij,jk"} : (tensor<3x4xf32>) -> tensor<*xf32> loc("e")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @unknown_output_label(%a: tensor<3x4xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{node 'e' (tf.Einsum): equation 'ij->ik': output label 'k' does not occur in any input}}
  %0 = "tf.Einsum"(%a) {equation = "ij->ik"} : (tensor<3x4xf32>) -> tensor<*xf32> loc("e")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @size_mismatch(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{node 'e' (tf.Einsum): equation 'ij,jk->ik': label 'j' has size 4 and 5 (input 1)}}
  %0 = "tf.Einsum"(%a, %b) {equation = "ij,jk->ik"} : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<*xf32> loc("e")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @inflate(%a: tensor<3xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{node 'e' (tf.Einsum): equation 'i->ii': output label 'i' is repeated (TF's kernel would inflate a diagonal): Unimplemented}}
  %0 = "tf.Einsum"(%a) {equation = "i->ii"} : (tensor<3xf32>) -> tensor<*xf32> loc("e")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @missing_output_ellipsis(%a: tensor<2x3x4xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{node 'e' (tf.Einsum): equation '...ij->ij': the inputs have 1 broadcast dim(s) but the output subscript has no '...'}}
  %0 = "tf.Einsum"(%a) {equation = "...ij->ij"} : (tensor<2x3x4xf32>) -> tensor<*xf32> loc("e")
  func.return %0 : tensor<*xf32>
}

// -----

// A non-ASCII (UTF-8) label: refused naming the node and the whole
// character (not one byte of it), in an input or only in the output.
func.func @utf8_label(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{node 'e' (tf.Einsum): equation 'ab,bç->aç': subscript 'bç' has 'ç' (U+00E7, not ASCII) (labels are ASCII letters, and '...')}}
  %0 = "tf.Einsum"(%a, %b) {equation = "ab,bç->aç"} : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<*xf32> loc("e")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @utf8_output_label(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{node 'e' (tf.Einsum): equation 'ab->b😀': subscript 'b😀' has '😀' (U+1F600, not ASCII)}}
  %0 = "tf.Einsum"(%a) {equation = "ab->b😀"} : (tensor<2x3xf32>) -> tensor<*xf32> loc("e")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @not_utf8_label(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{has the byte 0xFF (not UTF-8) (labels are ASCII letters, and '...')}}
  %0 = "tf.Einsum"(%a) {equation = "a\FF->a"} : (tensor<2x3xf32>) -> tensor<*xf32> loc("e")
  func.return %0 : tensor<*xf32>
}
