//===- ComplexUtil.h - REAL / IMAG / COMPLEX_ABS shared code ----*- C++ -*-===//
//
// The three complex -> real elementwise builtins (Real.cpp, Imag.cpp,
// ComplexAbs.cpp) share one Prepare (complex64 input -> float32 output, or
// complex128 -> float64; output shape = input shape) and one Eval templated
// on the part taken. Complex values are stored as (re, im) pairs, as
// std::complex and TFLite.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_COMPLEXUTIL_H
#define TFMLIR_RUNTIME_LITE_KERNELS_COMPLEXUTIL_H

#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

#include <complex>

namespace tfmlir::lite::kernels {

enum class ComplexPart { kReal, kImag, kAbs };

/// The input types complexPartPrepare accepts: complex64 and complex128.
constexpr TypeSet kComplexTypes =
    typeSet(TensorType::kComplex64, TensorType::kComplex128);

inline absl::Status complexPartPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  TensorType want;
  if (in->type == TensorType::kComplex64)
    want = TensorType::kFloat32;
  else if (in->type == TensorType::kComplex128)
    want = TensorType::kFloat64;
  else
    return unimplemented("input has type ", typeName(in->type),
                         "; complex64 or complex128 expected");
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), want, "output"));
  return ctx.resizeOutput(0, in->shape);
}

template <typename T, ComplexPart P> void complexPartT(OpContext &ctx) {
  const std::complex<T> *z = ctx.input(0)->as<std::complex<T>>();
  T *out = ctx.output(0)->as<T>();
  for (int64_t i = 0, n = ctx.output(0)->numElements(); i < n; ++i) {
    if constexpr (P == ComplexPart::kReal)
      out[i] = z[i].real();
    else if constexpr (P == ComplexPart::kImag)
      out[i] = z[i].imag();
    else
      out[i] = std::hypot(z[i].real(), z[i].imag());
  }
}

template <ComplexPart P> absl::Status complexPartEval(OpContext &ctx) {
  if (ctx.input(0)->type == TensorType::kComplex128)
    complexPartT<double, P>(ctx);
  else
    complexPartT<float, P>(ctx);
  return absl::OkStatus();
}

} // namespace tfmlir::lite::kernels

#endif
