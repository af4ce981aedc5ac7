//===- Elementwise.cpp - elementwise host kernels with broadcasting -------===//
//
// NumPy-broadcasting binary ops (AddV2/Add, Sub, Mul, RealDiv, Maximum,
// Minimum, the comparisons, LogicalAnd/Or), SelectV2 and a few unary ops
// (Neg, Abs, Exp, Log, Sqrt, Rsqrt, Sigmoid, Floor, Relu, LogicalNot),
// computed in the operands' own type as TF's CPU kernels (cwise_ops.h):
// integer RealDiv is not defined; comparisons give bool. f16/bf16 have no
// host kernels (Unimplemented naming the op).
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"

#include <cmath>
#include <cstring>
#include <functional>
#include <type_traits>

namespace tfmlir::session {
namespace {

/// The broadcast shape of a and b, or an error in TF's BCast wording.
absl::StatusOr<std::vector<int64_t>>
broadcastShape(const std::vector<int64_t> &a, const std::vector<int64_t> &b) {
  size_t r = std::max(a.size(), b.size());
  std::vector<int64_t> out(r);
  for (size_t i = 0; i < r; ++i) {
    int64_t x = i < r - a.size() ? 1 : a[i - (r - a.size())];
    int64_t y = i < r - b.size() ? 1 : b[i - (r - b.size())];
    if (x != y && x != 1 && y != 1)
      return absl::InvalidArgumentError(
          absl::StrCat("Incompatible shapes: ", shapeDebugString(a), " vs. ",
                       shapeDebugString(b)));
    out[i] = x == 1 ? y : x;
  }
  return out;
}

/// Calls f(k, offsets) for each flat output index k of the broadcast shape
/// `out`, with offsets[i] the flat index into input i (of shape
/// `shapes[i]`, broadcast NumPy-style), walking an odometer.
template <typename F>
void forEachBroadcast(const std::vector<int64_t> &out,
                      const std::vector<const std::vector<int64_t> *> &shapes,
                      F &&f) {
  size_t r = out.size(), m = shapes.size();
  int64_t n = 1;
  for (int64_t d : out)
    n *= d;
  if (n == 0)
    return;
  // stride[i][d]: the step of input i's offset when dim d advances.
  std::vector<std::vector<int64_t>> stride(m, std::vector<int64_t>(r, 0));
  for (size_t i = 0; i < m; ++i) {
    const std::vector<int64_t> &s = *shapes[i];
    size_t off = r - s.size();
    int64_t st = 1;
    for (size_t d = s.size(); d-- > 0;) {
      stride[i][d + off] = s[d] == 1 ? 0 : st;
      st *= s[d];
    }
  }
  std::vector<int64_t> pos(r, 0), offsets(m, 0);
  for (int64_t k = 0; k < n; ++k) {
    f(k, offsets);
    for (size_t d = r; d-- > 0;) {
      if (++pos[d] < out[d]) {
        for (size_t i = 0; i < m; ++i)
          offsets[i] += stride[i][d];
        break;
      }
      for (size_t i = 0; i < m; ++i)
        offsets[i] -= stride[i][d] * (out[d] - 1);
      pos[d] = 0;
    }
  }
}

bool isHalf(DType t) { return t == DType::kF16 || t == DType::kBF16; }

enum class Bin {
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMax,
  kMin,
  kGt,
  kGe,
  kLt,
  kLe,
  kEq,
  kNe,
  kAnd,
  kOr
};

class BinaryKernel : public HostKernel {
public:
  BinaryKernel(Bin op, DType out) : op_(op), out_(out) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &a = *ctx.inputs[0], &b = *ctx.inputs[1];
    if (a.dtype() != b.dtype() || isHalf(a.dtype()))
      return absl::UnimplementedError(
          absl::StrCat("no host kernel for operands ", dtypeName(a.dtype()),
                       " and ", dtypeName(b.dtype())));
    auto shape = broadcastShape(a.shape(), b.shape());
    if (!shape.ok())
      return shape.status();
    auto outOr = HostTensor::create(out_, *shape);
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
    std::vector<const std::vector<int64_t> *> shapes{&a.shape(), &b.shape()};
    absl::Status status;
    dispatchDType(a.dtype(), [&](auto v) {
      using T = decltype(v);
      const T *x = a.data<T>(), *y = b.data<T>();
      auto arith = [&](auto f) {
        T *o = out.data<T>();
        forEachBroadcast(*shape, shapes, [&](int64_t k, const auto &at) {
          o[k] = f(x[at[0]], y[at[1]]);
        });
      };
      auto cmp = [&](auto f) {
        uint8_t *o = out.data<uint8_t>();
        forEachBroadcast(*shape, shapes, [&](int64_t k, const auto &at) {
          o[k] = f(x[at[0]], y[at[1]]) ? 1 : 0;
        });
      };
      switch (op_) {
      case Bin::kAdd:
        return arith([](T p, T q) { return T(p + q); });
      case Bin::kSub:
        return arith([](T p, T q) { return T(p - q); });
      case Bin::kMul:
        return arith([](T p, T q) { return T(p * q); });
      case Bin::kDiv:
        if constexpr (std::is_floating_point_v<T>)
          return arith([](T p, T q) { return T(p / q); });
        status =
            absl::UnimplementedError("RealDiv of integers has no host kernel");
        return;
      case Bin::kMax:
        return arith([](T p, T q) {
          if constexpr (std::is_floating_point_v<T>)
            if (std::isnan(p) || std::isnan(q))
              return std::numeric_limits<T>::quiet_NaN();
          return p > q ? p : q;
        });
      case Bin::kMin:
        return arith([](T p, T q) {
          if constexpr (std::is_floating_point_v<T>)
            if (std::isnan(p) || std::isnan(q))
              return std::numeric_limits<T>::quiet_NaN();
          return p < q ? p : q;
        });
      case Bin::kGt:
        return cmp([](T p, T q) { return p > q; });
      case Bin::kGe:
        return cmp([](T p, T q) { return p >= q; });
      case Bin::kLt:
        return cmp([](T p, T q) { return p < q; });
      case Bin::kLe:
        return cmp([](T p, T q) { return p <= q; });
      case Bin::kEq:
        return cmp([](T p, T q) { return p == q; });
      case Bin::kNe:
        return cmp([](T p, T q) { return p != q; });
      case Bin::kAnd:
        return cmp([](T p, T q) { return p && q; });
      case Bin::kOr:
        return cmp([](T p, T q) { return p || q; });
      }
    });
    if (!status.ok())
      return status;
    ctx.outputs.push_back(std::move(out));
    return absl::OkStatus();
  }

private:
  Bin op_;
  DType out_;
};

/// SelectV2(condition, t, e) with three-way broadcasting.
absl::Status selectV2(KernelContext &ctx) {
  const HostTensor &c = *ctx.inputs[0], &t = *ctx.inputs[1],
                   &e = *ctx.inputs[2];
  auto s1 = broadcastShape(c.shape(), t.shape());
  if (!s1.ok())
    return s1.status();
  auto shape = broadcastShape(*s1, e.shape());
  if (!shape.ok())
    return shape.status();
  if (t.dtype() != e.dtype() || c.dtype() != DType::kBool)
    return absl::InvalidArgumentError("SelectV2: condition must be bool and "
                                      "both branches of one dtype");
  auto outOr = HostTensor::create(t.dtype(), *shape);
  if (!outOr.ok())
    return outOr.status();
  HostTensor &out = *outOr;
  size_t es = dtypeSize(t.dtype());
  std::vector<const std::vector<int64_t> *> shapes{&c.shape(), &t.shape(),
                                                   &e.shape()};
  forEachBroadcast(*shape, shapes, [&](int64_t k, const auto &at) {
    bool pick = c.data<uint8_t>()[at[0]] != 0;
    std::memcpy(static_cast<char *>(out.raw()) + k * es,
                static_cast<const char *>(pick ? t.raw() : e.raw()) +
                    (pick ? at[1] : at[2]) * es,
                es);
  });
  ctx.outputs.push_back(std::move(out));
  return absl::OkStatus();
}

enum class Un {
  kNeg,
  kAbs,
  kExp,
  kLog,
  kSqrt,
  kRsqrt,
  kSigmoid,
  kFloor,
  kRelu,
  kNot
};

class UnaryKernel : public HostKernel {
public:
  explicit UnaryKernel(Un op) : op_(op) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &a = *ctx.inputs[0];
    if (isHalf(a.dtype()))
      return absl::UnimplementedError(
          absl::StrCat("no host kernel for ", dtypeName(a.dtype())));
    HostTensor out(a.dtype(), a.shape());
    int64_t n = a.numElements();
    absl::Status status;
    dispatchDType(a.dtype(), [&](auto v) {
      using T = decltype(v);
      const T *x = a.data<T>();
      T *o = out.data<T>();
      auto apply = [&](auto f) {
        for (int64_t k = 0; k < n; ++k)
          o[k] = f(x[k]);
      };
      bool fp = std::is_floating_point_v<T>;
      switch (op_) {
      case Un::kNeg:
        return apply([](T p) { return T(-p); });
      case Un::kAbs:
        return apply([](T p) { return p < T(0) ? T(-p) : p; });
      case Un::kRelu:
        return apply([](T p) { return p > T(0) ? p : T(0); });
      case Un::kNot:
        return apply([](T p) { return T(p ? 0 : 1); });
      default:
        break;
      }
      if (!fp) {
        status = absl::UnimplementedError(
            absl::StrCat("no host kernel for ", dtypeName(a.dtype())));
        return;
      }
      if constexpr (std::is_floating_point_v<T>) {
        switch (op_) {
        case Un::kExp:
          return apply([](T p) { return std::exp(p); });
        case Un::kLog:
          return apply([](T p) { return std::log(p); });
        case Un::kSqrt:
          return apply([](T p) { return std::sqrt(p); });
        case Un::kRsqrt:
          return apply([](T p) { return T(1) / std::sqrt(p); });
        case Un::kSigmoid:
          return apply([](T p) { return T(1) / (T(1) + std::exp(-p)); });
        case Un::kFloor:
          return apply([](T p) { return std::floor(p); });
        default:
          break;
        }
      }
    });
    if (!status.ok())
      return status;
    ctx.outputs.push_back(std::move(out));
    return absl::OkStatus();
  }

private:
  Un op_;
};

} // namespace

