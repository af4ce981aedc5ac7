//===- Cublas.cpp - dlopen libcublas, cublasGemmStridedBatchedEx ----------===//
#include "runtime/gpu/Cublas.h"
#include "runtime/gpu/Symbols.h"

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

namespace {

absl::StatusOr<const CublasLibrary *> loadCublas() {
  static const char *kNames[] = {"libcublas.so.13", "libcublas.so.12",
                                 "libcublas.so.11", "libcublas.so"};
  std::string tried;
  void *lib = nullptr;
  const char *loaded = nullptr;
  for (const char *n : kNames) {
    lib = dlopen(n, RTLD_NOW | RTLD_LOCAL);
    if (lib) {
      loaded = n;
      break;
    }
    const char *why = dlerror();
    absl::StrAppend(&tried, tried.empty() ? "" : "; ", n, ": ",
                    why ? why : "not found");
  }
  if (!lib)
    return absl::FailedPreconditionError(absl::StrCat(
        "no cuBLAS: the program multiplies matrices with cuBLAS and no "
        "libcublas could be loaded (add the CUDA toolkit's lib64 to "
        "LD_LIBRARY_PATH). Tried ",
        tried));
  auto *l = new CublasLibrary();
  l->name = loaded;
  SymbolResolver sym(lib);
  sym.bind(l->create, "cublasCreate_v2");
  sym.bind(l->destroy, "cublasDestroy_v2");
  sym.bind(l->setStream, "cublasSetStream_v2");
  sym.bind(l->gemmStridedBatchedEx, "cublasGemmStridedBatchedEx");
  sym.bind(l->statusName, "cublasGetStatusName", /*optional=*/true);
  const std::string &missing = sym.missing();
  if (!missing.empty()) {
    delete l;
    return absl::FailedPreconditionError(absl::StrCat(
        "no cuBLAS: ", loaded, " lacks ", missing, " (cuBLAS older than 11?)"));
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
  std::unique_ptr<CublasHandle> h(new CublasHandle());
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
}

absl::Status CublasHandle::gemm(const GemmCall &g, CUdeviceptr a, CUdeviceptr b,
                                CUdeviceptr c, const std::string &what) {
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
