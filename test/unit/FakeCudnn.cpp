//===- FakeCudnn.cpp - a host stand-in for libcudnn (tests) ---------------===//
//
// Built as test/unit/fakecuda/libcudnn.so.9 next to FakeCuda.cpp's
// libcuda.so.1, whose "device memory" is host memory: so the convolution
// steps of a launch plan (runtime/gpu/Cudnn.h) really compute here, with
// cuDNN's documented semantics of cudnnConvolutionForward for NHWC tensors
// and NHWC (KRSC) filters (cross-correlation, symmetric zero padding,
// strides, dilations, groups, alpha/beta), in double precision, and the
// tests check our plans against a host reference. Only float32 NHWC is
// accepted (CUDNN_STATUS_NOT_SUPPORTED otherwise), as our plans use. Never
// linked into anything shipped.
//===----------------------------------------------------------------------===//
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <cudnn.h>

#include <cmath>
#include <vector>

namespace {
struct TensorDesc {
  cudnnTensorFormat_t format = CUDNN_TENSOR_NCHW;
  cudnnDataType_t type = CUDNN_DATA_FLOAT;
  int n = 0, c = 0, h = 0, w = 0;
};
struct FilterDesc {
  cudnnDataType_t type = CUDNN_DATA_FLOAT;
  cudnnTensorFormat_t format = CUDNN_TENSOR_NCHW;
  int k = 0, c = 0, h = 0, w = 0;
};
struct ActivationDesc {
  cudnnActivationMode_t mode = CUDNN_ACTIVATION_IDENTITY;
  cudnnNanPropagation_t nan = CUDNN_NOT_PROPAGATE_NAN;
};
struct ConvDesc {
  int padH = 0, padW = 0, u = 1, v = 1, dilH = 1, dilW = 1, groups = 1;
  cudnnMathType_t math = CUDNN_DEFAULT_MATH;
};
int convCalls = 0;
int liveObjects = 0;
} // namespace

