//===- TFOpsIndexing.cpp - gather/scatter, select, top-k, reorder ops ----===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;
using llvm::APFloat;
using llvm::APInt;

static constexpr int64_t kDyn = ShapedType::kDynamic;

static std::optional<SmallVector<int64_t>> shapeOf(Value v) {
  auto s = dyn_cast<ShapedType>(v.getType());
  if (!s || !s.hasRank())
    return std::nullopt;
  return SmallVector<int64_t>(s.getShape());
}

static int64_t normAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::verify() {
  if (failed(verifyRankRange(*this, getParams(), "params", 1)))
    return failure();
  std::optional<SmallVector<int64_t>> params = shapeOf(getParams());
  std::optional<SmallVector<int64_t>> indices = shapeOf(getIndices());
  if (!params || !indices)
    return success();
  SmallVector<int64_t> expected(*indices);
  expected.append(params->begin() + 1, params->end());
  return verifyResultShape(*this, getOutput(), expected);
}

LogicalResult GatherV2Op::verify() {
  if (failed(verifyScalar(*this, getAxis(), "axis",
                          /*allowSingleElementVector=*/true)))
    return failure();
  std::optional<SmallVector<int64_t>> params = shapeOf(getParams());
  std::optional<SmallVector<int64_t>> indices = shapeOf(getIndices());
  int64_t batchDims = getBatchDims();
  if (indices) {
    int64_t r = indices->size();
    if (batchDims < -r || batchDims > r)
      return emitOpError() << "requires 'batch_dims' in [" << -r << ", " << r
                           << "] (rank of 'indices'), got " << batchDims;
    batchDims = normAxis(batchDims, r);
  }
  std::optional<int64_t> axis = getConstantScalarInt(getAxis());
  if (!params || !axis)
    return success();
  int64_t rank = params->size();
  if (failed(verifyAxis(*this, *axis, rank)))
    return failure();
  int64_t ax = normAxis(*axis, rank);
  if (!indices)
    return success();
  if (batchDims > ax)
    return emitOpError() << "requires 'batch_dims' (" << batchDims
                         << ") <= axis (" << ax << ")";
  for (int64_t i = 0; i < batchDims; ++i)
    if (!dimsCompatible((*params)[i], (*indices)[i]))
      return emitOpError() << "requires batch dim " << i
                           << " of 'params' and 'indices' to match, got "
                           << (*params)[i] << " and " << (*indices)[i];
  SmallVector<int64_t> expected(params->begin(), params->begin() + ax);
  expected.append(indices->begin() + batchDims, indices->end());
  expected.append(params->begin() + ax + 1, params->end());
  return verifyResultShape(*this, getOutput(), expected);
}

/// Checks index tuples of GatherNd/ScatterNd against a shape of rank
/// `rank`; returns K (the tuple length) or nullopt when unknown.
static FailureOr<std::optional<int64_t>>
verifyIndexTuples(Operation *op, Value indices, std::optional<int64_t> rank) {
  if (failed(verifyRankRange(op, indices, "indices", 1)))
    return failure();
  std::optional<SmallVector<int64_t>> ind = shapeOf(indices);
  if (!ind || ShapedType::isDynamic(ind->back()))
    return std::optional<int64_t>();
  int64_t k = ind->back();
  if (rank && k > *rank)
    return op->emitOpError()
           << "index tuples have " << k << " entries (last dim of 'indices') "
           << "but the indexed tensor has rank " << *rank;
  return std::optional<int64_t>(k);
}

/// `bad_indices_policy`, when present, is one of the names TF's
/// BadIndicesPolicyFromString accepts ("" and "DEFAULT" are the default).
static LogicalResult verifyBadIndicesPolicy(Operation *op,
                                            std::optional<StringRef> policy) {
  if (!policy)
    return success();
  return verifyOneOf(op, "bad_indices_policy", *policy,
                     {"", "DEFAULT", "ERROR", "IGNORE"});
}

LogicalResult GatherNdOp::verify() {
  if (failed(verifyBadIndicesPolicy(*this, getBadIndicesPolicy())))
    return failure();
  std::optional<SmallVector<int64_t>> params = shapeOf(getParams());
  FailureOr<std::optional<int64_t>> k = verifyIndexTuples(
      *this, getIndices(),
      params ? std::optional<int64_t>(params->size()) : std::nullopt);
  if (failed(k))
    return failure();
  if (!params || !*k)
    return success();
  SmallVector<int64_t> expected(*shapeOf(getIndices()));
  expected.pop_back();
  expected.append(params->begin() + **k, params->end());
  return verifyResultShape(*this, getOutput(), expected);
}

