//===- Space.cpp - SpaceToDepth, DepthToSpace, SpaceToBatchND, BatchToSpaceND
//===//
//
// Semantics: TF's CPU kernels SpaceToDepthOp, DepthToSpaceOp,
// SpaceToBatchNDOp and BatchToSpaceNDOp; all are static data movement
// (hlo.reshape, hlo.transpose, hlo.pad / hlo.slice), any dtype.
//  - SpaceToDepth / DepthToSpace (4-D NHWC, block_size b): reshape to
//    [N, H/b, b, W/b, b, C] (resp. [N, H, W, b, b, C/b^2]), transpose dims
//    2 and 3, reshape to the result.
//  - SpaceToBatchND(x [B, s1..sM, rest], constant block [M], constant
//    paddings [M, 2]): pad, reshape to [B, p1/b1, b1, ..., pM/bM, bM,
//    rest], move the block dims to the front, reshape to [B*prod(b),
//    p1/b1, ..., rest].
//  - BatchToSpaceND(x [B*prod(b), s1..sM, rest], constant block, constant
//    crops): reshape to [b1..bM, B, s1..sM, rest], interleave to [B, s1,
//    b1, ..., sM, bM, rest], reshape to [B, s1*b1, ..., rest] and crop.
// Shapes must be static. Refused: NCHW / NCHW_VECT_C, block sizes < 1,
// sizes that are not multiples of the block, negative paddings, crops out
// of range, run-time block_shape / paddings / crops.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include <type_traits>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.SpaceToDepth / tf.DepthToSpace (NHWC) -> hlo.reshape, hlo.transpose,
/// hlo.reshape.
template <typename OpTy> struct SpaceDepthLowering : HLOPattern<OpTy> {
  using HLOPattern<OpTy>::HLOPattern;
  static constexpr bool kToDepth = std::is_same_v<OpTy, TF::SpaceToDepthOp>;

  LogicalResult convert(OpTy op, typename HLOPattern<OpTy>::OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto out = staticResult(op);
    int64_t bs = static_cast<int64_t>(op.getBlockSize());
    if (!in || !out || in.getRank() != 4 || bs < 1 ||
        op.getDataFormat() != "NHWC")
      return this->fail(op, b, "needs a static NHWC input and block_size >= 1");
    Location loc = op.getLoc();
    int64_t N = in.getDimSize(0), H = in.getDimSize(1), W = in.getDimSize(2),
            C = in.getDimSize(3);
    Value x = a.getInput();
    if (kToDepth) {
      if (H % bs || W % bs)
        return this->fail(op, b,
                          "height and width must be multiples of block_size");
      x = reshape(b, loc, x, {N, H / bs, bs, W / bs, bs, C});
      x = transpose(b, loc, x, {0, 1, 3, 2, 4, 5});
      x = reshape(b, loc, x, {N, H / bs, W / bs, bs * bs * C});
    } else {
      if (C % (bs * bs))
        return this->fail(op, b, "depth must be a multiple of block_size^2");
      int64_t c = C / (bs * bs);
      x = reshape(b, loc, x, {N, H, W, bs, bs, c});
      x = transpose(b, loc, x, {0, 1, 3, 2, 4, 5});
      x = reshape(b, loc, x, {N, H * bs, W * bs, c});
    }
    if (cast<RankedTensorType>(x.getType()).getShape() != out.getShape())
      return this->fail(op, b, "result shape disagrees");
    results.push_back(x);
    return success();
  }
};

