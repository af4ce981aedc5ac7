//===- Rfft2d.cpp - RFFT2D ------------------------------------------------===//
//
// RFFT2D as TFLite's kernels/rfft2d.cc (TF's RFFT2D): the 2-D discrete
// Fourier transform of the last two dims of a real float32 input,
//   out[..., k1, k2] = sum_{n1, n2} x[..., n1, n2]
//                      * exp(-2 pi i (k1 n1 / FH + k2 n2 / FW)),
// for k1 < FH and k2 <= FW / 2, with [FH, FW] = fft_length (input 1, int32
// [2]); the input is cropped or zero-padded to FH x FW first. Output:
// complex64 [..., FH, FW / 2 + 1]. Computed in double as two separable
// DFTs (rows, then columns) with exact (k n mod N) twiddle indices, rounded
// to float once. TFLite requires power-of-two lengths; any length >= 1 is
// accepted here. A non-constant fft_length makes the output dynamic.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

#include <complex>
#include <numbers>

namespace tfmlir::lite::kernels {
namespace {

absl::Status fftLengths(OpContext &ctx, int &fh, int &fw) {
  const Tensor &len = *ctx.input(1);
  const int32_t *v = len.as<int32_t>();
  if (v[0] < 1 || v[1] < 1 || v[0] > (1 << 16) || v[1] > (1 << 16))
    return invalid("fft_length [", v[0], ", ", v[1], "] must be in [1, 65536]");
  fh = v[0];
  fw = v[1];
  return absl::OkStatus();
}

absl::Status rfft2dPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *len = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(len, TensorType::kInt32, "fft_length"));
  TFMLIR_RETURN_IF_ERROR(
      checkType(ctx.output(0), TensorType::kComplex64, "output"));
  if (in->rank() < 2)
    return invalid("input ", shapeToString(in->shape), " must have rank >= 2");
  if (len->rank() != 1 || len->numElements() != 2)
    return invalid("fft_length ", shapeToString(len->shape),
                   " must be a vector of 2");
  if (!ctx.hasData(1)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  int fh, fw;
  TFMLIR_RETURN_IF_ERROR(fftLengths(ctx, fh, fw));
  std::vector<int32_t> shape = in->shape;
  shape[shape.size() - 2] = fh;
  shape[shape.size() - 1] = fw / 2 + 1;
  return ctx.resizeOutput(0, shape);
}

/// exp(-2 pi i m / n) for m in [0, n).
std::vector<std::complex<double>> twiddles(int n) {
  std::vector<std::complex<double>> t(n);
  for (int m = 0; m < n; ++m) {
    const double a = -2.0 * std::numbers::pi * m / n;
    t[m] = {std::cos(a), std::sin(a)};
  }
  return t;
}

absl::Status rfft2dEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  int fh, fw;
  TFMLIR_RETURN_IF_ERROR(fftLengths(ctx, fh, fw));
  const int r = in.rank();
  const int h = in.dim(r - 2), w = in.dim(r - 1);
  const int ow = fw / 2 + 1;
  if (out.dim(r - 2) != fh || out.dim(r - 1) != ow)
    return absl::InternalError("RFFT2D output not resized");
  const int64_t batches = h && w ? in.numElements() / (int64_t(h) * w)
                                 : out.numElements() / (int64_t(fh) * ow);
  const auto th = twiddles(fh), tw = twiddles(fw);
  const int rows = std::min(h, fh), cols = std::min(w, fw);
  std::vector<std::complex<double>> rowDft(size_t(rows) * ow);
  const float *x = in.as<float>();
  auto *y = out.as<std::complex<float>>();
  for (int64_t b = 0; b < batches; ++b) {
    const float *xb = x + b * int64_t(h) * w;
    for (int n1 = 0; n1 < rows; ++n1)
      for (int k2 = 0; k2 < ow; ++k2) {
        std::complex<double> acc = 0;
        for (int n2 = 0; n2 < cols; ++n2)
          acc += double(xb[int64_t(n1) * w + n2]) * tw[(int64_t(k2) * n2) % fw];
        rowDft[size_t(n1) * ow + k2] = acc;
      }
    std::complex<float> *yb = y + b * int64_t(fh) * ow;
    for (int k1 = 0; k1 < fh; ++k1)
      for (int k2 = 0; k2 < ow; ++k2) {
        std::complex<double> acc = 0;
        for (int n1 = 0; n1 < rows; ++n1)
          acc += rowDft[size_t(n1) * ow + k2] * th[(int64_t(k1) * n1) % fh];
        yb[int64_t(k1) * ow + k2] = {static_cast<float>(acc.real()),
                                     static_cast<float>(acc.imag())};
      }
  }
  return absl::OkStatus();
}

} // namespace

void registerRfft2d(MutableOpResolver &r) {
  // Input types (rfft2dPrepare): float32.
  r.addBuiltin(kOp_RFFT2D,
               {rfft2dPrepare, rfft2dEval, typeSet(TensorType::kFloat32)}, 1,
               1);
}

} // namespace tfmlir::lite::kernels
