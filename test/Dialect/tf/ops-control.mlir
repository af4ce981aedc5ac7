// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the control family (TFOpsControl.td): functions referenced
// as #tf_type.func<@f, {...}> (as the importer produces) or as @f.

func.func private @then(%a: tensor<f32>) -> tensor<f32>
func.func private @else(%a: tensor<*xf32>) -> tensor<*xf32>
func.func private @cond(%i: tensor<i32>, %x: tensor<f32>) -> tensor<i1>
func.func private @body(%i: tensor<i32>, %x: tensor<f32>) -> (tensor<i32>, tensor<f32>)
func.func private @ref_arg(%x: tensor<f32>) -> tensor<f32>

// CHECK-LABEL: func @control
func.func @control(%p: tensor<i1>, %x: tensor<f32>, %i: tensor<i32>, %r: tensor<!tf_type.ref<f32>>) -> tensor<f32> {
  // CHECK: "tf.If"(%arg0, %arg1) {Tcond = i1, Tin = [f32], Tout = [f32], else_branch = @else, output_shapes = [#tf_type.shape<>], then_branch = #tf_type.func<@then, {}>} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  %0 = "tf.If"(%p, %x) {then_branch = #tf_type.func<@then, {}>, else_branch = @else, Tcond = i1, Tin = [f32], Tout = [f32], output_shapes = [#tf_type.shape<>]} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  // A non-bool condition is allowed (TF converts it to bool).
  // CHECK: "tf.StatelessIf"(%arg2, %arg1) {else_branch = @else, then_branch = @then}
  %1 = "tf.StatelessIf"(%i, %x) {then_branch = @then, else_branch = @else} : (tensor<i32>, tensor<f32>) -> tensor<f32>
  // CHECK: "tf.While"(%arg2, %{{.*}}) {T = [i32, f32], body = #tf_type.func<@body, {}>, cond = @cond, parallel_iterations = 10 : i64}
  %2:2 = "tf.While"(%i, %0) {cond = @cond, body = #tf_type.func<@body, {}>, T = [i32, f32], parallel_iterations = 10 : i64} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  // CHECK: "tf.StatelessWhile"(%arg2, %{{.*}}) {body = @body, cond = @cond}
  %3:2 = "tf.StatelessWhile"(%i, %1) {cond = @cond, body = @body} : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
  // CHECK: "tf.Case"(%arg2, %{{.*}}) {Tin = [f32], Tout = [f32], branches = [@then, #tf_type.func<@else, {}>]}
  %4 = "tf.Case"(%i, %2#1) {branches = [@then, #tf_type.func<@else, {}>], Tin = [f32], Tout = [f32]} : (tensor<i32>, tensor<f32>) -> tensor<f32>
  // CHECK: "tf.StatelessCase"(%arg2, %{{.*}}) {branches = [@then]}
  %5 = "tf.StatelessCase"(%i, %4) {branches = [@then]} : (tensor<i32>, tensor<f32>) -> tensor<f32>
  // CHECK: "tf.PartitionedCall"(%{{.*}}) {Tin = [f32], Tout = [f32], config = "", config_proto = "", executor_type = "", f = #tf_type.func<@then, {T = f32}>}
  %6 = "tf.PartitionedCall"(%5) {Tin = [f32], Tout = [f32], config = "", config_proto = "", executor_type = "", f = #tf_type.func<@then, {T = f32}>} : (tensor<f32>) -> tensor<f32>
  // CHECK: "tf.StatefulPartitionedCall"(%{{.*}}) {f = @then}
  %7 = "tf.StatefulPartitionedCall"(%6) {f = @then} : (tensor<f32>) -> tensor<f32>
  // A `_REF` value passes as its base dtype.
  // CHECK: "tf.LegacyCall"(%arg3) {_disable_call_shape_inference = true, f = @ref_arg}
  %8 = "tf.LegacyCall"(%r) {f = @ref_arg, _disable_call_shape_inference = true} : (tensor<!tf_type.ref<f32>>) -> tensor<f32>
  // CHECK: "tf.Assert"(%arg0, %{{.*}}, %arg2) {T = [f32, i32], summarize = 3 : i64}
  "tf.Assert"(%p, %7, %i) {T = [f32, i32], summarize = 3 : i64} : (tensor<i1>, tensor<f32>, tensor<i32>) -> ()
  // CHECK: tf.NoOp
  "tf.NoOp"() : () -> ()
  return %8 : tensor<f32>
}
