//===- Slice.cpp - Slice, StridedSlice -> hlo -----------------------------===//
//
//  - Slice (TF's SliceOp): with constant begin/size, hlo.slice [begin,
//    begin + size) per dim (size -1: to the end). With a run-time begin and
//    a static result, hlo.dynamic_slice (its starts clamp into range where
//    TF reports an out-of-bounds error).
//  - StridedSlice (TF's StridedSliceOp) with constant begin/end/strides:
//    the per-dim start/stop come from lib/Support/StridedSlice (TF's
//    ValidateStridedSliceOp, all five masks); negative strides are an
//    hlo.reverse of those dims followed by an increasing hlo.slice; new
//    axes and shrinks only change the final hlo.reshape to the result type.
// Any dtype the hlo ops take; begin/end/strides/size int32 or int64.
// Refused: dynamic shapes, a run-time size (Slice) or begin/end/strides
// (StridedSlice), a slice out of bounds, a spec TF rejects (TF's message).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"
#include "lib/Support/StridedSlice.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Slice -> hlo.slice (constant begin) or hlo.dynamic_slice (run-time
/// begin).
struct SliceLowering : HLOPattern<TF::SliceOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::SliceOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto begin = constantInts(a.getBegin());
    auto size = constantInts(a.getSize());
    auto out = staticResult(op);
    auto bt = staticType(a.getBegin());
    if (in && !begin && size && out && bt && bt.getRank() == 1 &&
        bt.getDimSize(0) == in.getRank()) {
      // Run-time begin with a static result: hlo.dynamic_slice (its starts
      // clamp into range where TF would report an out-of-bounds error).
      Location loc = op.getLoc();
      SmallVector<Value> starts;
      for (int64_t d = 0; d < in.getRank(); ++d) {
        Value s =
            SliceOp::create(b, loc, a.getBegin(), ArrayRef<int64_t>{d},
                            ArrayRef<int64_t>{d + 1}, ArrayRef<int64_t>{1});
        starts.push_back(reshape(b, loc, s, {}));
      }
      results.push_back(
          DynamicSliceOp::create(b, loc, a.getInput(), starts, out.getShape()));
      return success();
    }
    if (!in || !begin || !size)
      return fail(op, b, "needs a static input and constant begin/size");
    int64_t rank = in.getRank();
    if (static_cast<int64_t>(begin->size()) != rank ||
        static_cast<int64_t>(size->size()) != rank)
      return fail(op, b, "begin/size length differs from the rank");
    SmallVector<int64_t> limit, strides(rank, 1);
    for (int64_t d = 0; d < rank; ++d) {
      int64_t s =
          (*size)[d] == -1 ? in.getDimSize(d) - (*begin)[d] : (*size)[d];
      if ((*begin)[d] < 0 || s < 0 || (*begin)[d] + s > in.getDimSize(d))
        return fail(op, b, "slice out of bounds in dim " + std::to_string(d));
      limit.push_back((*begin)[d] + s);
    }
    results.push_back(
        SliceOp::create(b, op.getLoc(), a.getInput(), *begin, limit, strides));
    return success();
  }
};

/// tf.StridedSlice -> [hlo.reverse] + hlo.slice + hlo.reshape.
struct StridedSliceLowering : HLOPattern<TF::StridedSliceOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::StridedSliceOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto out = staticResult(op);
    auto begin = constantInts(a.getBegin());
    auto end = constantInts(a.getEnd());
    auto strides = constantInts(a.getStrides());
    if (!in || !out || !begin || !end || !strides)
      return fail(op, b, "needs static shapes and constant begin/end/strides");
    size_t n = begin->size();
    if (end->size() != n || strides->size() != n)
      return fail(op, b, "begin/end/strides lengths differ");
    int64_t rank = in.getRank();
    StridedSliceResult spec;
    absl::Status status =
        computeStridedSlice(in.getShape(), *begin, *end, *strides,
                            {static_cast<int64_t>(op.getBeginMask()),
                             static_cast<int64_t>(op.getEndMask()),
                             static_cast<int64_t>(op.getEllipsisMask()),
                             static_cast<int64_t>(op.getNewAxisMask()),
                             static_cast<int64_t>(op.getShrinkAxisMask())},
                            spec);
    if (!status.ok())
      return fail(op, b, std::string(status.message()));
    Location loc = op.getLoc();
    Value x = a.getInput();
    SmallVector<int64_t> revDims, start, limit, step;
    // New axes and shrinks only change the final reshape (the result type).
    for (int64_t d = 0; d < rank; ++d) {
      const StridedSliceDim &s = spec.dims[d];
      int64_t size = in.getDimSize(d);
      if (s.stride > 0) {
        start.push_back(s.begin);
        limit.push_back(std::max(s.end, s.begin));
        step.push_back(s.stride);
      } else {
        // Negative stride: walk down from `begin` (inclusive) to `end`
        // (exclusive); on the reversed dim that is an increasing slice.
        revDims.push_back(d);
        int64_t lo = size - 1 - s.begin;
        start.push_back(lo);
        limit.push_back(std::max(size - 1 - s.end, lo));
        step.push_back(-s.stride);
      }
    }
    if (!revDims.empty())
      x = ReverseOp::create(b, loc, x, revDims);
    Value sl = SliceOp::create(b, loc, x, start, limit, step);
    auto st = cast<RankedTensorType>(sl.getType());
    if (st.getNumElements() != out.getNumElements())
      return fail(op, b, "computed slice size differs from the result type");
    results.push_back(reshape(b, loc, sl, out.getShape()));
    return success();
  }
};

} // namespace

void populateShapeSlicePatterns(RewritePatternSet &patterns,
                                ConversionState &state) {
  patterns.add<SliceLowering, StridedSliceLowering>(patterns.getContext(),
                                                    state);
}

} // namespace tfmlir::tohlo
