//===- Hybrid.cpp - Dynamic-range (float activation, int8 weight) kernels -===//
//
// TFLite's hybrid kernels (fully_connected.cc EvalHybrid, conv.cc
// EvalHybrid / EvalHybridPerChannel, depthwise_conv.cc EvalHybridPerChannel):
// float activations are quantized to int8 on the fly, per batch row,
//  - symmetrically: scale = max|x| / 127, q = round(x / scale) in [-127, 127]
//    (FULLY_CONNECTED without asymmetric_quantize_inputs, per-tensor CONV_2D);
//  - asymmetrically: scale = (max(0,max) - min(0,min)) / 255 with a nudged
//    zero point, q in [-128, 127] (FULLY_CONNECTED with
//    asymmetric_quantize_inputs, per-channel CONV_2D, DEPTHWISE_CONV_2D);
// the integer dot products run in int32 against the int8 weights, and the
// result is rescaled in float: y = acc * in_scale * w_scale[c] + bias[c],
// then the fused activation. Weights: int8 (or uint8 with zero point),
// per-tensor or per output channel (CONV_2D / FULLY_CONNECTED dim 0,
// DEPTHWISE_CONV_2D dim 3). Bias is float32.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/Hybrid.h"
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

struct HybridState : NodeState {
  std::vector<int16_t> w;    ///< weights minus zero point (packed per op)
  std::vector<float> wScale; ///< per output channel
  std::vector<int16_t> xq;   ///< quantized input minus its offset
  bool wValid = false;
};

HybridState &hstate(OpContext &ctx) {
  if (!ctx.state() || !dynamic_cast<HybridState *>(ctx.state().get()))
    ctx.state() = std::make_unique<HybridState>();
  return *static_cast<HybridState *>(ctx.state().get());
}

/// Quantizes n floats as TFLite's SymmetricQuantizeFloats /
/// AsymmetricQuantizeFloats and stores q - offset (so that a real 0 maps
/// to 0). Returns the scale.
float quantizeRow(const float *x, int64_t n, bool asymmetric, int16_t *out) {
  float mn = std::numeric_limits<float>::infinity(), mx = -mn;
  for (int64_t i = 0; i < n; ++i) {
    mn = std::min(mn, x[i]);
    mx = std::max(mx, x[i]);
  }
  if (n == 0)
    mn = mx = 0.f;
  if (!asymmetric) {
    const float range = std::max(std::fabs(mn), std::fabs(mx));
    if (range == 0.f || !std::isfinite(range)) {
      std::fill(out, out + n, int16_t(0));
      return 1.f;
    }
    const float inv = 127.f / range;
    for (int64_t i = 0; i < n; ++i)
      out[i] = static_cast<int16_t>(std::clamp<int32_t>(
          static_cast<int32_t>(std::round(x[i] * inv)), -127, 127));
    return range / 127.f;
  }
  const double rmin = std::min<double>(mn, 0.0),
               rmax = std::max<double>(mx, 0.0);
  if (rmin == rmax || !std::isfinite(rmin) || !std::isfinite(rmax)) {
    std::fill(out, out + n, int16_t(0));
    return 1.f;
  }
  const double qmin = -128, qmax = 127;
  const double scale = (rmax - rmin) / (qmax - qmin);
  const double zpFromMin = qmin - rmin / scale, zpFromMax = qmax - rmax / scale;
  const double errMin = std::fabs(qmin) + std::fabs(rmin / scale);
  const double errMax = std::fabs(qmax) + std::fabs(rmax / scale);
  const double zpD = errMin < errMax ? zpFromMin : zpFromMax;
  int32_t zp = zpD <= qmin   ? -128
               : zpD >= qmax ? 127
                             : static_cast<int32_t>(std::round(zpD));
  const float inv = static_cast<float>(1.0 / scale);
  for (int64_t i = 0; i < n; ++i) {
    int32_t q = static_cast<int32_t>(std::round(zp + x[i] * inv));
    q = std::clamp(q, -128, 127);
    out[i] = static_cast<int16_t>(q - zp);
  }
  return static_cast<float>(scale);
}

