//===- Philox.h - Philox4x32-10 as TensorFlow's random ops use --*- C++ -*-===//
//
// The counter-based generator of Salmon et al., "Parallel random numbers:
// as easy as 1, 2, 3" (SC 2011), 10 rounds, with TensorFlow's seeding
// (PhiloxRandom(seed, seed2): key = seed, counter[2..3] = seed2) and its
// float conversions (UniformDistribution: 23 mantissa bits -> [0, 1);
// NormalDistribution: Box-Muller on pairs, u1 floored at 1e-7). Shared by
// RandomUniform.cpp and RandomStandardNormal.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_KERNELS_PHILOX_H
#define TFMLIR_RUNTIME_LITE_KERNELS_PHILOX_H

#include "runtime/lite/Kernel.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <random>

namespace tfmlir::lite::kernels {

/// Philox4x32-10. Each call returns 4 uint32 and advances the 128-bit
/// counter by one.
class Philox {
public:
  Philox(uint64_t seed, uint64_t seed2) {
    key_ = {static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32)};
    ctr_ = {0, 0, static_cast<uint32_t>(seed2),
            static_cast<uint32_t>(seed2 >> 32)};
  }
  /// For known-answer tests: explicit counter and key.
  Philox(std::array<uint32_t, 4> ctr, std::array<uint32_t, 2> key)
      : ctr_(ctr), key_(key) {}

  std::array<uint32_t, 4> next() {
    std::array<uint32_t, 4> c = ctr_;
    std::array<uint32_t, 2> k = key_;
    for (int r = 0; r < 10; ++r) {
      const uint64_t p0 = uint64_t(0xD2511F53u) * c[0];
      const uint64_t p1 = uint64_t(0xCD9E8D57u) * c[2];
      c = {static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k[0],
           static_cast<uint32_t>(p1),
           static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k[1],
           static_cast<uint32_t>(p0)};
      k[0] += 0x9E3779B9u;
      k[1] += 0xBB67AE85u;
    }
    for (int i = 0; i < 4 && ++ctr_[i] == 0; ++i) {
    }
    return c;
  }

private:
  std::array<uint32_t, 4> ctr_;
  std::array<uint32_t, 2> key_;
};

/// TensorFlow's Uint32ToFloat: 1.m (23 random mantissa bits) - 1, in [0, 1).
inline float uint32ToFloat(uint32_t x) {
  const uint32_t bits = (127u << 23) | (x & 0x7fffffu);
  float f;
  std::memcpy(&f, &bits, 4);
  return f - 1.0f;
}

/// TensorFlow's BoxMullerFloat (tsl/lib/random/random_distributions.h).
inline void boxMuller(uint32_t x0, uint32_t x1, float &f0, float &f1) {
  const float u1 = std::max(uint32ToFloat(x0), 1.0e-7f);
  // 2.0f * M_PI is a double in TF's code: the angle is rounded to float once.
  const float v1 =
      static_cast<float>(2.0 * std::numbers::pi * double(uint32ToFloat(x1)));
  const float u2 = std::sqrt(-2.0f * std::log(u1));
  f0 = std::sin(v1) * u2;
  f1 = std::cos(v1) * u2;
}

/// Node state of the random kernels: the generator persists across Invoke
/// (each call continues the stream, as TFLite's random ops). Seeds 0 and 0
/// draw a nondeterministic seed, as TF.
struct PhiloxState : NodeState {
  explicit PhiloxState(int64_t seed, int64_t seed2)
      : gen(pick(seed, seed2, 0), pick(seed, seed2, 1)) {}
  static uint64_t pick(int64_t seed, int64_t seed2, int which) {
    if (seed != 0 || seed2 != 0)
      return static_cast<uint64_t>(which ? seed2 : seed);
    std::random_device rd;
    return (uint64_t(rd()) << 32) | rd();
  }
  Philox gen;
};

} // namespace tfmlir::lite::kernels

#endif
