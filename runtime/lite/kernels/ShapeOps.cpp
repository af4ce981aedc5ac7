//===- ShapeOps.cpp - Data movement and shape kernels ---------------------===//
//
// Type-generic kernels (they move bytes of any fixed-size element type):
// RESHAPE, SQUEEZE, EXPAND_DIMS, TRANSPOSE, CONCATENATION, PACK, UNPACK,
// SPLIT, SPLIT_V, SLICE, STRIDED_SLICE (TF mask semantics), TILE, FILL, SHAPE,
// RANK, RANGE, BROADCAST_TO, GATHER, GATHER_ND, ZEROS_LIKE, REVERSE_V2,
// DENSIFY. Shapes that depend on a non-constant operand (a shape, paddings,
// begin/end...) are computed at Invoke time. Out-of-range indices are errors,
// never clamped silently.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"

#include "lib/Support/StridedSlice.h"

#include <numeric>

namespace tfmlir::lite::kernels {
namespace {

std::vector<int64_t> intValues(const Tensor &t) {
  std::vector<int64_t> v(t.numElements());
  for (size_t i = 0; i < v.size(); ++i)
    v[i] = readInt(t, i);
  return v;
}

/// Defers the node to Invoke time when input `i` has no value yet.
#define TFMLIR_NEED_DATA(ctx, i)                                               \
  do {                                                                         \
    if (!(ctx).hasData(i)) {                                                   \
      (ctx).setOutputsDynamic();                                               \
      return absl::OkStatus();                                                 \
    }                                                                          \
  } while (0)

absl::Status copyEval(OpContext &ctx) {
  Tensor *o = ctx.output(0);
  const Tensor *i = ctx.input(0);
  if (o->data != i->data)
    std::memmove(o->data, i->data, i->requiredBytes());
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// RESHAPE, SQUEEZE, EXPAND_DIMS
//===----------------------------------------------------------------------===//

absl::Status reshapePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  const Tensor *in = ctx.input(0), *st = ctx.input(1);
  std::vector<int64_t> spec;
  // As TFLite's reshape.cc: the shape operand is used only when it is a
  // vector (rank 1); otherwise (scalar, rank >= 2) the options' new_shape
  // is, and a legacy new_shape of [0] means a scalar.
  if (st && st->rank() == 1 &&
      !(st->shape[0] == 0 && ctx.options().hasNewShape)) {
    TFMLIR_RETURN_IF_ERROR(checkIntTensor(st, "shape"));
    TFMLIR_NEED_DATA(ctx, 1);
    spec = intValues(*st);
  } else if (ctx.options().hasNewShape) {
    spec.assign(ctx.options().newShape.begin(), ctx.options().newShape.end());
    if (spec.size() == 1 && spec[0] == 0 && in->numElements() == 1)
      spec.clear();
  } else if (st && st->rank() != 1) {
    return invalid("shape operand ", shapeToString(st->shape),
                   " is not a vector and there is no new_shape option to "
                   "fall back to");
  } else {
    spec.assign(ctx.output(0)->shape.begin(), ctx.output(0)->shape.end());
  }
  int64_t known = 1, unknown = -1;
  for (size_t i = 0; i < spec.size(); ++i) {
    if (spec[i] == -1) {
      if (unknown >= 0)
        return invalid("more than one -1 in the new shape");
      unknown = i;
    } else if (spec[i] < 0) {
      return invalid("negative dim ", spec[i], " in the new shape");
    } else if (spec[i] > INT32_MAX ||
               __builtin_mul_overflow(known, spec[i], &known)) {
      // TFLite dims are int32; the product is checked too (a fuzzed int64
      // shape operand overflowed it).
      return invalid("the new shape's dim ", spec[i], " (dim ", i,
                     ") is too large");
    }
  }
  int64_t n = in->numElements();
  std::vector<int32_t> shape(spec.begin(), spec.end());
  if (unknown >= 0) {
    if (known == 0 || n % known != 0)
      return invalid("cannot infer -1: ", n, " elements into ",
                     shapeToString(shape));
    shape[unknown] = static_cast<int32_t>(n / known);
  } else if (known != n) {
    return invalid("cannot reshape ", shapeToString(in->shape), " (", n,
                   " elements) to ", shapeToString(shape));
  }
  return ctx.resizeOutput(0, shape);
}

absl::Status squeezePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  const Tensor *in = ctx.input(0);
  std::vector<bool> drop(in->rank(), false);
  if (ctx.options().squeezeDims.empty()) {
    for (int i = 0; i < in->rank(); ++i)
      drop[i] = in->shape[i] == 1;
  } else {
    for (int32_t d : ctx.options().squeezeDims) {
      int a;
      TFMLIR_RETURN_IF_ERROR(normalizeAxis(d, in->rank(), a));
      if (in->shape[a] != 1)
        return invalid("cannot squeeze dim ", a, " of size ", in->shape[a]);
      drop[a] = true;
    }
  }
  std::vector<int32_t> shape;
  for (int i = 0; i < in->rank(); ++i)
    if (!drop[i])
      shape.push_back(in->shape[i]);
  return ctx.resizeOutput(0, shape);
}

absl::Status expandDimsPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "axis"));
  if (ctx.input(1)->numElements() != 1)
    return invalid("axis must have one element");
  TFMLIR_NEED_DATA(ctx, 1);
  const Tensor *in = ctx.input(0);
  int a;
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(readInt(*ctx.input(1), 0), in->rank() + 1, a));
  std::vector<int32_t> shape = in->shape;
  shape.insert(shape.begin() + a, 1);
  return ctx.resizeOutput(0, shape);
}

