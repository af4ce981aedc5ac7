//===- TFOpsShape.cpp - shape manipulation: reshape, concat, slice, pad --===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"
#include "lib/Support/CheckedMath.h"
#include "lib/Support/StridedSlice.h"

#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

static constexpr int64_t kDyn = ShapedType::kDynamic;

/// Shape of a ranked type, or nullopt.
static std::optional<SmallVector<int64_t>> shapeOf(Value v) {
  auto s = dyn_cast<ShapedType>(v.getType());
  if (!s || !s.hasRank())
    return std::nullopt;
  return SmallVector<int64_t>(s.getShape());
}

/// Number of elements of a static shape, or nullopt (also on overflow).
static std::optional<int64_t> numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape) {
    if (ShapedType::isDynamic(d) || d < 0)
      return std::nullopt;
    if (d != 0 && n > (int64_t(1) << 62) / d)
      return std::nullopt;
    n *= d;
  }
  return n;
}

/// Merges two compatible dims, preferring the static one.
static int64_t mergeDim(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) ? b : a;
}

/// The constant `input` with the static `resultType`, or null.
static Attribute reshapeConstant(Attribute input, Type resultType) {
  auto a = dyn_cast_or_null<DenseElementsAttr>(input);
  auto rt = dyn_cast<RankedTensorType>(resultType);
  if (!a || !rt || !rt.hasStaticShape() ||
      a.getElementType() != rt.getElementType() ||
      a.getNumElements() != rt.getNumElements())
    return {};
  return a.reshape(rt);
}

/// Normalizes a possibly negative axis against `rank`.
static int64_t normAxis(int64_t axis, int64_t rank) {
  return axis < 0 ? axis + rank : axis;
}

//===----------------------------------------------------------------------===//
// Reshapes
//===----------------------------------------------------------------------===//

LogicalResult ReshapeOp::verify() {
  Value shape = getShape();
  if (failed(verifyRank(*this, shape, "shape", 1)))
    return failure();
  SmallVector<int64_t> dims;
  if (!getConstantInts(shape, dims)) {
    int64_t n = getDim(shape, 0);
    if (!ShapedType::isDynamic(n))
      return verifyRank(*this, getOutput(), "output", n);
    return success();
  }
  int unknown = 0;
  int64_t known = 1;
  bool knownValid = true;
  for (int64_t d : dims) {
    if (d == -1) {
      ++unknown;
      continue;
    }
    if (d < 0)
      return emitOpError() << "requires 'shape' entries >= -1, got " << d;
    if (d != 0 && known > (int64_t(1) << 62) / d)
      knownValid = false;
    else
      known *= d;
  }
  if (unknown > 1)
    return emitOpError() << "can only infer one dimension of 'shape' (-1), "
                            "got "
                         << unknown;
  SmallVector<int64_t> expected;
  for (int64_t d : dims)
    expected.push_back(d == -1 ? kDyn : d);
  std::optional<SmallVector<int64_t>> inShape = shapeOf(getTensor());
  std::optional<int64_t> count = inShape ? numElements(*inShape) : std::nullopt;
  if (count && knownValid) {
    if (unknown == 0 && known != *count)
      return emitOpError() << "cannot reshape a tensor with " << *count
                           << " elements to shape ["
                           << llvm::make_range(dims.begin(), dims.end())
                           << "] (" << known << " elements)";
    if (unknown == 1) {
      if (known == 0 ? *count != 0 : *count % known != 0)
        return emitOpError() << "cannot reshape a tensor with " << *count
                             << " elements to shape ["
                             << llvm::make_range(dims.begin(), dims.end())
                             << "]: not a multiple of " << known;
      for (int64_t &d : expected)
        if (ShapedType::isDynamic(d) && known != 0)
          d = *count / known;
    }
  }
  return verifyResultShape(*this, getOutput(), expected);
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  auto rt = cast<ShapedType>(getType());
  if (getTensor().getType() == rt && rt.hasStaticShape())
    return getTensor();
  if (Attribute a = reshapeConstant(adaptor.getTensor(), rt))
    return a;
  // Reshape(Reshape(x, s1), s2) == Reshape(x, s2).
  if (auto inner = getTensor().getDefiningOp<ReshapeOp>()) {
    getTensorMutable().assign(inner.getTensor());
    return getResult();
  }
  return {};
}

LogicalResult SqueezeOp::verify() {
  std::optional<SmallVector<int64_t>> shape = shapeOf(getInput());
  if (!shape)
    return success();
  int64_t rank = shape->size();
  ArrayAttr list = getSqueezeDimsAttr();
  llvm::SmallSet<int64_t, 4> squeezed;
  if (list) {
    for (Attribute a : list) {
      int64_t d = cast<IntegerAttr>(a).getInt();
      if (failed(verifyAxis(*this, d, rank, "squeeze_dims")))
        return failure();
      int64_t n = normAxis(d, rank);
      if (!dimsCompatible((*shape)[n], 1))
        return emitOpError()
               << "cannot squeeze dim " << n
               << ", expected a dimension of 1, got " << (*shape)[n];
      squeezed.insert(n);
    }
  }
  SmallVector<int64_t> expected;
  if (squeezed.empty()) {
    // Without squeeze_dims every size-1 dim goes; unknown dims may too.
    if (llvm::any_of(*shape, ShapedType::isDynamic))
      return success();
    for (int64_t d : *shape)
      if (d != 1)
        expected.push_back(d);
  } else {
    for (int64_t i = 0; i < rank; ++i)
      if (!squeezed.contains(i))
        expected.push_back((*shape)[i]);
  }
  return verifyResultShape(*this, getOutput(), expected);
}

