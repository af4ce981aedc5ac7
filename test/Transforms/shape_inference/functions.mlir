// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s

// Argument types flow into private callees (joined over all callers),
// callee results flow back into calls; @main keeps its arguments and gets
// refined results.

// CHECK-LABEL: func @main
// CHECK-SAME: (%{{.*}}: tensor<2x3xf32>, %{{.*}}: tensor<i1>, %{{.*}}: tensor<i32>)
// CHECK-SAME: -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<?x3xf32>, tensor<2x3xf32>, tensor<f32>, tensor<?x3xf32>, tensor<2x3xf32>)
func.func @main(%x: tensor<2x3xf32>, %p: tensor<i1>, %i: tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  // CHECK: "tf.PartitionedCall"({{.*}}) -> tensor<2x3xf32>
  %0 = "tf.PartitionedCall"(%x) {f = @relu, config = "", config_proto = "", executor_type = ""} : (tensor<2x3xf32>) -> tensor<*xf32>
  // #tf_type.func references work too.
  // CHECK: "tf.StatefulPartitionedCall"({{.*}}) -> tensor<3x2xf32>
  %1 = "tf.StatefulPartitionedCall"(%x) {f = #tf_type.func<@transpose, {}>, config = "", config_proto = "", executor_type = ""} : (tensor<2x3xf32>) -> tensor<*xf32>
  // If: the join of both branches' results.
  // CHECK: "tf.If"({{.*}}) -> tensor<?x3xf32>
  %2 = "tf.If"(%p, %x) {then_branch = @then, else_branch = @else, is_stateless = true} : (tensor<i1>, tensor<2x3xf32>) -> tensor<*xf32>
  // While whose loop-carried value keeps its shape.
  // CHECK: "tf.While"({{.*}}) -> (tensor<i32>, tensor<2x3xf32>)
  %3:2 = "tf.While"(%i, %x) {cond = @cond, body = @body_stable, is_stateless = false, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<2x3xf32>) -> (tensor<*xi32>, tensor<*xf32>)
  // Case: join over the branches.
  // CHECK: "tf.Case"({{.*}}) -> tensor<f32>
  %4 = "tf.Case"(%i, %x) {branches = [@sum0, @sum1], is_stateless = true} : (tensor<i32>, tensor<2x3xf32>) -> tensor<*xf32>
  // While whose loop-carried value grows: widened to ?x3.
  // CHECK: "tf.StatelessWhile"({{.*}}) -> (tensor<i32>, tensor<?x3xf32>)
  %5:2 = "tf.StatelessWhile"(%i, %x) {cond = @cond2, body = @body_grow, is_stateless = true, parallel_iterations = 10 : i64} : (tensor<i32>, tensor<2x3xf32>) -> (tensor<*xi32>, tensor<*xf32>)
  // CHECK: "tf.LegacyCall"({{.*}}) -> tensor<2x3xf32>
  %6 = "tf.LegacyCall"(%x) {f = @relu} : (tensor<2x3xf32>) -> tensor<*xf32>
  func.return %0, %1, %2, %3#1, %4, %5#1, %6 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func private @relu
// CHECK-SAME: (%{{.*}}: tensor<2x3xf32>) -> tensor<2x3xf32>
func.func private @relu(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tf.Relu"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// CHECK-LABEL: func private @transpose
// CHECK-SAME: (%{{.*}}: tensor<2x3xf32>) -> tensor<3x2xf32>
func.func private @transpose(%a: tensor<*xf32>) -> tensor<*xf32> {
  %perm = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Transpose"(%a, %perm) : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// CHECK-LABEL: func private @then
// CHECK-SAME: -> tensor<2x3xf32>
func.func private @then(%a: tensor<*xf32>) -> tensor<*xf32> {
  func.return %a : tensor<*xf32>
}

// CHECK-LABEL: func private @else
// CHECK-SAME: -> tensor<4x3xf32>
func.func private @else(%a: tensor<*xf32>) -> tensor<*xf32> {
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ConcatV2"(%a, %a, %ax) : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// CHECK-LABEL: func private @cond
// CHECK-SAME: (%{{.*}}: tensor<i32>, %{{.*}}: tensor<2x3xf32>) -> tensor<i1>
func.func private @cond(%i: tensor<*xi32>, %a: tensor<*xf32>) -> tensor<*xi1> {
  %c = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Less"(%i, %c) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
  func.return %0 : tensor<*xi1>
}

// CHECK-LABEL: func private @body_stable
// CHECK-SAME: (%{{.*}}: tensor<i32>, %{{.*}}: tensor<2x3xf32>) -> (tensor<i32>, tensor<2x3xf32>)
func.func private @body_stable(%i: tensor<*xi32>, %a: tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>) {
  %c = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.AddV2"(%i, %c) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  %1 = "tf.Tanh"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %0, %1 : tensor<*xi32>, tensor<*xf32>
}

// CHECK-LABEL: func private @cond2
// CHECK-SAME: (%{{.*}}: tensor<i32>, %{{.*}}: tensor<?x3xf32>) -> tensor<i1>
func.func private @cond2(%i: tensor<*xi32>, %a: tensor<*xf32>) -> tensor<*xi1> {
  %c = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.Less"(%i, %c) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
  func.return %0 : tensor<*xi1>
}

// The body's result (2x3 ++ 2x3 would be 4x3) is not the init type, so
// the carried type is widened to ?x3 before it is committed.
// CHECK-LABEL: func private @body_grow
// CHECK-SAME: (%{{.*}}: tensor<i32>, %{{.*}}: tensor<?x3xf32>) -> (tensor<i32>, tensor<?x3xf32>)
func.func private @body_grow(%i: tensor<*xi32>, %a: tensor<*xf32>) -> (tensor<*xi32>, tensor<*xf32>) {
  %c = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.AddV2"(%i, %c) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.ConcatV2"({{.*}}) -> tensor<?x3xf32>
  %1 = "tf.ConcatV2"(%a, %a, %ax) : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> tensor<*xf32>
  func.return %0, %1 : tensor<*xi32>, tensor<*xf32>
}

// CHECK-LABEL: func private @sum0
// CHECK-SAME: -> tensor<f32>
func.func private @sum0(%a: tensor<*xf32>) -> tensor<*xf32> {
  %ax = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Sum"(%a, %ax) {keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// CHECK-LABEL: func private @sum1
// CHECK-SAME: -> tensor<f32>
func.func private @sum1(%a: tensor<*xf32>) -> tensor<*xf32> {
  %ax = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.Max"(%a, %ax) {keep_dims = false} : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// Callers that disagree: the callee's argument is their join.
// CHECK-LABEL: func @two_callers
func.func @two_callers(%a: tensor<2x5xf32>, %b: tensor<3x5xf32>) -> () {
  // CHECK: "tf.PartitionedCall"({{.*}}) -> tensor<?x5xf32>
  %0 = "tf.PartitionedCall"(%a) {f = @shared, config = "", config_proto = "", executor_type = ""} : (tensor<2x5xf32>) -> tensor<*xf32>
  %1 = "tf.PartitionedCall"(%b) {f = @shared, config = "", config_proto = "", executor_type = ""} : (tensor<3x5xf32>) -> tensor<*xf32>
  func.return
}
// CHECK-LABEL: func private @shared
// CHECK-SAME: (%{{.*}}: tensor<?x5xf32>) -> tensor<?x5xf32>
func.func private @shared(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tf.Neg"(%a) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// A public function other than @main keeps its signature: a refined
// returned value is cast back.
// CHECK-LABEL: func @public_fn
// CHECK-SAME: -> tensor<*xf32>
// CHECK: %[[R:.*]] = "tf.Neg"({{.*}}) -> tensor<4xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[R]] : tensor<4xf32> to tensor<*xf32>
// CHECK: return %[[C]]
func.func @public_fn(%a: tensor<4xf32>) -> tensor<*xf32> {
  %0 = "tf.Neg"(%a) : (tensor<4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// tensor.cast ops that other passes insert (e.g. after folding a Switch)
// take their operand's type, so callers see it.
// CHECK-LABEL: func private @through_cast
// CHECK-SAME: -> tensor<f32>
func.func private @through_cast(%p: tensor<i1>) -> tensor<*xf32> {
  // CHECK: "tf.If"({{.*}}) -> tensor<f32>
  %0 = "tf.If"(%p) {then_branch = @cast_then, else_branch = @cast_else, is_stateless = true} : (tensor<i1>) -> tensor<*xf32>
  // CHECK: "tf.Neg"({{.*}}) -> tensor<f32>
  %1 = "tf.Neg"(%0) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %1 : tensor<*xf32>
}
// CHECK-LABEL: func private @cast_then
// CHECK-SAME: -> tensor<f32>
// CHECK: tensor.cast %{{.*}} : tensor<f32> to tensor<f32>
func.func private @cast_then() -> tensor<*xf32> {
  %c = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %0 = tensor.cast %c : tensor<f32> to tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
func.func private @cast_else() -> tensor<*xf32> {
  %c = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %0 = tensor.cast %c : tensor<f32> to tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// Constant arguments flow into branches: every caller passes [3, 2].
// CHECK-LABEL: func private @const_args
// CHECK-SAME: -> tensor<3x2xf32>
func.func private @const_args(%p: tensor<i1>, %x: tensor<6xf32>) -> tensor<*xf32> {
  %s = "tf.Const"() {value = dense<[3, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.If"(%p, %x, %s) {then_branch = @reshape_then, else_branch = @reshape_else, is_stateless = true} : (tensor<i1>, tensor<6xf32>, tensor<2xi32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
// CHECK-LABEL: func private @reshape_then
// CHECK: "tf.Reshape"({{.*}}) -> tensor<3x2xf32>
func.func private @reshape_then(%x: tensor<*xf32>, %s: tensor<*xi32>) -> tensor<*xf32> {
  %0 = "tf.Reshape"(%x, %s) : (tensor<*xf32>, tensor<*xi32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
// CHECK-LABEL: func private @reshape_else
// CHECK: "tf.Fill"({{.*}}) -> tensor<3x2xf32>
func.func private @reshape_else(%x: tensor<*xf32>, %s: tensor<*xi32>) -> tensor<*xf32> {
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.Fill"(%s, %z) : (tensor<*xi32>, tensor<f32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
