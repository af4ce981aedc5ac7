//===- DataMovement.cpp - StridedSlice, Transpose, Split, Unpack, Tile ----===//
//
// Host kernels for the ops that only move elements, with their index
// operands known at run time (xla-legalize-tf needs them constant; with
// global_jit_level=kOff every node runs here): StridedSlice
// (strided_slice_op.cc; the masks through the one shared canonicalization,
// lib/Support/StridedSlice.h), Transpose (transpose_op.cc), Split and SplitV
// (split_op.cc, split_v_op.cc), Unpack (unpack_op.cc) and Tile
// (tile_ops.cc). Any dense dtype (elements are copied as bytes, f16/bf16
// included); index operands are int32 or int64. Errors are TF's
// InvalidArgument messages.
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "lib/Support/StridedSlice.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include <cstring>

namespace tfmlir::session {
namespace {

bool isIndexDType(const HostTensor &t) {
  return !t.isVariant() &&
         (t.dtype() == DType::kI32 || t.dtype() == DType::kI64);
}

/// The elements of an int32/int64 tensor as int64.
std::vector<int64_t> intValues(const HostTensor &t) {
  std::vector<int64_t> v(t.numElements());
  for (int64_t i = 0; i < t.numElements(); ++i)
    v[i] = intElement(t, i);
  return v;
}

/// Row-major strides (in elements) of `shape`.
std::vector<int64_t> stridesOf(const std::vector<int64_t> &shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int64_t i = int64_t(shape.size()) - 2; i >= 0; --i)
    s[i] = s[i + 1] * shape[i + 1];
  return s;
}

absl::Status refuseVariant(const HostTensor &t) {
  if (t.isVariant())
    return absl::InvalidArgumentError(
        "the input is a variant (TensorList), not a dense tensor");
  return absl::OkStatus();
}

/// Copies into `dst` (shape `outShape`, row-major, `n` elements) the
/// elements of `src` at offset base + sum_d idx[d] * step[d] for each
/// output index idx (offsets and steps in elements): the gather shared by
/// StridedSlice and Transpose. T is an unsigned type of the element size.
template <typename T>
void gatherStrided(const T *src, T *dst, const std::vector<int64_t> &outShape,
                   int64_t base, const std::vector<int64_t> &step, int64_t n) {
  size_t r = outShape.size();
  if (r == 0) {
    if (n)
      dst[0] = src[base];
    return;
  }
  std::vector<int64_t> idx(r, 0);
  int64_t off = base;
  int64_t inner = outShape[r - 1], innerStep = step[r - 1];
  for (int64_t k = 0; k < n; k += inner) {
    int64_t o = off;
    for (int64_t j = 0; j < inner; ++j, o += innerStep)
      dst[k + j] = src[o];
    for (size_t d = r - 1; d-- > 0;) {
      off += step[d];
      if (++idx[d] < outShape[d])
        break;
      off -= step[d] * outShape[d];
      idx[d] = 0;
    }
  }
}

/// gatherStrided for any element size (1, 2, 4, 8 bytes: every dense
/// dtype of HostTensor).
void gatherBytes(const HostTensor &in, HostTensor &out,
                 const std::vector<int64_t> &outShape, int64_t base,
                 const std::vector<int64_t> &step) {
  int64_t n = out.numElements();
  if (n == 0)
    return;
  switch (dtypeSize(in.dtype())) {
  case 1:
    return gatherStrided(in.data<uint8_t>(), out.data<uint8_t>(), outShape,
                         base, step, n);
  case 2:
    return gatherStrided(in.data<uint16_t>(), out.data<uint16_t>(), outShape,
                         base, step, n);
  case 4:
    return gatherStrided(in.data<uint32_t>(), out.data<uint32_t>(), outShape,
                         base, step, n);
  default:
    return gatherStrided(in.data<uint64_t>(), out.data<uint64_t>(), outShape,
                         base, step, n);
  }
}

/// StridedSlice(input, begin, end, strides) with the op's five masks.
class StridedSliceKernel : public HostKernel {
public:
  explicit StridedSliceKernel(StridedSliceMasks masks) : masks_(masks) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &in = *ctx.inputs[0];
    const HostTensor &b = *ctx.inputs[1], &e = *ctx.inputs[2],
                     &s = *ctx.inputs[3];
    if (absl::Status st = refuseVariant(in); !st.ok())
      return st;
    bool ok = isIndexDType(b) && isIndexDType(e) && isIndexDType(s) &&
              b.shape().size() == 1 && b.shape() == e.shape() &&
              b.shape() == s.shape();
    if (!ok)
      return absl::InvalidArgumentError(absl::StrCat(
          "Expected begin, end, and strides to be 1D equal size tensors, but "
          "got shapes ",
          shapeDebugString(b.shape()), ", ", shapeDebugString(e.shape()),
          ", and ", shapeDebugString(s.shape()), " instead."));
    std::vector<int64_t> bv = intValues(b), ev = intValues(e),
                         sv = intValues(s);
    StridedSliceResult r;
    if (absl::Status st =
            computeStridedSlice(in.shape(), bv, ev, sv, masks_, r);
        !st.ok())
      return st;
    absl::StatusOr<HostTensor> out =
        HostTensor::create(in.dtype(), r.finalShape);
    if (!out.ok())
      return out.status();
    // Gather over the processing shape (one dim per input dim); the final
    // shape only adds or drops dims of size 1, so the order is the same.
    std::vector<int64_t> inStride = stridesOf(in.shape());
    std::vector<int64_t> step(r.dims.size());
    int64_t base = 0;
    for (size_t d = 0; d < r.dims.size(); ++d) {
      if (r.dims[d].size > 0)
        base += r.dims[d].begin * inStride[d];
      step[d] = r.dims[d].stride * inStride[d];
    }
    gatherBytes(in, *out, r.processingShape, base, step);
    ctx.outputs.push_back(std::move(*out));
    return absl::OkStatus();
  }

private:
  StridedSliceMasks masks_;
};