OpFoldResult SqueezeOp::fold(FoldAdaptor adaptor) {
  auto rt = cast<ShapedType>(getType());
  if (getInput().getType() == rt && rt.hasStaticShape())
    return getInput();
  return reshapeConstant(adaptor.getInput(), rt);
}

LogicalResult ExpandDimsOp::verify() {
  if (failed(verifyScalar(*this, getDim(), "dim",
                          /*allowSingleElementVector=*/true)))
    return failure();
  std::optional<SmallVector<int64_t>> shape = shapeOf(getInput());
  if (!shape)
    return success();
  int64_t rank = shape->size();
  std::optional<int64_t> dim = getConstantScalarInt(getDim());
  if (!dim)
    return verifyRank(*this, getOutput(), "output", rank + 1);
  if (*dim < -rank - 1 || *dim > rank)
    return emitOpError() << "requires 'dim' in [" << -rank - 1 << ", " << rank
                         << "], got " << *dim;
  int64_t pos = *dim < 0 ? *dim + rank + 1 : *dim;
  SmallVector<int64_t> expected(*shape);
  expected.insert(expected.begin() + pos, 1);
  return verifyResultShape(*this, getOutput(), expected);
}

OpFoldResult ExpandDimsOp::fold(FoldAdaptor adaptor) {
  return reshapeConstant(adaptor.getInput(), getType());
}

LogicalResult TransposeOp::verify() {
  if (failed(verifyRank(*this, getPerm(), "perm", 1)))
    return failure();
  std::optional<SmallVector<int64_t>> shape = shapeOf(getX());
  if (!shape)
    return success();
  int64_t rank = shape->size();
  if (failed(verifyDim(*this, getPerm(), "perm", 0, rank)))
    return failure();
  SmallVector<int64_t> perm;
  if (!getConstantInts(getPerm(), perm))
    return verifyRank(*this, getY(), "y", rank);
  if (static_cast<int64_t>(perm.size()) != rank)
    return emitOpError() << "requires 'perm' of size " << rank << ", got "
                         << perm.size();
  SmallVector<bool> seen(rank, false);
  SmallVector<int64_t> expected;
  for (int64_t p : perm) {
    if (p < 0 || p >= rank || seen[p])
      return emitOpError() << "requires 'perm' to be a permutation of [0, "
                           << rank << "), got ["
                           << llvm::make_range(perm.begin(), perm.end()) << "]";
    seen[p] = true;
    expected.push_back((*shape)[p]);
  }
  return verifyResultShape(*this, getY(), expected);
}

OpFoldResult TransposeOp::fold(FoldAdaptor) {
  SmallVector<int64_t> perm;
  if (getX().getType() != getY().getType() || !getConstantInts(getPerm(), perm))
    return {};
  for (auto [i, p] : llvm::enumerate(perm))
    if (p != static_cast<int64_t>(i))
      return {};
  return getX();
}

//===----------------------------------------------------------------------===//
// Concatenation, packing and splitting
//===----------------------------------------------------------------------===//

static LogicalResult verifyNAttr(Operation *op, std::optional<uint64_t> n,
                                 size_t count, StringRef what, size_t min) {
  if (count < min)
    return op->emitOpError()
           << "requires at least " << min << " " << what << ", got " << count;
  if (n && *n != count)
    return op->emitOpError()
           << "has " << count << " " << what << " but attr 'N' is " << *n;
  return success();
}

static LogicalResult verifyConcat(Operation *op, ValueRange values, Value axis,
                                  Value output, std::optional<uint64_t> n) {
  if (failed(verifyNAttr(op, n, values.size(), "inputs", 2)) ||
      failed(verifyScalar(op, axis, "axis")))
    return failure();
  std::optional<int64_t> rank;
  for (auto [i, v] : llvm::enumerate(values)) {
    std::optional<int64_t> r = getRank(v);
    if (!r)
      continue;
    if (rank && *r != *rank)
      return op->emitOpError()
             << "requires inputs of the same rank, got " << *rank << " and "
             << *r << " (input #" << i << ")";
    rank = r;
  }
  if (!rank)
    return success();
  std::optional<int64_t> a = getConstantScalarInt(axis);
  if (!a)
    return verifyRank(op, output, "output", *rank);
  if (failed(verifyAxis(op, *a, rank)))
    return failure();
  int64_t ax = normAxis(*a, *rank);
  SmallVector<int64_t> expected(*rank, kDyn);
  int64_t sum = 0;
  bool sumKnown = true;
  for (auto [i, v] : llvm::enumerate(values)) {
    std::optional<SmallVector<int64_t>> shape = shapeOf(v);
    if (!shape) {
      sumKnown = false;
      continue;
    }
    for (int64_t d = 0; d < *rank; ++d) {
      int64_t x = (*shape)[d];
      if (d == ax) {
        // A sum past int64 stays unknown (it never wraps negative).
        if (ShapedType::isDynamic(x) || __builtin_add_overflow(sum, x, &sum))
          sumKnown = false;
        continue;
      }
      if (!dimsCompatible(expected[d], x))
        return op->emitOpError()
               << "requires inputs to agree except along axis " << ax
               << ", but dim " << d << " of input #" << i << " is " << x
               << " and not " << expected[d];
      expected[d] = mergeDim(expected[d], x);
    }
  }
  if (sumKnown)
    expected[ax] = sum;
  return verifyResultShape(op, output, expected);
}

