//===- FakeBlas.h - the host GEMM of the fake cuBLAS libraries (tests) ----===//
//
// What test/unit/FakeCublas.cpp (libcublas.so.13) and FakeCublasLt.cpp
// (libcublasLt.so.13) compute, on "device memory" that FakeCuda.cpp makes
// host memory: cuBLAS's documented column-major GEMM (op, leading
// dimensions, batch strides, alpha/beta) in double precision, then
// cuBLASLt's bias/ReLU epilogue, stored rounded to nearest even.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TEST_UNIT_FAKEBLAS_H
#define TFMLIR_TEST_UNIT_FAKEBLAS_H

#include <library_types.h>

#include <cstdint>
#include <cstring>

namespace tfmlir_fake {

inline double load(const void *p, cudaDataType t, int64_t i) {
  switch (t) {
  case CUDA_R_32F:
    return static_cast<const float *>(p)[i];
  case CUDA_R_64F:
    return static_cast<const double *>(p)[i];
  case CUDA_R_16BF: {
    uint32_t bits = uint32_t(static_cast<const uint16_t *>(p)[i]) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  case CUDA_R_16F:
    return static_cast<double>(static_cast<const _Float16 *>(p)[i]);
  default:
    return 0;
  }
}

/// Stores `v` (rounded to nearest even) as element `i` of `p`.
inline void store(void *p, cudaDataType t, int64_t i, double v) {
  switch (t) {
  case CUDA_R_32F:
    static_cast<float *>(p)[i] = static_cast<float>(v);
    return;
  case CUDA_R_64F:
    static_cast<double *>(p)[i] = v;
    return;
  case CUDA_R_16F:
    // double -> float -> half rounds twice; the tests' values are exact in
    // float.
    static_cast<_Float16 *>(p)[i] =
        static_cast<_Float16>(static_cast<float>(v));
    return;
  case CUDA_R_16BF: {
    float f = static_cast<float>(v);
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    bits += 0x7fff + ((bits >> 16) & 1);
    static_cast<uint16_t *>(p)[i] = static_cast<uint16_t>(bits >> 16);
    return;
  }
  default:
    return;
  }
}

/// C[i + j*ldc] = alpha * sum_l op(A)[i, l] * op(B)[l, j] + beta * C (+
/// bias[i], then max(., 0) with `relu`), for each of `batch` matrices;
/// column-major, op = transpose when ta / tb. Products of more than 2^26
/// multiply-adds are skipped (tests check values on small ones).
inline void gemm(bool ta, bool tb, int m, int n, int k, double alpha,
                 const void *A, cudaDataType at, int lda, long long strideA,
                 const void *B, cudaDataType bt, int ldb, long long strideB,
                 double beta, void *C, cudaDataType ct, int ldc,
                 long long strideC, int batch, const float *bias, bool relu) {
  if (static_cast<double>(m) * n * k * batch > double(1 << 26))
    return;
  for (int b = 0; b < batch; ++b)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        double sum = 0;
        for (int l = 0; l < k; ++l) {
          int64_t ai =
              b * strideA + (ta ? l + int64_t(i) * lda : i + int64_t(l) * lda);
          int64_t bi =
              b * strideB + (tb ? j + int64_t(l) * ldb : l + int64_t(j) * ldb);
          sum += load(A, at, ai) * load(B, bt, bi);
        }
        int64_t ci = b * strideC + i + int64_t(j) * ldc;
        double v = alpha * sum + (beta != 0 ? beta * load(C, ct, ci) : 0);
        if (bias)
          v += bias[i];
        if (relu && !(v > 0))
          v = 0;
        store(C, ct, ci, v);
      }
}

} // namespace tfmlir_fake

#endif
