// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the variables family (TFOpsVariables.td).

// CHECK-LABEL: func @ref_variables
func.func @ref_variables(%v: tensor<3xf32>, %i: tensor<2xi32>, %u: tensor<2xf32>) {
  // CHECK: "tf.VariableV2"() {container = "", dtype = f32, shape = #tf_type.shape<3>, shared_name = "w"} : () -> tensor<3x!tf_type.ref<f32>>
  %w = "tf.VariableV2"() {container = "", dtype = f32, shape = #tf_type.shape<3>, shared_name = "w"} : () -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.Assign"(%{{.*}}, %arg0) {T = f32, use_locking = true, validate_shape = true} : (tensor<3x!tf_type.ref<f32>>, tensor<3xf32>) -> tensor<3x!tf_type.ref<f32>>
  %0 = "tf.Assign"(%w, %v) {T = f32, use_locking = true, validate_shape = true} : (tensor<3x!tf_type.ref<f32>>, tensor<3xf32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.AssignAdd"
  %1 = "tf.AssignAdd"(%w, %v) : (tensor<3x!tf_type.ref<f32>>, tensor<3xf32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.AssignSub"
  %2 = "tf.AssignSub"(%w, %v) : (tensor<3x!tf_type.ref<f32>>, tensor<3xf32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.ScatterAdd"(%{{.*}}, %arg1, %arg2) {T = f32, Tindices = i32, use_locking = false}
  %3 = "tf.ScatterAdd"(%w, %i, %u) {T = f32, Tindices = i32, use_locking = false} : (tensor<3x!tf_type.ref<f32>>, tensor<2xi32>, tensor<2xf32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.ScatterUpdate"
  %4 = "tf.ScatterUpdate"(%w, %i, %u) : (tensor<3x!tf_type.ref<f32>>, tensor<2xi32>, tensor<2xf32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.ScatterSub"
  %5 = "tf.ScatterSub"(%w, %i, %u) : (tensor<3x!tf_type.ref<f32>>, tensor<2xi32>, tensor<2xf32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.ScatterMul"
  %6 = "tf.ScatterMul"(%w, %i, %u) : (tensor<3x!tf_type.ref<f32>>, tensor<2xi32>, tensor<2xf32>) -> tensor<3x!tf_type.ref<f32>>
  // A scalar update applies to every selected row.
  %s = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK: "tf.ScatterDiv"
  %7 = "tf.ScatterDiv"(%w, %i, %s) : (tensor<3x!tf_type.ref<f32>>, tensor<2xi32>, tensor<f32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.ScatterMin"
  %8 = "tf.ScatterMin"(%w, %i, %u) : (tensor<3x!tf_type.ref<f32>>, tensor<2xi32>, tensor<2xf32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.ScatterMax"
  %9 = "tf.ScatterMax"(%w, %i, %u) : (tensor<3x!tf_type.ref<f32>>, tensor<2xi32>, tensor<2xf32>) -> tensor<3x!tf_type.ref<f32>>
  // CHECK: "tf.IsVariableInitialized"(%{{.*}}) {dtype = f32} : (tensor<3x!tf_type.ref<f32>>) -> tensor<i1>
  %10 = "tf.IsVariableInitialized"(%w) {dtype = f32} : (tensor<3x!tf_type.ref<f32>>) -> tensor<i1>
  // CHECK: "tf.Variable"() {dtype = f32, shape = #tf_type.shape<*>}
  %11 = "tf.Variable"() {dtype = f32, shape = #tf_type.shape<*>} : () -> tensor<*x!tf_type.ref<f32>>
  return
}

// CHECK-LABEL: func @resource_variables
func.func @resource_variables(%v: tensor<3xf32>, %i: tensor<2xi32>) {
  // CHECK: "tf.VarHandleOp"() {allowed_devices = [], container = "", debug_name = "w", dtype = f32, shape = #tf_type.shape<3>, shared_name = "w"} : () -> tensor<!tf_type.resource<tensor<3xf32>>>
  %h = "tf.VarHandleOp"() {allowed_devices = [], container = "", debug_name = "w", dtype = f32, shape = #tf_type.shape<3>, shared_name = "w"} : () -> tensor<!tf_type.resource<tensor<3xf32>>>
  // CHECK: "tf.AssignVariableOp"(%{{.*}}, %arg0) {dtype = f32, validate_shape = false}
  "tf.AssignVariableOp"(%h, %v) {dtype = f32, validate_shape = false} : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  // CHECK: "tf.AssignAddVariableOp"(%{{.*}}, %arg0) {dtype = f32}
  "tf.AssignAddVariableOp"(%h, %v) {dtype = f32} : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  // CHECK: "tf.AssignSubVariableOp"(%{{.*}}, %arg0)
  "tf.AssignSubVariableOp"(%h, %v) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<3xf32>) -> ()
  // CHECK: "tf.ReadVariableOp"(%{{.*}}) {dtype = f32} : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<3xf32>
  %0 = "tf.ReadVariableOp"(%h) {dtype = f32} : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<3xf32>
  // CHECK: "tf.VarIsInitializedOp"(%{{.*}})
  %1 = "tf.VarIsInitializedOp"(%h) : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<i1>
  // CHECK: "tf.ResourceGather"(%{{.*}}, %arg1) {batch_dims = 0 : i64, dtype = f32, validate_indices = true}
  %2 = "tf.ResourceGather"(%h, %i) {batch_dims = 0 : i64, dtype = f32, validate_indices = true} : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<2xi32>) -> tensor<2xf32>
  // CHECK: "tf.DestroyResourceOp"(%{{.*}}) {ignore_lookup_error = true}
  "tf.DestroyResourceOp"(%h) {ignore_lookup_error = true} : (tensor<!tf_type.resource<tensor<3xf32>>>) -> ()
  // A handle without subtypes.
  // CHECK: "tf.VarHandleOp"() {dtype = i32, shape = #tf_type.shape<>} : () -> tensor<!tf_type.resource>
  %h2 = "tf.VarHandleOp"() {dtype = i32, shape = #tf_type.shape<>} : () -> tensor<!tf_type.resource>
  // CHECK: "tf.ReadVariableOp"(%{{.*}}) : (tensor<!tf_type.resource>) -> tensor<*xi32>
  %3 = "tf.ReadVariableOp"(%h2) : (tensor<!tf_type.resource>) -> tensor<*xi32>
  return
}
