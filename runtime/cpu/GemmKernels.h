//===- GemmKernels.h - the microkernel interface inside runtime/cpu ------===//
//
// Internal to runtime/cpu: one register-tile microkernel per ISA, called by
// the blocking driver in Gemm.cpp. Each kernel TU is compiled for its ISA
// (GemmAvx512.cpp with -mavx512f, GemmAvx2.cpp with -mavx2 -mfma) and
// must include nothing that defines inline functions shared with other
// TUs (no standard library headers), so that no AVX-512 code is merged into
// code that runs on hosts without it.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_CPU_GEMMKERNELS_H
#define TFMLIR_RUNTIME_CPU_GEMMKERNELS_H

#include <stdint.h>

namespace tfmlir::rt {

/// One microkernel call: C[0:mr, 0:nr] (+)= A[0:mr, 0:kc] * Bpanel[0:kc, :]
/// where the B panel is kc rows of 32 floats (zero-padded past nr), then,
/// if `last`, the epilogue (bias, residual, activation).
struct UkernelArgs {
  int64_t kc;     ///< depth of this K block (may be 0)
  const float *a; ///< A at (row 0, k0); rows `lda` floats apart
  int64_t lda;
  const float *b; ///< packed panel at row k0: kc x 32 floats
  float *c;       ///< C at (row 0, col 0 of the panel)
  int64_t ldc;
  int64_t mr;            ///< rows, 1 <= mr <= the kernel's MR
  int64_t nr;            ///< columns, 1 <= nr <= 32
  int32_t accumulate;    ///< add to C (a later K block) instead of storing
  int32_t last;          ///< apply the epilogue (the last K block)
  const float *bias;     ///< at the panel's column 0, or null
  const float *residual; ///< at (row 0, col 0 of the panel), or null
  int64_t ldr;
  int32_t activation; ///< TFMLIR_RT_ACT_*
};

using UkernelFn = void (*)(const UkernelArgs &);

/// A microkernel and its register-tile height.
struct Ukernel {
  UkernelFn fn;
  int64_t mr;
};

Ukernel avx512Ukernel();
Ukernel avx2Ukernel();
Ukernel portableUkernel();

/// The largest register-tile height of the microkernels (AVX-512's 14):
/// a gathered A tile has at most this many rows.
inline constexpr int64_t kGatherMaxRows = 14;

/// An A operand produced tile by tile instead of read from memory (the
/// implicit GEMM of runtime/cpu/Conv2d.cpp): fn(ctx, row0, mr, k0, kc,
/// tile) writes tile[r * kc + q] = A[row0 + r][k0 + q] for r < mr, q < kc
/// (mr <= kGatherMaxRows, kc <= 256).
struct AGather {
  void (*fn)(const void *ctx, int64_t row0, int64_t mr, int64_t k0, int64_t kc,
             float *tile);
  const void *ctx;
};

/// tfmlir_rt_sgemm_packed (Gemm.h) with A from `gather`: the same blocking,
/// microkernel choice, parallel tasks and summation order; every A tile is
/// gathered into the L1 tile buffer that the driver otherwise copies rows
/// of A into.
void sgemmPackedGather(int64_t m, int64_t n, int64_t k, const AGather &gather,
                       const float *packedB, float *c, int64_t ldc,
                       const float *bias, const float *residual, int64_t ldr,
                       int32_t activation);

} // namespace tfmlir::rt

#endif // TFMLIR_RUNTIME_CPU_GEMMKERNELS_H
