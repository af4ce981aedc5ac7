// RUN: tf-opt %s -split-input-file -verify-diagnostics

func.func @variable_dtype() {
  // expected-error @+1 {{'tf.VariableV2' op requires 'ref' of dtype 'f32', got 'tensor<3x!tf_type.ref<i32>>'}}
  %w = "tf.VariableV2"() {dtype = f32, shape = #tf_type.shape<3>} : () -> tensor<3x!tf_type.ref<i32>>
  return
}

// -----

func.func @variable_shape() {
  // expected-error @+1 {{'tf.VariableV2' op result type 'tensor<4x!tf_type.ref<f32>>' does not match the 'shape' attr #tf_type.shape<3>}}
  %w = "tf.VariableV2"() {dtype = f32, shape = #tf_type.shape<3>} : () -> tensor<4x!tf_type.ref<f32>>
  return
}

// -----

func.func @assign_shape(%w: tensor<3x!tf_type.ref<f32>>, %v: tensor<4xf32>) {
  // expected-error @+1 {{'tf.Assign' op requires 'value' of the variable's shape, got 'tensor<4xf32>' for 'ref' 'tensor<3x!tf_type.ref<f32>>'}}
  %0 = "tf.Assign"(%w, %v) : (tensor<3x!tf_type.ref<f32>>, tensor<4xf32>) -> tensor<3x!tf_type.ref<f32>>
  return
}

// -----

func.func @assign_no_validate(%w: tensor<3x!tf_type.ref<f32>>, %v: tensor<4xf32>, %w2: tensor<3xi32>) {
  // With validate_shape = false the variable takes the new shape.
  %0 = "tf.Assign"(%w, %v) {validate_shape = false} : (tensor<3x!tf_type.ref<f32>>, tensor<4xf32>) -> tensor<*x!tf_type.ref<f32>>
  // expected-error @+1 {{'tf.AssignAdd' op requires 'value' of the variable's dtype, got 'tensor<3xi32>' for 'ref' 'tensor<3x!tf_type.ref<f32>>'}}
  %1 = "tf.AssignAdd"(%w, %w2) : (tensor<3x!tf_type.ref<f32>>, tensor<3xi32>) -> tensor<3x!tf_type.ref<f32>>
  return
}

// -----

func.func @scatter_updates(%w: tensor<5x3x!tf_type.ref<f32>>, %i: tensor<2xi32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'tf.ScatterAdd' op requires 'updates' of shape indices.shape + ref.shape[1:] (or a scalar), got 'tensor<2x4xf32>' for ref 'tensor<5x3x!tf_type.ref<f32>>' and indices 'tensor<2xi32>'}}
  %0 = "tf.ScatterAdd"(%w, %i, %u) : (tensor<5x3x!tf_type.ref<f32>>, tensor<2xi32>, tensor<2x4xf32>) -> tensor<5x3x!tf_type.ref<f32>>
  return
}

// -----

func.func @handle_type() {
  // expected-error @+1 {{'tf.VarHandleOp' op requires 'resource' to be a !tf_type.resource tensor, got 'tensor<f32>'}}
  %h = "tf.VarHandleOp"() {dtype = f32, shape = #tf_type.shape<>} : () -> tensor<f32>
  return
}

// -----

func.func @handle_subtype() {
  // expected-error @+1 {{'tf.VarHandleOp' op resource subtype 'tensor<3xf32>' does not match 'dtype' 'i32'}}
  %h = "tf.VarHandleOp"() {dtype = i32, shape = #tf_type.shape<3>} : () -> tensor<!tf_type.resource<tensor<3xf32>>>
  return
}

// -----

func.func @read_type(%h: tensor<!tf_type.resource<tensor<3xf32>>>) {
  // expected-error @+1 {{'tf.ReadVariableOp' op result type 'tensor<4xf32>' is incompatible with the variable type 'tensor<3xf32>'}}
  %0 = "tf.ReadVariableOp"(%h) : (tensor<!tf_type.resource<tensor<3xf32>>>) -> tensor<4xf32>
  return
}

// -----

func.func @read_not_resource(%x: tensor<f32>) {
  // expected-error @+1 {{'tf.ReadVariableOp' op requires 'resource' to be a !tf_type.resource tensor, got 'tensor<f32>'}}
  %0 = "tf.ReadVariableOp"(%x) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @assign_add_variable(%h: tensor<!tf_type.resource<tensor<3xf32>>>, %v: tensor<2xf32>) {
  // expected-error @+1 {{'tf.AssignAddVariableOp' op 'value' of type 'tensor<2xf32>' is incompatible with the variable type 'tensor<3xf32>'}}
  "tf.AssignAddVariableOp"(%h, %v) : (tensor<!tf_type.resource<tensor<3xf32>>>, tensor<2xf32>) -> ()
  return
}

// -----

func.func @assign_variable_dtype(%h: tensor<!tf_type.resource>, %v: tensor<2xf32>) {
  // expected-error @+1 {{'tf.AssignVariableOp' op requires 'value' of dtype 'i32', got 'tensor<2xf32>'}}
  "tf.AssignVariableOp"(%h, %v) {dtype = i32} : (tensor<!tf_type.resource>, tensor<2xf32>) -> ()
  return
}
