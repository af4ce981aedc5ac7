//===- Elementwise.cpp - Binary, unary, activation and softmax kernels ----===//
//
// Semantics follow TFLite's reference kernels: numpy broadcasting for the
// binary ops, fused activations applied after the op, float32 math in float
// (std:: functions), integer DIV / FLOOR_DIV / FLOOR_MOD by zero rejected.
// Prepare / Eval switch on the input type as TFLite's: quantized int8 /
// uint8 / int16 ADD, SUB, MUL here (add.cc / sub.cc / mul.cc), the integer
// LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, RELUs, SOFTMAX and RSQRT in
// ElementwiseInteger.cpp.
//
//===----------------------------------------------------------------------===//
#include "lib/Support/NonFinite.h"
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/ElementwiseInteger.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"

#include <cmath>
#include <limits>

namespace tfmlir::lite::kernels {
namespace {

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

bool isComparison(int32_t code) {
  return code == kOp_LESS || code == kOp_LESS_EQUAL || code == kOp_GREATER ||
         code == kOp_GREATER_EQUAL || code == kOp_EQUAL ||
         code == kOp_NOT_EQUAL;
}

absl::Status binaryPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  int32_t code = ctx.op().builtinCode;
  if (a->type != b->type)
    return invalid("operand types differ: ", typeName(a->type), " vs ",
                   typeName(b->type));
  bool logical = code == kOp_LOGICAL_AND || code == kOp_LOGICAL_OR;
  TensorType t = a->type;
  if (logical) {
    if (t != TensorType::kBool)
      return unimplemented("operands must be BOOL, got ", typeName(t));
  } else if (!(t == TensorType::kFloat32 || t == TensorType::kInt32 ||
               t == TensorType::kInt64 ||
               (t == TensorType::kBool &&
                (code == kOp_EQUAL || code == kOp_NOT_EQUAL)))) {
    return unimplemented("operand type ", typeName(t), " is not supported");
  }
  TensorType outT = (isComparison(code) || logical) ? TensorType::kBool : t;
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), outT, "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(a->shape, b->shape, shape));
  return ctx.resizeOutput(0, shape);
}

template <typename T> T floorDiv(T a, T b) {
  if constexpr (std::is_floating_point_v<T>)
    return std::floor(a / b);
  else {
    T q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
      --q;
    return q;
  }
}
template <typename T> T floorMod(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    T r = std::fmod(a, b);
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  } else {
    T r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  }
}

/// True when `shape`, without its leading 1s, equals the trailing dims of
/// `out` (so it repeats along out's leading dims).
bool isTrailingSuffix(const std::vector<int32_t> &shape,
                      const std::vector<int32_t> &out) {
  size_t k = 0;
  while (k < shape.size() && shape[k] == 1)
    ++k;
  const size_t n = shape.size() - k;
  if (n > out.size())
    return false;
  return std::equal(shape.begin() + k, shape.end(), out.end() - n);
}