/// tf.SpaceToBatchND -> hlo.pad, reshape, transpose (blocks to the front),
/// reshape.
struct SpaceToBatchNDLowering : HLOPattern<TF::SpaceToBatchNDOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::SpaceToBatchNDOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto block = constantInts(a.getBlockShape());
    auto pads = constantInts(a.getPaddings());
    auto out = staticResult(op);
    if (!in || !block || !pads || !out || pads->size() != 2 * block->size() ||
        static_cast<int64_t>(block->size()) + 1 > in.getRank())
      return fail(op, b,
                  "needs a static input and constant block_shape/paddings");
    Location loc = op.getLoc();
    int64_t m = block->size(), r = in.getRank();
    SmallVector<int64_t> lo(r, 0), hi(r, 0), interior(r, 0);
    for (int64_t i = 0; i < m; ++i) {
      lo[1 + i] = (*pads)[2 * i];
      hi[1 + i] = (*pads)[2 * i + 1];
      if (lo[1 + i] < 0 || hi[1 + i] < 0 || (*block)[i] < 1)
        return fail(op, b, "negative paddings or non-positive block size");
    }
    Value x =
        PadOp::create(b, loc, a.getInput(),
                      scalar(b, loc, in.getElementType(), 0), lo, hi, interior);
    auto pt = cast<RankedTensorType>(x.getType());
    SmallVector<int64_t> split{pt.getDimSize(0)};
    for (int64_t i = 0; i < m; ++i) {
      int64_t p = pt.getDimSize(1 + i);
      if (p % (*block)[i])
        return fail(op, b, "padded size is not a multiple of the block size");
      split.push_back(p / (*block)[i]);
      split.push_back((*block)[i]);
    }
    for (int64_t d = 1 + m; d < r; ++d)
      split.push_back(pt.getDimSize(d));
    x = reshape(b, loc, x, split);
    SmallVector<int64_t> perm;
    for (int64_t i = 0; i < m; ++i)
      perm.push_back(2 + 2 * i);
    perm.push_back(0);
    for (int64_t i = 0; i < m; ++i)
      perm.push_back(1 + 2 * i);
    for (int64_t d = 1 + 2 * m; d < static_cast<int64_t>(split.size()); ++d)
      perm.push_back(d);
    x = transpose(b, loc, x, perm);
    if (cast<RankedTensorType>(x.getType()).getNumElements() !=
        out.getNumElements())
      return fail(op, b, "result size differs");
    results.push_back(reshape(b, loc, x, out.getShape()));
    return success();
  }
};

/// tf.BatchToSpaceND -> hlo.reshape, transpose (blocks interleaved),
/// reshape, slice (crops).
struct BatchToSpaceNDLowering : HLOPattern<TF::BatchToSpaceNDOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::BatchToSpaceNDOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getInput());
    auto block = constantInts(a.getBlockShape());
    auto crops = constantInts(a.getCrops());
    auto out = staticResult(op);
    if (!in || !block || !crops || !out || crops->size() != 2 * block->size() ||
        static_cast<int64_t>(block->size()) + 1 > in.getRank())
      return fail(op, b, "needs a static input and constant block_shape/crops");
    Location loc = op.getLoc();
    int64_t m = block->size(), r = in.getRank();
    int64_t prod = 1;
    for (int64_t v : *block) {
      if (v < 1)
        return fail(op, b, "non-positive block size");
      prod *= v;
    }
    if (in.getDimSize(0) % prod)
      return fail(op, b, "batch is not a multiple of the block volume");
    int64_t batch = in.getDimSize(0) / prod;
    SmallVector<int64_t> split(block->begin(), block->end());
    split.push_back(batch);
    for (int64_t d = 1; d < r; ++d)
      split.push_back(in.getDimSize(d));
    Value x = reshape(b, loc, a.getInput(), split);
    SmallVector<int64_t> perm{m};
    for (int64_t i = 0; i < m; ++i) {
      perm.push_back(m + 1 + i);
      perm.push_back(i);
    }
    for (int64_t d = 2 * m + 1; d < static_cast<int64_t>(split.size()); ++d)
      perm.push_back(d);
    x = transpose(b, loc, x, perm);
    SmallVector<int64_t> merged{batch};
    for (int64_t i = 0; i < m; ++i)
      merged.push_back(in.getDimSize(1 + i) * (*block)[i]);
    for (int64_t d = 1 + m; d < r; ++d)
      merged.push_back(in.getDimSize(d));
    x = reshape(b, loc, x, merged);
    SmallVector<int64_t> start(r, 0), limit(merged), strides(r, 1);
    for (int64_t i = 0; i < m; ++i) {
      start[1 + i] = (*crops)[2 * i];
      limit[1 + i] = merged[1 + i] - (*crops)[2 * i + 1];
      if (start[1 + i] < 0 || limit[1 + i] < start[1 + i])
        return fail(op, b, "crops out of range");
    }
    results.push_back(SliceOp::create(b, loc, x, start, limit, strides));
    return success();
  }
};

} // namespace

void populateIndexingSpacePatterns(RewritePatternSet &patterns,
                                   ConversionState &state) {
  patterns.add<SpaceDepthLowering<TF::SpaceToDepthOp>,
               SpaceDepthLowering<TF::DepthToSpaceOp>, SpaceToBatchNDLowering,
               BatchToSpaceNDLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
