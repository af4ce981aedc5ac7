//===- Cublas.cpp - dlopen libcublas, cublasGemmStridedBatchedEx ----------===//
#include "runtime/gpu/Cublas.h"
#include "runtime/gpu/Symbols.h"

#include <cublasLt.h>
#include <cublas_api.h>
#include <dlfcn.h>

#include "absl/strings/str_cat.h"

namespace tfmlir::gpu {

/// The cuBLAS entry points the runtime uses (prototypes of cublas_api.h;
/// cublasGemmStridedBatchedEx is overloaded in C++, so its type is spelled
/// out).
struct CublasLibrary {
  std::string name; ///< the soname that loaded
  cublasStatus_t (*create)(cublasHandle_t *);
  cublasStatus_t (*destroy)(cublasHandle_t);
  cublasStatus_t (*setStream)(cublasHandle_t, cudaStream_t);
  const char *(*statusName)(cublasStatus_t); ///< may be null (cuBLAS < 11.4)
  cublasStatus_t (*gemmStridedBatchedEx)(
      cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
      const void *, const void *, cudaDataType, int, long long, const void *,
      cudaDataType, int, long long, const void *, void *, cudaDataType, int,
      long long, int, cublasComputeType_t, cublasGemmAlgo_t);
};

/// The cuBLASLt entry points of an epilogue GEMM (cublasLt.h's
/// prototypes).
struct CublasLtLibrary {
  std::string name;
  decltype(&::cublasLtCreate) create;
  decltype(&::cublasLtDestroy) destroy;
  decltype(&::cublasLtMatmulDescCreate) descCreate;
  decltype(&::cublasLtMatmulDescDestroy) descDestroy;
  decltype(&::cublasLtMatmulDescSetAttribute) descSet;
  decltype(&::cublasLtMatrixLayoutCreate) layoutCreate;
  decltype(&::cublasLtMatrixLayoutDestroy) layoutDestroy;
  decltype(&::cublasLtMatmulPreferenceCreate) prefCreate;
  decltype(&::cublasLtMatmulPreferenceDestroy) prefDestroy;
  decltype(&::cublasLtMatmulPreferenceSetAttribute) prefSet;
  decltype(&::cublasLtMatmulAlgoGetHeuristic) heuristic;
  decltype(&::cublasLtMatmul) matmul;
};

namespace {

absl::StatusOr<const CublasLtLibrary *> loadCublasLt() {
  absl::StatusOr<OpenedLibrary> lib =
      openFirst({"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so.11",
                 "libcublasLt.so"},
                "cuBLASLt", "the program fuses a bias into a matrix product",
                "libcublasLt");
  if (!lib.ok())
    return lib.status();
  auto *l = new CublasLtLibrary();
  l->name = lib->name;
  SymbolResolver sym(lib->handle);
  sym.bind(l->create, "cublasLtCreate");
  sym.bind(l->destroy, "cublasLtDestroy");
  sym.bind(l->descCreate, "cublasLtMatmulDescCreate");
  sym.bind(l->descDestroy, "cublasLtMatmulDescDestroy");
  sym.bind(l->descSet, "cublasLtMatmulDescSetAttribute");
  sym.bind(l->layoutCreate, "cublasLtMatrixLayoutCreate");
  sym.bind(l->layoutDestroy, "cublasLtMatrixLayoutDestroy");
  sym.bind(l->prefCreate, "cublasLtMatmulPreferenceCreate");
  sym.bind(l->prefDestroy, "cublasLtMatmulPreferenceDestroy");
  sym.bind(l->prefSet, "cublasLtMatmulPreferenceSetAttribute");
  sym.bind(l->heuristic, "cublasLtMatmulAlgoGetHeuristic");
  sym.bind(l->matmul, "cublasLtMatmul");
  if (!sym.missing().empty()) {
    std::string missing = sym.missing();
    delete l;
    return absl::FailedPreconditionError(
        absl::StrCat("no cuBLASLt: ", lib->name, " lacks ", missing));
  }
  return l;
}

absl::StatusOr<const CublasLibrary *> loadCublas() {
  absl::StatusOr<OpenedLibrary> lib = openFirst(
      {"libcublas.so.13", "libcublas.so.12", "libcublas.so.11", "libcublas.so"},
      "cuBLAS", "the program multiplies matrices with cuBLAS", "libcublas");
  if (!lib.ok())
    return lib.status();
  auto *l = new CublasLibrary();
  l->name = lib->name;
  SymbolResolver sym(lib->handle);
  sym.bind(l->create, "cublasCreate_v2");
  sym.bind(l->destroy, "cublasDestroy_v2");
  sym.bind(l->setStream, "cublasSetStream_v2");
  sym.bind(l->gemmStridedBatchedEx, "cublasGemmStridedBatchedEx");
  sym.bind(l->statusName, "cublasGetStatusName", /*optional=*/true);
  const std::string &missing = sym.missing();
  if (!missing.empty()) {
    delete l;
    return absl::FailedPreconditionError(
        absl::StrCat("no cuBLAS: ", lib->name, " lacks ", missing,
                     " (cuBLAS older than 11?)"));
  }
  return l;
}

absl::Status cublasStatus(const CublasLibrary &l, cublasStatus_t s,
                          const std::string &what) {
  if (s == CUBLAS_STATUS_SUCCESS)
    return absl::OkStatus();
  const char *name = l.statusName ? l.statusName(s) : nullptr;
  std::string msg =
      absl::StrCat(what, ": ",
                   name ? std::string(name)
                        : absl::StrCat("cuBLAS status ", static_cast<int>(s)));
  switch (s) {
  case CUBLAS_STATUS_ALLOC_FAILED:
    return absl::ResourceExhaustedError(msg);
  case CUBLAS_STATUS_INVALID_VALUE:
  case CUBLAS_STATUS_NOT_SUPPORTED:
  case CUBLAS_STATUS_ARCH_MISMATCH:
    return absl::InvalidArgumentError(msg);
  default:
    return absl::InternalError(msg);
  }
}

cudaDataType cudaType(DType t) {
  switch (t) {
  case DType::F16:
    return CUDA_R_16F;
  case DType::BF16:
    return CUDA_R_16BF;
  case DType::F64:
    return CUDA_R_64F;
  default:
    return CUDA_R_32F;
  }
}

} // namespace

absl::StatusOr<std::unique_ptr<CublasHandle>>
CublasHandle::create(GpuDevice &device) {
  static absl::StatusOr<const CublasLibrary *> lib = loadCublas();
  if (!lib.ok())
    return lib.status();
  if (absl::Status s = device.makeCurrent(); !s.ok())
    return s;
  std::unique_ptr<CublasHandle> h(new CublasHandle(device));
  h->lib_ = *lib;
  cublasHandle_t handle = nullptr;
  if (absl::Status s = cublasStatus(**lib, (*lib)->create(&handle),
                                    "cublasCreate (" + (*lib)->name + ")");
      !s.ok())
    return s;
  h->handle_ = handle;
  if (absl::Status s = cublasStatus(
          **lib,
          (*lib)->setStream(handle,
                            reinterpret_cast<cudaStream_t>(device.stream())),
          "cublasSetStream");
      !s.ok())
    return s;
  return h;
}

CublasHandle::~CublasHandle() {
  if (handle_)
    lib_->destroy(static_cast<cublasHandle_t>(handle_));
  if (ltHandle_)
    lt_->destroy(static_cast<cublasLtHandle_t>(ltHandle_));
  if (workspace_)
    device_.release(workspace_);
}

absl::Status CublasHandle::gemmLt(const GemmCall &g, CUdeviceptr a,
                                  CUdeviceptr b, CUdeviceptr c,
                                  CUdeviceptr bias, const std::string &what) {
  if (!lt_) {
    static absl::StatusOr<const CublasLtLibrary *> lib = loadCublasLt();
    if (!lib.ok())
      return lib.status();
    cublasLtHandle_t h = nullptr;
    if (absl::Status s = cublasStatus(*lib_, (*lib)->create(&h),
                                      "cublasLtCreate (" + (*lib)->name + ")");
        !s.ok())
      return s;
    lt_ = *lib;
    ltHandle_ = h;
  }
  if (!workspace_) {
    absl::StatusOr<CUdeviceptr> w = device_.allocate(kWorkspaceBytes);
    if (!w.ok())
      return w.status();
    workspace_ = *w;
  }
  const std::string where = "cublasLtMatmul(" + what + ")";
  auto check = [&](cublasStatus_t st, const char *step) {
    return cublasStatus(*lib_, st, where + ": " + step);
  };
  // As gemm(): cuBLAS's first operand is our B and its column-major output
  // [n, m] is our row-major C, so the bias (one per n) is per row there, as
  // cuBLASLt's epilogue applies it.
  cublasOperation_t opB = g.transB ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opA = g.transA ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasLtEpilogue_t epi = g.epilogue == GemmEpilogue::ReluBias
                               ? CUBLASLT_EPILOGUE_RELU_BIAS
                               : CUBLASLT_EPILOGUE_BIAS;
  const void *biasPtr = reinterpret_cast<const void *>(bias);
  uint64_t wsBytes = kWorkspaceBytes;
  cudaDataType in = cudaType(g.inType);
  // The descriptors, destroyed on every path out.
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t lb = nullptr, la = nullptr, lc = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  absl::Status st =
      check(lt_->descCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F), "desc");
  if (st.ok())
    st = check(
        lt_->descSet(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opB, sizeof(opB)),
        "TRANSA");
  if (st.ok())
    st = check(
        lt_->descSet(desc, CUBLASLT_MATMUL_DESC_TRANSB, &opA, sizeof(opA)),
        "TRANSB");
  if (st.ok())
    st = check(
        lt_->descSet(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi)),
        "EPILOGUE");
  if (st.ok())
    st = check(lt_->descSet(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &biasPtr,
                            sizeof(biasPtr)),
               "BIAS_POINTER");
  // The stored matrices, column-major: B is [n, k] (or [k, n] with transB),
  // A is [k, m] (or [m, k] with transA), C is [n, m].
  if (st.ok())
    st = check(g.transB ? lt_->layoutCreate(&lb, in, g.k, g.n, g.k)
                        : lt_->layoutCreate(&lb, in, g.n, g.k, g.n),
               "layout of B");
  if (st.ok())
    st = check(g.transA ? lt_->layoutCreate(&la, in, g.m, g.k, g.m)
                        : lt_->layoutCreate(&la, in, g.k, g.m, g.k),
               "layout of A");
  if (st.ok())
    st =
        check(lt_->layoutCreate(&lc, CUDA_R_32F, g.n, g.m, g.n), "layout of C");
  if (st.ok())
    st = check(lt_->prefCreate(&pref), "preference");
  if (st.ok())
    st = check(lt_->prefSet(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                            &wsBytes, sizeof(wsBytes)),
               "workspace size");
  cublasLtMatmulHeuristicResult_t result = {};
  int found = 0;
  if (st.ok())
    st = check(lt_->heuristic(static_cast<cublasLtHandle_t>(ltHandle_), desc,
                              lb, la, lc, lc, pref, 1, &result, &found),
               "cublasLtMatmulAlgoGetHeuristic");
  if (st.ok() && found == 0)
    st = absl::InternalError(where + ": cuBLASLt has no algorithm for it");
  float alpha = 1.0f, beta = 0.0f;
  if (st.ok())
    st =
        check(lt_->matmul(static_cast<cublasLtHandle_t>(ltHandle_), desc,
                          &alpha, reinterpret_cast<const void *>(b), lb,
                          reinterpret_cast<const void *>(a), la, &beta,
                          reinterpret_cast<const void *>(c), lc,
                          reinterpret_cast<void *>(c), lc, &result.algo,
                          reinterpret_cast<void *>(workspace_), kWorkspaceBytes,
                          reinterpret_cast<cudaStream_t>(device_.stream())),
              "cublasLtMatmul");
  if (pref)
    lt_->prefDestroy(pref);
  for (cublasLtMatrixLayout_t l : {lb, la, lc})
    if (l)
      lt_->layoutDestroy(l);
  if (desc)
    lt_->descDestroy(desc);
  return st;
}

