//===- FakeCublasLt.cpp - a host stand-in for libcublasLt (tests) ---------===//
//
// Built as test/unit/fakecuda/libcublasLt.so.13 beside the fake libcuda and
// libcublas: the descriptors of cublasLtMatmul are kept as plain structs
// and the product with its BIAS / RELU_BIAS epilogue is computed on the
// host memory that FakeCuda.cpp hands out (test/unit/FakeBlas.h), so the
// epilogue GEMM steps of a launch plan are checked for values without a
// GPU. Only what runtime/gpu/Cublas.cpp sets is honoured. Never linked
// into anything shipped.
//===----------------------------------------------------------------------===//
#include "test/unit/FakeBlas.h"

#include <cublasLt.h>

namespace {
struct Desc {
  cublasComputeType_t compute;
  cublasOperation_t transa = CUBLAS_OP_N, transb = CUBLAS_OP_N;
  cublasLtEpilogue_t epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  const void *bias = nullptr;
};
struct Layout {
  cudaDataType type;
  uint64_t rows, cols;
  int64_t ld;
};
int matmuls = 0;
int liveObjects = 0;
} // namespace

extern "C" {

/// Test hooks: cublasLtMatmul calls so far, descriptors and handles alive.
int tfmlirFakeLtMatmulCount() { return matmuls; }
int tfmlirFakeLtLiveObjects() { return liveObjects; }

cublasStatus_t cublasLtCreate(cublasLtHandle_t *h) {
  ++liveObjects;
  *h = reinterpret_cast<cublasLtHandle_t>(0x20);
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtDestroy(cublasLtHandle_t) {
  --liveObjects;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *d,
                                        cublasComputeType_t compute,
                                        cudaDataType_t) {
  ++liveObjects;
  auto *desc = new Desc();
  desc->compute = compute;
  *d = reinterpret_cast<cublasLtMatmulDesc_t>(desc);
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t d) {
  --liveObjects;
  delete reinterpret_cast<Desc *>(d);
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t d,
                                              cublasLtMatmulDescAttributes_t a,
                                              const void *buf, size_t size) {
  auto *desc = reinterpret_cast<Desc *>(d);
  switch (a) {
  case CUBLASLT_MATMUL_DESC_TRANSA:
    std::memcpy(&desc->transa, buf, sizeof(desc->transa));
    break;
  case CUBLASLT_MATMUL_DESC_TRANSB:
    std::memcpy(&desc->transb, buf, sizeof(desc->transb));
    break;
  case CUBLASLT_MATMUL_DESC_EPILOGUE:
    std::memcpy(&desc->epilogue, buf, sizeof(desc->epilogue));
    break;
  case CUBLASLT_MATMUL_DESC_BIAS_POINTER:
    std::memcpy(&desc->bias, buf, sizeof(desc->bias));
    break;
  default:
    return CUBLAS_STATUS_INVALID_VALUE;
  }
  return size ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_INVALID_VALUE;
}
cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *l,
                                          cudaDataType type, uint64_t rows,
                                          uint64_t cols, int64_t ld) {
  if (ld < static_cast<int64_t>(rows) || ld < 1)
    return CUBLAS_STATUS_INVALID_VALUE;
  ++liveObjects;
  *l = reinterpret_cast<cublasLtMatrixLayout_t>(
      new Layout{type, rows, cols, ld});
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t l) {
  --liveObjects;
  delete reinterpret_cast<Layout *>(l);
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *p) {
  ++liveObjects;
  *p = reinterpret_cast<cublasLtMatmulPreference_t>(new int(0));
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t p) {
  --liveObjects;
  delete reinterpret_cast<int *>(p);
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t
cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t,
                                     cublasLtMatmulPreferenceAttributes_t,
                                     const void *, size_t) {
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t, cublasLtMatmulDesc_t, cublasLtMatrixLayout_t,
    cublasLtMatrixLayout_t, cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
    cublasLtMatmulPreference_t, int requested,
    cublasLtMatmulHeuristicResult_t results[], int *found) {
  if (requested < 1)
    return CUBLAS_STATUS_INVALID_VALUE;
  results[0] = {};
  results[0].state = CUBLAS_STATUS_SUCCESS;
  *found = 1;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t
cublasLtMatmul(cublasLtHandle_t, cublasLtMatmulDesc_t d, const void *alpha,
               const void *A, cublasLtMatrixLayout_t la, const void *B,
               cublasLtMatrixLayout_t lb, const void *beta, const void *C,
               cublasLtMatrixLayout_t lc, void *D, cublasLtMatrixLayout_t ld,
               const cublasLtMatmulAlgo_t *, void *, size_t, cudaStream_t) {
  const Desc &desc = *reinterpret_cast<Desc *>(d);
  const Layout &a = *reinterpret_cast<Layout *>(la);
  const Layout &b = *reinterpret_cast<Layout *>(lb);
  const Layout &c = *reinterpret_cast<Layout *>(lc);
  const Layout &dl = *reinterpret_cast<Layout *>(ld);
  bool ta = desc.transa != CUBLAS_OP_N, tb = desc.transb != CUBLAS_OP_N;
  uint64_t m = dl.rows, n = dl.cols, k = ta ? a.rows : a.cols;
  if ((ta ? a.cols : a.rows) != m || (tb ? b.cols : b.rows) != k ||
      (tb ? b.rows : b.cols) != n || c.rows != m || c.cols != n || C != D ||
      desc.compute != CUBLAS_COMPUTE_32F)
    return CUBLAS_STATUS_NOT_SUPPORTED; // what Cublas.cpp never asks
  bool bias = desc.epilogue == CUBLASLT_EPILOGUE_BIAS ||
              desc.epilogue == CUBLASLT_EPILOGUE_RELU_BIAS;
  if (bias && !desc.bias)
    return CUBLAS_STATUS_INVALID_VALUE;
  ++matmuls;
  tfmlir_fake::gemm(
      ta, tb, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
      *static_cast<const float *>(alpha), A, a.type, static_cast<int>(a.ld), 0,
      B, b.type, static_cast<int>(b.ld), 0, *static_cast<const float *>(beta),
      D, dl.type, static_cast<int>(dl.ld), 0, 1,
      bias ? static_cast<const float *>(desc.bias) : nullptr,
      desc.epilogue == CUBLASLT_EPILOGUE_RELU_BIAS);
  return CUBLAS_STATUS_SUCCESS;
}

} // extern "C"
