//===- Imag.cpp - IMAG ----------------------------------------------------===//
//
// IMAG as TFLite's kernels/complex_support.cc: the imaginary part,
// complex64 -> float32 or complex128 -> float64, same shape.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ComplexUtil.h"

namespace tfmlir::lite::kernels {

void registerImag(MutableOpResolver &r) {
  r.addBuiltin(
      kOp_IMAG,
      {complexPartPrepare, complexPartEval<ComplexPart::kImag>, kComplexTypes},
      1, 1);
}

} // namespace tfmlir::lite::kernels
