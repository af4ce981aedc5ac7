//===- WindowGeometry.h - TF's windowed output size and padding -*- C++ -*-===//
//
// One home for the geometry of a window sliding along one dim (convolution,
// pooling, ExtractImagePatches): the output size and the padding before and
// after for SAME / VALID / EXPLICIT padding with stride and dilation, as
// TensorFlow's GetWindowedOutputSizeVerbose
// (core/framework/kernel_shape_util.cc) computes them; TFLite's ComputeOutSize
// / ComputePaddingHeightWidth give the same numbers for SAME and VALID. Used by
// the tf dialect's verifiers (dialects/tf/TFOpsNN.cpp, TFOpsImage.cpp), shape
// inference (lib/Transforms/ShapeInferenceContext.cpp), the TF->HLO conv and
// pool lowerings and the lite kernels (runtime/lite/kernels/KernelUtil.cpp,
// computePadding). No MLIR dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_WINDOWGEOMETRY_H
#define TFMLIR_LIB_SUPPORT_WINDOWGEOMETRY_H

#include "absl/status/status.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace tfmlir {

/// TF's `padding` attribute.
enum class WindowPadding { kSame, kValid, kExplicit };

/// "SAME", "VALID" or "EXPLICIT" (TF's spelling), else nullopt.
std::optional<WindowPadding> parseWindowPadding(std::string_view name);

/// The geometry of one windowed dim.
struct WindowDim {
  /// Number of window positions. May be negative (a VALID/EXPLICIT window
  /// larger than the padded input), which TF rejects; windowGeometry leaves
  /// that decision to the caller.
  int64_t outSize = 0;
  /// Padding before/after the input: 0 for VALID, the given values for
  /// EXPLICIT, and for SAME the total max(0, (outSize - 1) * stride +
  /// effectiveWindow - inSize) split with the odd element after, as TF.
  int64_t padBefore = 0, padAfter = 0;
  /// (window - 1) * dilation + 1.
  int64_t effectiveWindow = 0;
};

/// The raw geometry of a `window`-tap window with `dilation` and `stride`
/// over `inSize` elements: SAME gives ceil(inSize / stride) outputs, VALID
/// (inSize - effectiveWindow + stride) / stride and EXPLICIT the same over
/// inSize + explicitBefore + explicitAfter, with C++'s truncating division
/// as TF. `explicitBefore/After` are read only for kExplicit. Returns
/// nullopt when inSize < 0 or window < 0 (unknown), stride < 1, dilation
/// < 1, or the arithmetic overflows int64.
std::optional<WindowDim> windowGeometry(int64_t inSize, int64_t window,
                                        int64_t dilation, int64_t stride,
                                        WindowPadding padding,
                                        int64_t explicitBefore = 0,
                                        int64_t explicitAfter = 0);

/// TF's GetWindowedOutputSizeVerbose: windowGeometry with TF's errors
/// (InvalidArgument): "Stride must be > 0, but got S", "Dilation rate must
/// be >= 1, but got D", "Computed output size would be negative: O
/// [input_size: I, effective_filter_size: E, stride: S]", and for values
/// TF does not check, a negative input or window size and int64 overflow.
absl::Status getWindowedOutputSize(int64_t inSize, int64_t window,
                                   int64_t dilation, int64_t stride,
                                   WindowPadding padding, WindowDim &out,
                                   int64_t explicitBefore = 0,
                                   int64_t explicitAfter = 0);

} // namespace tfmlir

#endif
