//===- SupportTest.cpp - lib/Support's StridedSlice and window geometry ---===//
//
// The one unit test of the semantics every StridedSlice and windowed-op
// consumer shares (the tf verifier, shape inference, TF->HLO, the lite
// kernels). Expected StridedSlice shapes are NumPy's basic slicing of a
// [5, 6, 7] array (which TF's masks encode: x[1:4], x[..., None], x[-1],
// ...); begin/stop values follow TF's ValidateStridedSliceOp canonical()
// (clamped into [0, dim] for positive strides, [-1, dim - 1] for negative
// ones). Window numbers follow TF's GetWindowedOutputSizeVerbose:
// SAME ceil(in / stride), VALID (in - eff + stride) / stride truncating,
// EXPLICIT the same over the padded input, eff = (k - 1) * dilation + 1,
// SAME padding max(0, (out - 1) * stride + eff - in) split with the odd
// element after.
//===----------------------------------------------------------------------===//
#include "lib/Support/NonFinite.h"
#include "lib/Support/StridedSlice.h"
#include "lib/Support/WindowGeometry.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace tfmlir;

namespace {

using Shape = std::vector<int64_t>;
constexpr int64_t kU = kSliceUnknown;
const Shape kInput = {5, 6, 7};

struct Spec {
  Shape begin, end, strides;
  StridedSliceMasks masks;
};

StridedSliceResult sliceOk(const Shape &input, const Spec &s) {
  StridedSliceResult r;
  absl::Status st =
      computeStridedSlice(input, s.begin, s.end, s.strides, s.masks, r);
  EXPECT_TRUE(st.ok()) << st.message();
  return r;
}

std::string sliceError(const Shape &input, const Spec &s) {
  StridedSliceResult r;
  absl::Status st =
      computeStridedSlice(input, s.begin, s.end, s.strides, s.masks, r);
  EXPECT_FALSE(st.ok());
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  return std::string(st.message());
}

StridedSliceMasks masks(int64_t begin, int64_t end, int64_t ellipsis = 0,
                        int64_t newAxis = 0, int64_t shrink = 0) {
  return {begin, end, ellipsis, newAxis, shrink};
}

//===----------------------------------------------------------------------===//
// Ranges: begin/end/stride canonicalization on dim 0 (size 5)
//===----------------------------------------------------------------------===//

TEST(StridedSliceTest, PlainRange) { // x[1:4]
  StridedSliceResult r = sliceOk(kInput, {{1}, {4}, {1}, {}});
  EXPECT_EQ(r.finalShape, (Shape{3, 6, 7}));
  EXPECT_EQ(r.processingShape, (Shape{3, 6, 7}));
  EXPECT_EQ(r.finalToProcessing, (Shape{0, 1, 2}));
  EXPECT_EQ(r.dims[0].begin, 1);
  EXPECT_EQ(r.dims[0].end, 4);
  EXPECT_EQ(r.dims[0].stride, 1);
  // Dims the implied trailing ellipsis covers are whole and masked.
  EXPECT_TRUE(r.dims[1].beginMasked && r.dims[1].endMasked);
  EXPECT_EQ(r.dims[2].begin, 0);
  EXPECT_EQ(r.dims[2].end, 7);
}

TEST(StridedSliceTest, NegativeBeginWithEndMask) { // x[-2:]
  StridedSliceResult r = sliceOk(kInput, {{-2}, {0}, {1}, masks(0, 1)});
  EXPECT_EQ(r.finalShape, (Shape{2, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, 3);
  EXPECT_EQ(r.dims[0].end, 5);
}

TEST(StridedSliceTest, ReverseFullyMasked) { // x[::-1]
  StridedSliceResult r = sliceOk(kInput, {{0}, {0}, {-1}, masks(1, 1)});
  EXPECT_EQ(r.finalShape, (Shape{5, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, 4);
  EXPECT_EQ(r.dims[0].end, -1);
  EXPECT_EQ(r.dims[0].stride, -1);
}

TEST(StridedSliceTest, NegativeStrideRanges) {
  // x[4:0:-2]: indices 4, 2.
  StridedSliceResult r = sliceOk(kInput, {{4}, {0}, {-2}, {}});
  EXPECT_EQ(r.finalShape, (Shape{2, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, 4);
  EXPECT_EQ(r.dims[0].end, 0);
  // x[:2:-1]: begin masked -> dim - 1; indices 4, 3.
  r = sliceOk(kInput, {{0}, {2}, {-1}, masks(1, 0)});
  EXPECT_EQ(r.finalShape, (Shape{2, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, 4);
  // x[-1:-4:-1]: indices 4, 3, 2.
  r = sliceOk(kInput, {{-1}, {-4}, {-1}, {}});
  EXPECT_EQ(r.finalShape, (Shape{3, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, 4);
  EXPECT_EQ(r.dims[0].end, 1);
  // x[10:-100:-1]: begin clamps to 4, end to -1 (the whole dim reversed).
  r = sliceOk(kInput, {{10}, {-100}, {-1}, {}});
  EXPECT_EQ(r.finalShape, (Shape{5, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, 4);
  EXPECT_EQ(r.dims[0].end, -1);
  // x[1:3:-1]: interval and stride disagree in sign -> empty.
  r = sliceOk(kInput, {{1}, {3}, {-1}, {}});
  EXPECT_EQ(r.finalShape, (Shape{0, 6, 7}));
}

TEST(StridedSliceTest, ClampingAndEmpty) {
  // x[10:20] clamps to [5, 5): empty.
  StridedSliceResult r = sliceOk(kInput, {{10}, {20}, {1}, {}});
  EXPECT_EQ(r.finalShape, (Shape{0, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, 5);
  EXPECT_EQ(r.dims[0].end, 5);
  // x[-100:100] clamps to [0, 5).
  r = sliceOk(kInput, {{-100}, {100}, {1}, {}});
  EXPECT_EQ(r.finalShape, (Shape{5, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, 0);
  EXPECT_EQ(r.dims[0].end, 5);
  // x[3:1]: backwards with a positive stride -> empty.
  r = sliceOk(kInput, {{3}, {1}, {1}, {}});
  EXPECT_EQ(r.finalShape, (Shape{0, 6, 7}));
}

TEST(StridedSliceTest, StridesRoundUp) {
  // x[0:5:2] -> 0, 2, 4; x[0:6:4] -> end clamps to 5, indices 0, 4.
  EXPECT_EQ(sliceOk(kInput, {{0}, {5}, {2}, {}}).finalShape, (Shape{3, 6, 7}));
  EXPECT_EQ(sliceOk(kInput, {{0}, {6}, {4}, {}}).finalShape, (Shape{2, 6, 7}));
  // x[..., ::-3] on dim 2 (7): 6, 3, 0.
  StridedSliceResult r =
      sliceOk(kInput, {{0, 0}, {0, 0}, {1, -3}, masks(2, 2, 1)});
  EXPECT_EQ(r.finalShape, (Shape{5, 6, 3}));
  EXPECT_EQ(r.dims[2].begin, 6);
  EXPECT_EQ(r.dims[2].end, -1);
}

TEST(StridedSliceTest, MaskBitsBeyondTheSpecAreIgnored) {
  // x[1:4] with begin/end mask bits set for entries that do not exist.
  EXPECT_EQ(sliceOk(kInput, {{1}, {4}, {1}, masks(6, 6)}).finalShape,
            (Shape{3, 6, 7}));
}

//===----------------------------------------------------------------------===//
// shrink_axis
//===----------------------------------------------------------------------===//

TEST(StridedSliceTest, Shrink) {
  // x[2]
  StridedSliceResult r = sliceOk(kInput, {{2}, {3}, {1}, masks(0, 0, 0, 0, 1)});
  EXPECT_EQ(r.finalShape, (Shape{6, 7}));
  EXPECT_EQ(r.processingShape, (Shape{1, 6, 7}));
  EXPECT_EQ(r.finalToProcessing, (Shape{1, 2}));
  EXPECT_TRUE(r.dims[0].shrink);
  EXPECT_EQ(r.dims[0].begin, 2);
  EXPECT_EQ(r.dims[0].end, 3);
  // x[-1]: TF's sparse end is 0; the shrink recreates it as begin + 1.
  r = sliceOk(kInput, {{-1}, {0}, {1}, masks(0, 0, 0, 0, 1)});
  EXPECT_EQ(r.finalShape, (Shape{6, 7}));
  EXPECT_EQ(r.dims[0].begin, 4);
  EXPECT_EQ(r.dims[0].end, 5);
  // A shrink ignores begin_mask and end (TF reads begin only).
  r = sliceOk(kInput, {{3}, {0}, {1}, masks(1, 1, 0, 0, 1)});
  EXPECT_EQ(r.finalShape, (Shape{6, 7}));
  EXPECT_EQ(r.dims[0].begin, 3);
  // x[1, ..., 2, 3]: every dim shrunk -> a scalar; the ellipsis covers none.
  r = sliceOk(
      kInput,
      {{1, 0, 2, 3}, {2, 0, 3, 4}, {1, 1, 1, 1}, masks(0, 0, 2, 0, 13)});
  EXPECT_EQ(r.finalShape, Shape{});
  EXPECT_EQ(r.processingShape, (Shape{1, 1, 1}));
}

//===----------------------------------------------------------------------===//
// ellipsis and new_axis
//===----------------------------------------------------------------------===//

TEST(StridedSliceTest, EllipsisThenIndex) { // x[..., 1]
  StridedSliceResult r =
      sliceOk(kInput, {{0, 1}, {0, 2}, {1, 1}, masks(0, 0, 1, 0, 2)});
  EXPECT_EQ(r.finalShape, (Shape{5, 6}));
  EXPECT_EQ(r.dims[2].begin, 1);
  EXPECT_TRUE(r.dims[2].shrink);
}

TEST(StridedSliceTest, EllipsisInTheMiddle) { // x[1:2, ..., 3:5]
  StridedSliceResult r =
      sliceOk(kInput, {{1, 0, 3}, {2, 0, 5}, {1, 1, 1}, masks(0, 0, 2)});
  EXPECT_EQ(r.finalShape, (Shape{1, 6, 2}));
  EXPECT_EQ(r.dims[2].begin, 3);
  EXPECT_EQ(r.dims[2].end, 5);
}

TEST(StridedSliceTest, NewAxisFirst) { // x[None, 1:3]
  StridedSliceResult r =
      sliceOk(kInput, {{0, 1}, {0, 3}, {1, 1}, masks(0, 0, 0, 1)});
  EXPECT_EQ(r.finalShape, (Shape{1, 2, 6, 7}));
  EXPECT_EQ(r.finalToProcessing, (Shape{-1, 0, 1, 2}));
  EXPECT_EQ(r.processingShape, (Shape{2, 6, 7}));
}

TEST(StridedSliceTest, NewAxisAfterEllipsis) {
  // x[..., None]: the ellipsis covers every dim (num_add_axis_after_ellipsis).
  StridedSliceResult r =
      sliceOk(kInput, {{0, 0}, {0, 0}, {1, 1}, masks(0, 0, 1, 2)});
  EXPECT_EQ(r.finalShape, (Shape{5, 6, 7, 1}));
  EXPECT_EQ(r.finalToProcessing, (Shape{0, 1, 2, -1}));
  // x[1, ..., None, 2]: the ellipsis covers dim 1 only.
  r = sliceOk(kInput,
              {{1, 0, 0, 2}, {2, 0, 0, 3}, {1, 1, 1, 1}, masks(0, 0, 2, 4, 9)});
  EXPECT_EQ(r.finalShape, (Shape{6, 1}));
  EXPECT_EQ(r.finalToProcessing, (Shape{1, -1}));
  // x[None, None, ...]
  EXPECT_EQ(
      sliceOk(kInput, {{0, 0, 0}, {0, 0, 0}, {1, 1, 1}, masks(0, 0, 4, 3)})
          .finalShape,
      (Shape{1, 1, 5, 6, 7}));
  // x[:, None, ::2, -1]
  EXPECT_EQ(
      sliceOk(kInput,
              {{0, 0, 0, -1}, {0, 0, 0, 0}, {1, 1, 2, 1}, masks(5, 5, 0, 2, 8)})
          .finalShape,
      (Shape{5, 1, 3}));
}

TEST(StridedSliceTest, MaskPrecedence) {
  // new_axis wins over shrink_axis: x[None] with the shrink bit also set.
  EXPECT_EQ(sliceOk(kInput, {{0}, {0}, {1}, masks(0, 0, 0, 1, 1)}).finalShape,
            (Shape{1, 5, 6, 7}));
  // ellipsis wins over new_axis: x[...] with the new-axis bit also set.
  EXPECT_EQ(sliceOk(kInput, {{0}, {0}, {1}, masks(0, 0, 1, 1)}).finalShape,
            (Shape{5, 6, 7}));
}

TEST(StridedSliceTest, EmptySpecAndScalars) {
  // An empty spec is x[...]: the whole input.
  EXPECT_EQ(sliceOk(kInput, {{}, {}, {}, {}}).finalShape, (Shape{5, 6, 7}));
  // A scalar with an empty spec (or only new axes) is fine.
  EXPECT_EQ(sliceOk({}, {{}, {}, {}, {}}).finalShape, Shape{});
  EXPECT_EQ(sliceOk({}, {{0}, {0}, {1}, masks(0, 0, 0, 1)}).finalShape,
            (Shape{1}));
}

//===----------------------------------------------------------------------===//
// Unknown values and dims
//===----------------------------------------------------------------------===//

TEST(StridedSliceTest, UnknownInputDims) {
  // x[1:3] on [?, 6, 7]: dim 0 unknown, the rest known.
  StridedSliceResult r = sliceOk({kU, 6, 7}, {{1}, {3}, {1}, {}});
  EXPECT_EQ(r.finalShape, (Shape{kU, 6, 7}));
  EXPECT_EQ(r.dims[0].begin, kU);
  // x[1] on [?, 6, 7]: a shrink is size 1 whatever the dim.
  r = sliceOk({kU, 6, 7}, {{1}, {2}, {1}, masks(0, 0, 0, 0, 1)});
  EXPECT_EQ(r.finalShape, (Shape{6, 7}));
  EXPECT_EQ(r.processingShape, (Shape{1, 6, 7}));
}

TEST(StridedSliceTest, UnknownSpecValues) {
  // Unknown begin: that dim is unknown.
  EXPECT_EQ(sliceOk(kInput, {{kU, 0}, {3, 2}, {1, 1}, {}}).finalShape,
            (Shape{kU, 2, 7}));
  // Unknown begin and end but both masked: the whole dim.
  EXPECT_EQ(sliceOk(kInput, {{kU}, {kU}, {-1}, masks(1, 1)}).finalShape,
            (Shape{5, 6, 7}));
  // Unknown stride: unknown size; with a shrink still 1.
  EXPECT_EQ(sliceOk(kInput, {{0, 0}, {3, 1}, {kU, kU}, masks(0, 0, 0, 0, 2)})
                .finalShape,
            (Shape{kU, 7}));
  // Unknown shrink index: size 1, begin unknown.
  StridedSliceResult r =
      sliceOk(kInput, {{kU}, {kU}, {1}, masks(0, 0, 0, 0, 1)});
  EXPECT_EQ(r.finalShape, (Shape{6, 7}));
  EXPECT_EQ(r.dims[0].begin, kU);
}

//===----------------------------------------------------------------------===//
// Errors (TF's ValidateStridedSliceOp)
//===----------------------------------------------------------------------===//

TEST(StridedSliceTest, Errors) {
  EXPECT_NE(sliceError(kInput, {{0, 0}, {1}, {1, 1}, {}}).find("same length"),
            std::string::npos);
  EXPECT_NE(sliceError(kInput, {{0, 0}, {0, 0}, {1, 1}, masks(0, 0, 3)})
                .find("multiple ellipses"),
            std::string::npos);
  EXPECT_EQ(sliceError(kInput, {{0, 0, 0, 0}, {1, 1, 1, 1}, {1, 1, 1, 1}, {}}),
            "index out of range using input dim 3; input has only 3 dims");
  EXPECT_EQ(sliceError({}, {{0}, {1}, {1}, {}}),
            "index out of range using input dim 0; input has only 0 dims");
  // The stride error names the dense dim: x[..., 0:1:0] is dim 2.
  EXPECT_EQ(sliceError(kInput, {{0, 0}, {0, 1}, {1, 0}, masks(0, 0, 1)}),
            "strides[2] must be non-zero");
  EXPECT_EQ(sliceError(kInput, {{1}, {0}, {-1}, masks(0, 0, 0, 0, 1)}),
            "only stride 1 allowed on non-range indexing");
  EXPECT_EQ(sliceError(kInput, {{5}, {6}, {1}, masks(0, 0, 0, 0, 1)}),
            "slice index 5 of dimension 0 out of bounds");
  EXPECT_EQ(sliceError(kInput, {{-6}, {0}, {1}, masks(0, 0, 0, 0, 1)}),
            "slice index -6 of dimension 0 out of bounds");
  // A zero stride is an error even on an unknown dim.
  EXPECT_EQ(sliceError({kU}, {{0}, {1}, {0}, {}}),
            "strides[0] must be non-zero");
}

//===----------------------------------------------------------------------===//
// Window geometry (TF's GetWindowedOutputSizeVerbose)
//===----------------------------------------------------------------------===//

WindowDim windowOk(int64_t in, int64_t k, int64_t dil, int64_t stride,
                   WindowPadding p, int64_t before = 0, int64_t after = 0) {
  WindowDim w;
  absl::Status st =
      getWindowedOutputSize(in, k, dil, stride, p, w, before, after);
  EXPECT_TRUE(st.ok()) << st.message();
  return w;
}

void expectWindow(const WindowDim &w, int64_t out, int64_t before,
                  int64_t after) {
  EXPECT_EQ(w.outSize, out);
  EXPECT_EQ(w.padBefore, before);
  EXPECT_EQ(w.padAfter, after);
}

TEST(WindowGeometryTest, ParsePadding) {
  EXPECT_EQ(parseWindowPadding("SAME"), WindowPadding::kSame);
  EXPECT_EQ(parseWindowPadding("VALID"), WindowPadding::kValid);
  EXPECT_EQ(parseWindowPadding("EXPLICIT"), WindowPadding::kExplicit);
  EXPECT_EQ(parseWindowPadding("same"), std::nullopt);
}

TEST(WindowGeometryTest, Same) {
  using enum WindowPadding;
  expectWindow(windowOk(5, 3, 1, 2, kSame), 3, 1, 1);     // total 2
  expectWindow(windowOk(6, 3, 1, 2, kSame), 3, 0, 1);     // odd total: after
  expectWindow(windowOk(7, 1, 1, 3, kSame), 3, 0, 0);     // 1x1 window
  expectWindow(windowOk(224, 7, 1, 2, kSame), 112, 2, 3); // ResNet stem
  expectWindow(windowOk(10, 3, 2, 1, kSame), 10, 2, 2);   // eff 5
  expectWindow(windowOk(4, 5, 1, 1, kSame), 4, 2, 2);     // window > input
  expectWindow(windowOk(0, 3, 1, 1, kSame), 0, 1, 1);     // empty input
  // SAME never pads negatively: stride > window.
  expectWindow(windowOk(9, 2, 1, 4, kSame), 3, 0, 1);
  expectWindow(windowOk(8, 1, 1, 4, kSame), 2, 0, 0);
}

TEST(WindowGeometryTest, Valid) {
  using enum WindowPadding;
  expectWindow(windowOk(7, 3, 1, 2, kValid), 3, 0, 0);
  expectWindow(windowOk(10, 3, 2, 1, kValid), 6, 0, 0); // eff 5
  expectWindow(windowOk(5, 5, 1, 1, kValid), 1, 0, 0);
  // (1 - 5 + 3) / 3 truncates to 0, as TF's C++ division.
  expectWindow(windowOk(1, 5, 1, 3, kValid), 0, 0, 0);
  EXPECT_EQ(windowOk(10, 3, 4, 1, kValid).effectiveWindow, 9);
}

TEST(WindowGeometryTest, Explicit) {
  using enum WindowPadding;
  expectWindow(windowOk(5, 3, 1, 2, kExplicit, 1, 2), 3, 1, 2);
  expectWindow(windowOk(4, 3, 1, 1, kExplicit, 0, 0), 2, 0, 0);
  expectWindow(windowOk(4, 3, 2, 1, kExplicit, 2, 2), 4, 2, 2);
}

TEST(WindowGeometryTest, Errors) {
  using enum WindowPadding;
  WindowDim w;
  absl::Status st = getWindowedOutputSize(2, 5, 1, 1, kValid, w);
  EXPECT_EQ(st.message(), "Computed output size would be negative: -2 "
                          "[input_size: 2, effective_filter_size: 5, "
                          "stride: 1]");
  EXPECT_EQ(getWindowedOutputSize(5, 3, 1, 0, kSame, w).message(),
            "Stride must be > 0, but got 0");
  EXPECT_EQ(getWindowedOutputSize(5, 3, 0, 1, kSame, w).message(),
            "Dilation rate must be >= 1, but got 0");
  EXPECT_FALSE(getWindowedOutputSize(-1, 3, 1, 1, kSame, w).ok());
  // The raw geometry keeps the negative size for the caller to judge.
  std::optional<WindowDim> raw = windowGeometry(2, 5, 1, 1, kValid);
  ASSERT_TRUE(raw.has_value());
  EXPECT_EQ(raw->outSize, -2);
  // Unknown or invalid inputs and int64 overflow give nullopt.
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_FALSE(windowGeometry(-1, 3, 1, 1, kSame).has_value());
  EXPECT_FALSE(windowGeometry(5, -1, 1, 1, kValid).has_value());
  EXPECT_FALSE(windowGeometry(kMax, 3, 1, 1, kExplicit, 1, 1).has_value());
  EXPECT_FALSE(windowGeometry(5, kMax, 3, 1, kValid).has_value());
  EXPECT_FALSE(windowGeometry(kMax - 1, 5, 1, 2, kSame).has_value());
  EXPECT_FALSE(getWindowedOutputSize(5, kMax, 3, 1, kValid, w).ok());
  // Large but representable: SAME with a huge input.
  raw = windowGeometry(kMax, 1, 1, 1, kSame);
  ASSERT_TRUE(raw.has_value());
  EXPECT_EQ(raw->outSize, kMax);
  EXPECT_EQ(raw->padBefore + raw->padAfter, 0);
}

// saturatingFloatToInt: truncation in range, NaN -> 0, saturation at the
// exact edges (2^63 is the first float above int64's range; -2^63 is in it).
TEST(NonFinite, SaturatingFloatToIntEdges) {
  const double nan = std::nan(""), inf = INFINITY;
  EXPECT_EQ(saturatingFloatToInt<int32_t>(1.7), 1);
  EXPECT_EQ(saturatingFloatToInt<int32_t>(-1.7), -1);
  EXPECT_EQ(saturatingFloatToInt<int32_t>(nan), 0);
  EXPECT_EQ(saturatingFloatToInt<int32_t>(inf), INT32_MAX);
  EXPECT_EQ(saturatingFloatToInt<int32_t>(-inf), INT32_MIN);
  EXPECT_EQ(saturatingFloatToInt<int32_t>(2147483647.9), INT32_MAX);
  EXPECT_EQ(saturatingFloatToInt<int32_t>(-2147483648.9), INT32_MIN);
  EXPECT_EQ(saturatingFloatToInt<int64_t>(9223372036854775808.0), INT64_MAX);
  EXPECT_EQ(saturatingFloatToInt<int64_t>(-9223372036854775808.0), INT64_MIN);
  EXPECT_EQ(saturatingFloatToInt<int64_t>(9223372036854774784.0),
            9223372036854774784LL); // the largest double below 2^63
  EXPECT_EQ(saturatingFloatToInt<uint64_t>(18446744073709551616.0), UINT64_MAX);
  EXPECT_EQ(saturatingFloatToInt<uint8_t>(-1.7f), 0);
  EXPECT_EQ(saturatingFloatToInt<uint8_t>(-0.5f), 0);
  EXPECT_EQ(saturatingFloatToInt<uint8_t>(300.f), 255);
  EXPECT_EQ(saturatingFloatToInt<int8_t>(-200.f), -128);
  EXPECT_EQ(saturatingFloatToInt<int16_t>(-inf), INT16_MIN);
}

// greaterNaNFirst is a strict weak order: NaN first, then descending, and a
// stable sort keeps equal values (NaNs too) in index order.
TEST(NonFinite, GreaterNaNFirstOrder) {
  const float nan = std::nanf(""), inf = INFINITY;
  std::vector<float> v = {1, nan, -inf, inf, 3, nan, 3, -0.f, 0.f};
  std::vector<int> order(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return greaterNaNFirst(v[a], v[b]); });
  EXPECT_EQ(order, (std::vector<int>{1, 5, 3, 4, 6, 0, 7, 8, 2}));
  EXPECT_FALSE(greaterNaNFirst(nan, nan));
  EXPECT_TRUE(greaterNaNFirst(nan, inf));
  EXPECT_FALSE(greaterNaNFirst(inf, nan));
  EXPECT_TRUE(greaterNaNFirst(int64_t{2}, int64_t{1}));
}

} // namespace
