//===- Reduce.cpp - reduction host kernels
//---------------------------------===//
//
// Sum, Mean, Prod, Max, Min, All, Any and ArgMax/ArgMin on host tensors, for
// nodes that run outside compiled code (--jit=off, and host nodes of
// --jit=auto). The axis operand is a run-time value (int32/int64, scalar or
// 1-D; negative axes count from the end; repeats allowed), as TF's
// ReductionOp reads it. Each gives the value the compiled path
// (lib/Conversion/TFToHLO/Reduce/Reduction.cpp) gives, so that a graph answers
// the same under every --jit mode:
//  - Sum/Mean of f32 accumulate in f64 (f64 in f64), integers in their own
//    type with two's-complement wrap-around, bool is not summed (TF has no
//    such kernel); Mean divides the sum by the element count (integers
//    truncate; an integer mean of nothing is 0 as TF's, a float one NaN).
//    An axis named twice is TF's InvalidArgument.
//  - Max/Min propagate NaN (hlo.maximum/minimum); over nothing they give
//    -inf/+inf (floats) or the type's lowest/highest.
//  - All/Any on bool.
//  - ArgMax/ArgMin (output_type int32/int64 from the result): TF's CPU
//    semantics (Eigen's ArgMaxPairReducer): NaN skipped, ties keep the
//    first index, a scan from (index 0, lowest finite value), so a row of
//    only NaN gives 0; an empty axis gives 0 (README: differences).
// f16/bf16 (Sum, Mean, Prod, Max, Min) widen to f32 exactly and compute as
// the compiled path does: Sum/Mean accumulate in f32 (TF's CPU kernels
// reduce Eigen::half in float), Prod rounds to the half type after each
// product (hlo.multiply in f16), Max/Min are exact; the result is rounded
// to nearest even into the half type. ArgMax/ArgMin of f16/bf16 have no
// host kernel (Unimplemented naming the dtype).
// Errors: TF's wording for an axis out of range.
//===----------------------------------------------------------------------===//
#include "lib/Support/Float16.h"
#include "runtime/session/kernels/HostKernel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"

#include <cmath>
#include <limits>
#include <optional>
#include <type_traits>

