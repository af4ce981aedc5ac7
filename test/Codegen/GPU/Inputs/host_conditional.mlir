// XLA Conditional on the host: hlo.if on a bool and hlo.case on an int32
// index (an index outside [0, 2) runs the last branch).
func.func @main(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = hlo.if %p : (tensor<i1>) -> tensor<3xf32> {
    %n = hlo.negate %x : tensor<3xf32>
    hlo.return %n : tensor<3xf32>
  } else {
    hlo.return %x : tensor<3xf32>
  }
  %1 = hlo.case %i : (tensor<i32>) -> tensor<3xf32> {
    hlo.return %x : tensor<3xf32>
  }, {
    %e = hlo.exp %x : tensor<3xf32>
    hlo.return %e : tensor<3xf32>
  }, {
    %t = hlo.tanh %x : tensor<3xf32>
    hlo.return %t : tensor<3xf32>
  }
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}
