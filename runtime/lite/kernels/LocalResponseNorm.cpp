//===- LocalResponseNorm.cpp - LOCAL_RESPONSE_NORMALIZATION ---------------===//
//
// LOCAL_RESPONSE_NORMALIZATION as TFLite's kernels/local_response_norm.cc
// (TF's LRN): input float32 4-D NHWC; options radius, bias, alpha, beta.
// For each channel c, with sqr_sum the sum of input^2 over the channels
// [c - radius, c + radius] (clipped to the channel range),
//   output = input * (bias + alpha * sqr_sum)^-beta.
// Output has the input's shape.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

absl::Status lrnPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (in->rank() != 4)
    return invalid("input must be 4-D (NHWC), is ", shapeToString(in->shape));
  if (ctx.options().radius < 0)
    return invalid("radius must be >= 0, is ", ctx.options().radius);
  return ctx.resizeOutput(0, in->shape);
}

absl::Status lrnEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const OpOptions &o = ctx.options();
  const int64_t depth = in.dim(3);
  const int64_t outer = depth ? in.numElements() / depth : 0;
  const float *x = reinterpret_cast<const float *>(in.data);
  float *y = reinterpret_cast<float *>(out.data);
  const int64_t r = o.radius;
  for (int64_t i = 0; i < outer; ++i) {
    const float *xi = x + i * depth;
    float *yi = y + i * depth;
    for (int64_t c = 0; c < depth; ++c) {
      const int64_t begin = std::max<int64_t>(0, c - r);
      const int64_t end = std::min<int64_t>(depth, c + r + 1);
      float sum = 0.f;
      for (int64_t k = begin; k < end; ++k)
        sum += xi[k] * xi[k];
      yi[c] = xi[c] * std::pow(o.bias + o.alpha * sum, -o.beta);
    }
  }
  return absl::OkStatus();
}

} // namespace

void registerLocalResponseNorm(MutableOpResolver &r) {
  // Input types (lrnPrepare): float32.
  r.addBuiltin(kOp_LOCAL_RESPONSE_NORMALIZATION,
               {lrnPrepare, lrnEval, typeSet(TensorType::kFloat32)}, 1, 1);
}

} // namespace tfmlir::lite::kernels
