// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

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