template <typename T>
absl::Status binaryArith(OpContext &ctx, const Tensor &a, const Tensor &b,
                         Tensor &o) {
  const T *pa = a.as<T>(), *pb = b.as<T>();
  T *po = o.as<T>();
  int32_t code = ctx.op().builtinCode;
  if constexpr (!std::is_floating_point_v<T>) {
    if (code == kOp_DIV || code == kOp_FLOOR_DIV || code == kOp_FLOOR_MOD) {
      for (int64_t i = 0, n = b.numElements(); i < n; ++i)
        if (pb[i] == 0)
          return invalid("integer division by zero");
    }
  }
  const int64_t na = a.numElements(), nb = b.numElements(),
                no = o.numElements();
  auto run = [&](auto f) {
    if (na == no && nb == no) {
      for (int64_t i = 0; i < no; ++i)
        po[i] = f(pa[i], pb[i]);
    } else if (nb == 1 && na == no) {
      const T y = pb[0];
      for (int64_t i = 0; i < no; ++i)
        po[i] = f(pa[i], y);
    } else if (na == 1 && nb == no) {
      const T x = pa[0];
      for (int64_t i = 0; i < no; ++i)
        po[i] = f(x, pb[i]);
    } else if (na == no && nb > 0 && isTrailingSuffix(b.shape, o.shape)) {
      // b repeats along the leading dims (a per-channel scale or bias):
      // rows of nb, a loop the compiler vectorizes.
      for (int64_t r = 0; r < no; r += nb)
        for (int64_t i = 0; i < nb; ++i)
          po[r + i] = f(pa[r + i], pb[i]);
    } else if (nb == no && na > 0 && isTrailingSuffix(a.shape, o.shape)) {
      for (int64_t r = 0; r < no; r += na)
        for (int64_t i = 0; i < na; ++i)
          po[r + i] = f(pa[i], pb[r + i]);
    } else {
      forEachBroadcast(a.shape, b.shape, o.shape,
                       [&](int64_t oi, int64_t ai, int64_t bi) {
                         po[oi] = f(pa[ai], pb[bi]);
                       });
    }
  };
  switch (code) {
  case kOp_ADD:
    run([](T x, T y) { return static_cast<T>(x + y); });
    break;
  case kOp_SUB:
    run([](T x, T y) { return static_cast<T>(x - y); });
    break;
  case kOp_MUL:
    run([](T x, T y) { return static_cast<T>(x * y); });
    break;
  case kOp_DIV:
    run([](T x, T y) { return static_cast<T>(x / y); });
    break;
  case kOp_SQUARED_DIFFERENCE:
    run([](T x, T y) { return static_cast<T>((x - y) * (x - y)); });
    break;
  case kOp_MAXIMUM:
    // NaN propagates, as TFLite's reference MAXIMUM (std::max keeps x).
    if constexpr (std::is_floating_point_v<T>)
      run([](T x, T y) {
        return std::isnan(x) || std::isnan(y) ? NAN : std::max(x, y);
      });
    else
      run([](T x, T y) { return std::max(x, y); });
    break;
  case kOp_MINIMUM:
    if constexpr (std::is_floating_point_v<T>)
      run([](T x, T y) {
        return std::isnan(x) || std::isnan(y) ? NAN : std::min(x, y);
      });
    else
      run([](T x, T y) { return std::min(x, y); });
    break;
  case kOp_POW:
    if constexpr (std::is_floating_point_v<T>)
      run([](T x, T y) { return std::pow(x, y); });
    else {
      for (int64_t i = 0, n = b.numElements(); i < n; ++i)
        if (pb[i] < 0)
          return invalid("integer POW with a negative exponent");
      run([](T x, T y) {
        T r = 1;
        for (T k = 0; k < y; ++k)
          r = static_cast<T>(r * x);
        return r;
      });
    }
    break;
  case kOp_FLOOR_DIV:
    run([](T x, T y) { return floorDiv(x, y); });
    break;
  case kOp_FLOOR_MOD:
    run([](T x, T y) { return floorMod(x, y); });
    break;
  default:
    return unimplemented("binary op not handled");
  }
  if constexpr (std::is_same_v<T, float>) {
    Activation act = ctx.options().activation;
    if (act != Activation::kNone)
      for (int64_t i = 0, n = o.numElements(); i < n; ++i)
        po[i] = applyActivation(po[i], act);
  }
  return absl::OkStatus();
}

template <typename T>
absl::Status binaryCompare(OpContext &ctx, const Tensor &a, const Tensor &b,
                           Tensor &o) {
  const T *pa = a.as<T>(), *pb = b.as<T>();
  bool *po = o.as<bool>();
  auto run = [&](auto f) {
    forEachBroadcast(a.shape, b.shape, o.shape,
                     [&](int64_t oi, int64_t ai, int64_t bi) {
                       po[oi] = f(pa[ai], pb[bi]);
                     });
  };
  switch (ctx.op().builtinCode) {
  case kOp_LESS:
    run([](T x, T y) { return x < y; });
    break;
  case kOp_LESS_EQUAL:
    run([](T x, T y) { return x <= y; });
    break;
  case kOp_GREATER:
    run([](T x, T y) { return x > y; });
    break;
  case kOp_GREATER_EQUAL:
    run([](T x, T y) { return x >= y; });
    break;
  case kOp_EQUAL:
    run([](T x, T y) { return x == y; });
    break;
  case kOp_NOT_EQUAL:
    run([](T x, T y) { return x != y; });
    break;
  case kOp_LOGICAL_AND:
    run([](T x, T y) { return x && y; });
    break;
  case kOp_LOGICAL_OR:
    run([](T x, T y) { return x || y; });
    break;
  default:
    return unimplemented("comparison not handled");
  }
  return absl::OkStatus();
}

absl::Status binaryEval(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &o = *ctx.output(0);
  int32_t code = ctx.op().builtinCode;
  if (isComparison(code) || code == kOp_LOGICAL_AND || code == kOp_LOGICAL_OR) {
    switch (a.type) {
    case TensorType::kFloat32:
      return binaryCompare<float>(ctx, a, b, o);
    case TensorType::kInt32:
      return binaryCompare<int32_t>(ctx, a, b, o);
    case TensorType::kInt64:
      return binaryCompare<int64_t>(ctx, a, b, o);
    case TensorType::kBool:
      return binaryCompare<bool>(ctx, a, b, o);
    default:
      return unimplemented("type ", typeName(a.type));
    }
  }
  switch (a.type) {
  case TensorType::kFloat32:
    return binaryArith<float>(ctx, a, b, o);
  case TensorType::kInt32:
    return binaryArith<int32_t>(ctx, a, b, o);
  case TensorType::kInt64:
    return binaryArith<int64_t>(ctx, a, b, o);
  default:
    return unimplemented("type ", typeName(a.type));
  }
}

