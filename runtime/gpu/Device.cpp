//===- Device.cpp - context, caching allocator, staging copies, modules ---===//
#include "runtime/gpu/Device.h"

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"

namespace tfmlir::gpu {

absl::StatusOr<std::unique_ptr<GpuDevice>> GpuDevice::open(int ordinal) {
  absl::StatusOr<const CudaDriver *> drv = CudaDriver::get();
  if (!drv.ok())
    return drv.status();
  const CudaDriver &d = **drv;
  int count = 0;
  if (absl::Status s =
          cudaStatus(d, d.deviceGetCount(&count), "cuDeviceGetCount");
      !s.ok())
    return s;
  if (ordinal < 0 || ordinal >= count)
    return absl::UnavailableError(absl::StrCat(
        "no CUDA device ", ordinal, " (the driver reports ", count, ")"));
  std::unique_ptr<GpuDevice> dev(new GpuDevice());
  dev->driver_ = &d;
  if (absl::Status s =
          cudaStatus(d, d.deviceGet(&dev->device_, ordinal), "cuDeviceGet");
      !s.ok())
    return s;
  if (absl::Status s =
          cudaStatus(d, d.primaryCtxRetain(&dev->context_, dev->device_),
                     "cuDevicePrimaryCtxRetain");
      !s.ok())
    return s;
  if (absl::Status s =
          cudaStatus(d, d.ctxSetCurrent(dev->context_), "cuCtxSetCurrent");
      !s.ok())
    return s;
  char name[256] = {0};
  d.deviceGetName(name, sizeof(name) - 1, dev->device_);
  dev->name_ = name;
  int major = 0, minor = 0;
  d.deviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
                       dev->device_);
  d.deviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
                       dev->device_);
  dev->cc_ = major * 10 + minor;
  if (absl::Status s =
          cudaStatus(d, d.streamCreate(&dev->stream_, CU_STREAM_NON_BLOCKING),
                     "cuStreamCreate");
      !s.ok())
    return s;
  for (int i = 0; i < 2; ++i) {
    if (absl::Status s =
            cudaStatus(d, d.memHostAlloc(&dev->staging_[i], kStagingBytes, 0),
                       "cuMemHostAlloc(staging)");
        !s.ok())
      return s;
    if (absl::Status s = cudaStatus(
            d, d.eventCreate(&dev->stagingDone_[i], CU_EVENT_DISABLE_TIMING),
            "cuEventCreate");
        !s.ok())
      return s;
  }
  return dev;
}

GpuDevice::~GpuDevice() {
  if (!driver_)
    return;
  const CudaDriver &d = *driver_;
  if (stream_)
    d.streamSynchronize(stream_);
  for (auto &[ptr, size] : sizes_)
    d.memFree(ptr);
  for (int i = 0; i < 2; ++i) {
    if (staging_[i])
      d.memFreeHost(staging_[i]);
    if (stagingDone_[i])
      d.eventDestroy(stagingDone_[i]);
  }
  if (stream_)
    d.streamDestroy(stream_);
  if (context_)
    d.primaryCtxRelease(device_);
}

size_t GpuDevice::sizeClass(size_t bytes) {
  bytes = std::max<size_t>(bytes, 1);
  constexpr size_t kSmall = 512, kLarge = 2 << 20;
  if (bytes < (1 << 20))
    return (bytes + kSmall - 1) / kSmall * kSmall;
  return (bytes + kLarge - 1) / kLarge * kLarge;
}

absl::Status GpuDevice::makeCurrent() {
  return cudaStatus(*driver_, driver_->ctxSetCurrent(context_),
                    "cuCtxSetCurrent");
}

absl::StatusOr<CUdeviceptr> GpuDevice::allocate(size_t bytes) {
  size_t size = sizeClass(bytes);
  auto it = free_.find(size);
  if (it != free_.end()) {
    CUdeviceptr p = it->second;
    free_.erase(it);
    return p;
  }
  CUdeviceptr p = 0;
  CUresult r = driver_->memAlloc(&p, size);
  if (r == CUDA_ERROR_OUT_OF_MEMORY) {
    if (absl::Status s = emptyCache(); !s.ok())
      return s;
    r = driver_->memAlloc(&p, size);
  }
  if (r != CUDA_SUCCESS)
    return cudaStatus(*driver_, r,
                      absl::StrCat("cuMemAlloc(", size, " bytes; ", reserved_,
                                   " bytes already reserved)"));
  sizes_[p] = size;
  reserved_ += size;
  return p;
}

void GpuDevice::release(CUdeviceptr ptr) {
  auto it = sizes_.find(ptr);
  if (it != sizes_.end())
    free_.emplace(it->second, ptr);
}

absl::Status GpuDevice::emptyCache() {
  if (absl::Status s = synchronize("emptyCache"); !s.ok())
    return s;
  for (auto &[size, ptr] : free_) {
    if (absl::Status s =
            cudaStatus(*driver_, driver_->memFree(ptr), "cuMemFree");
        !s.ok())
      return s;
    sizes_.erase(ptr);
    reserved_ -= size;
  }
  free_.clear();
  return absl::OkStatus();
}

