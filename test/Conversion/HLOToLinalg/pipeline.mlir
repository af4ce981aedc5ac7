// RUN: tf-opt %s -hlo-to-llvm-pipeline -mlir-print-debuginfo=false | FileCheck %s
// The whole CPU pipeline ends in the llvm dialect with a C interface
// wrapper for the public function (no JIT here; see CpuExecutableTest).

// CHECK-NOT: hlo.
// CHECK-NOT: linalg.
// CHECK-NOT: memref.alloc
// The bias add and the maximum (a loop over the rows, a parallel dim) are
// a task function run through tfmlir_rt_parallel_for.
// CHECK: llvm.func internal @main__par1(
// CHECK: llvm.fadd {{.*}} : vector<4xf32>
// CHECK: llvm.intr.maximum({{.*}}) : (vector<4xf32>, vector<4xf32>)
// CHECK: llvm.func internal @main__par1__task(
// CHECK: llvm.func @main(
// Buffers come from the runtime's arena allocator (MLIR's generic
// allocation functions, mapped to tfmlir_rt_alloc/free by the JIT).
// CHECK: llvm.call @_mlir_memref_to_llvm_alloc
// The 3x5x4 contraction is one vector tile: fused multiply-adds of
// 4-wide rows.
// CHECK: llvm.intr.fmuladd({{.*}}) : (vector<4xf32>, vector<4xf32>, vector<4xf32>)
// CHECK: llvm.call @tfmlir_rt_parallel_for
// CHECK: llvm.func @_mlir_ciface_main(
func.func @main(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %c: tensor<4xf32>) -> tensor<3x4xf32> {
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  %1 = hlo.broadcast_in_dim %c, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
  %2 = hlo.add %0, %1 : tensor<3x4xf32>
  %z = hlo.constant dense<0.0> : tensor<3x4xf32>
  %3 = hlo.maximum %2, %z : tensor<3x4xf32>
  return %3 : tensor<3x4xf32>
}