//===----------------------------------------------------------------------===//
// TRANSPOSE, REVERSE_V2
//===----------------------------------------------------------------------===//

absl::Status transposePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "perm"));
  TFMLIR_NEED_DATA(ctx, 1);
  const Tensor *in = ctx.input(0);
  std::vector<int64_t> perm = intValues(*ctx.input(1));
  if (static_cast<int>(perm.size()) != in->rank())
    return invalid("perm has ", perm.size(), " entries for rank ", in->rank());
  std::vector<bool> seen(perm.size(), false);
  std::vector<int32_t> shape;
  for (int64_t p : perm) {
    if (p < 0 || p >= in->rank() || seen[p])
      return invalid("perm is not a permutation");
    seen[p] = true;
    shape.push_back(in->shape[p]);
  }
  return ctx.resizeOutput(0, shape);
}

/// Copies `in` into `out` where out index (i_0..i_r) reads input element
/// sum_d i_d * srcStride[d] (+ base). Strides may be negative.
void stridedCopy(const uint8_t *src, uint8_t *dst, size_t es,
                 const std::vector<int32_t> &outShape,
                 const std::vector<int64_t> &srcStride, int64_t base) {
  int r = static_cast<int>(outShape.size());
  int64_t n = 1;
  for (int32_t d : outShape)
    n *= d;
  if (n == 0)
    return;
  std::vector<int32_t> idx(r, 0);
  int64_t off = base;
  for (int64_t i = 0; i < n; ++i) {
    std::memcpy(dst + i * es, src + off * es, es);
    for (int d = r - 1; d >= 0; --d) {
      off += srcStride[d];
      if (++idx[d] < outShape[d])
        break;
      off -= srcStride[d] * outShape[d];
      idx[d] = 0;
    }
  }
}

absl::Status transposeEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  std::vector<int64_t> perm = intValues(*ctx.input(1));
  std::vector<int64_t> is = rowMajorStrides(in.shape), s(perm.size());
  for (size_t d = 0; d < perm.size(); ++d)
    s[d] = is[perm[d]];
  stridedCopy(in.data, out.data, elementSize(in.type), out.shape, s, 0);
  return absl::OkStatus();
}

absl::Status reversePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "axis"));
  return ctx.resizeOutput(0, ctx.input(0)->shape);
}
absl::Status reverseEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  std::vector<int64_t> s = rowMajorStrides(in.shape);
  int64_t base = 0;
  for (int64_t a : intValues(*ctx.input(1))) {
    int ax;
    TFMLIR_RETURN_IF_ERROR(normalizeAxis(a, in.rank(), ax));
    if (s[ax] < 0)
      return invalid("axis ", ax, " listed twice");
    base += (in.shape[ax] - 1) * s[ax];
    s[ax] = -s[ax];
  }
  stridedCopy(in.data, ctx.output(0)->data, elementSize(in.type), in.shape, s,
              base);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// CONCATENATION, PACK, UNPACK, SPLIT, SPLIT_V
//===----------------------------------------------------------------------===//

/// Concatenates `ins` along `axis` into `out` (all same rank and type).
void concatBytes(const std::vector<const Tensor *> &ins, int axis,
                 Tensor &out) {
  size_t es = elementSize(out.type);
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d)
    outer *= out.shape[d];
  uint8_t *dst = out.data;
  for (int64_t o = 0; o < outer; ++o)
    for (const Tensor *t : ins) {
      int64_t inner = 1;
      for (int d = axis; d < t->rank(); ++d)
        inner *= t->shape[d];
      size_t bytes = static_cast<size_t>(inner) * es;
      std::memcpy(dst, t->data + o * bytes, bytes);
      dst += bytes;
    }
}