absl::Status CublasHandle::gemm(const GemmCall &g, CUdeviceptr a, CUdeviceptr b,
                                CUdeviceptr c, const std::string &what,
                                CUdeviceptr bias) {
  if (g.epilogue != GemmEpilogue::None)
    return gemmLt(g, a, b, c, bias, what);
  // Row-major A [m, k] (or [k, m] with transA) read as column-major is
  // A^T [k, m] (or A [m, k]); likewise for B and C. C^T = op(B)^T.op(A)^T:
  // cuBLAS's first operand is B with op N when B is stored [k, n] (its
  // column-major view [n, k] is B^T already), T when stored [n, k].
  cublasOperation_t opB = g.transB ? CUBLAS_OP_T : CUBLAS_OP_N;
  cublasOperation_t opA = g.transA ? CUBLAS_OP_T : CUBLAS_OP_N;
  int ldb = static_cast<int>(g.transB ? g.k : g.n);
  int lda = static_cast<int>(g.transA ? g.m : g.k);
  int ldc = static_cast<int>(g.n);
  long long strideA = g.m * g.k, strideB = g.k * g.n, strideC = g.m * g.n;
  bool f64 = g.outType == DType::F64;
  float alpha32 = 1.0f, beta32 = g.accumulate ? 1.0f : 0.0f;
  double alpha64 = 1.0, beta64 = g.accumulate ? 1.0 : 0.0;
  const void *alpha = f64 ? static_cast<const void *>(&alpha64) : &alpha32;
  const void *beta = f64 ? static_cast<const void *>(&beta64) : &beta32;
  cublasStatus_t s = lib_->gemmStridedBatchedEx(
      static_cast<cublasHandle_t>(handle_), opB, opA, static_cast<int>(g.n),
      static_cast<int>(g.m), static_cast<int>(g.k), alpha,
      reinterpret_cast<const void *>(b), cudaType(g.inType), ldb, strideB,
      reinterpret_cast<const void *>(a), cudaType(g.inType), lda, strideA, beta,
      reinterpret_cast<void *>(c), cudaType(g.outType), ldc, strideC,
      static_cast<int>(g.batch), f64 ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F,
      CUBLAS_GEMM_DEFAULT);
  return cublasStatus(*lib_, s, "cublasGemmStridedBatchedEx(" + what + ")");
}

} // namespace tfmlir::gpu
