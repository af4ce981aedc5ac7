//===- Segment.cpp - tf (Unsorted)Segment{Sum,Prod,Max,Min,Mean} -> hlo ---===//
//
// Ops (dialects/tf/TFOpsReduce.td), with the semantics of TF's segment
// reduction kernels (SegmentReductionOp, UnsortedSegmentReductionOp):
//  - SegmentSum/Mean/Prod/Max/Min with constant sorted segment ids: one
//    slice + hlo.reduce per segment (its contiguous rows), concatenated;
//    empty segments give 0 (TF's kernels), Mean divides by the row count.
//    Refused: run-time ids, ids that are not sorted or not in
//    [0, num segments of the static result).
//  - UnsortedSegmentSum/Prod/Max/Min: an hlo.scatter of data into a tensor
//    of the reducer's identity (empty segments keep it: 0, 1, lowest,
//    highest, as TF), with the ids as index vectors; negative ids are
//    skipped, as in TF, and ids >= num_segments fail the Run (the run-time
//    index check, checkIndices kind "segment"), as in TF. Refused:
//    non-integer ids, ids of higher rank than data.
// Shapes: static data, ids and result.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Segment{Sum,Mean,Prod,Max,Min} (constant sorted ids) -> per-segment
/// slice + hlo.reduce, concatenated.
template <typename TFOp, ReduceKind Kind, bool Mean = false>
struct SortedSegmentLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto data = staticType(a.getData());
    auto ids = constantInts(a.getSegmentIds());
    auto out = staticResult(op);
    if (!data || !ids || !out || data.getRank() < 1 ||
        static_cast<int64_t>(ids->size()) != data.getDimSize(0))
      return this->fail(
          op, b,
          "needs static data, constant 1-D segment ids and a static result");
    int64_t ns = out.getDimSize(0);
    for (auto [i, id] : llvm::enumerate(*ids))
      if (id < 0 || id >= ns || (i && id < (*ids)[i - 1]))
        return this->fail(op, b, "segment ids must be sorted and in range");
    Location loc = op.getLoc();
    Type elt = data.getElementType();
    int64_t r = data.getRank();
    SmallVector<int64_t> rowShape(data.getShape().begin() + 1,
                                  data.getShape().end());
    SmallVector<int64_t> one{1};
    one.append(rowShape.begin(), rowShape.end());
    Value init;
    switch (Kind) {
    case ReduceKind::Add:
      init = scalar(b, loc, elt, 0);
      break;
    case ReduceKind::Mul:
      init = scalar(b, loc, elt, 1);
      break;
    case ReduceKind::Max:
      init = minValue(b, loc, elt);
      break;
    case ReduceKind::Min:
      init = maxValue(b, loc, elt);
      break;
    default:
      return this->fail(op, b, "unsupported segment reduction");
    }
    // Sorted ids: segment k is the contiguous row range [begin, end).
    SmallVector<Value> parts;
    int64_t row = 0, total = ids->size();
    for (int64_t k = 0; k < ns; ++k) {
      int64_t begin = row;
      while (row < total && (*ids)[row] == k)
        ++row;
      if (row == begin) { // empty segments are 0 (TF's kernels)
        parts.push_back(splat(b, loc, RankedTensorType::get(one, elt), 0));
        continue;
      }
      SmallVector<int64_t> start(r, 0), limit(data.getShape());
      start[0] = begin;
      limit[0] = row;
      Value v = reduce(b, loc, sliceOf(b, loc, a.getData(), start, limit), init,
                       {0}, Kind);
      if (Mean)
        v = DivideOp::create(b, loc, v,
                             splat(b, loc, RankedTensorType::get(rowShape, elt),
                                   static_cast<double>(row - begin)));
      parts.push_back(reshape(b, loc, v, one));
    }
    results.push_back(parts.size() == 1 ? parts[0]
                                        : Value(ConcatenateOp::create(
                                              b, loc, parts, uint64_t{0})));
    return success();
  }
};

/// tf.UnsortedSegment{Sum,Prod,Max,Min} -> run-time id check + hlo.scatter
/// into the reducer's identity.
template <typename TFOp, ReduceKind Kind>
struct UnsortedSegmentLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto data = staticType(a.getData());
    auto ids = staticType(a.getSegmentIds());
    auto out = staticResult(op);
    if (!data || !ids || !out || ids.getRank() > data.getRank() ||
        !isa<IntegerType>(ids.getElementType()))
      return this->fail(
          op, b, "needs static data, integer segment ids and a static result");
    Location loc = op.getLoc();
    Type elt = data.getElementType();
    // TF fails the Run on an id >= num_segments (negative ids are dropped,
    // as the scatter below does).
    Value checkedIds =
        checkIndices(b, op, a.getSegmentIds(), "segment", {out.getDimSize(0)});
    Value init;
    switch (Kind) {
    case ReduceKind::Add:
      init = splat(b, loc, out, 0);
      break;
    case ReduceKind::Mul:
      init = splat(b, loc, out, 1);
      break;
    case ReduceKind::Max:
      init = broadcastTo(b, loc, minValue(b, loc, elt), out.getShape());
      break;
    case ReduceKind::Min:
      init = broadcastTo(b, loc, maxValue(b, loc, elt), out.getShape());
      break;
    default:
      return this->fail(op, b, "unsupported segment reduction");
    }
    int64_t ir = ids.getRank();
    SmallVector<int64_t> window;
    for (int64_t d = ir; d < data.getRank(); ++d)
      window.push_back(d);
    auto dn = ScatterDimensionNumbersAttr::get(b.getContext(), window, {0}, {},
                                               {}, {0}, ir);
    auto sc =
        ScatterOp::create(b, loc, TypeRange{out}, ValueRange{init}, checkedIds,
                          ValueRange{a.getData()}, dn, false, false);
    {
      OpBuilder::InsertionGuard g(b);
      auto st = RankedTensorType::get({}, elt);
      Block *body =
          b.createBlock(&sc.getUpdateComputation(), {}, {st, st}, {loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{combine(b, loc, Kind, body->getArgument(0),
                                          body->getArgument(1))});
    }
    results.push_back(sc.getResult(0));
    return success();
  }
};

} // namespace

void populateReduceSegmentPatterns(RewritePatternSet &patterns,
                                   ConversionState &state) {
  patterns
      .add<SortedSegmentLowering<TF::SegmentSumOp, ReduceKind::Add>,
           SortedSegmentLowering<TF::SegmentMeanOp, ReduceKind::Add, true>,
           SortedSegmentLowering<TF::SegmentProdOp, ReduceKind::Mul>,
           SortedSegmentLowering<TF::SegmentMaxOp, ReduceKind::Max>,
           SortedSegmentLowering<TF::SegmentMinOp, ReduceKind::Min>,
           UnsortedSegmentLowering<TF::UnsortedSegmentSumOp, ReduceKind::Add>,
           UnsortedSegmentLowering<TF::UnsortedSegmentProdOp, ReduceKind::Mul>,
           UnsortedSegmentLowering<TF::UnsortedSegmentMaxOp, ReduceKind::Max>,
           UnsortedSegmentLowering<TF::UnsortedSegmentMinOp, ReduceKind::Min>>(
          patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