LogicalResult ConcatV2Op::verify() {
  return verifyConcat(*this, getValues(), getAxis(), getOutput(), getN());
}

LogicalResult ConcatOp::verify() {
  return verifyConcat(*this, getValues(), getConcatDim(), getOutput(), getN());
}

LogicalResult ParallelConcatOp::verify() {
  if (failed(verifyNAttr(*this, getN(), getValues().size(), "inputs", 1)))
    return failure();
  for (auto [i, v] : llvm::enumerate(getValues())) {
    if (failed(verifyRankRange(*this, v, "values", 1)))
      return failure();
    if (!dimsCompatible(getDim(v, 0), 1))
      return emitOpError() << "requires every input to have size 1 in dim 0, "
                              "got "
                           << v.getType() << " (input #" << i << ")";
  }
  return verifyDim(*this, getOutput(), "output", 0, getValues().size());
}

LogicalResult PackOp::verify() {
  ValueRange values = getValues();
  if (failed(verifyNAttr(*this, getN(), values.size(), "inputs", 1)))
    return failure();
  std::optional<SmallVector<int64_t>> merged;
  for (auto [i, v] : llvm::enumerate(values)) {
    std::optional<SmallVector<int64_t>> shape = shapeOf(v);
    if (!shape)
      continue;
    if (!merged) {
      merged = shape;
      continue;
    }
    bool ok = shape->size() == merged->size();
    for (size_t d = 0; ok && d < shape->size(); ++d) {
      ok = dimsCompatible((*merged)[d], (*shape)[d]);
      (*merged)[d] = mergeDim((*merged)[d], (*shape)[d]);
    }
    if (!ok)
      return emitOpError() << "requires inputs of the same shape, but input #"
                           << i << " is " << v.getType();
  }
  if (!merged)
    return success();
  int64_t rank = merged->size();
  int64_t axis = getAxis();
  if (axis < -(rank + 1) || axis > rank)
    return emitOpError() << "requires 'axis' in [" << -(rank + 1) << ", "
                         << rank + 1 << "), got " << axis;
  int64_t pos = axis < 0 ? axis + rank + 1 : axis;
  merged->insert(merged->begin() + pos, values.size());
  return verifyResultShape(*this, getOutput(), *merged);
}

LogicalResult UnpackOp::verify() {
  size_t count = getOutput().size();
  if (std::optional<uint64_t> num = getNum(); num && *num != count)
    return emitOpError() << "has " << count << " results but attr 'num' is "
                         << *num;
  std::optional<SmallVector<int64_t>> shape = shapeOf(getValue());
  if (!shape)
    return success();
  int64_t rank = shape->size();
  if (failed(verifyAxis(*this, getAxis(), rank)))
    return failure();
  int64_t ax = normAxis(getAxis(), rank);
  if (!dimsCompatible((*shape)[ax], count))
    return emitOpError() << "requires dim " << ax << " of 'value' ("
                         << (*shape)[ax] << ") to equal the number of results "
                         << count;
  shape->erase(shape->begin() + ax);
  for (Value r : getOutput())
    if (failed(verifyResultShape(*this, r, *shape)))
      return failure();
  return success();
}

/// Checks the results of Split/SplitV given the per-output sizes along the
/// split axis (dynamic when unknown).
static LogicalResult verifySplitResults(Operation *op, Value value,
                                        ValueRange results,
                                        std::optional<int64_t> axis,
                                        ArrayRef<int64_t> sizes) {
  std::optional<SmallVector<int64_t>> shape = shapeOf(value);
  if (!shape)
    return success();
  int64_t rank = shape->size();
  for (auto [i, r] : llvm::enumerate(results)) {
    if (!axis) {
      if (failed(verifyRank(op, r, "output", rank)))
        return failure();
      continue;
    }
    SmallVector<int64_t> expected(*shape);
    expected[*axis] = sizes.empty() ? kDyn : sizes[i];
    if (failed(verifyResultShape(op, r, expected)))
      return failure();
  }
  return success();
}

