//===- ConvertShape.cpp - tf shape and data-movement ops -> hlo -----------===//
//
// Shape operands (perm, axis, begin/end/strides, paddings, multiples, dims)
// must be constants, and the shapes static: the result shape is then known
// and each op becomes static hlo data movement. Reshape/ExpandDims/Squeeze
// use the (shape-inferred) result type. StridedSlice implements TF's masks
// (begin/end/ellipsis/new_axis/shrink_axis) and negative strides (a reverse
// followed by a slice). GatherV2 with batch_dims = 0 becomes hlo.gather;
// indices are clamped into range, as XLA does (TF's CPU kernel errors
// instead).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// Largest Range folded to a constant while legalizing (the hlo folders'
/// limit, dialects/hlo/HLOOps.cpp).
constexpr int64_t kMaxRangeFoldElements = 4096;

/// Range with a static result: start + iota * delta, in the result type.
LogicalResult convertRange(Operation *op, OpBuilder &b,
                           SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out || out.getRank() != 1)
    return fail(why, "result shape is not static");
  Location loc = op->getLoc();
  Type elt = out.getElementType();
  auto scalarOf = [&](Value v) -> Value {
    auto t = staticType(v);
    if (!t || t.getNumElements() != 1)
      return {};
    return broadcastTo(b, loc, reshape(b, loc, convert(b, loc, v, elt), {}),
                       out.getShape());
  };
  // All-constant ranges (the usual case: axes and perms) fold to a constant
  // when small (the hlo folders' 4096-element limit); a long range stays an
  // iota, so a constant Range of 1e12 elements does not build 8 TB of
  // attribute while legalizing (issue 17).
  auto c0 = constantOf(op->getOperand(0)), c2 = constantOf(op->getOperand(2));
  if (c0 && c2 && c0->getNumElements() == 1 && c2->getNumElements() == 1 &&
      out.getDimSize(0) <= kMaxRangeFoldElements) {
    SmallVector<Attribute> vals;
    int64_t n = out.getDimSize(0);
    if (isa<IntegerType>(elt)) {
      auto first = *c0->getValues<APInt>().begin();
      auto step = *c2->getValues<APInt>().begin();
      if (isa<IntegerType>(c0->getElementType()) &&
          isa<IntegerType>(c2->getElementType())) {
        int64_t s = first.getSExtValue(), d = step.getSExtValue();
        for (int64_t i = 0; i < n; ++i)
          vals.push_back(IntegerAttr::get(elt, s + i * d));
      }
    } else if (auto ft = dyn_cast<FloatType>(elt)) {
      if (isa<FloatType>(c0->getElementType()) &&
          isa<FloatType>(c2->getElementType())) {
        double s = (*c0->getValues<APFloat>().begin()).convertToDouble();
        double d = (*c2->getValues<APFloat>().begin()).convertToDouble();
        // start + i * delta in double, rounded once (TF's float kernel
        // rounds each step; the two agree within 1 ulp).
        for (int64_t i = 0; i < n; ++i) {
          APFloat v(s + static_cast<double>(i) * d);
          bool lost;
          v.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
          vals.push_back(FloatAttr::get(elt, v));
        }
      }
    }
    if (static_cast<int64_t>(vals.size()) == n) {
      results.push_back(constant(b, loc, DenseElementsAttr::get(out, vals)));
      return success();
    }
  }
  Value start = scalarOf(op->getOperand(0)), delta = scalarOf(op->getOperand(2));
  if (!start || !delta)
    return fail(why, "start and delta must be scalars");
  Value iota = IotaOp::create(b, loc, out, 0);
  results.push_back(
      AddOp::create(b, loc, start, MultiplyOp::create(b, loc, iota, delta)));
  return success();
}

LogicalResult convertReverse(Operation *op, OpBuilder &b,
                             SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto axes = constantInts(op->getOperand(1));
  if (!in || !axes)
    return fail(why, "needs a static input and constant axes");
  SmallVector<int64_t> dims;
  for (int64_t a : *axes) {
    auto d = normAxis(a, in.getRank());
    if (!d)
      return fail(why, "axis out of range");
    if (!llvm::is_contained(dims, *d))
      dims.push_back(*d);
  }
  results.push_back(dims.empty() ? op->getOperand(0)
                                 : Value(ReverseOp::create(b, op->getLoc(),
                                                           op->getOperand(0),
                                                           dims)));
  return success();
}

