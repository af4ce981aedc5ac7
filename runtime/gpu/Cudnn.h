//===- Cudnn.h - cuDNN convolutions of a launch plan, loaded at run time --===//
//
// The convolution steps of a LaunchPlan (KernelLaunch::Kind::Conv): XLA:GPU
// sends convolutions to cuDNN, and so do we. libcudnn is dlopen'ed on the
// first plan that needs it (libcudnn.so.9, then libcudnn.so), so programs
// build and start without it and report FailedPrecondition naming the
// libraries tried. Its types come from the CUDA toolkit's cudnn.h at build
// time, in Cudnn.cpp only: this header needs none.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_GPU_CUDNN_H
#define TFMLIR_RUNTIME_GPU_CUDNN_H

#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "absl/status/statusor.h"
#include "lib/Support/ABI/LaunchPlan.h"
#include "runtime/gpu/Device.h"

namespace tfmlir::gpu {

struct CudnnLibrary;

/// One cuDNN handle bound to a GpuDevice's stream, with the algorithm and
/// workspace chosen for each convolution shape it has run. Like GpuDevice,
/// not thread-safe: one per executor.
class CudnnHandle {
public:
  /// Loads libcudnn (once per process) and creates a handle in `device`'s
  /// context, its work enqueued on the device's stream. FailedPrecondition
  /// "no cuDNN: ..." naming the libraries tried when none loads or one
  /// lacks an entry point (or the build had no cudnn.h); the cuDNN status
  /// name when cudnnCreate fails.
  static absl::StatusOr<std::unique_ptr<CudnnHandle>> create(GpuDevice &device);
  ~CudnnHandle();
  CudnnHandle(const CudnnHandle &) = delete;
  CudnnHandle &operator=(const CudnnHandle &) = delete;

  /// Enqueues `c` (see ConvCall: NHWC x and y, KRSC filter) as one
  /// cudnnConvolutionForward on the device's stream. The algorithm is
  /// cuDNN's first heuristic choice (cudnnGetConvolutionForwardAlgorithm_v7)
  /// that works with FMA math (CUDNN_FMA_MATH: no TF32), picked once per
  /// shape; its workspace is allocated from the device and kept (the
  /// largest so far). `what` names the step (and its TF node) in errors,
  /// which carry the cuDNN status name: CUDNN_STATUS_BAD_PARAM* and
  /// NOT_SUPPORTED* are InvalidArgument, a workspace that does not fit
  /// ResourceExhausted, others Internal. With an epilogue (ConvCall::
  /// epilogue, `bias` k floats) it is one
  /// cudnnConvolutionBiasActivationForward instead (identity or ReLU with
  /// NaN propagated, as TF's Relu; cuDNN runs the ReLU form with its
  /// IMPLICIT_PRECOMP_GEMM algorithm only).
  absl::Status conv(const ConvCall &c, CUdeviceptr x, CUdeviceptr filter,
                    CUdeviceptr y, const std::string &what,
                    CUdeviceptr bias = 0);

private:
  CudnnHandle(GpuDevice &device) : device_(device) {}
  GpuDevice &device_;
  const CudnnLibrary *lib_ = nullptr;
  void *handle_ = nullptr; ///< cudnnHandle_t
  CUdeviceptr workspace_ = 0;
  size_t workspaceBytes_ = 0;
  /// The algorithm (cudnnConvolutionFwdAlgo_t) and workspace bytes chosen
  /// per convolution shape.
  using Shape = std::tuple<int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,
                           int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,
                           int64_t, int64_t, int64_t>;
  std::map<Shape, std::pair<int, size_t>> algorithms_;
};

} // namespace tfmlir::gpu

#endif
