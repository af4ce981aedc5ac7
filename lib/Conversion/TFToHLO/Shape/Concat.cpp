//===- Concat.cpp - Concat(V2), ParallelConcat, Pack, Unpack, Split(V) ----===//
//
//  - ConcatV2 (axis last) and Concat (axis first) (TF's ConcatV2Op,
//    ConcatOp): hlo.concatenate along the constant axis (negative counts
//    from the back); operands of size 0 along the axis are dropped, an
//    empty result is a zero splat of its type, one piece is forwarded.
//  - ParallelConcat (TF's ParallelConcat; its values are the [1, ...]
//    rows of the attr `shape`): hlo.concatenate along dim 0.
//  - Pack (TF's PackOp, tf.stack): each value reshaped to the result shape
//    with 1 at `axis`, then hlo.concatenate along `axis`.
//  - Unpack (TF's UnpackOp, tf.unstack): one hlo.slice per result along
//    `axis`, reshaped without that dim.
//  - Split (split_dim first) and SplitV (size_splits, split_dim last) (TF's
//    SplitOp, SplitVOp): consecutive hlo.slices along the constant dim, of
//    the sizes of the (static) result types.
// Any dtype the hlo ops take. Refused: dynamic shapes, a run-time axis or
// split_dim, an axis out of range, pieces that do not fill the result.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.ConcatV2 / tf.Concat -> hlo.concatenate along the constant axis.
template <typename TFOp> struct ConcatLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    ValueRange values = a.getValues();
    if (values.empty())
      return this->fail(op, b, "needs an axis and at least one value");
    Value axisV;
    if constexpr (std::is_same_v<TFOp, TF::ConcatV2Op>)
      axisV = a.getAxis();
    else
      axisV = a.getConcatDim();
    auto out = staticResult(op);
    auto axis = constantInts(axisV);
    if (!out || !axis || axis->size() != 1)
      return this->fail(op, b, "needs a static result and a constant axis");
    auto dim = normAxis((*axis)[0], out.getRank());
    if (!dim)
      return this->fail(op, b, "axis out of range");
    SmallVector<Value> parts;
    for (Value v : values) {
      auto t = staticType(v);
      if (!t)
        return this->fail(op, b, "operand shape is not static");
      // Only an operand of size 0 along the axis adds nothing: a [1, 0]
      // piece of a concat along dim 0 still adds a row (TF: two [1, 0]
      // values give [2, 0]).
      if (t.getRank() == out.getRank() && t.getDimSize(*dim) == 0 &&
          values.size() > 1)
        continue;
      parts.push_back(v);
    }
    // An empty result (any dim 0) has no values to compute: its type is
    // the whole answer.
    if (out.getNumElements() == 0) {
      results.push_back(splat(b, op.getLoc(), out, 0));
      return success();
    }
    if (parts.size() == 1) {
      results.push_back(parts[0]);
      return success();
    }
    if (parts.empty())
      parts.push_back(values.front());
    results.push_back(ConcatenateOp::create(b, op.getLoc(), parts,
                                            static_cast<uint64_t>(*dim)));
    return success();
  }
};

/// tf.ParallelConcat -> hlo.concatenate of the values along dim 0.
struct ParallelConcatLowering : HLOPattern<TF::ParallelConcatOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::ParallelConcatOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out || out.getRank() < 1)
      return fail(op, b, "needs a static result");
    int64_t total = 0;
    for (Value v : a.getValues()) {
      auto t = staticType(v);
      if (!t || t.getRank() != out.getRank())
        return fail(op, b, "values must be static and of the result's rank");
      total += t.getDimSize(0);
    }
    if (total != out.getDimSize(0))
      return fail(op, b, "values do not fill the result");
    Value r = a.getValues().size() == 1
                  ? a.getValues()[0]
                  : Value(ConcatenateOp::create(b, op.getLoc(), a.getValues(),
                                                uint64_t{0}));
    results.push_back(r);
    return success();
  }
};

/// tf.Pack -> hlo.reshape of each value (1 at axis) and hlo.concatenate.
struct PackLowering : HLOPattern<TF::PackOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::PackOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out || a.getValues().empty())
      return fail(op, b, "shape is not static");
    auto dim = normAxis(static_cast<int64_t>(op.getAxis()), out.getRank());
    if (!dim)
      return fail(op, b, "axis out of range");
    SmallVector<int64_t> piece(out.getShape());
    piece[*dim] = 1;
    SmallVector<Value> parts;
    for (Value v : a.getValues()) {
      if (!staticType(v))
        return fail(op, b, "operand shape is not static");
      parts.push_back(reshape(b, op.getLoc(), v, piece));
    }
    if (parts.size() == 1) {
      results.push_back(parts[0]);
      return success();
    }
    results.push_back(ConcatenateOp::create(b, op.getLoc(), parts,
                                            static_cast<uint64_t>(*dim)));
    return success();
  }
};

/// tf.Unpack -> one hlo.slice + hlo.reshape per result.
struct UnpackLowering : HLOPattern<TF::UnpackOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::UnpackOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value value = a.getValue();
    auto in = staticType(value);
    if (!in || in.getRank() == 0)
      return fail(op, b, "shape is not static");
    auto dim = normAxis(static_cast<int64_t>(op.getAxis()), in.getRank());
    if (!dim || in.getDimSize(*dim) != op->getNumResults())
      return fail(op, b,
                  "axis out of range or size differs from the result count");
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape()),
          strides(in.getRank(), 1);
      start[*dim] = i;
      limit[*dim] = i + 1;
      Value s = SliceOp::create(b, op.getLoc(), value, start, limit, strides);
      SmallVector<int64_t> shape(in.getShape());
      shape.erase(shape.begin() + *dim);
      results.push_back(reshape(b, op.getLoc(), s, shape));
    }
    return success();
  }
};

/// tf.Split / tf.SplitV -> consecutive hlo.slices along the split dim.
template <typename TFOp> struct SplitLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value x = a.getValue();
    auto in = staticType(x);
    auto axis = constantInts(a.getSplitDim());
    if (!in || !axis || axis->size() != 1)
      return this->fail(op, b, "needs a static input and a constant axis");
    auto dim = normAxis((*axis)[0], in.getRank());
    if (!dim)
      return this->fail(op, b, "axis out of range");
    int64_t offset = 0;
    for (unsigned i = 0; i < op->getNumResults(); ++i) {
      auto rt = staticResult(op, i);
      if (!rt)
        return this->fail(op, b, "result shape is not static");
      int64_t size = rt.getDimSize(*dim);
      SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape()),
          strides(in.getRank(), 1);
      start[*dim] = offset;
      limit[*dim] = offset + size;
      offset += size;
      if (offset > in.getDimSize(*dim))
        return this->fail(op, b, "split sizes exceed the dim");
      results.push_back(
          SliceOp::create(b, op.getLoc(), x, start, limit, strides));
    }
    return success();
  }
};

} // namespace

void populateShapeConcatPatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns.add<ConcatLowering<TF::ConcatV2Op>, ConcatLowering<TF::ConcatOp>,
               ParallelConcatLowering, PackLowering, UnpackLowering,
               SplitLowering<TF::SplitOp>, SplitLowering<TF::SplitVOp>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
