//===- CompiledGpuFunction.h - base of tf-compile --target=cuda classes ---===//
//
// tf-compile --target=cuda (TF's tfcompile, with the GPU backend) writes a
// header declaring a class that derives from tfmlir::gpu::CompiledGpuFunction
// and an object file holding the program's data: the launch plan's text
// (lib/Support/ABI/LaunchPlan.h), the cubin of its kernels (ptxas for the
// --gpu_arch chip) and the bytes of its constant buffers. The class has the
// same interface as the CPU one (tfmlir::aot::CompiledCpuFunction): one host
// buffer per argument and per result (row-major, 64-byte aligned, zeroed),
// set_arg_data / arg_data / result_data, named accessors in the generated
// class, Run(), error_msg().
//
// Run() opens the GPU on its first call (the CUDA driver, libcuda.so.1, is
// dlopen'ed then: a binary links and starts on a machine without one),
// loads the cubin, uploads the constants once, then per call copies the
// arguments to the device, launches the kernels in plan order on the
// device's stream and copies the results back (runtime/gpu/PlanExecutor).
// Device buffers of temporaries come from the device's caching allocator and
// are reused across calls.
//
// Not thread-safe: one instance runs one Run() at a time (the instance makes
// its context current on the calling thread first, so calls may come from
// different threads in turn).
//
// Link: the object, TFMLIRGPURuntime (runtime/gpu) and its absl and dl
// dependencies. No MLIR, LLVM or protobuf.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_GPU_COMPILEDGPUFUNCTION_H
#define TFMLIR_RUNTIME_GPU_COMPILEDGPUFUNCTION_H

#include "runtime/aot/HostBuffers.h"

#include "absl/status/status.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tfmlir::gpu {

class GpuDevice;
class PlanExecutor;

/// The static description of one compiled GPU program, emitted in the
/// generated header: the data in the object file (plan text, cubin,
/// constants) and the arguments and results (aot::BufferInfo: name, TF
/// dtype, shape; for a result that is a variable's new value the argument
/// it is copied back into).
struct GpuStaticData {
  const char *className;
  const char *planText; ///< serializeLaunchPlan()'s text, NUL-terminated
  const unsigned char *cubin;
  int64_t cubinBytes; ///< 0: the program launches no kernel
  const unsigned char *constants;
  int64_t constantBytes;
  int numArgs;
  const aot::BufferInfo *args;
  int numResults;
  const aot::BufferInfo *results;
};

/// Runs one tf-compile --target=cuda program on buffers it owns (or caller
/// buffers set with set_arg_data).
class CompiledGpuFunction : public aot::HostBuffers {
public:
  /// Allocates the host argument and result buffers (the GPU is opened by
  /// the first Run()). A failed allocation does not throw: every Run()
  /// returns false with a RESOURCE_EXHAUSTED error_msg() and the data
  /// accessors return null. `deviceOrdinal` picks the GPU (0: the first).
  explicit CompiledGpuFunction(const GpuStaticData &data,
                               int deviceOrdinal = 0);
  virtual ~CompiledGpuFunction();
  CompiledGpuFunction(const CompiledGpuFunction &) = delete;
  CompiledGpuFunction &operator=(const CompiledGpuFunction &) = delete;

  /// Runs the program on the current argument buffers and writes the
  /// results (and the variables' new values) into the host buffers.
  /// Returns false and sets error_msg() ("<CODE>: <class>: <message>") when
  /// an argument is null, when there is no CUDA driver or GPU
  /// (FAILED_PRECONDITION / UNAVAILABLE: the first failure is kept and
  /// returned by every later Run()), when the driver rejects the cubin (a
  /// cubin for another architecture: INVALID_ARGUMENT), when device memory
  /// runs out (RESOURCE_EXHAUSTED; the device buffers of the call are
  /// returned to the cache), or when a kernel fails (the CUDA error and the
  /// launches of the call).
  bool Run();

  /// Runs the program's kernels `iterations` times on the arguments the
  /// last successful Run() uploaded and sets `*ms` to the device time of
  /// all of them (CUDA events). False (error_msg()) before a Run(), and
  /// INVALID_ARGUMENT for iterations < 1 or a null `ms`.
  bool TimeKernels(int iterations, float *ms);

  /// The GPU's name ("NVIDIA H200") once a Run() has opened it, else "".
  const std::string &device_name() const { return deviceName_; }

  // error_msg(), set_arg_data, arg_data, result_data, arg_size,
  // result_size, arg_info, result_info, LookupArgIndex, LookupResultIndex:
  // aot::HostBuffers (the CPU class's, too).

private:
  /// Opens the device and loads the program (first Run()).
  bool init();
  /// Sets error_msg() to "<CODE>: <className>: <message>" (as the CPU
  /// class's) and returns false.
  bool failWith(const absl::Status &status);

  const GpuStaticData &data_;
  const int ordinal_;
  std::string deviceName_;
  absl::Status initError_; ///< a failed init(), repeated by every Run()
  bool ran_ = false;       ///< a Run() has uploaded arguments
  std::unique_ptr<GpuDevice> device_;
  std::unique_ptr<PlanExecutor> executor_;
};

} // namespace tfmlir::gpu

#endif // TFMLIR_RUNTIME_GPU_COMPILEDGPUFUNCTION_H