absl::Status weightsScales(const Tensor &w, int chanDim, int64_t channels,
                           HybridState &st) {
  if (w.type != TensorType::kInt8 && w.type != TensorType::kUInt8)
    return unimplemented("hybrid weights of type ", typeName(w.type));
  if (w.sparsity)
    return unimplemented("sparse hybrid weights");
  const QuantParams &q = w.quant;
  if (q.scale.size() != 1 && static_cast<int64_t>(q.scale.size()) != channels)
    return invalid("weights have ", q.scale.size(), " scales for ", channels,
                   " output channels");
  if (q.scale.size() > 1 && q.quantizedDimension != chanDim)
    return invalid("weights per-channel quantized_dimension is ",
                   q.quantizedDimension, ", expected ", chanDim);
  st.wScale.resize(channels);
  for (int64_t c = 0; c < channels; ++c) {
    st.wScale[c] = q.scale[q.scale.size() == 1 ? 0 : c];
    if (!std::isfinite(st.wScale[c]) || !(st.wScale[c] > 0.f))
      return invalid("weight scale ", st.wScale[c]);
  }
  return absl::OkStatus();
}

absl::Status checkFloatBias(const Tensor *b, int64_t n) {
  if (!b)
    return absl::OkStatus();
  TFMLIR_RETURN_IF_ERROR(checkFloat(b, "bias"));
  if (b->numElements() != n)
    return invalid("bias has ", b->numElements(), " elements, expected ", n);
  return absl::OkStatus();
}

// ---- FULLY_CONNECTED --------------------------------------------------------

absl::Status hfcPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *w = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  std::vector<int32_t> shape;
  TFMLIR_RETURN_IF_ERROR(
      fullyConnectedShape(*in, *w, ctx.options().keepNumDims, shape));
  const int32_t n = w->shape[0];
  HybridState &st = hstate(ctx);
  TFMLIR_RETURN_IF_ERROR(weightsScales(*w, 0, n, st));
  TFMLIR_RETURN_IF_ERROR(checkFloatBias(ctx.input(2), n));
  st.wValid = false;
  return ctx.resizeOutput(0, shape);
}

absl::Status hfcEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &w = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  HybridState &st = hstate(ctx);
  const int64_t n = w.shape[0], k = w.shape[1];
  packRows(w, n, k, st.w, st.wValid);
  const int64_t rows = in.numElements() / k;
  st.xq.resize(static_cast<size_t>(in.numElements()));
  std::vector<float> rowScale(rows);
  for (int64_t r = 0; r < rows; ++r)
    rowScale[r] = quantizeRow(in.as<float>() + r * k, k,
                              ctx.options().asymmetricQuantizeInputs,
                              st.xq.data() + r * k);
  float *Y = ctx.output(0)->as<float>();
  const float *B = bias ? bias->as<float>() : nullptr;
  const Activation act = ctx.options().activation;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t o = 0; o < n; ++o) {
      const int32_t acc =
          dot16<int32_t>(st.xq.data() + r * k, st.w.data() + o * k, k);
      float y = static_cast<float>(acc) * (rowScale[r] * st.wScale[o]);
      Y[r * n + o] = applyActivation(y + (B ? B[o] : 0.f), act);
    }
  return absl::OkStatus();
}

// ---- CONV_2D / DEPTHWISE_CONV_2D -------------------------------------------

absl::Status hconvPrepare(OpContext &ctx) {
  const bool dw = ctx.op().builtinCode == kOp_DEPTHWISE_CONV_2D;
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *f = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4 || f->rank() != 4)
    return invalid("input and filter must be rank 4");
  if (o.strideW < 1 || o.strideH < 1 || o.dilationW < 1 || o.dilationH < 1)
    return invalid("strides and dilations must be >= 1");
  const int cin = in->shape[3];
  int cout;
  if (dw) {
    cout = f->shape[3];
    if (f->shape[0] != 1 || cin == 0 || cout % cin != 0)
      return invalid("depthwise filter ", shapeToString(f->shape),
                     " does not match input channels ", cin);
  } else {
    cout = f->shape[0];
    if (f->shape[3] != cin)
      return unimplemented("hybrid grouped CONV_2D (filter ",
                           shapeToString(f->shape), ", input channels ", cin,
                           ")");
  }
  HybridState &st = hstate(ctx);
  TFMLIR_RETURN_IF_ERROR(weightsScales(*f, dw ? 3 : 0, cout, st));
  TFMLIR_RETURN_IF_ERROR(checkFloatBias(ctx.input(2), cout));
  st.wValid = false;
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], f->shape[1], o.strideH, o.dilationH,
                 oh, ph);
  computePadding(o.padding, in->shape[2], f->shape[2], o.strideW, o.dilationW,
                 ow, pw);
  return ctx.resizeOutput(0, {in->shape[0], oh, ow, cout});
}

