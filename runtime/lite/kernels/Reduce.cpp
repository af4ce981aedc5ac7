//===- Reduce.cpp - MEAN, SUM, REDUCE_*, ARG_MAX, ARG_MIN -----------------===//
//
// Reductions over the axes given by input 1 (int32/int64, negative axes
// allowed, duplicates ignored), keep_dims as in TF. Float sums accumulate in
// float in row-major order (TFLite's reference order). REDUCE_MAX/MIN
// propagate NaN. ARG_MAX/ARG_MIN return the first index of the extreme
// value along one axis, with TFLite's NaN behaviour (reference
// arg_min_max.h: start from element 0 and take a later element only when
// std::greater / std::less holds): a NaN at index 0 is kept, a later NaN is
// skipped. (TF's CPU ArgMax skips every NaN; see README "Differences from
// TF's CPU kernels".)
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

struct ReduceState : NodeState {
  std::vector<bool> reduced;
};

/// The axes part of every reduction's Prepare (input 1, int32 / int64,
/// deferred to Invoke when not constant): the reduced dims into the node's
/// ReduceState and the output shape (keep_dims keeps them as 1).
absl::Status reduceAxesPrepare(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "axes"));
  if (!ctx.hasData(1)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  auto st = std::make_unique<ReduceState>();
  st->reduced.assign(in->rank(), false);
  const Tensor &ax = *ctx.input(1);
  // A scalar input ignores its axes (TFLite's ResolveAxis short-circuits
  // num_dims == 0): the output is the scalar.
  for (int64_t i = 0, n = in->rank() ? ax.numElements() : 0; i < n; ++i) {
    int a;
    TFMLIR_RETURN_IF_ERROR(normalizeAxis(readInt(ax, i), in->rank(), a));
    st->reduced[a] = true;
  }
  std::vector<int32_t> shape;
  for (int d = 0; d < in->rank(); ++d) {
    if (!st->reduced[d])
      shape.push_back(in->shape[d]);
    else if (ctx.options().keepDims)
      shape.push_back(1);
  }
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

absl::Status reducePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0);
  int32_t code = ctx.op().builtinCode;
  bool logical = code == kOp_REDUCE_ANY || code == kOp_REDUCE_ALL;
  if (logical)
    TFMLIR_RETURN_IF_ERROR(checkType(in, TensorType::kBool, "input"));
  else if (in->type != TensorType::kFloat32 && in->type != TensorType::kInt32 &&
           in->type != TensorType::kInt64)
    return unimplemented("input type ", typeName(in->type));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  return reduceAxesPrepare(ctx);
}

