//===- Array.cpp - shape and copy host kernels ----------------------------===//
//
// The ops that connect data-dependent host nodes when they cannot be
// compiled (their input shape is only known at run time): Identity (and
// an unfed PlaceholderWithDefault, which passes its input through), NoOp,
// Snapshot, StopGradient, Cast, Reshape, Shape, Size, ExpandDims, Squeeze,
// ConcatV2, Pack, Fill and Range, with the semantics and wording of TF's
// CPU kernels (reshape_op.h, shape_ops.h, cast_op.cc, concat_op.cc,
// pack_op.cc, constant_op.cc, sequence_ops.cc).
// Cast rounds to nearest when narrowing floats and truncates float ->
// integer conversions toward zero (C++ static_cast, as TF's CPU Cast); a
// NaN or out-of-range float saturates (NaN -> 0) as in compiled code,
// where TF's static_cast is undefined (lib/Support/NonFinite.h); f16/bf16
// are cast through f32 (lib/Support/Float16.h, round to nearest even).
//===----------------------------------------------------------------------===//
#include "lib/Support/Float16.h"
#include "lib/Support/NonFinite.h"
#include "runtime/session/kernels/HostKernel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"

#include <cmath>
#include <cstring>

namespace tfmlir::session {
namespace {

HostTensor copyWithShape(const HostTensor &in, std::vector<int64_t> shape) {
  HostTensor out(in.dtype(), std::move(shape));
  std::memcpy(out.raw(), in.raw(), in.byteSize());
  return out;
}

absl::Status identity(KernelContext &ctx) {
  for (const HostTensor *t : ctx.inputs)
    ctx.outputs.push_back(t->clone());
  return absl::OkStatus();
}

/// Cast to the op's result dtype. f16/bf16 go through f32 (exact when
/// widening; narrowing rounds to nearest even), as Eigen's half casts do.
class CastKernel : public HostKernel {
public:
  explicit CastKernel(DType to) : to_(to) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &in0 = *ctx.inputs[0];
    if (in0.isVariant())
      return absl::UnimplementedError("Cast of a variant has no host kernel");
    std::optional<HostTensor> wide;
    if (isHalf(in0.dtype())) {
      absl::StatusOr<HostTensor> w = widenHalfToF32(in0);
      if (!w.ok())
        return w.status();
      wide = std::move(*w);
    }
    const HostTensor &in = wide ? *wide : in0;
    DType to = isHalf(to_) ? DType::kF32 : to_;
    absl::StatusOr<HostTensor> outOr = HostTensor::create(to, in.shape());
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
    int64_t n = in.numElements();
    dispatchDType(in.dtype(), [&](auto a) {
      using S = decltype(a);
      dispatchDType(to, [&](auto b) {
        using D = decltype(b);
        const S *s = in.data<S>();
        D *d = out.data<D>();
        if (to == DType::kBool)
          for (int64_t i = 0; i < n; ++i)
            d[i] = s[i] != S(0);
        else if constexpr (std::is_floating_point_v<S> &&
                           std::is_integral_v<D> && !std::is_same_v<D, bool>)
          for (int64_t i = 0; i < n; ++i)
            d[i] = tfmlir::saturatingFloatToInt<D>(s[i]);
        else
          for (int64_t i = 0; i < n; ++i)
            d[i] = static_cast<D>(s[i]);
      });
    });
    if (isHalf(to_)) {
      absl::StatusOr<HostTensor> h = narrowF32ToHalf(out, to_);
      if (!h.ok())
        return h.status();
      ctx.outputs.push_back(std::move(*h));
    } else {
      ctx.outputs.push_back(std::move(out));
    }
    return absl::OkStatus();
  }

private:
  DType to_;
};

/// Reshape(tensor, shape) with at most one -1 (TF's ReshapeOp wording).
absl::Status reshape(KernelContext &ctx) {
  const HostTensor &in = *ctx.inputs[0], &shape = *ctx.inputs[1];
  if (shape.shape().size() != 1)
    return absl::InvalidArgumentError(absl::StrCat(
        "sizes input must be 1-D, not ", shapeDebugString(shape.shape())));
  std::vector<int64_t> dims;
  int64_t known = 1, unknown = -1;
  for (int64_t i = 0; i < shape.numElements(); ++i) {
    int64_t d = intElement(shape, i);
    if (d == -1) {
      if (unknown >= 0)
        return absl::InvalidArgumentError(absl::StrCat(
            "Only one input size may be -1, not both ", unknown, " and ", i));
      unknown = i;
    } else if (d < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("Size ", i, " must be non-negative, not ", d));
    } else {
      known *= d;
    }
    dims.push_back(d);
  }
  int64_t n = in.numElements();
  if (unknown >= 0) {
    if (known == 0 || n % known != 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "Input to reshape is a tensor with ", n,
          " values, but the requested shape requires a multiple of ", known));
    dims[unknown] = n / known;
  } else if (known != n) {
    return absl::InvalidArgumentError(
        absl::StrCat("Input to reshape is a tensor with ", n,
                     " values, but the requested shape has ", known));
  }
  ctx.outputs.push_back(copyWithShape(in, dims));
  return absl::OkStatus();
}

