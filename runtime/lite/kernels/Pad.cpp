//===- Pad.cpp - PAD, PADV2, MIRROR_PAD -----------------------------------===//
//
// TFLite's pad.cc and mirror_pad.cc: paddings [rank, 2] before / after each
// dim, elements moved as bytes of any fixed-size type. PAD of a quantized
// int8 / uint8 / int16 tensor pads with the output zero point (PADV2 with
// its constant_values); MIRROR_PAD reflects (REFLECT) or repeats the edge
// (SYMMETRIC).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace tfmlir::lite::kernels {
namespace {

/// PAD / PADV2 / MIRROR_PAD: paddings [rank, 2] (int32 / int64, deferred
/// to Invoke when not constant), PADV2's one-element constant_values of
/// the input type; mirror padding at most the dim (REFLECT: dim - 1).
absl::Status padPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  TFMLIR_RETURN_IF_ERROR(sameTypeIO(ctx));
  const Tensor *in = ctx.input(0), *p = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(p, "paddings"));
  if (p->rank() != 2 || p->shape[0] != in->rank() || p->shape[1] != 2)
    return invalid("paddings must be [", in->rank(), ",2], got ",
                   shapeToString(p->shape));
  if (const Tensor *v = ctx.input(2)) {
    if (v->type != in->type || v->numElements() != 1)
      return invalid("constant_values must be one element of the input type");
  }
  if (!ctx.hasData(1)) { // paddings known at Invoke
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  std::vector<int32_t> shape = in->shape;
  bool mirror = ctx.op().builtinCode == kOp_MIRROR_PAD;
  for (int d = 0; d < in->rank(); ++d) {
    int64_t lo = readInt(*p, 2 * d), hi = readInt(*p, 2 * d + 1);
    if (lo < 0 || hi < 0)
      return invalid("negative padding in dim ", d);
    if (mirror) {
      int64_t lim = in->shape[d] - (ctx.options().mirrorMode == 0 ? 1 : 0);
      if (lo > lim || hi > lim)
        return invalid("mirror padding ", lo, "/", hi, " exceeds ", lim,
                       " in dim ", d);
    }
    int64_t size = in->shape[d] + lo + hi;
    if (size > std::numeric_limits<int32_t>::max())
      return invalid("padded dim too large");
    shape[d] = static_cast<int32_t>(size);
  }
  return ctx.resizeOutput(0, shape);
}

/// Moves the input's bytes into the padded output: constant padding
/// fills with zeros or constant_values then copies rows; mirror padding
/// reflects (REFLECT) or symmetrizes (SYMMETRIC) the indices.
absl::Status padEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &p = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  size_t es = elementSize(in.type);
  const int r = in.rank();
  const bool mirror = ctx.op().builtinCode == kOp_MIRROR_PAD;
  const int reflect = ctx.options().mirrorMode == 0 ? 1 : 0;
  std::vector<int64_t> lo(r);
  for (int d = 0; d < r; ++d)
    lo[d] = readInt(p, 2 * d);
  std::vector<int64_t> is = rowMajorStrides(in.shape);
  std::vector<uint8_t> fill(es, 0);
  if (const Tensor *v = ctx.input(2))
    std::memcpy(fill.data(), v->data, es);
  int64_t n = out.numElements();
  if (!mirror && r > 0) {
    // Constant padding: fill, then copy each innermost input row in place.
    bool zeroFill =
        std::all_of(fill.begin(), fill.end(), [](uint8_t b) { return b == 0; });
    if (zeroFill)
      std::memset(out.data, 0, out.requiredBytes());
    else
      for (int64_t i = 0; i < n; ++i)
        std::memcpy(out.data + i * es, fill.data(), es);
    std::vector<int64_t> os = rowMajorStrides(out.shape);
    int64_t rows = in.shape[r - 1] ? in.numElements() / in.shape[r - 1] : 0;
    size_t rowBytes = static_cast<size_t>(in.shape[r - 1]) * es;
    std::vector<int32_t> ridx(r, 0);
    for (int64_t row = 0; row < rows; ++row) {
      int64_t o = lo[r - 1];
      for (int d = 0; d < r - 1; ++d)
        o += (ridx[d] + lo[d]) * os[d];
      std::memcpy(out.data + o * es, in.data + row * rowBytes, rowBytes);
      for (int d = r - 2; d >= 0; --d) {
        if (++ridx[d] < in.shape[d])
          break;
        ridx[d] = 0;
      }
    }
    return absl::OkStatus();
  }
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t off = 0;
    bool inside = true;
    for (int d = 0; d < r; ++d) {
      int64_t c = idx[d] - lo[d], D = in.shape[d];
      if (c < 0 || c >= D) {
        if (!mirror) {
          inside = false;
          break;
        }
        c = c < 0 ? -c - 1 + reflect : 2 * D - c - 1 - reflect;
      }
      off += c * is[d];
    }
    std::memcpy(out.data + i * es, inside ? in.data + off * es : fill.data(),
                es);
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < out.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

/// Constant PAD / PADV2 of an int8 / uint8 / int16 tensor: the pad value is
/// the output zero point (PAD) or the given value (PADV2), as TFLite's
/// pad.cc; padEval's byte fill when that is 0 or given.
absl::Status quantizedPadEval(OpContext &ctx) {
  if (ctx.input(2))
    return padEval(ctx);
  const Tensor &in = *ctx.input(0), &p = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  TQ qo;
  TFMLIR_RETURN_IF_ERROR(perTensor(&out, "output", qo));
  if (qo.zp == 0)
    return padEval(ctx);
  const int r = in.rank();
  const int64_t n = out.numElements();
  for (int64_t i = 0; i < n; ++i)
    storeQ(out, i, qo.zp);
  std::vector<int64_t> lo(r);
  for (int d = 0; d < r; ++d)
    lo[d] = readInt(p, 2 * d);
  std::vector<int64_t> os(r, 1);
  for (int d = r - 2; d >= 0; --d)
    os[d] = os[d + 1] * out.shape[d + 1];
  std::vector<int32_t> idx(r, 0);
  for (int64_t i = 0, m = in.numElements(); i < m; ++i) {
    int64_t o = 0;
    for (int d = 0; d < r; ++d)
      o += (idx[d] + lo[d]) * os[d];
    storeQ(out, o, loadQ(in, i));
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < in.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

/// PAD / PADV2 as TFLite's pad.cc: int8 / uint8 / int16 through
/// quantizedPadEval (zero-point fill), any other type through padEval.
absl::Status padTypedEval(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantizedPadEval(ctx);
  return padEval(ctx);
}

} // namespace

void registerPad(MutableOpResolver &r) {
  // Input types: the data operand is checked by sameTypeIO and moved as
  // bytes of its element size, so every fixed-size type is accepted.
  const TypeSet any = kFixedSizeTypes;
  r.addBuiltin(kOp_PAD, {padPrepare, padTypedEval, any}, 1, 4);
  r.addBuiltin(kOp_PADV2, {padPrepare, padTypedEval, any}, 1, 4);
  r.addBuiltin(kOp_MIRROR_PAD, {padPrepare, padEval, any}, 1, 3);
}

} // namespace tfmlir::lite::kernels