template <typename T> absl::Status reduceT(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  auto *st = static_cast<ReduceState *>(ctx.state().get());
  const int r = in.rank();
  std::vector<int64_t> outStride(r, 0);
  int64_t s = 1;
  for (int d = r - 1; d >= 0; --d)
    if (!st->reduced[d]) {
      outStride[d] = s;
      s *= in.shape[d];
    }
  const int64_t nOut = out.numElements(), nIn = in.numElements();
  int64_t count = nOut ? nIn / std::max<int64_t>(nOut, 1) : 0;
  int32_t code = ctx.op().builtinCode;
  T init;
  switch (code) {
  case kOp_REDUCE_MAX:
    init = std::numeric_limits<T>::lowest();
    break;
  case kOp_REDUCE_MIN:
    init = std::numeric_limits<T>::max();
    break;
  case kOp_REDUCE_PROD:
  case kOp_REDUCE_ALL:
    init = T(1);
    break;
  default:
    init = T(0);
  }
  T *y = out.as<T>();
  const T *x = in.as<T>();
  std::fill(y, y + nOut, init);
  std::vector<int32_t> idx(r, 0);
  int64_t o = 0;
  if constexpr (!std::is_same_v<T, bool>) {
    // SUM / MEAN keeping the innermost dim (a global average pool): whole
    // rows at a time, a loop the compiler vectorizes; every output element
    // adds the same inputs in the same order as the loop below.
    if ((code == kOp_SUM || code == kOp_MEAN) && r >= 1 &&
        !st->reduced[r - 1] && in.shape[r - 1] > 0) {
      const int64_t inner = in.shape[r - 1];
      for (int64_t i = 0; i < nIn; i += inner) {
        T *acc = y + o;
        const T *xv = x + i;
        for (int64_t c = 0; c < inner; ++c)
          acc[c] = static_cast<T>(acc[c] + xv[c]);
        for (int d = r - 2; d >= 0; --d) {
          o += outStride[d];
          if (++idx[d] < in.shape[d])
            break;
          o -= outStride[d] * in.shape[d];
          idx[d] = 0;
        }
      }
      if (code == kOp_MEAN && count > 0)
        for (int64_t k = 0; k < nOut; ++k)
          y[k] = static_cast<T>(y[k] / static_cast<T>(count));
      return absl::OkStatus();
    }
  }
  for (int64_t i = 0; i < nIn; ++i) {
    T v = x[i];
    T &acc = y[o];
    switch (code) {
    case kOp_SUM:
    case kOp_MEAN:
      acc = static_cast<T>(acc + v);
      break;
    case kOp_REDUCE_PROD:
      acc = static_cast<T>(acc * v);
      break;
    case kOp_REDUCE_MAX:
      if constexpr (std::is_floating_point_v<T>)
        acc = (std::isnan(v) || std::isnan(acc)) ? NAN : std::max(acc, v);
      else
        acc = std::max(acc, v);
      break;
    case kOp_REDUCE_MIN:
      if constexpr (std::is_floating_point_v<T>)
        acc = (std::isnan(v) || std::isnan(acc)) ? NAN : std::min(acc, v);
      else
        acc = std::min(acc, v);
      break;
    case kOp_REDUCE_ANY:
      acc = acc || v;
      break;
    case kOp_REDUCE_ALL:
      acc = acc && v;
      break;
    default:
      break;
    }
    for (int d = r - 1; d >= 0; --d) {
      o += outStride[d];
      if (++idx[d] < in.shape[d])
        break;
      o -= outStride[d] * in.shape[d];
      idx[d] = 0;
    }
  }
  if (code == kOp_MEAN && count > 0)
    for (int64_t i = 0; i < nOut; ++i)
      y[i] = static_cast<T>(y[i] / static_cast<T>(count));
  return absl::OkStatus();
}

absl::Status reduceEval(OpContext &ctx) {
  switch (ctx.input(0)->type) {
  case TensorType::kFloat32:
    return reduceT<float>(ctx);
  case TensorType::kInt32:
    return reduceT<int32_t>(ctx);
  case TensorType::kInt64:
    return reduceT<int64_t>(ctx);
  case TensorType::kBool:
    return reduceT<bool>(ctx);
  default:
    return unimplemented("type");
  }
}

//===----------------------------------------------------------------------===//
// Quantized MEAN (int8 / uint8 / int16), as TFLite's reduce.cc EvalMean for
// quantized tensors
//===----------------------------------------------------------------------===//

/// The integer Prepare: per-tensor input and output quantization, then the
/// axes as every reduction (reduceAxesPrepare).
absl::Status quantizedMeanPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(ctx.output(0), "output", b));
  return reduceAxesPrepare(ctx);
}

/// Mean of s_in * (q - zp_in) requantized to the output: exact int64 sum,
/// one rounding (within +-1 of TFLite's multiplier-based kernels).
absl::Status quantizedMeanEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const auto &st = *static_cast<ReduceState *>(ctx.state().get());
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", b));
  const int r = in.rank();
  std::vector<int64_t> outStride(r, 0);
  int64_t s = 1, count = 1;
  for (int d = r - 1; d >= 0; --d) {
    if (st.reduced[d]) {
      count *= in.shape[d];
      continue;
    }
    outStride[d] = s;
    s *= in.shape[d];
  }
  std::vector<int64_t> sums(static_cast<size_t>(out.numElements()), 0);
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0, n = in.numElements(); i < n; ++i) {
    int64_t o = 0;
    for (int d = 0; d < r; ++d)
      o += idx[d] * outStride[d];
    sums[o] += loadQ(in, i) - a.zp;
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < in.shape[d])
        break;
      idx[d] = 0;
    }
  }
  const double k = count ? double(a.scale) / (double(b.scale) * count) : 0.0;
  for (size_t o = 0; o < sums.size(); ++o)
    storeQ(
        out, o,
        clampT(static_cast<int64_t>(std::round(sums[o] * k)) + b.zp, out.type));
  return absl::OkStatus();
}

