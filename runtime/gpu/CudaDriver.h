//===- CudaDriver.h - the CUDA driver API, loaded at run time -------------===//
//
// libcuda.so.1 is dlopen'ed on first use, so programs linking runtime/gpu
// build and start on machines without an NVIDIA driver and report
// FailedPrecondition("no CUDA driver: libcuda.so.1 not found ...") instead
// of failing to load. Types come from the CUDA toolkit's cuda.h (build
// time only). No MLIR or LLVM dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_GPU_CUDADRIVER_H
#define TFMLIR_RUNTIME_GPU_CUDADRIVER_H

#include <cuda.h>

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace tfmlir::gpu {

/// The driver entry points the runtime uses, resolved with dlsym under
/// their versioned names (cuMemAlloc_v2, ...), with cuda.h's prototypes.
struct CudaDriver {
  decltype(&::cuInit) init;
  decltype(&::cuDriverGetVersion) driverGetVersion;
  decltype(&::cuGetErrorName) getErrorName;
  decltype(&::cuGetErrorString) getErrorString;
  decltype(&::cuDeviceGetCount) deviceGetCount;
  decltype(&::cuDeviceGet) deviceGet;
  decltype(&::cuDeviceGetName) deviceGetName;
  decltype(&::cuDeviceGetAttribute) deviceGetAttribute;
  decltype(&::cuDeviceTotalMem) deviceTotalMem;
  decltype(&::cuDevicePrimaryCtxRetain) primaryCtxRetain;
  decltype(&::cuDevicePrimaryCtxRelease) primaryCtxRelease;
  decltype(&::cuCtxSetCurrent) ctxSetCurrent;
  decltype(&::cuCtxSynchronize) ctxSynchronize;
  decltype(&::cuModuleLoadData) moduleLoadData;
  decltype(&::cuModuleUnload) moduleUnload;
  decltype(&::cuModuleGetFunction) moduleGetFunction;
  decltype(&::cuLaunchKernel) launchKernel;
  decltype(&::cuMemAlloc) memAlloc;
  decltype(&::cuMemFree) memFree;
  decltype(&::cuMemHostAlloc) memHostAlloc;
  decltype(&::cuMemFreeHost) memFreeHost;
  decltype(&::cuMemcpyHtoDAsync) memcpyHtoDAsync;
  decltype(&::cuMemcpyDtoHAsync) memcpyDtoHAsync;
  decltype(&::cuMemcpyDtoDAsync) memcpyDtoDAsync;
  decltype(&::cuStreamCreate) streamCreate;
  decltype(&::cuStreamDestroy) streamDestroy;
  decltype(&::cuStreamSynchronize) streamSynchronize;
  decltype(&::cuEventCreate) eventCreate;
  decltype(&::cuEventDestroy) eventDestroy;
  decltype(&::cuEventRecord) eventRecord;
  decltype(&::cuEventSynchronize) eventSynchronize;
  decltype(&::cuEventElapsedTime) eventElapsedTime;

  /// The process-wide driver: dlopen("libcuda.so.1") and dlsym of every
  /// entry point, then cuInit(0), once. FailedPrecondition with
  /// "no CUDA driver: libcuda.so.1 not found" (and dlerror()) when the
  /// library is missing; Unavailable when a symbol is missing or cuInit
  /// fails (e.g. CUDA_ERROR_NO_DEVICE), with the CUDA error name.
  static absl::StatusOr<const CudaDriver *> get();
};

/// OK for CUDA_SUCCESS; otherwise an absl::Status carrying the CUDA error
/// name and description and `what` (the call and its subject, e.g.
/// "cuLaunchKernel(main_k3)"). Out-of-memory maps to ResourceExhausted,
/// CUDA_ERROR_NO_DEVICE / NOT_INITIALIZED to Unavailable, invalid values to
/// InvalidArgument, everything else to Internal.
absl::Status cudaStatus(const CudaDriver &driver, CUresult result,
                        const std::string &what);

} // namespace tfmlir::gpu

#endif