//===----------------------------------------------------------------------===//
// Quantized ADD / SUB / MUL (int8 / uint8 / int16), as TFLite's add.cc,
// sub.cc and mul.cc: broadcasting, inputs rescaled to 2 * max(scale) with
// 20 (8-bit) or 15 (int16) bits of headroom for ADD / SUB, one multiplier
// for MUL, bit-exact with TFLite's reference kernels.
//===----------------------------------------------------------------------===//

/// Per-node state of the integer ADD / SUB / MUL.
struct QBinaryState : NodeState {
  TQ a, b, out;
  int leftShift = 20;
  QuantMultiplier ma, mb, mout;
  int32_t lo = 0, hi = 0;
};

absl::Status quantizedBinaryPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(a, "input 0"));
  TFMLIR_RETURN_IF_ERROR(checkType(b, a->type, "input 1"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, a->type, "output"));
  auto st = std::make_unique<QBinaryState>();
  TFMLIR_RETURN_IF_ERROR(perTensor(a, "input 0", st->a));
  TFMLIR_RETURN_IF_ERROR(perTensor(b, "input 1", st->b));
  TFMLIR_RETURN_IF_ERROR(perTensor(out, "output", st->out));
  TFMLIR_RETURN_IF_ERROR(activationRangeQ(ctx.options().activation, out->type,
                                          st->out, st->lo, st->hi));
  if (ctx.op().builtinCode == kOp_MUL) {
    // TFLite mul.cc: input1_scale * input2_scale / output_scale in float.
    float real = st->a.scale * st->b.scale / st->out.scale;
    st->mout = quantizeMultiplier(real);
  } else {
    // TFLite add.cc / sub.cc general path: inputs scaled to
    // 2 * max(scale) with 20 (8-bit) or 15 (int16) bits of headroom.
    st->leftShift = a->type == TensorType::kInt16 ? 15 : 20;
    const double twiceMax = 2 * std::max(st->a.scale, st->b.scale);
    st->ma = quantizeMultiplier(st->a.scale / twiceMax);
    st->mb = quantizeMultiplier(st->b.scale / twiceMax);
    st->mout =
        quantizeMultiplier(twiceMax / ((1 << st->leftShift) * st->out.scale));
  }
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(a->shape, b->shape, shape));
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

absl::Status quantizedBinaryEval(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<QBinaryState *>(ctx.state().get());
  const int32_t code = ctx.op().builtinCode;
  const int32_t ls = 1 << st.leftShift;
  forEachBroadcast(
      a.shape, b.shape, out.shape, [&](int64_t o, int64_t ia, int64_t ib) {
        const int32_t x = loadQ(a, ia) - st.a.zp, y = loadQ(b, ib) - st.b.zp;
        int32_t raw;
        // Products in int64, wrapped to int32 like TFLite's int32 arithmetic
        // (no overflow for valid zero points; hostile ones must not be UB).
        auto wrap = [](int64_t v) { return static_cast<int32_t>(v); };
        if (code == kOp_MUL) {
          raw = multiplyByQuantizedMultiplier(wrap(int64_t(x) * y), st.mout);
        } else {
          const int32_t sx =
              multiplyByQuantizedMultiplier(wrap(int64_t(x) * ls), st.ma);
          const int32_t sy =
              multiplyByQuantizedMultiplier(wrap(int64_t(y) * ls), st.mb);
          raw = multiplyByQuantizedMultiplier(
              wrap(code == kOp_ADD ? int64_t(sx) + sy : int64_t(sx) - sy),
              st.mout);
        }
        storeQ(out, o,
               static_cast<int32_t>(std::clamp<int64_t>(
                   int64_t(raw) + st.out.zp, st.lo, st.hi)));
      });
  return absl::OkStatus();
}

/// TFLite's ADD / SUB / MUL Prepare sets the output type to the inputs'
/// type (`output->type = input2->type`) once both inputs agree, whatever
/// the model declares; TFLite's own test model add_quantized.bin relies on
/// it (a float32-declared intermediate between two uint8 ADDs). We do the
/// same, so such a model runs as it does in TFLite.
void retypeBinaryOutput(OpContext &ctx) {
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  Tensor *out = ctx.output(0);
  if (a && b && out && a->type == b->type && out->type != b->type &&
      out->storage != Storage::kConstant && !out->isVariable)
    out->type = b->type;
}

