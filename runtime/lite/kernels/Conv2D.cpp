//===- Conv2D.cpp - CONV_2D ===//
#include "runtime/lite/kernels/ConvUtil.h"
#include "runtime/lite/kernels/Quantized.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

absl::Status convPrepare(OpContext &ctx) { return convPrepareCommon(ctx, false); }

absl::Status convEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int KH = f.shape[1], KW = f.shape[2], FC = f.shape[3], CO = f.shape[0];
  float lo, hi;
  if (!ctx.reference() && FC == C && clampOf(o.activation, lo, hi)) {
    const Window win = Window::make(o.padding, N, H, W, C, KH, KW, o.strideH,
                                    o.strideW, o.dilationH, o.dilationW);
    TFMLIR_RETURN_IF_ERROR(packGemm(ctx, 1, 2, CO, KH * KW, C));
    WeightState &st = weightState(ctx);
    return optimized::conv2d(*ctx.threadPool(), optimized::floatMicrokernels(),
                             win, in.as<float>(), st.gemm, lo, hi,
                             ctx.output(0)->as<float>(), st.scratch);
  }
  // Filter [CO, KH*KW*FC] repacked to [KH, KW, FC, CO].
  auto fp = packedTransposed(ctx, 1, CO, static_cast<int64_t>(KH) * KW * FC);
  if (!fp.ok())
    return fp.status();
  const float *F = *fp, *X = in.as<float>();
  const float *B = bias ? bias->as<float>() : nullptr;
  Tensor &out = *ctx.output(0);
  float *Y = out.as<float>();
  const int OH = out.shape[1], OW = out.shape[2];
  const int groups = FC ? C / FC : 1, coPerGroup = groups ? CO / groups : CO;
  int ph, pw, dummy;
  computePadding(o.padding, H, KH, o.strideH, o.dilationH, dummy, ph);
  computePadding(o.padding, W, KW, o.strideW, o.dilationW, dummy, pw);
  Activation act = o.activation;
  ctx.threadPool()->parallelFor(
      static_cast<int64_t>(N) * OH, double(OW) * KH * KW * FC * CO,
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
                const float *fk =
                    F + (static_cast<int64_t>(ky) * KW + kx) * FC * CO;
                for (int g = 0; g < groups; ++g) {
                  const int c0 = g * coPerGroup, c1 = c0 + coPerGroup;
                  for (int c = 0; c < FC; ++c) {
                    const float xv = x[g * FC + c];
                    const float *fr = fk + static_cast<int64_t>(c) * CO;
                    for (int co = c0; co < c1; ++co)
                      y[co] += xv * fr[co];
                  }
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

/// CONV_2D as TFLite's conv.cc: float (optimized or reference), hybrid
/// (float input, int8 weights) or quantized (int8 / uint8 / int16x8).
absl::Status prepare(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::conv2dPrepare(ctx);
  case KernelType::kHybrid:
    return hybridPrepare(ctx);
  case KernelType::kFloat:
    break;
  }
  return convPrepare(ctx);
}
absl::Status eval(OpContext &ctx) {
  switch (kernelTypeOf(ctx, 0, 1)) {
  case KernelType::kQuantized:
    return quantized::conv2dEval(ctx);
  case KernelType::kHybrid:
    return hybridEval(ctx);
  case KernelType::kFloat:
    break;
  }
  return convEval(ctx);
}

} // namespace

void registerConv2D(MutableOpResolver &r) {
  r.addBuiltin(kOp_CONV_2D, {prepare, eval}, 1, 8);
}

} // namespace tfmlir::lite::kernels