LogicalResult SplitOp::verify() {
  size_t n = getOutput().size();
  if (std::optional<uint64_t> attr = getNumSplit(); attr && *attr != n)
    return emitOpError() << "has " << n << " results but attr 'num_split' is "
                         << *attr;
  if (n < 1)
    return emitOpError() << "requires at least one result";
  if (failed(verifyScalar(*this, getSplitDim(), "split_dim")))
    return failure();
  std::optional<int64_t> rank = getRank(getValue());
  std::optional<int64_t> axis = getConstantScalarInt(getSplitDim());
  if (!rank || !axis)
    return verifySplitResults(*this, getValue(), getOutput(), std::nullopt, {});
  if (failed(verifyAxis(*this, *axis, rank, "split_dim")))
    return failure();
  int64_t ax = normAxis(*axis, *rank);
  int64_t size = getDim(getValue(), ax);
  SmallVector<int64_t> sizes(n, kDyn);
  if (!ShapedType::isDynamic(size)) {
    if (size % static_cast<int64_t>(n) != 0)
      return emitOpError() << "number of ways to split (" << n
                           << ") must evenly divide the split dimension " << ax
                           << " of size " << size;
    sizes.assign(n, size / static_cast<int64_t>(n));
  }
  return verifySplitResults(*this, getValue(), getOutput(), ax, sizes);
}

LogicalResult SplitVOp::verify() {
  size_t n = getOutput().size();
  if (std::optional<uint64_t> attr = getNumSplit(); attr && *attr != n)
    return emitOpError() << "has " << n << " results but attr 'num_split' is "
                         << *attr;
  if (n < 1)
    return emitOpError() << "requires at least one result";
  if (failed(verifyScalar(*this, getSplitDim(), "split_dim")) ||
      failed(verifyVector(*this, getSizeSplits(), "size_splits", n)))
    return failure();
  std::optional<int64_t> rank = getRank(getValue());
  std::optional<int64_t> axis = getConstantScalarInt(getSplitDim());
  if (!rank || !axis)
    return verifySplitResults(*this, getValue(), getOutput(), std::nullopt, {});
  if (failed(verifyAxis(*this, *axis, rank, "split_dim")))
    return failure();
  int64_t ax = normAxis(*axis, *rank);
  SmallVector<int64_t> sizes;
  if (!getConstantInts(getSizeSplits(), sizes))
    return verifySplitResults(*this, getValue(), getOutput(), ax, {});
  int64_t total = getDim(getValue(), ax), sum = 0;
  int unknown = -1;
  for (auto [i, s] : llvm::enumerate(sizes)) {
    if (s == -1) {
      if (unknown >= 0)
        return emitOpError() << "can only infer one entry of 'size_splits' "
                                "(-1)";
      unknown = i;
    } else if (s < 0) {
      return emitOpError() << "requires 'size_splits' entries >= -1, got " << s;
    } else {
      sum += s;
    }
  }
  if (!ShapedType::isDynamic(total)) {
    if (unknown < 0 && sum != total)
      return emitOpError() << "'size_splits' sum to " << sum
                           << " but the split dimension has size " << total;
    if (unknown >= 0 && sum > total)
      return emitOpError() << "'size_splits' sum to " << sum
                           << ", more than the split dimension size " << total;
    if (unknown >= 0)
      sizes[unknown] = total - sum;
  } else if (unknown >= 0) {
    sizes[unknown] = kDyn;
  }
  return verifySplitResults(*this, getValue(), getOutput(), ax, sizes);
}

//===----------------------------------------------------------------------===//
// Slicing
//===----------------------------------------------------------------------===//

LogicalResult SliceOp::verify() {
  std::optional<SmallVector<int64_t>> shape = shapeOf(getInput());
  if (failed(verifyRank(*this, getBegin(), "begin", 1)) ||
      failed(verifyRank(*this, getSize(), "size", 1)))
    return failure();
  if (!shape) {
    int64_t n = getDim(getBegin(), 0);
    if (!dimsCompatible(n, getDim(getSize(), 0)))
      return emitOpError() << "requires 'begin' and 'size' of equal length";
    return success();
  }
  int64_t rank = shape->size();
  if (failed(verifyDim(*this, getBegin(), "begin", 0, rank)) ||
      failed(verifyDim(*this, getSize(), "size", 0, rank)))
    return failure();
  SmallVector<int64_t> begin, size;
  bool beginKnown = getConstantInts(getBegin(), begin);
  bool sizeKnown = getConstantInts(getSize(), size);
  if (!sizeKnown)
    return verifyRank(*this, getOutput(), "output", rank);
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t dim = (*shape)[i];
    int64_t b = beginKnown ? begin[i] : kDyn;
    int64_t s = size[i];
    if (beginKnown && (b < 0 || (!ShapedType::isDynamic(dim) && b > dim)))
      return emitOpError() << "requires 0 <= begin[" << i << "] <= " << dim
                           << ", got " << b;
    if (s < -1)
      return emitOpError() << "requires size[" << i << "] >= -1, got " << s;
    if (s == -1) {
      expected.push_back(beginKnown && !ShapedType::isDynamic(dim) ? dim - b
                                                                   : kDyn);
      continue;
    }
    if (beginKnown && !ShapedType::isDynamic(dim) && b + s > dim)
      return emitOpError() << "requires begin[" << i << "] + size[" << i
                           << "] <= " << dim << ", got " << b << " + " << s;
    expected.push_back(s);
  }
  return verifyResultShape(*this, getOutput(), expected);
}