/// ADD / SUB / MUL: the output retyped as TFLite's Prepare does, then the
/// quantized kernel for int8 / uint8 / int16 inputs, else the float32 /
/// int32 / int64 one.
absl::Status addSubMulPrepare(OpContext &ctx) {
  retypeBinaryOutput(ctx);
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantizedBinaryPrepare(ctx);
  return binaryPrepare(ctx);
}
absl::Status addSubMulEval(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantizedBinaryEval(ctx);
  return binaryEval(ctx);
}

//===----------------------------------------------------------------------===//
// Unary ops
//===----------------------------------------------------------------------===//

absl::Status unaryPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  int32_t code = ctx.op().builtinCode;
  bool intOk = code == kOp_ABS || code == kOp_NEG || code == kOp_SQUARE ||
               code == kOp_SIGN || code == kOp_RELU || code == kOp_RELU6;
  if (code == kOp_LOGICAL_NOT) {
    TFMLIR_RETURN_IF_ERROR(checkType(in, TensorType::kBool, "input"));
  } else if (!(in->type == TensorType::kFloat32 ||
               (intOk && (in->type == TensorType::kInt32 ||
                          in->type == TensorType::kInt64)))) {
    return unimplemented("input type ", typeName(in->type),
                         " is not supported");
  }
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  return ctx.resizeOutput(0, in->shape);
}

template <typename T> absl::Status unaryInt(OpContext &ctx) {
  const T *x = ctx.input(0)->as<T>();
  T *y = ctx.output(0)->as<T>();
  int64_t n = ctx.input(0)->numElements();
  int32_t code = ctx.op().builtinCode;
  for (int64_t i = 0; i < n; ++i) {
    T v = x[i];
    switch (code) {
    case kOp_ABS:
      y[i] = v < 0 ? static_cast<T>(-v) : v;
      break;
    case kOp_NEG:
      y[i] = static_cast<T>(-v);
      break;
    case kOp_SQUARE:
      y[i] = static_cast<T>(v * v);
      break;
    case kOp_SIGN:
      y[i] = static_cast<T>((v > 0) - (v < 0));
      break;
    case kOp_RELU:
      y[i] = std::max<T>(v, 0);
      break;
    case kOp_RELU6:
      y[i] = std::min<T>(std::max<T>(v, 0), 6);
      break;
    default:
      return unimplemented("integer unary op");
    }
  }
  return absl::OkStatus();
}

absl::Status unaryEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  int64_t n = in.numElements();
  int32_t code = ctx.op().builtinCode;
  if (code == kOp_LOGICAL_NOT) {
    for (int64_t i = 0; i < n; ++i)
      out.as<bool>()[i] = !in.as<bool>()[i];
    return absl::OkStatus();
  }
  if (in.type == TensorType::kInt32)
    return unaryInt<int32_t>(ctx);
  if (in.type == TensorType::kInt64)
    return unaryInt<int64_t>(ctx);
  const float *x = in.as<float>();
  float *y = out.as<float>();
  const float alpha = ctx.options().alpha;
  const bool approx = ctx.options().approximate;
  auto run = [&](auto f) {
    for (int64_t i = 0; i < n; ++i)
      y[i] = f(x[i]);
  };
  switch (code) {
  case kOp_ABS:
    run([](float v) { return std::fabs(v); });
    break;
  case kOp_NEG:
    run([](float v) { return -v; });
    break;
  case kOp_EXP:
    run([](float v) { return std::exp(v); });
    break;
  case kOp_LOG:
    run([](float v) { return std::log(v); });
    break;
  case kOp_SQRT:
    run([](float v) { return std::sqrt(v); });
    break;
  case kOp_RSQRT:
    run([](float v) { return 1.f / std::sqrt(v); });
    break;
  case kOp_SQUARE:
    run([](float v) { return v * v; });
    break;
  case kOp_SIN:
    run([](float v) { return std::sin(v); });
    break;
  case kOp_COS:
    run([](float v) { return std::cos(v); });
    break;
  case kOp_FLOOR:
    run([](float v) { return std::floor(v); });
    break;
  case kOp_CEIL:
    run([](float v) { return std::ceil(v); });
    break;
  case kOp_ROUND: // round half to even, as TFLite's RoundToNearest
    run([](float v) {
      float f = std::floor(v), d = v - f;
      if (d > 0.5f || (d == 0.5f && std::fmod(f, 2.f) != 0.f))
        return f + 1.f;
      return f;
    });
    break;
  case kOp_SIGN:
    run([](float v) {
      return std::isnan(v) ? v : static_cast<float>((v > 0) - (v < 0));
    });
    break;
  case kOp_LOGISTIC:
    run([](float v) { return 1.f / (1.f + std::exp(-v)); });
    break;
  case kOp_TANH:
    run([](float v) { return std::tanh(v); });
    break;
  case kOp_RELU:
    run([](float v) { return v < 0.f ? 0.f : v; });
    break;
  case kOp_RELU6:
    run([](float v) { return std::min(6.f, std::max(0.f, v)); });
    break;
  case kOp_RELU_N1_TO_1:
    run([](float v) { return std::min(1.f, std::max(-1.f, v)); });
    break;
  case kOp_RELU_0_TO_1:
    run([](float v) { return std::min(1.f, std::max(0.f, v)); });
    break;
  case kOp_HARD_SWISH:
    run([](float v) {
      return v * std::min(6.f, std::max(0.f, v + 3.f)) / 6.f;
    });
    break;
  case kOp_ELU:
    run([](float v) { return v < 0.f ? std::expm1(v) : v; });
    break;
  case kOp_LEAKY_RELU:
    run([alpha](float v) { return v > 0.f ? v : alpha * v; });
    break;
  case kOp_GELU:
    if (approx)
      run([](float v) {
        const float k = 0.7978845608028654f; // sqrt(2/pi)
        return 0.5f * v * (1.f + std::tanh(k * (v + 0.044715f * v * v * v)));
      });
    else
      run([](float v) {
        return 0.5f * v * (1.f + std::erf(v * 0.7071067811865476f));
      });
    break;
  default:
    return unimplemented("unary op not handled");
  }
  return absl::OkStatus();
}

