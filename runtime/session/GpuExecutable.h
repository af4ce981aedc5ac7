//===- GpuExecutable.h - a Session's whole graph on an NVIDIA GPU ---------===//
//
// SessionOptions::device "/device:GPU:N": the whole pruned graph, lowered
// to hlo as for the CPU, is compiled by compileHLOForGPU
// (lib/Pipelines/GpuCompile.h: kernels, cuBLAS steps, the launch plan;
// ptxas's cubin, or PTX that the driver compiles when no ptxas is
// installed) and run by runtime/gpu's PlanExecutor: each Run copies the
// feeds to the device, launches the plan on the device's stream and copies
// the fetches back. Variables stay on the device between Runs
// (SessionGpu::variables): a value the device already holds is not
// uploaded again. Built only where the CUDA
// toolkit's headers exist (TFMLIR_HAVE_CUDA_RUNTIME); libcuda is loaded at
// run time.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_GPUEXECUTABLE_H
#define TFMLIR_RUNTIME_SESSION_GPUEXECUTABLE_H

#include "runtime/session/CpuExecutable.h"
#include "runtime/session/Tensor.h"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace tfmlir::gpu {
class GpuDevice;
class PlanExecutor;
} // namespace tfmlir::gpu

namespace tfmlir::session {

/// The GPU of one Session: the device (its context, stream and caching
/// allocator), shared by the Session's executables, and the lock their
/// loads and runs take turns on (a GpuDevice is not thread-safe; the
/// Session's concurrent Runs on one GPU are serialized).
struct SessionGpu {
  std::unique_ptr<gpu::GpuDevice> device;
  std::mutex mu;
  int ordinal = 0;
  /// The SM architecture the kernels are compiled for: "sm_<compute
  /// capability>" of the device ("sm_90" on an H100/H200).
  std::string arch;

  /// A Session variable's value kept on the device (issue 15 §3: variables
  /// live on the device between Runs). `host` is the value it copies,
  /// sharing the Session's host buffer: the copy is current exactly while
  /// the variable still holds that buffer (a variable's new value is always
  /// a new buffer: Session::Run stores the new Tensor). `ptr` is the device
  /// buffer (GpuDevice::allocate) of `bytes` bytes.
  struct DeviceVariable {
    Tensor host;
    uint64_t ptr = 0;
    size_t bytes = 0;
  };
  /// By variable key ("localhost/v", as Session::variableValue); guarded
  /// by `mu`; released by dropVariables() and ~SessionGpu.
  std::map<std::string, DeviceVariable> variables;
  /// Records `ptr` (from PlanExecutor::run's `kept`, `bytes` bytes) as the
  /// device copy of variable `key`'s new value `host`, releasing the
  /// previous copy. Takes `mu`.
  void keepVariable(const std::string &key, const Tensor &host, uint64_t ptr,
                    size_t bytes);
  /// Releases every device copy of a variable (Session::Close). Takes `mu`.
  void dropVariables();
  /// Device bytes held by variable copies. Takes `mu`.
  size_t variableBytes();
  ~SessionGpu();

  /// Opens GPU `ordinal` through the CUDA driver. FailedPrecondition
  /// "no CUDA driver: libcuda.so.1 not found ..." without a driver,
  /// Unavailable when the device does not exist (TF: "... not a valid
  /// device"), both naming the device as "/device:GPU:<ordinal>".
  static absl::StatusOr<std::shared_ptr<SessionGpu>> open(int ordinal);
};

/// One compiled function on a Session's GPU. run() may be called from
/// several threads (they take turns on the device).
class GpuExecutable {
public:
  ~GpuExecutable();

  /// Compiles public function `entry` of `hlo` (static shapes; the module
  /// lowerGraphToHLO made, unmodified) for `gpu` and loads it there.
  /// Errors: InvalidArgument for an unsupported signature type;
  /// Unimplemented with the GPU path's diagnostics (naming the TF node)
  /// for an op the GPU path cannot run (e.g. host-side control flow);
  /// Internal when ptxas fails; the driver's error when the module does
  /// not load; FailedPrecondition without cuBLAS for a graph with matrix
  /// products; ResourceExhausted when the constants do not fit.
  /// `maxRunBytes` (SessionOptions::max_run_memory_bytes, 0 = none) bounds
  /// the device buffers of one run: see runViews().
  static absl::StatusOr<std::unique_ptr<GpuExecutable>>
  compile(mlir::ModuleOp hlo, const std::string &entry,
          std::shared_ptr<SessionGpu> gpu, int64_t maxRunBytes = 0);

  /// Bytes of device buffers one run allocates: the plan's inputs and
  /// temporaries (results included), all live for the whole run (the plan
  /// allocates them at its start).
  int64_t runBytes() const { return runBytes_; }

  const std::vector<TensorSpec> &inputSpecs() const { return inputs_; }
  const std::vector<TensorSpec> &outputSpecs() const { return outputs_; }
  /// Kernel launches and cuBLAS GEMMs of one run.
  int numKernelLaunches() const { return kernelLaunches_; }
  int numGemmCalls() const { return gemmCalls_; }

  /// The Session's variables among a run's arguments and results.
  struct Variables {
    /// Argument `arg` reads variable `key`, whose current value is
    /// `*value` (its view is inputs[arg]).
    struct Read {
      int arg;
      std::string key;
      const Tensor *value;
    };
    /// Result `result` is variable `key`'s new value.
    struct Write {
      int result;
      std::string key;
    };
    std::vector<Read> reads;
    std::vector<Write> writes;
  };

  /// Runs the function on `inputs` (one per argument, same dtype and
  /// shape: InvalidArgument naming the argument otherwise): uploads them,
  /// launches the plan, downloads the results into new host tensors.
  /// With `variables`: a variable argument whose value the device already
  /// holds (SessionGpu::variables) is read there, otherwise it is uploaded
  /// once into a new device copy that later Runs reuse; each written
  /// variable's result is also kept in a new device buffer, returned in
  /// `kept` (by result index, 0 for the others) for the caller to record
  /// with SessionGpu::keepVariable once the new value is stored (or to
  /// release). Device errors carry the CUDA or cuBLAS error name and the
  /// kernel and TF node that failed (ResourceExhausted for device memory).
  /// ResourceExhausted before anything runs when runBytes() is over the
  /// compile's `maxRunBytes`.
  absl::StatusOr<std::vector<HostTensor>>
  runViews(const std::vector<TensorView> &inputs,
           const Variables *variables = nullptr,
           std::vector<uint64_t> *kept = nullptr) const;
  /// Returns a buffer of runViews' `kept` to the device (a write the
  /// Session did not store, e.g. a Run cancelled by Close()).
  void releaseKept(uint64_t ptr) const;

private:
  GpuExecutable() = default;
  std::shared_ptr<SessionGpu> gpu_;
  std::unique_ptr<gpu::PlanExecutor> exe_;
  std::vector<TensorSpec> inputs_, outputs_;
  int kernelLaunches_ = 0, gemmCalls_ = 0;
  int64_t runBytes_ = 0, maxRunBytes_ = 0;
  std::string entry_;
};

} // namespace tfmlir::session

#endif
