// Results with a zero-size last dim: an element-wise op and a dot_general
// [3,4] x [4,0]. The plan returns empty buffers (no kernel is needed).
func.func @main(%a: tensor<3x0xf32>, %x: tensor<3x4xf32>, %w: tensor<4x0xf32>) -> (tensor<3x0xf32>, tensor<3x0xf32>) {
  %e = hlo.exp %a : tensor<3x0xf32>
  %d = hlo.dot_general %x, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<3x4xf32>, tensor<4x0xf32>) -> tensor<3x0xf32>
  return %e, %d : tensor<3x0xf32>, tensor<3x0xf32>
}
