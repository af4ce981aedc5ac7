// RUN: tf-opt %s -split-input-file -verify-diagnostics
// Verifier errors of the math family.

func.func @broadcast_incompatible(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'tf.AddV2' op operands have incompatible shapes for broadcasting: 'tensor<2xf32>' and 'tensor<3xf32>'}}
  %0 = "tf.AddV2"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @broadcast_result(%x: tensor<2x3xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'tf.Mul' op result type 'tensor<3x3xf32>' does not match the broadcast shape [2, 3]}}
  %0 = "tf.Mul"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<3x3xf32>
  return
}

// -----

func.func @element_types(%x: tensor<2xf32>, %y: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Sub' op operands must have the same element type, got 'tensor<2xf32>' and 'tensor<2xi32>'}}
  %0 = "tf.Sub"(%x, %y) : (tensor<2xf32>, tensor<2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @result_element_type(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Neg' op requires operands and results of the same element type}}
  %0 = "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf64>
  return
}

// -----

func.func @unary_shape(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Exp' op requires operands and results of compatible shapes, got 'tensor<2xf32>' and 'tensor<3xf32>'}}
  %0 = "tf.Exp"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @compare_result(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Less' op requires a bool (i1) result, got 'tensor<2xf32>'}}
  %0 = "tf.Less"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @equal_incompatible(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'tf.Equal' op operands have incompatible shapes for broadcasting}}
  %0 = "tf.Equal"(%x, %y) {incompatible_shape_error = true} : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xi1>
  return
}

// -----

func.func @addn_count(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.AddN' op has 2 inputs but attr 'N' is 3}}
  %0 = "tf.AddN"(%x, %x) {N = 3 : i64} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @addn_shapes(%x: tensor<2xf32>, %y: tensor<3xf32>) {
  // expected-error @+1 {{'tf.AddN' op requires operands and results of compatible shapes}}
  %0 = "tf.AddN"(%x, %y) : (tensor<2xf32>, tensor<3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @clip_bounds(%x: tensor<2x3xf32>, %m: tensor<3xf32>) {
  // expected-error @+1 {{'tf.ClipByValue' op requires 'clip_value_min' to be a scalar or of shape 'tensor<2x3xf32>', got 'tensor<3xf32>'}}
  %0 = "tf.ClipByValue"(%x, %m, %m) : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @bitcast_wider(%x: tensor<2x3xi8>) {
  // expected-error @+1 {{'tf.Bitcast' op requires the last input dimension to be 4 when bitcasting 'tensor<2x3xi8>' to 'tensor<2xi32>'}}
  %0 = "tf.Bitcast"(%x) : (tensor<2x3xi8>) -> tensor<2xi32>
  return
}

// -----

func.func @bitcast_narrower(%x: tensor<2xi32>) {
  // expected-error @+1 {{'tf.Bitcast' op requires output shape [input shape, 2] when bitcasting 'tensor<2xi32>' to 'tensor<2x4xi16>'}}
  %0 = "tf.Bitcast"(%x) : (tensor<2xi32>) -> tensor<2x4xi16>
  return
}

// -----

func.func @bad_attr_kind(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Abs' op attribute 'T' failed to satisfy constraint: type attribute or #tf_type.placeholder}}
  %0 = "tf.Abs"(%x) {T = 1 : i64} : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @cast_shape(%x: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Cast' op requires operands and results of compatible shapes}}
  %0 = "tf.Cast"(%x) : (tensor<2xf32>) -> tensor<3xi32>
  return
}
