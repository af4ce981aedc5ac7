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
#include "test/unit/FakeBlas.h"

#include <cublas_api.h>

namespace {
int gemmCalls = 0;
int liveHandles = 0;

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
  bool f64 = Ctype == CUDA_R_64F;
  double al = f64 ? *static_cast<const double *>(alpha)
                  : *static_cast<const float *>(alpha);
  double be = f64 ? *static_cast<const double *>(beta)
                  : *static_cast<const float *>(beta);
  tfmlir_fake::gemm(ta, tb, m, n, k, al, A, Atype, lda, strideA, B, Btype, ldb,
                    strideB, be, C, Ctype, ldc, strideC, batch, nullptr, false);
  return CUBLAS_STATUS_SUCCESS;
}

} // extern "C"
