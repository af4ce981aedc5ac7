//===- TransposeConv.cpp - TRANSPOSE_CONV, Convolution2DTransposeBias ----===//
//
// TFLite's transpose_conv.cc (inputs: output_shape, filter [Cout, KH, KW,
// Cin], input [N, H, W, Cin], bias) and MediaPipe's custom op
// Convolution2DTransposeBias (input, filter, bias; options padding /
// strides as a raw struct). Float through reference::transposeConv, or
// quantized (int8 / uint8 / int16x8).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"
#include "runtime/lite/kernels/reference/Conv.h"
#include "runtime/lite/kernels/reference/QuantConv.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

//===----------------------------------------------------------------------===//
// TRANSPOSE_CONV and MediaPipe's Convolution2DTransposeBias
//===----------------------------------------------------------------------===//

/// The optimized float path (kernels/optimized): filter input `fi`, packed
/// once when constant; false (not taken) for TANH / SIGN_BIT or under
/// ReferenceOpResolver.
absl::StatusOr<bool> optimizedTransposeConv(OpContext &ctx, const Tensor &in,
                                            int fi, const float *B, Padding pad,
                                            int sh, int sw, Activation act,
                                            Tensor &out) {
  float lo, hi;
  if (ctx.reference() || !clampOf(act, lo, hi))
    return false;
  const Tensor &f = *ctx.input(fi);
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2], CI = f.shape[3];
  WeightState &st = weightState(ctx);
  const bool isConst = f.storage == Storage::kConstant;
  if (!(st.optValid && isConst)) {
    auto w = weightsOf(ctx, fi);
    if (!w.ok())
      return w.status();
    TFMLIR_RETURN_IF_ERROR(
        optimized::packTransposeConv(*w, CO, KH, KW, CI, st.gemm));
    st.optValid = isConst;
  }
  const int OH = out.shape[1], OW = out.shape[2];
  int ph, pw, dummy;
  computePadding(pad, OH, KH, sh, 1, dummy, ph);
  computePadding(pad, OW, KW, sw, 1, dummy, pw);
  TFMLIR_RETURN_IF_ERROR(optimized::transposeConv(
      *ctx.threadPool(), optimized::floatMicrokernels(), in.shape[0],
      in.shape[1], in.shape[2], KH, KW, sh, sw, ph, pw, OH, OW, in.as<float>(),
      st.gemm, B, lo, hi, out.as<float>(), st.cols));
  return true;
}

/// TRANSPOSE_CONV's shape rules (float and integer): output_shape with 4
/// elements, rank-4 filter [Cout, KH, KW, Cin] and input [N, H, W, Cin],
/// strides >= 1.
absl::Status checkTconvShapes(OpContext &ctx, const Tensor &os, const Tensor &f,
                              const Tensor &in) {
  if (os.numElements() != 4 || f.rank() != 4 || in.rank() != 4)
    return invalid("output_shape must have 4 elements and filter/input be "
                   "rank 4");
  if (f.shape[3] != in.shape[3])
    return invalid("filter ", shapeToString(f.shape),
                   " does not match input channels ", in.shape[3]);
  if (ctx.options().strideW < 1 || ctx.options().strideH < 1)
    return invalid("strides must be >= 1");
  return absl::OkStatus();
}