/// LOGISTIC, TANH, HARD_SWISH, LEAKY_RELU, RELU, RELU6, RELU_N1_TO_1 and
/// RSQRT as TFLite's activations.cc / elementwise.cc: an int8 / uint8 /
/// int16 input runs the integer form (ElementwiseInteger.cpp), any other
/// the kernel above.
absl::Status quantizableUnaryPrepare(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return ctx.op().builtinCode == kOp_RSQRT
               ? quantized::rsqrtPrepare(ctx)
               : quantized::activationPrepare(ctx);
  return unaryPrepare(ctx);
}
absl::Status quantizableUnaryEval(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return ctx.op().builtinCode == kOp_RSQRT ? quantized::rsqrtEval(ctx)
                                             : quantized::activationEval(ctx);
  return unaryEval(ctx);
}

//===----------------------------------------------------------------------===//
// PRELU, SOFTMAX, LOG_SOFTMAX, L2_NORMALIZATION
//===----------------------------------------------------------------------===//

absl::Status preluPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.input(0), "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.input(1), "alpha"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(
      broadcastShapes(ctx.input(0)->shape, ctx.input(1)->shape, shape));
  return ctx.resizeOutput(0, shape);
}
absl::Status preluEval(OpContext &ctx) {
  const Tensor &x = *ctx.input(0), &a = *ctx.input(1);
  Tensor &o = *ctx.output(0);
  const float *px = x.as<float>(), *pa = a.as<float>();
  float *po = o.as<float>();
  // Per-channel alpha ([.., 1, C] against [.., C], the usual PReLU): rows
  // of C with a loop the compiler vectorizes; same values as the broadcast.
  const int64_t C = x.rank() ? x.shape.back() : 0;
  if (C > 0 && x.shape == o.shape && a.numElements() == C &&
      (a.rank() == 0 || a.shape.back() == C)) {
    const int64_t rows = x.numElements() / C;
    // Restrict pointers (the arena never lets an op's input and output
    // overlap: their lifetimes share the op's step), so it vectorizes.
    auto row = [C](const float *__restrict xr, const float *__restrict al,
                   float *__restrict orow) {
      for (int64_t c = 0; c < C; ++c) {
        const float v = xr[c], neg = v * al[c]; // unconditional: a select
        orow[c] = v >= 0.f ? v : neg;
      }
    };
    for (int64_t r = 0; r < rows; ++r)
      row(px + r * C, pa, po + r * C);
    return absl::OkStatus();
  }
  forEachBroadcast(x.shape, a.shape, o.shape,
                   [&](int64_t oi, int64_t xi, int64_t ai) {
                     float v = px[xi];
                     po[oi] = v >= 0.f ? v : v * pa[ai];
                   });
  return absl::OkStatus();
}

absl::Status sameShapeFloatPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.input(0), "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (ctx.input(0)->rank() < 1)
    return invalid("input must have rank >= 1");
  return ctx.resizeOutput(0, ctx.input(0)->shape);
}