LogicalResult StridedSliceOp::computeOutputShape(SmallVectorImpl<int64_t> &out,
                                                 bool &known,
                                                 std::string &error) {
  known = false;
  std::optional<SmallVector<int64_t>> inShape = shapeOf(getInput());
  int64_t n = getDim(getBegin(), 0);
  if (!inShape || ShapedType::isDynamic(n))
    return success();
  // A non-constant begin/end/strides operand is n unknown values.
  auto spec = [&](Value v) {
    SmallVector<int64_t> xs;
    if (!getConstantInts(v, xs) || static_cast<int64_t>(xs.size()) != n)
      xs.assign(n, kSliceUnknown);
    return xs;
  };
  SmallVector<int64_t> begin = spec(getBegin()), end = spec(getEnd()),
                       strides = spec(getStrides());
  StridedSliceResult r;
  absl::Status st = computeStridedSlice(
      *inShape, begin, end, strides,
      {static_cast<int64_t>(getBeginMask()), static_cast<int64_t>(getEndMask()),
       static_cast<int64_t>(getEllipsisMask()),
       static_cast<int64_t>(getNewAxisMask()),
       static_cast<int64_t>(getShrinkAxisMask())},
      r);
  if (!st.ok()) {
    error = std::string(st.message());
    return failure();
  }
  // kSliceUnknown is ShapedType::kDynamic: the final shape is a result shape.
  static_assert(kSliceUnknown == ShapedType::kDynamic);
  out.assign(r.finalShape.begin(), r.finalShape.end());
  known = true;
  return success();
}

LogicalResult StridedSliceOp::verify() {
  if (failed(verifyRank(*this, getBegin(), "begin", 1)) ||
      failed(verifyRank(*this, getEnd(), "end", 1)) ||
      failed(verifyRank(*this, getStrides(), "strides", 1)))
    return failure();
  int64_t n = getDim(getBegin(), 0);
  for (int k = 0; k < 2; ++k) {
    Value v = k == 0 ? getEnd() : getStrides();
    if (!dimsCompatible(getDim(v, 0), n))
      return emitOpError() << "requires 'begin', 'end' and 'strides' of the "
                              "same length, got 'begin' "
                           << getBegin().getType() << " and '"
                           << (k == 0 ? "end" : "strides") << "' "
                           << v.getType();
  }
  uint64_t ellipsis = getEllipsisMask();
  if (ellipsis & (ellipsis - 1))
    return emitOpError() << "allows at most one ellipsis ('ellipsis_mask' = "
                         << ellipsis << ")";
  SmallVector<int64_t> strides;
  if (getConstantInts(getStrides(), strides))
    for (auto [i, s] : llvm::enumerate(strides))
      if (s == 0)
        return emitOpError()
               << "requires non-zero strides, got strides[" << i << "] = 0";
  SmallVector<int64_t> shape;
  bool known;
  std::string error;
  if (failed(computeOutputShape(shape, known, error)))
    return emitOpError() << error;
  if (known)
    return verifyResultShape(*this, getOutput(), shape);
  return success();
}

//===----------------------------------------------------------------------===//
// Padding and tiling
//===----------------------------------------------------------------------===//

/// `mode`: 0 constant, 1 REFLECT, 2 SYMMETRIC.
static LogicalResult verifyPad(Operation *op, Value input, Value paddings,
                               Value output, int mode) {
  if (failed(verifyRank(op, paddings, "paddings", 2)) ||
      failed(verifyDim(op, paddings, "paddings", 1, 2)))
    return failure();
  std::optional<SmallVector<int64_t>> shape = shapeOf(input);
  if (!shape) {
    int64_t n = getDim(paddings, 0);
    if (!ShapedType::isDynamic(n))
      return verifyRank(op, output, "output", n);
    return success();
  }
  int64_t rank = shape->size();
  if (failed(verifyDim(op, paddings, "paddings", 0, rank)))
    return failure();
  SmallVector<int64_t> pads;
  if (!getConstantInts(paddings, pads))
    return verifyRank(op, output, "output", rank);
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < rank; ++i) {
    int64_t before = pads[2 * i], after = pads[2 * i + 1];
    int64_t dim = (*shape)[i];
    if (before < 0 || after < 0)
      return op->emitOpError() << "requires non-negative 'paddings', got ["
                               << before << ", " << after << "] for dim " << i;
    if (mode && !ShapedType::isDynamic(dim)) {
      int64_t limit = mode == 1 ? dim - 1 : dim;
      if (before > limit || after > limit)
        return op->emitOpError()
               << "requires 'paddings' of dim " << i << " to be "
               << (mode == 1 ? "less than" : "at most") << " the dim size "
               << dim << " in " << (mode == 1 ? "REFLECT" : "SYMMETRIC")
               << " mode, got [" << before << ", " << after << "]";
    }
    std::optional<int64_t> sum = checkedAdd(before, after);
    if (sum)
      sum = checkedAdd(dim, *sum);
    expected.push_back(ShapedType::isDynamic(dim) || !sum ? kDyn : *sum);
  }
  return verifyResultShape(op, output, expected);
}