namespace tfmlir::session {
namespace {

enum class Red { kSum, kMean, kProd, kMax, kMin, kAll, kAny };

/// The reduced dims of `rank` named by the axis tensor (sorted, unique),
/// or TF's InvalidArgument.
absl::StatusOr<std::vector<bool>> reducedDims(const HostTensor &axes,
                                              size_t rank) {
  if (axes.dtype() != DType::kI32 && axes.dtype() != DType::kI64)
    return absl::InvalidArgumentError(
        absl::StrCat("reduction_indices must be int32 or int64, got ",
                     dtypeName(axes.dtype())));
  if (axes.shape().size() > 1)
    return absl::InvalidArgumentError(
        absl::StrCat("reduction_indices must be a scalar or vector, got shape ",
                     shapeDebugString(axes.shape())));
  std::vector<bool> reduced(rank, false);
  for (int64_t i = 0; i < axes.numElements(); ++i) {
    int64_t a = intElement(axes, i);
    int64_t r = static_cast<int64_t>(rank);
    if (a < -r || a >= r)
      return absl::InvalidArgumentError(
          absl::StrCat("Invalid reduction dimension (", a, " for input with ",
                       rank, " dimension(s)"));
    int64_t d = a < 0 ? a + r : a;
    if (reduced[d])
      return absl::InvalidArgumentError(absl::StrCat(
          "Invalid reduction arguments: Axes contains duplicate dimension: ",
          d));
    reduced[d] = true;
  }
  return reduced;
}

/// The geometry of a reduction over `reduced` dims of `shape`: output
/// element k folds the input elements at keptOffsets[k] + each of
/// redOffsets (row-major flat offsets).
struct Plan {
  std::vector<int64_t> outShape;    // with keep_dims applied
  std::vector<int64_t> keptOffsets; // flat input offset of each output elem
  std::vector<int64_t> redOffsets;  // flat offsets of the reduced positions
};

Plan plan(const std::vector<int64_t> &shape, const std::vector<bool> &reduced,
          bool keepDims) {
  Plan p;
  size_t r = shape.size();
  std::vector<int64_t> stride(r, 1);
  for (size_t d = r; d-- > 1;)
    stride[d - 1] = stride[d] * shape[d];
  // Enumerate the positions of a subset of dims as flat offsets.
  auto offsets = [&](bool wantReduced) {
    std::vector<int64_t> out{0};
    for (size_t d = 0; d < r; ++d) {
      if (reduced[d] != wantReduced)
        continue;
      std::vector<int64_t> next;
      next.reserve(out.size() * static_cast<size_t>(shape[d]));
      for (int64_t base : out)
        for (int64_t i = 0; i < shape[d]; ++i)
          next.push_back(base + i * stride[d]);
      out.swap(next);
    }
    return out;
  };
  p.keptOffsets = offsets(false);
  p.redOffsets = offsets(true);
  for (size_t d = 0; d < r; ++d) {
    if (!reduced[d])
      p.outShape.push_back(shape[d]);
    else if (keepDims)
      p.outShape.push_back(1);
  }
  return p;
}

class ReduceKernel : public HostKernel {
public:
  ReduceKernel(Red kind, bool keepDims, DType out)
      : kind_(kind), keepDims_(keepDims), out_(out) {}

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &x0 = *ctx.inputs[0];
    std::optional<HostTensor> wide;
    if (isHalf(x0.dtype()) && x0.dtype() == out_ && kind_ != Red::kAll &&
        kind_ != Red::kAny) {
      absl::StatusOr<HostTensor> w = widenHalfToF32(x0);
      if (!w.ok())
        return w.status();
      wide = std::move(*w);
    }
    const HostTensor &x = wide ? *wide : x0;
    const DType half = wide ? x0.dtype() : DType::kF32;
    const DType out = wide ? DType::kF32 : out_;
    if (isHalf(x.dtype()) || x.dtype() != out ||
        ((kind_ == Red::kAll || kind_ == Red::kAny) !=
         (x.dtype() == DType::kBool)))
      return absl::UnimplementedError(absl::StrCat(
          "no host kernel for this reduction of ", dtypeName(x.dtype())));
    auto reduced = reducedDims(*ctx.inputs[1], x.shape().size());
    if (!reduced.ok())
      return reduced.status();
    Plan p = plan(x.shape(), *reduced, keepDims_);
    auto outOr = HostTensor::create(out, p.outShape);
    if (!outOr.ok())
      return outOr.status();
    HostTensor &res = *outOr;
    const int64_t count = static_cast<int64_t>(p.redOffsets.size());
    dispatchDType(x.dtype(), [&](auto zero) {
      using T = decltype(zero);
      const T *in = x.data<T>();
      T *o = res.data<T>();
      for (size_t k = 0; k < p.keptOffsets.size(); ++k) {
        const T *base = in + p.keptOffsets[k];
        o[k] = fold<T>(base, p.redOffsets, count, half);
      }
    });
    if (wide) {
      absl::StatusOr<HostTensor> narrow = narrowF32ToHalf(res, half);
      if (!narrow.ok())
        return narrow.status();
      ctx.outputs.push_back(std::move(*narrow));
      return absl::OkStatus();
    }
    ctx.outputs.push_back(std::move(res));
    return absl::OkStatus();
  }

private:
  /// Folds the elements at `offs` from `base`. `half` is kF16/kBF16 when
  /// the values are a half-type input widened to f32 (Sum/Mean then
  /// accumulate in f32 and Prod rounds to `half` after each product, as
  /// the compiled path), kF32 otherwise.
  template <typename T>
  T fold(const T *base, const std::vector<int64_t> &offs, int64_t count,
         DType half) const {
    constexpr bool isFloat = std::is_floating_point_v<T>;
    switch (kind_) {
    case Red::kSum:
    case Red::kMean: {
      if constexpr (isFloat) {
        if (half != DType::kF32) {
          float s = 0;
          for (int64_t off : offs)
            s += static_cast<float>(base[off]);
          if (kind_ == Red::kMean)
            s /= static_cast<float>(count);
          return static_cast<T>(s);
        }
        double s = 0;
        for (int64_t off : offs)
          s += static_cast<double>(base[off]);
        if (kind_ == Red::kMean)
          s /= static_cast<double>(count); // 0/0 = NaN, as TF
        return static_cast<T>(s);
      } else {
        using U = std::make_unsigned_t<T>;
        U s = 0;
        for (int64_t off : offs)
          s = static_cast<U>(s + static_cast<U>(base[off]));
        T v = static_cast<T>(s);
        if (kind_ == Red::kMean) {
          if (count == 0)
            return 0; // TF: the sum of nothing, not divided
          if constexpr (std::is_signed_v<T>)
            return static_cast<T>(static_cast<int64_t>(v) / count);
          else
            return static_cast<T>(static_cast<uint64_t>(v) /
                                  static_cast<uint64_t>(count));
        }
        return v;
      }
    }
    case Red::kProd: {
      if constexpr (isFloat) {
        T s = 1;
        for (int64_t off : offs) {
          s *= base[off];
          if (half == DType::kF16)
            s = static_cast<T>(halfToFloat(floatToHalf(static_cast<float>(s))));
          else if (half == DType::kBF16)
            s = static_cast<T>(
                bfloat16ToFloat(floatToBfloat16(static_cast<float>(s))));
        }
        return s;
      } else {
        using U = std::make_unsigned_t<T>;
        U s = 1;
        for (int64_t off : offs)
          s = static_cast<U>(s * static_cast<U>(base[off]));
        return static_cast<T>(s);
      }
    }
    case Red::kMax:
    case Red::kMin: {
      bool isMax = kind_ == Red::kMax;
      T s;
      if constexpr (isFloat)
        s = isMax ? -std::numeric_limits<T>::infinity()
                  : std::numeric_limits<T>::infinity();
      else
        s = isMax ? std::numeric_limits<T>::lowest()
                  : std::numeric_limits<T>::max();
      for (int64_t off : offs) {
        T v = base[off];
        if constexpr (isFloat)
          if (std::isnan(v))
            return v; // NaN propagates (hlo.maximum/minimum)
        if (isMax ? v > s : v < s)
          s = v;
      }
      return s;
    }
    case Red::kAll: {
      for (int64_t off : offs)
        if (!base[off])
          return 0;
      return 1;
    }
    case Red::kAny: {
      for (int64_t off : offs)
        if (base[off])
          return 1;
      return 0;
    }
    }
    return T{};
  }

