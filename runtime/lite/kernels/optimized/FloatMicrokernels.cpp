//===- FloatMicrokernels.cpp - CPUID dispatch of the float microkernels ---===//
#include "runtime/lite/kernels/optimized/FloatMicrokernels.h"
#include <initializer_list>

namespace tfmlir::lite::optimized {

const FloatMicrokernels *floatMicrokernelsFor(Isa isa) {
  switch (isa) {
  case Isa::kGeneric:
    return &detail::genericMicrokernels();
#if defined(__x86_64__)
  case Isa::kAvx2:
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
      return &detail::avx2Microkernels();
    return nullptr;
  case Isa::kAvx512:
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma"))
      return &detail::avx512Microkernels();
    return nullptr;
#else
  default:
    return nullptr;
#endif
  }
  return nullptr;
}

const FloatMicrokernels &floatMicrokernels() {
  static const FloatMicrokernels *best = [] {
    for (Isa isa : {Isa::kAvx512, Isa::kAvx2})
      if (const FloatMicrokernels *k = floatMicrokernelsFor(isa))
        return k;
    return &detail::genericMicrokernels();
  }();
  return *best;
}

} // namespace tfmlir::lite::optimized