/// `updates` has shape indices.shape[:-1] + shape[K:].
static LogicalResult verifyUpdates(Operation *op, Value indices, Value updates,
                                   ArrayRef<int64_t> shape, int64_t k) {
  std::optional<SmallVector<int64_t>> ind = shapeOf(indices);
  std::optional<SmallVector<int64_t>> upd = shapeOf(updates);
  if (!ind || !upd)
    return success();
  SmallVector<int64_t> expected(ind->begin(), ind->end() - 1);
  expected.append(shape.begin() + k, shape.end());
  bool ok = expected.size() == upd->size();
  for (size_t i = 0; ok && i < expected.size(); ++i)
    ok = dimsCompatible(expected[i], (*upd)[i]);
  if (!ok)
    return op->emitOpError()
           << "requires 'updates' of shape indices.shape[:-1]"
              " + shape[K:], got "
           << updates.getType() << " for indices " << indices.getType();
  return success();
}

LogicalResult ScatterNdOp::verify() {
  if (failed(verifyBadIndicesPolicy(*this, getBadIndicesPolicy())))
    return failure();
  if (failed(verifyRank(*this, getShape(), "shape", 1)))
    return failure();
  SmallVector<int64_t> shape;
  bool known = getConstantInts(getShape(), shape);
  std::optional<int64_t> rank;
  if (known)
    rank = shape.size();
  else if (int64_t n = getDim(getShape(), 0); !ShapedType::isDynamic(n))
    rank = n;
  FailureOr<std::optional<int64_t>> k =
      verifyIndexTuples(*this, getIndices(), rank);
  if (failed(k))
    return failure();
  if (!known)
    return rank ? verifyRank(*this, getOutput(), "output", *rank) : success();
  if (*k &&
      failed(verifyUpdates(*this, getIndices(), getUpdates(), shape, **k)))
    return failure();
  return verifyResultShape(*this, getOutput(), shape);
}

template <typename OpTy> static LogicalResult verifyTensorScatter(OpTy op) {
  if (failed(verifyBadIndicesPolicy(op, op.getBadIndicesPolicy())))
    return failure();
  if (!shapesCompatible(op.getTensor().getType(), op.getOutput().getType()))
    return op.emitOpError()
           << "requires 'output' to have the shape of "
              "'tensor', got "
           << op.getOutput().getType() << " and " << op.getTensor().getType();
  std::optional<SmallVector<int64_t>> shape = shapeOf(op.getTensor());
  FailureOr<std::optional<int64_t>> k = verifyIndexTuples(
      op, op.getIndices(),
      shape ? std::optional<int64_t>(shape->size()) : std::nullopt);
  if (failed(k))
    return failure();
  if (shape && *k)
    return verifyUpdates(op, op.getIndices(), op.getUpdates(), *shape, **k);
  return success();
}

LogicalResult TensorScatterUpdateOp::verify() {
  return verifyTensorScatter(*this);
}
LogicalResult TensorScatterAddOp::verify() {
  return verifyTensorScatter(*this);
}
LogicalResult TensorScatterSubOp::verify() {
  return verifyTensorScatter(*this);
}

//===----------------------------------------------------------------------===//
// Selection
//===----------------------------------------------------------------------===//

LogicalResult SelectOp::verify() {
  Type t = getThenValue().getType(), e = getElseValue().getType();
  if (!shapesCompatible(t, e) || !shapesCompatible(t, getOutput().getType()))
    return emitOpError()
           << "requires 'then_value', 'else_value' and 'output' of the same "
              "shape, got "
           << t << ", " << e << " and " << getOutput().getType();
  std::optional<int64_t> condRank = getRank(getCondition());
  std::optional<int64_t> tRank = getRank(getThenValue());
  if (!condRank || !tRank || *condRank == 0)
    return success();
  if (*condRank == *tRank && shapesCompatible(getCondition().getType(), t))
    return success();
  if (*condRank == 1 && *tRank >= 1 &&
      dimsCompatible(getDim(getCondition(), 0), getDim(getThenValue(), 0)))
    return success();
  return emitOpError()
         << "requires 'condition' to be a scalar, to have the "
            "shape of 'then_value', or to be a vector of its first "
            "dimension; got "
         << getCondition().getType() << " for " << t;
}

/// A splat bool constant `condition` selects `t` or `e` (if that already
/// has the result type).
static OpFoldResult foldSelect(Attribute cond, Value t, Value e, Type result) {
  auto c = dyn_cast_or_null<DenseElementsAttr>(cond);
  if (!c || !c.isSplat() || !c.getElementType().isInteger(1))
    return {};
  Value chosen = c.getSplatValue<bool>() ? t : e;
  if (chosen.getType() != result)
    return {};
  return chosen;
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  return foldSelect(adaptor.getCondition(), getThenValue(), getElseValue(),
                    getType());
}