  Red kind_;
  bool keepDims_;
  DType out_;
};

class ArgKernel : public HostKernel {
public:
  ArgKernel(bool isMax, DType out) : isMax_(isMax), out_(out) {}

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &x = *ctx.inputs[0];
    if (x.dtype() == DType::kF16 || x.dtype() == DType::kBF16 ||
        x.dtype() == DType::kBool)
      return absl::UnimplementedError(absl::StrCat(
          "no host kernel for ArgMax/ArgMin of ", dtypeName(x.dtype())));
    auto axisOr = scalarInt(*ctx.inputs[1], "dimension");
    if (!axisOr.ok())
      return axisOr.status();
    int64_t r = static_cast<int64_t>(x.shape().size()), axis = *axisOr;
    if (axis < -r || axis >= r)
      return absl::InvalidArgumentError(
          absl::StrCat("Expected dimension in the range [", -r, ", ", r,
                       "), but got ", axis));
    if (axis < 0)
      axis += r;
    std::vector<bool> reduced(r, false);
    reduced[axis] = true;
    Plan p = plan(x.shape(), reduced, /*keepDims=*/false);
    auto outOr = HostTensor::create(out_, p.outShape);
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
    dispatchDType(x.dtype(), [&](auto zero) {
      using T = decltype(zero);
      const T *in = x.data<T>();
      for (size_t k = 0; k < p.keptOffsets.size(); ++k) {
        const T *base = in + p.keptOffsets[k];
        // Eigen's scan from (0, lowest finite) taking strictly better
        // elements: NaN never compares better, so it is skipped.
        T best = isMax_ ? std::numeric_limits<T>::lowest()
                        : std::numeric_limits<T>::max();
        int64_t at = 0;
        for (size_t i = 0; i < p.redOffsets.size(); ++i) {
          T v = base[p.redOffsets[i]];
          if (isMax_ ? v > best : v < best) {
            best = v;
            at = static_cast<int64_t>(i);
          }
        }
        if (out_ == DType::kI32)
          out.data<int32_t>()[k] = static_cast<int32_t>(at);
        else
          out.data<int64_t>()[k] = at;
      }
    });
    ctx.outputs.push_back(std::move(out));
    return absl::OkStatus();
  }

private:
  bool isMax_;
  DType out_;
};

} // namespace

void addReduceKernels(llvm::StringMap<HostKernelFactory> &t) {
  const std::pair<const char *, Red> reductions[] = {
      {"tf.Sum", Red::kSum}, {"tf.Mean", Red::kMean}, {"tf.Prod", Red::kProd},
      {"tf.Max", Red::kMax}, {"tf.Min", Red::kMin},   {"tf.All", Red::kAll},
      {"tf.Any", Red::kAny}};
  for (auto [name, kind] : reductions)
    t[name] = [kind = kind](mlir::Operation *op)
        -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      auto out = resultDType(op, 0);
      if (!out.ok())
        return out.status();
      auto keep = op->getAttrOfType<mlir::BoolAttr>("keep_dims");
      return std::make_unique<ReduceKernel>(kind, keep && keep.getValue(),
                                            *out);
    };
  for (bool isMax : {true, false})
    t[isMax ? "tf.ArgMax" : "tf.ArgMin"] = [isMax](mlir::Operation *op)
        -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      auto out = resultDType(op, 0);
      if (!out.ok())
        return out.status();
      if (*out != DType::kI32 && *out != DType::kI64)
        return absl::UnimplementedError(
            "ArgMax/ArgMin host kernels give int32 or int64");
      return std::make_unique<ArgKernel>(isMax, *out);
    };
}

} // namespace tfmlir::session
