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

/// The flat index into a tensor of `shape` broadcast to `out` for each
/// flat output index (a vector; host kernels favour clarity).
std::vector<int64_t> broadcastIndex(const std::vector<int64_t> &shape,
                                    const std::vector<int64_t> &out) {
  int64_t n = 1;
  for (int64_t d : out)
    n *= d;
  std::vector<int64_t> idx(n);
  size_t off = out.size() - shape.size();
  std::vector<int64_t> stride(out.size(), 0);
  int64_t s = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    stride[i + off] = shape[i] == 1 ? 0 : s;
    s *= shape[i];
  }
  std::vector<int64_t> pos(out.size(), 0);
  for (int64_t k = 0; k < n; ++k) {
    int64_t f = 0;
    for (size_t d = 0; d < out.size(); ++d)
      f += pos[d] * stride[d];
    idx[k] = f;
    for (size_t d = out.size(); d-- > 0;) {
      if (++pos[d] < out[d])
        break;
      pos[d] = 0;
    }
  }
  return idx;
}

bool isHalf(DType t) { return t == DType::kF16 || t == DType::kBF16; }

enum class Bin {
  kAdd, kSub, kMul, kDiv, kMax, kMin, kGt, kGe, kLt, kLe, kEq, kNe, kAnd, kOr
};