LogicalResult SelectV2Op::verify() {
  SmallVector<int64_t> shape;
  bool first = true;
  for (Value v : {getCondition(), getThenValue(), getElseValue()}) {
    std::optional<SmallVector<int64_t>> s = shapeOf(v);
    if (!s)
      return success();
    if (first) {
      shape = *s;
      first = false;
      continue;
    }
    SmallVector<int64_t> out;
    if (!broadcastShapes(shape, *s, out))
      return emitOpError() << "operands are not broadcast-compatible: "
                           << getCondition().getType() << ", "
                           << getThenValue().getType() << " and "
                           << getElseValue().getType();
    shape = out;
  }
  return verifyResultShape(*this, getOutput(), shape);
}

OpFoldResult SelectV2Op::fold(FoldAdaptor adaptor) {
  OpFoldResult chosen = foldSelect(adaptor.getCondition(), getThenValue(),
                                   getElseValue(), getType());
  if (!chosen)
    return {};
  // The other operands must not broadcast the chosen one to a larger shape.
  Value other =
      cast<Value>(chosen) == getThenValue() ? getElseValue() : getThenValue();
  if (!broadcastsInto(getCondition().getType(), getType()) ||
      !broadcastsInto(other.getType(), getType()))
    return {};
  return chosen;
}

LogicalResult WhereOp::verify() {
  if (failed(verifyRank(*this, getIndex(), "index", 2)))
    return failure();
  if (std::optional<int64_t> rank = getRank(getInput()))
    return verifyDim(*this, getIndex(), "index", 1, *rank);
  return success();
}

//===----------------------------------------------------------------------===//
// Top-k, one-hot
//===----------------------------------------------------------------------===//

LogicalResult TopKV2Op::verify() {
  if (failed(verifyRankRange(*this, getInput(), "input", 1)) ||
      failed(verifyScalar(*this, getK(), "k")))
    return failure();
  if (!shapesCompatible(getValues().getType(), getIndices().getType()))
    return emitOpError() << "requires 'values' and 'indices' of the same "
                            "shape, got "
                         << getValues().getType() << " and "
                         << getIndices().getType();
  std::optional<SmallVector<int64_t>> shape = shapeOf(getInput());
  if (!shape)
    return success();
  std::optional<int64_t> k = getConstantScalarInt(getK());
  if (k) {
    if (*k < 0)
      return emitOpError() << "requires non-negative 'k', got " << *k;
    if (!ShapedType::isDynamic(shape->back()) && *k > shape->back())
      return emitOpError() << "requires 'input' to have at least k = " << *k
                           << " entries in its last dimension, got "
                           << getInput().getType();
  }
  shape->back() = k ? *k : kDyn;
  return verifyResultShape(*this, getValues(), *shape);
}

LogicalResult NthElementOp::verify() {
  if (failed(verifyRankRange(*this, getInput(), "input", 1)) ||
      failed(verifyScalar(*this, getN(), "n")))
    return failure();
  std::optional<SmallVector<int64_t>> shape = shapeOf(getInput());
  if (!shape)
    return success();
  if (std::optional<int64_t> n = getConstantScalarInt(getN());
      n && (*n < 0 ||
            (!ShapedType::isDynamic(shape->back()) && *n >= shape->back())))
    return emitOpError() << "requires 0 <= n < " << shape->back() << ", got "
                         << *n;
  shape->pop_back();
  return verifyResultShape(*this, getValues(), *shape);
}

LogicalResult OneHotOp::verify() {
  if (failed(verifyScalar(*this, getDepth(), "depth")) ||
      failed(verifyScalar(*this, getOnValue(), "on_value")) ||
      failed(verifyScalar(*this, getOffValue(), "off_value")))
    return failure();
  int64_t axis = getAxis();
  if (axis < -1)
    return emitOpError() << "requires 'axis' >= -1, got " << axis;
  std::optional<SmallVector<int64_t>> shape = shapeOf(getIndices());
  if (!shape)
    return success();
  int64_t rank = shape->size();
  if (axis > rank)
    return emitOpError() << "requires 'axis' <= " << rank << ", got " << axis;
  std::optional<int64_t> depth = getConstantScalarInt(getDepth());
  if (depth && *depth < 0)
    return emitOpError() << "requires non-negative 'depth', got " << *depth;
  shape->insert(shape->begin() + (axis == -1 ? rank : axis),
                depth ? *depth : kDyn);
  return verifyResultShape(*this, getOutput(), *shape);
}

//===----------------------------------------------------------------------===//
// Space/batch/depth rearrangements
//===----------------------------------------------------------------------===//

