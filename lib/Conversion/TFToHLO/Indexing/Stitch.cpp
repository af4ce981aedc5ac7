//===- Stitch.cpp - DynamicPartition, (Parallel)DynamicStitch -> hlo ------===//
//
// Semantics: TF's CPU kernels DynamicPartitionOp and DynamicStitchOp /
// ParallelDynamicStitchOp. Their result shapes depend on the index values,
// so they are lowered only for constant indices (the shape function then
// gives static results); run-time ones are left to the Session's host
// kernels.
//  - DynamicPartition(data, constant partitions, num_partitions): the
//    partitioned prefix of data flattened into rows; output p is the rows
//    whose partition is p, in order (hlo.slice per row + hlo.concatenate;
//    an empty [0, ...] constant for an empty partition).
//  - DynamicStitch / ParallelDynamicStitch(N constant indices, N data):
//    each output row taken from the last piece that writes it (TF: later
//    pieces win for DynamicStitch; unspecified for duplicates in
//    ParallelDynamicStitch); rows no index writes are zeros (TF leaves them
//    undefined). Slices + hlo.concatenate.
// Any dtype; shapes must be static. Refused: run-time indices, a partition
// index outside [0, num_partitions), a negative stitch index, data shapes
// that do not start with their indices' shape or differ in row shape.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <map>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// Rows `rows` of the static `x` (dim 0), concatenated in that order (an
/// empty [0, ...] constant when there are none).
Value takeRows(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> rows) {
  auto t = cast<RankedTensorType>(x.getType());
  if (rows.empty()) {
    SmallVector<int64_t> s(t.getShape());
    s[0] = 0;
    return splat(b, loc, RankedTensorType::get(s, t.getElementType()), 0);
  }
  SmallVector<Value> parts;
  for (int64_t r : rows) {
    SmallVector<int64_t> start(t.getRank(), 0), limit(t.getShape());
    start[0] = r;
    limit[0] = r + 1;
    parts.push_back(sliceOf(b, loc, x, start, limit));
  }
  return parts.size() == 1
             ? parts[0]
             : Value(ConcatenateOp::create(b, loc, parts, uint64_t{0}));
}

/// tf.DynamicPartition (constant partitions) -> the rows of each partition
/// (hlo.slice + hlo.concatenate).
struct DynamicPartitionLowering : HLOPattern<TF::DynamicPartitionOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::DynamicPartitionOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto data = staticType(a.getData());
    auto part = staticType(a.getPartitions());
    auto ids = constantInts(a.getPartitions());
    int64_t np = static_cast<int64_t>(op.getNumPartitions().value_or(0));
    if (!data || !part || !ids ||
        np != static_cast<int64_t>(op->getNumResults()) ||
        part.getRank() > data.getRank() ||
        data.getShape().take_front(part.getRank()) != part.getShape())
      return fail(op, b, "needs static data and constant partitions");
    Location loc = op.getLoc();
    // Flatten the partitioned prefix into one dim of rows.
    int64_t n = part.getNumElements();
    SmallVector<int64_t> flat{n};
    flat.append(data.getShape().begin() + part.getRank(),
                data.getShape().end());
    Value x = reshape(b, loc, a.getData(), flat);
    for (int64_t p = 0; p < np; ++p) {
      SmallVector<int64_t> rows;
      for (auto [i, id] : llvm::enumerate(*ids)) {
        if (id < 0 || id >= np)
          return fail(op, b, "a partition index is out of range");
        if (id == p)
          rows.push_back(i);
      }
      results.push_back(takeRows(b, loc, x, rows));
    }
    return success();
  }
};

/// tf.DynamicStitch / tf.ParallelDynamicStitch (constant indices) -> each
/// output row sliced from the piece that writes it last, concatenated.
template <typename OpTy> struct DynamicStitchLowering : HLOPattern<OpTy> {
  using HLOPattern<OpTy>::HLOPattern;
  LogicalResult convert(OpTy op, typename HLOPattern<OpTy>::OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    int64_t n = a.getIndices().size();
    if (n < 1 || static_cast<int64_t>(a.getData().size()) != n)
      return this->fail(op, b, "needs N indices and N data");
    // For each output row, the (piece, row) that writes it last (TF: later
    // pieces win for DynamicStitch; the order is unspecified for duplicates
    // in ParallelDynamicStitch).
    std::map<int64_t, std::pair<int64_t, int64_t>> src;
    SmallVector<Value> pieces;
    Location loc = op.getLoc();
    SmallVector<int64_t> rowShape;
    Type elt;
    for (int64_t k = 0; k < n; ++k) {
      auto idx = constantInts(a.getIndices()[k]);
      auto it = staticType(a.getIndices()[k]);
      auto dt = staticType(a.getData()[k]);
      if (!idx || !it || !dt)
        return this->fail(op, b, "needs constant indices and static data");
      int64_t ir = it.getRank();
      if (dt.getRank() < ir || dt.getShape().take_front(ir) != it.getShape())
        return this->fail(op, b,
                          "data shape must start with its indices' shape");
      SmallVector<int64_t> rs(dt.getShape().begin() + ir, dt.getShape().end());
      if (k == 0) {
        rowShape = rs;
        elt = dt.getElementType();
      } else if (rs != rowShape) {
        return this->fail(op, b, "data pieces have different row shapes");
      }
      SmallVector<int64_t> flat{it.getNumElements()};
      flat.append(rs.begin(), rs.end());
      pieces.push_back(reshape(b, loc, a.getData()[k], flat));
      for (auto [i, id] : llvm::enumerate(*idx)) {
        if (id < 0)
          return this->fail(op, b, "a negative index");
        src[id] = {k, static_cast<int64_t>(i)};
      }
    }
    int64_t rows = src.empty() ? 0 : src.rbegin()->first + 1;
    auto out = staticResult(op);
    SmallVector<int64_t> outShape{rows};
    outShape.append(rowShape.begin(), rowShape.end());
    if (out && out.getShape() != ArrayRef<int64_t>(outShape))
      return this->fail(op, b, "result shape disagrees with the indices");
    SmallVector<int64_t> one{1};
    one.append(rowShape.begin(), rowShape.end());
    SmallVector<Value> parts;
    for (int64_t r = 0; r < rows; ++r) {
      auto it = src.find(r);
      if (it == src.end()) { // unwritten rows are zeros (TF: undefined)
        parts.push_back(splat(b, loc, RankedTensorType::get(one, elt), 0));
        continue;
      }
      parts.push_back(
          takeRows(b, loc, pieces[it->second.first], {it->second.second}));
    }
    if (parts.empty())
      results.push_back(splat(b, loc, RankedTensorType::get(outShape, elt), 0));
    else
      results.push_back(parts.size() == 1 ? parts[0]
                                          : Value(ConcatenateOp::create(
                                                b, loc, parts, uint64_t{0})));
    return success();
  }
};

} // namespace

void populateIndexingStitchPatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  patterns
      .add<DynamicPartitionLowering, DynamicStitchLowering<TF::DynamicStitchOp>,
           DynamicStitchLowering<TF::ParallelDynamicStitchOp>>(
          patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