class BinaryKernel : public HostKernel {
public:
  BinaryKernel(Bin op, DType out) : op_(op), out_(out) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &a = *ctx.inputs[0], &b = *ctx.inputs[1];
    if (a.dtype() != b.dtype() || isHalf(a.dtype()))
      return absl::UnimplementedError(absl::StrCat(
          "no host kernel for operands ", dtypeName(a.dtype()), " and ",
          dtypeName(b.dtype())));
    auto shape = broadcastShape(a.shape(), b.shape());
    if (!shape.ok())
      return shape.status();
    std::vector<int64_t> ia = broadcastIndex(a.shape(), *shape),
                         ib = broadcastIndex(b.shape(), *shape);
    HostTensor out(out_, *shape);
    int64_t n = out.numElements();
    absl::Status status;
    dispatchDType(a.dtype(), [&](auto v) {
      using T = decltype(v);
      const T *x = a.data<T>(), *y = b.data<T>();
      auto arith = [&](auto f) {
        T *o = out.data<T>();
        for (int64_t k = 0; k < n; ++k)
          o[k] = f(x[ia[k]], y[ib[k]]);
      };
      auto cmp = [&](auto f) {
        uint8_t *o = out.data<uint8_t>();
        for (int64_t k = 0; k < n; ++k)
          o[k] = f(x[ia[k]], y[ib[k]]) ? 1 : 0;
      };
      switch (op_) {
      case Bin::kAdd: return arith([](T p, T q) { return T(p + q); });
      case Bin::kSub: return arith([](T p, T q) { return T(p - q); });
      case Bin::kMul: return arith([](T p, T q) { return T(p * q); });
      case Bin::kDiv:
        if constexpr (std::is_floating_point_v<T>)
          return arith([](T p, T q) { return T(p / q); });
        status = absl::UnimplementedError("RealDiv of integers has no host kernel");
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
      case Bin::kGt: return cmp([](T p, T q) { return p > q; });
      case Bin::kGe: return cmp([](T p, T q) { return p >= q; });
      case Bin::kLt: return cmp([](T p, T q) { return p < q; });
      case Bin::kLe: return cmp([](T p, T q) { return p <= q; });
      case Bin::kEq: return cmp([](T p, T q) { return p == q; });
      case Bin::kNe: return cmp([](T p, T q) { return p != q; });
      case Bin::kAnd: return cmp([](T p, T q) { return p && q; });
      case Bin::kOr: return cmp([](T p, T q) { return p || q; });
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
  const HostTensor &c = *ctx.inputs[0], &t = *ctx.inputs[1], &e = *ctx.inputs[2];
  auto s1 = broadcastShape(c.shape(), t.shape());
  if (!s1.ok())
    return s1.status();
  auto shape = broadcastShape(*s1, e.shape());
  if (!shape.ok())
    return shape.status();
  if (t.dtype() != e.dtype() || c.dtype() != DType::kBool)
    return absl::InvalidArgumentError("SelectV2: condition must be bool and "
                                      "both branches of one dtype");
  std::vector<int64_t> ic = broadcastIndex(c.shape(), *shape),
                       it = broadcastIndex(t.shape(), *shape),
                       ie = broadcastIndex(e.shape(), *shape);
  HostTensor out(t.dtype(), *shape);
  size_t es = dtypeSize(t.dtype());
  for (int64_t k = 0; k < out.numElements(); ++k) {
    bool pick = c.data<uint8_t>()[ic[k]] != 0;
    std::memcpy(static_cast<char *>(out.raw()) + k * es,
                static_cast<const char *>(pick ? t.raw() : e.raw()) +
                    (pick ? it[k] : ie[k]) * es,
                es);
  }
  ctx.outputs.push_back(std::move(out));
  return absl::OkStatus();
}

enum class Un { kNeg, kAbs, kExp, kLog, kSqrt, kRsqrt, kSigmoid, kFloor, kRelu, kNot };

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
      case Un::kNeg: return apply([](T p) { return T(-p); });
      case Un::kAbs: return apply([](T p) { return p < T(0) ? T(-p) : p; });
      case Un::kRelu: return apply([](T p) { return p > T(0) ? p : T(0); });
      case Un::kNot: return apply([](T p) { return T(p ? 0 : 1); });
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
        case Un::kExp: return apply([](T p) { return std::exp(p); });
        case Un::kLog: return apply([](T p) { return std::log(p); });
        case Un::kSqrt: return apply([](T p) { return std::sqrt(p); });
        case Un::kRsqrt: return apply([](T p) { return T(1) / std::sqrt(p); });
        case Un::kSigmoid:
          return apply([](T p) { return T(1) / (T(1) + std::exp(-p)); });
        case Un::kFloor: return apply([](T p) { return std::floor(p); });
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
    return [op](mlir::Operation *o) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      absl::StatusOr<DType> d = resultDType(o, 0);
      if (!d.ok())
        return d.status();
      return std::make_unique<BinaryKernel>(op, *d);
    };
  };
  std::pair<const char *, Bin> bins[] = {
      {"tf.AddV2", Bin::kAdd}, {"tf.Add", Bin::kAdd}, {"tf.Sub", Bin::kSub},
      {"tf.Mul", Bin::kMul}, {"tf.RealDiv", Bin::kDiv},
      {"tf.Maximum", Bin::kMax}, {"tf.Minimum", Bin::kMin},
      {"tf.Greater", Bin::kGt}, {"tf.GreaterEqual", Bin::kGe},
      {"tf.Less", Bin::kLt}, {"tf.LessEqual", Bin::kLe},
      {"tf.Equal", Bin::kEq}, {"tf.NotEqual", Bin::kNe},
      {"tf.LogicalAnd", Bin::kAnd}, {"tf.LogicalOr", Bin::kOr}};
  for (auto [n, op] : bins)
    t[n] = binary(op);
  std::pair<const char *, Un> uns[] = {
      {"tf.Neg", Un::kNeg}, {"tf.Abs", Un::kAbs}, {"tf.Exp", Un::kExp},
      {"tf.Log", Un::kLog}, {"tf.Sqrt", Un::kSqrt}, {"tf.Rsqrt", Un::kRsqrt},
      {"tf.Sigmoid", Un::kSigmoid}, {"tf.Floor", Un::kFloor},
      {"tf.Relu", Un::kRelu}, {"tf.LogicalNot", Un::kNot}};
  for (auto [n, op] : uns)
    t[n] = [op](mlir::Operation *) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      return std::make_unique<UnaryKernel>(op);
    };
  t["tf.SelectV2"] = [](mlir::Operation *)
      -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    return std::make_unique<LambdaKernel>(selectV2);
  };
}

} // namespace tfmlir::session
