//===- Slicing.cpp - Slice and Pad host kernels ---------------------------===//
//
// TF's Slice (slice_op.cc) and Pad/PadV2 (pad_op.cc, CONSTANT mode) on the
// host, for begin/size/paddings only known at run time (xla-legalize-tf
// needs them constant: detection post-processing pads or clips box lists
// to a run-time count). Any dtype (bytes are copied). Slice: begin and size
// are int32/int64 vectors with one entry per input dim, size -1 meaning
// "to the end". Pad: paddings is [rank, 2] (before, after), non-negative;
// PadV2's constant_values is a scalar of the input's dtype (Pad: zeros).
// Errors are TF's InvalidArgument messages.
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "absl/strings/str_cat.h"

#include <cstring>

namespace tfmlir::session {
namespace {

absl::Status slice(KernelContext &ctx) {
  const HostTensor &in = *ctx.inputs[0];
  const HostTensor &begin = *ctx.inputs[1];
  const HostTensor &size = *ctx.inputs[2];
  int64_t rank = in.shape().size();
  auto isIndexVector = [&](const HostTensor &t) {
    return !t.isVariant() &&
           (t.dtype() == DType::kI32 || t.dtype() == DType::kI64) &&
           t.shape().size() == 1 && t.shape()[0] == rank;
  };
  if (in.isVariant() || !isIndexVector(begin) || !isIndexVector(size))
    return absl::InvalidArgumentError(absl::StrCat(
        "Expected begin and size arguments to be 1-D tensors of size ", rank,
        ", but got shapes ", shapeDebugString(begin.shape()), " and ",
        shapeDebugString(size.shape()), " instead."));
  std::vector<int64_t> b(rank), outShape(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = in.shape()[i];
    b[i] = intElement(begin, i);
    int64_t s = intElement(size, i);
    if (s == -1)
      s = dim - b[i];
    if (b[i] < 0 || b[i] > dim || s < 0 || b[i] + s > dim)
      return absl::InvalidArgumentError(absl::StrCat(
          "Expected size[", i, "] in [0, ", dim - b[i], "], but got ", s));
    outShape[i] = s;
  }
  absl::StatusOr<HostTensor> out = HostTensor::create(in.dtype(), outShape);
  if (!out.ok())
    return out.status();
  int64_t n = out->numElements();
  if (n > 0) {
    // Copy rows of the innermost dim; walk the outer index like an odometer.
    size_t elt = dtypeSize(in.dtype());
    std::vector<int64_t> inStride(rank, 1);
    for (int64_t i = rank - 2; i >= 0; --i)
      inStride[i] = inStride[i + 1] * in.shape()[i + 1];
    int64_t rowLen = rank ? outShape[rank - 1] : 1;
    int64_t rows = n / rowLen;
    std::vector<int64_t> idx(rank, 0);
    const char *src = static_cast<const char *>(in.raw());
    char *dst = static_cast<char *>(out->raw());
    for (int64_t r = 0; r < rows; ++r) {
      int64_t off = 0;
      for (int64_t i = 0; i < rank; ++i)
        off += (b[i] + idx[i]) * inStride[i];
      std::memcpy(dst + r * rowLen * elt, src + off * elt, rowLen * elt);
      for (int64_t i = rank - 2; i >= 0; --i) {
        if (++idx[i] < outShape[i])
          break;
        idx[i] = 0;
      }
    }
  }
  ctx.outputs.push_back(std::move(*out));
  return absl::OkStatus();
}

absl::Status pad(KernelContext &ctx) {
  const HostTensor &in = *ctx.inputs[0];
  const HostTensor &paddings = *ctx.inputs[1];
  int64_t rank = in.shape().size();
  if (in.isVariant() || paddings.isVariant() ||
      (paddings.dtype() != DType::kI32 && paddings.dtype() != DType::kI64) ||
      paddings.shape().size() != 2 || paddings.shape()[1] != 2)
    return absl::InvalidArgumentError(
        absl::StrCat("paddings must be a matrix with 2 columns: ",
                     shapeDebugString(paddings.shape())));
  if (paddings.shape()[0] != rank)
    return absl::InvalidArgumentError(absl::StrCat(
        "The first dimension of paddings must be the rank of inputs",
        shapeDebugString(paddings.shape()), " ", shapeDebugString(in.shape())));
  size_t elt = dtypeSize(in.dtype());
  std::vector<char> fill(elt, 0);
  if (ctx.inputs.size() > 2) {
    const HostTensor &c = *ctx.inputs[2];
    if (c.isVariant() || c.dtype() != in.dtype() || !c.shape().empty())
      return absl::InvalidArgumentError(absl::StrCat(
          "constant_values must be a scalar of the input's dtype. Shape of "
          "constant_values: ",
          shapeDebugString(c.shape())));
    std::memcpy(fill.data(), c.raw(), elt);
  }
  std::vector<int64_t> before(rank), outShape(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t lo = intElement(paddings, 2 * i),
            hi = intElement(paddings, 2 * i + 1);
    if (lo < 0 || hi < 0)
      return absl::InvalidArgumentError(
          absl::StrCat("Paddings must be non-negative: ", lo, " ", hi));
    before[i] = lo;
    outShape[i] = in.shape()[i] + lo + hi;
  }
  absl::StatusOr<HostTensor> out = HostTensor::create(in.dtype(), outShape);
  if (!out.ok())
    return out.status();
  char *dst = static_cast<char *>(out->raw());
  int64_t n = out->numElements();
  for (int64_t i = 0; i < n; ++i)
    std::memcpy(dst + i * elt, fill.data(), elt);
  int64_t m = in.numElements();
  if (m > 0) {
    // Copy the input's innermost rows into place.
    std::vector<int64_t> outStride(rank, 1);
    for (int64_t i = rank - 2; i >= 0; --i)
      outStride[i] = outStride[i + 1] * outShape[i + 1];
    int64_t rowLen = rank ? in.shape()[rank - 1] : 1;
    int64_t rows = m / rowLen;
    std::vector<int64_t> idx(rank, 0);
    const char *src = static_cast<const char *>(in.raw());
    for (int64_t r = 0; r < rows; ++r) {
      int64_t off = 0;
      for (int64_t i = 0; i < rank; ++i)
        off += (before[i] + idx[i]) * outStride[i];
      std::memcpy(dst + off * elt, src + r * rowLen * elt, rowLen * elt);
      for (int64_t i = rank - 2; i >= 0; --i) {
        if (++idx[i] < in.shape()[i])
          break;
        idx[i] = 0;
      }
    }
  }
  ctx.outputs.push_back(std::move(*out));
  return absl::OkStatus();
}

} // namespace

void addSlicingKernels(llvm::StringMap<HostKernelFactory> &t) {
  t["tf.Slice"] = lambdaKernel(slice);
  for (const char *n : {"tf.Pad", "tf.PadV2"})
    t[n] = lambdaKernel(pad);
}

} // namespace tfmlir::session
