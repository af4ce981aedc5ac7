// RUN: tf-opt %s -mlir-print-debuginfo=false -pass-pipeline='builtin.module(gpu-kernel-outlining,hlo-gpu-merge-kernel-modules)' | FileCheck %s
// Outlined kernels keep the names hlo-gpu-map-to-launch gave them and end
// up in one gpu.module (one PTX module, one cubin, one cuModuleLoadData);
// every buffer argument is marked llvm.noalias (distinct whole buffers).

// CHECK: module attributes {gpu.container_module}
// CHECK: func.func @f
// CHECK: gpu.launch_func {{ *}}@tfmlir_kernels::@f_k0 blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) {{ *}}args(%arg0 : memref<64xf32>, %arg1 : memref<64xf32>)
// CHECK: gpu.launch_func {{ *}}@tfmlir_kernels::@f_k1
// CHECK: gpu.module @tfmlir_kernels
// CHECK-NOT: gpu.module
// CHECK: gpu.func @f_k0(%{{.*}}: memref<64xf32> {llvm.noalias}, %{{.*}}: memref<64xf32> {llvm.noalias}) kernel
// CHECK: gpu.func @f_k1(%{{.*}}: memref<64xf32> {llvm.noalias}) kernel
func.func @f(%x: memref<64xf32>, %y: memref<64xf32>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             module(@f_k0) function(@f_k0) {
    %v = memref.load %x[%tx] : memref<64xf32>
    memref.store %v, %y[%tx] : memref<64xf32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
             module(@f_k1) function(@f_k1) {
    %v = memref.load %y[%tx] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %y[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