absl::Status concatPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  const Tensor *t0 = ctx.input(0);
  int axis;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().axis, t0->rank(), axis));
  std::vector<int32_t> shape = t0->shape;
  shape[axis] = 0;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    const Tensor *t = ctx.input(i);
    if (!t || t->type != t0->type || t->rank() != t0->rank())
      return invalid("input ", i, " differs in type or rank from input 0");
    for (int d = 0; d < t->rank(); ++d)
      if (d != axis && t->shape[d] != t0->shape[d])
        return invalid("input ", i, " shape ", shapeToString(t->shape),
                       " does not match ", shapeToString(t0->shape),
                       " outside axis ", axis);
    shape[axis] += t->shape[axis];
  }
  return ctx.resizeOutput(0, shape);
}
absl::Status concatEval(OpContext &ctx) {
  std::vector<const Tensor *> ins;
  for (int i = 0; i < ctx.numInputs(); ++i)
    ins.push_back(ctx.input(i));
  int axis;
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(ctx.options().axis, ins[0]->rank(), axis));
  Tensor &out = *ctx.output(0);
  concatBytes(ins, axis, out);
  Activation act = ctx.options().activation;
  if (out.type == TensorType::kFloat32 && act != Activation::kNone)
    for (int64_t i = 0, n = out.numElements(); i < n; ++i)
      out.as<float>()[i] = applyActivation(out.as<float>()[i], act);
  return absl::OkStatus();
}

/// CONCATENATION of int8 / uint8 / int16 tensors (TFLite's
/// concatenation.cc EvalImpl for quantized types): the byte copy when every
/// input has the output's quantization (or none has any), else
/// concatenation with requantization of inputs whose quantization differs
/// from the output's: round(q * s_in/s_out - zp_in * s_in/s_out) + zp_out
/// in float, as TFLite's ConcatenationWithScaling.
absl::Status quantizedConcatEval(OpContext &ctx) {
  Tensor &out = *ctx.output(0);
  // Plain 8/16-bit integers (no quantization on any tensor): TFLite's
  // AllInputsHaveSameQuantizationAsOutput holds (all params zero) and it
  // concatenates without scaling.
  bool unquantized = out.quant.scale.empty();
  for (int i = 0; i < ctx.numInputs(); ++i)
    unquantized &= ctx.input(i) && ctx.input(i)->quant.scale.empty();
  if (unquantized)
    return concatEval(ctx);
  TQ qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", qo));
  bool same = true;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    TQ qi;
    TFMLIR_RETURN_IF_ERROR(perTensor(ctx.input(i), "input", qi));
    same &= qi.scale == qo.scale && qi.zp == qo.zp;
  }
  if (same)
    return concatEval(ctx);
  int axis;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().axis, out.rank(), axis));
  int64_t outer = 1;
  for (int d = 0; d < axis; ++d)
    outer *= out.shape[d];
  int64_t outRow = out.numElements() / std::max<int64_t>(outer, 1);
  int64_t off = 0;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    const Tensor &in = *ctx.input(i);
    TQ qi;
    TFMLIR_RETURN_IF_ERROR(perTensor(&in, "input", qi));
    const int64_t row = in.numElements() / std::max<int64_t>(outer, 1);
    const float scale = qi.scale / qo.scale;
    const float bias = -qi.zp * scale;
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t j = 0; j < row; ++j) {
        int32_t v = loadQ(in, o * row + j);
        if (!(qi.scale == qo.scale && qi.zp == qo.zp))
          v = static_cast<int32_t>(std::round(v * scale + bias)) + qo.zp;
        storeQ(out, o * outRow + off + j, clampT(v, out.type));
      }
    off += row;
  }
  return absl::OkStatus();
}

/// CONCATENATION as TFLite's concatenation.cc: the same Prepare for every
/// type; Eval requantizes int8 / uint8 / int16 inputs whose quantization
/// differs from the output's, else copies bytes.
absl::Status concatTypedEval(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantizedConcatEval(ctx);
  return concatEval(ctx);
}

absl::Status packPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  const Tensor *t0 = ctx.input(0);
  for (int i = 0; i < ctx.numInputs(); ++i)
    if (!ctx.input(i) || ctx.input(i)->shape != t0->shape ||
        ctx.input(i)->type != t0->type)
      return invalid("input ", i, " differs from input 0");
  int axis;
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(ctx.options().axis, t0->rank() + 1, axis));
  std::vector<int32_t> shape = t0->shape;
  shape.insert(shape.begin() + axis, ctx.numInputs());
  return ctx.resizeOutput(0, shape);
}
absl::Status packEval(OpContext &ctx) {
  std::vector<Tensor> views(ctx.numInputs());
  std::vector<const Tensor *> ins;
  int axis;
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(ctx.options().axis, ctx.input(0)->rank() + 1, axis));
  for (int i = 0; i < ctx.numInputs(); ++i) {
    views[i].type = ctx.input(i)->type;
    views[i].shape = ctx.input(i)->shape;
    views[i].shape.insert(views[i].shape.begin() + axis, 1);
    views[i].data = ctx.input(i)->data;
    ins.push_back(&views[i]);
  }
  concatBytes(ins, axis, *ctx.output(0));
  return absl::OkStatus();
}

