// RUN: tf-opt %s -mlir-print-debuginfo=false -pass-pipeline='builtin.module(hlo-legalize-to-linalg{emit-c-interface=true},canonicalize,func.func(hlo-fuse-elementwise),canonicalize,one-shot-bufferize{bufferize-function-boundaries=true function-boundary-type-conversion=identity-layout-map},canonicalize,func.func(hlo-gpu-prepare-linalg),func.func(hlo-gpu-map-reductions),func.func(convert-linalg-to-parallel-loops),canonicalize,func.func(hlo-gpu-map-to-launch),gpu-kernel-outlining,hlo-gpu-merge-kernel-modules,canonicalize,gpu.module(expand-strided-metadata,lower-affine,convert-scf-to-cf,convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=true},canonicalize,cse,reconcile-unrealized-casts))' | FileCheck %s
// The kernels in NVVM: bare-pointer arguments (one !llvm.ptr per buffer),
// thread/block ids from NVVM special registers, warp shuffles as
// nvvm.shfl.sync, shared memory in address space 3, barriers, and
// libdevice calls for math functions.

// CHECK: gpu.module @tfmlir_kernels
// CHECK: llvm.func @main_k0(%{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}, %{{.*}}: !llvm.ptr {llvm.noalias}) attributes {gpu.kernel
// CHECK-SAME: nvvm.kernel
// CHECK: nvvm.read.ptx.sreg.ctaid.x
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.call @__nv_tanhf
// CHECK: llvm.mlir.global internal @__wg_main_r0_0() {addr_space = 3 : i32} : !llvm.array<8 x f32>
// CHECK: llvm.func @main_r0(
// CHECK: nvvm.shfl.sync {{ *}}bfly
// CHECK: nvvm.barrier0
func.func @main(%x: tensor<16x512xf32>, %y: tensor<512xf32>) -> (tensor<16x512xf32>, tensor<16xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %y, dims = [1] : (tensor<512xf32>) -> tensor<16x512xf32>
  %a = hlo.add %x, %b : tensor<16x512xf32>
  %t = hlo.tanh %a : tensor<16x512xf32>
  %s = hlo.reduce(%x) init(%z) dims = [1] : (tensor<16x512xf32>, tensor<f32>) -> tensor<16xf32> {
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %r = hlo.add %p, %q : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  return %t, %s : tensor<16x512xf32>, tensor<16xf32>
}
