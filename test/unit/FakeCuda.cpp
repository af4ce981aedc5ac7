//===- FakeCuda.cpp - a host-memory stand-in for libcuda.so.1 (tests) -----===//
//
// Built as test/unit/fakecuda/libcuda.so.1 for the FakeDriver tests of
// GpuRuntimeTest, so that runtime/gpu's driver loading, caching allocator,
// pinned staging copies and plan executor run without a GPU: memory is host
// memory, copies are memcpy, kernels are recorded but not executed (there
// is nothing to execute PTX), events report 0.5 ms. Allocations above 8 GiB
// fail with CUDA_ERROR_OUT_OF_MEMORY. Never linked into anything shipped.
//===----------------------------------------------------------------------===//
#include <cuda.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {
struct Launch {
  std::string kernel;
  unsigned grid, block;
};
std::vector<Launch> launches;
std::vector<std::string> functions;
int liveAllocations = 0;
unsigned long long htodBytes = 0;
} // namespace

extern "C" {

/// Test hooks (dlsym'ed by the test): launches recorded so far, the kernel
/// name and grid.x / block.x of launch `i`, live device allocations, and
/// the bytes copied to the device.
int tfmlirFakeLaunchCount() { return static_cast<int>(launches.size()); }
const char *tfmlirFakeLaunchKernel(int i) { return launches[i].kernel.c_str(); }
unsigned tfmlirFakeLaunchGrid(int i) { return launches[i].grid; }
unsigned tfmlirFakeLaunchBlock(int i) { return launches[i].block; }
int tfmlirFakeLiveAllocations() { return liveAllocations; }
/// Bytes copied host -> device so far.
unsigned long long tfmlirFakeHtoDBytes() { return htodBytes; }

CUresult cuInit(unsigned) { return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) {
  *v = CUDA_VERSION;
  return CUDA_SUCCESS;
}
CUresult cuGetErrorName(CUresult e, const char **s) {
  *s = e == CUDA_ERROR_OUT_OF_MEMORY ? "CUDA_ERROR_OUT_OF_MEMORY"
                                     : "CUDA_ERROR_UNKNOWN";
  return CUDA_SUCCESS;
}
CUresult cuGetErrorString(CUresult e, const char **s) {
  *s = e == CUDA_ERROR_OUT_OF_MEMORY ? "out of memory" : "unknown error";
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetCount(int *n) {
  *n = 1;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGet(CUdevice *d, int ordinal) {
  if (ordinal != 0)
    return CUDA_ERROR_INVALID_DEVICE;
  *d = 0;
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetName(char *name, int len, CUdevice) {
  std::strncpy(name, "tfmlir fake CUDA device", len);
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice) {
  *v = a == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR ? 9 : 0;
  return CUDA_SUCCESS;
}
CUresult cuDeviceTotalMem(size_t *bytes, CUdevice) {
  *bytes = size_t(8) << 30;
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(CUcontext *c, CUdevice) {
  *c = reinterpret_cast<CUcontext>(0x1);
  return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
CUresult cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
CUresult cuCtxSynchronize() { return CUDA_SUCCESS; }
CUresult cuModuleLoadData(CUmodule *m, const void *image) {
  if (!image)
    return CUDA_ERROR_INVALID_IMAGE;
  *m = reinterpret_cast<CUmodule>(0x2);
  return CUDA_SUCCESS;
}
CUresult cuModuleUnload(CUmodule) { return CUDA_SUCCESS; }
CUresult cuModuleGetFunction(CUfunction *f, CUmodule, const char *name) {
  functions.push_back(name);
  *f = reinterpret_cast<CUfunction>(functions.size());
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction f, unsigned gx, unsigned, unsigned,
                        unsigned bx, unsigned, unsigned, unsigned, CUstream,
                        void **params, void **) {
  if (!params)
    return CUDA_ERROR_INVALID_VALUE;
  launches.push_back({functions[reinterpret_cast<size_t>(f) - 1], gx, bx});
  return CUDA_SUCCESS;
}
CUresult cuMemAlloc(CUdeviceptr *p, size_t bytes) {
  if (bytes > (size_t(8) << 30))
    return CUDA_ERROR_OUT_OF_MEMORY;
  void *m = std::aligned_alloc(256, (bytes + 255) / 256 * 256);
  if (!m)
    return CUDA_ERROR_OUT_OF_MEMORY;
  ++liveAllocations;
  *p = reinterpret_cast<CUdeviceptr>(m);
  return CUDA_SUCCESS;
}
CUresult cuMemFree(CUdeviceptr p) {
  --liveAllocations;
  std::free(reinterpret_cast<void *>(p));
  return CUDA_SUCCESS;
}
CUresult cuMemHostAlloc(void **p, size_t bytes, unsigned) {
  *p = std::malloc(bytes);
  return *p ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFreeHost(void *p) {
  std::free(p);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void *src, size_t n,
                           CUstream) {
  htodBytes += n;
  std::memcpy(reinterpret_cast<void *>(dst), src, n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoHAsync(void *dst, CUdeviceptr src, size_t n, CUstream) {
  std::memcpy(dst, reinterpret_cast<void *>(src), n);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, size_t n,
                           CUstream) {
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src), n);
  return CUDA_SUCCESS;
}
CUresult cuStreamCreate(CUstream *s, unsigned) {
  *s = reinterpret_cast<CUstream>(0x3);
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy(CUstream) { return CUDA_SUCCESS; }
CUresult cuStreamSynchronize(CUstream) { return CUDA_SUCCESS; }
CUresult cuEventCreate(CUevent *e, unsigned) {
  *e = reinterpret_cast<CUevent>(0x4);
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy(CUevent) { return CUDA_SUCCESS; }
CUresult cuEventRecord(CUevent, CUstream) { return CUDA_SUCCESS; }
CUresult cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }
CUresult cuEventElapsedTime(float *ms, CUevent, CUevent) {
  *ms = 0.5f;
  return CUDA_SUCCESS;
}

} // extern "C"
