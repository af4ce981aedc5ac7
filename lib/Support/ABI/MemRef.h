//===- MemRef.h - memref descriptors of the runtime entries (C ABI) -------===//
//
// Part of the ABI between the code lib/Codegen and lib/Conversion generate
// and the runtime that code calls (runtime/cpu, tf-compile's objects).
//
// Why here (lib/Support/ABI/): DESIGN's layers put runtime/ above lib/, but
// the compiler that emits the calls and the runtime that implements them
// must agree on names, layouts and argument structs. Those agreements live
// below both, in the layer that has no MLIR/LLVM dependency and that every
// other layer may include; lib/Support/ABI/ holds only such contracts
// (header-only C, plus the GPU launch plan's text format), never kernels.
//
// The strided memref descriptors MLIR passes to a function with
// llvm.emit_c_interface, as pointers: {allocated, aligned, offset,
// sizes[R], strides[R]} (offset, sizes and strides in elements, not bytes).
// Plain C (no MLIR, LLVM or C++ dependency).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_ABI_MEMREF_H
#define TFMLIR_LIB_SUPPORT_ABI_MEMREF_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// f32 descriptors of rank 1 to 4.
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} tfmlir_rt_memref1d;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[2], strides[2];
} tfmlir_rt_memref2d;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[3], strides[3];
} tfmlir_rt_memref3d;
typedef struct {
  float *allocated, *aligned;
  int64_t offset, sizes[4], strides[4];
} tfmlir_rt_memref4d;

/// Rank-1 integer descriptors (indices and byte strings).
typedef struct {
  int32_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} tfmlir_rt_memref1d_i32;
typedef struct {
  int64_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} tfmlir_rt_memref1d_i64;
typedef struct {
  int8_t *allocated, *aligned;
  int64_t offset, sizes[1], strides[1];
} tfmlir_rt_memref1d_i8;

#ifdef __cplusplus
} // extern "C"
#endif

#endif // TFMLIR_LIB_SUPPORT_ABI_MEMREF_H