/// MEAN as TFLite's reduce.cc: int8 / uint8 / int16 through the integer
/// form above, float32 / int32 / int64 through reduceT.
absl::Status meanPrepare(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantizedMeanPrepare(ctx);
  return reducePrepare(ctx);
}
absl::Status meanEval(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantizedMeanEval(ctx);
  return reduceEval(ctx);
}

absl::Status argPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0);
  if (in->type != TensorType::kFloat32 && in->type != TensorType::kInt32 &&
      in->type != TensorType::kInt64)
    return unimplemented("input type ", typeName(in->type));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "axis"));
  if (ctx.input(1)->numElements() != 1)
    return invalid("axis must have one element");
  if (!ctx.hasData(1)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  int a;
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(readInt(*ctx.input(1), 0), in->rank(), a));
  if (in->shape[a] == 0)
    return invalid("cannot take ARG_MAX/ARG_MIN over an empty axis");
  std::vector<int32_t> shape = in->shape;
  shape.erase(shape.begin() + a);
  return ctx.resizeOutput(0, shape);
}

template <typename T> absl::Status argT(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  int a;
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(readInt(*ctx.input(1), 0), in.rank(), a));
  int64_t outer = 1, inner = 1, D = in.shape[a];
  for (int d = 0; d < a; ++d)
    outer *= in.shape[d];
  for (int d = a + 1; d < in.rank(); ++d)
    inner *= in.shape[d];
  bool isMax = ctx.op().builtinCode == kOp_ARG_MAX;
  const T *x = in.as<T>();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      int64_t best = 0;
      T bv = x[o * D * inner + i];
      for (int64_t k = 1; k < D; ++k) {
        T v = x[(o * D + k) * inner + i];
        // Comparisons with a NaN are false: a NaN never replaces, and a NaN
        // at index 0 is never replaced (TFLite's reference kernel).
        bool better = isMax ? v > bv : v < bv;
        if (better)
          best = k, bv = v;
      }
      if (out.type == TensorType::kInt64)
        out.as<int64_t>()[o * inner + i] = best;
      else
        out.as<int32_t>()[o * inner + i] = static_cast<int32_t>(best);
    }
  return absl::OkStatus();
}

absl::Status argEval(OpContext &ctx) {
  switch (ctx.input(0)->type) {
  case TensorType::kFloat32:
    return argT<float>(ctx);
  case TensorType::kInt32:
    return argT<int32_t>(ctx);
  default:
    return argT<int64_t>(ctx);
  }
}

} // namespace

void registerReduce(MutableOpResolver &r) {
  // Input types (reducePrepare, argPrepare): float32, int32 and int64
  // values; bool for REDUCE_ANY / REDUCE_ALL; MEAN also quantized int8 /
  // uint8 / int16 (meanPrepare).
  using TT = TensorType;
  const TypeSet numeric = typeSet(TT::kFloat32, TT::kInt32, TT::kInt64);
  for (int32_t c : {kOp_MEAN, kOp_SUM, kOp_REDUCE_MAX, kOp_REDUCE_MIN,
                    kOp_REDUCE_PROD, kOp_REDUCE_ANY, kOp_REDUCE_ALL}) {
    const bool logical = c == kOp_REDUCE_ANY || c == kOp_REDUCE_ALL;
    if (c == kOp_MEAN)
      r.addBuiltin(c,
                   {meanPrepare, meanEval,
                    numeric | typeSet(TT::kInt8, TT::kUInt8, TT::kInt16)},
                   1, 3);
    else
      r.addBuiltin(
          c,
          {reducePrepare, reduceEval, logical ? typeSet(TT::kBool) : numeric},
          1, 3);
  }
  r.addBuiltin(kOp_ARG_MAX, {argPrepare, argEval, numeric}, 1, 3);
  r.addBuiltin(kOp_ARG_MIN, {argPrepare, argEval, numeric}, 1, 3);
}

} // namespace tfmlir::lite::kernels