/// Splits `in` along `axis` into the outputs with sizes `sizes`.
void splitBytes(const Tensor &in, int axis, OpContext &ctx) {
  size_t es = elementSize(in.type);
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d)
    outer *= in.shape[d];
  for (int d = axis + 1; d < in.rank(); ++d)
    inner *= in.shape[d];
  const uint8_t *src = in.data;
  for (int64_t o = 0; o < outer; ++o)
    for (int k = 0; k < ctx.numOutputs(); ++k) {
      Tensor *t = ctx.output(k);
      int32_t sz = t->rank() > axis ? t->shape[axis] : 1;
      size_t bytes = static_cast<size_t>(sz * inner) * es;
      std::memcpy(t->data + o * bytes, src, bytes);
      src += bytes;
    }
}

absl::Status unpackPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  const Tensor *in = ctx.input(0);
  int axis;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().axis, in->rank(), axis));
  if (in->shape[axis] != ctx.numOutputs())
    return invalid("dim ", axis, " has size ", in->shape[axis], " but ",
                   ctx.numOutputs(), " outputs");
  std::vector<int32_t> shape = in->shape;
  shape.erase(shape.begin() + axis);
  for (int k = 0; k < ctx.numOutputs(); ++k) {
    if (!ctx.output(k))
      return invalid("output ", k, " is missing");
    TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(k, shape));
  }
  return absl::OkStatus();
}
absl::Status unpackEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  int axis;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().axis, in.rank(), axis));
  // Each output is the input's slice of size 1 on `axis`.
  size_t es = elementSize(in.type);
  int64_t outer = 1, inner = 1;
  for (int d = 0; d < axis; ++d)
    outer *= in.shape[d];
  for (int d = axis + 1; d < in.rank(); ++d)
    inner *= in.shape[d];
  const uint8_t *src = in.data;
  for (int64_t o = 0; o < outer; ++o)
    for (int k = 0; k < ctx.numOutputs(); ++k) {
      size_t bytes = static_cast<size_t>(inner) * es;
      std::memcpy(ctx.output(k)->data + o * bytes, src, bytes);
      src += bytes;
    }
  return absl::OkStatus();
}

absl::Status splitCommon(OpContext &ctx, const Tensor *in, const Tensor *axisT,
                         const Tensor *sizesT) {
  TFMLIR_RETURN_IF_ERROR(checkSized(in, "value"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(axisT, "axis"));
  if (axisT->numElements() != 1)
    return invalid("axis must have one element");
  for (int k = 0; k < ctx.numOutputs(); ++k)
    if (!ctx.output(k) || ctx.output(k)->type != in->type)
      return invalid("output ", k, " is missing or has another type");
  int axisIdx = ctx.op().builtinCode == kOp_SPLIT ? 0 : 2;
  if (!ctx.hasData(axisIdx) || (sizesT && !ctx.hasData(1))) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  int axis;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(readInt(*axisT, 0), in->rank(), axis));
  int n = ctx.numOutputs();
  int32_t dim = in->shape[axis];
  std::vector<int64_t> sizes;
  if (sizesT) {
    TFMLIR_RETURN_IF_ERROR(checkIntTensor(sizesT, "size_splits"));
    sizes = intValues(*sizesT);
    if (static_cast<int>(sizes.size()) != n)
      return invalid(sizes.size(), " split sizes for ", n, " outputs");
    int64_t known = 0, unknown = -1;
    for (int i = 0; i < n; ++i) {
      if (sizes[i] == -1) {
        if (unknown >= 0)
          return invalid("more than one -1 in size_splits");
        unknown = i;
      } else if (sizes[i] < 0) {
        return invalid("negative split size ", sizes[i]);
      } else {
        known += sizes[i];
      }
    }
    if (unknown >= 0) {
      if (known > dim)
        return invalid("split sizes exceed dim ", dim);
      sizes[unknown] = dim - known;
    } else if (known != dim) {
      return invalid("split sizes sum to ", known, " but dim is ", dim);
    }
  } else {
    if (n == 0 || dim % n != 0)
      return invalid("dim ", dim, " does not split into ", n, " parts");
    sizes.assign(n, dim / n);
  }
  for (int k = 0; k < n; ++k) {
    std::vector<int32_t> s = in->shape;
    s[axis] = static_cast<int32_t>(sizes[k]);
    TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(k, s));
  }
  return absl::OkStatus();
}
absl::Status splitPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  return splitCommon(ctx, ctx.input(1), ctx.input(0), nullptr);
}
absl::Status splitEval(OpContext &ctx) {
  int axis;
  const Tensor &in = *ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(readInt(*ctx.input(0), 0), in.rank(), axis));
  splitBytes(in, axis, ctx);
  return absl::OkStatus();
}
absl::Status splitVPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  return splitCommon(ctx, ctx.input(0), ctx.input(2), ctx.input(1));
}
absl::Status splitVEval(OpContext &ctx) {
  int axis;
  const Tensor &in = *ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(readInt(*ctx.input(2), 0), in.rank(), axis));
  splitBytes(in, axis, ctx);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// SLICE, STRIDED_SLICE
