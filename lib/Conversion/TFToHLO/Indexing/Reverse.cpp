//===- Reverse.cpp - ReverseV2, ReverseSequence, Roll -> hlo --------------===//
//
// Semantics: TF's CPU kernels ReverseV2Op, ReverseSequenceOp and RollOp;
// static data movement, any dtype.
//  - ReverseV2 with constant axes (negative ones normalized, repeats
//    dropped): hlo.reverse; no axes is the input itself.
//  - ReverseSequence with constant seq_lengths: for each (batch, position)
//    the source position along seq_dim (l - 1 - i below l = seq_lengths[b],
//    i itself from there on); per source position j, a slice of the input
//    broadcast back and selected where the source is j.
//  - Roll with constant shift / axis (shifts of a repeated axis add): per
//    dim, the shift reduced modulo the dim size (negative shifts roll
//    left), result = concat(x[n - s:], x[:n - s]) along it.
// Shapes must be static. Refused: run-time axes / seq_lengths / shift,
// axes out of range, seq_dim == batch_dim, a seq_length outside [0,
// input.shape[seq_dim]].
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// tf.ReverseV2 (constant axes) -> hlo.reverse.
struct ReverseV2Lowering : HLOPattern<TF::ReverseV2Op> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::ReverseV2Op op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getTensor());
    auto axes = constantInts(a.getAxis());
    if (!in || !axes)
      return fail(op, b, "needs a static input and constant axes");
    SmallVector<int64_t> dims;
    for (int64_t x : *axes) {
      auto d = normAxis(x, in.getRank());
      if (!d)
        return fail(op, b, "axis out of range");
      if (!llvm::is_contained(dims, *d))
        dims.push_back(*d);
    }
    results.push_back(dims.empty() ? a.getTensor()
                                   : Value(ReverseOp::create(
                                         b, op.getLoc(), a.getTensor(), dims)));
    return success();
  }
};

/// tf.ReverseSequence (constant seq_lengths) -> per source position a
/// slice broadcast back, hlo.select where the source matches.
struct ReverseSequenceLowering : HLOPattern<TF::ReverseSequenceOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::ReverseSequenceOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto lens = constantInts(a.getSeqLengths());
    int64_t r = in ? in.getRank() : 0;
    int64_t sd = static_cast<int64_t>(op.getSeqDim()),
            bd = static_cast<int64_t>(op.getBatchDim());
    if (!in || !lens || sd < 0 || bd < 0 || sd >= r || bd >= r || sd == bd ||
        static_cast<int64_t>(lens->size()) != in.getDimSize(bd))
      return fail(op, b, "needs a static input and constant seq_lengths");
    Location loc = op.getLoc();
    int64_t B = in.getDimSize(bd), S = in.getDimSize(sd);
    // Source position along seq_dim for each (batch, position).
    SmallVector<int32_t> src;
    for (int64_t bi = 0; bi < B; ++bi) {
      int64_t l = (*lens)[bi];
      if (l < 0 || l > S)
        return fail(op, b, "a seq_length is out of range");
      for (int64_t i = 0; i < S; ++i)
        src.push_back(static_cast<int32_t>(i < l ? l - 1 - i : i));
    }
    auto st = RankedTensorType::get({B, S}, b.getI32Type());
    Value srcV =
        constant(b, loc, DenseElementsAttr::get(st, ArrayRef<int32_t>(src)));
    Value srcB = broadcastInDim(b, loc, srcV, in.getShape(), {bd, sd});
    // Select, for each source position j, the elements whose source is j.
    Value acc = splat(b, loc, in, 0);
    for (int64_t j = 0; j < S; ++j) {
      SmallVector<int64_t> start(r, 0), limit(in.getShape());
      start[sd] = j;
      limit[sd] = j + 1;
      Value piece = sliceOf(b, loc, a.getInput(), start, limit);
      SmallVector<int64_t> keep;
      for (int64_t d = 0; d < r; ++d)
        keep.push_back(d);
      Value pb = broadcastInDim(b, loc, piece, in.getShape(), keep);
      Value is = compare(
          b, loc, srcB,
          splat(b, loc, RankedTensorType::get(in.getShape(), b.getI32Type()),
                j),
          Dir::EQ);
      acc = SelectOp::create(b, loc, is, pb, acc);
    }
    results.push_back(acc);
    return success();
  }
};

/// tf.Roll (constant shift / axis) -> per rolled dim two hlo.slices and an
/// hlo.concatenate.
struct RollLowering : HLOPattern<TF::RollOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::RollOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto shift = constantInts(a.getShift());
    auto axis = constantInts(a.getAxis());
    if (!in || !shift || !axis || shift->size() != axis->size())
      return fail(op, b,
                  "needs a static input and constant shift/axis of one size");
    Location loc = op.getLoc();
    Value x = a.getInput();
    // Accumulate the shift per dim (TF sums shifts of repeated axes).
    SmallVector<int64_t> total(in.getRank(), 0);
    for (auto [s, ax] : llvm::zip(*shift, *axis)) {
      auto d = normAxis(ax, in.getRank());
      if (!d)
        return fail(op, b, "axis out of range");
      total[*d] += s;
    }
    for (int64_t d = 0; d < in.getRank(); ++d) {
      int64_t n = in.getDimSize(d);
      if (n == 0)
        continue;
      int64_t s = ((total[d] % n) + n) % n;
      if (s == 0)
        continue;
      // result = concat(x[n - s:], x[:n - s]) along d.
      SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape()),
          strides(in.getRank(), 1);
      start[d] = n - s;
      Value tail = SliceOp::create(b, loc, x, start, limit, strides);
      start[d] = 0;
      limit[d] = n - s;
      Value head = SliceOp::create(b, loc, x, start, limit, strides);
      x = ConcatenateOp::create(b, loc, ValueRange{tail, head},
                                static_cast<uint64_t>(d));
    }
    results.push_back(x);
    return success();
  }
};

} // namespace

void populateIndexingReversePatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  patterns.add<ReverseV2Lowering, ReverseSequenceLowering, RollLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
