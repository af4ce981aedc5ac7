//===- Conv3DTranspose.cpp - CONV_3D_TRANSPOSE ----------------------------===//
//
// CONV_3D_TRANSPOSE as TFLite's kernels/conv3d_transpose.cc and reference
// conv3d_transpose.h, float32:
//   input 0 output_shape int32 [5] = [N, OD, OH, OW, Cout]
//   input 1 filter [KD, KH, KW, Cout, Cin]
//   input 2 input  [N, D, H, W, Cin]   (NDHWC)
//   input 3 bias   [Cout] (optional)
//   output [N, OD, OH, OW, Cout]
// The padding is that of the forward CONV_3D from the output to the input
// (Conv3DOptions padding, strides, dilations): the forward output size
// computed from output_shape must equal the input's D, H, W, as TFLite
// checks. Each input element scatters x * w into out[d * stride - pad + kd *
// dilation, ...]; then bias and the fused activation clamp (RELU, RELU6,
// RELU_N1_TO_1; TANH / SIGN_BIT refused). A non-constant output_shape makes
// the output dynamic (sized at Invoke).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status checkOptions(const OpOptions &o) {
  if (o.strideD < 1 || o.strideH < 1 || o.strideW < 1)
    return invalid("strides must be >= 1, are (", o.strideD, ", ", o.strideH,
                   ", ", o.strideW, ")");
  if (o.dilationD < 1 || o.dilationH < 1 || o.dilationW < 1)
    return invalid("dilations must be >= 1");
  if (o.padding != Padding::kSame && o.padding != Padding::kValid)
    return invalid("unknown padding ", static_cast<int>(o.padding));
  if (o.activation == Activation::kTanh || o.activation == Activation::kSignBit)
    return unimplemented("fused activation TANH / SIGN_BIT is not supported");
  return checkActivation(o.activation);
}

/// Reads output_shape and checks it against input and filter; `pads` gets
/// the leading pads (d, h, w).
absl::Status outputShape(OpContext &ctx, std::vector<int32_t> &shape,
                         int pads[3]) {
  const Tensor &shp = *ctx.input(0), &filter = *ctx.input(1),
               &in = *ctx.input(2);
  const OpOptions &o = ctx.options();
  shape.assign(shp.as<int32_t>(), shp.as<int32_t>() + 5);
  for (int32_t d : shape)
    if (d < 0)
      return invalid("output_shape ", shapeToString(shape),
                     " has a negative dim");
  if (shape[0] != in.dim(0))
    return invalid("output_shape batch ", shape[0], " differs from input's ",
                   in.dim(0));
  if (shape[4] != filter.dim(3))
    return invalid("output_shape channels ", shape[4],
                   " differ from the "
                   "filter's ",
                   filter.dim(3));
  const int strides[3] = {o.strideD, o.strideH, o.strideW};
  const int dil[3] = {o.dilationD, o.dilationH, o.dilationW};
  for (int i = 0; i < 3; ++i) {
    int fwd;
    computePadding(o.padding, shape[1 + i], filter.dim(i), strides[i], dil[i],
                   fwd, pads[i]);
    if (fwd != in.dim(1 + i))
      return invalid("output_shape ", shapeToString(shape),
                     " does not give "
                     "back the input ",
                     shapeToString(in.shape),
                     " under the forward convolution (dim ", 1 + i, ": ", fwd,
                     ")");
  }
  return absl::OkStatus();
}

