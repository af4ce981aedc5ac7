//===- KernelUtil.h - Helpers shared by the lite kernels --------*- C++ -*-===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_KERNELUTIL_H
#define TFMLIR_RUNTIME_LITE_KERNELS_KERNELUTIL_H

#include "runtime/lite/Interpreter.h"
#include "runtime/lite/Kernel.h"
#include "runtime/lite/kernels/Window.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <vector>

#define TFMLIR_RETURN_IF_ERROR(expr)                                           \
  do {                                                                         \
    absl::Status _s = (expr);                                                  \
    if (!_s.ok())                                                              \
      return _s;                                                               \
  } while (0)

namespace tfmlir::lite::kernels {

inline absl::Status invalid(auto &&...parts) {
  return absl::InvalidArgumentError(absl::StrCat(parts...));
}
inline absl::Status unimplemented(auto &&...parts) {
  return absl::UnimplementedError(absl::StrCat(parts...));
}

/// Checks that the node has at least `minIn` inputs and `nOut` outputs,
/// present (not -1) up to those counts.
absl::Status checkArity(OpContext &ctx, int minIn, int nOut);
/// Checks `t`'s type, naming `what` in the error.
absl::Status checkType(const Tensor *t, TensorType type, const char *what);
/// Checks that `t` is float32 and has data bytes for its shape.
absl::Status checkFloat(const Tensor *t, const char *what);

/// Clamp bounds of a fused activation (RELU, RELU_N1_TO_1, RELU6; NONE gives
/// +-inf). TANH and SIGN_BIT are applied by applyActivation.
void activationRange(Activation a, float &lo, float &hi);
/// Applies a fused activation to one value, as TFLite's reference kernels.
inline float applyActivation(float x, Activation a) {
  switch (a) {
  case Activation::kNone:
    return x;
  case Activation::kRelu:
    return x < 0.f ? 0.f : x;
  case Activation::kReluN1To1:
    return std::min(1.f, std::max(-1.f, x));
  case Activation::kRelu6:
    return std::min(6.f, std::max(0.f, x));
  case Activation::kTanh:
    return std::tanh(x);
  case Activation::kSignBit:
    return std::signbit(x) ? 1.f : 0.f;
  }
  return x;
}
absl::Status checkActivation(Activation a);

/// Output size and leading pad of one spatial dim, as TF/TFLite compute it
/// (lib/Support's windowGeometry): SAME: out = ceil(in / stride); VALID:
/// out = ceil((in - eff + 1) / stride), 0 when the window is larger than the
/// input, with eff = (filter - 1) * dilation + 1; pad = max(0, (out - 1) *
/// stride + eff - in) / 2. Sizes < 0 or stride/dilation < 1 give 0, 0.
void computePadding(Padding p, int in, int filter, int stride, int dilation,
                    int &out, int &padBefore);

/// FULLY_CONNECTED's output shape, shared by its float, hybrid and integer
/// prepares (TFLite's fully_connected.cc Prepare): weights [n, k] (rank 2),
/// the input flattened to rows of k; [rows, n], or the input's shape with
/// the last dim n under keep_num_dims (which needs the last dim to be k).
/// InvalidArgument otherwise.
absl::Status fullyConnectedShape(const Tensor &in, const Tensor &w,
                                 bool keepNumDims, std::vector<int32_t> &shape);

/// Numpy broadcasting of two shapes; InvalidArgument when incompatible.
absl::Status broadcastShapes(const std::vector<int32_t> &a,
                             const std::vector<int32_t> &b,
                             std::vector<int32_t> &out);

/// Element strides of `shape` broadcast to `outShape` (0 on broadcast
/// dims), right-aligned, with rank outShape.size().
std::vector<int64_t> broadcastStrides(const std::vector<int32_t> &shape,
                                      const std::vector<int32_t> &outShape);

/// Calls f(outIndex, aIndex, bIndex) for every element of the broadcast of
/// a and b to outShape.
template <typename F>
void forEachBroadcast(const std::vector<int32_t> &aShape,
                      const std::vector<int32_t> &bShape,
                      const std::vector<int32_t> &outShape, F f) {
  const int r = static_cast<int>(outShape.size());
  int64_t n = 1;
  for (int32_t d : outShape)
    n *= d;
  if (n == 0)
    return;
  if (r == 0) {
    f(0, 0, 0);
    return;
  }
  std::vector<int64_t> sa = broadcastStrides(aShape, outShape),
                       sb = broadcastStrides(bShape, outShape);
  std::vector<int32_t> idx(r, 0);
  int64_t ia = 0, ib = 0;
  const int32_t inner = outShape[r - 1];
  const int64_t ia1 = sa[r - 1], ib1 = sb[r - 1];
  for (int64_t o = 0; o < n;) {
    int64_t a = ia, b = ib;
    for (int32_t k = 0; k < inner; ++k, ++o, a += ia1, b += ib1)
      f(o, a, b);
    // Advance the outer index.
    for (int d = r - 2; d >= 0; --d) {
      ++idx[d];
      ia += sa[d];
      ib += sb[d];
      if (idx[d] < outShape[d])
        break;
      ia -= sa[d] * outShape[d];
      ib -= sb[d] * outShape[d];
      idx[d] = 0;
    }
  }
}

/// Normalizes a possibly negative axis into [0, rank); InvalidArgument
/// otherwise.
absl::Status normalizeAxis(int64_t axis, int rank, int &out);

/// Quantizes n floats to int8 as TFLite's hybrid kernels do
/// (SymmetricQuantizeFloats: scale = max|x| / 127, q in [-127, 127]; or
/// AsymmetricQuantizeFloats: scale = (max(0,max) - min(0,min)) / 255 with a
/// nudged zero point) and stores q - zero_point into `out`, so a real 0 maps
/// to 0. Returns the scale (1 for an all-zero or non-finite row, whose
/// output is all 0). Defined in Hybrid.cpp.
float hybridQuantizeRow(const float *x, int64_t n, bool asymmetric,
                        int16_t *out);

/// Ok when `t` is present and has a fixed element size; InvalidArgument
/// (missing) or Unimplemented (string, variant, ...) naming `what`.
absl::Status checkSized(const Tensor *t, const char *what);
/// Input 0 is present with a fixed-size type and every output has its
/// type (the data-movement kernels' Prepare check).
absl::Status sameTypeIO(OpContext &ctx);
/// Row-major element strides of `shape` (the last dim's stride is 1).
std::vector<int64_t> rowMajorStrides(const std::vector<int32_t> &shape);

/// Reads element i of an integer tensor (int32 or int64) as int64.
int64_t readInt(const Tensor &t, int64_t i);
/// InvalidArgument unless `t` is int32 or int64.
absl::Status checkIntTensor(const Tensor *t, const char *what);

} // namespace tfmlir::lite::kernels

#endif

namespace tfmlir::lite::kernels {
/// Expands a constant sparse tensor (TFLite SparsityParameters: traversal
/// order, block map, DENSE / SPARSE_CSR dims) into dense row-major bytes of
/// `t.shape`, as TFLite's FormatConverter does. Errors: InvalidArgument for
/// inconsistent metadata (index out of range, bad segments).
absl::Status densify(const Tensor &t, std::vector<uint8_t> &out);
} // namespace tfmlir::lite::kernels
