//===- Cudnn.cpp - dlopen libcudnn, cudnnConvolutionForward ---------------===//
#include "runtime/gpu/Cudnn.h"
#include "runtime/gpu/Symbols.h"

#include "absl/strings/str_cat.h"

#if TFMLIR_HAVE_CUDNN_H
// The legacy (v7-style) convolution API is deprecated in cuDNN 9 in favour
// of the graph API, but kept and complete for forward convolutions.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <cudnn.h>

namespace tfmlir::gpu {

/// The cuDNN entry points the runtime uses (cudnn.h's prototypes).
struct CudnnLibrary {
  std::string name;
  decltype(&::cudnnCreate) create;
  decltype(&::cudnnDestroy) destroy;
  decltype(&::cudnnSetStream) setStream;
  decltype(&::cudnnGetErrorString) errorString;
  decltype(&::cudnnCreateTensorDescriptor) createTensor;
  decltype(&::cudnnSetTensor4dDescriptor) setTensor4d;
  decltype(&::cudnnDestroyTensorDescriptor) destroyTensor;
  decltype(&::cudnnCreateFilterDescriptor) createFilter;
  decltype(&::cudnnSetFilter4dDescriptor) setFilter4d;
  decltype(&::cudnnDestroyFilterDescriptor) destroyFilter;
  decltype(&::cudnnCreateConvolutionDescriptor) createConv;
  decltype(&::cudnnSetConvolution2dDescriptor) setConv2d;
  decltype(&::cudnnSetConvolutionGroupCount) setGroups;
  decltype(&::cudnnSetConvolutionMathType) setMath;
  decltype(&::cudnnDestroyConvolutionDescriptor) destroyConv;
  decltype(&::cudnnGetConvolutionForwardAlgorithm_v7) algorithms;
  decltype(&::cudnnGetConvolutionForwardWorkspaceSize) workspaceSize;
  decltype(&::cudnnConvolutionForward) forward;
  decltype(&::cudnnCreateActivationDescriptor) createActivation;
  decltype(&::cudnnSetActivationDescriptor) setActivation;
  decltype(&::cudnnDestroyActivationDescriptor) destroyActivation;
  decltype(&::cudnnConvolutionBiasActivationForward) biasActivationForward;
};

namespace {

absl::StatusOr<const CudnnLibrary *> loadCudnn() {
  absl::StatusOr<OpenedLibrary> lib =
      openFirst({"libcudnn.so.9", "libcudnn.so"}, "cuDNN",
                "the program convolves with cuDNN", "libcudnn");
  if (!lib.ok())
    return lib.status();
  auto *l = new CudnnLibrary();
  l->name = lib->name;
  SymbolResolver sym(lib->handle);
  sym.bind(l->create, "cudnnCreate");
  sym.bind(l->destroy, "cudnnDestroy");
  sym.bind(l->setStream, "cudnnSetStream");
  sym.bind(l->errorString, "cudnnGetErrorString");
  sym.bind(l->createTensor, "cudnnCreateTensorDescriptor");
  sym.bind(l->setTensor4d, "cudnnSetTensor4dDescriptor");
  sym.bind(l->destroyTensor, "cudnnDestroyTensorDescriptor");
  sym.bind(l->createFilter, "cudnnCreateFilterDescriptor");
  sym.bind(l->setFilter4d, "cudnnSetFilter4dDescriptor");
  sym.bind(l->destroyFilter, "cudnnDestroyFilterDescriptor");
  sym.bind(l->createConv, "cudnnCreateConvolutionDescriptor");
  sym.bind(l->setConv2d, "cudnnSetConvolution2dDescriptor");
  sym.bind(l->setGroups, "cudnnSetConvolutionGroupCount");
  sym.bind(l->setMath, "cudnnSetConvolutionMathType");
  sym.bind(l->destroyConv, "cudnnDestroyConvolutionDescriptor");
  sym.bind(l->algorithms, "cudnnGetConvolutionForwardAlgorithm_v7");
  sym.bind(l->workspaceSize, "cudnnGetConvolutionForwardWorkspaceSize");
  sym.bind(l->forward, "cudnnConvolutionForward");
  sym.bind(l->createActivation, "cudnnCreateActivationDescriptor");
  sym.bind(l->setActivation, "cudnnSetActivationDescriptor");
  sym.bind(l->destroyActivation, "cudnnDestroyActivationDescriptor");
  sym.bind(l->biasActivationForward, "cudnnConvolutionBiasActivationForward");
  if (!sym.missing().empty()) {
    std::string missing = sym.missing();
    delete l;
    return absl::FailedPreconditionError(
        absl::StrCat("no cuDNN: ", lib->name, " lacks ", missing));
  }
  return l;
}

absl::StatusOr<const CudnnLibrary *> cudnn() {
  // Loaded once per process; the library stays loaded.
  static absl::StatusOr<const CudnnLibrary *> lib = loadCudnn();
  return lib;
}

absl::Status statusOf(const CudnnLibrary &l, cudnnStatus_t s,
                      const std::string &what) {
  if (s == CUDNN_STATUS_SUCCESS)
    return absl::OkStatus();
  std::string msg =
      absl::StrCat(what, ": ", l.errorString(s), " (", int(s), ")");
  int category = int(s) / 1000 * 1000;
  if (category == CUDNN_STATUS_BAD_PARAM ||
      category == CUDNN_STATUS_NOT_SUPPORTED)
    return absl::InvalidArgumentError(msg);
  return absl::InternalError(msg);
}

/// The descriptors of one convolution, destroyed with it.
struct Descriptors {
  const CudnnLibrary &l;
  cudnnTensorDescriptor_t x = nullptr, y = nullptr, bias = nullptr;
  cudnnFilterDescriptor_t f = nullptr;
  cudnnConvolutionDescriptor_t conv = nullptr;
  cudnnActivationDescriptor_t act = nullptr;
  explicit Descriptors(const CudnnLibrary &l) : l(l) {}
  ~Descriptors() {
    if (x)
      l.destroyTensor(x);
    if (y)
      l.destroyTensor(y);
    if (bias)
      l.destroyTensor(bias);
    if (act)
      l.destroyActivation(act);
    if (f)
      l.destroyFilter(f);
    if (conv)
      l.destroyConv(conv);
  }
  cudnnStatus_t make(const ConvCall &c) {
    cudnnStatus_t s;
    auto i = [](int64_t v) { return static_cast<int>(v); };
    if ((s = l.createTensor(&x)) || (s = l.createTensor(&y)) ||
        (s = l.createFilter(&f)) || (s = l.createConv(&conv)))
      return s;
    if ((s = l.setTensor4d(x, CUDNN_TENSOR_NHWC, CUDNN_DATA_FLOAT, i(c.n),
                           i(c.c), i(c.h), i(c.w))) ||
        (s = l.setTensor4d(y, CUDNN_TENSOR_NHWC, CUDNN_DATA_FLOAT, i(c.n),
                           i(c.k), i(c.outH), i(c.outW))) ||
        (s = l.setFilter4d(f, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NHWC, i(c.k),
                           i(c.c / c.groups), i(c.kh), i(c.kw))) ||
        (s = l.setConv2d(conv, i(c.padH), i(c.padW), i(c.strideH), i(c.strideW),
                         i(c.dilH), i(c.dilW), CUDNN_CROSS_CORRELATION,
                         CUDNN_DATA_FLOAT)) ||
        (s = l.setGroups(conv, i(c.groups))) ||
        (s = l.setMath(conv, CUDNN_FMA_MATH)))
      return s;
    if (c.epilogue == GemmEpilogue::None)
      return CUDNN_STATUS_SUCCESS;
    // The bias as an NCHW [1, k, 1, 1] tensor; ReLU keeps NaN (TF's Relu).
    if ((s = l.createTensor(&bias)) ||
        (s = l.setTensor4d(bias, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, i(c.k),
                           1, 1)) ||
        (s = l.createActivation(&act)))
      return s;
    return l.setActivation(act,
                           c.epilogue == GemmEpilogue::ReluBias
                               ? CUDNN_ACTIVATION_RELU
                               : CUDNN_ACTIVATION_IDENTITY,
                           CUDNN_PROPAGATE_NAN, 0.0);
  }
};

} // namespace

absl::StatusOr<std::unique_ptr<CudnnHandle>>
CudnnHandle::create(GpuDevice &device) {
  absl::StatusOr<const CudnnLibrary *> lib = cudnn();
  if (!lib.ok())
    return lib.status();
  if (absl::Status s = device.makeCurrent(); !s.ok())
    return s;
  std::unique_ptr<CudnnHandle> h(new CudnnHandle(device));
  h->lib_ = *lib;
  cudnnHandle_t handle = nullptr;
  if (absl::Status s = statusOf(**lib, (*lib)->create(&handle), "cudnnCreate");
      !s.ok())
    return s;
  h->handle_ = handle;
  if (absl::Status s =
          statusOf(**lib,
                   (*lib)->setStream(
                       handle, reinterpret_cast<cudaStream_t>(device.stream())),
                   "cudnnSetStream");
      !s.ok())
    return s;
  return h;
}

CudnnHandle::~CudnnHandle() {
  if (workspace_)
    device_.release(workspace_);
  if (handle_)
    lib_->destroy(static_cast<cudnnHandle_t>(handle_));
}

absl::Status CudnnHandle::conv(const ConvCall &c, CUdeviceptr x,
                               CUdeviceptr filter, CUdeviceptr y,
                               const std::string &what, CUdeviceptr bias) {
  const CudnnLibrary &l = *lib_;
  auto handle = static_cast<cudnnHandle_t>(handle_);
  Descriptors d(l);
  if (absl::Status s = statusOf(l, d.make(c), "cuDNN descriptors of " + what);
      !s.ok())
    return s;
  bool relu = c.epilogue == GemmEpilogue::ReluBias;
  Shape shape{c.n,    c.h,    c.w,       c.c,       c.k,
              c.kh,   c.kw,   c.strideH, c.strideW, c.dilH,
              c.dilW, c.padH, c.padW,    c.groups,  relu ? 1 : 0};
  auto it = algorithms_.find(shape);
  if (it == algorithms_.end()) {
    cudnnConvolutionFwdAlgoPerf_t perf[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];
    int returned = 0;
    if (absl::Status s = statusOf(
            l,
            l.algorithms(handle, d.x, d.f, d.conv, d.y,
                         CUDNN_CONVOLUTION_FWD_ALGO_COUNT, &returned, perf),
            "cudnnGetConvolutionForwardAlgorithm_v7 for " + what);
        !s.ok())
      return s;
    int algo = -1;
    size_t bytes = 0;
    for (int i = 0; i < returned && algo < 0; ++i) {
      // The fused ReLU runs with IMPLICIT_PRECOMP_GEMM only.
      if (relu &&
          perf[i].algo != CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM)
        continue;
      if (perf[i].status != CUDNN_STATUS_SUCCESS ||
          perf[i].mathType == CUDNN_TENSOR_OP_MATH ||
          perf[i].mathType == CUDNN_TENSOR_OP_MATH_ALLOW_CONVERSION)
        continue;
      size_t need = 0;
      if (l.workspaceSize(handle, d.x, d.f, d.conv, d.y, perf[i].algo, &need) !=
          CUDNN_STATUS_SUCCESS)
        continue;
      algo = perf[i].algo;
      bytes = need;
    }
    if (algo < 0 && relu) {
      // Not among the heuristics' choices: ask for it directly.
      size_t need = 0;
      if (l.workspaceSize(handle, d.x, d.f, d.conv, d.y,
                          CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM,
                          &need) == CUDNN_STATUS_SUCCESS) {
        algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
        bytes = need;
      }
    }
    if (algo < 0)
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": cuDNN has no FMA-math forward algorithm for "
                             "this convolution"));
    it = algorithms_.emplace(shape, std::make_pair(algo, bytes)).first;
  }
  auto [algo, bytes] = it->second;
  if (bytes > workspaceBytes_) {
    if (workspace_)
      device_.release(workspace_);
    workspace_ = 0;
    workspaceBytes_ = 0;
    absl::StatusOr<CUdeviceptr> ws = device_.allocate(bytes);
    if (!ws.ok())
      return absl::ResourceExhaustedError(
          absl::StrCat(what, ": the cuDNN workspace of ", bytes,
                       " bytes: ", ws.status().message()));
    workspace_ = *ws;
    workspaceBytes_ = bytes;
  }
  float alpha = 1.0f, beta = c.accumulate ? 1.0f : 0.0f;
  if (c.epilogue != GemmEpilogue::None) {
    // y = act(conv(x) + 0 * z + bias), z = y.
    float zero = 0.0f;
    return statusOf(l,
                    l.biasActivationForward(
                        handle, &alpha, d.x, reinterpret_cast<const void *>(x),
                        d.f, reinterpret_cast<const void *>(filter), d.conv,
                        static_cast<cudnnConvolutionFwdAlgo_t>(algo),
                        reinterpret_cast<void *>(workspace_), workspaceBytes_,
                        &zero, d.y, reinterpret_cast<const void *>(y), d.bias,
                        reinterpret_cast<const void *>(bias), d.act, d.y,
                        reinterpret_cast<void *>(y)),
                    "cudnnConvolutionBiasActivationForward for " + what);
  }
  return statusOf(
      l,
      l.forward(handle, &alpha, d.x, reinterpret_cast<const void *>(x), d.f,
                reinterpret_cast<const void *>(filter), d.conv,
                static_cast<cudnnConvolutionFwdAlgo_t>(algo),
                reinterpret_cast<void *>(workspace_), workspaceBytes_, &beta,
                d.y, reinterpret_cast<void *>(y)),
      "cudnnConvolutionForward for " + what);
}

} // namespace tfmlir::gpu

#pragma GCC diagnostic pop

#else // no cudnn.h at build time

namespace tfmlir::gpu {

struct CudnnLibrary {};

absl::StatusOr<std::unique_ptr<CudnnHandle>> CudnnHandle::create(GpuDevice &) {
  return absl::FailedPreconditionError(
      "no cuDNN: this build of runtime/gpu had no cudnn.h (install cuDNN's "
      "headers next to the CUDA toolkit's and rebuild)");
}
CudnnHandle::~CudnnHandle() = default;
absl::Status CudnnHandle::conv(const ConvCall &, CUdeviceptr, CUdeviceptr,
                               CUdeviceptr, const std::string &, CUdeviceptr) {
  return absl::FailedPreconditionError("no cuDNN");
}

} // namespace tfmlir::gpu

#endif