/// Shared checks of SpaceToBatchND (`toBatch`) and BatchToSpaceND.
static LogicalResult verifySpaceBatch(Operation *op, Value input,
                                      Value blockShape, Value pads,
                                      Value output, bool toBatch) {
  StringRef padName = toBatch ? "paddings" : "crops";
  if (failed(verifyRank(op, blockShape, "block_shape", 1)) ||
      failed(verifyRank(op, pads, padName, 2)) ||
      failed(verifyDim(op, pads, padName, 1, 2)))
    return failure();
  int64_t m = getDim(blockShape, 0);
  if (failed(verifyDim(op, pads, padName, 0, m)))
    return failure();
  std::optional<SmallVector<int64_t>> shape = shapeOf(input);
  if (!shape)
    return success();
  if (!ShapedType::isDynamic(m) && static_cast<int64_t>(shape->size()) < 1 + m)
    return op->emitOpError()
           << "requires 'input' of rank >= " << 1 + m
           << " (1 + the length of 'block_shape'), got " << input.getType();
  SmallVector<int64_t> block, padv;
  if (!getConstantInts(blockShape, block))
    return verifyRank(op, output, "output", shape->size());
  int64_t prod = 1;
  for (int64_t b : block) {
    if (b < 1)
      return op->emitOpError()
             << "requires 'block_shape' entries >= 1, got " << b;
    std::optional<int64_t> p = checkedMul(prod, b);
    if (!p)
      return verifyRank(op, output, "output", shape->size());
    prod = *p;
  }
  bool padsKnown = getConstantInts(pads, padv);
  if (padsKnown)
    for (int64_t p : padv)
      if (p < 0)
        return op->emitOpError()
               << "requires non-negative '" << padName << "', got " << p;
  SmallVector<int64_t> expected(*shape);
  int64_t batch = (*shape)[0];
  if (toBatch) {
    std::optional<int64_t> b = checkedMul(batch, prod);
    expected[0] = ShapedType::isDynamic(batch) || !b ? kDyn : *b;
  } else if (!ShapedType::isDynamic(batch)) {
    if (batch % prod != 0)
      return op->emitOpError()
             << "requires the batch (" << batch
             << ") to be divisible by prod(block_shape) = " << prod;
    expected[0] = batch / prod;
  }
  for (size_t i = 0; i < block.size(); ++i) {
    int64_t d = (*shape)[1 + i];
    std::optional<int64_t> padTotal =
        padsKnown ? checkedAdd(padv[2 * i], padv[2 * i + 1]) : std::nullopt;
    std::optional<int64_t> grown =
        toBatch ? (padTotal ? checkedAdd(d, *padTotal) : std::nullopt)
                : checkedMul(d, block[i]);
    if (!padTotal || !grown || ShapedType::isDynamic(d)) {
      expected[1 + i] = kDyn;
      continue;
    }
    int64_t total = *padTotal;
    if (toBatch) {
      if (*grown % block[i] != 0)
        return op->emitOpError()
               << "requires padded spatial dim " << 1 + i << " (" << d << " + "
               << total << ") to be divisible by block size " << block[i];
      expected[1 + i] = *grown / block[i];
    } else {
      if (*grown < total)
        return op->emitOpError() << "crops (" << total << ") exceed dim "
                                 << 1 + i << " of size " << *grown;
      expected[1 + i] = *grown - total;
    }
  }
  return verifyResultShape(op, output, expected);
}

LogicalResult SpaceToBatchNDOp::verify() {
  return verifySpaceBatch(*this, getInput(), getBlockShape(), getPaddings(),
                          getOutput(), /*toBatch=*/true);
}

LogicalResult BatchToSpaceNDOp::verify() {
  return verifySpaceBatch(*this, getInput(), getBlockShape(), getCrops(),
                          getOutput(), /*toBatch=*/false);
}

/// Shared checks of SpaceToDepth (`toDepth`) and DepthToSpace.
template <typename OpTy>
static LogicalResult verifyDepthSpace(OpTy op, bool toDepth) {
  StringRef format = op.getDataFormat();
  if (failed(verifyOneOf(op, "data_format", format,
                         {"NHWC", "NCHW", "NCHW_VECT_C"})))
    return failure();
  int64_t b = op.getBlockSize();
  if (b < 2)
    return op.emitOpError() << "requires 'block_size' >= 2, got " << b;
  if (b > (int64_t(1) << 30))
    return op.emitOpError() << "has a 'block_size' too large: " << b;
  bool vect = format == "NCHW_VECT_C";
  if (failed(verifyRank(op, op.getInput(), "input", vect ? 5 : 4)) ||
      failed(verifyRank(op, op.getOutput(), "output", vect ? 5 : 4)))
    return failure();
  std::optional<SmallVector<int64_t>> shape = shapeOf(op.getInput());
  if (!shape || vect)
    return success();
  int64_t h = format == "NHWC" ? 1 : 2, w = h + 1;
  int64_t c = format == "NHWC" ? 3 : 1;
  SmallVector<int64_t> expected(*shape);
  auto scale = [&](int64_t idx, int64_t mul, int64_t div,
                   StringRef what) -> LogicalResult {
    int64_t d = (*shape)[idx];
    std::optional<int64_t> scaled = checkedMul(d, mul);
    if (ShapedType::isDynamic(d) || !scaled) {
      expected[idx] = kDyn;
      return success();
    }
    if (*scaled % div != 0)
      return op.emitOpError() << "requires the " << what << " (" << d
                              << ") to be divisible by " << div;
    expected[idx] = *scaled / div;
    return success();
  };
  if (toDepth) {
    if (failed(scale(h, 1, b, "height")) || failed(scale(w, 1, b, "width")) ||
        failed(scale(c, b * b, 1, "depth")))
      return failure();
  } else {
    if (failed(scale(h, b, 1, "height")) || failed(scale(w, b, 1, "width")) ||
        failed(scale(c, 1, b * b, "depth")))
      return failure();
  }
  return verifyResultShape(op, op.getOutput(), expected);
}

