// RUN: tf-opt %s -hlo-legalize-to-linalg -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -hlo-legalize-to-linalg=index-checks=false -mlir-print-debuginfo=false | FileCheck %s --check-prefix=NOCHECK
// RUN: tf-opt %s -hlo-to-llvm-pipeline 2>&1 | FileCheck %s --check-prefix=LLVM
// The index check of xla-legalize-tf (lib/Support/ABI/IndexCheck.h) becomes a
// call of _mlir_ciface_tfmlir_rt_check_indices_i32_memref with the indices
// and the config bytes; its result is the indices. index-checks=false (the
// GPU pipeline) drops it.

// CHECK: func.func private @tfmlir_rt_check_indices_i32_memref(memref<?xi32, strided<[?], offset: ?>>, memref<?xi8, strided<[?], offset: ?>>) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func @gather
// CHECK: %[[CFG:.*]] = arith.constant dense<[103, 97, 116, 104, 101, 114, 10, 51, 10, 53, 10, 103]> : tensor<12xi8>
// CHECK: %[[I:.*]] = bufferization.to_buffer %arg1 read_only
// CHECK: %[[C:.*]] = bufferization.to_buffer %[[CFG]] read_only
// CHECK: call @tfmlir_rt_check_indices_i32_memref(
// NOCHECK-LABEL: func @gather
// NOCHECK-NOT: tfmlir_rt_check_indices
// LLVM: llvm.call @_mlir_ciface_tfmlir_rt_check_indices_i32_memref
func.func @gather(%p: tensor<5xf32>, %i: tensor<3xi32>) -> tensor<3xf32> {
  %c = hlo.custom_call "tfmlir_rt_check_indices"(%i) {backend_config = "gather\0A3\0A5\0Ag"} : (tensor<3xi32>) -> tensor<3xi32>
  %0 = hlo.gather %p, %c, <offset_dims = [], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1] : (tensor<5xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}
