// RUN: tf-opt %s -split-input-file -mlir-print-debuginfo=false -hlo-gpu-library-calls | FileCheck %s
// Matrix products on buffers -> cuBLAS GEMM calls (XLA:GPU's dot -> cuBLAS):
// the geometry in a tfmlir.gemm dictionary, A stored [k, m] / B stored
// [n, k] as cuBLAS transposes, a zero fill (or a copy of one) before the
// product dropped (beta = 0). What cuBLAS cannot read as it is stays a
// linalg.generic for our kernels.

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#nk = affine_map<(m, n, k) -> (n, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#mn = affine_map<(m, n, k) -> (m, n)>

// CHECK-LABEL: func.func @plain
// CHECK-NOT: linalg.fill
// CHECK: %[[A:.*]] = memref.cast %arg0 : memref<64x128xf32> to memref<*xf32>
// CHECK: %[[B:.*]] = memref.cast %arg1 : memref<128x32xf32> to memref<*xf32>
// CHECK: %[[C:.*]] = memref.cast %{{.*}} : memref<64x32xf32> to memref<*xf32>
// CHECK: call @tfmlir_gpu_gemm_f32_f32(%[[A]], %[[B]], %[[C]]) {tfmlir.gemm = {accumulate = false, batch = 1 : i64, k = 128 : i64, m = 64 : i64, n = 32 : i64, trans_a = false, trans_b = false}}
// CHECK-NOT: linalg.generic
func.func @plain(%a: memref<64x128xf32>, %b: memref<128x32xf32>) -> memref<64x32xf32> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x32xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x128xf32>, memref<128x32xf32>) outs(%c : memref<64x32xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  return %c : memref<64x32xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#nk = affine_map<(m, n, k) -> (n, k)>
#km = affine_map<(m, n, k) -> (k, m)>
#mn = affine_map<(m, n, k) -> (m, n)>

// Transposed operands; no fill before the product: it accumulates (beta 1).
// CHECK-LABEL: func.func @transposed_accumulate
// CHECK: call @tfmlir_gpu_gemm_f32_f32({{.*}}) {tfmlir.gemm = {accumulate = true, batch = 1 : i64, k = 16 : i64, m = 8 : i64, n = 4 : i64, trans_a = true, trans_b = true}}
func.func @transposed_accumulate(%a: memref<16x8xf32>, %b: memref<4x16xf32>, %c: memref<8x4xf32>) {
  linalg.generic {indexing_maps = [#km, #nk, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<16x8xf32>, memref<4x16xf32>) outs(%c : memref<8x4xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %p = arith.mulf %y, %x : f32
    %s = arith.addf %p, %o : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#a = affine_map<(b, m, n, k) -> (b, m, k)>
#b = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (b, m, n)>

// A batched bf16 product accumulated in f32 (the extf in the body), and a
// copy of a zero-filled buffer as its init (CSE merged the fills): both
// products overwrite (beta 0), so the copy and then the fill go.
// CHECK-LABEL: func.func @batched_bf16
// CHECK-NOT: memref.copy
// CHECK-NOT: linalg.fill
// CHECK: call @tfmlir_gpu_gemm_bf16_f32({{.*}}) {tfmlir.gemm = {accumulate = false, batch = 4 : i64, k = 8 : i64, m = 16 : i64, n = 5 : i64, trans_a = false, trans_b = false}}
// CHECK: call @tfmlir_gpu_gemm_bf16_f32({{.*}}) {tfmlir.gemm = {accumulate = false, batch = 4 : i64, k = 8 : i64, m = 16 : i64, n = 5 : i64, trans_a = false, trans_b = false}}
func.func @batched_bf16(%x: memref<4x16x8xbf16>, %y: memref<4x8x5xbf16>) -> (memref<4x16x5xf32>, memref<4x16x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %z = memref.alloc() : memref<4x16x5xf32>
  linalg.fill ins(%zero : f32) outs(%z : memref<4x16x5xf32>)
  %c = memref.alloc() : memref<4x16x5xf32>
  memref.copy %z, %c : memref<4x16x5xf32> to memref<4x16x5xf32>
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %y : memref<4x16x8xbf16>, memref<4x8x5xbf16>) outs(%c : memref<4x16x5xf32>) {
  ^bb0(%p: bf16, %q: bf16, %o: f32):
    %pe = arith.extf %p : bf16 to f32
    %qe = arith.extf %q : bf16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %y : memref<4x16x8xbf16>, memref<4x8x5xbf16>) outs(%z : memref<4x16x5xf32>) {
  ^bb0(%p: bf16, %q: bf16, %o: f32):
    %pe = arith.extf %p : bf16 to f32
    %qe = arith.extf %q : bf16 to f32
    %m = arith.mulf %pe, %qe : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  return %c, %z : memref<4x16x5xf32>, memref<4x16x5xf32>
}

// -----

#a = affine_map<(s, t, o, k) -> (s, t, k)>
#b = affine_map<(s, t, o, k) -> (k, o)>
#c = affine_map<(s, t, o, k) -> (s, t, o)>

// Two free dims of A flatten into M (a Dense layer on [2, 3, 8] input).
// CHECK-LABEL: func.func @flattened_m
// CHECK: call @tfmlir_gpu_gemm_f32_f32({{.*}}) {tfmlir.gemm = {accumulate = true, batch = 1 : i64, k = 8 : i64, m = 6 : i64, n = 5 : i64, trans_a = false, trans_b = false}}
func.func @flattened_m(%x: memref<2x3x8xf32>, %w: memref<8x5xf32>, %c: memref<2x3x5xf32>) {
  linalg.generic {indexing_maps = [#a, #b, #c], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<2x3x8xf32>, memref<8x5xf32>) outs(%c : memref<2x3x5xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  return
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#k0 = affine_map<(m, n, k) -> (k)>

// Left for the kernels: integers, a strided view, a broadcast operand, a
// body that is not a multiply-add.
// CHECK-LABEL: func.func @not_gemms
// CHECK-NOT: call
// CHECK-COUNT-4: linalg.generic
// CHECK-NOT: call
func.func @not_gemms(%i: memref<8x8xi32>, %o: memref<8x8xi32>, %a: memref<8x16xf32, strided<[32, 1]>>, %b: memref<16x8xf32>, %c: memref<8x8xf32>, %v: memref<16xf32>, %d: memref<8x8xf32>) {
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%i, %i : memref<8x8xi32>, memref<8x8xi32>) outs(%o : memref<8x8xi32>) {
  ^bb0(%x: i32, %y: i32, %z: i32):
    %p = arith.muli %x, %y : i32
    %s = arith.addi %z, %p : i32
    linalg.yield %s : i32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<8x16xf32, strided<[32, 1]>>, memref<16x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#k0, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%v, %b : memref<16xf32>, memref<16x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %z, %p : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%d, %d : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%x: f32, %y: f32, %z: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.maximumf %z, %p : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A 1x1 convolution with unit strides is a GEMM [N*H*W, Ci] x [Ci, Co];
// a strided or 3x3 one is a cuDNN convolution (XLA:GPU's conv -> cuDNN),
// its filter transposed from HWCF to cuDNN's KRSC on the device (it is an
// argument here), accumulating into outputs not known to be zero.
// CHECK-LABEL: func.func @pointwise_conv
// CHECK-NOT: linalg.fill
// CHECK: call @tfmlir_gpu_gemm_f32_f32({{.*}}) {tfmlir.gemm = {accumulate = false, batch = 1 : i64, k = 8 : i64, m = 98 : i64, n = 16 : i64, trans_a = false, trans_b = false}}
// CHECK: linalg.transpose ins(%arg1 : memref<1x1x8x16xf32>) outs(%{{.*}} : memref<16x1x1x8xf32>) permutation = [3, 0, 1, 2]
// CHECK: call @tfmlir_gpu_conv_f32({{.*}}) {tfmlir.conv = {accumulate = true, c = 8 : i64, dil_h = 1 : i64, dil_w = 1 : i64, groups = 1 : i64, h = 7 : i64, k = 16 : i64, kh = 1 : i64, kw = 1 : i64, n = 2 : i64, out_h = 4 : i64, out_w = 4 : i64, pad_h = 0 : i64, pad_w = 0 : i64, stride_h = 2 : i64, stride_w = 2 : i64, w = 7 : i64}}
// CHECK: linalg.transpose ins(%arg3 : memref<3x3x8x16xf32>) outs(%{{.*}} : memref<16x3x3x8xf32>) permutation = [3, 0, 1, 2]
// CHECK: call @tfmlir_gpu_conv_f32({{.*}}) {tfmlir.conv = {accumulate = true, c = 8 : i64, dil_h = 1 : i64, dil_w = 1 : i64, groups = 1 : i64, h = 7 : i64, k = 16 : i64, kh = 3 : i64, kw = 3 : i64, n = 2 : i64, out_h = 5 : i64, out_w = 5 : i64, pad_h = 0 : i64, pad_w = 0 : i64, stride_h = 1 : i64, stride_w = 1 : i64, w = 7 : i64}}
// CHECK-NOT: linalg.conv
func.func @pointwise_conv(%x: memref<2x7x7x8xf32>, %w: memref<1x1x8x16xf32>, %c: memref<2x4x4x16xf32>, %w3: memref<3x3x8x16xf32>, %d: memref<2x5x5x16xf32>) -> memref<2x7x7x16xf32> {
  %zero = arith.constant 0.0 : f32
  %o = memref.alloc() : memref<2x7x7x16xf32>
  linalg.fill ins(%zero : f32) outs(%o : memref<2x7x7x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : memref<2x7x7x8xf32>, memref<1x1x8x16xf32>) outs(%o : memref<2x7x7x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %w : memref<2x7x7x8xf32>, memref<1x1x8x16xf32>) outs(%c : memref<2x4x4x16xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w3 : memref<2x7x7x8xf32>, memref<3x3x8x16xf32>) outs(%d : memref<2x5x5x16xf32>)
  return %o : memref<2x7x7x16xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>

// A bf16 dot: accumulated in an f32 temporary, then rounded to bf16. cuBLAS
// writes the bf16 result itself (one rounding, as before), where the
// rounding was; the temporary goes.
// CHECK-LABEL: func.func @rounded_bf16
// CHECK-NOT: memref.alloc() : memref<64x32xf32>
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<64x32xbf16>
// CHECK: %[[C:.*]] = memref.cast %[[OUT]] : memref<64x32xbf16> to memref<*xbf16>
// CHECK: call @tfmlir_gpu_gemm_bf16_bf16({{.*}}, %[[C]]) {tfmlir.gemm = {accumulate = false, batch = 1 : i64, k = 128 : i64, m = 64 : i64, n = 32 : i64, trans_a = false, trans_b = false}}
// CHECK-NOT: linalg.generic
// CHECK: return %[[OUT]]
func.func @rounded_bf16(%a: memref<64x128xbf16>, %b: memref<128x32xbf16>) -> memref<64x32xbf16> {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x32xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x128xbf16>, memref<128x32xbf16>) outs(%c : memref<64x32xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  %out = memref.alloc() : memref<64x32xbf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x32xf32>) outs(%out : memref<64x32xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  }
  return %out : memref<64x32xbf16>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>

// The f32 sum is also returned, or A is overwritten before the rounding:
// the rounding stays a kernel.
// CHECK-LABEL: func.func @rounded_but_needed
// CHECK: call @tfmlir_gpu_gemm_bf16_f32
// CHECK: linalg.generic
// CHECK: call @tfmlir_gpu_gemm_bf16_f32
// CHECK: linalg.fill
// CHECK: linalg.generic
func.func @rounded_but_needed(%a: memref<64x128xbf16>, %b: memref<128x32xbf16>, %a2: memref<64x128xbf16>) -> (memref<64x32xbf16>, memref<64x32xf32>, memref<64x32xbf16>) {
  %zero = arith.constant 0.0 : f32
  %zb = arith.constant 0.0 : bf16
  %c = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<64x32xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : memref<64x128xbf16>, memref<128x32xbf16>) outs(%c : memref<64x32xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  %out = memref.alloc() : memref<64x32xbf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<64x32xf32>) outs(%out : memref<64x32xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  }
  %c2 = memref.alloc() : memref<64x32xf32>
  linalg.fill ins(%zero : f32) outs(%c2 : memref<64x32xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a2, %b : memref<64x128xbf16>, memref<128x32xbf16>) outs(%c2 : memref<64x32xf32>) {
  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
  }
  linalg.fill ins(%zb : bf16) outs(%a2 : memref<64x128xbf16>)
  %out2 = memref.alloc() : memref<64x32xbf16>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c2 : memref<64x32xf32>) outs(%out2 : memref<64x32xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  }
  return %out, %c, %out2 : memref<64x32xbf16>, memref<64x32xf32>, memref<64x32xbf16>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>

// MatMul + BiasAdd + Relu after fusion: cuBLASLt's RELU_BIAS epilogue where
// the bias kernel was (the f32 temporary goes); a bias added in place (the
// product's buffer reused as the output) is the BIAS epilogue.
// CHECK-LABEL: func.func @bias_epilogues
// CHECK-NOT: linalg.generic
// CHECK: %[[Y:.*]] = memref.alloc() : memref<8x32xf32>
// CHECK: call @tfmlir_gpu_gemm_f32_f32_bias({{.*}}) {tfmlir.gemm = {accumulate = false, batch = 1 : i64, epilogue = "relu_bias", k = 64 : i64, m = 8 : i64, n = 32 : i64, trans_a = false, trans_b = false}}
// CHECK: call @tfmlir_gpu_gemm_f32_f32_bias({{.*}}) {tfmlir.gemm = {accumulate = false, batch = 1 : i64, epilogue = "bias", k = 64 : i64, m = 8 : i64, n = 32 : i64, trans_a = false, trans_b = false}}
// CHECK-NOT: linalg.generic
func.func @bias_epilogues(%x: memref<8x64xf32>, %w: memref<64x32xf32>, %b: memref<32xf32>) -> (memref<8x32xf32>, memref<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<8x32xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<8x32xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x64xf32>, memref<64x32xf32>) outs(%c : memref<8x32xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  %y = memref.alloc() : memref<8x32xf32>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<8x32xf32>, memref<32xf32>) outs(%y : memref<8x32xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  %c2 = memref.alloc() : memref<8x32xf32>
  linalg.fill ins(%zero : f32) outs(%c2 : memref<8x32xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x64xf32>, memref<64x32xf32>) outs(%c2 : memref<8x32xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%b : memref<32xf32>) outs(%c2 : memref<8x32xf32>) {
  ^bb0(%bv: f32, %o: f32):
    %s = arith.addf %bv, %o : f32
    linalg.yield %s : f32
  }
  return %y, %c2 : memref<8x32xf32>, memref<8x32xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>

// Not an epilogue: the bias is subtracted, and the product is returned too.
// CHECK-LABEL: func.func @not_epilogues
// CHECK: call @tfmlir_gpu_gemm_f32_f32(
// CHECK-NOT: epilogue
// CHECK: linalg.generic
// CHECK: return
func.func @not_epilogues(%x: memref<8x64xf32>, %w: memref<64x32xf32>, %b: memref<32xf32>) -> (memref<8x32xf32>, memref<8x32xf32>) {
  %zero = arith.constant 0.0 : f32
  %c = memref.alloc() : memref<8x32xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<8x32xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : memref<8x64xf32>, memref<64x32xf32>) outs(%c : memref<8x32xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  %y = memref.alloc() : memref<8x32xf32>
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<8x32xf32>, memref<32xf32>) outs(%y : memref<8x32xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %s = arith.subf %v, %bv : f32
    linalg.yield %s : f32
  }
  return %y, %c : memref<8x32xf32>, memref<8x32xf32>
}

// -----

// A convolution with SAME padding (the input zero-filled and copied into a
// padded buffer, as hlo-legalize-to-linalg makes it, and a no-op self-copy
// that bufferization leaves) and a constant filter: cuDNN pads (pad_w = 1),
// the padding ops go, and the filter is stored transposed (HWCF -> KRSC) in
// a new global.
// CHECK: memref.global "private" constant @filter_krsc : memref<2x1x3x1xf32> = dense<{{\[\[\[\[}}1.000000e+00], [3.000000e+00], [5.000000e+00]]], {{\[\[\[}}2.000000e+00], [4.000000e+00], [6.000000e+00]]]]>
// CHECK-LABEL: func.func @same_conv
// CHECK-NOT: linalg.fill
// CHECK-NOT: linalg.copy
// CHECK-NOT: memref.copy
// CHECK: %[[F:.*]] = memref.get_global @filter_krsc
// CHECK: %[[X:.*]] = memref.cast %arg0
// CHECK: %[[FC:.*]] = memref.cast %[[F]]
// CHECK: call @tfmlir_gpu_conv_f32(%[[X]], %[[FC]], %{{.*}}) {tfmlir.conv = {accumulate = false, c = 1 : i64, dil_h = 1 : i64, dil_w = 1 : i64, groups = 1 : i64, h = 4 : i64, k = 2 : i64, kh = 1 : i64, kw = 3 : i64, n = 1 : i64, out_h = 4 : i64, out_w = 4 : i64, pad_h = 0 : i64, pad_w = 1 : i64, stride_h = 1 : i64, stride_w = 1 : i64, w = 4 : i64}}
// CHECK-NOT: memref.get_global @filter :
memref.global "private" constant @filter : memref<1x3x1x2xf32> = dense<[[[[1.0, 2.0]], [[3.0, 4.0]], [[5.0, 6.0]]]]>
func.func @same_conv(%x: memref<1x4x4x1xf32>) -> memref<1x4x4x2xf32> {
  %zero = arith.constant 0.0 : f32
  %f = memref.get_global @filter : memref<1x3x1x2xf32>
  %p = memref.alloc() : memref<1x4x6x1xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<1x4x6x1xf32>)
  %v = memref.subview %p[0, 0, 1, 0] [1, 4, 4, 1] [1, 1, 1, 1] : memref<1x4x6x1xf32> to memref<1x4x4x1xf32, strided<[24, 6, 1, 1], offset: 1>>
  linalg.copy ins(%x : memref<1x4x4x1xf32>) outs(%v : memref<1x4x4x1xf32, strided<[24, 6, 1, 1], offset: 1>>)
  memref.copy %v, %v : memref<1x4x4x1xf32, strided<[24, 6, 1, 1], offset: 1>> to memref<1x4x4x1xf32, strided<[24, 6, 1, 1], offset: 1>>
  %o = memref.alloc() : memref<1x4x4x2xf32>
  linalg.fill ins(%zero : f32) outs(%o : memref<1x4x4x2xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %f : memref<1x4x6x1xf32>, memref<1x3x1x2xf32>) outs(%o : memref<1x4x4x2xf32>)
  return %o : memref<1x4x4x2xf32>
}

// -----

// A depthwise convolution (groups = channels) with padding only at the end
// (TF's SAME with stride 2): cuDNN pads both sides alike, so the padded
// input stays (its fill and copy become kernels); the HWC filter becomes
// [C, KH, KW, 1]. An f64 convolution stays for our kernels.
// CHECK-LABEL: func.func @asymmetric_depthwise
// CHECK: linalg.fill
// CHECK: linalg.copy
// CHECK: linalg.transpose ins(%{{.*}} : memref<3x3x4xf32>) outs(%[[T:.*]] : memref<4x3x3xf32>) permutation = [2, 0, 1]
// CHECK: memref.expand_shape %[[T]] {{\[\[}}0], [1], [2, 3]] output_shape [4, 3, 3, 1]
// CHECK: call @tfmlir_gpu_conv_f32({{.*}}) {tfmlir.conv = {accumulate = false, c = 4 : i64, dil_h = 1 : i64, dil_w = 1 : i64, groups = 4 : i64, h = 9 : i64, k = 4 : i64, kh = 3 : i64, kw = 3 : i64, n = 1 : i64, out_h = 4 : i64, out_w = 4 : i64, pad_h = 0 : i64, pad_w = 0 : i64, stride_h = 2 : i64, stride_w = 2 : i64, w = 9 : i64}}
// CHECK: linalg.conv_2d_nhwc_hwcf {{.*}} ins(%{{.*}}, %{{.*}} : memref<1x5x5x2xf64>
func.func @asymmetric_depthwise(%x: memref<1x8x8x4xf32>, %f: memref<3x3x1x4xf32>, %xd: memref<1x5x5x2xf64>, %fd: memref<3x3x2x2xf64>, %od: memref<1x3x3x2xf64>) -> memref<1x4x4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<1x9x9x4xf32>
  linalg.fill ins(%zero : f32) outs(%p : memref<1x9x9x4xf32>)
  %v = memref.subview %p[0, 0, 0, 0] [1, 8, 8, 4] [1, 1, 1, 1] : memref<1x9x9x4xf32> to memref<1x8x8x4xf32, strided<[324, 36, 4, 1]>>
  linalg.copy ins(%x : memref<1x8x8x4xf32>) outs(%v : memref<1x8x8x4xf32, strided<[324, 36, 4, 1]>>)
  %o = memref.alloc() : memref<1x4x4x4xf32>
  linalg.fill ins(%zero : f32) outs(%o : memref<1x4x4x4xf32>)
  %f3 = memref.collapse_shape %f [[0], [1], [2, 3]] : memref<3x3x1x4xf32> into memref<3x3x4xf32>
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%p, %f3 : memref<1x9x9x4xf32>, memref<3x3x4xf32>) outs(%o : memref<1x4x4x4xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%xd, %fd : memref<1x5x5x2xf64>, memref<3x3x2x2xf64>) outs(%od : memref<1x3x3x2xf64>)
  return %o : memref<1x4x4x4xf32>
}

// -----

#id4 = affine_map<(n, h, w, c) -> (n, h, w, c)>
#ch = affine_map<(n, h, w, c) -> (c)>

// Conv2D + BiasAdd + Relu after fusion: cuDNN's fused bias and activation
// (cudnnConvolutionBiasActivationForward) where the bias kernel was; the
// f32 temporary goes.
// CHECK-LABEL: func.func @conv_bias_relu
// CHECK-NOT: linalg.generic
// CHECK: call @tfmlir_gpu_conv_f32_bias({{.*}}) {tfmlir.conv = {accumulate = false, c = 2 : i64, dil_h = 1 : i64, dil_w = 1 : i64, epilogue = "relu_bias", groups = 1 : i64, h = 6 : i64, k = 3 : i64, kh = 3 : i64, kw = 3 : i64, n = 1 : i64, out_h = 4 : i64, out_w = 4 : i64, pad_h = 0 : i64, pad_w = 0 : i64, stride_h = 1 : i64, stride_w = 1 : i64, w = 6 : i64}}
// CHECK-NOT: linalg.generic
func.func @conv_bias_relu(%x: memref<1x6x6x2xf32>, %f: memref<3x3x2x3xf32>, %b: memref<3xf32>) -> memref<1x4x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %t = memref.alloc() : memref<1x4x4x3xf32>
  linalg.fill ins(%zero : f32) outs(%t : memref<1x4x4x3xf32>)
  linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %f : memref<1x6x6x2xf32>, memref<3x3x2x3xf32>) outs(%t : memref<1x4x4x3xf32>)
  %y = memref.alloc() : memref<1x4x4x3xf32>
  linalg.generic {indexing_maps = [#id4, #ch, #id4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%t, %b : memref<1x4x4x3xf32>, memref<3xf32>) outs(%y : memref<1x4x4x3xf32>) {
  ^bb0(%v: f32, %bb: f32, %o: f32):
    %s = arith.addf %v, %bb : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return %y : memref<1x4x4x3xf32>
}

// -----

#mk = affine_map<(m, n, k) -> (m, k)>
#kn = affine_map<(m, n, k) -> (k, n)>
#mn = affine_map<(m, n, k) -> (m, n)>
#id = affine_map<(m, n) -> (m, n)>
#col = affine_map<(m, n) -> (n)>

// The epilogue writes the buffer its GEMM reads as A (bufferization reused
// the dead input %h): cuBLAS may not write what it reads, so the call
// writes a new buffer, which the later users (the return) read. (A
// function argument in %h's place keeps its epilogue as a kernel.)
// CHECK-LABEL: func.func @epilogue_into_operand
// CHECK: %[[H:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK: memref.copy %arg0, %[[H]]
// CHECK: %[[N:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK: %[[A:.*]] = memref.cast %[[H]]
// CHECK: %[[C:.*]] = memref.cast %[[N]]
// CHECK: call @tfmlir_gpu_gemm_f32_f32_bias(%[[A]], %{{.*}}, %[[C]], %{{.*}}) {tfmlir.gemm = {accumulate = false, batch = 1 : i64, epilogue = "relu_bias"
// CHECK: return %[[N]]
func.func @epilogue_into_operand(%x: memref<8x8xf32>, %w: memref<8x8xf32>, %b: memref<8xf32>) -> memref<8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %h = memref.alloc() : memref<8x8xf32>
  memref.copy %x, %h : memref<8x8xf32> to memref<8x8xf32>
  %c = memref.alloc() : memref<8x8xf32>
  linalg.fill ins(%zero : f32) outs(%c : memref<8x8xf32>)
  linalg.generic {indexing_maps = [#mk, #kn, #mn], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%h, %w : memref<8x8xf32>, memref<8x8xf32>) outs(%c : memref<8x8xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %s = arith.addf %o, %m : f32
    linalg.yield %s : f32
  }
  linalg.generic {indexing_maps = [#id, #col, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %b : memref<8x8xf32>, memref<8xf32>) outs(%h : memref<8x8xf32>) {
  ^bb0(%v: f32, %bv: f32, %o: f32):
    %s = arith.addf %v, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  }
  return %h : memref<8x8xf32>
}