/// A gather whose slice sizes exceed an empty dimension of params (a
/// collapsed or batch dim of size 0), which hlo.gather cannot express: with
/// nothing to gather TF returns the empty result; otherwise every index is
/// out of range [0, 0) and TF's kernels fail the run with InvalidArgument,
/// so the op is refused here with that reason (it used to abort in
/// hlo.gather's type inference).
static LogicalResult gatherFromEmpty(Operation *op, OpBuilder &b,
                                     RankedTensorType out,
                                     SmallVectorImpl<Value> &results,
                                     std::string &why) {
  if (out.getNumElements() == 0) {
    results.push_back(splat(b, op->getLoc(), out, 0));
    return success();
  }
  return fail(why, "gathers from an empty dimension of params: every index "
                   "is out of range [0, 0) (TF: InvalidArgument)");
}

/// True when a slice size is larger than its params dim (only possible for
/// a dim of size 0).
static bool slicesExceed(RankedTensorType params, ArrayRef<int64_t> sizes) {
  for (auto [d, s] : llvm::zip(params.getShape(), sizes))
    if (s > d)
      return true;
  return false;
}

/// GatherV2(params, indices, axis, batch_dims B): result shape
/// params[:axis] + indices.shape[B:] + params[axis+1:] (TF's GatherV2).
LogicalResult convertGather(Operation *op, OpBuilder &b,
                            SmallVectorImpl<Value> &results, std::string &why) {
  auto params = staticType(op->getOperand(0));
  auto idx = staticType(op->getOperand(1));
  auto out = staticResult(op);
  if (!params || !idx || !out || params.getRank() == 0)
    return fail(why, "shape is not static");
  int64_t axis = 0;
  if (op->getNumOperands() > 2) {
    auto a = constantInts(op->getOperand(2));
    if (!a || a->size() != 1)
      return fail(why, "axis is not a constant");
    axis = (*a)[0];
  }
  auto dim = normAxis(axis, params.getRank());
  if (!dim)
    return fail(why, "axis out of range");
  int64_t ir = idx.getRank();
  // batch_dims B (negative counts from indices' rank): params[:B] and
  // indices[:B] are the same batch, gathered per batch element (XLA's
  // operand_batching_dims / start_indices_batching_dims); B <= axis.
  int64_t nb = intAttr(op, "batch_dims", 0);
  if (nb < 0)
    nb += ir;
  if (nb < 0 || nb > ir || nb > *dim)
    return fail(why, "batch_dims must be in [-rank(indices), min(axis, "
                     "rank(indices))]");
  SmallVector<int64_t> offsetDims, sizes(params.getShape()), batching;
  sizes[*dim] = 1;
  for (int64_t d = 0; d < nb; ++d) {
    if (params.getDimSize(d) != idx.getDimSize(d))
      return fail(why, "batch dims of params and indices differ");
    sizes[d] = 1;
    batching.push_back(d);
  }
  for (int64_t d = nb; d < params.getRank(); ++d)
    if (d != *dim)
      offsetDims.push_back(d < *dim ? d : d - 1 + ir - nb);
  if (slicesExceed(params, sizes))
    return gatherFromEmpty(op, b, out, results, why);
  Value indices =
      checkIndices(b, op, op->getOperand(1), "gather", {params.getDimSize(*dim)});
  auto dn = GatherDimensionNumbersAttr::get(b.getContext(), offsetDims, {*dim},
                                            batching, batching, {*dim}, ir);
  results.push_back(GatherOp::create(b, op->getLoc(), op->getOperand(0),
                                     indices, dn, sizes, false));
  return success();
}


/// GatherNd(params P [rank p], indices I [rank q], n = I.shape[-1] <= p):
/// result I.shape[:-1] + P.shape[n:], each index vector selecting a slice
/// of P (TF's GatherNd). As hlo.gather: index_vector_dim q-1, the first n
/// params dims collapsed and mapped, the rest offset dims at the end.
/// Out-of-range indices fail the Run with TF's InvalidArgument
/// (checkIndices "gather_nd"); XLA's clamping only when asked for.
LogicalResult convertGatherNd(Operation *op, OpBuilder &b,
                              SmallVectorImpl<Value> &results,
                              std::string &why) {
  auto params = staticType(op->getOperand(0));
  auto idx = staticType(op->getOperand(1));
  auto out = staticResult(op);
  if (!params || !idx || !out || idx.getRank() < 1)
    return fail(why, "shape is not static");
  int64_t p = params.getRank(), q = idx.getRank(), n = idx.getShape().back();
  if (n > p)
    return fail(why, "index depth exceeds the rank of params");
  SmallVector<int64_t> offsetDims, collapsed, sizes(params.getShape());
  for (int64_t d = 0; d < n; ++d) {
    collapsed.push_back(d);
    sizes[d] = 1;
  }
  for (int64_t d = n; d < p; ++d)
    offsetDims.push_back(q - 1 + (d - n));
  if (slicesExceed(params, sizes))
    return gatherFromEmpty(op, b, out, results, why);
  Value indices =
      checkIndices(b, op, op->getOperand(1), "gather_nd", params.getShape());
  auto dn = GatherDimensionNumbersAttr::get(b.getContext(), offsetDims,
                                            collapsed, {}, {}, collapsed, q - 1);
  results.push_back(GatherOp::create(b, op->getLoc(), op->getOperand(0),
                                     indices, dn, sizes, false));
  return success();
}

