//===- Real.cpp - REAL ----------------------------------------------------===//
//
// REAL as TFLite's kernels/complex_support.cc: the real part, complex64 ->
// float32 or complex128 -> float64, same shape.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/ComplexUtil.h"

namespace tfmlir::lite::kernels {

void registerReal(MutableOpResolver &r) {
  r.addBuiltin(
      kOp_REAL,
      {complexPartPrepare, complexPartEval<ComplexPart::kReal>, kComplexTypes},
      1, 1);
}

} // namespace tfmlir::lite::kernels
