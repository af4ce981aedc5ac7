//===- Runtime.h - the C ABI that tf-compile's objects call
//----------------===//
//
// Code that tf-compile (lib/Pipelines/AotCompile.h) puts in an object file
// calls these functions at run time instead of libc's malloc/free and
// libmlir_c_runner_utils' memrefCopy (the names are rewritten when the object
// is emitted), plus tfmlir_rt_parallel_for (runtime/cpu/Parallel.h) and libm.
//
// Allocations are tracked per Run (CompiledCpuFunction::Run installs a run
// state on the calling thread): a failed or over-budget allocation unwinds
// to Run with longjmp, Run frees every block the call allocated and returns
// false with a RESOURCE_EXHAUSTED error. The generated code has no C++
// frames and no cleanups, so unwinding through it is safe.
//
// No MLIR, LLVM or protobuf dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_AOT_RUNTIME_H
#define TFMLIR_RUNTIME_AOT_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// malloc for generated code: 16-byte-aligned, never returns null. Inside a
/// Run, the block is linked into the run's list and counted against its
/// temporary-memory limit; on failure the Run is unwound (see above). Outside
/// a Run (no run state on this thread), a failure prints a message to stderr
/// and aborts: it cannot be reported to a caller.
void *tfmlir_aot_malloc(size_t bytes);

/// calloc for generated code (LLVM turns malloc + memset 0 into calloc):
/// `count` * `size` zeroed bytes, as tfmlir_aot_malloc otherwise.
void *tfmlir_aot_calloc(size_t count, size_t size);

/// As tfmlir_aot_malloc, aligned to `alignment` (a power of two up to 4096;
/// anything else fails the allocation). MLIR's
/// _mlir_memref_to_llvm_aligned_alloc (finalize-memref-to-llvm with
/// use-generic-functions) is renamed to this.
void *tfmlir_aot_aligned_alloc(size_t alignment, size_t bytes);

/// free for blocks from tfmlir_aot_malloc/aligned_alloc (null is ignored).
void tfmlir_aot_free(void *ptr);

/// The TF node the next allocation of this thread's Run is for (a
/// NUL-terminated name in the object's constants, or null), reported when
/// it fails. Generated code calls it before each allocation (the JIT's
/// tfmlir_rt_alloc_site, renamed). Outside a Run: no effect.
void tfmlir_aot_alloc_site(const char *site);

/// The memref.copy of strided memrefs: copies `src` into `dst` (same rank and
/// sizes, any strides) element by element of `elem_size` bytes. `src` and
/// `dst` are MLIR's unranked memref descriptors {int64 rank; ranked
/// descriptor *}, where a ranked descriptor is {T *allocated, T *aligned,
/// int64 offset, int64 sizes[rank], int64 strides[rank]} — the ABI of
/// libmlir_c_runner_utils' memrefCopy, which this replaces.
void tfmlir_aot_memref_copy(int64_t elem_size, void *src, void *dst);

#ifdef __cplusplus
} // extern "C"
#endif

#endif
