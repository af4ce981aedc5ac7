//===- StridedSlice.cpp - TF's StridedSlice canonicalization -------------===//
//
// BuildDenseSpec and ValidateStridedSliceOp of TensorFlow's
// core/util/strided_slice_op.cc, extended to per-element unknown values.
//===----------------------------------------------------------------------===//
#include "lib/Support/StridedSlice.h"

#include <algorithm>
#include <string>

namespace tfmlir {
namespace {

bool bit(int64_t mask, int64_t i) {
  return i >= 0 && i < 64 && ((static_cast<uint64_t>(mask) >> i) & 1);
}

bool known(int64_t v) { return v != kSliceUnknown; }

absl::Status invalid(const std::string &msg) {
  return absl::InvalidArgumentError(msg);
}

/// TF's sparse -> dense step for one input of rank `denseDims`: fills
/// begin/end/stride values, the dense masks and the final gather list.
struct DenseSpec {
  std::vector<int64_t> begin, end, strides;
  std::vector<bool> beginMask, endMask, shrink;
  /// Final shape gather: a dense index, kNewAxis or kShrinkAxis.
  std::vector<int64_t> gather;
};
constexpr int64_t kNewAxis = -1, kShrinkAxis = -2;

} // namespace

absl::Status computeStridedSlice(std::span<const int64_t> inputShape,
                                 std::span<const int64_t> begin,
                                 std::span<const int64_t> end,
                                 std::span<const int64_t> strides,
                                 const StridedSliceMasks &masks,
                                 StridedSliceResult &out) {
  out = StridedSliceResult();
  const int64_t n = static_cast<int64_t>(begin.size());
  if (static_cast<int64_t>(end.size()) != n ||
      static_cast<int64_t>(strides.size()) != n)
    return invalid("begin, end and strides must have the same length, got " +
                   std::to_string(n) + ", " + std::to_string(end.size()) +
                   " and " + std::to_string(strides.size()));
  const uint64_t ellipsisBits = static_cast<uint64_t>(masks.ellipsis);
  if (ellipsisBits & (ellipsisBits - 1))
    return invalid("multiple ellipses in slice spec not allowed "
                   "(ellipsis_mask = " +
                   std::to_string(masks.ellipsis) + ")");

  // Sparse spec: count new axes after the ellipsis; without an ellipsis one
  // is implied after the last entry (index n).
  int64_t ellipsisIndex = -1, newAxisAfterEllipsis = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (ellipsisIndex >= 0 && bit(masks.newAxis, i))
      ++newAxisAfterEllipsis;
    if (ellipsisIndex < 0 && bit(masks.ellipsis, i))
      ellipsisIndex = i;
  }
  int64_t sparseDims = n;
  if (ellipsisIndex < 0)
    ellipsisIndex = sparseDims++;

  // Dense spec (BuildDenseSpec).
  const int64_t denseDims = static_cast<int64_t>(inputShape.size());
  DenseSpec d;
  d.begin.assign(denseDims, 0);
  d.end.assign(denseDims, 0);
  d.strides.assign(denseDims, 1);
  d.beginMask.assign(denseDims, false);
  d.endMask.assign(denseDims, false);
  d.shrink.assign(denseDims, false);
  int64_t full = 0;
  for (int64_t i = 0; i < sparseDims; ++i) {
    if (i == ellipsisIndex) {
      int64_t next = std::min(
          denseDims - (sparseDims - i) + 1 + newAxisAfterEllipsis, denseDims);
      for (; full < next; ++full) {
        d.beginMask[full] = d.endMask[full] = true;
        d.gather.push_back(full);
      }
    } else if (bit(masks.newAxis, i)) {
      d.gather.push_back(kNewAxis);
    } else {
      if (full == denseDims)
        return invalid("index out of range using input dim " +
                       std::to_string(full) + "; input has only " +
                       std::to_string(denseDims) + " dims");
      d.begin[full] = begin[i];
      d.end[full] = end[i];
      d.strides[full] = strides[i];
      d.beginMask[full] = bit(masks.begin, i);
      d.endMask[full] = bit(masks.end, i);
      if (bit(masks.shrinkAxis, i)) {
        d.gather.push_back(kShrinkAxis);
        d.shrink[full] = true;
      } else {
        d.gather.push_back(full);
      }
      ++full;
    }
  }

  // Canonical begin/end and the processing shape (ValidateStridedSliceOp).
  out.dims.resize(denseDims);
  for (int64_t i = 0; i < denseDims; ++i) {
    StridedSliceDim &r = out.dims[i];
    const int64_t dim = inputShape[i];
    const int64_t stride = d.strides[i];
    const bool shrink = d.shrink[i];
    r.shrink = shrink;
    r.beginMasked = d.beginMask[i];
    r.endMasked = d.endMask[i];
    r.begin = r.end = kSliceUnknown;
    r.stride = stride;
    r.size = kSliceUnknown;
    if (stride == 0)
      return invalid("strides[" + std::to_string(i) + "] must be non-zero");
    const bool strideKnown = known(stride);
    if (shrink && strideKnown && stride < 0)
      return invalid("only stride 1 allowed on non-range indexing");
    if (shrink) {
      // A shrink dim reads exactly one index (TF re-creates end as
      // begin + 1); the size is 1 even when the dim is unknown.
      r.size = 1;
      r.stride = 1;
      if (known(dim) && known(d.begin[i])) {
        int64_t fwd = d.begin[i] < 0 ? dim + d.begin[i] : d.begin[i];
        if (fwd < 0 || fwd >= dim)
          return invalid("slice index " + std::to_string(d.begin[i]) +
                         " of dimension " + std::to_string(i) +
                         " out of bounds");
        r.begin = fwd;
        r.end = fwd + 1;
      }
      continue;
    }
    if (!known(dim) || !strideKnown)
      continue;
    const int64_t lo = stride > 0 ? 0 : -1, hi = stride > 0 ? dim : dim - 1;
    auto canonical = [&](int64_t x, bool masked, bool isBegin) -> int64_t {
      if (masked)
        return (stride > 0) == isBegin ? lo : hi;
      if (!known(x))
        return kSliceUnknown;
      int64_t fwd = x < 0 ? dim + x : x;
      return std::clamp(fwd, lo, hi);
    };
    r.begin = canonical(d.begin[i], d.beginMask[i], true);
    r.end = canonical(d.end[i], d.endMask[i], false);
    if (!known(r.begin) || !known(r.end))
      continue;
    const int64_t interval = r.end - r.begin;
    if (interval == 0 || ((interval < 0) != (stride < 0)))
      r.size = 0;
    else
      r.size = interval / stride + (interval % stride != 0 ? 1 : 0);
  }

  // Processing and final shapes.
  for (const StridedSliceDim &r : out.dims)
    out.processingShape.push_back(r.size);
  for (int64_t g : d.gather) {
    if (g >= 0) {
      out.finalShape.push_back(out.dims[g].size);
      out.finalToProcessing.push_back(g);
    } else if (g == kNewAxis) {
      out.finalShape.push_back(1);
      out.finalToProcessing.push_back(-1);
    }
  }
  return absl::OkStatus();
}

} // namespace tfmlir
