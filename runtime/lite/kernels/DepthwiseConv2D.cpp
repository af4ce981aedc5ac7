//===- DepthwiseConv2D.cpp - DEPTHWISE_CONV_2D ===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/Quantized.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

absl::Status dwPrepare(OpContext &ctx) { return convPrepareCommon(ctx, true); }

absl::Status dwEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  const OpOptions &o = ctx.options();
  float lo, hi;
  if (!ctx.reference() && f.shape[3] == in.shape[3] &&
      clampOf(o.activation, lo, hi)) {
    const Window win =
        Window::make(o.padding, in.shape[0], in.shape[1], in.shape[2],
                     in.shape[3], f.shape[1], f.shape[2], o.strideH, o.strideW,
                     o.dilationH, o.dilationW);
    TFMLIR_RETURN_IF_ERROR(packDepthwise(ctx, in.shape[3], win.taps()));
    WeightState &st = weightState(ctx);
    return optimized::depthwiseConv2d(
        *ctx.threadPool(), optimized::floatMicrokernels(), win, in.as<float>(),
        st.dw, lo, hi, ctx.output(0)->as<float>(), st.scratch);
  }
  auto fp = weightsOf(ctx, 1);
  if (!fp.ok())
    return fp.status();
  const float *F = *fp, *X = in.as<float>();
  const float *B = bias ? bias->as<float>() : nullptr;
  Tensor &out = *ctx.output(0);
  float *Y = out.as<float>();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int KH = f.shape[1], KW = f.shape[2], CO = f.shape[3];
  const int OH = out.shape[1], OW = out.shape[2], M = CO / C;
  int ph, pw, dummy;
  computePadding(o.padding, H, KH, o.strideH, o.dilationH, dummy, ph);
  computePadding(o.padding, W, KW, o.strideW, o.dilationW, dummy, pw);
  Activation act = o.activation;
  ctx.threadPool()->parallelFor(
      static_cast<int64_t>(N) * OH, double(OW) * KH * KW * CO,
      [&](int64_t b, int64_t e) {
        for (int64_t row = b; row < e; ++row) {
          int nI = static_cast<int>(row / OH), oy = static_cast<int>(row % OH);
          for (int ox = 0; ox < OW; ++ox) {
            float *y = Y + ((static_cast<int64_t>(nI) * OH + oy) * OW + ox) * CO;
            for (int co = 0; co < CO; ++co)
              y[co] = B ? B[co] : 0.f;
            for (int ky = 0; ky < KH; ++ky) {
              int iy = oy * o.strideH - ph + ky * o.dilationH;
              if (iy < 0 || iy >= H)
                continue;
              for (int kx = 0; kx < KW; ++kx) {
                int ix = ox * o.strideW - pw + kx * o.dilationW;
                if (ix < 0 || ix >= W)
                  continue;
                const float *x =
                    X + ((static_cast<int64_t>(nI) * H + iy) * W + ix) * C;
                const float *fr = F + (static_cast<int64_t>(ky) * KW + kx) * CO;
                if (M == 1) {
                  for (int co = 0; co < CO; ++co)
                    y[co] += x[co] * fr[co];
                } else {
                  for (int c = 0; c < C; ++c)
                    for (int m = 0; m < M; ++m)
                      y[c * M + m] += x[c] * fr[c * M + m];
                }
              }
            }
            for (int co = 0; co < CO; ++co)
              y[co] = applyActivation(y[co], act);
          }
        }
      });
  return absl::OkStatus();
}

/// DEPTHWISE_CONV_2D as TFLite's depthwise_conv.cc: float (optimized or
/// reference), hybrid or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::depthwiseConv2dPrepare(ctx);
  case KernelType::kHybrid:
    return hybridPrepare(ctx);
  case KernelType::kFloat:
    break;
  }
  return dwPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::depthwiseConv2dEval(ctx);
  case KernelType::kHybrid:
    return hybridEval(ctx);
  case KernelType::kFloat:
    break;
  }
  return dwEval(ctx);
}

} // namespace

void registerDepthwiseConv2D(MutableOpResolver &r) {
  r.addBuiltin(kOp_DEPTHWISE_CONV_2D, {prepare, eval}, 1, 7);
}

} // namespace tfmlir::lite::kernels
