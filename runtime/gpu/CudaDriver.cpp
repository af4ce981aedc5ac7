//===- CudaDriver.cpp - dlopen libcuda.so.1 -------------------------------===//
#include "runtime/gpu/CudaDriver.h"

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
  std::string missing;
  auto sym = [&](auto &fn, const char *name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(
        dlsym(lib, name));
    if (!fn)
      absl::StrAppend(&missing, missing.empty() ? "" : ", ", name);
  };
  sym(d->init, "cuInit");
  sym(d->driverGetVersion, "cuDriverGetVersion");
  sym(d->getErrorName, "cuGetErrorName");
  sym(d->getErrorString, "cuGetErrorString");
  sym(d->deviceGetCount, "cuDeviceGetCount");
  sym(d->deviceGet, "cuDeviceGet");
  sym(d->deviceGetName, "cuDeviceGetName");
  sym(d->deviceGetAttribute, "cuDeviceGetAttribute");
  sym(d->deviceTotalMem, "cuDeviceTotalMem_v2");
  sym(d->primaryCtxRetain, "cuDevicePrimaryCtxRetain");
  sym(d->primaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
  sym(d->ctxSetCurrent, "cuCtxSetCurrent");
  sym(d->ctxSynchronize, "cuCtxSynchronize");
  sym(d->moduleLoadData, "cuModuleLoadData");
  sym(d->moduleUnload, "cuModuleUnload");
  sym(d->moduleGetFunction, "cuModuleGetFunction");
  sym(d->launchKernel, "cuLaunchKernel");
  sym(d->memAlloc, "cuMemAlloc_v2");
  sym(d->memFree, "cuMemFree_v2");
  sym(d->memHostAlloc, "cuMemHostAlloc");
  sym(d->memFreeHost, "cuMemFreeHost");
  sym(d->memcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
  sym(d->memcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
  sym(d->memcpyDtoDAsync, "cuMemcpyDtoDAsync_v2");
  sym(d->streamCreate, "cuStreamCreate");
  sym(d->streamDestroy, "cuStreamDestroy_v2");
  sym(d->streamSynchronize, "cuStreamSynchronize");
  sym(d->eventCreate, "cuEventCreate");
  sym(d->eventDestroy, "cuEventDestroy_v2");
  sym(d->eventRecord, "cuEventRecord");
  sym(d->eventSynchronize, "cuEventSynchronize");
  sym(d->eventElapsedTime, "cuEventElapsedTime_v2");
  if (!d->eventElapsedTime) { // drivers before CUDA 12.8
    missing.clear();
    sym(d->eventElapsedTime, "cuEventElapsedTime");
  }
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