//===----------------------------------------------------------------------===//

struct SliceState : NodeState {
  std::vector<int64_t> begin, stride; ///< per input dim
  std::vector<int32_t> size;          ///< per input dim (processing shape)
};

absl::Status slicePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "begin"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(2), "size"));
  if (!ctx.hasData(1) || !ctx.hasData(2)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  const Tensor *in = ctx.input(0);
  std::vector<int64_t> b = intValues(*ctx.input(1)),
                       s = intValues(*ctx.input(2));
  if (static_cast<int>(b.size()) != in->rank() ||
      static_cast<int>(s.size()) != in->rank())
    return invalid("begin/size must have ", in->rank(), " elements");
  auto st = std::make_unique<SliceState>();
  std::vector<int32_t> shape;
  for (int d = 0; d < in->rank(); ++d) {
    int64_t D = in->shape[d];
    if (b[d] < 0 || b[d] > D)
      return invalid("begin ", b[d], " out of range for dim ", d, " of size ",
                     D);
    int64_t sz = s[d] == -1 ? D - b[d] : s[d];
    if (sz < 0 || b[d] + sz > D)
      return invalid("size ", s[d], " out of range for dim ", d, " of size ", D,
                     " at begin ", b[d]);
    st->begin.push_back(b[d]);
    st->stride.push_back(1);
    st->size.push_back(static_cast<int32_t>(sz));
    shape.push_back(static_cast<int32_t>(sz));
  }
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

absl::Status stridedSlicePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  for (int i = 1; i <= 3; ++i)
    if (ctx.input(i))
      TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(i), "begin/end/strides"));
  for (int i = 1; i <= 3; ++i)
    if (ctx.input(i) && !ctx.hasData(i)) {
      ctx.setOutputsDynamic();
      return absl::OkStatus();
    }
  const Tensor *in = ctx.input(0);
  const OpOptions &o = ctx.options();
  std::vector<int64_t> b = intValues(*ctx.input(1)),
                       e = intValues(*ctx.input(2));
  std::vector<int64_t> s = ctx.input(3) ? intValues(*ctx.input(3))
                                        : std::vector<int64_t>(b.size(), 1);
  const int m = static_cast<int>(b.size());
  if (static_cast<int>(e.size()) != m || static_cast<int>(s.size()) != m)
    return invalid("begin, end and strides must have the same length");
  // offset: end is relative to begin (TFLite's StridedSliceOptions).
  if (o.offset)
    for (int i = 0; i < m; ++i)
      e[i] += b[i];
  // The int32 masks' 32 bits, not sign-extended.
  auto mask = [](int32_t v) {
    return static_cast<int64_t>(static_cast<uint32_t>(v));
  };
  StridedSliceResult spec;
  std::vector<int64_t> inShape(in->shape.begin(), in->shape.end());
  absl::Status status = computeStridedSlice(
      inShape, b, e, s,
      {mask(o.beginMask), mask(o.endMask), mask(o.ellipsisMask),
       mask(o.newAxisMask), mask(o.shrinkAxisMask)},
      spec);
  if (!status.ok())
    return invalid(status.message());
  auto st = std::make_unique<SliceState>();
  for (const StridedSliceDim &d : spec.dims) {
    st->begin.push_back(d.begin);
    st->stride.push_back(d.stride);
    st->size.push_back(static_cast<int32_t>(d.size));
  }
  std::vector<int32_t> shape(spec.finalShape.begin(), spec.finalShape.end());
  ctx.state() = std::move(st);
  return ctx.resizeOutput(0, shape);
}

absl::Status sliceEval(OpContext &ctx) {
  auto *st = static_cast<SliceState *>(ctx.state().get());
  if (!st)
    return absl::InternalError("slice state missing");
  const Tensor &in = *ctx.input(0);
  std::vector<int64_t> is = rowMajorStrides(in.shape), s(in.rank());
  int64_t base = 0;
  for (int d = 0; d < in.rank(); ++d) {
    base += st->begin[d] * is[d];
    s[d] = st->stride[d] * is[d];
  }
  stridedCopy(in.data, ctx.output(0)->data, elementSize(in.type), st->size, s,
              base);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// TILE, BROADCAST_TO, FILL, ZEROS_LIKE, SHAPE, RANK, RANGE
//===----------------------------------------------------------------------===//

absl::Status tilePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "multiples"));
  TFMLIR_NEED_DATA(ctx, 1);
  const Tensor *in = ctx.input(0);
  std::vector<int64_t> m = intValues(*ctx.input(1));
  if (static_cast<int>(m.size()) != in->rank())
    return invalid("multiples must have ", in->rank(), " elements");
  std::vector<int32_t> shape;
  for (int d = 0; d < in->rank(); ++d) {
    if (m[d] < 0 || m[d] * in->shape[d] > std::numeric_limits<int32_t>::max())
      return invalid("bad multiple ", m[d], " for dim ", d);
    shape.push_back(static_cast<int32_t>(m[d] * in->shape[d]));
  }
  return ctx.resizeOutput(0, shape);
}