extern "C" {

/// Test hooks: convolutions computed so far; handles and descriptors
/// alive.
int tfmlirFakeConvCount() { return convCalls; }
int tfmlirFakeCudnnObjects() { return liveObjects; }

cudnnStatus_t cudnnCreate(cudnnHandle_t *h) {
  ++liveObjects;
  *h = reinterpret_cast<cudnnHandle_t>(0x20);
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnDestroy(cudnnHandle_t) {
  --liveObjects;
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetStream(cudnnHandle_t, cudaStream_t) {
  return CUDNN_STATUS_SUCCESS;
}
const char *cudnnGetErrorString(cudnnStatus_t s) {
  switch (s) {
  case CUDNN_STATUS_SUCCESS:
    return "CUDNN_STATUS_SUCCESS";
  case CUDNN_STATUS_BAD_PARAM:
    return "CUDNN_STATUS_BAD_PARAM";
  case CUDNN_STATUS_NOT_SUPPORTED:
    return "CUDNN_STATUS_NOT_SUPPORTED";
  default:
    return "CUDNN_STATUS_INTERNAL_ERROR";
  }
}
cudnnStatus_t cudnnCreateTensorDescriptor(cudnnTensorDescriptor_t *d) {
  ++liveObjects;
  *d = reinterpret_cast<cudnnTensorDescriptor_t>(new TensorDesc());
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetTensor4dDescriptor(cudnnTensorDescriptor_t d,
                                         cudnnTensorFormat_t format,
                                         cudnnDataType_t type, int n, int c,
                                         int h, int w) {
  if (n < 1 || c < 1 || h < 1 || w < 1)
    return CUDNN_STATUS_BAD_PARAM;
  *reinterpret_cast<TensorDesc *>(d) = {format, type, n, c, h, w};
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnDestroyTensorDescriptor(cudnnTensorDescriptor_t d) {
  --liveObjects;
  delete reinterpret_cast<TensorDesc *>(d);
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnCreateFilterDescriptor(cudnnFilterDescriptor_t *d) {
  ++liveObjects;
  *d = reinterpret_cast<cudnnFilterDescriptor_t>(new FilterDesc());
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetFilter4dDescriptor(cudnnFilterDescriptor_t d,
                                         cudnnDataType_t type,
                                         cudnnTensorFormat_t format, int k,
                                         int c, int h, int w) {
  if (k < 1 || c < 1 || h < 1 || w < 1)
    return CUDNN_STATUS_BAD_PARAM;
  *reinterpret_cast<FilterDesc *>(d) = {type, format, k, c, h, w};
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnDestroyFilterDescriptor(cudnnFilterDescriptor_t d) {
  --liveObjects;
  delete reinterpret_cast<FilterDesc *>(d);
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t
cudnnCreateConvolutionDescriptor(cudnnConvolutionDescriptor_t *d) {
  ++liveObjects;
  *d = reinterpret_cast<cudnnConvolutionDescriptor_t>(new ConvDesc());
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetConvolution2dDescriptor(cudnnConvolutionDescriptor_t d,
                                              int padH, int padW, int u, int v,
                                              int dilH, int dilW,
                                              cudnnConvolutionMode_t mode,
                                              cudnnDataType_t) {
  if (padH < 0 || padW < 0 || u < 1 || v < 1 || dilH < 1 || dilW < 1 ||
      mode != CUDNN_CROSS_CORRELATION)
    return CUDNN_STATUS_BAD_PARAM;
  auto *c = reinterpret_cast<ConvDesc *>(d);
  c->padH = padH;
  c->padW = padW;
  c->u = u;
  c->v = v;
  c->dilH = dilH;
  c->dilW = dilW;
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetConvolutionGroupCount(cudnnConvolutionDescriptor_t d,
                                            int groups) {
  if (groups < 1)
    return CUDNN_STATUS_BAD_PARAM;
  reinterpret_cast<ConvDesc *>(d)->groups = groups;
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetConvolutionMathType(cudnnConvolutionDescriptor_t d,
                                          cudnnMathType_t m) {
  reinterpret_cast<ConvDesc *>(d)->math = m;
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t
cudnnDestroyConvolutionDescriptor(cudnnConvolutionDescriptor_t d) {
  --liveObjects;
  delete reinterpret_cast<ConvDesc *>(d);
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnGetConvolutionForwardAlgorithm_v7(
    cudnnHandle_t, const cudnnTensorDescriptor_t, const cudnnFilterDescriptor_t,
    const cudnnConvolutionDescriptor_t d, const cudnnTensorDescriptor_t,
    const int requested, int *returned, cudnnConvolutionFwdAlgoPerf_t *perf) {
  if (requested < 2)
    return CUDNN_STATUS_BAD_PARAM;
  // A tensor-op algorithm first (the runtime must skip it: no TF32), then
  // an FMA one.
  perf[0] = {};
  perf[0].algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM;
  perf[0].status = CUDNN_STATUS_SUCCESS;
  perf[0].mathType = CUDNN_TENSOR_OP_MATH;
  perf[1] = {};
  perf[1].algo = CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM;
  perf[1].status = CUDNN_STATUS_SUCCESS;
  perf[1].mathType = reinterpret_cast<const ConvDesc *>(d)->math;
  *returned = 2;
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnGetConvolutionForwardWorkspaceSize(
    cudnnHandle_t, const cudnnTensorDescriptor_t, const cudnnFilterDescriptor_t,
    const cudnnConvolutionDescriptor_t, const cudnnTensorDescriptor_t,
    cudnnConvolutionFwdAlgo_t, size_t *size) {
  *size = 4096;
  return CUDNN_STATUS_SUCCESS;
}
} // extern "C"

namespace {
/// Checks the descriptors (float32 NHWC, FMA math, consistent sizes) and
/// calls `store(index of y, conv sum)` for each output element.
template <typename Store>
cudnnStatus_t convolve(const cudnnTensorDescriptor_t xDesc, const void *x,
                       const cudnnFilterDescriptor_t wDesc, const void *w,
                       const cudnnConvolutionDescriptor_t convDesc,
                       void *workspace, size_t workspaceBytes,
                       const cudnnTensorDescriptor_t yDesc, Store store) {
  const auto &xd = *reinterpret_cast<const TensorDesc *>(xDesc);
  const auto &yd = *reinterpret_cast<const TensorDesc *>(yDesc);
  const auto &fd = *reinterpret_cast<const FilterDesc *>(wDesc);
  const auto &cd = *reinterpret_cast<const ConvDesc *>(convDesc);
  if (xd.format != CUDNN_TENSOR_NHWC || yd.format != CUDNN_TENSOR_NHWC ||
      fd.format != CUDNN_TENSOR_NHWC || xd.type != CUDNN_DATA_FLOAT ||
      yd.type != CUDNN_DATA_FLOAT || fd.type != CUDNN_DATA_FLOAT)
    return CUDNN_STATUS_NOT_SUPPORTED;
  if (cd.math != CUDNN_FMA_MATH)
    return CUDNN_STATUS_NOT_SUPPORTED; // our plans never allow TF32
  if (!workspace || workspaceBytes < 4096)
    return CUDNN_STATUS_BAD_PARAM;
  int g = cd.groups;
  if (xd.c % g || fd.k % g || fd.c != xd.c / g || yd.c != fd.k || yd.n != xd.n)
    return CUDNN_STATUS_BAD_PARAM;
  int effH = cd.dilH * (fd.h - 1) + 1, effW = cd.dilW * (fd.w - 1) + 1;
  if ((xd.h + 2 * cd.padH - effH) / cd.u + 1 != yd.h ||
      (xd.w + 2 * cd.padW - effW) / cd.v + 1 != yd.w)
    return CUDNN_STATUS_BAD_PARAM;
  ++convCalls;
  const float *xs = static_cast<const float *>(x);
  const float *ws = static_cast<const float *>(w);
  int cg = xd.c / g, kg = fd.k / g;
  for (int n = 0; n < yd.n; ++n)
    for (int i = 0; i < yd.h; ++i)
      for (int j = 0; j < yd.w; ++j)
        for (int o = 0; o < yd.c; ++o) {
          double sum = 0;
          int group = o / kg;
          for (int di = 0; di < fd.h; ++di) {
            int r = i * cd.u - cd.padH + di * cd.dilH;
            if (r < 0 || r >= xd.h)
              continue;
            for (int dj = 0; dj < fd.w; ++dj) {
              int s = j * cd.v - cd.padW + dj * cd.dilW;
              if (s < 0 || s >= xd.w)
                continue;
              for (int e = 0; e < cg; ++e)
                sum +=
                    double(xs[((size_t(n) * xd.h + r) * xd.w + s) * xd.c +
                              group * cg + e]) *
                    double(
                        ws[((size_t(o) * fd.h + di) * fd.w + dj) * fd.c + e]);
            }
          }
          store(((size_t(n) * yd.h + i) * yd.w + j) * yd.c + o, o, sum);
        }
  return CUDNN_STATUS_SUCCESS;
}
} // namespace

extern "C" {

cudnnStatus_t cudnnConvolutionForward(
    cudnnHandle_t, const void *alpha, const cudnnTensorDescriptor_t xDesc,
    const void *x, const cudnnFilterDescriptor_t wDesc, const void *w,
    const cudnnConvolutionDescriptor_t convDesc, cudnnConvolutionFwdAlgo_t,
    void *workspace, size_t workspaceBytes, const void *beta,
    const cudnnTensorDescriptor_t yDesc, void *y) {
  float a = *static_cast<const float *>(alpha),
        b = *static_cast<const float *>(beta);
  float *ys = static_cast<float *>(y);
  return convolve(xDesc, x, wDesc, w, convDesc, workspace, workspaceBytes,
                  yDesc, [&](size_t i, int, double sum) {
                    ys[i] = float(a * sum + (b != 0 ? double(b) * ys[i] : 0.0));
                  });
}

cudnnStatus_t cudnnCreateActivationDescriptor(cudnnActivationDescriptor_t *d) {
  ++liveObjects;
  *d = reinterpret_cast<cudnnActivationDescriptor_t>(new ActivationDesc());
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnSetActivationDescriptor(cudnnActivationDescriptor_t d,
                                           cudnnActivationMode_t mode,
                                           cudnnNanPropagation_t nan, double) {
  if (mode != CUDNN_ACTIVATION_RELU && mode != CUDNN_ACTIVATION_IDENTITY)
    return CUDNN_STATUS_NOT_SUPPORTED;
  *reinterpret_cast<ActivationDesc *>(d) = {mode, nan};
  return CUDNN_STATUS_SUCCESS;
}
cudnnStatus_t cudnnDestroyActivationDescriptor(cudnnActivationDescriptor_t d) {
  --liveObjects;
  delete reinterpret_cast<ActivationDesc *>(d);
  return CUDNN_STATUS_SUCCESS;
}

/// y = act(alpha1 conv(x) + alpha2 z + bias[channel]), as cuDNN documents
/// it; ReLU only with IMPLICIT_PRECOMP_GEMM (cuDNN's restriction).
cudnnStatus_t cudnnConvolutionBiasActivationForward(
    cudnnHandle_t, const void *alpha1, const cudnnTensorDescriptor_t xDesc,
    const void *x, const cudnnFilterDescriptor_t wDesc, const void *w,
    const cudnnConvolutionDescriptor_t convDesc, cudnnConvolutionFwdAlgo_t algo,
    void *workspace, size_t workspaceBytes, const void *alpha2,
    const cudnnTensorDescriptor_t zDesc, const void *z,
    const cudnnTensorDescriptor_t biasDesc, const void *bias,
    const cudnnActivationDescriptor_t actDesc,
    const cudnnTensorDescriptor_t yDesc, void *y) {
  const auto &act = *reinterpret_cast<const ActivationDesc *>(actDesc);
  const auto &bd = *reinterpret_cast<const TensorDesc *>(biasDesc);
  const auto &yd = *reinterpret_cast<const TensorDesc *>(yDesc);
  const auto &zd = *reinterpret_cast<const TensorDesc *>(zDesc);
  if (act.mode == CUDNN_ACTIVATION_RELU &&
      algo != CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_PRECOMP_GEMM)
    return CUDNN_STATUS_NOT_SUPPORTED;
  if (bd.n != 1 || bd.c != yd.c || bd.h != 1 || bd.w != 1 || zd.n != yd.n ||
      zd.c != yd.c || zd.h != yd.h || zd.w != yd.w)
    return CUDNN_STATUS_BAD_PARAM;
  float a1 = *static_cast<const float *>(alpha1),
        a2 = *static_cast<const float *>(alpha2);
  const float *zs = static_cast<const float *>(z);
  const float *bs = static_cast<const float *>(bias);
  float *ys = static_cast<float *>(y);
  return convolve(xDesc, x, wDesc, w, convDesc, workspace, workspaceBytes,
                  yDesc, [&](size_t i, int o, double sum) {
                    double v =
                        a1 * sum + (a2 != 0 ? double(a2) * zs[i] : 0.0) + bs[o];
                    if (act.mode == CUDNN_ACTIVATION_RELU && !(v > 0) &&
                        !(std::isnan(v) && act.nan == CUDNN_PROPAGATE_NAN))
                      v = 0;
                    ys[i] = float(v);
                  });
}

} // extern "C"