/// Transpose(x, perm): out.shape[i] = x.shape[perm[i]].
absl::Status transpose(KernelContext &ctx) {
  const HostTensor &in = *ctx.inputs[0], &perm = *ctx.inputs[1];
  if (absl::Status st = refuseVariant(in); !st.ok())
    return st;
  if (!isIndexDType(perm) || perm.shape().size() != 1)
    return absl::InvalidArgumentError(absl::StrCat(
        "perm must be rank 1, got shape ", shapeDebugString(perm.shape())));
  int64_t rank = in.shape().size();
  if (perm.numElements() != rank)
    return absl::InvalidArgumentError(absl::StrCat(
        "transpose expects a vector of size ", rank,
        ". But input(1) is a vector of size ", perm.numElements()));
  std::vector<int64_t> p = intValues(perm);
  std::vector<bool> seen(rank, false);
  std::vector<int64_t> outShape(rank), step(rank);
  std::vector<int64_t> inStride = stridesOf(in.shape());
  for (int64_t i = 0; i < rank; ++i) {
    if (p[i] < 0 || p[i] >= rank)
      return absl::InvalidArgumentError(
          absl::StrCat(p[i], " is out of range [0 .. ", rank, ")"));
    seen[p[i]] = true;
    outShape[i] = in.shape()[p[i]];
    step[i] = inStride[p[i]];
  }
  for (int64_t i = 0; i < rank; ++i)
    if (!seen[i])
      return absl::InvalidArgumentError(
          absl::StrCat(i, " is missing from {", absl::StrJoin(p, ","), "}."));
  absl::StatusOr<HostTensor> out = HostTensor::create(in.dtype(), outShape);
  if (!out.ok())
    return out.status();
  gatherBytes(in, *out, outShape, 0, step);
  ctx.outputs.push_back(std::move(*out));
  return absl::OkStatus();
}

/// Splits `in` along `axis` (non-negative, < rank) into pieces of
/// `sizes[j]` (summing to the dim); with `dropAxis` the axis is removed
/// from each piece's shape (Unpack, where every size is 1).
absl::Status splitAlong(const HostTensor &in, int64_t axis,
                        const std::vector<int64_t> &sizes, bool dropAxis,
                        KernelContext &ctx) {
  const std::vector<int64_t> &shape = in.shape();
  int64_t outer = 1, inner = dtypeSize(in.dtype());
  for (int64_t d = 0; d < axis; ++d)
    outer *= shape[d];
  for (size_t d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  const char *src = static_cast<const char *>(in.raw());
  int64_t rowBytes = shape[axis] * inner, at = 0;
  std::vector<HostTensor> outs;
  for (int64_t size : sizes) {
    std::vector<int64_t> s = shape;
    if (dropAxis)
      s.erase(s.begin() + axis);
    else
      s[axis] = size;
    absl::StatusOr<HostTensor> out = HostTensor::create(in.dtype(), s);
    if (!out.ok())
      return out.status();
    char *dst = static_cast<char *>(out->raw());
    int64_t chunk = size * inner;
    if (chunk > 0)
      for (int64_t o = 0; o < outer; ++o)
        std::memcpy(dst + o * chunk, src + o * rowBytes + at * inner, chunk);
    at += size;
    outs.push_back(std::move(*out));
  }
  for (HostTensor &t : outs)
    ctx.outputs.push_back(std::move(t));
  return absl::OkStatus();
}

/// The split dim `d` of a rank-`rank` input, in TF's range check.
absl::StatusOr<int64_t> splitDim(int64_t d, int64_t rank) {
  if (d < -rank || d >= rank)
    return absl::InvalidArgumentError(
        absl::StrCat("-input rank(-", rank, ") <= split_dim < input rank (",
                     rank, "), but got ", d));
  return d < 0 ? d + rank : d;
}

/// Split(split_dim, value) into the op's num_split equal pieces.
class SplitKernel : public HostKernel {
public:
  explicit SplitKernel(int64_t numSplit) : numSplit_(numSplit) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &in = *ctx.inputs[1];
    if (absl::Status st = refuseVariant(in); !st.ok())
      return st;
    absl::StatusOr<int64_t> d0 = scalarInt(*ctx.inputs[0], "split_dim");
    if (!d0.ok())
      return d0.status();
    int64_t rank = in.shape().size();
    absl::StatusOr<int64_t> axis = splitDim(*d0, rank);
    if (!axis.ok())
      return axis.status();
    int64_t dim = in.shape()[*axis];
    if (dim % numSplit_ != 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "Number of ways to split should evenly divide the split dimension, "
          "but got split_dim ",
          *axis, " (size = ", dim, ") and num_split ", numSplit_));
    return splitAlong(in, *axis,
                      std::vector<int64_t>(numSplit_, dim / numSplit_),
                      /*dropAxis=*/false, ctx);
  }

