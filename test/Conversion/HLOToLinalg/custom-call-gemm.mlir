// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -verify-diagnostics -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -hlo-to-llvm-pipeline -split-input-file -verify-diagnostics 2>&1 | FileCheck %s --check-prefix=LLVM
// The runtime/cpu GEMM custom calls (made by hlo-cpu-gemm-ukernel) become
// a func.call on memrefs of a private declaration with
// llvm.emit_c_interface, i.e. a call of
// _mlir_ciface_tfmlir_rt_sgemm_packed_memref (runtime/cpu/Gemm.h).

// CHECK: func.func private @tfmlir_rt_sgemm_packed_memref(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, memref<?xf32, strided<[?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32, strided<[?, ?], offset: ?>>, i32, i32, i32) attributes {llvm.emit_c_interface}
// CHECK-LABEL: func @packed
// CHECK: %[[A:.*]] = bufferization.to_buffer %arg0 read_only
// CHECK: %[[B:.*]] = bufferization.to_buffer %arg1 read_only
// CHECK: %[[BIAS:.*]] = bufferization.to_buffer %arg2 read_only
// CHECK: %[[C:.*]] = memref.alloc() {alignment = 64 : i64} : memref<20x40xf32>
// CHECK: %[[RELU6:.*]] = arith.constant 2 : i32
// CHECK: call @tfmlir_rt_sgemm_packed_memref({{.*}}, %{{.*}}, %[[RELU6]])
// CHECK: bufferization.to_tensor %[[C]] restrict writable
// LLVM: llvm.call @_mlir_ciface_tfmlir_rt_sgemm_packed_memref
func.func @packed(%a: tensor<20x8xf32>, %bp: tensor<2x8x32xf32>, %bias: tensor<40xf32>) -> tensor<20x40xf32> {
  %0 = hlo.custom_call "tfmlir_rt_sgemm_packed"(%a, %bp, %bias) {backend_config = "activation=relu6;bias=1;residual=0;transpose_b=0", has_side_effect = false} : (tensor<20x8xf32>, tensor<2x8x32xf32>, tensor<40xf32>) -> tensor<20x40xf32>
  return %0 : tensor<20x40xf32>
}

// -----

// CHECK-LABEL: func @unpacked_transposed
// CHECK: %[[T:.*]] = arith.constant 1 : i32
// CHECK: call @tfmlir_rt_sgemm_memref(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[T]],
func.func @unpacked_transposed(%a: tensor<4x8xf32>, %b: tensor<5x8xf32>, %r: tensor<4x5xf32>) -> tensor<4x5xf32> {
  %0 = hlo.custom_call "tfmlir_rt_sgemm"(%a, %b, %r) {backend_config = "residual=1;transpose_b=1", has_side_effect = false} : (tensor<4x8xf32>, tensor<5x8xf32>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @bad_config(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{cannot lower hlo.custom_call: backend_config: unknown activation 'gelu'}}
  %0 = hlo.custom_call "tfmlir_rt_sgemm"(%a, %b) {backend_config = "activation=gelu", has_side_effect = false} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @bad_shapes(%a: tensor<4x8xf32>, %b: tensor<1x7x32xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{cannot lower hlo.custom_call: custom_call tfmlir_rt_sgemm_packed: operand shapes do not match a [M,K] x B -> [M,N] GEMM}}
  %0 = hlo.custom_call "tfmlir_rt_sgemm_packed"(%a, %b) {backend_config = "", has_side_effect = false} : (tensor<4x8xf32>, tensor<1x7x32xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

func.func @missing_bias(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  // expected-error @+1 {{expects 3 operands (a, b, [bias], [residual]) and one result}}
  %0 = hlo.custom_call "tfmlir_rt_sgemm"(%a, %b) {backend_config = "bias=1", has_side_effect = false} : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}