absl::Status GpuDevice::copyToDevice(CUdeviceptr dst, const void *src,
                                     size_t bytes) {
  const CudaDriver &d = *driver_;
  const char *from = static_cast<const char *>(src);
  int half = 0;
  for (size_t done = 0; done < bytes; done += kStagingBytes, half ^= 1) {
    size_t n = std::min(kStagingBytes, bytes - done);
    // Wait until the copy that last used this staging half has finished.
    if (absl::Status s = cudaStatus(d, d.eventSynchronize(stagingDone_[half]),
                                    "cuEventSynchronize(staging)");
        !s.ok())
      return s;
    std::memcpy(staging_[half], from + done, n);
    if (absl::Status s = cudaStatus(
            d, d.memcpyHtoDAsync(dst + done, staging_[half], n, stream_),
            "cuMemcpyHtoDAsync");
        !s.ok())
      return s;
    if (absl::Status s = cudaStatus(
            d, d.eventRecord(stagingDone_[half], stream_), "cuEventRecord");
        !s.ok())
      return s;
  }
  return absl::OkStatus();
}

absl::Status GpuDevice::copyToHost(void *dst, CUdeviceptr src, size_t bytes) {
  const CudaDriver &d = *driver_;
  char *to = static_cast<char *>(dst);
  for (size_t done = 0; done < bytes; done += kStagingBytes) {
    size_t n = std::min(kStagingBytes, bytes - done);
    if (absl::Status s = cudaStatus(
            d, d.memcpyDtoHAsync(staging_[0], src + done, n, stream_),
            "cuMemcpyDtoHAsync");
        !s.ok())
      return s;
    if (absl::Status s = synchronize("device-to-host copy"); !s.ok())
      return s;
    std::memcpy(to + done, staging_[0], n);
  }
  return absl::OkStatus();
}

absl::Status GpuDevice::synchronize(const std::string &what) {
  return cudaStatus(*driver_, driver_->streamSynchronize(stream_),
                    absl::StrCat("cuStreamSynchronize after ", what));
}

absl::StatusOr<std::unique_ptr<GpuModule>>
GpuModule::load(GpuDevice &device, const std::string &image) {
  std::unique_ptr<GpuModule> m(new GpuModule());
  m->device_ = &device;
  const CudaDriver &d = device.driver();
  if (absl::Status s = cudaStatus(
          d, d.moduleLoadData(&m->module_, image.data()), "cuModuleLoadData");
      !s.ok())
    return s;
  return m;
}

GpuModule::~GpuModule() {
  if (module_)
    device_->driver().moduleUnload(module_);
}

absl::StatusOr<CUfunction> GpuModule::function(const std::string &name) {
  auto it = functions_.find(name);
  if (it != functions_.end())
    return it->second;
  CUfunction f = nullptr;
  CUresult r = device_->driver().moduleGetFunction(&f, module_, name.c_str());
  if (r == CUDA_ERROR_NOT_FOUND)
    return absl::NotFoundError(
        absl::StrCat("kernel '", name, "' is not in the loaded module"));
  if (absl::Status s =
          cudaStatus(device_->driver(), r, "cuModuleGetFunction(" + name + ")");
      !s.ok())
    return s;
  functions_[name] = f;
  return f;
}

absl::StatusOr<std::unique_ptr<GpuTimer>> GpuTimer::create(GpuDevice &device) {
  std::unique_ptr<GpuTimer> t(new GpuTimer());
  t->device_ = &device;
  const CudaDriver &d = device.driver();
  for (CUevent *e : {&t->start_, &t->stop_})
    if (absl::Status s =
            cudaStatus(d, d.eventCreate(e, CU_EVENT_DEFAULT), "cuEventCreate");
        !s.ok())
      return s;
  return t;
}

GpuTimer::~GpuTimer() {
  for (CUevent e : {start_, stop_})
    if (e)
      device_->driver().eventDestroy(e);
}

absl::Status GpuTimer::start() {
  return cudaStatus(device_->driver(),
                    device_->driver().eventRecord(start_, device_->stream()),
                    "cuEventRecord");
}

absl::StatusOr<float> GpuTimer::stopMs() {
  const CudaDriver &d = device_->driver();
  if (absl::Status s = cudaStatus(d, d.eventRecord(stop_, device_->stream()),
                                  "cuEventRecord");
      !s.ok())
    return s;
  if (absl::Status s = cudaStatus(d, d.eventSynchronize(stop_),
                                  "cuEventSynchronize (timed work)");
      !s.ok())
    return s;
  float ms = 0;
  if (absl::Status s = cudaStatus(d, d.eventElapsedTime(&ms, start_, stop_),
                                  "cuEventElapsedTime");
      !s.ok())
    return s;
  return ms;
}

} // namespace tfmlir::gpu
