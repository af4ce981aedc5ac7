// RUN: tf-opt %s -split-input-file -verify-diagnostics

func.func @missing(%p: tensor<i1>, %x: tensor<f32>) {
  // expected-error @+1 {{'tf.If' op 'then_branch' references @nope, which is not a function in the module}}
  %0 = "tf.If"(%p, %x) {then_branch = @nope, else_branch = @nope} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func private @two(%a: tensor<f32>, %b: tensor<f32>) -> tensor<f32>

func.func @if_arity(%p: tensor<i1>, %x: tensor<f32>) {
  // expected-error @+1 {{'tf.If' op 'then_branch' function @two has 2 arguments but the op has 1 inputs}}
  %0 = "tf.If"(%p, %x) {then_branch = #tf_type.func<@two, {}>, else_branch = @two} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func private @f(%a: tensor<f32>) -> tensor<f32>

func.func @results(%p: tensor<i1>, %x: tensor<f32>) {
  // expected-error @+1 {{'tf.StatelessIf' op 'then_branch' function @f has 1 results but the op has 2 results}}
  %0:2 = "tf.StatelessIf"(%p, %x) {then_branch = @f, else_branch = @f} : (tensor<i1>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

func.func private @f(%a: tensor<i32>) -> tensor<f32>

func.func @arg_type(%x: tensor<f32>) {
  // expected-error @+1 {{'tf.PartitionedCall' op 'f' function @f argument #0 has type 'tensor<i32>' but the op's input #0 has type 'tensor<f32>'}}
  %0 = "tf.PartitionedCall"(%x) {f = @f} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func private @cond(%a: tensor<f32>) -> (tensor<i1>, tensor<i1>)
func.func private @body(%a: tensor<f32>) -> tensor<f32>

func.func @while_cond(%x: tensor<f32>) {
  // expected-error @+1 {{'tf.While' op 'cond' function @cond must return one value, got 2}}
  %0 = "tf.While"(%x) {cond = @cond, body = @body} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func private @cond(%a: tensor<f32>) -> tensor<i1>
func.func private @body(%a: tensor<f32>) -> tensor<f32>

func.func @while_arity(%x: tensor<f32>) {
  // expected-error @+1 {{'tf.While' op has 1 loop inputs but 2 results}}
  %0:2 = "tf.While"(%x) {cond = @cond, body = @body} : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
  return
}

// -----

func.func private @f(%a: tensor<f32>) -> tensor<f32>

func.func @case_index(%i: tensor<2xi32>, %x: tensor<f32>) {
  // expected-error @+1 {{'tf.Case' op requires 'branch_index' to be a scalar, got 'tensor<2xi32>'}}
  %0 = "tf.Case"(%i, %x) {branches = [@f]} : (tensor<2xi32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func private @f(%a: tensor<f32>) -> tensor<f32>
func.func private @g(%a: tensor<f32>) -> tensor<i32>

func.func @case_branch(%i: tensor<i32>, %x: tensor<f32>) {
  // expected-error @+1 {{'tf.Case' op 'branches[1]' function @g result #0 has type 'tensor<i32>' but the op's result #0 has type 'tensor<f32>'}}
  %0 = "tf.Case"(%i, %x) {branches = [@f, @g]} : (tensor<i32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @func_attr_kind(%x: tensor<f32>) {
  // expected-error @+1 {{'tf.StatefulPartitionedCall' op attribute 'f' failed to satisfy constraint: #tf_type.func or flat symbol reference attribute}}
  %0 = "tf.StatefulPartitionedCall"(%x) {f = "f"} : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @assert_condition(%c: tensor<2xi1>) {
  // expected-error @+1 {{'tf.Assert' op requires 'condition' to be a scalar, got 'tensor<2xi1>'}}
  "tf.Assert"(%c) : (tensor<2xi1>) -> ()
  return
}