class ShapeKernel : public HostKernel {
public:
  ShapeKernel(DType out, bool size) : out_(out), size_(size) {}
  absl::Status compute(KernelContext &ctx) const override {
    const std::vector<int64_t> &s = ctx.inputs[0]->shape();
    std::vector<int64_t> v = s;
    if (size_)
      v = {ctx.inputs[0]->numElements()};
    HostTensor out(out_, size_ ? std::vector<int64_t>{}
                               : std::vector<int64_t>{int64_t(s.size())});
    for (size_t i = 0; i < v.size(); ++i) {
      if (out_ == DType::kI32)
        out.data<int32_t>()[i] = static_cast<int32_t>(v[i]);
      else
        out.data<int64_t>()[i] = v[i];
    }
    ctx.outputs.push_back(std::move(out));
    return absl::OkStatus();
  }

private:
  DType out_;
  bool size_;
};

absl::Status expandDims(KernelContext &ctx) {
  const HostTensor &in = *ctx.inputs[0];
  auto dimOr = scalarInt(*ctx.inputs[1], "dim");
  if (!dimOr.ok())
    return dimOr.status();
  int64_t r = in.shape().size(), dim = *dimOr;
  if (dim < -1 - r || dim > r)
    return absl::InvalidArgumentError(absl::StrCat("Tried to expand dim index ",
                                                   dim, " for tensor with ", r,
                                                   " dimensions."));
  if (dim < 0)
    dim += r + 1;
  std::vector<int64_t> s = in.shape();
  s.insert(s.begin() + dim, 1);
  ctx.outputs.push_back(copyWithShape(in, s));
  return absl::OkStatus();
}

class SqueezeKernel : public HostKernel {
public:
  explicit SqueezeKernel(std::vector<int64_t> dims) : dims_(std::move(dims)) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &in = *ctx.inputs[0];
    int64_t r = in.shape().size();
    std::vector<bool> drop(r, dims_.empty());
    for (int64_t d : dims_) {
      if (d < -r || d >= r)
        return absl::InvalidArgumentError(
            absl::StrCat("Tried to squeeze dim index ", d, " for tensor with ",
                         r, " dimensions."));
      int64_t k = d < 0 ? d + r : d;
      if (in.shape()[k] != 1)
        return absl::InvalidArgumentError(
            absl::StrCat("Can not squeeze dim[", k,
                         "], expected a dimension of 1, got ", in.shape()[k]));
      drop[k] = true;
    }
    std::vector<int64_t> s;
    for (int64_t i = 0; i < r; ++i)
      if (!drop[i] || in.shape()[i] != 1)
        s.push_back(in.shape()[i]);
    ctx.outputs.push_back(copyWithShape(in, s));
    return absl::OkStatus();
  }

private:
  std::vector<int64_t> dims_;
};

/// Concatenates `parts` (same dtype, equal dims except `axis`) along
/// `axis` (already non-negative).
absl::Status concat(const std::vector<const HostTensor *> &parts, int64_t axis,
                    KernelContext &ctx) {
  const HostTensor &p0 = *parts[0];
  std::vector<int64_t> s = p0.shape();
  int64_t total = 0;
  for (auto [i, p] : llvm::enumerate(parts)) {
    bool ok = p->dtype() == p0.dtype() && p->shape().size() == s.size();
    for (size_t d = 0; ok && d < s.size(); ++d)
      ok = d == size_t(axis) || p->shape()[d] == s[d];
    if (!ok)
      return absl::InvalidArgumentError(
          absl::StrCat("ConcatOp : Dimension mismatch in input ", i, ": shape ",
                       shapeDebugString(p->shape()),
                       " vs. shape[0] = ", shapeDebugString(s)));
    total += p->shape()[axis];
  }
  s[axis] = total;
  auto outOr = HostTensor::create(p0.dtype(), s);
  if (!outOr.ok())
    return outOr.status();
  HostTensor &out = *outOr;
  int64_t outer = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= s[d];
  char *dst = static_cast<char *>(out.raw());
  for (int64_t o = 0; o < outer; ++o)
    for (const HostTensor *p : parts) {
      size_t chunk = outer ? p->byteSize() / outer : 0;
      std::memcpy(dst, static_cast<const char *>(p->raw()) + o * chunk, chunk);
      dst += chunk;
    }
  ctx.outputs.push_back(std::move(out));
  return absl::OkStatus();
}

