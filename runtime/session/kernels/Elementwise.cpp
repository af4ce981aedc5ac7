//===- Elementwise.cpp - elementwise host kernels with broadcasting -------===//
//
// NumPy-broadcasting binary ops (AddV2/Add, Sub, Mul, RealDiv, Div,
// TruncateDiv, FloorDiv, Mod, TruncateMod, FloorMod, Pow,
// SquaredDifference, DivNoNan, Maximum, Minimum, the comparisons,
// LogicalAnd/Or), SelectV2, Select (TF1's row/scalar condition) and unary ops
// (Neg, Abs, Square, Exp, Log, Sqrt, Rsqrt, Sigmoid, Floor, Tanh, Sin, Cos,
// Relu, LogicalNot), computed in the operands' own type as TF's CPU kernels
// (cwise_ops.h): integer RealDiv is not defined; integer division by zero is
// InvalidArgument; comparisons give bool. f16/bf16 are computed in f32 and
// rounded to nearest even once per op (lib/Support/Float16.h), as Eigen's half
// types do.
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
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

enum class Bin {
  kAdd,
  kSub,
  kMul,
  kDiv,      ///< RealDiv: floats only
  kDivNoNan, ///< DivNoNan: floats only, 0 where the divisor is 0
  kDivAny,   ///< Div: float division, truncating integer division
  kTruncDiv, ///< TruncateDiv
  kTruncMod, ///< Mod, TruncateMod: C's % and fmod (sign of the dividend)
  kFloorDiv,
  kFloorMod, ///< sign of the divisor
  kPow,
  kSqDiff,
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

/// Integer division and remainder of TF's CPU kernels (cwise_ops.h), for
/// a non-zero divisor (the caller checks): C++'s truncation, or flooring;
/// the one overflowing quotient (min / -1) wraps to min and its remainder
/// is 0, as XLA's (C++ leaves it undefined).
template <typename T> T truncDiv(T p, T q) {
  if constexpr (std::is_signed_v<T>)
    if (q == T(-1))
      return T(0 - static_cast<std::make_unsigned_t<T>>(p));
  return T(p / q);
}
template <typename T> T truncMod(T p, T q) {
  if constexpr (std::is_signed_v<T>)
    if (q == T(-1))
      return T(0);
  return T(p % q);
}
template <typename T> T floorDiv(T p, T q) {
  T d = truncDiv(p, q);
  if constexpr (std::is_signed_v<T>)
    if (truncMod(p, q) != 0 && ((p < 0) != (q < 0)))
      return T(d - 1);
  return d;
}
template <typename T> T floorMod(T p, T q) {
  T m = truncMod(p, q);
  if constexpr (std::is_signed_v<T>)
    if (m != 0 && ((m < 0) != (q < 0)))
      return T(m + q);
  return m;
}
/// Integer Pow by squaring, wrapping on overflow (unsigned arithmetic);
/// the exponent is non-negative (checked by the caller).
template <typename T> T intPow(T base, T exp) {
  using U = std::make_unsigned_t<T>;
  U r = 1, b = static_cast<U>(base);
  for (U e = static_cast<U>(exp); e; e >>= 1, b *= b)
    if (e & 1)
      r *= b;
  return static_cast<T>(r);
}

/// The binary ops with NumPy broadcasting. Integer division ops
/// (Div/TruncateDiv/FloorDiv/Mod/TruncateMod/FloorMod) refuse a zero
/// divisor with TF's "Integer division by zero"; integer Pow refuses a
/// negative exponent ("Integers to negative integer powers are not
/// allowed"). f16/bf16 operands are computed in f32 and the result rounded
/// back once (TF's CPU kernels compute Eigen::half ops in float too;
/// SquaredDifference, whose Eigen expression rounds its difference to half
/// first, may differ from TF in the last bit).
class BinaryKernel : public HostKernel {
public:
  BinaryKernel(Bin op, DType out) : op_(op), out_(out) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &a = *ctx.inputs[0], &b = *ctx.inputs[1];
    if (a.dtype() != b.dtype() || a.isVariant() || b.isVariant())
      return absl::UnimplementedError(
          absl::StrCat("no host kernel for operands ", dtypeName(a.dtype()),
                       " and ", dtypeName(b.dtype())));
    if (!isHalf(a.dtype()))
      return computeTyped(a, b, out_, ctx);
    absl::StatusOr<HostTensor> af = widenHalfToF32(a), bf = widenHalfToF32(b);
    if (!af.ok())
      return af.status();
    if (!bf.ok())
      return bf.status();
    bool half = isHalf(out_);
    if (absl::Status s = computeTyped(*af, *bf, half ? DType::kF32 : out_, ctx);
        !s.ok() || !half)
      return s;
    absl::StatusOr<HostTensor> n = narrowF32ToHalf(ctx.outputs.back(), out_);
    if (!n.ok())
      return n.status();
    ctx.outputs.back() = std::move(*n);
    return absl::OkStatus();
  }

private:
  /// The op on same-dtype operands (no f16/bf16), into a new output of
  /// `outType`.
  absl::Status computeTyped(const HostTensor &a, const HostTensor &b,
                            DType outType, KernelContext &ctx) const {
    auto shape = broadcastShape(a.shape(), b.shape());
    if (!shape.ok())
      return shape.status();
    absl::Status status;
    dispatchDType(a.dtype(), [&](auto v) {
      using T = decltype(v);
      if constexpr (std::is_integral_v<T>) {
        const T *y = b.data<T>();
        int64_t n = b.numElements();
        bool divides = op_ == Bin::kDivAny || op_ == Bin::kTruncDiv ||
                       op_ == Bin::kTruncMod || op_ == Bin::kFloorDiv ||
                       op_ == Bin::kFloorMod;
        if (divides && std::find(y, y + n, T(0)) != y + n)
          status = absl::InvalidArgumentError("Integer division by zero");
        if constexpr (std::is_signed_v<T>)
          if (op_ == Bin::kPow &&
              std::any_of(y, y + n, [](T e) { return e < T(0); }))
            status = absl::InvalidArgumentError(
                "Integers to negative integer powers are not allowed");
      }
    });
    if (!status.ok())
      return status;
    auto outOr = HostTensor::create(outType, *shape);
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
    std::vector<const std::vector<int64_t> *> shapes{&a.shape(), &b.shape()};
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
      constexpr bool fp = std::is_floating_point_v<T>;
      switch (op_) {
      case Bin::kAdd:
        return arith([](T p, T q) { return T(p + q); });
      case Bin::kSub:
        return arith([](T p, T q) { return T(p - q); });
      case Bin::kMul:
        return arith([](T p, T q) { return T(p * q); });
      case Bin::kSqDiff:
        return arith([](T p, T q) { return T((p - q) * (p - q)); });
      case Bin::kDiv:
        if constexpr (fp)
          return arith([](T p, T q) { return T(p / q); });
        status =
            absl::UnimplementedError("RealDiv of integers has no host kernel");
        return;
      case Bin::kDivNoNan:
        if constexpr (fp)
          return arith([](T p, T q) { return q == T(0) ? T(0) : T(p / q); });
        status =
            absl::UnimplementedError("DivNoNan of integers has no host kernel");
        return;
      case Bin::kDivAny:
      case Bin::kTruncDiv:
        if constexpr (fp)
          return arith([](T p, T q) { return T(p / q); });
        else
          return arith([](T p, T q) { return truncDiv(p, q); });
      case Bin::kTruncMod:
        if constexpr (fp)
          return arith([](T p, T q) { return T(std::fmod(p, q)); });
        else
          return arith([](T p, T q) { return truncMod(p, q); });
      case Bin::kFloorDiv:
        if constexpr (fp)
          return arith([](T p, T q) { return T(std::floor(p / q)); });
        else
          return arith([](T p, T q) { return floorDiv(p, q); });
      case Bin::kFloorMod:
        if constexpr (fp)
          return arith([](T p, T q) {
            // TF's google_floor_fmod: fmod, moved to the divisor's sign.
            T m = std::fmod(p, q);
            return (m != 0 && ((q < 0) != (m < 0))) ? T(m + q) : m;
          });
        else
          return arith([](T p, T q) { return floorMod(p, q); });
      case Bin::kPow:
        if constexpr (fp)
          return arith([](T p, T q) { return T(std::pow(p, q)); });
        else
          return arith([](T p, T q) { return intPow(p, q); });
      case Bin::kMax:
        return arith([](T p, T q) {
          if constexpr (fp)
            if (std::isnan(p) || std::isnan(q))
              return std::numeric_limits<T>::quiet_NaN();
          return p > q ? p : q;
        });
      case Bin::kMin:
        return arith([](T p, T q) {
          if constexpr (fp)
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

/// Select(condition, t, e) (TF1's, no broadcasting; select_op.cc): t and
/// e of one shape; condition of that shape (per element), a scalar (all of
/// t or all of e), or a vector of t's first dim (per row).
absl::Status select(KernelContext &ctx) {
  const HostTensor &c = *ctx.inputs[0], &t = *ctx.inputs[1],
                   &e = *ctx.inputs[2];
  if (c.isVariant() || t.isVariant() || e.isVariant() ||
      c.dtype() != DType::kBool || t.dtype() != e.dtype())
    return absl::InvalidArgumentError(
        "Select: condition must be bool and both branches of one dtype");
  if (t.shape() != e.shape())
    return absl::InvalidArgumentError(absl::StrCat(
        "'then' and 'else' must have the same size.  but received: ",
        shapeDebugString(t.shape()), " vs. ", shapeDebugString(e.shape())));
  bool scalar = c.shape().empty(), same = c.shape() == t.shape();
  if (!scalar && !same) {
    if (c.shape().size() != 1)
      return absl::InvalidArgumentError(absl::StrCat(
          "'cond' must be a scalar, a vector or the shape of 'then', but "
          "saw shape: ",
          shapeDebugString(c.shape()), " vs. ", shapeDebugString(t.shape())));
    if (t.shape().empty())
      return absl::InvalidArgumentError(
          absl::StrCat("'then' must be at least a vector, but saw shape: ",
                       shapeDebugString(t.shape())));
    if (t.shape()[0] != c.numElements())
      return absl::InvalidArgumentError(absl::StrCat(
          "Number of batches of 'then' must match size of 'cond', but saw: ",
          t.shape()[0], " vs. ", c.numElements()));
  }
  absl::StatusOr<HostTensor> out = HostTensor::create(t.dtype(), t.shape());
  if (!out.ok())
    return out.status();
  int64_t n = t.numElements();
  // Elements per condition value: 1 (same shape), a row, or everything.
  int64_t group = same     ? 1
                  : scalar ? n
                           : (c.numElements() ? n / c.numElements() : 0);
  size_t es = dtypeSize(t.dtype());
  const uint8_t *cv = c.data<uint8_t>();
  for (int64_t k = 0; k < n; k += group) {
    bool pick = cv[group ? k / group : 0] != 0;
    std::memcpy(static_cast<char *>(out->raw()) + k * es,
                static_cast<const char *>(pick ? t.raw() : e.raw()) + k * es,
                group * es);
  }
  ctx.outputs.push_back(std::move(*out));
  return absl::OkStatus();
}

enum class Un {
  kNeg,
  kAbs,
  kSquare,
  kExp,
  kLog,
  kSqrt,
  kRsqrt,
  kSigmoid,
  kFloor,
  kTanh,
  kSin,
  kCos,
  kRelu,
  kNot
};

/// The unary ops: Neg, Abs, Square, Relu (any numeric dtype; integer Neg,
/// Abs and Square wrap), LogicalNot (bool) and the float-only functions
/// (Exp, Log, Sqrt, Rsqrt, Sigmoid, Floor, Tanh, Sin, Cos: std:: functions
/// of the dtype). f16/bf16 are computed in f32 and rounded back once, as
/// Eigen's half functions.
class UnaryKernel : public HostKernel {
public:
  explicit UnaryKernel(Un op) : op_(op) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &a = *ctx.inputs[0];
    if (a.isVariant())
      return absl::UnimplementedError("no host kernel for a variant operand");
    if (!isHalf(a.dtype()))
      return computeTyped(a, ctx);
    absl::StatusOr<HostTensor> af = widenHalfToF32(a);
    if (!af.ok())
      return af.status();
    if (absl::Status s = computeTyped(*af, ctx); !s.ok())
      return s;
    absl::StatusOr<HostTensor> n =
        narrowF32ToHalf(ctx.outputs.back(), a.dtype());
    if (!n.ok())
      return n.status();
    ctx.outputs.back() = std::move(*n);
    return absl::OkStatus();
  }

private:
  absl::Status computeTyped(const HostTensor &a, KernelContext &ctx) const {
    absl::StatusOr<HostTensor> outOr = HostTensor::create(a.dtype(), a.shape());
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
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
      constexpr bool fp = std::is_floating_point_v<T>;
      // Integer negation through unsigned arithmetic (wraps, no UB).
      auto neg = [](T p) {
        if constexpr (fp)
          return T(-p);
        else
          return T(0 - static_cast<std::make_unsigned_t<T>>(p));
      };
      switch (op_) {
      case Un::kNeg:
        return apply(neg);
      case Un::kAbs:
        return apply([&](T p) { return p < T(0) ? neg(p) : p; });
      case Un::kSquare:
        if constexpr (fp)
          return apply([](T p) { return T(p * p); });
        else
          return apply([](T p) {
            using U = std::make_unsigned_t<T>;
            return T(U(p) * U(p));
          });
      case Un::kRelu:
        return apply([](T p) { return p > T(0) ? p : T(0); });
      case Un::kNot:
        return apply([](T p) { return T(p ? 0 : 1); });
      default:
        break;
      }
      if constexpr (!fp) {
        status = absl::UnimplementedError(
            absl::StrCat("no host kernel for ", dtypeName(a.dtype())));
      } else {
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
        case Un::kTanh:
          return apply([](T p) { return std::tanh(p); });
        case Un::kSin:
          return apply([](T p) { return std::sin(p); });
        case Un::kCos:
          return apply([](T p) { return std::cos(p); });
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
  std::pair<const char *, Bin> bins[] = {{"tf.AddV2", Bin::kAdd},
                                         {"tf.Add", Bin::kAdd},
                                         {"tf.Sub", Bin::kSub},
                                         {"tf.Mul", Bin::kMul},
                                         {"tf.RealDiv", Bin::kDiv},
                                         {"tf.Maximum", Bin::kMax},
                                         {"tf.Minimum", Bin::kMin},
                                         {"tf.Greater", Bin::kGt},
                                         {"tf.GreaterEqual", Bin::kGe},
                                         {"tf.Less", Bin::kLt},
                                         {"tf.LessEqual", Bin::kLe},
                                         {"tf.Equal", Bin::kEq},
                                         {"tf.NotEqual", Bin::kNe},
                                         {"tf.LogicalAnd", Bin::kAnd},
                                         {"tf.LogicalOr", Bin::kOr},
                                         {"tf.Div", Bin::kDivAny},
                                         {"tf.TruncateDiv", Bin::kTruncDiv},
                                         {"tf.Mod", Bin::kTruncMod},
                                         {"tf.TruncateMod", Bin::kTruncMod},
                                         {"tf.FloorDiv", Bin::kFloorDiv},
                                         {"tf.FloorMod", Bin::kFloorMod},
                                         {"tf.Pow", Bin::kPow},
                                         {"tf.SquaredDifference", Bin::kSqDiff},
                                         {"tf.DivNoNan", Bin::kDivNoNan}};
  for (auto [n, op] : bins)
    t[n] = binary(op);
  std::pair<const char *, Un> uns[] = {
      {"tf.Neg", Un::kNeg},         {"tf.Abs", Un::kAbs},
      {"tf.Exp", Un::kExp},         {"tf.Log", Un::kLog},
      {"tf.Sqrt", Un::kSqrt},       {"tf.Rsqrt", Un::kRsqrt},
      {"tf.Sigmoid", Un::kSigmoid}, {"tf.Floor", Un::kFloor},
      {"tf.Relu", Un::kRelu},       {"tf.LogicalNot", Un::kNot},
      {"tf.Square", Un::kSquare},   {"tf.Tanh", Un::kTanh},
      {"tf.Sin", Un::kSin},         {"tf.Cos", Un::kCos}};
  for (auto [n, op] : uns)
    t[n] =
        [op](mlir::Operation *) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      return std::make_unique<UnaryKernel>(op);
    };
  t["tf.SelectV2"] = lambdaKernel(selectV2);
  t["tf.Select"] = lambdaKernel(select);
}

} // namespace tfmlir::session
