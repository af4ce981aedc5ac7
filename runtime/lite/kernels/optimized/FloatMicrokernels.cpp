//===- FloatMicrokernels.cpp - CPUID dispatch of the float microkernels ---===//
#include "runtime/lite/kernels/optimized/FloatMicrokernels.h"
#include <atomic>
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

namespace {
const FloatMicrokernels *best() {
  static const FloatMicrokernels *b = [] {
    for (Isa isa : {Isa::kAvx512, Isa::kAvx2})
      if (const FloatMicrokernels *k = floatMicrokernelsFor(isa))
        return k;
    return &detail::genericMicrokernels();
  }();
  return b;
}
std::atomic<const FloatMicrokernels *> chosen{nullptr};
} // namespace

const FloatMicrokernels &floatMicrokernels() {
  const FloatMicrokernels *k = chosen.load(std::memory_order_relaxed);
  return k ? *k : *best();
}

bool setFloatIsa(Isa isa) {
  const FloatMicrokernels *k = floatMicrokernelsFor(isa);
  if (k)
    chosen.store(k);
  return k != nullptr;
}

void resetFloatIsa() { chosen.store(nullptr); }

} // namespace tfmlir::lite::optimized