/// SpaceToBatchND(x [B, s1..sM, rest], block [M], paddings [M, 2]): pad,
/// reshape to [B, p1/b1, b1, ..., pM/bM, bM, rest], move the block dims to
/// the front, reshape to [B*prod(b), p1/b1, ..., rest].
LogicalResult convertSpaceToBatch(Operation *op, OpBuilder &b,
                                  SmallVectorImpl<Value> &results,
                                  std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto block = constantInts(op->getOperand(1));
  auto pads = constantInts(op->getOperand(2));
  auto out = staticResult(op);
  if (!in || !block || !pads || !out || pads->size() != 2 * block->size() ||
      static_cast<int64_t>(block->size()) + 1 > in.getRank())
    return fail(why, "needs a static input and constant block_shape/paddings");
  Location loc = op->getLoc();
  int64_t m = block->size(), r = in.getRank();
  SmallVector<int64_t> lo(r, 0), hi(r, 0), interior(r, 0);
  for (int64_t i = 0; i < m; ++i) {
    lo[1 + i] = (*pads)[2 * i];
    hi[1 + i] = (*pads)[2 * i + 1];
    if (lo[1 + i] < 0 || hi[1 + i] < 0 || (*block)[i] < 1)
      return fail(why, "negative paddings or non-positive block size");
  }
  Value x = PadOp::create(b, loc, op->getOperand(0),
                          scalar(b, loc, in.getElementType(), 0), lo, hi, interior);
  auto pt = cast<RankedTensorType>(x.getType());
  SmallVector<int64_t> split{pt.getDimSize(0)};
  for (int64_t i = 0; i < m; ++i) {
    int64_t p = pt.getDimSize(1 + i);
    if (p % (*block)[i])
      return fail(why, "padded size is not a multiple of the block size");
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
  if (cast<RankedTensorType>(x.getType()).getNumElements() != out.getNumElements())
    return fail(why, "result size differs");
  results.push_back(reshape(b, loc, x, out.getShape()));
  return success();
}

/// BatchToSpaceND(x [B*prod(b), s1..sM, rest], block, crops): reshape to
/// [b1..bM, B, s1..sM, rest], interleave to [B, s1, b1, ..., sM, bM, rest],
/// reshape to [B, s1*b1, ..., rest] and crop.
LogicalResult convertBatchToSpace(Operation *op, OpBuilder &b,
                                  SmallVectorImpl<Value> &results,
                                  std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto block = constantInts(op->getOperand(1));
  auto crops = constantInts(op->getOperand(2));
  auto out = staticResult(op);
  if (!in || !block || !crops || !out || crops->size() != 2 * block->size() ||
      static_cast<int64_t>(block->size()) + 1 > in.getRank())
    return fail(why, "needs a static input and constant block_shape/crops");
  Location loc = op->getLoc();
  int64_t m = block->size(), r = in.getRank();
  int64_t prod = 1;
  for (int64_t v : *block) {
    if (v < 1)
      return fail(why, "non-positive block size");
    prod *= v;
  }
  if (in.getDimSize(0) % prod)
    return fail(why, "batch is not a multiple of the block volume");
  int64_t batch = in.getDimSize(0) / prod;
  SmallVector<int64_t> split(block->begin(), block->end());
  split.push_back(batch);
  for (int64_t d = 1; d < r; ++d)
    split.push_back(in.getDimSize(d));
  Value x = reshape(b, loc, op->getOperand(0), split);
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
      return fail(why, "crops out of range");
  }
  results.push_back(SliceOp::create(b, loc, x, start, limit, strides));
  return success();
}

} // namespace

void addShapeConverters(llvm::StringMap<Converter> &t) {
  t["tf.Range"] = convertRange;
  t["tf.ReverseV2"] = convertReverse;
  t["tf.GatherV2"] = convertGather;
  t["tf.Gather"] = convertGather;
  t["tf.GatherNd"] = convertGatherNd;
  t["tf.SpaceToBatchND"] = convertSpaceToBatch;
  t["tf.BatchToSpaceND"] = convertBatchToSpace;
}

} // namespace tfmlir::tohlo