absl::Status concatV2(KernelContext &ctx) {
  std::vector<const HostTensor *> parts(ctx.inputs.begin(),
                                        ctx.inputs.end() - 1);
  auto axisOr = scalarInt(*ctx.inputs.back(), "axis");
  if (!axisOr.ok())
    return axisOr.status();
  int64_t r = parts[0]->shape().size(), axis = *axisOr;
  if (r == 0)
    return absl::InvalidArgumentError(
        "ConcatOp : Can't concatenate scalars (use tf.stack instead)");
  if (axis < -r || axis >= r)
    return absl::InvalidArgumentError(absl::StrCat(
        "ConcatOp : Expected concatenating dimensions in the range [", -r, ", ",
        r, "), but got ", axis));
  return concat(parts, axis < 0 ? axis + r : axis, ctx);
}

class PackKernel : public HostKernel {
public:
  explicit PackKernel(int64_t axis) : axis_(axis) {}
  absl::Status compute(KernelContext &ctx) const override {
    int64_t r = ctx.inputs[0]->shape().size() + 1;
    if (axis_ < -r || axis_ >= r)
      return absl::InvalidArgumentError(
          absl::StrCat("axis = ", axis_, " not in [", -r, ", ", r, ")"));
    int64_t axis = axis_ < 0 ? axis_ + r : axis_;
    std::vector<HostTensor> expanded;
    std::vector<const HostTensor *> parts;
    for (auto [i, t] : llvm::enumerate(ctx.inputs)) {
      if (t->shape() != ctx.inputs[0]->shape())
        return absl::InvalidArgumentError(absl::StrCat(
            "Shapes of all inputs must match: values[0].shape = ",
            shapeDebugString(ctx.inputs[0]->shape()), " != values[", i,
            "].shape = ", shapeDebugString(t->shape())));
      std::vector<int64_t> s = t->shape();
      s.insert(s.begin() + axis, 1);
      expanded.push_back(copyWithShape(*t, s));
    }
    for (const HostTensor &t : expanded)
      parts.push_back(&t);
    return concat(parts, axis, ctx);
  }

private:
  int64_t axis_;
};

/// Fill(dims, value): a tensor of shape `dims` (1-D int32/int64) holding
/// the scalar `value`.
absl::Status fill(KernelContext &ctx) {
  const HostTensor &dims = *ctx.inputs[0], &value = *ctx.inputs[1];
  if (dims.shape().size() != 1)
    return absl::InvalidArgumentError(absl::StrCat(
        "dims must be a vector, got shape ", shapeDebugString(dims.shape())));
  if (!value.shape().empty())
    return absl::InvalidArgumentError(absl::StrCat(
        "value must be a scalar, got shape ", shapeDebugString(value.shape())));
  std::vector<int64_t> shape;
  for (int64_t i = 0; i < dims.numElements(); ++i)
    shape.push_back(intElement(dims, i));
  auto out = HostTensor::create(value.dtype(), shape);
  if (!out.ok())
    return out.status();
  size_t es = dtypeSize(value.dtype());
  for (int64_t k = 0; k < out->numElements(); ++k)
    std::memcpy(static_cast<char *>(out->raw()) + k * es, value.raw(), es);
  ctx.outputs.push_back(std::move(*out));
  return absl::OkStatus();
}

