// Element types of the GPU path: f16, bf16, i8, bool element-wise; an f16
// input reduced in f32; a bf16 dot_general accumulated in f32 (cuBLAS, or a
// block per output element with library-calls=false) and rounded to bf16.
func.func @main(%a: tensor<64x128xf16>, %b: tensor<64x128xbf16>, %c: tensor<64x128xi8>, %d: tensor<64x128xi1>, %e: tensor<64x128xf16>) -> (tensor<64x128xf16>, tensor<64x128xbf16>, tensor<64x128xi8>, tensor<64x128xi1>, tensor<64xf32>, tensor<64x64xbf16>) {
  %t = hlo.tanh %a : tensor<64x128xf16>
  %m = hlo.multiply %b, %b : tensor<64x128xbf16>
  %x = hlo.exp %m : tensor<64x128xbf16>
  %s = hlo.add %c, %c : tensor<64x128xi8>
  %n = hlo.not %d : tensor<64x128xi1>
  %f = hlo.convert %e : (tensor<64x128xf16>) -> tensor<64x128xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce(%f) init(%z) dims = [1] : (tensor<64x128xf32>, tensor<f32>) -> tensor<64xf32> {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %o = hlo.add %p, %q : tensor<f32>
    hlo.return %o : tensor<f32>
  }
  %dot = hlo.dot_general %b, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [1]> : (tensor<64x128xbf16>, tensor<64x128xbf16>) -> tensor<64x64xbf16>
  return %t, %x, %s, %n, %r, %dot : tensor<64x128xf16>, tensor<64x128xbf16>, tensor<64x128xi8>, tensor<64x128xi1>, tensor<64xf32>, tensor<64x64xbf16>
}
