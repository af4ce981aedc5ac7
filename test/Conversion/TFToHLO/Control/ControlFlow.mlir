// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Control/ControlFlow.cpp.

// Functional If/While become hlo.if/hlo.while with the branch, cond and
// body functions inlined into the regions and legalized; the callees are
// then dropped.

// CHECK-LABEL: func @main
func.func @main(%c: tensor<i1>, %x: tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>) {
  // CHECK: %[[IF:.*]] = hlo.if %arg0 : (tensor<i1>) -> tensor<2xf32> {
  // CHECK:   %[[E:.*]] = hlo.exp %arg1 : tensor<2xf32>
  // CHECK:   hlo.return %[[E]] : tensor<2xf32>
  // CHECK: } else {
  // CHECK:   %[[N:.*]] = hlo.negate %arg1 : tensor<2xf32>
  // CHECK:   hlo.return %[[N]] : tensor<2xf32>
  // CHECK: }
  %0 = "tf.StatelessIf"(%c, %x) {then_branch = @exp, else_branch = @neg, is_stateless = true} : (tensor<i1>, tensor<2xf32>) -> tensor<2xf32>
  %i = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // CHECK: %[[W:.*]] = hlo.while(%{{.*}}) : tensor<i32> {
  // CHECK: ^bb0(%[[CI:.*]]: tensor<i32>):
  // CHECK:   %[[LT:.*]] = hlo.compare LT, %[[CI]], %{{.*}}, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK:   hlo.return %[[LT]] : tensor<i1>
  // CHECK: } do {
  // CHECK: ^bb0(%[[BI:.*]]: tensor<i32>):
  // CHECK:   %[[NEXT:.*]] = hlo.add %[[BI]], %{{.*}} : tensor<i32>
  // CHECK:   hlo.return %[[NEXT]] : tensor<i32>
  // CHECK: }
  %1 = "tf.While"(%i) {cond = @cond, body = @body, is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>) -> tensor<i32>
  // CHECK: return %[[IF]], %[[W]]
  func.return %0, %1 : tensor<2xf32>, tensor<i32>
}
// CHECK-NOT: func private
func.func private @exp(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.Exp"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
func.func private @neg(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
func.func private @cond(%i: tensor<i32>) -> tensor<i1> {
  %n = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Less"(%i, %n) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %0 : tensor<i1>
}
func.func private @body(%i: tensor<i32>) -> tensor<i32> {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %0 : tensor<i32>
}

// An int condition is compared with 0, as TF converts it to bool.
// CHECK-LABEL: func @int_cond
func.func @int_cond(%c: tensor<1xi32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  // CHECK: %[[R:.*]] = hlo.reshape %arg0 : (tensor<1xi32>) -> tensor<i32>
  // CHECK: %[[P:.*]] = hlo.compare NE, %[[R]], %{{.*}}, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  // CHECK: hlo.if %[[P]]
  %0 = "tf.If"(%c, %x) {then_branch = @exp2, else_branch = @id2, is_stateless = false} : (tensor<1xi32>, tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
func.func private @exp2(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.Exp"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
func.func private @id2(%x: tensor<2xf32>) -> tensor<2xf32> {
  func.return %x : tensor<2xf32>
}

// CHECK-LABEL: func @const_if
// The constant-false If is inlined as its else branch (a static 5-element
// slice), and LessEqual/All get static types from TF's shape functions.
// CHECK-NOT: hlo.if
// CHECK: %[[S:.*]] = hlo.slice %arg0, start = [1], limit = [6], strides = [1]
// CHECK: %[[LE:.*]] = hlo.compare  LE, %{{.*}}, %[[S]],  SIGNED : (tensor<5xi16>, tensor<5xi16>) -> tensor<5xi1>
// CHECK: hlo.reduce(%[[LE]])
func.func @const_if(%x: tensor<6xi16>) -> tensor<i1> {
  %p = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %z = "tf.Const"() {value = dense<0> : tensor<i16>} : () -> tensor<i16>
  %ax = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.StatelessIf"(%p, %x) {then_branch = @then, else_branch = @else, is_stateless = true} : (tensor<i1>, tensor<6xi16>) -> tensor<?xi16>
  %1 = "tf.LessEqual"(%z, %0) : (tensor<i16>, tensor<?xi16>) -> tensor<?xi1>
  %2 = "tf.All"(%1, %ax) {keep_dims = false} : (tensor<?xi1>, tensor<1xi32>) -> tensor<i1>
  func.return %2 : tensor<i1>
}

func.func private @then(%x: tensor<6xi16>) -> tensor<0xi16> {
  %0 = "tf.Const"() {value = dense<> : tensor<0xi16>} : () -> tensor<0xi16>
  func.return %0 : tensor<0xi16>
}

func.func private @else(%x: tensor<6xi16>) -> tensor<5xi16> {
  %b = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %e = "tf.Const"() {value = dense<6> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %b) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<6xi16>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xi16>
  func.return %0 : tensor<5xi16>
}
