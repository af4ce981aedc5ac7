//===- FakeCublas.cpp - a host stand-in for libcublas (tests) -------------===//
//
// Built as test/unit/fakecuda/libcublas.so.13 next to FakeCuda.cpp's
// libcuda.so.1, whose "device memory" is host memory: so the GEMM steps of
// a launch plan (runtime/gpu/Cublas.h) really compute here (up to 2^26
// multiply-adds each; larger ones are only counted), with cuBLAS's
// documented column-major semantics of cublasGemmStridedBatchedEx (op,
// leading dimensions, batch strides, alpha/beta), in double precision, and
// the tests check our row-major mapping against a host reference. Never
// linked into anything shipped.
//===----------------------------------------------------------------------===//
#include <cublas_api.h>

#include <cstdint>
#include <cstring>

namespace {
int gemmCalls = 0;
int liveHandles = 0;

double load(const void *p, cudaDataType t, int64_t i) {
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
void store(void *p, cudaDataType t, int64_t i, double v) {
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
} // namespace

extern "C" {

/// Test hooks: GEMMs computed so far, handles alive.
int tfmlirFakeGemmCount() { return gemmCalls; }
int tfmlirFakeCublasHandles() { return liveHandles; }

cublasStatus_t cublasCreate_v2(cublasHandle_t *h) {
  ++liveHandles;
  *h = reinterpret_cast<cublasHandle_t>(0x10);
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasDestroy_v2(cublasHandle_t) {
  --liveHandles;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasSetStream_v2(cublasHandle_t, cudaStream_t) {
  return CUBLAS_STATUS_SUCCESS;
}
const char *cublasGetStatusName(cublasStatus_t s) {
  return s == CUBLAS_STATUS_INVALID_VALUE ? "CUBLAS_STATUS_INVALID_VALUE"
                                          : "CUBLAS_STATUS_NOT_SUPPORTED";
}

cublasStatus_t cublasGemmStridedBatchedEx(
    cublasHandle_t, cublasOperation_t transa, cublasOperation_t transb, int m,
    int n, int k, const void *alpha, const void *A, cudaDataType Atype, int lda,
    long long strideA, const void *B, cudaDataType Btype, int ldb,
    long long strideB, const void *beta, void *C, cudaDataType Ctype, int ldc,
    long long strideC, int batch, cublasComputeType_t compute,
    cublasGemmAlgo_t) {
  bool ta = transa != CUBLAS_OP_N, tb = transb != CUBLAS_OP_N;
  // cuBLAS's argument checks (lda >= rows of the stored A, ...).
  if (m < 0 || n < 0 || k < 0 || batch < 0 || lda < (ta ? k : m) ||
      ldb < (tb ? n : k) || ldc < m || lda < 1 || ldb < 1 || ldc < 1)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (Atype != Btype ||
      (Ctype == CUDA_R_64F) != (compute == CUBLAS_COMPUTE_64F))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  ++gemmCalls;
  // Products of more than 2^26 multiply-adds (the bench's GEMM 4096^3) are
  // recorded but not computed, like FakeCuda's kernels: the tests that
  // check values use small ones.
  if (static_cast<double>(m) * n * k * batch > double(1 << 26))
    return CUBLAS_STATUS_SUCCESS;
  bool f64 = Ctype == CUDA_R_64F;
  double al = f64 ? *static_cast<const double *>(alpha)
                  : *static_cast<const float *>(alpha);
  double be = f64 ? *static_cast<const double *>(beta)
                  : *static_cast<const float *>(beta);
  for (int b = 0; b < batch; ++b)
    for (int j = 0; j < n; ++j)
      for (int i = 0; i < m; ++i) {
        double sum = 0;
        for (int l = 0; l < k; ++l) {
          int64_t ai =
              b * strideA + (ta ? l + int64_t(i) * lda : i + int64_t(l) * lda);
          int64_t bi =
              b * strideB + (tb ? j + int64_t(l) * ldb : l + int64_t(j) * ldb);
          sum += load(A, Atype, ai) * load(B, Btype, bi);
        }
        int64_t ci = b * strideC + i + int64_t(j) * ldc;
        double old = be != 0 ? be * load(C, Ctype, ci) : 0;
        store(C, Ctype, ci, al * sum + old);
      }
  return CUBLAS_STATUS_SUCCESS;
}

} // extern "C"
