//===- ComplexAbs.cpp - COMPLEX_ABS ---------------------------------------===//
//
// COMPLEX_ABS as TFLite's kernels/complex_support.cc: |z| = hypot(re, im)
// elementwise, complex64 -> float32 or complex128 -> float64, same shape.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ComplexUtil.h"

namespace tfmlir::lite::kernels {

void registerComplexAbs(MutableOpResolver &r) {
  r.addBuiltin(
      kOp_COMPLEX_ABS,
      {complexPartPrepare, complexPartEval<ComplexPart::kAbs>, kComplexTypes},
      1, 1);
}

} // namespace tfmlir::lite::kernels