/// Copies input element (out index mod / broadcast) for TILE and
/// BROADCAST_TO. For broadcast, input dims of size 1 repeat.
absl::Status repeatEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  size_t es = elementSize(in.type);
  int r = out.rank(), off0 = r - in.rank();
  std::vector<int64_t> is = rowMajorStrides(in.shape);
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0, n = out.numElements(); i < n; ++i) {
    int64_t off = 0;
    for (int d = off0; d < r; ++d)
      off += (idx[d] % in.shape[d - off0]) * is[d - off0];
    std::memcpy(out.data + i * es, in.data + off * es, es);
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < out.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

absl::Status broadcastToPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "shape"));
  TFMLIR_NEED_DATA(ctx, 1);
  const Tensor *in = ctx.input(0);
  std::vector<int64_t> s = intValues(*ctx.input(1));
  if (static_cast<int>(s.size()) < in->rank())
    return invalid("target rank ", s.size(), " is below input rank ",
                   in->rank());
  std::vector<int32_t> shape;
  int off = static_cast<int>(s.size()) - in->rank();
  for (size_t d = 0; d < s.size(); ++d) {
    if (s[d] < 0 || s[d] > std::numeric_limits<int32_t>::max())
      return invalid("bad target dim ", s[d]);
    int ind = static_cast<int>(d) - off;
    if (ind >= 0 && in->shape[ind] != 1 && in->shape[ind] != s[d])
      return invalid("cannot broadcast ", shapeToString(in->shape), " to dim ",
                     d, " of size ", s[d]);
    shape.push_back(static_cast<int32_t>(s[d]));
  }
  return ctx.resizeOutput(0, shape);
}

absl::Status fillPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(0), "dims"));
  const Tensor *v = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkSized(v, "value"));
  if (v->numElements() != 1 || ctx.output(0)->type != v->type)
    return invalid("value must be one element of the output type");
  TFMLIR_NEED_DATA(ctx, 0);
  std::vector<int32_t> shape;
  for (int64_t d : intValues(*ctx.input(0))) {
    if (d < 0 || d > std::numeric_limits<int32_t>::max())
      return invalid("bad dim ", d);
    shape.push_back(static_cast<int32_t>(d));
  }
  return ctx.resizeOutput(0, shape);
}
absl::Status fillEval(OpContext &ctx) {
  const Tensor &v = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  size_t es = elementSize(v.type);
  for (int64_t i = 0, n = out.numElements(); i < n; ++i)
    std::memcpy(out.data + i * es, v.data, es);
  return absl::OkStatus();
}

absl::Status zerosLikePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  return ctx.resizeOutput(0, ctx.input(0)->shape);
}
absl::Status zerosLikeEval(OpContext &ctx) {
  std::memset(ctx.output(0)->data, 0, ctx.output(0)->requiredBytes());
  return absl::OkStatus();
}

absl::Status shapePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.output(0), "output"));
  if (ctx.op().builtinCode == kOp_RANK)
    return ctx.resizeOutput(0, {});
  return ctx.resizeOutput(0, {ctx.input(0)->rank()});
}
absl::Status shapeEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  auto put = [&](int64_t i, int64_t v) {
    if (out.type == TensorType::kInt64)
      out.as<int64_t>()[i] = v;
    else
      out.as<int32_t>()[i] = static_cast<int32_t>(v);
  };
  if (ctx.op().builtinCode == kOp_RANK)
    put(0, in.rank());
  else
    for (int d = 0; d < in.rank(); ++d)
      put(d, in.shape[d]);
  return absl::OkStatus();
}

double scalarAsDouble(const Tensor &t) {
  switch (t.type) {
  case TensorType::kFloat32:
    return t.as<float>()[0];
  case TensorType::kInt64:
    return static_cast<double>(t.as<int64_t>()[0]);
  default:
    return t.as<int32_t>()[0];
  }
}

