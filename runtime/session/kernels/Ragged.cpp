//===- Ragged.cpp - ragged host kernels -----------------------------------===//
//
// RaggedRange (TF's ragged_range_op.cc): starts, limits, deltas are scalars
// or vectors of one length (scalars broadcast; nrows = that length, or 1
// when all are scalars). Row i holds start, start + delta, ... before
// limit; rt_nested_splits (int32 or int64, nrows + 1) are the row offsets
// and rt_dense_values (dtype T: float, double, int32, int64) the rows'
// values in order, each the running sum start + k * delta accumulated in T
// as TF does. Errors (InvalidArgument, TF's wording): "starts must be a
// scalar or vector", "starts, limits, and deltas must have the same
// shape", "Requires delta != 0", "Requires ((limit - start) / delta) <=
// 9223372036854775807", and "The total range size overflowed. Consider
// using int64 instead of int32 for row_splits_dtype." A row whose limit is
// on the wrong side of start is empty (no error, unlike Range).
// bfloat16 / half values are Unimplemented on the host.
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "absl/strings/str_cat.h"

#include <cmath>
#include <cstdlib>
#include <limits>

namespace tfmlir::session {
namespace {

class RaggedRangeKernel : public HostKernel {
public:
  RaggedRangeKernel(DType splits, DType values)
      : splits_(splits), values_(values) {}

  absl::Status compute(KernelContext &ctx) const override {
    static const char *kNames[] = {"starts", "limits", "deltas"};
    int64_t nrows = -1;
    for (int i = 0; i < 3; ++i) {
      const HostTensor &t = *ctx.inputs[i];
      if (t.shape().size() > 1)
        return absl::InvalidArgumentError(
            absl::StrCat(kNames[i], " must be a scalar or vector"));
      if (t.dtype() != values_)
        return absl::InvalidArgumentError(
            absl::StrCat(kNames[i], " has dtype ", dtypeName(t.dtype()),
                         ", expected ", dtypeName(values_)));
      if (t.shape().size() == 1) {
        if (nrows >= 0 && t.shape()[0] != nrows)
          return absl::InvalidArgumentError(
              "starts, limits, and deltas must have the same shape");
        nrows = t.shape()[0];
      }
    }
    if (nrows < 0)
      nrows = 1;
    return dispatchDType(values_, [&](auto v) -> absl::Status {
      using T = decltype(v);
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> ||
                    std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>)
        return run<T>(ctx, nrows);
      return absl::UnimplementedError(absl::StrCat(
          "RaggedRange of ", dtypeName(values_), " has no host kernel"));
    });
  }

private:
  template <typename T> static T at(const HostTensor &t, int64_t row) {
    return t.data<T>()[t.shape().empty() ? 0 : row];
  }

  template <typename T>
  absl::Status run(KernelContext &ctx, int64_t nrows) const {
    const HostTensor &s = *ctx.inputs[0], &l = *ctx.inputs[1],
                     &d = *ctx.inputs[2];
    const int64_t splitsMax = splits_ == DType::kI32
                                  ? std::numeric_limits<int32_t>::max()
                                  : std::numeric_limits<int64_t>::max();
    auto splits = HostTensor::create(splits_, {nrows + 1});
    if (!splits.ok())
      return splits.status();
    std::vector<int64_t> offs(nrows + 1, 0);
    for (int64_t row = 0; row < nrows; ++row) {
      T start = at<T>(s, row), limit = at<T>(l, row), delta = at<T>(d, row);
      if (delta == T(0))
        return absl::InvalidArgumentError("Requires delta != 0");
      int64_t size;
      if ((delta > 0 && limit < start) || (delta < 0 && limit > start)) {
        size = 0;
      } else if constexpr (std::is_integral_v<T>) {
        // Eigen::divup(|limit - start|, |delta|) in the unsigned domain.
        uint64_t span = limit > start ? uint64_t(limit) - uint64_t(start)
                                      : uint64_t(start) - uint64_t(limit);
        uint64_t ad =
            delta > 0 ? uint64_t(delta) : uint64_t(0) - uint64_t(delta);
        uint64_t n = span / ad + (span % ad != 0);
        if (n > uint64_t(std::numeric_limits<int64_t>::max()))
          return absl::InvalidArgumentError(
              "Requires ((limit - start) / delta) <= 9223372036854775807");
        size = int64_t(n);
      } else {
        double n = std::ceil(std::fabs(double(limit - start) / double(delta)));
        if (!(n <= 9.2233720368547758e18))
          return absl::InvalidArgumentError(
              "Requires ((limit - start) / delta) <= 9223372036854775807");
        size = int64_t(n);
      }
      if (size > splitsMax - offs[row])
        return absl::InvalidArgumentError(
            "The total range size overflowed. Consider using int64 instead "
            "of int32 for row_splits_dtype.");
      offs[row + 1] = offs[row] + size;
    }
    auto values = HostTensor::create(values_, {offs[nrows]});
    if (!values.ok())
      return values.status();
    T *out = values->template data<T>();
    for (int64_t row = 0; row < nrows; ++row) {
      T value = at<T>(s, row), delta = at<T>(d, row);
      for (int64_t i = offs[row]; i < offs[row + 1]; ++i, value += delta)
        out[i] = value;
    }
    for (int64_t i = 0; i <= nrows; ++i) {
      if (splits_ == DType::kI32)
        splits->template data<int32_t>()[i] = int32_t(offs[i]);
      else
        splits->template data<int64_t>()[i] = offs[i];
    }
    ctx.outputs.push_back(std::move(*splits));
    ctx.outputs.push_back(std::move(*values));
    return absl::OkStatus();
  }

  DType splits_, values_;
};

} // namespace

void addRaggedKernels(llvm::StringMap<HostKernelFactory> &t) {
  t["tf.RaggedRange"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<DType> splits = resultDType(op, 0);
    if (!splits.ok())
      return splits.status();
    absl::StatusOr<DType> values = resultDType(op, 1);
    if (!values.ok())
      return values.status();
    if (*splits != DType::kI32 && *splits != DType::kI64)
      return absl::UnimplementedError(
          "RaggedRange: Tsplits must be int32 or int64");
    return std::make_unique<RaggedRangeKernel>(*splits, *values);
  };
}

} // namespace tfmlir::session