absl::Status tconvPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *os = ctx.input(0), *f = ctx.input(1), *in = ctx.input(2);
  TFMLIR_RETURN_IF_ERROR(checkType(os, TensorType::kInt32, "output_shape"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(f, "filter"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  TFMLIR_RETURN_IF_ERROR(checkTconvShapes(ctx, *os, *f, *in));
  TFMLIR_RETURN_IF_ERROR(checkBias(ctx.input(3), f->shape[0]));
  if (!ctx.hasData(0)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  const int32_t *s = os->as<int32_t>();
  if (s[0] != in->shape[0] || s[3] != f->shape[0])
    return invalid("output_shape ", s[0], "x", s[1], "x", s[2], "x", s[3],
                   " does not match batch / filter output channels");
  return ctx.resizeOutput(0, {s[0], s[1], s[2], s[3]});
}

absl::Status tconvEval(OpContext &ctx) {
  const Tensor &f = *ctx.input(1), &in = *ctx.input(2);
  const Tensor *bias = ctx.input(3);
  auto fp = weightsOf(ctx, 1);
  if (!fp.ok())
    return fp.status();
  const OpOptions &o = ctx.options();
  auto done = optimizedTransposeConv(
      ctx, in, 1, bias ? bias->as<float>() : nullptr, o.padding, o.strideH,
      o.strideW, o.activation, *ctx.output(0));
  if (!done.ok())
    return done.status();
  if (*done)
    return absl::OkStatus();
  reference::transposeConv(in, *fp, f.shape[1], f.shape[2], f.shape[0],
                           bias ? bias->as<float>() : nullptr, o.padding,
                           o.strideH, o.strideW, o.activation, *ctx.output(0));
  return absl::OkStatus();
}

/// MediaPipe's custom options: the raw TfLiteTransposeConvParams struct
/// {int32 padding (1 SAME, 2 VALID), int32 stride_width, int32 stride_height}.
absl::Status mpParams(OpContext &ctx, Padding &pad, int &sw, int &sh) {
  const auto &co = ctx.op().customOptions;
  if (co.size() < 12)
    return invalid("Convolution2DTransposeBias needs 12 bytes of options "
                   "(padding, stride_w, stride_h), got ",
                   co.size());
  int32_t v[3];
  std::memcpy(v, co.data(), 12);
  if (v[0] != 1 && v[0] != 2)
    return invalid("Convolution2DTransposeBias padding ", v[0],
                   " is not SAME(1) or VALID(2)");
  if (v[1] < 1 || v[2] < 1)
    return invalid("Convolution2DTransposeBias strides must be >= 1");
  pad = v[0] == 1 ? Padding::kSame : Padding::kValid;
  sw = v[1], sh = v[2];
  return absl::OkStatus();
}

absl::Status mpTconvPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *in = ctx.input(0), *f = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(f, "filter"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (in->rank() != 4 || f->rank() != 4 || f->shape[3] != in->shape[3])
    return invalid("input ", shapeToString(in->shape), " and filter ",
                   shapeToString(f->shape), " do not match");
  TFMLIR_RETURN_IF_ERROR(checkBias(ctx.input(2), f->shape[0]));
  Padding pad;
  int sw, sh;
  TFMLIR_RETURN_IF_ERROR(mpParams(ctx, pad, sw, sh));
  auto outSize = [&](int in, int k, int s) {
    return pad == Padding::kSame ? in * s : in * s + std::max(k - s, 0);
  };
  return ctx.resizeOutput(
      0, {in->shape[0], outSize(in->shape[1], f->shape[1], sh),
          outSize(in->shape[2], f->shape[2], sw), f->shape[0]});
}

absl::Status mpTconvEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  Padding pad;
  int sw, sh;
  TFMLIR_RETURN_IF_ERROR(mpParams(ctx, pad, sw, sh));
  auto fp = weightsOf(ctx, 1);
  if (!fp.ok())
    return fp.status();
  auto done = optimizedTransposeConv(ctx, in, 1, ctx.input(2)->as<float>(), pad,
                                     sh, sw, Activation::kNone, *ctx.output(0));
  if (!done.ok())
    return done.status();
  if (*done)
    return absl::OkStatus();
  reference::transposeConv(in, *fp, f.shape[1], f.shape[2], f.shape[0],
                           ctx.input(2)->as<float>(), pad, sh, sw,
                           Activation::kNone, *ctx.output(0));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Quantized TRANSPOSE_CONV (int8 / uint8, int16x8), as TFLite's
// transpose_conv.cc EvalQuantized / EvalQuantizedPerChannel(16x8).
//===----------------------------------------------------------------------===//

/// The integer Prepare: output_shape checks, per-channel multipliers,
/// activation range and bias (input 3) into the node's QConvState.
absl::Status quantizedPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *os = ctx.input(0), *f = ctx.input(1), *in = ctx.input(2);
  Tensor *out = ctx.output(0);
  TFMLIR_RETURN_IF_ERROR(checkType(os, TensorType::kInt32, "output_shape"));
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(out, in->type, "output"));
  TFMLIR_RETURN_IF_ERROR(checkTconvShapes(ctx, *os, *f, *in));
  if (f->sparsity)
    return unimplemented("sparse quantized filter");
  QConvState &st = qstate(ctx);
  TFMLIR_RETURN_IF_ERROR(convMultipliers(*in, *f, *out, 0, f->shape[0], st));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*in, st.in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkInt16Zp(*out, st.out, "output"));
  TFMLIR_RETURN_IF_ERROR(activationRangeQ(ctx.options().activation, out->type,
                                          st.out, st.lo, st.hi));
  TFMLIR_RETURN_IF_ERROR(readBias(ctx, 3, f->shape[0], st));
  st.wValid = st.quadsValid = false;
  if (!ctx.hasData(0)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  const int32_t *s = os->as<int32_t>();
  if (s[0] != in->shape[0] || s[3] != f->shape[0] || s[1] < 0 || s[2] < 0)
    return invalid("output_shape ", s[0], "x", s[1], "x", s[2], "x", s[3],
                   " does not match batch / filter output channels");
  return ctx.resizeOutput(0, {s[0], s[1], s[2], s[3]});
}

/// The integer Eval: offset operands, then reference::transposeConvInt.
absl::Status quantizedEval(OpContext &ctx) {
  const Tensor &f = *ctx.input(1), &in = *ctx.input(2);
  Tensor &out = *ctx.output(0);
  QConvState &st = qstate(ctx);
  const OpOptions &o = ctx.options();
  const int C = in.shape[3];
  const int CO = f.shape[0], KH = f.shape[1], KW = f.shape[2];
  const int OH = out.shape[1], OW = out.shape[2];
  packRows(f, CO, static_cast<int64_t>(KH) * KW * C, st.w, st.wValid);
  refreshBias(ctx, 3, st);
  toOffsetInt16(in, st.in.zp, st.x16);
  int ph, pw, dummy;
  computePadding(o.padding, OH, KH, o.strideH, 1, dummy, ph);
  computePadding(o.padding, OW, KW, o.strideW, 1, dummy, pw);
  reference::transposeConvInt(ctx, st, in, f, out, ph, pw);
  return absl::OkStatus();
}

/// TRANSPOSE_CONV as TFLite's transpose_conv.cc (activation = input 2):
/// float or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  if (kernelTypeOf(ctx, 2) == KernelType::kQuantized)
    return quantizedPrepare(ctx);
  return tconvPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  if (kernelTypeOf(ctx, 2) == KernelType::kQuantized)
    return quantizedEval(ctx);
  return tconvEval(ctx);
}

} // namespace

/// Input types of the activations (input 2; input 0 is the int32
/// output_shape): float32 (and hybrid int8 weights), quantized int8 / uint8 /
/// int16 (16x8) (kernelTypeOf).
constexpr TypeSet kTypes = typeSet(TensorType::kFloat32, TensorType::kInt8,
                                   TensorType::kUInt8, TensorType::kInt16);

void registerTransposeConv(MutableOpResolver &r) {
  r.addBuiltin(kOp_TRANSPOSE_CONV, {prepare, eval, kTypes, /*typedInput=*/2}, 1,
               5);
  // MediaPipe's op: float32 input 0 (mpTconvPrepare).
  r.addCustom("Convolution2DTransposeBias",
              {mpTconvPrepare, mpTconvEval, typeSet(TensorType::kFloat32)}, 1,
              1);
}

} // namespace tfmlir::lite::kernels