LogicalResult SpaceToDepthOp::verify() {
  return verifyDepthSpace(*this, /*toDepth=*/true);
}
LogicalResult DepthToSpaceOp::verify() {
  return verifyDepthSpace(*this, /*toDepth=*/false);
}

//===----------------------------------------------------------------------===//
// Reordering
//===----------------------------------------------------------------------===//

LogicalResult ReverseV2Op::verify() {
  if (failed(verifyRank(*this, getAxis(), "axis", 1)))
    return failure();
  if (!shapesCompatible(getTensor().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of "
                            "'tensor', got "
                         << getOutput().getType() << " and "
                         << getTensor().getType();
  std::optional<int64_t> rank = getRank(getTensor());
  SmallVector<int64_t> axes;
  if (!rank || !getConstantInts(getAxis(), axes))
    return success();
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t a : axes) {
    if (failed(verifyAxis(*this, a, rank)))
      return failure();
    if (!seen.insert(normAxis(a, *rank)).second)
      return emitOpError() << "has axis " << normAxis(a, *rank)
                           << " more than once in 'axis'";
  }
  return success();
}

OpFoldResult ReverseV2Op::fold(FoldAdaptor) {
  DenseElementsAttr axes = getConstantDense(getAxis());
  if (axes && axes.getNumElements() == 0 &&
      getTensor().getType() == getOutput().getType())
    return getTensor();
  return {};
}

LogicalResult RollOp::verify() {
  if (failed(verifyRankRange(*this, getShift(), "shift", 0, 1)) ||
      failed(verifyRankRange(*this, getAxis(), "axis", 0, 1)))
    return failure();
  if (getRank(getShift()) && getRank(getAxis()) &&
      (*getRank(getShift()) != *getRank(getAxis()) ||
       !shapesCompatible(getShift().getType(), getAxis().getType())))
    return emitOpError() << "requires 'shift' and 'axis' of the same shape, "
                            "got "
                         << getShift().getType() << " and "
                         << getAxis().getType();
  if (!shapesCompatible(getInput().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of 'input'";
  SmallVector<int64_t> axes;
  if (std::optional<int64_t> rank = getRank(getInput());
      rank && getConstantInts(getAxis(), axes))
    for (int64_t a : axes)
      if (failed(verifyAxis(*this, a, rank)))
        return failure();
  return success();
}

LogicalResult ReverseSequenceOp::verify() {
  if (failed(verifyRank(*this, getSeqLengths(), "seq_lengths", 1)))
    return failure();
  if (!shapesCompatible(getInput().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of 'input'";
  std::optional<int64_t> rank = getRank(getInput());
  if (!rank)
    return success();
  int64_t seqDim = getSeqDim(), batchDim = getBatchDim();
  if (failed(verifyAxis(*this, seqDim, rank, "seq_dim")) ||
      failed(verifyAxis(*this, batchDim, rank, "batch_dim")))
    return failure();
  if (normAxis(seqDim, *rank) == normAxis(batchDim, *rank))
    return emitOpError() << "requires 'seq_dim' != 'batch_dim', both are "
                         << normAxis(seqDim, *rank);
  return verifyDim(*this, getSeqLengths(), "seq_lengths", 0,
                   getDim(getInput(), normAxis(batchDim, *rank)));
}

//===----------------------------------------------------------------------===//
// Sequences
//===----------------------------------------------------------------------===//

/// Reads a constant scalar as double (ints and floats).
static std::optional<double> scalarValue(Attribute attr) {
  auto a = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!a || a.getNumElements() != 1)
    return std::nullopt;
  Type et = a.getElementType();
  if (isa<FloatType>(et))
    return toDouble(*a.getValues<APFloat>().begin());
  if (isa<IntegerType>(et) && et.getIntOrFloatBitWidth() <= 64) {
    APInt v = *a.getValues<APInt>().begin();
    return et.isUnsignedInteger() ? static_cast<double>(v.getZExtValue())
                                  : static_cast<double>(v.getSExtValue());
  }
  return std::nullopt;
}

LogicalResult RangeOp::verify() {
  if (failed(verifyScalar(*this, getStart(), "start")) ||
      failed(verifyScalar(*this, getLimit(), "limit")) ||
      failed(verifyScalar(*this, getDelta(), "delta")) ||
      failed(verifyRank(*this, getOutput(), "output", 1)))
    return failure();
  // start, limit, delta and output all have dtype Tidx.
  Type tidx = getStart().getType();
  for (auto [v, name] : {std::pair<Value, StringRef>{getLimit(), "limit"},
                         {getDelta(), "delta"},
                         {getOutput(), "output"}})
    if (!elementTypesMatch(tidx, v.getType()))
      return emitOpError() << "requires '" << name
                           << "' to have the dtype of 'start' (Tidx), got "
                           << v.getType() << " and " << tidx;
  std::string why;
  std::optional<int64_t> n;
  if (isa<IntegerType>(getElementTypeNoRef(tidx))) {
    std::optional<int64_t> s = getConstantScalarInt(getStart()),
                           l = getConstantScalarInt(getLimit()),
                           d = getConstantScalarInt(getDelta());
    if (d && *d == 0)
      return emitOpError() << "requires delta != 0";
    if (!s || !l || !d)
      return success();
    n = rangeElementCount(*s, *l, *d, why);
  } else {
    std::optional<double> s = scalarValue(getConstantDense(getStart()));
    std::optional<double> l = scalarValue(getConstantDense(getLimit()));
    std::optional<double> d = scalarValue(getConstantDense(getDelta()));
    if (d && *d == 0)
      return emitOpError() << "requires delta != 0";
    if (!s || !l || !d)
      return success();
    n = rangeElementCount(*s, *l, *d, why);
  }
  if (!n)
    return emitOpError() << why;
  return verifyDim(*this, getOutput(), "output", 0, *n);
}

OpFoldResult RangeOp::fold(FoldAdaptor adaptor) {
  auto rt = dyn_cast<RankedTensorType>(getType());
  if (!rt || !rt.hasStaticShape() || rt.getNumElements() > kMaxFoldElements)
    return {};
  auto start = dyn_cast_or_null<DenseElementsAttr>(adaptor.getStart());
  auto delta = dyn_cast_or_null<DenseElementsAttr>(adaptor.getDelta());
  if (!start || !delta || start.getNumElements() != 1 ||
      delta.getNumElements() != 1 ||
      start.getElementType() != rt.getElementType() ||
      delta.getElementType() != rt.getElementType())
    return {};
  Type et = rt.getElementType();
  int64_t n = rt.getNumElements();
  // The verifier checked that n matches the constant operands.
  if (auto it = dyn_cast<IntegerType>(et)) {
    APInt val = *start.getValues<APInt>().begin();
    APInt d = *delta.getValues<APInt>().begin();
    SmallVector<APInt> out;
    for (int64_t i = 0; i < n; ++i, val += d)
      out.push_back(val);
    return DenseElementsAttr::get(rt, out);
  }
  if (et.isF32() || et.isF64()) {
    APFloat val = *start.getValues<APFloat>().begin();
    APFloat d = *delta.getValues<APFloat>().begin();
    SmallVector<APFloat> out;
    for (int64_t i = 0; i < n; ++i) {
      out.push_back(val);
      val.add(d, APFloat::rmNearestTiesToEven);
    }
    return DenseElementsAttr::get(rt, out);
  }
  return {};
}

LogicalResult LinSpaceOp::verify() {
  if (failed(verifyScalar(*this, getStart(), "start")) ||
      failed(verifyScalar(*this, getStop(), "stop")) ||
      failed(verifyScalar(*this, getNum(), "num")) ||
      failed(verifyRank(*this, getOutput(), "output", 1)))
    return failure();
  if (std::optional<int64_t> n = getConstantScalarInt(getNum())) {
    if (*n <= 0)
      return emitOpError() << "requires 'num' > 0, got " << *n;
    return verifyDim(*this, getOutput(), "output", 0, *n);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Matrix diagonals and bands
//===----------------------------------------------------------------------===//

LogicalResult MatrixDiagOp::verify() {
  if (failed(verifyRankRange(*this, getDiagonal(), "diagonal", 1)))
    return failure();
  std::optional<SmallVector<int64_t>> shape = shapeOf(getDiagonal());
  if (!shape)
    return success();
  shape->push_back(shape->back());
  return verifyResultShape(*this, getOutput(), *shape);
}

/// The main diagonal shape of a [..., M, N] shape.
static SmallVector<int64_t> diagShape(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> out(shape.drop_back(2));
  int64_t m = shape[shape.size() - 2], n = shape.back();
  out.push_back(ShapedType::isDynamic(m) || ShapedType::isDynamic(n)
                    ? kDyn
                    : std::min(m, n));
  return out;
}

LogicalResult MatrixSetDiagOp::verify() {
  if (failed(verifyRankRange(*this, getInput(), "input", 2)))
    return failure();
  if (!shapesCompatible(getInput().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of 'input'";
  std::optional<SmallVector<int64_t>> shape = shapeOf(getInput());
  if (!shape)
    return success();
  SmallVector<int64_t> expected = diagShape(*shape);
  std::optional<SmallVector<int64_t>> diag = shapeOf(getDiagonal());
  bool ok = !diag || diag->size() == expected.size();
  for (size_t i = 0; ok && diag && i < expected.size(); ++i)
    ok = dimsCompatible((*diag)[i], expected[i]);
  if (!ok)
    return emitOpError() << "requires 'diagonal' of shape [..., min(M, N)] "
                            "for 'input' "
                         << getInput().getType() << ", got "
                         << getDiagonal().getType();
  return success();
}

LogicalResult MatrixDiagPartOp::verify() {
  if (failed(verifyRankRange(*this, getInput(), "input", 2)))
    return failure();
  if (std::optional<SmallVector<int64_t>> shape = shapeOf(getInput()))
    return verifyResultShape(*this, getDiagonal(), diagShape(*shape));
  return success();
}

/// The checks TF's shape functions of MatrixDiagV2/V3 make: `diagonal`
/// of rank >= 1, `k` a scalar or vector, the others scalars.
static LogicalResult verifyMatrixDiagV2Like(Operation *op, Value diagonal,
                                            Value k, Value numRows,
                                            Value numCols, Value padding) {
  if (failed(verifyRankRange(op, diagonal, "diagonal", 1)) ||
      failed(verifyRankRange(op, k, "k", 0, 1)) ||
      failed(verifyScalar(op, numRows, "num_rows")) ||
      failed(verifyScalar(op, numCols, "num_cols")) ||
      failed(verifyScalar(op, padding, "padding_value")))
    return failure();
  return success();
}

/// The checks TF's shape functions of MatrixSetDiagV2/V3 make: `input` of
/// rank >= 2, `diagonal` of rank >= 1, `k` a scalar or vector, and `output`
/// shaped as `input`.
static LogicalResult verifyMatrixSetDiagV2Like(Operation *op, Value input,
                                               Value diagonal, Value k,
                                               Value output) {
  if (failed(verifyRankRange(op, input, "input", 2)) ||
      failed(verifyRankRange(op, diagonal, "diagonal", 1)) ||
      failed(verifyRankRange(op, k, "k", 0, 1)))
    return failure();
  if (!shapesCompatible(input.getType(), output.getType()))
    return op->emitOpError()
           << "requires 'output' to have the shape of 'input'";
  return success();
}

/// The four packings of a band's diagonals MatrixDiagV3 and friends take.
static LogicalResult verifyAlign(Operation *op, StringRef align) {
  return verifyOneOf(op, "align", align,
                     {"LEFT_RIGHT", "RIGHT_LEFT", "LEFT_LEFT", "RIGHT_RIGHT"});
}

LogicalResult MatrixDiagV2Op::verify() {
  return verifyMatrixDiagV2Like(*this, getDiagonal(), getK(), getNumRows(),
                                getNumCols(), getPaddingValue());
}

LogicalResult MatrixDiagV3Op::verify() {
  if (failed(verifyMatrixDiagV2Like(*this, getDiagonal(), getK(), getNumRows(),
                                    getNumCols(), getPaddingValue())))
    return failure();
  return verifyAlign(*this, getAlign());
}

LogicalResult MatrixSetDiagV2Op::verify() {
  return verifyMatrixSetDiagV2Like(*this, getInput(), getDiagonal(), getK(),
                                   getOutput());
}

LogicalResult MatrixSetDiagV3Op::verify() {
  if (failed(verifyMatrixSetDiagV2Like(*this, getInput(), getDiagonal(), getK(),
                                       getOutput())))
    return failure();
  return verifyAlign(*this, getAlign());
}

LogicalResult MatrixBandPartOp::verify() {
  if (failed(verifyRankRange(*this, getInput(), "input", 2)) ||
      failed(verifyScalar(*this, getNumLower(), "num_lower")) ||
      failed(verifyScalar(*this, getNumUpper(), "num_upper")))
    return failure();
  if (!shapesCompatible(getInput().getType(), getBand().getType()))
    return emitOpError() << "requires 'band' to have the shape of 'input'";
  return success();
}

//===----------------------------------------------------------------------===//
// Unique, partition and stitch, bincount
//===----------------------------------------------------------------------===//

LogicalResult UniqueOp::verify() {
  if (failed(verifyRank(*this, getX(), "x", 1)) ||
      failed(verifyRank(*this, getY(), "y", 1)))
    return failure();
  if (!shapesCompatible(getX().getType(), getIdx().getType()))
    return emitOpError() << "requires 'idx' to have the shape of 'x'";
  return success();
}

LogicalResult DynamicPartitionOp::verify() {
  size_t n = getOutputs().size();
  if (std::optional<uint64_t> attr = getNumPartitions(); attr && *attr != n)
    return emitOpError() << "has " << n
                         << " results but attr 'num_partitions' is " << *attr;
  std::optional<SmallVector<int64_t>> data = shapeOf(getData());
  std::optional<SmallVector<int64_t>> parts = shapeOf(getPartitions());
  if (!data || !parts)
    return success();
  bool prefix = parts->size() <= data->size();
  for (size_t i = 0; prefix && i < parts->size(); ++i)
    prefix = dimsCompatible((*parts)[i], (*data)[i]);
  if (!prefix)
    return emitOpError() << "requires the shape of 'partitions' "
                         << getPartitions().getType()
                         << " to be a prefix of the shape of 'data' "
                         << getData().getType();
  SmallVector<int64_t> expected = {kDyn};
  expected.append(data->begin() + parts->size(), data->end());
  for (Value out : getOutputs())
    if (failed(verifyResultShape(*this, out, expected)))
      return failure();
  return success();
}

template <typename OpTy> static LogicalResult verifyDynamicStitch(OpTy op) {
  size_t n = op.getIndices().size();
  if (n < 1)
    return op.emitOpError() << "requires at least one (indices, data) pair";
  if (std::optional<uint64_t> attr = op.getN(); attr && *attr != n)
    return op.emitOpError()
           << "has " << n << " index tensors but attr 'N' is " << *attr;
  std::optional<SmallVector<int64_t>> suffix;
  for (auto [i, pair] :
       llvm::enumerate(llvm::zip(op.getIndices(), op.getData()))) {
    auto [idx, data] = pair;
    std::optional<SmallVector<int64_t>> is = shapeOf(idx), ds = shapeOf(data);
    if (!is || !ds)
      continue;
    bool prefix = is->size() <= ds->size();
    for (size_t d = 0; prefix && d < is->size(); ++d)
      prefix = dimsCompatible((*is)[d], (*ds)[d]);
    if (!prefix)
      return op.emitOpError() << "requires data[" << i << "].shape = indices["
                              << i << "].shape + S, got " << data.getType()
                              << " and " << idx.getType();
    SmallVector<int64_t> s(ds->begin() + is->size(), ds->end());
    if (suffix) {
      bool same = suffix->size() == s.size();
      for (size_t d = 0; same && d < s.size(); ++d)
        same = dimsCompatible((*suffix)[d], s[d]);
      if (!same)
        return op.emitOpError() << "requires every data[i] to have the same "
                                   "trailing shape beyond indices[i]";
    } else {
      suffix = s;
    }
  }
  if (!suffix)
    return success();
  SmallVector<int64_t> expected = {kDyn};
  expected.append(suffix->begin(), suffix->end());
  return verifyResultShape(op, op.getMerged(), expected);
}

LogicalResult DynamicStitchOp::verify() { return verifyDynamicStitch(*this); }
LogicalResult ParallelDynamicStitchOp::verify() {
  return verifyDynamicStitch(*this);
}

LogicalResult BincountOp::verify() {
  if (failed(verifyScalar(*this, getSize(), "size")) ||
      failed(verifyRank(*this, getBins(), "bins", 1)))
    return failure();
  if (std::optional<int64_t> size = getConstantScalarInt(getSize())) {
    if (*size < 0)
      return emitOpError() << "requires non-negative 'size', got " << *size;
    return verifyDim(*this, getBins(), "bins", 0, *size);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Sparse
//===----------------------------------------------------------------------===//

LogicalResult SparseTensorDenseAddOp::verify() {
  if (failed(verifyRank(*this, getAIndices(), "a_indices", 2)) ||
      failed(verifyRank(*this, getAValues(), "a_values", 1)) ||
      failed(verifyRank(*this, getAShape(), "a_shape", 1)) ||
      failed(verifyDim(*this, getAValues(), "a_values", 0,
                       getDim(getAIndices(), 0))) ||
      failed(verifyDim(*this, getAShape(), "a_shape", 0,
                       getDim(getAIndices(), 1))))
    return failure();
  if (std::optional<int64_t> r = getRank(getB());
      r && failed(verifyDim(*this, getAShape(), "a_shape", 0, *r)))
    return failure();
  if (!shapesCompatible(getB().getType(), getOutput().getType()))
    return emitOpError() << "requires 'output' to have the shape of 'b'";
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsIndexing.cpp.inc"

void tfmlir::TF::registerIndexingOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsIndexing.cpp.inc"
      >();
}