private:
  int64_t numSplit_;
};

/// SplitV(value, size_splits, split_dim): pieces of the given sizes, one
/// of which may be -1 (the rest of the dim).
class SplitVKernel : public HostKernel {
public:
  explicit SplitVKernel(int64_t numSplit) : numSplit_(numSplit) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &in = *ctx.inputs[0], &sizes = *ctx.inputs[1];
    if (absl::Status st = refuseVariant(in); !st.ok())
      return st;
    absl::StatusOr<int64_t> d0 = scalarInt(*ctx.inputs[2], "split_dim");
    if (!d0.ok())
      return d0.status();
    int64_t rank = in.shape().size();
    absl::StatusOr<int64_t> axis = splitDim(*d0, rank);
    if (!axis.ok())
      return axis.status();
    if (!isIndexDType(sizes) || sizes.shape().size() != 1 ||
        sizes.numElements() != numSplit_)
      return absl::InvalidArgumentError(absl::StrCat(
          "size of the split_tensor must be 1-D and have the same elements as "
          "outputs got ",
          sizes.shape().size(), " -D and ", sizes.numElements(), " elements"));
    std::vector<int64_t> s = intValues(sizes);
    int64_t dim = in.shape()[*axis], known = 0, neg = -1;
    for (int64_t j = 0; j < numSplit_; ++j) {
      if (s[j] == -1) {
        if (neg >= 0)
          return absl::InvalidArgumentError(
              "There can only be one -1 in the input.");
        neg = j;
      } else if (s[j] < 0) {
        return absl::InvalidArgumentError(absl::StrCat(
            "Split size at index ", j, " must be >= 0. Got: ", s[j]));
      } else {
        known += s[j];
      }
    }
    if ((neg < 0 && known != dim) || (neg >= 0 && known > dim))
      return absl::InvalidArgumentError(absl::StrCat(
          "Determined shape must either match input shape along split_dim "
          "exactly if fully specified, or be less than the size of the input "
          "along split_dim if not fully specified.  Got: ",
          known));
    if (neg >= 0)
      s[neg] = dim - known;
    return splitAlong(in, *axis, s, /*dropAxis=*/false, ctx);
  }

private:
  int64_t numSplit_;
};

/// Unpack(value) into the op's `num` tensors along `axis`.
class UnpackKernel : public HostKernel {
public:
  UnpackKernel(int64_t num, int64_t axis) : num_(num), axis_(axis) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &in = *ctx.inputs[0];
    if (absl::Status st = refuseVariant(in); !st.ok())
      return st;
    int64_t rank = in.shape().size();
    if (axis_ < -rank || axis_ >= rank)
      return absl::InvalidArgumentError(
          absl::StrCat("axis = ", axis_, " not in [", -rank, ", ", rank, ")"));
    int64_t axis = axis_ < 0 ? axis_ + rank : axis_;
    if (in.shape()[axis] != num_)
      return absl::InvalidArgumentError(
          absl::StrCat("Input shape axis ", axis, " must equal ", num_,
                       ", got shape ", shapeDebugString(in.shape())));
    return splitAlong(in, axis, std::vector<int64_t>(num_, 1),
                      /*dropAxis=*/true, ctx);
  }

private:
  int64_t num_, axis_;
};

