//===- Conv3D.cpp - CONV_3D -----------------------------------------------===//
//
// CONV_3D as TFLite's kernels/conv3d.cc and reference conv3d.h, float32:
//   input  [N, D, H, W, Cin]          (NDHWC)
//   filter [KD, KH, KW, Cin, Cout]    (DHWIO)
//   bias   [Cout] (optional input 2)
//   output [N, OD, OH, OW, Cout]
// Conv3DOptions: padding SAME / VALID (output size and leading pad per
// spatial dim as TF: SAME out = ceil(in / stride), VALID out = ceil((in -
// eff + 1) / stride), eff = (k - 1) * dilation + 1, pad = ((out - 1) *
// stride + eff - in) / 2), stride_d/h/w >= 1, dilation_d/h/w >= 1, fused
// activation applied as TFLite's CalculateActivationRange (RELU, RELU6,
// RELU_N1_TO_1 clamp; TFLite's conv3d ignores TANH / SIGN_BIT, so they are
// refused here instead of being ignored silently).
// Accumulation is float, in the order (kd, kh, kw, cin), bias first.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status checkConv3DOptions(const OpOptions &o) {
  if (o.strideD < 1 || o.strideH < 1 || o.strideW < 1)
    return invalid("strides must be >= 1, are (", o.strideD, ", ", o.strideH,
                   ", ", o.strideW, ")");
  if (o.dilationD < 1 || o.dilationH < 1 || o.dilationW < 1)
    return invalid("dilations must be >= 1, are (", o.dilationD, ", ",
                   o.dilationH, ", ", o.dilationW, ")");
  if (o.padding != Padding::kSame && o.padding != Padding::kValid)
    return invalid("unknown padding ", static_cast<int>(o.padding));
  if (o.activation == Activation::kTanh || o.activation == Activation::kSignBit)
    return unimplemented("fused activation ", static_cast<int>(o.activation),
                         " (TANH / SIGN_BIT) is not supported");
  return checkActivation(o.activation);
}

absl::Status conv3dPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *filter = ctx.input(1), *bias = ctx.input(2);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(filter, "filter"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (in->rank() != 5 || filter->rank() != 5)
    return invalid("input ", shapeToString(in->shape), " and filter ",
                   shapeToString(filter->shape),
                   " must have rank 5 (NDHWC, "
                   "DHWIO)");
  if (in->dim(4) != filter->dim(3))
    return invalid("input has ", in->dim(4), " channels, filter expects ",
                   filter->dim(3));
  const int cout = filter->dim(4);
  if (bias) {
    TFMLIR_RETURN_IF_ERROR(checkFloat(bias, "bias"));
    if (bias->numElements() != cout)
      return invalid("bias ", shapeToString(bias->shape), " must have ", cout,
                     " elements");
  }
  const OpOptions &o = ctx.options();
  TFMLIR_RETURN_IF_ERROR(checkConv3DOptions(o));
  int od, oh, ow, pd, ph, pw;
  computePadding(o.padding, in->dim(1), filter->dim(0), o.strideD, o.dilationD,
                 od, pd);
  computePadding(o.padding, in->dim(2), filter->dim(1), o.strideH, o.dilationH,
                 oh, ph);
  computePadding(o.padding, in->dim(3), filter->dim(2), o.strideW, o.dilationW,
                 ow, pw);
  return ctx.resizeOutput(0, {in->dim(0), od, oh, ow, cout});
}

absl::Status conv3dEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &filter = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  Tensor &out = *ctx.output(0);
  const OpOptions &o = ctx.options();
  const int n = in.dim(0), id = in.dim(1), ih = in.dim(2), iw = in.dim(3),
            cin = in.dim(4);
  const int kd = filter.dim(0), kh = filter.dim(1), kw = filter.dim(2),
            cout = filter.dim(4);
  const int od = out.dim(1), oh = out.dim(2), ow = out.dim(3);
  int unused, pd, ph, pw;
  computePadding(o.padding, id, kd, o.strideD, o.dilationD, unused, pd);
  computePadding(o.padding, ih, kh, o.strideH, o.dilationH, unused, ph);
  computePadding(o.padding, iw, kw, o.strideW, o.dilationW, unused, pw);
  float lo, hi;
  activationRange(o.activation, lo, hi);
  const float *x = in.as<float>(), *w = filter.as<float>();
  const float *b = bias ? bias->as<float>() : nullptr;
  float *y = out.as<float>();
  for (int bn = 0; bn < n; ++bn)
    for (int z = 0; z < od; ++z)
      for (int r = 0; r < oh; ++r)
        for (int c = 0; c < ow; ++c)
          for (int co = 0; co < cout; ++co) {
            float acc = b ? b[co] : 0.f;
            for (int fz = 0; fz < kd; ++fz) {
              const int iz = z * o.strideD - pd + fz * o.dilationD;
              if (iz < 0 || iz >= id)
                continue;
              for (int fr = 0; fr < kh; ++fr) {
                const int ir = r * o.strideH - ph + fr * o.dilationH;
                if (ir < 0 || ir >= ih)
                  continue;
                for (int fc = 0; fc < kw; ++fc) {
                  const int ic = c * o.strideW - pw + fc * o.dilationW;
                  if (ic < 0 || ic >= iw)
                    continue;
                  const float *xp =
                      x + ((((int64_t)bn * id + iz) * ih + ir) * iw + ic) * cin;
                  const float *wp =
                      w + ((((int64_t)fz * kh + fr) * kw + fc) * cin) * cout +
                      co;
                  for (int ci = 0; ci < cin; ++ci)
                    acc += xp[ci] * wp[(int64_t)ci * cout];
                }
              }
            }
            y[((((int64_t)bn * od + z) * oh + r) * ow + c) * cout + co] =
                std::min(std::max(acc, lo), hi); // NaN propagates, as TFLite
          }
  return absl::OkStatus();
}

} // namespace

void registerConv3D(MutableOpResolver &r) {
  // Input types (conv3dPrepare): float32.
  r.addBuiltin(kOp_CONV_3D,
               {conv3dPrepare, conv3dEval, typeSet(TensorType::kFloat32)}, 1,
               1);
}

} // namespace tfmlir::lite::kernels