absl::Status hconvEval(OpContext &ctx) {
  const bool dw = ctx.op().builtinCode == kOp_DEPTHWISE_CONV_2D;
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  Tensor &out = *ctx.output(0);
  HybridState &st = hstate(ctx);
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int KH = f.shape[1], KW = f.shape[2];
  const int CO = out.shape[3], OH = out.shape[1], OW = out.shape[2];
  const int64_t K = static_cast<int64_t>(KH) * KW * (dw ? 1 : C);
  if (dw) {
    if (!(st.wValid && f.storage == Storage::kConstant)) {
      const int64_t n = static_cast<int64_t>(KH) * KW * CO;
      st.w.resize(n);
      for (int64_t i = 0; i < n; ++i)
        st.w[i] = static_cast<int16_t>(loadQ(f, i) - filterZp(f, i % CO));
      st.wValid = true;
    }
  } else {
    packRows(f, CO, K, st.w, st.wValid);
  }
  // Per-channel CONV_2D and DEPTHWISE quantize inputs asymmetrically,
  // per-tensor CONV_2D symmetrically (TFLite conv.cc / depthwise_conv.cc).
  const bool asym = dw || f.quant.scale.size() > 1;
  const int64_t batchSize = static_cast<int64_t>(H) * W * C;
  st.xq.resize(static_cast<size_t>(in.numElements()));
  std::vector<float> bScale(N);
  for (int b = 0; b < N; ++b)
    bScale[b] = quantizeRow(in.as<float>() + b * batchSize, batchSize, asym,
                            st.xq.data() + b * batchSize);
  int ph, pw, dummy;
  computePadding(o.padding, H, KH, o.strideH, o.dilationH, dummy, ph);
  computePadding(o.padding, W, KW, o.strideW, o.dilationW, dummy, pw);
  const float *B = bias ? bias->as<float>() : nullptr;
  float *Y = out.as<float>();
  const int16_t *X = st.xq.data();
  const int M = dw ? CO / C : 1;
  std::vector<int16_t> patch(static_cast<size_t>(K));
  std::vector<int32_t> acc(CO);
  for (int n = 0; n < N; ++n)
    for (int oy = 0; oy < OH; ++oy)
      for (int ox = 0; ox < OW; ++ox) {
        const int iy0 = oy * o.strideH - ph, ix0 = ox * o.strideW - pw;
        float *y = Y + ((static_cast<int64_t>(n) * OH + oy) * OW + ox) * CO;
        if (dw) {
          std::fill(acc.begin(), acc.end(), 0);
          for (int ky = 0; ky < KH; ++ky) {
            const int iy = iy0 + ky * o.dilationH;
            if (iy < 0 || iy >= H)
              continue;
            for (int kx = 0; kx < KW; ++kx) {
              const int ix = ix0 + kx * o.dilationW;
              if (ix < 0 || ix >= W)
                continue;
              const int16_t *xp =
                  X + ((static_cast<int64_t>(n) * H + iy) * W + ix) * C;
              const int16_t *wp =
                  st.w.data() + (static_cast<int64_t>(ky) * KW + kx) * CO;
              for (int c = 0; c < CO; ++c)
                acc[c] = wrapAdd<int32_t>(
                    acc[c], static_cast<int32_t>(xp[c / M]) * wp[c]);
            }
          }
        } else {
          int16_t *q = patch.data();
          for (int ky = 0; ky < KH; ++ky) {
            const int iy = iy0 + ky * o.dilationH;
            for (int kx = 0; kx < KW; ++kx, q += C) {
              const int ix = ix0 + kx * o.dilationW;
              if (iy < 0 || iy >= H || ix < 0 || ix >= W)
                std::fill(q, q + C, int16_t(0));
              else
                std::memcpy(
                    q, X + ((static_cast<int64_t>(n) * H + iy) * W + ix) * C,
                    C * sizeof(int16_t));
            }
          }
          for (int c = 0; c < CO; ++c)
            acc[c] = dot16<int32_t>(patch.data(), st.w.data() + c * K, K);
        }
        for (int c = 0; c < CO; ++c)
          y[c] = applyActivation(static_cast<float>(acc[c]) *
                                         (bScale[n] * st.wScale[c]) +
                                     (B ? B[c] : 0.f),
                                 o.activation);
      }
  return absl::OkStatus();
}

} // namespace

float hybridQuantizeRow(const float *x, int64_t n, bool asymmetric,
                        int16_t *out) {
  return quantizeRow(x, n, asymmetric, out);
}

absl::Status hybridFullyConnectedPrepare(OpContext &ctx) {
  return hfcPrepare(ctx);
}
absl::Status hybridFullyConnectedEval(OpContext &ctx) { return hfcEval(ctx); }
absl::Status hybridConvPrepare(OpContext &ctx) { return hconvPrepare(ctx); }
absl::Status hybridConvEval(OpContext &ctx) { return hconvEval(ctx); }

} // namespace tfmlir::lite::kernels