absl::Status softmaxFloatEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  int64_t depth = in.shape.back();
  int64_t outer = depth ? in.numElements() / depth : 0;
  const float *x = in.as<float>();
  float *y = ctx.output(0)->as<float>();
  const float beta = ctx.options().beta;
  const bool isLog = ctx.op().builtinCode == kOp_LOG_SOFTMAX;
  for (int64_t r = 0; r < outer; ++r) {
    const float *xr = x + r * depth;
    float *yr = y + r * depth;
    float mx = -std::numeric_limits<float>::infinity();
    for (int64_t i = 0; i < depth; ++i)
      mx = std::max(mx, xr[i]);
    if (isLog) {
      float sum = 0.f;
      for (int64_t i = 0; i < depth; ++i)
        sum += std::exp(xr[i] - mx);
      float ls = std::log(sum);
      for (int64_t i = 0; i < depth; ++i)
        yr[i] = xr[i] - mx - ls;
    } else {
      float sum = 0.f;
      for (int64_t i = 0; i < depth; ++i)
        sum += (yr[i] = std::exp((xr[i] - mx) * beta));
      for (int64_t i = 0; i < depth; ++i)
        yr[i] /= sum;
    }
  }
  return absl::OkStatus();
}

/// SOFTMAX as TFLite's activations.cc: int8 / uint8 / int16 through
/// ElementwiseInteger.cpp, float32 here.
absl::Status softmaxPrepare(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantized::softmaxPrepare(ctx);
  return sameShapeFloatPrepare(ctx);
}
absl::Status softmaxEval(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantized::softmaxEval(ctx);
  return softmaxFloatEval(ctx);
}

absl::Status l2NormEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  int64_t depth = in.shape.back();
  int64_t outer = depth ? in.numElements() / depth : 0;
  const float *x = in.as<float>();
  float *y = ctx.output(0)->as<float>();
  for (int64_t r = 0; r < outer; ++r) {
    float sq = 0.f;
    for (int64_t i = 0; i < depth; ++i)
      sq += x[r * depth + i] * x[r * depth + i];
    float inv = 1.f / std::sqrt(std::max(sq, 1e-6f));
    for (int64_t i = 0; i < depth; ++i)
      y[r * depth + i] =
          applyActivation(x[r * depth + i] * inv, ctx.options().activation);
  }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// CAST (QUANTIZE, DEQUANTIZE: Quantize.cpp)
//===----------------------------------------------------------------------===//

bool castable(TensorType t) {
  switch (t) {
  case TensorType::kFloat32:
  case TensorType::kFloat64:
  case TensorType::kInt32:
  case TensorType::kInt64:
  case TensorType::kInt16:
  case TensorType::kInt8:
  case TensorType::kUInt8:
  case TensorType::kUInt16:
  case TensorType::kUInt32:
  case TensorType::kBool:
  case TensorType::kFloat16:
    return true;
  default:
    return false;
  }
}

double loadAsDouble(const Tensor &t, int64_t i) {
  switch (t.type) {
  case TensorType::kFloat32:
    return t.as<float>()[i];
  case TensorType::kFloat64:
    return t.as<double>()[i];
  case TensorType::kInt32:
    return t.as<int32_t>()[i];
  case TensorType::kInt64:
    return static_cast<double>(t.as<int64_t>()[i]);
  case TensorType::kInt16:
    return t.as<int16_t>()[i];
  case TensorType::kInt8:
    return t.as<int8_t>()[i];
  case TensorType::kUInt8:
    return t.as<uint8_t>()[i];
  case TensorType::kUInt16:
    return t.as<uint16_t>()[i];
  case TensorType::kUInt32:
    return t.as<uint32_t>()[i];
  case TensorType::kBool:
    return t.as<bool>()[i] ? 1.0 : 0.0;
  case TensorType::kFloat16:
    return halfToFloat(t.as<uint16_t>()[i]);
  default:
    return 0;
  }
}

template <typename T> T castTo(double v) {
  if constexpr (std::is_floating_point_v<T>)
    return static_cast<T>(v);
  else // NaN -> 0, saturating (TFLite's static_cast is undefined there)
    return tfmlir::saturatingFloatToInt<T>(v);
}

void storeFromDouble(Tensor &t, int64_t i, double v) {
  switch (t.type) {
  case TensorType::kFloat32:
    t.as<float>()[i] = static_cast<float>(v);
    break;
  case TensorType::kFloat64:
    t.as<double>()[i] = v;
    break;
  case TensorType::kInt32:
    t.as<int32_t>()[i] = castTo<int32_t>(v);
    break;
  case TensorType::kInt64:
    t.as<int64_t>()[i] = castTo<int64_t>(v);
    break;
  case TensorType::kInt16:
    t.as<int16_t>()[i] = castTo<int16_t>(v);
    break;
  case TensorType::kInt8:
    t.as<int8_t>()[i] = castTo<int8_t>(v);
    break;
  case TensorType::kUInt8:
    t.as<uint8_t>()[i] = castTo<uint8_t>(v);
    break;
  case TensorType::kUInt16:
    t.as<uint16_t>()[i] = castTo<uint16_t>(v);
    break;
  case TensorType::kUInt32:
    t.as<uint32_t>()[i] = castTo<uint32_t>(v);
    break;
  case TensorType::kBool:
    t.as<bool>()[i] = v != 0.0;
    break;
  default:
    break;
  }
}

