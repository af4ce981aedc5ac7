// The program GpuRuntimeTest runs (compiled by ctest's fixture with
// hlo-gpu-compile): an element-wise + broadcast kernel, a column reduction
// and a full reduction.
func.func @main(%x: tensor<4x300xf32>, %y: tensor<300xf32>) -> (tensor<4x300xf32>, tensor<300xf32>, tensor<f32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %y, dims = [1] : (tensor<300xf32>) -> tensor<4x300xf32>
  %a = hlo.add %x, %b : tensor<4x300xf32>
  %e = hlo.exp %a : tensor<4x300xf32>
  %0 = hlo.reduce(%e) init(%z) dims = [0] : (tensor<4x300xf32>, tensor<f32>) -> tensor<300xf32> {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = hlo.add %p, %q : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %1 = hlo.reduce(%x) init(%z) dims = [0, 1] : (tensor<4x300xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = hlo.add %p, %q : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %e, %0, %1 : tensor<4x300xf32>, tensor<300xf32>, tensor<f32>
}