/// Range(start, limit, delta) in the dtype of the op's result: the
/// numbers start, start + delta, ... before limit (f16/bf16: start + i *
/// delta rounded once from double, as compiled code).
class RangeKernel : public HostKernel {
public:
  explicit RangeKernel(DType out) : out_(out) {}
  absl::Status compute(KernelContext &ctx) const override {
    for (int i = 0; i < 3; ++i)
      if (!ctx.inputs[i]->shape().empty())
        return absl::InvalidArgumentError(
            absl::StrCat(i == 0   ? "start"
                         : i == 1 ? "limit"
                                  : "delta",
                         " must be a scalar, not shape ",
                         shapeDebugString(ctx.inputs[i]->shape())));
    double start = realElement(*ctx.inputs[0], 0),
           limit = realElement(*ctx.inputs[1], 0),
           delta = realElement(*ctx.inputs[2], 0);
    if (delta == 0)
      return absl::InvalidArgumentError(
          absl::StrCat("Requires delta != 0: ", delta));
    if (delta > 0 && start > limit)
      return absl::InvalidArgumentError(absl::StrCat(
          "Requires start <= limit when delta > 0: ", start, "/", limit));
    if (delta < 0 && start < limit)
      return absl::InvalidArgumentError(absl::StrCat(
          "Requires start >= limit when delta < 0: ", start, "/", limit));
    bool integral = out_ != DType::kF32 && out_ != DType::kF64 && !isHalf(out_);
    double n = integral ? std::ceil(std::fabs(limit - start) / std::fabs(delta))
                        : std::ceil(std::fabs((limit - start) / delta));
    if (!(n < 9.2e18))
      return absl::InvalidArgumentError("Requires ((limit - start) / delta) "
                                        "<= 9223372036854775807");
    auto out = HostTensor::create(out_, {static_cast<int64_t>(n)});
    if (!out.ok())
      return out.status();
    if (isHalf(out_)) {
      // start + i * delta in double, rounded once to the half type: the
      // compiled path's values (TF's kernel adds delta in half at each
      // step; the two agree within an ulp of the half type).
      uint16_t *o = out->data<uint16_t>();
      for (int64_t i = 0; i < out->numElements(); ++i) {
        float v = static_cast<float>(start + static_cast<double>(i) * delta);
        o[i] = out_ == DType::kF16 ? tfmlir::floatToHalf(v)
                                   : tfmlir::floatToBfloat16(v);
      }
      ctx.outputs.push_back(std::move(*out));
      return absl::OkStatus();
    }
    dispatchDType(out_, [&](auto v) {
      using T = decltype(v);
      T *o = out->data<T>();
      T x = static_cast<T>(start), d = static_cast<T>(delta);
      for (int64_t i = 0; i < out->numElements(); ++i, x += d)
        o[i] = x;
    });
    ctx.outputs.push_back(std::move(*out));
    return absl::OkStatus();
  }

private:
  DType out_;
};

} // namespace

void addArrayKernels(llvm::StringMap<HostKernelFactory> &t) {
  for (const char *n : {"tf.Identity", "tf.IdentityN", "tf.Snapshot",
                        "tf.StopGradient", "tf.PlaceholderWithDefault"})
    t[n] = lambdaKernel(identity);
  // NoOp (no_op.cc): nothing to compute; it only orders control edges
  // (tf.debugging.assert_* graphs group their Asserts under one).
  t["tf.NoOp"] = lambdaKernel([](KernelContext &) { return absl::OkStatus(); });
  t["tf.Reshape"] = lambdaKernel(reshape);
  t["tf.ExpandDims"] = lambdaKernel(expandDims);
  t["tf.ConcatV2"] = lambdaKernel(concatV2);
  t["tf.Fill"] = lambdaKernel(fill);
  t["tf.Range"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<DType> to = resultDType(op, 0);
    if (!to.ok())
      return to.status();
    if (*to == DType::kBool)
      return absl::UnimplementedError("Range of this dtype has no host kernel");
    return std::make_unique<RangeKernel>(*to);
  };
  t["tf.Cast"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<DType> to = resultDType(op, 0);
    if (!to.ok())
      return to.status();
    return std::make_unique<CastKernel>(*to);
  };
  for (const char *n : {"tf.Shape", "tf.Size"})
    t[n] = [size = llvm::StringRef(n) == "tf.Size"](mlir::Operation *op)
        -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      absl::StatusOr<DType> to = resultDType(op, 0);
      if (!to.ok())
        return to.status();
      if (*to != DType::kI32 && *to != DType::kI64)
        return absl::UnimplementedError("out_type must be int32 or int64");
      return std::make_unique<ShapeKernel>(*to, size);
    };
  t["tf.Squeeze"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    std::vector<int64_t> dims;
    if (auto a = op->getAttrOfType<mlir::ArrayAttr>("squeeze_dims"))
      for (mlir::Attribute d : a)
        if (auto i = mlir::dyn_cast<mlir::IntegerAttr>(d))
          dims.push_back(i.getInt());
    return std::make_unique<SqueezeKernel>(dims);
  };
  t["tf.Pack"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    int64_t axis = 0;
    if (auto a = op->getAttrOfType<mlir::IntegerAttr>("axis"))
      axis = a.getInt();
    return std::make_unique<PackKernel>(axis);
  };
}

} // namespace tfmlir::session