absl::Status rangePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  TensorType t = ctx.input(0)->type;
  if (t != TensorType::kFloat32 && t != TensorType::kInt32 &&
      t != TensorType::kInt64)
    return unimplemented("RANGE of ", typeName(t));
  for (int i = 0; i < 3; ++i)
    if (ctx.input(i)->type != t || ctx.input(i)->numElements() != 1)
      return invalid("start, limit and delta must be scalars of one type");
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), t, "output"));
  for (int i = 0; i < 3; ++i)
    TFMLIR_NEED_DATA(ctx, i);
  double s = scalarAsDouble(*ctx.input(0)), l = scalarAsDouble(*ctx.input(1)),
         d = scalarAsDouble(*ctx.input(2));
  if (d == 0 || !std::isfinite(s) || !std::isfinite(l) || !std::isfinite(d))
    return invalid("delta must be nonzero and operands finite");
  if ((l > s && d < 0) || (l < s && d > 0))
    return invalid("delta has the wrong sign for start ", s, " limit ", l);
  double n = t == TensorType::kFloat32
                 ? std::ceil(std::fabs((l - s) / d))
                 : std::ceil(std::fabs(l - s) / std::fabs(d));
  if (n > (1 << 30))
    return invalid("range of ", n, " elements is too large");
  return ctx.resizeOutput(0, {static_cast<int32_t>(n)});
}
absl::Status rangeEval(OpContext &ctx) {
  Tensor &out = *ctx.output(0);
  int64_t n = out.numElements();
  if (out.type == TensorType::kFloat32) {
    float s = ctx.input(0)->as<float>()[0], d = ctx.input(2)->as<float>()[0];
    for (int64_t i = 0; i < n; ++i)
      out.as<float>()[i] = s + static_cast<float>(i) * d;
  } else if (out.type == TensorType::kInt64) {
    int64_t s = ctx.input(0)->as<int64_t>()[0],
            d = ctx.input(2)->as<int64_t>()[0];
    for (int64_t i = 0; i < n; ++i)
      out.as<int64_t>()[i] = s + i * d;
  } else {
    int32_t s = ctx.input(0)->as<int32_t>()[0],
            d = ctx.input(2)->as<int32_t>()[0];
    for (int64_t i = 0; i < n; ++i)
      out.as<int32_t>()[i] = static_cast<int32_t>(s + i * d);
  }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// GATHER, GATHER_ND
//===----------------------------------------------------------------------===//

absl::Status gatherPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  const Tensor *p = ctx.input(0), *idx = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(idx, "indices"));
  int axis, bd = ctx.options().batchDims;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().axis, p->rank(), axis));
  if (bd < 0)
    bd += idx->rank();
  if (bd < 0 || bd > axis || bd > idx->rank())
    return invalid("batch_dims ", ctx.options().batchDims, " out of range");
  for (int d = 0; d < bd; ++d)
    if (p->shape[d] != idx->shape[d])
      return invalid("batch dim ", d, " differs between params and indices");
  std::vector<int32_t> shape(p->shape.begin(), p->shape.begin() + axis);
  shape.insert(shape.end(), idx->shape.begin() + bd, idx->shape.end());
  shape.insert(shape.end(), p->shape.begin() + axis + 1, p->shape.end());
  return ctx.resizeOutput(0, shape);
}
absl::Status gatherEval(OpContext &ctx) {
  const Tensor &p = *ctx.input(0), &idx = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  int axis, bd = ctx.options().batchDims;
  TFMLIR_RETURN_IF_ERROR(normalizeAxis(ctx.options().axis, p.rank(), axis));
  if (bd < 0)
    bd += idx.rank();
  size_t es = elementSize(p.type);
  int64_t batch = 1, outer = 1, inner = 1, nIdx = 1;
  for (int d = 0; d < bd; ++d)
    batch *= p.shape[d];
  for (int d = bd; d < axis; ++d)
    outer *= p.shape[d];
  for (int d = axis + 1; d < p.rank(); ++d)
    inner *= p.shape[d];
  for (int d = bd; d < idx.rank(); ++d)
    nIdx *= idx.shape[d];
  const int64_t axisSize = p.shape[axis];
  const size_t row = static_cast<size_t>(inner) * es;
  uint8_t *dst = out.data;
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < nIdx; ++i) {
        int64_t k = readInt(idx, b * nIdx + i);
        if (k < 0 || k >= axisSize)
          return invalid("index ", k, " out of range [0, ", axisSize, ")");
        std::memcpy(
            dst, p.data + (((b * outer + o) * axisSize + k) * inner) * es, row);
        dst += row;
      }
  return absl::OkStatus();
}

