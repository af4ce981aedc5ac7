//===- QuantMicrokernels.cpp - ISA-independent parts of the 8-bit GEMM ----===//
//
// CPUID choice of the 8-bit microkernels and the weight packing of
// QuantMicrokernels::gemmQuads / depthwiseInt8 (QuantMicrokernels.h).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/optimized/QuantMicrokernels.h"

#include <atomic>
#include <cstring>

namespace tfmlir::lite::optimized {

namespace {
const QuantMicrokernels *forIsa(QuantIsa isa) {
#if defined(__x86_64__)
  switch (isa) {
  case QuantIsa::kAvx512Vnni:
    if (__builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") &&
        __builtin_cpu_supports("avx512vnni"))
      return &detail::avx512VnniQuantMicrokernels();
    return nullptr;
  case QuantIsa::kAvxVnni:
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("avxvnni"))
      return &detail::avxVnniQuantMicrokernels();
    return nullptr;
  case QuantIsa::kNone:
    return nullptr;
  }
#endif
  (void)isa;
  return nullptr;
}

const QuantMicrokernels *cpuidChoice() {
  static const QuantMicrokernels *k = [] {
    const QuantMicrokernels *best = forIsa(QuantIsa::kAvx512Vnni);
    return best ? best : forIsa(QuantIsa::kAvxVnni);
  }();
  return k;
}

std::atomic<bool> overridden{false};
std::atomic<const QuantMicrokernels *> chosen{nullptr};
} // namespace

const QuantMicrokernels *quantMicrokernels() {
  return overridden.load(std::memory_order_relaxed) ? chosen.load()
                                                    : cpuidChoice();
}

bool setQuantIsa(QuantIsa isa) {
  const QuantMicrokernels *k = forIsa(isa);
  if (isa != QuantIsa::kNone && !k)
    return false;
  chosen.store(k);
  overridden.store(true);
  return true;
}

void resetQuantIsa() { overridden.store(false); }

int64_t quadWeightsSize(int CO, int taps, int64_t C) {
  const int64_t blocks = (int64_t(CO) + 15) / 16, cq = (C + 3) / 4;
  return blocks * taps * cq * 64;
}

void packQuadWeights(const int8_t *W, int CO, int taps, int64_t C,
                     int8_t *packed, int32_t *wsum) {
  const int64_t cq = (C + 3) / 4, kq = taps * cq;
  std::memset(packed, 0, size_t(quadWeightsSize(CO, taps, C)));
  for (int co = 0; co < CO; ++co) {
    const int8_t *row = W + int64_t(co) * taps * C;
    int8_t *dst = packed + int64_t(co / 16) * kq * 64 + (co % 16) * 4;
    int32_t s = 0;
    for (int t = 0; t < taps; ++t)
      for (int64_t c = 0; c < C; ++c) {
        const int64_t k = t * cq * 4 + c; // position in the padded row
        dst[(k / 4) * 64 + k % 4] = row[t * C + c];
        s += row[t * C + c];
      }
    wsum[co] = s;
  }
}

namespace {
/// Channel (within its block of 32) of lane j (0..31) of depthwiseInt8's
/// order: lanes 0-15 the low half, 16-31 the high half.
int depthwiseLaneChannel(int j) {
  const int h = j / 16, l = j % 16;
  return 8 * (l / 4) + 4 * h + l % 4;
}
} // namespace

int64_t depthwiseInt8WeightsSize(int C, int taps) {
  return (int64_t(C) + 31) / 32 * ((taps + 1) / 2) * 64;
}

void packDepthwiseInt8(const int8_t *wt, int C, int taps, int16_t *packed) {
  const int pairs = (taps + 1) / 2, blocks = (C + 31) / 32;
  std::memset(packed, 0, size_t(depthwiseInt8WeightsSize(C, taps)) * 2);
  for (int b = 0; b < blocks; ++b)
    for (int p = 0; p < pairs; ++p)
      for (int j = 0; j < 32; ++j) {
        const int c = 32 * b + depthwiseLaneChannel(j);
        if (c >= C)
          continue;
        int16_t *dst = packed + (int64_t(b) * pairs + p) * 64 + 2 * j;
        for (int i = 0; i < 2; ++i)
          if (2 * p + i < taps)
            dst[i] = wt[int64_t(2 * p + i) * C + c];
      }
}

void permuteDepthwiseInt8(const int32_t *in, int C, int32_t *out) {
  const int blocks = (C + 31) / 32;
  for (int b = 0; b < blocks; ++b)
    for (int j = 0; j < 32; ++j) {
      const int c = 32 * b + depthwiseLaneChannel(j);
      out[32 * b + j] = c < C ? in[c] : 0;
    }
}

} // namespace tfmlir::lite::optimized
