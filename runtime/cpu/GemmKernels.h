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
  int64_t kc;          ///< depth of this K block (may be 0)
  const float *a;      ///< A at (row 0, k0); rows `lda` floats apart
  int64_t lda;
  const float *b;      ///< packed panel at row k0: kc x 32 floats
  float *c;            ///< C at (row 0, col 0 of the panel)
  int64_t ldc;
  int64_t mr;          ///< rows, 1 <= mr <= the kernel's MR
  int64_t nr;          ///< columns, 1 <= nr <= 32
  int32_t accumulate;  ///< add to C (a later K block) instead of storing
  int32_t last;        ///< apply the epilogue (the last K block)
  const float *bias;   ///< at the panel's column 0, or null
  const float *residual; ///< at (row 0, col 0 of the panel), or null
  int64_t ldr;
  int32_t activation;  ///< TFMLIR_RT_ACT_*
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

} // namespace tfmlir::rt

#endif // TFMLIR_RUNTIME_CPU_GEMMKERNELS_H
