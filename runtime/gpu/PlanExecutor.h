//===- PlanExecutor.h - run a compiled GPU program (launch plan + cubin) --===//
#ifndef TFMLIR_RUNTIME_GPU_PLANEXECUTOR_H
#define TFMLIR_RUNTIME_GPU_PLANEXECUTOR_H

#include <memory>
#include <vector>

#include "lib/Support/ABI/LaunchPlan.h"
#include "runtime/gpu/Cublas.h"
#include "runtime/gpu/Cudnn.h"
#include "runtime/gpu/Device.h"

namespace tfmlir::gpu {

/// Executes a LaunchPlan on a GpuDevice: constants are uploaded once at
/// create(); each run() uploads the inputs, allocates the temporaries from
/// the device's caching allocator, runs the steps on the device's stream
/// (kernels with each memref argument one device pointer and scalars by
/// value, GEMMs through cuBLAS (runtime/gpu/Cublas.h), convolutions
/// through cuDNN (runtime/gpu/Cudnn.h), device-to-device copies), following
/// Branch and Jump steps from the host (a Branch waits for the steps before it
/// and reads its scalar back: XLA:GPU's host-driven While and Conditional; a
/// loop runs until its predicate is false, with no iteration limit, as in TF),
/// downloads the results and returns the buffers to the cache.
class PlanExecutor {
public:
  /// Loads `image` (the plan's cubin) and resolves every kernel the plan
  /// launches, creates a cuBLAS handle when the plan has GEMMs and a cuDNN
  /// handle when it has convolutions; uploads `plan.constants`. Errors: the
  /// module load, a missing kernel (NotFound naming it), no cuBLAS or no
  /// cuDNN (FailedPrecondition), device memory (ResourceExhausted).
  static absl::StatusOr<std::unique_ptr<PlanExecutor>>
  create(GpuDevice &device, LaunchPlan plan, const std::string &image);
  ~PlanExecutor();

  /// One input: `bytes` bytes, row-major, of the plan's input dtype (bool
  /// one byte per element), on the host at `data`, or already on the
  /// device at `device` (nonzero; e.g. a Session variable kept there): the
  /// run reads it in place (kernels never write inputs) and neither
  /// uploads nor frees it.
  struct HostInput {
    const void *data = nullptr;
    size_t bytes = 0;
    CUdeviceptr device = 0;
  };

  /// Runs the program on `inputs` (one per entry argument, sizes as in the
  /// plan: InvalidArgument otherwise) and returns each result's bytes.
  /// With `syncEachLaunch`, synchronizes after every kernel so that an
  /// error names the kernel that failed; otherwise an asynchronous kernel
  /// error names the launches of the run. When `keep` is given (one flag
  /// per result), each kept result is also copied into a new device buffer
  /// (GpuDevice::allocate; the caller owns it and returns it with
  /// GpuDevice::release), whose address goes to `kept` (0 for the others);
  /// on an error none is left allocated.
  absl::StatusOr<std::vector<std::vector<uint8_t>>>
  run(const std::vector<HostInput> &inputs, bool syncEachLaunch = false,
      const std::vector<bool> *keep = nullptr,
      std::vector<CUdeviceptr> *kept = nullptr);

  /// Launches the plan's kernels `iterations` times on inputs already
  /// uploaded by the last run() (their device copies are kept until the
  /// next run()) and returns the device milliseconds of all iterations
  /// (CUDA events). FailedPrecondition before a run().
  absl::StatusOr<float> timeKernels(int iterations);

  const LaunchPlan &plan() const { return plan_; }

private:
  PlanExecutor(GpuDevice &device) : device_(device) {}
  absl::Status launchAll(bool syncEachLaunch, bool syncAtEnd);
  void releaseRunBuffers();

  GpuDevice &device_;
  LaunchPlan plan_;
  std::unique_ptr<GpuModule> module_;
  std::unique_ptr<CublasHandle> cublas_; ///< when the plan has GEMMs
  std::unique_ptr<CudnnHandle> cudnn_;   ///< when the plan has convolutions
  std::vector<CUfunction> functions_;    ///< per launch (null for a GEMM)
  std::vector<CUdeviceptr> ptrs_;        ///< per buffer (0 = not allocated)
  std::vector<bool> runOwned_;           ///< per buffer: allocated by run()
};

} // namespace tfmlir::gpu

#endif
