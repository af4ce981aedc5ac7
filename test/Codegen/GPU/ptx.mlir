// RUN: tf-opt %s -mlir-print-debuginfo=false -hlo-to-gpu-pipeline | FileCheck %s --check-prefix=SM90
// RUN: tf-opt %s -mlir-print-debuginfo=false -hlo-to-gpu-pipeline='chip=sm_80' | FileCheck %s --check-prefix=SM80
// The whole pipeline from hlo: the host function keeps its buffers and
// gpu.launch_func ops; the kernels become PTX text (format=isa) in a
// gpu.binary, for sm_90 by default and the `chip` option otherwise. No math
// function here: the test needs no libdevice (no CUDA toolkit).

// SM90: func.func @main(%arg0: memref<16x512xf32>, %arg1: memref<512xf32>) -> (memref<16x512xf32>, memref<16xf32>)
// SM90: memref.alloc() {{.*}} : memref<16x512xf32>
// SM90: gpu.launch_func {{ *}}@tfmlir_kernels::@main_k0 blocks in (%c32, %c1, %c1) threads in (%c256, %c1, %c1)
// SM90: gpu.launch_func {{ *}}@tfmlir_kernels::@main_r0 blocks in (%c16, %c1, %c1) threads in (%c256, %c1, %c1)
// SM90: gpu.binary @tfmlir_kernels {{.*}}#nvvm.target<O = 3, chip = "sm_90">
// SM90-SAME: .target sm_90
// SM90-SAME: .visible .entry main_k0(
// SM90-SAME: .maxntid 256, 1, 1
// SM90-SAME: .visible .entry main_r0(
// SM90-SAME: shfl.sync.bfly.b32
// SM90-SAME: bar.sync
// SM80: .target sm_80
func.func @main(%x: tensor<16x512xf32>, %y: tensor<512xf32>) -> (tensor<16x512xf32>, tensor<16xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %y, dims = [1] : (tensor<512xf32>) -> tensor<16x512xf32>
  %a = hlo.add %x, %b : tensor<16x512xf32>
  %t = hlo.maximum %a, %x : tensor<16x512xf32>
  %s = hlo.reduce(%x) init(%z) dims = [1] : (tensor<16x512xf32>, tensor<f32>) -> tensor<16xf32> {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %r = hlo.add %p, %q : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  return %t, %s : tensor<16x512xf32>, tensor<16xf32>
}