absl::Status castPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  if (!castable(ctx.input(0)->type) || !castable(ctx.output(0)->type) ||
      ctx.output(0)->type == TensorType::kFloat16)
    return unimplemented("CAST from ", typeName(ctx.input(0)->type), " to ",
                         typeName(ctx.output(0)->type));
  return ctx.resizeOutput(0, ctx.input(0)->shape);
}
absl::Status castEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  // int64 <-> int64 and int32 -> int64 are exact through the int path.
  if (in.type == TensorType::kInt64 && out.type == TensorType::kInt64) {
    std::memcpy(out.data, in.data, in.requiredBytes());
    return absl::OkStatus();
  }
  for (int64_t i = 0, n = in.numElements(); i < n; ++i)
    storeFromDouble(out, i, loadAsDouble(in, i));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// SELECT / SELECT_V2, ADD_N
//===----------------------------------------------------------------------===//

absl::Status selectPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  TFMLIR_RETURN_IF_ERROR(
      checkType(ctx.input(0), TensorType::kBool, "condition"));
  const Tensor *x = ctx.input(1), *y = ctx.input(2);
  if (x->type != y->type || ctx.output(0)->type != x->type)
    return invalid("value types differ");
  if (elementSize(x->type) == 0)
    return unimplemented("type ", typeName(x->type));
  std::vector<int32_t> s1, s2;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(x->shape, y->shape, s1));
  if (ctx.op().builtinCode == kOp_SELECT && ctx.input(0)->rank() == 1 &&
      x->rank() > 1) {
    if (ctx.input(0)->shape[0] != x->shape[0])
      return invalid("SELECT rank-1 condition must match dim 0");
    return ctx.resizeOutput(0, s1);
  }
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(ctx.input(0)->shape, s1, s2));
  return ctx.resizeOutput(0, s2);
}
absl::Status selectEval(OpContext &ctx) {
  const Tensor &c = *ctx.input(0), &x = *ctx.input(1), &y = *ctx.input(2);
  Tensor &o = *ctx.output(0);
  size_t es = elementSize(x.type);
  std::vector<int32_t> cShape = c.shape;
  if (ctx.op().builtinCode == kOp_SELECT && c.rank() == 1 && x.rank() > 1) {
    cShape.assign(o.shape.size(), 1);
    cShape[0] = c.shape[0];
  }
  std::vector<int64_t> sc = broadcastStrides(cShape, o.shape),
                       sx = broadcastStrides(x.shape, o.shape),
                       sy = broadcastStrides(y.shape, o.shape);
  int r = o.rank();
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0, n = o.numElements(); i < n; ++i) {
    int64_t ic = 0, ix = 0, iy = 0;
    for (int d = 0; d < r; ++d)
      ic += idx[d] * sc[d], ix += idx[d] * sx[d], iy += idx[d] * sy[d];
    const uint8_t *src = c.as<bool>()[ic] ? x.data + ix * es : y.data + iy * es;
    std::memcpy(o.data + i * es, src, es);
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < o.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

absl::Status addNPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  for (int i = 0; i < ctx.numInputs(); ++i) {
    TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.input(i), "input"));
    if (ctx.input(i)->shape != ctx.input(0)->shape)
      return invalid("ADD_N inputs must have equal shapes");
  }
  return ctx.resizeOutput(0, ctx.input(0)->shape);
}
absl::Status addNEval(OpContext &ctx) {
  float *y = ctx.output(0)->as<float>();
  int64_t n = ctx.input(0)->numElements();
  for (int64_t k = 0; k < n; ++k) {
    float s = 0.f;
    for (int i = 0; i < ctx.numInputs(); ++i)
      s += ctx.input(i)->as<float>()[k];
    y[k] = s;
  }
  return absl::OkStatus();
}

} // namespace

