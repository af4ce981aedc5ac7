// An RNN-like loop, h = tanh(h @ W + x) for n steps: the MatMul in the
// body is a cuBLAS step of the loop.
func.func @main(%h0: tensor<2x8xf32>, %w: tensor<8x8xf32>, %x: tensor<2x8xf32>, %n: tensor<i32>) -> tensor<2x8xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%h0, %zero) : tensor<2x8xf32>, tensor<i32> {
  ^bb0(%h: tensor<2x8xf32>, %i: tensor<i32>):
    %p = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%h: tensor<2x8xf32>, %i: tensor<i32>):
    %one = hlo.constant dense<1> : tensor<i32>
    %j = hlo.add %i, %one : tensor<i32>
    %m = hlo.dot_general %h, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
    %s = hlo.add %m, %x : tensor<2x8xf32>
    %t = hlo.tanh %s : tensor<2x8xf32>
    hlo.return %t, %j : tensor<2x8xf32>, tensor<i32>
  }
  return %r#0 : tensor<2x8xf32>
}
