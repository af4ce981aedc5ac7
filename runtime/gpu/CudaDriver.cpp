//===- CudaDriver.cpp - dlopen libcuda.so.1 -------------------------------===//
#include "runtime/gpu/CudaDriver.h"
#include "runtime/gpu/Symbols.h"

#include <dlfcn.h>

#include <mutex>

#include "absl/strings/str_cat.h"

namespace tfmlir::gpu {

namespace {

absl::StatusOr<const CudaDriver *> loadDriver() {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    const char *why = dlerror();
    return absl::FailedPreconditionError(
        absl::StrCat("no CUDA driver: libcuda.so.1 not found (dlopen: ",
                     why ? why : "unknown error", ")"));
  }
  auto *d = new CudaDriver();
  SymbolResolver sym(lib);
  sym.bind(d->init, "cuInit");
  sym.bind(d->driverGetVersion, "cuDriverGetVersion");
  sym.bind(d->getErrorName, "cuGetErrorName");
  sym.bind(d->getErrorString, "cuGetErrorString");
  sym.bind(d->deviceGetCount, "cuDeviceGetCount");
  sym.bind(d->deviceGet, "cuDeviceGet");
  sym.bind(d->deviceGetName, "cuDeviceGetName");
  sym.bind(d->deviceGetAttribute, "cuDeviceGetAttribute");
  sym.bind(d->deviceTotalMem, "cuDeviceTotalMem_v2");
  sym.bind(d->primaryCtxRetain, "cuDevicePrimaryCtxRetain");
  sym.bind(d->primaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
  sym.bind(d->ctxSetCurrent, "cuCtxSetCurrent");
  sym.bind(d->ctxSynchronize, "cuCtxSynchronize");
  sym.bind(d->moduleLoadData, "cuModuleLoadData");
  sym.bind(d->moduleUnload, "cuModuleUnload");
  sym.bind(d->moduleGetFunction, "cuModuleGetFunction");
  sym.bind(d->launchKernel, "cuLaunchKernel");
  sym.bind(d->memAlloc, "cuMemAlloc_v2");
  sym.bind(d->memFree, "cuMemFree_v2");
  sym.bind(d->memHostAlloc, "cuMemHostAlloc");
  sym.bind(d->memFreeHost, "cuMemFreeHost");
  sym.bind(d->memcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
  sym.bind(d->memcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
  sym.bind(d->memcpyDtoDAsync, "cuMemcpyDtoDAsync_v2");
  sym.bind(d->streamCreate, "cuStreamCreate");
  sym.bind(d->streamDestroy, "cuStreamDestroy_v2");
  sym.bind(d->streamSynchronize, "cuStreamSynchronize");
  sym.bind(d->eventCreate, "cuEventCreate");
  sym.bind(d->eventDestroy, "cuEventDestroy_v2");
  sym.bind(d->eventRecord, "cuEventRecord");
  sym.bind(d->eventSynchronize, "cuEventSynchronize");
  sym.bind(d->eventElapsedTime, "cuEventElapsedTime_v2", /*optional=*/true);
  if (!d->eventElapsedTime) // drivers before CUDA 12.8
    sym.bind(d->eventElapsedTime, "cuEventElapsedTime");
  const std::string &missing = sym.missing();
  if (!missing.empty()) {
    delete d;
    return absl::UnavailableError(absl::StrCat(
        "CUDA driver libcuda.so.1 lacks: ", missing, " (driver too old?)"));
  }
  CUresult r = d->init(0);
  if (r != CUDA_SUCCESS) {
    absl::Status s = cudaStatus(*d, r, "cuInit");
    delete d;
    return absl::UnavailableError(s.message());
  }
  return d;
}

} // namespace

absl::StatusOr<const CudaDriver *> CudaDriver::get() {
  static absl::StatusOr<const CudaDriver *> driver = loadDriver();
  return driver;
}

absl::Status cudaStatus(const CudaDriver &driver, CUresult result,
                        const std::string &what) {
  if (result == CUDA_SUCCESS)
    return absl::OkStatus();
  const char *name = nullptr, *desc = nullptr;
  if (driver.getErrorName)
    driver.getErrorName(result, &name);
  if (driver.getErrorString)
    driver.getErrorString(result, &desc);
  std::string msg =
      absl::StrCat(what, ": ", name ? name : "CUDA error ",
                   name ? "" : std::to_string(static_cast<int>(result)),
                   desc ? absl::StrCat(" (", desc, ")") : "");
  switch (result) {
  case CUDA_ERROR_OUT_OF_MEMORY:
    return absl::ResourceExhaustedError(msg);
  case CUDA_ERROR_NO_DEVICE:
  case CUDA_ERROR_NOT_INITIALIZED:
  case CUDA_ERROR_DEINITIALIZED:
    return absl::UnavailableError(msg);
  case CUDA_ERROR_INVALID_VALUE:
  case CUDA_ERROR_INVALID_IMAGE:
  case CUDA_ERROR_NOT_FOUND:
    return absl::InvalidArgumentError(msg);
  default:
    return absl::InternalError(msg);
  }
}

} // namespace tfmlir::gpu
