//===- CheckedMath.h - overflow-checked element-count arithmetic -*- C++
//-*-===//
//
// One home for multiplying shape dimensions: TF's TensorShape reports
// "Encountered overflow when multiplying ..." (MultiplyWithoutOverflow)
// where a plain int64 product would wrap and a later allocation would abort
// ("SmallVector unable to grow") or write out of bounds. Header-only, no
// MLIR dependency; used by the tf dialect's verifiers and folders and by the
// runtimes wherever shapes are multiplied.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_CHECKEDMATH_H
#define TFMLIR_LIB_SUPPORT_CHECKEDMATH_H

#include <cstdint>
#include <optional>
#include <span>

namespace tfmlir {

/// a * b for a, b >= 0, or nullopt when either is negative or the product
/// exceeds INT64_MAX (as TF's MultiplyWithoutOverflow, which returns -1).
constexpr std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  if (a < 0 || b < 0)
    return std::nullopt;
  int64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

/// The product of `dims` (the element count of a shape; 1 for a scalar), or
/// nullopt when a dim is negative (dynamic) or the product overflows int64.
/// A zero dim makes the count 0 even if the other dims would overflow, as
/// in TF's TensorShape.
constexpr std::optional<int64_t> checkedProduct(std::span<const int64_t> dims) {
  for (int64_t d : dims)
    if (d < 0)
      return std::nullopt;
  for (int64_t d : dims)
    if (d == 0)
      return 0;
  int64_t n = 1;
  for (int64_t d : dims) {
    std::optional<int64_t> m = checkedMul(n, d);
    if (!m)
      return std::nullopt;
    n = *m;
  }
  return n;
}

} // namespace tfmlir

#endif
