//===- Conv.cpp - FULLY_CONNECTED, convolutions, pooling, BATCH_MATMUL ----===//
//
// Layouts are TFLite's: activations NHWC; CONV_2D filters [Cout, KH, KW,
// Cin/groups]; DEPTHWISE_CONV_2D filters [1, KH, KW, Cin*multiplier];
// TRANSPOSE_CONV filters [Cout, KH, KW, Cin]; FULLY_CONNECTED weights
// [N, K]. Padding as TF (SAME / VALID, see computePadding). Accumulation is
// in float in a fixed order, so results do not depend on the thread count.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/optimized/FloatConv.h"

#include <limits>

namespace tfmlir::lite::kernels {
namespace {

/// Per-node weight state: dense copy of sparse weights, and the weights
/// repacked so the innermost loop runs over output channels (contiguous,
/// independent accumulators, so the compiler vectorizes it without
/// reassociating sums).
struct WeightState : NodeState {
  std::vector<uint8_t> dense;
  std::vector<float> packed;
  bool packedValid = false;
  // The optimized path (kernels/optimized): panels packed once when the
  // weights and bias are constant (at AllocateTensors), else at each eval.
  optimized::PackedGemm gemm;
  optimized::PackedDepthwise dw;
  bool optValid = false;
  optimized::WindowScratch scratch;
};

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
absl::StatusOr<const float *> packedTransposed(OpContext &ctx, int i,
                                               int64_t O, int64_t I) {
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
absl::Status packGemm(OpContext &ctx, int wi, int bi, int n, int taps,
                      int kc) {
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

//===----------------------------------------------------------------------===//
// FULLY_CONNECTED
//===----------------------------------------------------------------------===//

absl::Status fcPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *w = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(w, "weights"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  if (w->rank() != 2)
    return invalid("weights must be rank 2, got ", shapeToString(w->shape));
  int32_t n = w->shape[0], k = w->shape[1];
  if (in->rank() < 1 || k == 0 || in->numElements() % k != 0)
    return invalid("input ", shapeToString(in->shape),
                   " does not flatten to rows of ", k);
  TFMLIR_RETURN_IF_ERROR(checkBias(ctx.input(2), n));
  std::vector<int32_t> shape;
  if (ctx.options().keepNumDims) {
    if (in->shape.back() != k)
      return invalid("keep_num_dims needs the input's last dim to be ", k);
    shape = in->shape;
    shape.back() = n;
  } else {
    shape = {static_cast<int32_t>(in->numElements() / k), n};
  }
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(0, shape));
  if (packAtPrepare(ctx, 1, 2))
    TFMLIR_RETURN_IF_ERROR(packGemm(ctx, 1, 2, n, 1, k));
  return absl::OkStatus();
}

absl::Status fcEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &w = *ctx.input(1);
  const Tensor *bias = ctx.input(2);
  const int64_t n = w.shape[0], k = w.shape[1];
  float lo, hi;
  if (!ctx.reference() && clampOf(ctx.options().activation, lo, hi)) {
    TFMLIR_RETURN_IF_ERROR(packGemm(ctx, 1, 2, static_cast<int>(n), 1,
                                    static_cast<int>(k)));
    optimized::gemmRows(*ctx.threadPool(), optimized::floatMicrokernels(),
                        in.numElements() / k, in.as<float>(),
                        weightState(ctx).gemm, lo, hi,
                        ctx.output(0)->as<float>());
    return absl::OkStatus();
  }
  auto wp = packedTransposed(ctx, 1, n, k); // [K, N]
  if (!wp.ok())
    return wp.status();
  const float *Wt = *wp, *X = in.as<float>();
  const float *B = bias ? bias->as<float>() : nullptr;
  float *Y = ctx.output(0)->as<float>();
  const int64_t rows = in.numElements() / k;
  Activation act = ctx.options().activation;
  ctx.threadPool()->parallelFor(n, double(rows) * k, [&](int64_t b, int64_t e) {
    for (int64_t r = 0; r < rows; ++r) {
      float *y = Y + r * n;
      for (int64_t o = b; o < e; ++o)
        y[o] = B ? B[o] : 0.f;
      const float *x = X + r * k;
      for (int64_t i = 0; i < k; ++i) {
        const float xv = x[i];
        const float *wr = Wt + i * n;
        for (int64_t o = b; o < e; ++o)
          y[o] += xv * wr[o];
      }
      for (int64_t o = b; o < e; ++o)
        y[o] = applyActivation(y[o], act);
    }
  });
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// CONV_2D and DEPTHWISE_CONV_2D
//===----------------------------------------------------------------------===//

struct ConvGeom {
  int n, h, w, cin, kh, kw, cout, oh, ow, padH, padW;
};

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

absl::Status convPrepare(OpContext &ctx) { return convPrepareCommon(ctx, false); }
absl::Status dwPrepare(OpContext &ctx) { return convPrepareCommon(ctx, true); }

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

//===----------------------------------------------------------------------===//
// TRANSPOSE_CONV and MediaPipe's Convolution2DTransposeBias
//===----------------------------------------------------------------------===//

/// Reference transpose convolution (scatter form), as TFLite's reference
/// TransposeConv: input [N,H,W,Cin], filter [Cout,KH,KW,Cin], output
/// [N,OH,OW,Cout]; padding computed as for a conv from output to input.
void transposeConv(const Tensor &in, const float *F, int KH, int KW, int CO,
                   const float *B, Padding pad, int sh, int sw, Activation act,
                   Tensor &out) {
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  int ph, pw, dummy;
  computePadding(pad, OH, KH, sh, 1, dummy, ph);
  computePadding(pad, OW, KW, sw, 1, dummy, pw);
  float *Y = out.as<float>();
  const float *X = in.as<float>();
  std::fill(Y, Y + out.numElements(), 0.f);
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        const float *xp = X + ((static_cast<int64_t>(n) * H + y) * W + x) * C;
        for (int ky = 0; ky < KH; ++ky) {
          int oy = y * sh - ph + ky;
          if (oy < 0 || oy >= OH)
            continue;
          for (int kx = 0; kx < KW; ++kx) {
            int ox = x * sw - pw + kx;
            if (ox < 0 || ox >= OW)
              continue;
            float *yp = Y + ((static_cast<int64_t>(n) * OH + oy) * OW + ox) * CO;
            for (int co = 0; co < CO; ++co) {
              const float *fr =
                  F + ((static_cast<int64_t>(co) * KH + ky) * KW + kx) * C;
              float s = 0.f;
              for (int c = 0; c < C; ++c)
                s += xp[c] * fr[c];
              yp[co] += s;
            }
          }
        }
      }
  const int64_t pixels = static_cast<int64_t>(N) * OH * OW;
  for (int64_t p = 0; p < pixels; ++p)
    for (int co = 0; co < CO; ++co) {
      float &v = Y[p * CO + co];
      v = applyActivation(v + (B ? B[co] : 0.f), act);
    }
}

absl::Status tconvPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *os = ctx.input(0), *f = ctx.input(1), *in = ctx.input(2);
  TFMLIR_RETURN_IF_ERROR(checkType(os, TensorType::kInt32, "output_shape"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(f, "filter"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  if (os->numElements() != 4 || f->rank() != 4 || in->rank() != 4)
    return invalid("output_shape must have 4 elements and filter/input be "
                   "rank 4");
  if (f->shape[3] != in->shape[3])
    return invalid("filter ", shapeToString(f->shape),
                   " does not match input channels ", in->shape[3]);
  if (ctx.options().strideW < 1 || ctx.options().strideH < 1)
    return invalid("strides must be >= 1");
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
  transposeConv(in, *fp, f.shape[1], f.shape[2], f.shape[0],
                bias ? bias->as<float>() : nullptr, o.padding, o.strideH,
                o.strideW, o.activation, *ctx.output(0));
  return absl::OkStatus();
}

/// MediaPipe's custom options: the raw TfLiteTransposeConvParams struct
/// {int32 padding (1 SAME, 2 VALID), int32 stride_width, int32 stride_height}.
absl::Status mpParams(OpContext &ctx, Padding &pad, int &sw, int &sh) {
  const auto &co = ctx.op().customOptions;
  if (co.size() < 12)
    return invalid("Convolution2DTransposeBias needs 12 bytes of options "
                   "(padding, stride_w, stride_h), got ", co.size());
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
  return ctx.resizeOutput(0, {in->shape[0], outSize(in->shape[1], f->shape[1], sh),
                              outSize(in->shape[2], f->shape[2], sw),
                              f->shape[0]});
}

absl::Status mpTconvEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &f = *ctx.input(1);
  Padding pad;
  int sw, sh;
  TFMLIR_RETURN_IF_ERROR(mpParams(ctx, pad, sw, sh));
  auto fp = weightsOf(ctx, 1);
  if (!fp.ok())
    return fp.status();
  transposeConv(in, *fp, f.shape[1], f.shape[2], f.shape[0],
                ctx.input(2)->as<float>(), pad, sh, sw, Activation::kNone,
                *ctx.output(0));
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

absl::Status poolPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  TFMLIR_RETURN_IF_ERROR(checkActivation(ctx.options().activation));
  const OpOptions &o = ctx.options();
  if (in->rank() != 4)
    return invalid("input must be rank 4, got ", shapeToString(in->shape));
  if (o.strideW < 1 || o.strideH < 1 || o.filterW < 1 || o.filterH < 1)
    return invalid("pool strides and filter sizes must be >= 1");
  int oh, ow, ph, pw;
  computePadding(o.padding, in->shape[1], o.filterH, o.strideH, 1, oh, ph);
  computePadding(o.padding, in->shape[2], o.filterW, o.strideW, 1, ow, pw);
  return ctx.resizeOutput(0, {in->shape[0], oh, ow, in->shape[3]});
}

absl::Status poolEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const OpOptions &o = ctx.options();
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  int ph, pw, dummy;
  computePadding(o.padding, H, o.filterH, o.strideH, 1, dummy, ph);
  computePadding(o.padding, W, o.filterW, o.strideW, 1, dummy, pw);
  const int32_t code = ctx.op().builtinCode;
  const float *X = in.as<float>();
  float *Y = out.as<float>();
  float lo, hi;
  if (!ctx.reference() && code == kOp_MAX_POOL_2D &&
      clampOf(o.activation, lo, hi)) {
    const Window win = Window::make(o.padding, N, H, W, C, o.filterH,
                                    o.filterW, o.strideH, o.strideW);
    return optimized::maxPool2d(*ctx.threadPool(),
                                optimized::floatMicrokernels(), win, X, lo, hi,
                                Y, weightState(ctx).scratch);
  }
  std::vector<float> acc(C);
  for (int n = 0; n < N; ++n)
    for (int oy = 0; oy < OH; ++oy)
      for (int ox = 0; ox < OW; ++ox) {
        int y0 = oy * o.strideH - ph, x0 = ox * o.strideW - pw;
        int ys = std::max(0, y0), ye = std::min(H, y0 + o.filterH);
        int xs = std::max(0, x0), xe = std::min(W, x0 + o.filterW);
        std::fill(acc.begin(), acc.end(),
                  code == kOp_MAX_POOL_2D
                      ? -std::numeric_limits<float>::infinity()
                      : 0.f);
        int count = 0;
        for (int y = ys; y < ye; ++y)
          for (int x = xs; x < xe; ++x, ++count) {
            const float *xp = X + ((static_cast<int64_t>(n) * H + y) * W + x) * C;
            for (int c = 0; c < C; ++c) {
              if (code == kOp_MAX_POOL_2D)
                acc[c] = std::max(acc[c], xp[c]);
              else if (code == kOp_L2_POOL_2D)
                acc[c] += xp[c] * xp[c];
              else
                acc[c] += xp[c];
            }
          }
        float *yp = Y + ((static_cast<int64_t>(n) * OH + oy) * OW + ox) * C;
        for (int c = 0; c < C; ++c) {
          float v = acc[c];
          if (code == kOp_AVERAGE_POOL_2D)
            v = count ? v / count : 0.f;
          else if (code == kOp_L2_POOL_2D)
            v = count ? std::sqrt(v / count) : 0.f;
          yp[c] = applyActivation(v, o.activation);
        }
      }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// BATCH_MATMUL
//===----------------------------------------------------------------------===//

absl::Status bmmPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *a = ctx.input(0), *b = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkFloat(a, "lhs"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(b, "rhs"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (a->rank() < 2 || b->rank() < 2)
    return invalid("operands must have rank >= 2");
  const OpOptions &o = ctx.options();
  int ra = a->rank(), rb = b->rank();
  int32_t m = o.adjX ? a->shape[ra - 1] : a->shape[ra - 2];
  int32_t ka = o.adjX ? a->shape[ra - 2] : a->shape[ra - 1];
  int32_t kb = o.adjY ? b->shape[rb - 1] : b->shape[rb - 2];
  int32_t n = o.adjY ? b->shape[rb - 2] : b->shape[rb - 1];
  if (ka != kb)
    return invalid("contraction dims differ: ", shapeToString(a->shape),
                   " x ", shapeToString(b->shape));
  std::vector<int32_t> ba(a->shape.begin(), a->shape.end() - 2),
      bb(b->shape.begin(), b->shape.end() - 2), batch;
  TFMLIR_RETURN_IF_ERROR(broadcastShapes(ba, bb, batch));
  batch.push_back(m);
  batch.push_back(n);
  return ctx.resizeOutput(0, batch);
}

absl::Status bmmEval(OpContext &ctx) {
  const Tensor &a = *ctx.input(0), &b = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  const OpOptions &o = ctx.options();
  int ra = a.rank(), ro = out.rank();
  int64_t M = out.shape[ro - 2], N = out.shape[ro - 1];
  int64_t K = o.adjX ? a.shape[ra - 2] : a.shape[ra - 1];
  std::vector<int32_t> ba(a.shape.begin(), a.shape.end() - 2),
      bb(b.shape.begin(), b.shape.end() - 2),
      bo(out.shape.begin(), out.shape.end() - 2);
  const float *A = a.as<float>(), *Bp = b.as<float>();
  float *Y = out.as<float>();
  forEachBroadcast(ba, bb, bo, [&](int64_t oi, int64_t ai, int64_t bi) {
    const float *x = A + ai * M * K, *w = Bp + bi * K * N;
    float *y = Y + oi * M * N;
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        float s = 0.f;
        for (int64_t k = 0; k < K; ++k)
          s += (o.adjX ? x[k * M + i] : x[i * K + k]) *
               (o.adjY ? w[j * K + k] : w[k * N + j]);
        y[i * N + j] = s;
      }
  });
  return absl::OkStatus();
}

} // namespace

void registerConv(MutableOpResolver &r) {
  r.addBuiltin(kOp_FULLY_CONNECTED, {fcPrepare, fcEval}, 1, 12);
  r.addBuiltin(kOp_CONV_2D, {convPrepare, convEval}, 1, 8);
  r.addBuiltin(kOp_DEPTHWISE_CONV_2D, {dwPrepare, dwEval}, 1, 7);
  r.addBuiltin(kOp_TRANSPOSE_CONV, {tconvPrepare, tconvEval}, 1, 5);
  r.addCustom("Convolution2DTransposeBias", {mpTconvPrepare, mpTconvEval}, 1, 1);
  for (int32_t c : {kOp_AVERAGE_POOL_2D, kOp_MAX_POOL_2D, kOp_L2_POOL_2D})
    r.addBuiltin(c, {poolPrepare, poolEval}, 1, 3);
  r.addBuiltin(kOp_BATCH_MATMUL, {bmmPrepare, bmmEval}, 1, 4);
}

} // namespace tfmlir::lite::kernels
