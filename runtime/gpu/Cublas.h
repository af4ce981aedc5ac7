//===- Cublas.h - cuBLAS GEMMs of a launch plan, loaded at run time -------===//
//
// The library calls of a LaunchPlan (KernelLaunch::Kind::Gemm): XLA:GPU
// sends dot_general to cuBLAS, and so do we. libcublas is dlopen'ed on the
// first plan that needs it (libcublas.so.13, .12, .11, then libcublas.so),
// so programs build and start without it and report FailedPrecondition
// naming the libraries tried. Its types come from the CUDA toolkit's
// cublas_api.h at build time, in Cublas.cpp only: this header needs none.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_GPU_CUBLAS_H
#define TFMLIR_RUNTIME_GPU_CUBLAS_H

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "lib/Support/ABI/LaunchPlan.h"
#include "runtime/gpu/Device.h"

namespace tfmlir::gpu {

struct CublasLibrary;
struct CublasLtLibrary;

/// One cuBLAS handle bound to a GpuDevice's stream. Like GpuDevice, not
/// thread-safe: one per executor.
class CublasHandle {
public:
  /// Loads libcublas (once per process) and creates a handle in `device`'s
  /// context (made current first), its work enqueued on the device's
  /// stream. FailedPrecondition "no cuBLAS: ..." naming the libraries tried
  /// (with dlerror()) when none loads or one lacks an entry point; the
  /// cuBLAS status name (e.g. CUBLAS_STATUS_NOT_INITIALIZED) when
  /// cublasCreate fails. libcublasLt (.13, .12, .11) is loaded the same way
  /// on the first GEMM with an epilogue.
  static absl::StatusOr<std::unique_ptr<CublasHandle>>
  create(GpuDevice &device);
  ~CublasHandle();
  CublasHandle(const CublasHandle &) = delete;
  CublasHandle &operator=(const CublasHandle &) = delete;

  /// Enqueues `g` (row-major, see GemmCall) on the device's stream as one
  /// cublasGemmStridedBatchedEx: the row-major product C = A.B is the
  /// column-major product C^T = B^T.A^T, so B is passed first. `a`, `b`,
  /// `c` are device pointers to the three operands; `what` names the
  /// launch (and its TF node) in errors, which carry the cuBLAS status
  /// name: CUBLAS_STATUS_ALLOC_FAILED is ResourceExhausted,
  /// CUBLAS_STATUS_INVALID_VALUE / NOT_SUPPORTED are InvalidArgument,
  /// others Internal.
  /// A GEMM with an epilogue (GemmCall::epilogue) is one cublasLtMatmul
  /// instead, with `bias` (n floats) as the epilogue's bias vector (the
  /// rows of cuBLAS's column-major C^T), the algorithm from
  /// cublasLtMatmulAlgoGetHeuristic and a 32 MiB workspace allocated from
  /// the device on first use (ResourceExhausted when it does not fit).
  absl::Status gemm(const GemmCall &g, CUdeviceptr a, CUdeviceptr b,
                    CUdeviceptr c, const std::string &what,
                    CUdeviceptr bias = 0);

private:
  CublasHandle(GpuDevice &device) : device_(device) {}
  absl::Status gemmLt(const GemmCall &g, CUdeviceptr a, CUdeviceptr b,
                      CUdeviceptr c, CUdeviceptr bias, const std::string &what);
  GpuDevice &device_;
  const CublasLibrary *lib_ = nullptr;
  void *handle_ = nullptr; ///< cublasHandle_t
  const CublasLtLibrary *lt_ = nullptr;
  void *ltHandle_ = nullptr; ///< cublasLtHandle_t
  CUdeviceptr workspace_ = 0;
  static constexpr size_t kWorkspaceBytes = size_t(32) << 20;
};

} // namespace tfmlir::gpu

#endif
