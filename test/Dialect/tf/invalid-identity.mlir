// RUN: tf-opt %s -split-input-file -verify-diagnostics
// The identity-like ops keep TF's "input: T -> output: T" signature: a result
// whose dtype differs from the input is refused by the verifier (a mistyped
// tf.Print used to pass and xla-legalize-tf then changed @main's type).

func.func @print_dtype(%x: tensor<2xf32>, %d: tensor<i32>) -> tensor<2xi32> {
  // expected-error @+1 {{'tf.Print' op input type 'tensor<2xf32>' is incompatible with output type 'tensor<2xi32>' (TF requires input and output to have the same type T)}}
  %0 = "tf.Print"(%x, %d) {message = "m"} : (tensor<2xf32>, tensor<i32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @print_shape(%x: tensor<2xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Print' op input type 'tensor<2xf32>' is incompatible with output type 'tensor<3xf32>'}}
  %0 = "tf.Print"(%x) : (tensor<2xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @debug_identity(%x: tensor<4xi32>) -> tensor<4xi64> {
  // expected-error @+1 {{'tf.DebugIdentity' op input type 'tensor<4xi32>' is incompatible with output type 'tensor<4xi64>'}}
  %0 = "tf.DebugIdentity"(%x) : (tensor<4xi32>) -> tensor<4xi64>
  return %0 : tensor<4xi64>
}

// -----

func.func @stop_gradient(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error @+1 {{'tf.StopGradient' op input type 'tensor<4xf32>' is incompatible with output type 'tensor<4xf16>'}}
  %0 = "tf.StopGradient"(%x) {T = f32} : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

func.func @prevent_gradient(%x: tensor<4xf32>) -> tensor<4xbf16> {
  // expected-error @+1 {{'tf.PreventGradient' op input type 'tensor<4xf32>' is incompatible with output type 'tensor<4xbf16>'}}
  %0 = "tf.PreventGradient"(%x) : (tensor<4xf32>) -> tensor<4xbf16>
  return %0 : tensor<4xbf16>
}

// -----

// Refined or unranked shapes on either side stay valid (as for tf.Identity).
func.func @refined(%x: tensor<*xf32>, %y: tensor<?xi32>, %d: tensor<i32>) -> (tensor<2xf32>, tensor<*xi32>, tensor<3xi32>) {
  %0 = "tf.Print"(%x, %d) : (tensor<*xf32>, tensor<i32>) -> tensor<2xf32>
  %1 = "tf.DebugIdentity"(%y) : (tensor<?xi32>) -> tensor<*xi32>
  %2 = "tf.StopGradient"(%y) {T = i32} : (tensor<?xi32>) -> tensor<3xi32>
  return %0, %1, %2 : tensor<2xf32>, tensor<*xi32>, tensor<3xi32>
}