LogicalResult PadOp::verify() {
  return verifyPad(*this, getInput(), getPaddings(), getOutput(), 0);
}

LogicalResult PadV2Op::verify() {
  if (failed(verifyScalar(*this, getConstantValues(), "constant_values")))
    return failure();
  return verifyPad(*this, getInput(), getPaddings(), getOutput(), 0);
}

LogicalResult MirrorPadOp::verify() {
  if (failed(verifyOneOf(*this, "mode", getMode(), {"REFLECT", "SYMMETRIC"})))
    return failure();
  return verifyPad(*this, getInput(), getPaddings(), getOutput(),
                   getMode() == "REFLECT" ? 1 : 2);
}

LogicalResult TileOp::verify() {
  if (failed(verifyRank(*this, getMultiples(), "multiples", 1)))
    return failure();
  std::optional<SmallVector<int64_t>> shape = shapeOf(getInput());
  if (!shape)
    return success();
  int64_t rank = shape->size();
  if (failed(verifyDim(*this, getMultiples(), "multiples", 0, rank)))
    return failure();
  SmallVector<int64_t> mult;
  if (!getConstantInts(getMultiples(), mult))
    return verifyRank(*this, getOutput(), "output", rank);
  SmallVector<int64_t> expected;
  for (int64_t i = 0; i < rank; ++i) {
    if (mult[i] < 0)
      return emitOpError() << "requires non-negative 'multiples', got "
                           << mult[i] << " for dim " << i;
    int64_t d = (*shape)[i];
    std::optional<int64_t> prod = checkedMul(d, mult[i]);
    expected.push_back(mult[i] == 0                        ? 0
                       : ShapedType::isDynamic(d) || !prod ? kDyn
                                                           : *prod);
  }
  return verifyResultShape(*this, getOutput(), expected);
}

LogicalResult BroadcastToOp::verify() {
  if (failed(verifyRank(*this, getShape(), "shape", 1)))
    return failure();
  SmallVector<int64_t> target;
  if (!getConstantInts(getShape(), target)) {
    int64_t n = getDim(getShape(), 0);
    if (!ShapedType::isDynamic(n))
      return verifyRank(*this, getOutput(), "output", n);
    return success();
  }
  for (int64_t d : target)
    if (d < 0)
      return emitOpError() << "requires non-negative 'shape' entries, got "
                           << d;
  if (std::optional<SmallVector<int64_t>> in = shapeOf(getInput())) {
    bool ok = in->size() <= target.size();
    size_t lead = target.size() - std::min(in->size(), target.size());
    for (size_t i = 0; ok && i < in->size(); ++i) {
      int64_t d = (*in)[i];
      ok = ShapedType::isDynamic(d) || d == 1 || d == target[lead + i];
    }
    if (!ok)
      return emitOpError() << "cannot broadcast " << getInput().getType()
                           << " to shape ["
                           << llvm::make_range(target.begin(), target.end())
                           << "]";
  }
  return verifyResultShape(*this, getOutput(), target);
}

OpFoldResult BroadcastToOp::fold(FoldAdaptor) {
  auto rt = cast<ShapedType>(getType());
  if (getInput().getType() == rt && rt.hasStaticShape())
    return getInput();
  return {};
}

LogicalResult BroadcastArgsOp::verify() {
  if (failed(verifyRank(*this, getS0(), "s0", 1)) ||
      failed(verifyRank(*this, getS1(), "s1", 1)) ||
      failed(verifyRank(*this, getR0(), "r0", 1)))
    return failure();
  SmallVector<int64_t> a, b, r;
  if (getConstantInts(getS0(), a) && getConstantInts(getS1(), b)) {
    if (!broadcastShapes(a, b, r))
      return emitOpError() << "incompatible shapes ["
                           << llvm::make_range(a.begin(), a.end()) << "] and ["
                           << llvm::make_range(b.begin(), b.end()) << "]";
    return verifyDim(*this, getR0(), "r0", 0, r.size());
  }
  return success();
}

OpFoldResult BroadcastArgsOp::fold(FoldAdaptor) {
  SmallVector<int64_t> a, b, r;
  auto rt = dyn_cast<RankedTensorType>(getType());
  if (!rt || !rt.hasStaticShape() || !isa<IntegerType>(rt.getElementType()) ||
      !getConstantInts(getS0(), a) || !getConstantInts(getS1(), b) ||
      !broadcastShapes(a, b, r) || rt.getNumElements() != (int64_t)r.size())
    return {};
  return makeIntTensor(rt, r);
}

