// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -verify-diagnostics
// Ops or types without a lowering fail the pass with an error saying why.

func.func @custom(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{hlo-legalize-to-linalg: cannot lower hlo.custom_call: custom_call target 'foo' has no CPU lowering}}
  %0 = hlo.custom_call "foo"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{cannot lower hlo.negate: operand 0 has a dynamic shape}}
  %0 = hlo.negate %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @complex(%a: tensor<2xcomplex<f32>>) -> tensor<2xcomplex<f32>> {
  // expected-error @+1 {{operand 0 has an unsupported element type (complex)}}
  %0 = hlo.add %a, %a : tensor<2xcomplex<f32>>
  return %0 : tensor<2xcomplex<f32>>
}
