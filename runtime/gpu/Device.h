//===- Device.h - one CUDA device: context, memory, streams, modules ------===//
#ifndef TFMLIR_RUNTIME_GPU_DEVICE_H
#define TFMLIR_RUNTIME_GPU_DEVICE_H

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/gpu/CudaDriver.h"

namespace tfmlir::gpu {

/// One GPU through the driver API: its primary context (current on the
/// calling thread after open()), one stream, a caching device allocator and
/// pinned staging buffers for host<->device copies. Not thread-safe: use
/// one GpuDevice per thread or lock around it.
class GpuDevice {
public:
  /// Opens device `ordinal`. FailedPrecondition without a driver (see
  /// CudaDriver::get()), Unavailable when the driver reports no device or
  /// `ordinal` is out of range, other CUDA errors by name.
  static absl::StatusOr<std::unique_ptr<GpuDevice>> open(int ordinal = 0);
  ~GpuDevice();
  GpuDevice(const GpuDevice &) = delete;
  GpuDevice &operator=(const GpuDevice &) = delete;

  const CudaDriver &driver() const { return *driver_; }
  CUstream stream() const { return stream_; }
  /// The device name ("NVIDIA H200") and compute capability (90 for sm_90).
  const std::string &name() const { return name_; }
  int computeCapability() const { return cc_; }
  /// Makes the device's context current on the calling thread (open() does
  /// it on the thread that opened it; a later call from another thread,
  /// e.g. an AOT function's Run(), needs it again).
  absl::Status makeCurrent();

  /// A device buffer of at least `bytes` bytes (256-byte aligned), reused
  /// from the cache when one of the same size class is free. Sizes are
  /// rounded to 512 B below 1 MiB and to 2 MiB above. On
  /// CUDA_ERROR_OUT_OF_MEMORY the cache is emptied and the allocation
  /// retried once; then ResourceExhausted naming the size.
  absl::StatusOr<CUdeviceptr> allocate(size_t bytes);
  /// Returns a buffer from allocate() to the cache (no cuMemFree).
  void release(CUdeviceptr ptr);
  /// cuMemFree of every cached (free) buffer.
  absl::Status emptyCache();
  /// Bytes currently held from the driver (in use + cached).
  size_t bytesReserved() const { return reserved_; }

  /// Host -> device copy of `bytes` through the pinned staging buffers
  /// (chunks of 4 MiB, double-buffered on the stream); returns when the
  /// source may be reused.
  absl::Status copyToDevice(CUdeviceptr dst, const void *src, size_t bytes);
  /// Device -> host copy through the pinned staging buffers; synchronous.
  absl::Status copyToHost(void *dst, CUdeviceptr src, size_t bytes);
  /// cuStreamSynchronize of the device's stream, `what` naming the work
  /// (e.g. the kernels) in the error.
  absl::Status synchronize(const std::string &what);

private:
  GpuDevice() = default;
  static size_t sizeClass(size_t bytes);

  const CudaDriver *driver_ = nullptr;
  CUdevice device_ = 0;
  CUcontext context_ = nullptr;
  CUstream stream_ = nullptr;
  std::string name_;
  int cc_ = 0;
  std::multimap<size_t, CUdeviceptr> free_;
  std::unordered_map<CUdeviceptr, size_t> sizes_;
  size_t reserved_ = 0;
  static constexpr size_t kStagingBytes = 4 << 20;
  void *staging_[2] = {nullptr, nullptr};
  CUevent stagingDone_[2] = {nullptr, nullptr};
};

/// A loaded cubin (cuModuleLoadData) and its kernels.
class GpuModule {
public:
  /// Loads `image` (an ELF cubin, or PTX text that the driver JIT-compiles)
  /// into the current context. InvalidArgument with the CUDA error name
  /// when the driver rejects it (e.g. a cubin for another architecture).
  static absl::StatusOr<std::unique_ptr<GpuModule>>
  load(GpuDevice &device, const std::string &image);
  ~GpuModule();
  /// The kernel `name`; NotFound when the module has no such entry.
  absl::StatusOr<CUfunction> function(const std::string &name);

private:
  GpuModule() = default;
  GpuDevice *device_ = nullptr;
  CUmodule module_ = nullptr;
  std::unordered_map<std::string, CUfunction> functions_;
};

/// Elapsed device time between two events recorded on the device's stream.
class GpuTimer {
public:
  static absl::StatusOr<std::unique_ptr<GpuTimer>> create(GpuDevice &device);
  ~GpuTimer();
  absl::Status start();
  /// Records the stop event, waits for it and returns the milliseconds.
  absl::StatusOr<float> stopMs();

private:
  GpuTimer() = default;
  GpuDevice *device_ = nullptr;
  CUevent start_ = nullptr, stop_ = nullptr;
};

} // namespace tfmlir::gpu

#endif