//===----------------------------------------------------------------------===//
// Creating tensors
//===----------------------------------------------------------------------===//

LogicalResult FillOp::verify() {
  if (failed(verifyRank(*this, getDims(), "dims", 1)) ||
      failed(verifyScalar(*this, getValue(), "value")))
    return failure();
  SmallVector<int64_t> dims;
  if (!getConstantInts(getDims(), dims)) {
    int64_t n = getDim(getDims(), 0);
    if (!ShapedType::isDynamic(n))
      return verifyRank(*this, getOutput(), "output", n);
    return success();
  }
  for (int64_t d : dims)
    if (d < 0)
      return emitOpError() << "requires non-negative 'dims', got " << d;
  // TF's Fill builds a TensorShape, which refuses an element count beyond
  // int64 ("Encountered overflow when multiplying ...").
  if (!checkedProduct(dims)) {
    InFlightDiagnostic diag = emitOpError() << "'dims' [";
    llvm::interleaveComma(dims, diag);
    return diag << "] overflow: the element count exceeds 2^63 - 1";
  }
  return verifyResultShape(*this, getOutput(), dims);
}

/// Largest splat that Fill folds to a constant: 2^20 elements. Larger ones
/// stay ops (a broadcast at run time) so that compile memory stays bounded
/// whatever the graph's constant shapes (a 512 MB constant Fill took 42 s
/// and 4.8 GB to compile, a 1e12-element one ran out of memory).
static constexpr int64_t kMaxFoldSplatElements = int64_t(1) << 20;

OpFoldResult FillOp::fold(FoldAdaptor adaptor) {
  auto value = dyn_cast_or_null<DenseElementsAttr>(adaptor.getValue());
  auto rt = dyn_cast<RankedTensorType>(getType());
  if (!value || !value.isSplat() || !rt || !rt.hasStaticShape() ||
      value.getElementType() != rt.getElementType())
    return {};
  // Above the limit the Fill stays (a broadcast at run time): a splat
  // constant is small in the IR, but folds downstream and the lowering of
  // constants would materialize it, so compile memory would grow with it.
  std::optional<int64_t> n = checkedProduct(rt.getShape());
  if (!n || *n > kMaxFoldSplatElements)
    return {};
  return value.resizeSplat(rt);
}

/// A splat of 0 or 1 of `type` for int, float and bool element types (null
/// above kMaxFoldSplatElements elements).
static Attribute splatOf(Type type, int64_t v) {
  auto rt = dyn_cast<RankedTensorType>(type);
  if (!rt || !rt.hasStaticShape())
    return {};
  std::optional<int64_t> n = checkedProduct(rt.getShape());
  if (!n || *n > kMaxFoldSplatElements)
    return {};
  Type et = rt.getElementType();
  Attribute scalar;
  if (isa<FloatType>(et))
    scalar = FloatAttr::get(et, static_cast<double>(v));
  else if (isa<IntegerType>(et))
    scalar = IntegerAttr::get(et, v);
  else
    return {};
  return DenseElementsAttr::get(rt, scalar);
}

OpFoldResult ZerosLikeOp::fold(FoldAdaptor) { return splatOf(getType(), 0); }
OpFoldResult OnesLikeOp::fold(FoldAdaptor) { return splatOf(getType(), 1); }

LogicalResult EmptyOp::verify() {
  if (failed(verifyRank(*this, getShape(), "shape", 1)))
    return failure();
  SmallVector<int64_t> dims;
  if (getConstantInts(getShape(), dims))
    return verifyResultShape(*this, getOutput(), dims);
  return success();
}

//===----------------------------------------------------------------------===//
// Shape queries
//===----------------------------------------------------------------------===//

/// The shape of `input` as a constant of `resultType`, or null.
static Attribute shapeConstant(Value input, Type resultType) {
  auto in = dyn_cast<ShapedType>(input.getType());
  auto rt = dyn_cast<RankedTensorType>(resultType);
  if (!in || !in.hasStaticShape() || !rt || !rt.hasStaticShape() ||
      rt.getRank() != 1 || rt.getDimSize(0) != in.getRank())
    return {};
  auto et = dyn_cast<IntegerType>(rt.getElementType());
  if (!et)
    return {};
  for (int64_t d : in.getShape())
    if (et.getWidth() < 64 && d > std::numeric_limits<int32_t>::max())
      return {};
  return makeIntTensor(rt, in.getShape());
}

/// TF's Shape/ShapeN kernels (shape_ops.h): a static dimension that a
/// 32-bit out_type cannot hold is InvalidArgument, not a wrapped value.
static LogicalResult verifyShapeFits(Operation *op, Value input, Value output) {
  auto in = dyn_cast<RankedTensorType>(input.getType());
  auto out = dyn_cast<ShapedType>(output.getType());
  if (!in || !out || !out.getElementType().isInteger(32))
    return success();
  for (auto [i, d] : llvm::enumerate(in.getShape()))
    if (!ShapedType::isDynamic(d) && d > std::numeric_limits<int32_t>::max())
      return op->emitOpError()
             << "Shape output type is 32-bit but dim " << i << " is " << d;
  return success();
}

