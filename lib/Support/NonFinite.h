//===- NonFinite.h - NaN and out-of-range rules shared by the kernels -----===//
//
// The answers tfmlir gives where TF's CPU kernels leave the result to the
// C++ implementation (undefined behaviour or an invalid sort order), once
// for every runtime: the host kernels (runtime/session/kernels), the lite
// kernels (runtime/lite/kernels), and the same rules as the compiled code
// (hlo.convert saturates as XLA's; hlo.sort puts NaN above +inf). README
// "Differences from TF's CPU kernels" lists the values TF gives instead.
// Header-only, no MLIR dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_NONFINITE_H
#define TFMLIR_LIB_SUPPORT_NONFINITE_H

#include <cmath>
#include <limits>
#include <type_traits>

namespace tfmlir {

/// Float -> integer conversion of `v` to the integer type `D` (bool not
/// included): truncation toward zero (C++ static_cast, TF's Cast) for
/// values in range; NaN gives 0, and values beyond D's range saturate to
/// D's lowest / max (XLA's convert). TF's Cast is a plain static_cast, which
/// is undefined for these inputs (x86-64 gives e.g. INT32_MIN for NaN and
/// +inf as int32).
template <typename D, typename S> D saturatingFloatToInt(S v) {
  static_assert(std::is_integral_v<D> && !std::is_same_v<D, bool> &&
                std::is_floating_point_v<S>);
  if (std::isnan(v))
    return 0;
  // lowest() is 0 or -2^k, exact in every float type; max() + 1 = 2^k is
  // exact too, and anything at or above it is out of range.
  const long double lo =
      static_cast<long double>(std::numeric_limits<D>::lowest());
  const long double hiExclusive =
      static_cast<long double>(std::numeric_limits<D>::max()) + 1.0L;
  long double t = std::trunc(static_cast<long double>(v));
  if (t < lo)
    return std::numeric_limits<D>::lowest();
  if (t >= hiExclusive)
    return std::numeric_limits<D>::max();
  return static_cast<D>(t);
}

/// Strict order for TopK-style sorts, "a comes before b": larger first, a
/// NaN above every number (+inf included), NaNs equal to each other. A
/// strict weak order, unlike `a > b` with NaNs (with which std::sort and
/// std::stable_sort are undefined, as TF's TopK comparator is). Use with a
/// stable sort so that equal values keep the lower index first.
template <typename T> bool greaterNaNFirst(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    bool aNan = std::isnan(a), bNan = std::isnan(b);
    if (aNan || bNan)
      return aNan && !bNan;
  }
  return a > b;
}

} // namespace tfmlir

#endif // TFMLIR_LIB_SUPPORT_NONFINITE_H