void registerElementwise(MutableOpResolver &r) {
  // The input types each registration declares are those its Prepare
  // accepts (binaryPrepare, unaryPrepare, ... above).
  using TT = TensorType;
  for (int32_t c :
       {kOp_ADD, kOp_SUB, kOp_MUL, kOp_DIV, kOp_SQUARED_DIFFERENCE, kOp_MAXIMUM,
        kOp_MINIMUM, kOp_POW, kOp_FLOOR_DIV, kOp_FLOOR_MOD, kOp_LESS,
        kOp_LESS_EQUAL, kOp_GREATER, kOp_GREATER_EQUAL, kOp_EQUAL,
        kOp_NOT_EQUAL, kOp_LOGICAL_AND, kOp_LOGICAL_OR}) {
    TypeSet types = typeSet(TT::kFloat32, TT::kInt32, TT::kInt64);
    if (c == kOp_LOGICAL_AND || c == kOp_LOGICAL_OR)
      types = typeSet(TT::kBool);
    else if (c == kOp_EQUAL || c == kOp_NOT_EQUAL)
      types |= typeSet(TT::kBool);
    // ADD / SUB / MUL also take quantized int8 / uint8 / int16.
    if (c == kOp_ADD || c == kOp_SUB || c == kOp_MUL)
      r.addBuiltin(c,
                   {addSubMulPrepare, addSubMulEval,
                    types | typeSet(TT::kInt8, TT::kUInt8, TT::kInt16)},
                   1, 7);
    else
      r.addBuiltin(c, {binaryPrepare, binaryEval, types}, 1, 7);
  }
  for (int32_t c :
       {kOp_ABS,   kOp_NEG,          kOp_EXP,         kOp_LOG,
        kOp_SQRT,  kOp_RSQRT,        kOp_SQUARE,      kOp_SIN,
        kOp_COS,   kOp_FLOOR,        kOp_CEIL,        kOp_ROUND,
        kOp_SIGN,  kOp_LOGISTIC,     kOp_TANH,        kOp_RELU,
        kOp_RELU6, kOp_RELU_N1_TO_1, kOp_RELU_0_TO_1, kOp_HARD_SWISH,
        kOp_ELU,   kOp_LEAKY_RELU,   kOp_GELU,        kOp_LOGICAL_NOT}) {
    TypeSet types = typeSet(TT::kFloat32);
    if (c == kOp_LOGICAL_NOT)
      types = typeSet(TT::kBool);
    else if (c == kOp_ABS || c == kOp_NEG || c == kOp_SQUARE || c == kOp_SIGN ||
             c == kOp_RELU || c == kOp_RELU6)
      types |= typeSet(TT::kInt32, TT::kInt64);
    // The integer forms (ElementwiseInteger.cpp): int8 / uint8 / int16
    // LOGISTIC, TANH, LEAKY_RELU; 8-bit HARD_SWISH and RELUs; int8 / int16
    // RSQRT.
    TypeSet integer = 0;
    if (c == kOp_LOGISTIC || c == kOp_TANH || c == kOp_LEAKY_RELU)
      integer = typeSet(TT::kInt8, TT::kUInt8, TT::kInt16);
    else if (c == kOp_HARD_SWISH || c == kOp_RELU || c == kOp_RELU6 ||
             c == kOp_RELU_N1_TO_1)
      integer = typeSet(TT::kInt8, TT::kUInt8);
    else if (c == kOp_RSQRT)
      integer = typeSet(TT::kInt8, TT::kInt16);
    if (integer)
      r.addBuiltin(
          c, {quantizableUnaryPrepare, quantizableUnaryEval, types | integer},
          1, 5);
    else
      r.addBuiltin(c, {unaryPrepare, unaryEval, types}, 1, 5);
  }
  const TypeSet f32 = typeSet(TT::kFloat32);
  r.addBuiltin(kOp_PRELU, {preluPrepare, preluEval, f32}, 1, 2);
  r.addBuiltin(kOp_SOFTMAX,
               {softmaxPrepare, softmaxEval,
                typeSet(TT::kFloat32, TT::kInt8, TT::kUInt8, TT::kInt16)},
               1, 3);
  r.addBuiltin(kOp_LOG_SOFTMAX, {sameShapeFloatPrepare, softmaxFloatEval, f32},
               1, 2);
  r.addBuiltin(kOp_L2_NORMALIZATION, {sameShapeFloatPrepare, l2NormEval, f32},
               1, 2);
  TypeSet castTypes = 0;
  for (int t = 0; t < 32; ++t)
    if (castable(static_cast<TT>(t)))
      castTypes |= TypeSet(1) << t;
  r.addBuiltin(kOp_CAST, {castPrepare, castEval, castTypes}, 1, 6);
  // SELECT's input 0 is the bool condition.
  r.addBuiltin(kOp_SELECT, {selectPrepare, selectEval, typeSet(TT::kBool)}, 1,
               4);
  r.addBuiltin(kOp_SELECT_V2, {selectPrepare, selectEval, typeSet(TT::kBool)},
               1, 4);
  r.addBuiltin(kOp_ADD_N, {addNPrepare, addNEval, f32}, 1, 1);
}

} // namespace tfmlir::lite::kernels
