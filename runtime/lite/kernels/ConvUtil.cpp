//===- ConvUtil.cpp - Shared state of the conv-family float kernels -------===//
#include "runtime/lite/kernels/ConvUtil.h"

namespace tfmlir::lite::kernels {

WeightState &weightState(OpContext &ctx) {
  if (!ctx.state())
    ctx.state() = std::make_unique<WeightState>();
  return *static_cast<WeightState *>(ctx.state().get());
}

/// Returns float weights of input `i`, densifying a sparse constant once.
absl::StatusOr<const float *> weightsOf(OpContext &ctx, int i) {
  const Tensor *w = ctx.input(i);
  if (!w->sparsity)
    return w->as<float>();
  WeightState &st = weightState(ctx);
  if (st.dense.empty())
    TFMLIR_RETURN_IF_ERROR(densify(*w, st.dense));
  return reinterpret_cast<const float *>(st.dense.data());
}

/// Returns the weights [O, I] (O rows of I contiguous values) repacked as
/// [I, O]; cached when the weights are constant.
absl::StatusOr<const float *> packedTransposed(OpContext &ctx, int i, int64_t O,
                                               int64_t I) {
  WeightState &st = weightState(ctx);
  bool isConst = ctx.input(i)->storage == Storage::kConstant;
  if (st.packedValid && isConst)
    return st.packed.data();
  auto w = weightsOf(ctx, i);
  if (!w.ok())
    return w.status();
  st.packed.resize(static_cast<size_t>(O * I));
  for (int64_t o = 0; o < O; ++o)
    for (int64_t k = 0; k < I; ++k)
      st.packed[k * O + o] = (*w)[o * I + k];
  st.packedValid = isConst;
  return st.packed.data();
}

/// True when every present input among `idx` is a constant.
bool constantInputs(OpContext &ctx, std::initializer_list<int> idx) {
  for (int i : idx)
    if (const Tensor *t = ctx.input(i); t && t->storage != Storage::kConstant)
      return false;
  return true;
}

/// The fused activation as a clamp [lo, hi]; false for TANH / SIGN_BIT,
/// which only the reference loops apply.
bool clampOf(Activation a, float &lo, float &hi) {
  if (a == Activation::kTanh || a == Activation::kSignBit)
    return false;
  activationRange(a, lo, hi);
  return true;
}

/// Packs weights input `wi` ([n][taps * kc]) and bias input `bi` into GEMM
/// panels for the optimized path; a no-op when already packed from
/// constants. Called by prepare when the data is there (constants), else
/// by eval.
absl::Status packGemm(OpContext &ctx, int wi, int bi, int n, int taps, int kc) {
  WeightState &st = weightState(ctx);
  const bool isConst = constantInputs(ctx, {wi, bi});
  if (st.optValid && isConst)
    return absl::OkStatus();
  auto w = weightsOf(ctx, wi);
  if (!w.ok())
    return w.status();
  const Tensor *b = ctx.input(bi);
  TFMLIR_RETURN_IF_ERROR(
      st.gemm.pack(*w, b ? b->as<float>() : nullptr, n, taps, kc));
  st.optValid = isConst;
  return absl::OkStatus();
}

/// The same for DEPTHWISE_CONV_2D (multiplier 1): filter [1, KH, KW, C].
absl::Status packDepthwise(OpContext &ctx, int channels, int taps) {
  WeightState &st = weightState(ctx);
  const bool isConst = constantInputs(ctx, {1, 2});
  if (st.optValid && isConst)
    return absl::OkStatus();
  auto w = weightsOf(ctx, 1);
  if (!w.ok())
    return w.status();
  const Tensor *b = ctx.input(2);
  TFMLIR_RETURN_IF_ERROR(
      st.dw.pack(*w, b ? b->as<float>() : nullptr, channels, taps));
  st.optValid = isConst;
  return absl::OkStatus();
}

/// True when prepare can pack now: the optimized path is on and the
/// weights and bias are constants.
bool packAtPrepare(OpContext &ctx, int wi, int bi) {
  return !ctx.reference() && constantInputs(ctx, {wi, bi}) && ctx.hasData(wi);
}

absl::Status checkBias(const Tensor *b, int32_t n) {
  if (!b)
    return absl::OkStatus();
  TFMLIR_RETURN_IF_ERROR(checkFloat(b, "bias"));
  if (b->numElements() != n)
    return invalid("bias has ", b->numElements(), " elements, expected ", n);
  return absl::OkStatus();
}

absl::Status convPrepareCommon(OpContext &ctx, bool depthwise) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *f = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(f, "filter"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4 || f->rank() != 4)
    return invalid("input ", shapeToString(in->shape), " and filter ",
                   shapeToString(f->shape), " must be rank 4");
  if (o.strideW < 1 || o.strideH < 1 || o.dilationW < 1 || o.dilationH < 1)
    return invalid("strides and dilations must be >= 1");
  int cin = in->shape[3], cout;
  if (depthwise) {
    cout = f->shape[3];
    if (f->shape[0] != 1 || cin == 0 || cout % cin != 0)
      return invalid("depthwise filter ", shapeToString(f->shape),
                     " does not match input channels ", cin);
  } else {
    cout = f->shape[0];
    if (f->shape[3] == 0 || cin % f->shape[3] != 0 ||
        (cin / f->shape[3] != 0 && cout % (cin / f->shape[3]) != 0))
      return invalid("filter ", shapeToString(f->shape),
                     " does not match input channels ", cin);
  }
  TFMLIR_RETURN_IF_ERROR(checkBias(ctx.input(2), cout));
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], f->shape[1], o.strideH, o.dilationH,
                 oh, ph);
  computePadding(o.padding, in->shape[2], f->shape[2], o.strideW, o.dilationW,
                 ow, pw);
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(0, {in->shape[0], oh, ow, cout}));
  const int taps = f->shape[1] * f->shape[2];
  if (packAtPrepare(ctx, 1, 2)) {
    if (!depthwise && f->shape[3] == cin)
      TFMLIR_RETURN_IF_ERROR(packGemm(ctx, 1, 2, cout, taps, cin));
    else if (depthwise && cout == cin)
      TFMLIR_RETURN_IF_ERROR(packDepthwise(ctx, cin, taps));
  }
  return absl::OkStatus();
}

} // namespace tfmlir::lite::kernels