absl::Status gatherNdPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  const Tensor *p = ctx.input(0), *idx = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(idx, "indices"));
  if (idx->rank() < 1 || idx->shape.back() > p->rank())
    return invalid("indices ", shapeToString(idx->shape), " do not fit params ",
                   shapeToString(p->shape));
  std::vector<int32_t> shape(idx->shape.begin(), idx->shape.end() - 1);
  shape.insert(shape.end(), p->shape.begin() + idx->shape.back(),
               p->shape.end());
  return ctx.resizeOutput(0, shape);
}
absl::Status gatherNdEval(OpContext &ctx) {
  const Tensor &p = *ctx.input(0), &idx = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  size_t es = elementSize(p.type);
  int k = idx.shape.back();
  int64_t n = k ? idx.numElements() / k : 0;
  if (k == 0)
    n = idx.numElements() == 0 ? 1 : 0;
  std::vector<int64_t> ps = rowMajorStrides(p.shape);
  int64_t inner = 1;
  for (int d = k; d < p.rank(); ++d)
    inner *= p.shape[d];
  if (k == 0) {
    n = 1;
    for (int d = 0; d + 1 < idx.rank(); ++d)
      n *= idx.shape[d];
  }
  for (int64_t i = 0; i < n; ++i) {
    int64_t off = 0;
    for (int j = 0; j < k; ++j) {
      int64_t v = readInt(idx, i * k + j);
      if (v < 0 || v >= p.shape[j])
        return invalid("index ", v, " out of range for dim ", j);
      off += v * ps[j];
    }
    std::memcpy(out.data + i * inner * es, p.data + off * es, inner * es);
  }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// DENSIFY
//===----------------------------------------------------------------------===//

absl::Status densifyPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  const Tensor *in = ctx.input(0);
  if (!in->sparsity || in->storage != Storage::kConstant)
    return invalid("DENSIFY input must be a constant sparse tensor");
  return ctx.resizeOutput(0, in->shape);
}
absl::Status densifyEval(OpContext &ctx) {
  std::vector<uint8_t> dense;
  TFMLIR_RETURN_IF_ERROR(densify(*ctx.input(0), dense));
  std::memcpy(ctx.output(0)->data, dense.data(), dense.size());
  return absl::OkStatus();
}

} // namespace

void registerShapeOps(MutableOpResolver &r) {
  // Input types: the data operand of every kernel here is checked by
  // checkSized (sameTypeIO, splitCommon, fillPrepare) and moved as bytes
  // of its element size, so every fixed-size type is accepted. SPLIT's and
  // FILL's input 0 is the axis / dims operand: they declare their value
  // (input 1). SHAPE and RANK read only the input's shape (any type);
  // RANGE computes in float32, int32 or int64.
  using TT = TensorType;
  const TypeSet any = kFixedSizeTypes;
  r.addBuiltin(kOp_RESHAPE, {reshapePrepare, copyEval, any}, 1, 2);
  r.addBuiltin(kOp_SQUEEZE, {squeezePrepare, copyEval, any}, 1, 2);
  r.addBuiltin(kOp_EXPAND_DIMS, {expandDimsPrepare, copyEval, any}, 1, 2);
  r.addBuiltin(kOp_TRANSPOSE, {transposePrepare, transposeEval, any}, 1, 6);
  r.addBuiltin(kOp_REVERSE_V2, {reversePrepare, reverseEval, any}, 1, 3);
  r.addBuiltin(kOp_CONCATENATION, {concatPrepare, concatTypedEval, any}, 1, 4);
  r.addBuiltin(kOp_PACK, {packPrepare, packEval, any}, 1, 4);
  r.addBuiltin(kOp_UNPACK, {unpackPrepare, unpackEval, any}, 1, 4);
  r.addBuiltin(kOp_SPLIT, {splitPrepare, splitEval, any, /*typedInput=*/1}, 1,
               4);
  r.addBuiltin(kOp_SPLIT_V, {splitVPrepare, splitVEval, any}, 1, 2);
  r.addBuiltin(kOp_SLICE, {slicePrepare, sliceEval, any}, 1, 6);
  r.addBuiltin(kOp_STRIDED_SLICE, {stridedSlicePrepare, sliceEval, any}, 1, 8);
  r.addBuiltin(kOp_TILE, {tilePrepare, repeatEval, any}, 1, 3);
  r.addBuiltin(kOp_BROADCAST_TO, {broadcastToPrepare, repeatEval, any}, 1, 3);
  r.addBuiltin(kOp_FILL, {fillPrepare, fillEval, any, /*typedInput=*/1}, 1, 4);
  r.addBuiltin(kOp_ZEROS_LIKE, {zerosLikePrepare, zerosLikeEval, any}, 1, 1);
  r.addBuiltin(kOp_SHAPE, {shapePrepare, shapeEval, kAllTypes}, 1, 1);
  r.addBuiltin(kOp_RANK, {shapePrepare, shapeEval, kAllTypes}, 1, 1);
  r.addBuiltin(
      kOp_RANGE,
      {rangePrepare, rangeEval, typeSet(TT::kFloat32, TT::kInt32, TT::kInt64)},
      1, 2);
  r.addBuiltin(kOp_GATHER, {gatherPrepare, gatherEval, any}, 1, 7);
  r.addBuiltin(kOp_GATHER_ND, {gatherNdPrepare, gatherNdEval, any}, 1, 5);
  r.addBuiltin(kOp_DENSIFY, {densifyPrepare, densifyEval, any}, 1, 1);
}

} // namespace tfmlir::lite::kernels
