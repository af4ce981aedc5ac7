//===- RandomUtil.h - Prepare / Eval of the random builtins -----*- C++ -*-===//
//
// RANDOM_UNIFORM and RANDOM_STANDARD_NORMAL share a Prepare (shape operand
// -> output shape, float32 output, generator state from RandomOptions) and
// an Eval templated on the distribution (see Philox.h).
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_RANDOMUTIL_H
#define TFMLIR_RUNTIME_LITE_KERNELS_RANDOMUTIL_H

#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/Philox.h"

#include <limits>

namespace tfmlir::lite::kernels {

/// The input types randomPrepare accepts: its input 0 is the int32 /
/// int64 shape operand (the output is float32).
constexpr TypeSet kRandomInputTypes =
    typeSet(TensorType::kInt32, TensorType::kInt64);

inline absl::Status randomPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *shp = ctx.input(0);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(shp, "shape"));
  TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  if (shp->rank() != 1)
    return invalid("shape operand must be 1-D, is ", shapeToString(shp->shape));
  if (!ctx.state())
    ctx.state() =
        std::make_unique<PhiloxState>(ctx.options().seed, ctx.options().seed2);
  if (!ctx.hasData(0)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  std::vector<int32_t> shape;
  for (int64_t i = 0; i < shp->numElements(); ++i) {
    const int64_t d = readInt(*shp, i);
    if (d < 0 || d > std::numeric_limits<int32_t>::max())
      return invalid("bad output dim ", d);
    shape.push_back(static_cast<int32_t>(d));
  }
  return ctx.resizeOutput(0, shape);
}

template <bool kNormal> absl::Status randomEval(OpContext &ctx) {
  auto &st = *static_cast<PhiloxState *>(ctx.state().get());
  Tensor &out = *ctx.output(0);
  float *y = out.as<float>();
  const int64_t n = out.numElements();
  for (int64_t i = 0; i < n; i += 4) {
    const std::array<uint32_t, 4> r = st.gen.next();
    float v[4];
    if constexpr (kNormal) {
      boxMuller(r[0], r[1], v[0], v[1]);
      boxMuller(r[2], r[3], v[2], v[3]);
    } else {
      for (int k = 0; k < 4; ++k)
        v[k] = uint32ToFloat(r[k]);
    }
    for (int k = 0; k < 4 && i + k < n; ++k)
      y[i + k] = v[k];
  }
  return absl::OkStatus();
}

} // namespace tfmlir::lite::kernels

#endif
