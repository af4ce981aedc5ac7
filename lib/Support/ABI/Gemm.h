//===- Gemm.h - the packed f32 GEMM's ABI (C) -----------------------------===//
//
// What lib/Codegen/CPU (hlo-cpu-gemm-ukernel), hlo-legalize-to-linalg and
// runtime/cpu/Gemm.cpp agree on for C[M,N] = act(A[M,K] * B[K,N] + bias[N]
// + R[M,N]) in f32: the custom-call targets, the activation codes, the
// packed layout of B and the entries the generated code calls. The kernels
// themselves (ISA dispatch, blocking, threading) are runtime/cpu/Gemm.h.
// See lib/Support/ABI/MemRef.h for why this lives below lib/.
//
// Packed layout of B (ISA-independent, so that the compiler packs constant
// weights once, at compile time, with tfmlir_abi_sgemm_pack_b below):
//   Bp[p][k][j] = B[k][p * 32 + j]  for p < ceil(N/32), k < K, j < 32,
// zero where p * 32 + j >= N (row-major [ceil(N/32), K, 32] f32).
//
// The epilogue follows TF's op order MatMul/Conv2D -> BiasAdd -> Add
// (residual) -> Relu/Relu6: bias is added, then R, then the activation.
// Plain C (no MLIR, LLVM or C++ dependency).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_ABI_GEMM_H
#define TFMLIR_LIB_SUPPORT_ABI_GEMM_H

#include "lib/Support/ABI/MemRef.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// call_target_name of the hlo.custom_call for a GEMM whose B is packed
/// (a constant packed at compile time) and for one whose B is a plain
/// [K,N] / [N,K] tensor.
#define TFMLIR_RT_SGEMM_PACKED_TARGET "tfmlir_rt_sgemm_packed"
#define TFMLIR_RT_SGEMM_TARGET "tfmlir_rt_sgemm"

/// Width of a packed B panel (columns), for every ISA.
#define TFMLIR_RT_SGEMM_PANEL 32

/// Activation applied last by the epilogue (the custom call's
/// backend_config names it "none" / "relu" / "relu6").
enum {
  TFMLIR_RT_ACT_NONE = 0,
  TFMLIR_RT_ACT_RELU = 1,  ///< max(x, 0), TF's Relu (NaN stays NaN)
  TFMLIR_RT_ACT_RELU6 = 2, ///< min(max(x, 0), 6), TF's Relu6
};

/// Number of floats of the packed form of a K x N matrix:
/// ceil(N / 32) * 32 * K. Returns -1 for negative sizes.
static inline int64_t tfmlir_abi_sgemm_packed_size(int64_t k, int64_t n) {
  if (k < 0 || n < 0)
    return -1;
  return (n + TFMLIR_RT_SGEMM_PANEL - 1) / TFMLIR_RT_SGEMM_PANEL *
         TFMLIR_RT_SGEMM_PANEL * k;
}

/// Packs panel `p` (columns [32p, 32p + 32)) of B (K x N, element (k, n)
/// at B[k * stride_k + n * stride_n]) into `panel` (K x 32 floats),
/// zeroing the columns past N. The one definition of the packed layout:
/// the runtime packs panels in parallel with it, the compiler serially.
static inline void tfmlir_abi_sgemm_pack_panel(int64_t p, int64_t k, int64_t n,
                                               const float *b, int64_t stride_k,
                                               int64_t stride_n, float *panel) {
  int64_t n0 = p * TFMLIR_RT_SGEMM_PANEL;
  int64_t w = n - n0 < TFMLIR_RT_SGEMM_PANEL ? n - n0 : TFMLIR_RT_SGEMM_PANEL;
  for (int64_t q = 0; q < k; ++q, panel += TFMLIR_RT_SGEMM_PANEL) {
    const float *src = b + q * stride_k + n0 * stride_n;
    int64_t c = 0;
    if (stride_n == 1) // contiguous rows: a loop the compiler vectorizes
      for (; c < w; ++c)
        panel[c] = src[c];
    else
      for (; c < w; ++c)
        panel[c] = src[c * stride_n];
    for (; c < TFMLIR_RT_SGEMM_PANEL; ++c)
      panel[c] = 0.0f;
  }
}

/// Packs all of B (strides as above; a row-major B has stride_k = N,
/// stride_n = 1, a transposed one (TF's transpose_b) stride_k = 1,
/// stride_n = K) into `packed`, which holds
/// tfmlir_abi_sgemm_packed_size(K, N) floats. Serial; K, N <= 0 write
/// nothing.
static inline void tfmlir_abi_sgemm_pack_b(int64_t k, int64_t n, const float *b,
                                           int64_t stride_k, int64_t stride_n,
                                           float *packed) {
  if (k <= 0 || n <= 0)
    return;
  int64_t panels = (n + TFMLIR_RT_SGEMM_PANEL - 1) / TFMLIR_RT_SGEMM_PANEL;
  for (int64_t p = 0; p < panels; ++p)
    tfmlir_abi_sgemm_pack_panel(p, k, n, b, stride_k, stride_n,
                                packed + p * TFMLIR_RT_SGEMM_PANEL * k);
}

/// The entry that generated code calls for TFMLIR_RT_SGEMM_PACKED_TARGET
/// (lowered by hlo-legalize-to-linalg to a call of
/// tfmlir_rt_sgemm_packed_memref):
/// C[M,N] = act(A[M,K] * B + bias + R) with B packed as
/// [ceil(N/32), K, 32] (sizes checked against A and C; on a mismatch C is
/// left untouched, which cannot happen for IR that passed the lowering's
/// checks). bias is used when has_bias (sizes [N]), residual when
/// has_residual ([M,N]); otherwise they may be any (e.g. empty)
/// descriptors. Any strides are accepted. `activation` is TFMLIR_RT_ACT_*.
void _mlir_ciface_tfmlir_rt_sgemm_packed_memref(
    tfmlir_rt_memref2d *a, tfmlir_rt_memref3d *packed_b,
    tfmlir_rt_memref1d *bias, tfmlir_rt_memref2d *residual,
    tfmlir_rt_memref2d *c, int32_t has_bias, int32_t has_residual,
    int32_t activation);

/// As _mlir_ciface_tfmlir_rt_sgemm_packed_memref with B unpacked: [K,N],
/// or [N,K] when transpose_b (TFMLIR_RT_SGEMM_TARGET).
void _mlir_ciface_tfmlir_rt_sgemm_memref(
    tfmlir_rt_memref2d *a, tfmlir_rt_memref2d *b, tfmlir_rt_memref1d *bias,
    tfmlir_rt_memref2d *residual, tfmlir_rt_memref2d *c, int32_t transpose_b,
    int32_t has_bias, int32_t has_residual, int32_t activation);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // TFMLIR_LIB_SUPPORT_ABI_GEMM_H