void addElementwiseKernels(llvm::StringMap<HostKernelFactory> &t) {
  auto binary = [](Bin op) {
    return
        [op](
            mlir::Operation *o) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
          absl::StatusOr<DType> d = resultDType(o, 0);
          if (!d.ok())
            return d.status();
          return std::make_unique<BinaryKernel>(op, *d);
        };
  };
  std::pair<const char *, Bin> bins[] = {
      {"tf.AddV2", Bin::kAdd},       {"tf.Add", Bin::kAdd},
      {"tf.Sub", Bin::kSub},         {"tf.Mul", Bin::kMul},
      {"tf.RealDiv", Bin::kDiv},     {"tf.Maximum", Bin::kMax},
      {"tf.Minimum", Bin::kMin},     {"tf.Greater", Bin::kGt},
      {"tf.GreaterEqual", Bin::kGe}, {"tf.Less", Bin::kLt},
      {"tf.LessEqual", Bin::kLe},    {"tf.Equal", Bin::kEq},
      {"tf.NotEqual", Bin::kNe},     {"tf.LogicalAnd", Bin::kAnd},
      {"tf.LogicalOr", Bin::kOr}};
  for (auto [n, op] : bins)
    t[n] = binary(op);
  std::pair<const char *, Un> uns[] = {
      {"tf.Neg", Un::kNeg},         {"tf.Abs", Un::kAbs},
      {"tf.Exp", Un::kExp},         {"tf.Log", Un::kLog},
      {"tf.Sqrt", Un::kSqrt},       {"tf.Rsqrt", Un::kRsqrt},
      {"tf.Sigmoid", Un::kSigmoid}, {"tf.Floor", Un::kFloor},
      {"tf.Relu", Un::kRelu},       {"tf.LogicalNot", Un::kNot}};
  for (auto [n, op] : uns)
    t[n] =
        [op](mlir::Operation *) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      return std::make_unique<UnaryKernel>(op);
    };
  t["tf.SelectV2"] =
      [](mlir::Operation *) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    return std::make_unique<LambdaKernel>(selectV2);
  };
}

} // namespace tfmlir::session