absl::Status conv3dTPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *shp = ctx.input(0), *filter = ctx.input(1), *in = ctx.input(2),
               *bias = ctx.input(3);
  TFMLIR_RETURN_IF_ERROR(checkType(shp, TensorType::kInt32, "output_shape"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(filter, "filter"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (shp->rank() != 1 || shp->numElements() != 5)
    return invalid("output_shape ", shapeToString(shp->shape),
                   " must be a vector of 5");
  if (in->rank() != 5 || filter->rank() != 5)
    return invalid("input ", shapeToString(in->shape), " and filter ",
                   shapeToString(filter->shape), " must have rank 5");
  if (in->dim(4) != filter->dim(4))
    return invalid("input has ", in->dim(4), " channels, filter expects ",
                   filter->dim(4));
  if (bias) {
    TFMLIR_RETURN_IF_ERROR(checkFloat(bias, "bias"));
    if (bias->numElements() != filter->dim(3))
      return invalid("bias ", shapeToString(bias->shape), " must have ",
                     filter->dim(3), " elements");
  }
  TFMLIR_RETURN_IF_ERROR(checkOptions(ctx.options()));
  if (!ctx.hasData(0)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  std::vector<int32_t> shape;
  int pads[3];
  TFMLIR_RETURN_IF_ERROR(outputShape(ctx, shape, pads));
  return ctx.resizeOutput(0, shape);
}

absl::Status conv3dTEval(OpContext &ctx) {
  const Tensor &filter = *ctx.input(1), &in = *ctx.input(2);
  const Tensor *bias = ctx.input(3);
  Tensor &out = *ctx.output(0);
  const OpOptions &o = ctx.options();
  std::vector<int32_t> shape;
  int pads[3];
  TFMLIR_RETURN_IF_ERROR(outputShape(ctx, shape, pads));
  if (shape != out.shape)
    return absl::InternalError("CONV_3D_TRANSPOSE output not resized");
  const int n = in.dim(0), id = in.dim(1), ih = in.dim(2), iw = in.dim(3),
            cin = in.dim(4);
  const int kd = filter.dim(0), kh = filter.dim(1), kw = filter.dim(2),
            cout = filter.dim(3);
  const int od = out.dim(1), oh = out.dim(2), ow = out.dim(3);
  const float *x = in.as<float>(), *w = filter.as<float>();
  float *y = out.as<float>();
  const int64_t total = out.numElements();
  std::fill(y, y + total, 0.f);
  for (int bn = 0; bn < n; ++bn)
    for (int z = 0; z < id; ++z)
      for (int r = 0; r < ih; ++r)
        for (int c = 0; c < iw; ++c) {
          const float *xp =
              x + ((((int64_t)bn * id + z) * ih + r) * iw + c) * cin;
          for (int fz = 0; fz < kd; ++fz) {
            const int oz = z * o.strideD - pads[0] + fz * o.dilationD;
            if (oz < 0 || oz >= od)
              continue;
            for (int fr = 0; fr < kh; ++fr) {
              const int orow = r * o.strideH - pads[1] + fr * o.dilationH;
              if (orow < 0 || orow >= oh)
                continue;
              for (int fc = 0; fc < kw; ++fc) {
                const int ocol = c * o.strideW - pads[2] + fc * o.dilationW;
                if (ocol < 0 || ocol >= ow)
                  continue;
                float *yp =
                    y +
                    ((((int64_t)bn * od + oz) * oh + orow) * ow + ocol) * cout;
                const float *wp =
                    w + (((int64_t)fz * kh + fr) * kw + fc) * cout * cin;
                for (int co = 0; co < cout; ++co)
                  for (int ci = 0; ci < cin; ++ci)
                    yp[co] += xp[ci] * wp[(int64_t)co * cin + ci];
              }
            }
          }
        }
  float lo, hi;
  activationRange(o.activation, lo, hi);
  const float *b = bias ? bias->as<float>() : nullptr;
  for (int64_t i = 0; i < total; ++i) {
    float v = y[i] + (b ? b[i % cout] : 0.f);
    y[i] = std::min(std::max(v, lo), hi); // NaN propagates, as TFLite
  }
  return absl::OkStatus();
}

} // namespace

void registerConv3DTranspose(MutableOpResolver &r) {
  // Input types (conv3dTPrepare): float32 activations, input 2 (input 0 is
  // the int32 output_shape).
  r.addBuiltin(kOp_CONV_3D_TRANSPOSE,
               {conv3dTPrepare, conv3dTEval, typeSet(TensorType::kFloat32),
                /*typedInput=*/2},
               1, 1);
}

} // namespace tfmlir::lite::kernels