/// Tile(input, multiples): out.shape[i] = input.shape[i] * multiples[i].
absl::Status tile(KernelContext &ctx) {
  const HostTensor &in = *ctx.inputs[0], &mult = *ctx.inputs[1];
  if (absl::Status st = refuseVariant(in); !st.ok())
    return st;
  int64_t rank = in.shape().size();
  if (!isIndexDType(mult) || mult.shape().size() != 1)
    return absl::InvalidArgumentError(
        absl::StrCat("Expected multiples argument to be a vector of length ",
                     rank, " but got shape ", shapeDebugString(mult.shape())));
  if (mult.numElements() != rank)
    return absl::InvalidArgumentError(
        absl::StrCat("Expected multiples argument to be a vector of length ",
                     rank, " but got length ", mult.numElements()));
  std::vector<int64_t> m = intValues(mult), outShape(rank);
  for (int64_t i = 0; i < rank; ++i) {
    if (m[i] < 0)
      return absl::InvalidArgumentError(
          absl::StrCat("Expected multiples[", i, "] >= 0, but got ", m[i]));
    outShape[i] = in.shape()[i] * m[i];
  }
  absl::StatusOr<HostTensor> out = HostTensor::create(in.dtype(), outShape);
  if (!out.ok())
    return out.status();
  int64_t n = out->numElements();
  size_t elt = dtypeSize(in.dtype());
  if (n > 0 && rank == 0) {
    std::memcpy(out->raw(), in.raw(), elt);
  } else if (n > 0) {
    // One output row (innermost dim) at a time: the input row it repeats
    // (outer indices modulo the input dims), copied multiples[-1] times.
    std::vector<int64_t> inStride = stridesOf(in.shape());
    int64_t inRow = in.shape()[rank - 1], outRow = outShape[rank - 1];
    size_t rowBytes = inRow * elt;
    const char *src = static_cast<const char *>(in.raw());
    char *dst = static_cast<char *>(out->raw());
    std::vector<int64_t> idx(rank, 0);
    for (int64_t k = 0; k < n; k += outRow) {
      int64_t off = 0;
      for (int64_t d = 0; d + 1 < rank; ++d)
        off += (idx[d] % in.shape()[d]) * inStride[d];
      for (int64_t j = 0; j < m[rank - 1]; ++j)
        std::memcpy(dst + (k + j * inRow) * elt, src + off * elt, rowBytes);
      for (int64_t d = rank - 2; d >= 0; --d) {
        if (++idx[d] < outShape[d])
          break;
        idx[d] = 0;
      }
    }
  }
  ctx.outputs.push_back(std::move(*out));
  return absl::OkStatus();
}

int64_t intAttr(mlir::Operation *op, llvm::StringRef name, int64_t dflt) {
  if (auto a = op->getAttrOfType<mlir::IntegerAttr>(name))
    return a.getInt();
  return dflt;
}

/// The number of outputs of a multi-output op (num_split, num), checked
/// against its results.
absl::StatusOr<int64_t> countAttr(mlir::Operation *op, llvm::StringRef name) {
  int64_t n = intAttr(op, name, op->getNumResults());
  if (n < 1 || n != int64_t(op->getNumResults()))
    return absl::InvalidArgumentError(absl::StrCat(
        op->getName().getStringRef().str(), ": ", name.str(), " = ", n,
        " but the op has ", op->getNumResults(), " results"));
  return n;
}

} // namespace

void addDataMovementKernels(llvm::StringMap<HostKernelFactory> &t) {
  t["tf.StridedSlice"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    StridedSliceMasks m;
    m.begin = intAttr(op, "begin_mask", 0);
    m.end = intAttr(op, "end_mask", 0);
    m.ellipsis = intAttr(op, "ellipsis_mask", 0);
    m.newAxis = intAttr(op, "new_axis_mask", 0);
    m.shrinkAxis = intAttr(op, "shrink_axis_mask", 0);
    return std::make_unique<StridedSliceKernel>(m);
  };
  t["tf.Transpose"] = lambdaKernel(transpose);
  t["tf.Tile"] = lambdaKernel(tile);
  t["tf.Split"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<int64_t> n = countAttr(op, "num_split");
    if (!n.ok())
      return n.status();
    return std::make_unique<SplitKernel>(*n);
  };
  t["tf.SplitV"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<int64_t> n = countAttr(op, "num_split");
    if (!n.ok())
      return n.status();
    return std::make_unique<SplitVKernel>(*n);
  };
  t["tf.Unpack"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<int64_t> n = countAttr(op, "num");
    if (!n.ok())
      return n.status();
    return std::make_unique<UnpackKernel>(*n, intAttr(op, "axis", 0));
  };
}

} // namespace tfmlir::session