LogicalResult ShapeOp::verify() {
  if (failed(verifyRank(*this, getOutput(), "output", 1)) ||
      failed(verifyShapeFits(*this, getInput(), getOutput())))
    return failure();
  if (std::optional<int64_t> rank = getRank(getInput()))
    return verifyDim(*this, getOutput(), "output", 0, *rank);
  return success();
}

OpFoldResult ShapeOp::fold(FoldAdaptor) {
  return shapeConstant(getInput(), getType());
}

LogicalResult ShapeNOp::verify() {
  if (failed(verifyNAttr(*this, getN(), getInput().size(), "inputs", 1)))
    return failure();
  if (getInput().size() != getOutput().size())
    return emitOpError() << "has " << getInput().size() << " inputs but "
                         << getOutput().size() << " results";
  for (auto [in, out] : llvm::zip(getInput(), getOutput())) {
    if (failed(verifyRank(*this, out, "output", 1)) ||
        failed(verifyShapeFits(*this, in, out)))
      return failure();
    if (std::optional<int64_t> rank = getRank(in))
      if (failed(verifyDim(*this, out, "output", 0, *rank)))
        return failure();
  }
  return success();
}

LogicalResult ShapeNOp::fold(FoldAdaptor,
                             SmallVectorImpl<OpFoldResult> &results) {
  SmallVector<OpFoldResult> folded;
  for (auto [in, out] : llvm::zip(getInput(), getOutput())) {
    Attribute a = shapeConstant(in, out.getType());
    if (!a)
      return failure();
    folded.push_back(a);
  }
  results.append(folded.begin(), folded.end());
  return success();
}

LogicalResult SizeOp::verify() {
  if (failed(verifyRank(*this, getOutput(), "output", 0)))
    return failure();
  // TF's Size kernel: an element count a 32-bit out_type cannot hold is
  // InvalidArgument (it was a wrapped value).
  auto in = dyn_cast<RankedTensorType>(getInput().getType());
  auto out = dyn_cast<ShapedType>(getOutput().getType());
  if (in && in.hasStaticShape() && out && out.getElementType().isInteger(32)) {
    std::optional<int64_t> n = numElements(in.getShape());
    if (!n || *n > std::numeric_limits<int32_t>::max())
      return emitOpError() << "Number of elements was larger than "
                              "representable by 32-bit output type";
  }
  return success();
}

OpFoldResult SizeOp::fold(FoldAdaptor) {
  auto in = dyn_cast<ShapedType>(getInput().getType());
  auto rt = dyn_cast<RankedTensorType>(getType());
  if (!in || !in.hasStaticShape() || !rt || rt.getRank() != 0 ||
      !isa<IntegerType>(rt.getElementType()))
    return {};
  std::optional<int64_t> n = numElements(in.getShape());
  if (!n || (rt.getElementType().getIntOrFloatBitWidth() < 64 &&
             *n > std::numeric_limits<int32_t>::max()))
    return {};
  return makeIntTensor(rt, {*n});
}

LogicalResult RankOp::verify() {
  return verifyRank(*this, getOutput(), "output", 0);
}

OpFoldResult RankOp::fold(FoldAdaptor) {
  std::optional<int64_t> rank = getRank(getInput());
  auto rt = dyn_cast<RankedTensorType>(getType());
  if (!rank || !rt || rt.getRank() != 0 ||
      !isa<IntegerType>(rt.getElementType()))
    return {};
  return makeIntTensor(rt, {*rank});
}

//===----------------------------------------------------------------------===//
// Identity-like
//===----------------------------------------------------------------------===//

OpFoldResult SnapshotOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

/// Whether `type` satisfies the #tf_type.shape `shape`.
static bool satisfiesShape(Type type, tf_type::ShapeAttr shape) {
  if (!shape.hasRank())
    return true;
  auto t = dyn_cast<ShapedType>(type);
  if (!t || !t.hasRank())
    return true;
  ArrayRef<int64_t> dims = shape.getDims();
  if (t.getRank() != static_cast<int64_t>(dims.size()))
    return false;
  for (auto [a, b] : llvm::zip(t.getShape(), dims))
    if (b >= 0 && !dimsCompatible(a, b))
      return false;
  return true;
}

LogicalResult EnsureShapeOp::verify() {
  if (!satisfiesShape(getInput().getType(), getShape()))
    return emitOpError() << "input type " << getInput().getType()
                         << " is incompatible with the 'shape' attr "
                         << getShape();
  return success();
}

OpFoldResult EnsureShapeOp::fold(FoldAdaptor) {
  auto t = cast<ShapedType>(getInput().getType());
  if (t == getType() && t.hasStaticShape() && satisfiesShape(t, getShape()))
    return getInput();
  return {};
}

LogicalResult InvertPermutationOp::verify() {
  return verifyRank(*this, getX(), "x", 1);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsShape.cpp.inc"

void tfmlir::TF::registerShapeOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsShape.cpp.inc"
      >();
}
