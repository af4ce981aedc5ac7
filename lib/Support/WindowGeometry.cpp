//===- WindowGeometry.cpp - TF's windowed output size and padding --------===//
//
// GetWindowedOutputSizeVerbose of TensorFlow's
// core/framework/kernel_shape_util.cc, with overflow checks.
//===----------------------------------------------------------------------===//
#include "lib/Support/WindowGeometry.h"

#include <algorithm>
#include <string>

namespace tfmlir {

std::optional<WindowPadding> parseWindowPadding(std::string_view name) {
  if (name == "SAME")
    return WindowPadding::kSame;
  if (name == "VALID")
    return WindowPadding::kValid;
  if (name == "EXPLICIT")
    return WindowPadding::kExplicit;
  return std::nullopt;
}

std::optional<WindowDim> windowGeometry(int64_t inSize, int64_t window,
                                        int64_t dilation, int64_t stride,
                                        WindowPadding padding,
                                        int64_t explicitBefore,
                                        int64_t explicitAfter) {
  if (inSize < 0 || window < 0 || stride < 1 || dilation < 1)
    return std::nullopt;
  WindowDim w;
  // effective = (window - 1) * dilation + 1; window 0 gives 1 - dilation.
  if (__builtin_mul_overflow(window - 1, dilation, &w.effectiveWindow) ||
      __builtin_add_overflow(w.effectiveWindow, 1, &w.effectiveWindow))
    return std::nullopt;
  int64_t padded = inSize;
  switch (padding) {
  case WindowPadding::kSame: {
    // ceil(inSize / stride), TF's (inSize + stride - 1) / stride without
    // its overflow.
    w.outSize = inSize / stride + (inSize % stride != 0 ? 1 : 0);
    // TF: max(0, (outSize - 1) * stride + effective - inSize).
    int64_t needed;
    if (__builtin_mul_overflow(w.outSize - 1, stride, &needed) ||
        __builtin_add_overflow(needed, w.effectiveWindow, &needed) ||
        __builtin_sub_overflow(needed, inSize, &needed))
      return std::nullopt;
    needed = std::max<int64_t>(0, needed);
    w.padBefore = needed / 2;
    w.padAfter = needed - w.padBefore;
    return w;
  }
  case WindowPadding::kValid:
    break;
  case WindowPadding::kExplicit:
    w.padBefore = explicitBefore;
    w.padAfter = explicitAfter;
    if (__builtin_add_overflow(padded, explicitBefore, &padded) ||
        __builtin_add_overflow(padded, explicitAfter, &padded))
      return std::nullopt;
    break;
  }
  int64_t num;
  if (__builtin_sub_overflow(padded, w.effectiveWindow, &num) ||
      __builtin_add_overflow(num, stride, &num))
    return std::nullopt;
  w.outSize = num / stride;
  return w;
}

absl::Status getWindowedOutputSize(int64_t inSize, int64_t window,
                                   int64_t dilation, int64_t stride,
                                   WindowPadding padding, WindowDim &out,
                                   int64_t explicitBefore,
                                   int64_t explicitAfter) {
  if (stride <= 0)
    return absl::InvalidArgumentError("Stride must be > 0, but got " +
                                      std::to_string(stride));
  if (dilation < 1)
    return absl::InvalidArgumentError("Dilation rate must be >= 1, but got " +
                                      std::to_string(dilation));
  if (inSize < 0 || window < 0)
    return absl::InvalidArgumentError(
        "Input and window sizes must be >= 0, but got input_size " +
        std::to_string(inSize) + " and filter_size " + std::to_string(window));
  std::optional<WindowDim> w = windowGeometry(
      inSize, window, dilation, stride, padding, explicitBefore, explicitAfter);
  if (!w)
    return absl::InvalidArgumentError(
        "Window geometry overflows int64: input_size " +
        std::to_string(inSize) + ", filter_size " + std::to_string(window) +
        ", dilation " + std::to_string(dilation) + ", stride " +
        std::to_string(stride));
  if (w->outSize < 0)
    return absl::InvalidArgumentError(
        "Computed output size would be negative: " +
        std::to_string(w->outSize) + " [input_size: " + std::to_string(inSize) +
        ", effective_filter_size: " + std::to_string(w->effectiveWindow) +
        ", stride: " + std::to_string(stride) + "]");
  out = *w;
  return absl::OkStatus();
}

} // namespace tfmlir
