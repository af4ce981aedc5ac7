// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -verify-diagnostics
// Ops or types without a lowering fail the pass with an error saying why.

func.func @gather(%a: tensor<2x3xf32>, %i: tensor<1x1xi32>) -> tensor<1x3xf32> {
  // expected-error @+1 {{hlo-legalize-to-linalg: cannot lower hlo.gather: no lowering for this op}}
  %0 = hlo.gather %a, %i, <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1, 3] : (tensor<2x3xf32>, tensor<1x1xi32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{cannot lower hlo.negate: operand 0 has a dynamic shape}}
  %0 = hlo.negate %a : tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

func.func @unsigned(%a: tensor<2xui8>) -> tensor<2xui8> {
  // expected-error @+1 {{operand 0 has an unsupported element type (unsigned or complex)}}
  %0 = hlo.add %a, %a : tensor<2xui8>
  return %0 : tensor<2xui8>
}
