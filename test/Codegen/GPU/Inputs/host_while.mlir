// A loop on the host (hlo.while, XLA While): the condition and the body
// are kernels; the plan branches on the predicate read back from the device.
func.func @main(%x: tensor<i32>) -> tensor<i32> {
  %r = hlo.while(%x) : tensor<i32> {
  ^bb0(%a: tensor<i32>):
    %c = hlo.constant dense<10> : tensor<i32>
    %p = hlo.compare LT, %a, %c : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  } do {
  ^bb0(%a: tensor<i32>):
    %one = hlo.constant dense<1> : tensor<i32>
    %n = hlo.add %a, %one : tensor<i32>
    hlo.return %n : tensor<i32>
  }
  return %r : tensor<i32>
}
