//===- QuantMicrokernels.cpp - ISA-independent parts of the 8-bit GEMM ----===//
//
// Weight packing for QuantMicrokernels::gemmQuads (QuantMicrokernels.h).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/optimized/QuantMicrokernels.h"

#include <cstring>

namespace tfmlir::lite::optimized {

int64_t quadWeightsSize(int CO, int64_t K) {
  const int64_t blocks = (int64_t(CO) + 15) / 16, kq = (K + 3) / 4;
  return blocks * kq * 64;
}

void packQuadWeights(const int8_t *W, int CO, int64_t K, int8_t *packed,
                     int32_t *wsum) {
  const int64_t kq = (K + 3) / 4;
  std::memset(packed, 0, size_t(quadWeightsSize(CO, K)));
  for (int co = 0; co < CO; ++co) {
    const int8_t *row = W + int64_t(co) * K;
    int8_t *dst = packed + int64_t(co / 16) * kq * 64 + (co % 16) * 4;
    int32_t s = 0;
    for (int64_t k = 0; k < K; ++k) {
      dst[(k / 4) * 64 + k % 4] = row[k];
      s += row[k];
    }
    wsum[co] = s;
  }
}

} // namespace tfmlir::lite::optimized
