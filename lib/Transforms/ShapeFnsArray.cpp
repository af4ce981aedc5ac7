//===- ShapeFnsArray.cpp - shape fns of array ops (array_ops.cc) ---------===//
//
// Placeholder/Const, Reshape, Fill, Range, Slice/StridedSlice, Pad, Tile,
// Concat, Transpose, ExpandDims/Squeeze, BroadcastTo, Shape/Size/Rank,
// Gather*, OneHot, Split/Unpack/Pack, Where, space/batch/depth shuffles,
// Scatter*/segment ops. Semantics from tensorflow/core/ops/array_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeInferenceContext.h"

#include "dialects/tf/TFOpsUtils.h"
#include "lib/Support/StridedSlice.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;

namespace tfmlir {
namespace shape_inference {

//===----------------------------------------------------------------------===//
// StridedSlice (TF's ValidateStridedSliceOp, per element where known)
//===----------------------------------------------------------------------===//

LogicalResult stridedSlice(const Shape &input,
                           const std::optional<IntValue> &begin,
                           const std::optional<IntValue> &end,
                           const std::optional<IntValue> &strides,
                           int64_t sparseLen, int64_t beginMask,
                           int64_t endMask, int64_t ellipsisMask,
                           int64_t newAxisMask, int64_t shrinkAxisMask,
                           StridedSliceInfo &out, std::string &err) {
  out = StridedSliceInfo();
  if (!input.ranked || sparseLen < 0)
    return success(); // unknown final shape
  // The sparse spec with unknown elements as kSliceUnknown (== kDyn).
  auto spec = [&](const std::optional<IntValue> &v) {
    std::vector<int64_t> xs(sparseLen, kSliceUnknown);
    if (v && v->rank() == 1)
      for (int64_t i = 0; i < sparseLen && i < (int64_t)v->values.size(); ++i)
        if (v->values[i] != kUnknownValue)
          xs[i] = v->values[i];
    return xs;
  };
  StridedSliceResult r;
  absl::Status st = computeStridedSlice(
      input.dims, spec(begin), spec(end), spec(strides),
      {beginMask, endMask, ellipsisMask, newAxisMask, shrinkAxisMask}, r);
  if (!st.ok()) {
    err = std::string(st.message());
    return failure();
  }
  // kSliceUnknown is kDyn: the shapes carry over; unknown begins become
  // kUnknownValue.
  static_assert(kSliceUnknown == kDyn);
  out.processingShape = Shape::of(r.processingShape);
  out.finalShape = Shape::of(r.finalShape);
  for (const StridedSliceDim &d : r.dims) {
    out.begin.push_back(d.begin == kSliceUnknown ? kUnknownValue : d.begin);
    out.stride.push_back(d.stride == kSliceUnknown ? 1 : d.stride);
    out.size.push_back(d.size);
  }
  out.finalToProcessing.assign(r.finalToProcessing.begin(),
                               r.finalToProcessing.end());
  return success();
}

namespace {

int64_t product(ArrayRef<int64_t> xs) {
  int64_t n = 1;
  for (int64_t x : xs)
    n = dimMul(n, x);
  return n;
}

LogicalResult placeholder(InferenceContext &c) {
  if (auto s = c.shapeAttr("shape"))
    c.setOutput(0, *s);
  return success();
}

LogicalResult constOp(InferenceContext &c) {
  if (auto v = dyn_cast_or_null<TypedAttr>(c.attr("value")))
    c.setOutput(0, Shape::fromType(v.getType()));
  return success();
}

LogicalResult reshape(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto target = c.inputAsShape(1);
  if (failed(target))
    return failure();
  Shape out = *target;
  if (!out.ranked) {
    c.setOutput(0, out);
    return success();
  }
  // Resolve -1 (an unknown dim) when the input's element count is known.
  auto v = c.inputValue(1);
  int64_t inferAt = -1, knownProduct = 1;
  bool othersKnown = true;
  for (int64_t i = 0; i < out.rank(); ++i) {
    bool isMinusOne = v && v->rank() == 1 && v->values[i] == -1;
    if (isMinusOne) {
      if (inferAt >= 0)
        return c.error("only one input size may be -1");
      inferAt = i;
    } else if (isDyn(out.dims[i])) {
      othersKnown = false;
    } else if (__builtin_mul_overflow(knownProduct, out.dims[i],
                                      &knownProduct)) {
      othersKnown = false; // not countable in int64: leave -1 unknown
    }
  }
  int64_t ne = in.numElements();
  if (inferAt >= 0 && othersKnown && !isDyn(ne)) {
    if (knownProduct == 0) {
      if (ne != 0)
        return c.error("cannot reshape a tensor with " + Twine(ne) +
                       " elements to a shape with a 0 dim and -1");
    } else {
      if (ne % knownProduct != 0)
        return c.error("cannot reshape a tensor with " + Twine(ne) +
                       " elements to shape " + out.str() + " (" +
                       Twine(knownProduct) + " elements times -1)");
      out.dims[inferAt] = ne / knownProduct;
    }
  } else if (inferAt < 0 && out.isStatic() && !isDyn(ne) &&
             out.numElements() != ne) {
    return c.error("cannot reshape a tensor with " + Twine(ne) +
                   " elements to shape " + out.str() + " (" +
                   Twine(out.numElements()) + " elements)");
  }
  // A single unknown dim can also come from a partially known target.
  if (inferAt < 0 && !isDyn(ne) && ne != 0) {
    int64_t unknownAt = -1, prod = 1;
    bool single = true;
    for (int64_t i = 0; i < out.rank(); ++i) {
      if (isDyn(out.dims[i])) {
        if (unknownAt >= 0)
          single = false;
        unknownAt = i;
      } else if (__builtin_mul_overflow(prod, out.dims[i], &prod)) {
        single = false;
      }
    }
    if (single && unknownAt >= 0 && prod != 0 && ne % prod == 0)
      out.dims[unknownAt] = ne / prod;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult fill(InferenceContext &c) {
  auto s = c.inputAsShape(0);
  if (failed(s))
    return failure();
  c.setOutput(0, *s);
  return success();
}

LogicalResult shapeFromInput0(InferenceContext &c) { return fill(c); }

LogicalResult range(InferenceContext &c) {
  Type et = c.inputElementType(0);
  std::string why;
  std::optional<int64_t> size;
  if (et && isa<IntegerType>(et)) {
    auto start = c.inputScalar(0), limit = c.inputScalar(1),
         delta = c.inputScalar(2);
    if (!start || !limit || !delta) {
      c.setOutput(0, Shape::ofRank(1));
      return success();
    }
    size = TF::rangeElementCount(*start, *limit, *delta, why);
  } else {
    auto start = c.inputScalarDouble(0), limit = c.inputScalarDouble(1),
         delta = c.inputScalarDouble(2);
    if (!start || !limit || !delta) {
      c.setOutput(0, Shape::ofRank(1));
      return success();
    }
    size = TF::rangeElementCount(*start, *limit, *delta, why);
  }
  if (!size)
    return c.error(why);
  c.setOutput(0, Shape::vector(*size));
  return success();
}

LogicalResult linSpace(InferenceContext &c) {
  auto n = c.inputScalar(2);
  c.setOutput(0, Shape::vector(n ? *n : kDyn));
  return success();
}

LogicalResult slice(InferenceContext &c) {
  Shape in = c.inputShape(0);
  Shape beginT = c.inputShape(1), sizeT = c.inputShape(2);
  int64_t rank = in.rank();
  if (rank < 0 && beginT.ranked && beginT.rank() == 1 && !isDyn(beginT.dims[0]))
    rank = beginT.dims[0];
  if (rank < 0 && sizeT.ranked && sizeT.rank() == 1 && !isDyn(sizeT.dims[0]))
    rank = sizeT.dims[0];
  if (rank < 0) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  if (!in.ranked)
    in = Shape::ofRank(rank);
  auto b = c.inputValue(1), sz = c.inputValue(2);
  auto elem = [](const std::optional<IntValue> &v, int64_t i) {
    if (!v || v->rank() != 1 || i >= (int64_t)v->values.size())
      return kUnknownValue;
    return v->values[i];
  };
  if ((b && b->rank() == 1 && (int64_t)b->values.size() != rank) ||
      (sz && sz->rank() == 1 && (int64_t)sz->values.size() != rank))
    return c.error("begin and size must have " + Twine(rank) + " elements");
  Shape out = Shape::ofRank(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t bi = elem(b, i), si = elem(sz, i), d = in.dims[i];
    if (si == kUnknownValue)
      continue;
    if (si == -1) {
      if (bi != kUnknownValue && !isDyn(d)) {
        if (bi < 0 || bi > d)
          return c.error("begin " + Twine(bi) + " out of range for dim " +
                         Twine(i) + " of size " + Twine(d));
        out.dims[i] = d - bi;
      }
      continue;
    }
    if (si < -1)
      return c.error("size " + Twine(si) + " must be >= -1");
    if (bi != kUnknownValue && !isDyn(d) && (bi < 0 || bi + si > d))
      return c.error("slice [" + Twine(bi) + ", " + Twine(bi + si) +
                     ") out of range for dim " + Twine(i) + " of size " +
                     Twine(d));
    out.dims[i] = si;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult stridedSliceFn(InferenceContext &c) {
  Shape in = c.inputShape(0);
  Shape beginT = c.inputShape(1);
  int64_t sparseLen = -1;
  auto b = c.inputValue(1), e = c.inputValue(2), s = c.inputValue(3);
  if (b && b->rank() == 1)
    sparseLen = b->shape[0];
  else if (beginT.ranked && beginT.rank() == 1 && !isDyn(beginT.dims[0]))
    sparseLen = beginT.dims[0];
  if (!in.ranked || sparseLen < 0) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  StridedSliceInfo info;
  std::string err;
  if (failed(stridedSlice(in, b, e, s, sparseLen, c.intAttr("begin_mask", 0),
                          c.intAttr("end_mask", 0),
                          c.intAttr("ellipsis_mask", 0),
                          c.intAttr("new_axis_mask", 0),
                          c.intAttr("shrink_axis_mask", 0), info, err)))
    return c.error(err);
  c.setOutput(0, info.finalShape);
  return success();
}

LogicalResult stridedSliceGrad(InferenceContext &c) {
  return fill(c); // output shape = `shape` input
}

LogicalResult pad(InferenceContext &c) {
  Shape in = c.inputShape(0);
  Shape padT = c.inputShape(1);
  int64_t rank = in.rank();
  if (rank < 0 && padT.ranked && padT.rank() == 2 && !isDyn(padT.dims[0]))
    rank = padT.dims[0];
  if (padT.ranked && padT.rank() == 2 && !isDyn(padT.dims[1]) &&
      padT.dims[1] != 2)
    return c.error("paddings must be a [rank, 2] matrix, got " + padT.str());
  if (in.ranked && padT.ranked && padT.rank() >= 1 && !isDyn(padT.dims[0]) &&
      padT.dims[0] != in.rank())
    return c.error("paddings has " + Twine(padT.dims[0]) +
                   " rows but the input has rank " + Twine(in.rank()));
  if (rank < 0) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  if (!in.ranked)
    in = Shape::ofRank(rank);
  auto p = c.inputValue(1);
  Shape out = Shape::ofRank(rank);
  for (int64_t i = 0; i < rank; ++i) {
    if (!p || p->values.size() != (size_t)(2 * rank))
      break;
    int64_t a = p->values[2 * i], z = p->values[2 * i + 1];
    if (a == kUnknownValue || z == kUnknownValue)
      continue;
    if (a < 0 || z < 0)
      return c.error("paddings must be non-negative");
    out.dims[i] = dimAdd(in.dims[i], a + z);
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult tile(InferenceContext &c) {
  Shape in = c.inputShape(0);
  Shape mT = c.inputShape(1);
  int64_t rank = in.rank();
  if (rank < 0 && mT.ranked && mT.rank() == 1 && !isDyn(mT.dims[0]))
    rank = mT.dims[0];
  if (rank < 0) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  if (in.ranked && mT.ranked && mT.rank() == 1 && !isDyn(mT.dims[0]) &&
      mT.dims[0] != in.rank())
    return c.error("multiples has " + Twine(mT.dims[0]) +
                   " elements but the input has rank " + Twine(in.rank()));
  if (!in.ranked)
    in = Shape::ofRank(rank);
  auto m = c.inputValue(1);
  Shape out = Shape::ofRank(rank);
  for (int64_t i = 0; i < rank; ++i) {
    if (!m || m->values.size() != (size_t)rank)
      break;
    int64_t x = m->values[i];
    if (x == kUnknownValue)
      continue;
    out.dims[i] = dimMul(in.dims[i], x);
  }
  c.setOutput(0, out);
  return success();
}

/// Concat of `values` along the (possibly unknown) axis.
LogicalResult concatCommon(InferenceContext &c, ArrayRef<unsigned> valueIdx,
                           unsigned axisIdx) {
  if (valueIdx.empty())
    return success();
  auto axisV = c.inputScalar(axisIdx);
  int64_t rank = -1;
  for (unsigned i : valueIdx)
    if (c.inputShape(i).ranked) {
      int64_t r = c.inputShape(i).rank();
      if (rank >= 0 && r != rank)
        return c.error("all values must have the same rank (" + Twine(rank) +
                       " vs " + Twine(r) + ")");
      rank = r;
    }
  if (rank < 0) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  if (rank == 0)
    return c.error("cannot concatenate scalars (use Pack instead)");
  if (!axisV) {
    // Unknown axis: rank only; dims known only where all inputs agree...
    // TF gives all-unknown dims.
    c.setOutput(0, Shape::ofRank(rank));
    return success();
  }
  auto axis = c.canonicalAxis(*axisV, rank, "concat axis");
  if (failed(axis))
    return failure();
  Shape out = Shape::ofRank(rank);
  out.dims[*axis] = 0;
  for (unsigned i : valueIdx) {
    Shape s = c.inputShape(i);
    if (!s.ranked)
      s = Shape::ofRank(rank);
    for (int64_t d = 0; d < rank; ++d) {
      if (d == *axis) {
        out.dims[d] = dimAdd(out.dims[d], s.dims[d]);
        continue;
      }
      auto m = c.merge(out.dims[d], s.dims[d],
                       "dimension " + std::to_string(d) +
                           " of the concatenated values");
      if (failed(m))
        return failure();
      out.dims[d] = *m;
    }
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult concatV2(InferenceContext &c) {
  if (c.numInputs() < 2)
    return success();
  SmallVector<unsigned> idx;
  for (unsigned i = 0; i + 1 < c.numInputs(); ++i)
    idx.push_back(i);
  return concatCommon(c, idx, c.numInputs() - 1);
}

LogicalResult concatV1(InferenceContext &c) {
  if (c.numInputs() < 2)
    return success();
  SmallVector<unsigned> idx;
  for (unsigned i = 1; i < c.numInputs(); ++i)
    idx.push_back(i);
  return concatCommon(c, idx, 0);
}

LogicalResult concatOffset(InferenceContext &c) {
  for (unsigned i = 1; i < c.numInputs(); ++i)
    c.setOutput(i - 1, c.inputShape(i));
  return success();
}

LogicalResult transpose(InferenceContext &c) {
  Shape in = c.inputShape(0);
  Shape pT = c.inputShape(1);
  int64_t rank = in.rank();
  if (rank < 0 && pT.ranked && pT.rank() == 1 && !isDyn(pT.dims[0]))
    rank = pT.dims[0];
  if (rank < 0) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  if (in.ranked && pT.ranked && pT.rank() == 1 && !isDyn(pT.dims[0]) &&
      pT.dims[0] != rank)
    return c.error("perm has " + Twine(pT.dims[0]) +
                   " elements but the input has rank " + Twine(rank));
  if (!in.ranked)
    in = Shape::ofRank(rank);
  auto perm = c.inputInts(1);
  Shape out = Shape::ofRank(rank);
  if (perm && (int64_t)perm->size() == rank) {
    SmallVector<bool> seen(rank, false);
    for (int64_t i = 0; i < rank; ++i) {
      int64_t p = (*perm)[i];
      if (p < 0)
        p += rank;
      if (p < 0 || p >= rank || seen[p])
        return c.error("perm is not a permutation of [0, " + Twine(rank) + ")");
      seen[p] = true;
      out.dims[i] = in.dims[p];
    }
  } else if (rank == 1) {
    out = in;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult expandDims(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto dim = c.inputScalar(1);
  if (!in.ranked || !dim) {
    c.setOutput(0, in.ranked ? Shape::ofRank(in.rank() + 1) : Shape::unknown());
    return success();
  }
  int64_t rank = in.rank() + 1;
  auto axis = c.canonicalAxis(*dim, rank, "dim");
  if (failed(axis))
    return failure();
  Shape out = in;
  out.dims.insert(out.dims.begin() + *axis, 1);
  c.setOutput(0, out);
  return success();
}

LogicalResult squeeze(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  auto sq = c.intListAttr("squeeze_dims");
  if (!sq)
    sq = c.intListAttr("axis");
  SmallVector<bool> drop(in.rank(), false);
  if (sq && !sq->empty()) {
    for (int64_t d : *sq) {
      auto a = c.canonicalAxis(d, in.rank(), "squeeze dim");
      if (failed(a))
        return failure();
      if (!isDyn(in.dims[*a]) && in.dims[*a] != 1)
        return c.error("cannot squeeze dim " + Twine(*a) +
                       ", expected a dimension of 1, got " +
                       Twine(in.dims[*a]));
      drop[*a] = true;
    }
  } else {
    for (int64_t i = 0; i < in.rank(); ++i) {
      if (isDyn(in.dims[i])) {
        c.setOutput(0, Shape::unknown());
        return success();
      }
      drop[i] = in.dims[i] == 1;
    }
  }
  Shape out = Shape::ofRank(0);
  for (int64_t i = 0; i < in.rank(); ++i)
    if (!drop[i])
      out.dims.push_back(in.dims[i]);
  c.setOutput(0, out);
  return success();
}

LogicalResult broadcastTo(InferenceContext &c) {
  auto target = c.inputAsShape(1);
  if (failed(target))
    return failure();
  Shape out = *target, in = c.inputShape(0);
  if (!out.ranked) {
    c.setOutput(0, out);
    return success();
  }
  if (in.ranked) {
    if (in.rank() > out.rank())
      return c.error("the input rank " + Twine(in.rank()) +
                     " exceeds the target rank " + Twine(out.rank()));
    int64_t off = out.rank() - in.rank();
    for (int64_t i = 0; i < in.rank(); ++i) {
      int64_t x = in.dims[i], &o = out.dims[off + i];
      if (isDyn(o)) {
        if (!isDyn(x) && x > 1)
          o = x;
      } else if (!isDyn(x) && x != 1 && x != o) {
        return c.error("cannot broadcast " + in.str() + " to " + out.str());
      }
    }
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult shapeOp(InferenceContext &c) {
  Shape in = c.inputShape(0);
  c.setOutput(0, Shape::vector(in.ranked ? in.rank() : kDyn));
  return success();
}

LogicalResult shapeN(InferenceContext &c) {
  for (unsigned i = 0; i < c.numInputs(); ++i) {
    Shape in = c.inputShape(i);
    c.setOutput(i, Shape::vector(in.ranked ? in.rank() : kDyn));
  }
  return success();
}

LogicalResult scalarFn(InferenceContext &c) {
  c.setOutput(0, Shape::scalar());
  return success();
}

LogicalResult broadcastArgs(InferenceContext &c) {
  Shape a = c.inputShape(0), b = c.inputShape(1);
  if (a.ranked && b.ranked && a.rank() == 1 && b.rank() == 1 &&
      !isDyn(a.dims[0]) && !isDyn(b.dims[0]))
    c.setOutput(0, Shape::vector(std::max(a.dims[0], b.dims[0])));
  else
    c.setOutput(0, Shape::vector(kDyn));
  return success();
}

LogicalResult broadcastGradientArgs(InferenceContext &c) {
  c.setOutput(0, Shape::vector(kDyn));
  c.setOutput(1, Shape::vector(kDyn));
  return success();
}

LogicalResult gather(InferenceContext &c) {
  // Gather (v1): params[0] is replaced by indices' shape.
  Shape params = c.inputShape(0), indices = c.inputShape(1);
  auto p = c.withRankAtLeast(params, 1, "params");
  if (failed(p))
    return failure();
  if (!params.ranked || !indices.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  Shape out = indices;
  out.dims.append(params.dims.begin() + 1, params.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult gatherV2(InferenceContext &c) {
  Shape params = c.inputShape(0), indices = c.inputShape(1);
  auto axisV = c.inputScalar(2);
  int64_t batchDims = c.intAttr("batch_dims", 0);
  if (params.ranked && params.rank() == 0)
    return c.error("params must be at least 1-D");
  if (!params.ranked || !indices.ranked || !axisV) {
    if (params.ranked && indices.ranked)
      c.setOutput(0, Shape::ofRank(params.rank() + indices.rank() - 1 -
                                   (batchDims < 0 ? batchDims + indices.rank()
                                                  : batchDims)));
    return success();
  }
  auto axis = c.canonicalAxis(*axisV, params.rank(), "gather axis");
  if (failed(axis))
    return failure();
  if (batchDims < 0)
    batchDims += indices.rank();
  if (batchDims < 0 || batchDims > indices.rank() || batchDims > *axis)
    return c.error("batch_dims " + Twine(batchDims) + " is out of range");
  Shape out = Shape::ofRank(0);
  for (int64_t i = 0; i < *axis; ++i) {
    int64_t d = params.dims[i];
    if (i < batchDims) {
      auto m =
          c.merge(d, indices.dims[i], "batch dimensions of params and indices");
      if (failed(m))
        return failure();
      d = *m;
    }
    out.dims.push_back(d);
  }
  out.dims.append(indices.dims.begin() + batchDims, indices.dims.end());
  out.dims.append(params.dims.begin() + *axis + 1, params.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult gatherNd(InferenceContext &c) {
  Shape params = c.inputShape(0), indices = c.inputShape(1);
  if (!params.ranked || !indices.ranked || indices.rank() == 0 ||
      isDyn(indices.dims.back())) {
    if (indices.ranked && indices.rank() == 0)
      return c.error("indices must be at least 1-D");
    c.setOutput(0, Shape::unknown());
    return success();
  }
  int64_t r = indices.dims.back();
  if (r > params.rank())
    return c.error("indices.shape[-1] = " + Twine(r) +
                   " must be <= the params rank " + Twine(params.rank()));
  Shape out = Shape::ofRank(0);
  out.dims.append(indices.dims.begin(), indices.dims.end() - 1);
  out.dims.append(params.dims.begin() + r, params.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult oneHot(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto depth = c.inputScalar(1);
  if (depth && *depth < 0)
    return c.error("depth must be non-negative, got " + Twine(*depth));
  if (!in.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  int64_t axis = c.intAttr("axis", -1);
  if (axis < -1 || axis > in.rank())
    return c.error("axis " + Twine(axis) + " is out of range");
  int64_t pos = axis == -1 ? in.rank() : axis;
  Shape out = in;
  out.dims.insert(out.dims.begin() + pos, depth ? *depth : kDyn);
  c.setOutput(0, out);
  return success();
}

LogicalResult pack(InferenceContext &c) {
  Shape s = Shape::unknown();
  for (unsigned i = 0; i < c.numInputs(); ++i) {
    auto m = c.merge(s, c.inputShape(i),
                     "all packed values must have the same shape");
    if (failed(m))
      return failure();
    s = *m;
  }
  if (!s.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  int64_t axis = c.intAttr("axis", 0);
  auto a = c.canonicalAxis(axis, s.rank() + 1, "pack axis");
  if (failed(a))
    return failure();
  Shape out = s;
  out.dims.insert(out.dims.begin() + *a, (int64_t)c.numInputs());
  c.setOutput(0, out);
  return success();
}

LogicalResult unpack(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  auto a = c.canonicalAxis(c.intAttr("axis", 0), in.rank(), "unpack axis");
  if (failed(a))
    return failure();
  if (auto num = c.intAttr("num"))
    if (!isDyn(in.dims[*a]) && in.dims[*a] != *num)
      return c.error("dimension " + Twine(*a) + " has size " +
                     Twine(in.dims[*a]) + ", but num = " + Twine(*num));
  Shape out = in;
  out.dims.erase(out.dims.begin() + *a);
  for (unsigned i = 0; i < c.numOutputs(); ++i)
    c.setOutput(i, out);
  return success();
}

LogicalResult splitCommon(InferenceContext &c, unsigned valueIdx,
                          unsigned dimIdx) {
  Shape in = c.inputShape(valueIdx);
  int64_t numSplit = c.intAttr("num_split", (int64_t)c.numOutputs());
  auto dimV = c.inputScalar(dimIdx);
  if (!in.ranked) {
    for (unsigned i = 0; i < c.numOutputs(); ++i)
      c.setOutput(i, Shape::unknown());
    return success();
  }
  Shape out = Shape::ofRank(in.rank());
  if (dimV) {
    auto a = c.canonicalAxis(*dimV, in.rank(), "split dim");
    if (failed(a))
      return failure();
    out = in;
    int64_t d = in.dims[*a];
    if (!isDyn(d)) {
      if (numSplit <= 0 || d % numSplit != 0)
        return c.error("number of ways to split (" + Twine(numSplit) +
                       ") must evenly divide the split dimension (" + Twine(d) +
                       ")");
      out.dims[*a] = d / numSplit;
    }
  }
  for (unsigned i = 0; i < c.numOutputs(); ++i)
    c.setOutput(i, out);
  return success();
}

LogicalResult split(InferenceContext &c) { return splitCommon(c, 1, 0); }

LogicalResult splitV(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto dimV = c.inputScalar(2);
  auto sizes = c.inputInts(1);
  if (!in.ranked) {
    for (unsigned i = 0; i < c.numOutputs(); ++i)
      c.setOutput(i, Shape::unknown());
    return success();
  }
  if (!dimV) {
    for (unsigned i = 0; i < c.numOutputs(); ++i)
      c.setOutput(i, Shape::ofRank(in.rank()));
    return success();
  }
  auto a = c.canonicalAxis(*dimV, in.rank(), "split dim");
  if (failed(a))
    return failure();
  if (!sizes) {
    Shape out = in;
    out.dims[*a] = kDyn;
    for (unsigned i = 0; i < c.numOutputs(); ++i)
      c.setOutput(i, out);
    return success();
  }
  SmallVector<int64_t> sz(sizes->begin(), sizes->end());
  int64_t minusOne = -1, total = 0;
  for (size_t i = 0; i < sz.size(); ++i) {
    if (sz[i] == -1) {
      if (minusOne >= 0)
        return c.error("only one size_splits entry may be -1");
      minusOne = i;
    } else {
      total += sz[i];
    }
  }
  int64_t d = in.dims[*a];
  if (minusOne >= 0) {
    if (!isDyn(d)) {
      if (total > d)
        return c.error("size_splits sum " + Twine(total) +
                       " exceeds the split dimension " + Twine(d));
      sz[minusOne] = d - total;
    } else {
      sz[minusOne] = kDyn;
    }
  } else if (!isDyn(d) && total != d) {
    return c.error("size_splits sum " + Twine(total) +
                   " must equal the split dimension " + Twine(d));
  }
  for (unsigned i = 0; i < c.numOutputs() && i < sz.size(); ++i) {
    Shape out = in;
    out.dims[*a] = sz[i];
    c.setOutput(i, out);
  }
  return success();
}

LogicalResult where(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (c.numInputs() >= 3) // Where with x, y (TF1 Select-like): SelectV2
    return success();
  c.setOutput(0, Shape::of({kDyn, in.ranked ? in.rank() : kDyn}));
  return success();
}

LogicalResult spaceToBatchND(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto block = c.inputInts(1);
  auto pads = c.inputInts(2);
  Shape bT = c.inputShape(1);
  if (!in.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  int64_t m = block ? (int64_t)block->size()
                    : (bT.ranked && bT.rank() == 1 ? bT.dims[0] : kDyn);
  if (isDyn(m)) {
    c.setOutput(0, Shape::ofRank(in.rank()));
    return success();
  }
  if (in.rank() < 1 + m)
    return c.error("input rank must be at least " + Twine(1 + m));
  Shape out = in;
  if (!block) {
    out.dims[0] = kDyn;
    for (int64_t i = 0; i < m; ++i)
      out.dims[1 + i] = kDyn;
    c.setOutput(0, out);
    return success();
  }
  int64_t prod = 1;
  for (int64_t b : *block) {
    if (b < 1)
      return c.error("block_shape must be positive");
    prod *= b;
  }
  out.dims[0] = dimMul(in.dims[0], prod);
  for (int64_t i = 0; i < m; ++i) {
    int64_t d = in.dims[1 + i];
    if (!pads || pads->size() != (size_t)(2 * m) || isDyn(d)) {
      out.dims[1 + i] = kDyn;
      continue;
    }
    int64_t padded = d + (*pads)[2 * i] + (*pads)[2 * i + 1];
    if (padded % (*block)[i] != 0)
      return c.error("padded dimension " + Twine(i) + " (" + Twine(padded) +
                     ") is not divisible by block_shape " + Twine((*block)[i]));
    out.dims[1 + i] = padded / (*block)[i];
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult batchToSpaceND(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto block = c.inputInts(1);
  auto crops = c.inputInts(2);
  Shape bT = c.inputShape(1);
  if (!in.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  int64_t m = block ? (int64_t)block->size()
                    : (bT.ranked && bT.rank() == 1 ? bT.dims[0] : kDyn);
  if (isDyn(m)) {
    c.setOutput(0, Shape::ofRank(in.rank()));
    return success();
  }
  if (in.rank() < 1 + m)
    return c.error("input rank must be at least " + Twine(1 + m));
  Shape out = in;
  if (!block) {
    out.dims[0] = kDyn;
    for (int64_t i = 0; i < m; ++i)
      out.dims[1 + i] = kDyn;
    c.setOutput(0, out);
    return success();
  }
  int64_t prod = 1;
  for (int64_t b : *block) {
    if (b < 1)
      return c.error("block_shape must be positive");
    prod *= b;
  }
  if (!isDyn(in.dims[0])) {
    if (in.dims[0] % prod != 0)
      return c.error("batch " + Twine(in.dims[0]) +
                     " is not divisible by the product of block_shape " +
                     Twine(prod));
    out.dims[0] = in.dims[0] / prod;
  }
  for (int64_t i = 0; i < m; ++i) {
    int64_t d = in.dims[1 + i];
    if (!crops || crops->size() != (size_t)(2 * m) || isDyn(d)) {
      out.dims[1 + i] = kDyn;
      continue;
    }
    int64_t r = d * (*block)[i] - (*crops)[2 * i] - (*crops)[2 * i + 1];
    if (r < 0)
      return c.error("crops exceed the size of dimension " + Twine(i + 1));
    out.dims[1 + i] = r;
  }
  c.setOutput(0, out);
  return success();
}

/// SpaceToBatch / BatchToSpace (v1): 4-D, block_size attr, 2x2 paddings.
LogicalResult spaceToBatchV1(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto r = c.withRank(in, 4, "input");
  if (failed(r))
    return failure();
  in = *r;
  int64_t bs = c.intAttr("block_size", 0);
  auto pads = c.inputInts(1);
  Shape out = in;
  out.dims[0] = bs > 0 ? dimMul(in.dims[0], bs * bs) : kDyn;
  for (int i = 0; i < 2; ++i) {
    int64_t d = in.dims[1 + i];
    if (!pads || pads->size() != 4 || isDyn(d) || bs <= 0) {
      out.dims[1 + i] = kDyn;
      continue;
    }
    int64_t padded = d + (*pads)[2 * i] + (*pads)[2 * i + 1];
    if (padded % bs)
      return c.error("padded spatial dims must be divisible by block_size");
    out.dims[1 + i] = padded / bs;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult batchToSpaceV1(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto r = c.withRank(in, 4, "input");
  if (failed(r))
    return failure();
  in = *r;
  int64_t bs = c.intAttr("block_size", 0);
  auto crops = c.inputInts(1);
  Shape out = in;
  if (bs > 0 && !isDyn(in.dims[0])) {
    if (in.dims[0] % (bs * bs))
      return c.error("batch must be divisible by block_size^2");
    out.dims[0] = in.dims[0] / (bs * bs);
  } else {
    out.dims[0] = kDyn;
  }
  for (int i = 0; i < 2; ++i) {
    int64_t d = in.dims[1 + i];
    if (!crops || crops->size() != 4 || isDyn(d) || bs <= 0) {
      out.dims[1 + i] = kDyn;
      continue;
    }
    out.dims[1 + i] = d * bs - (*crops)[2 * i] - (*crops)[2 * i + 1];
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult depthToSpace(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto r = c.withRank(in, 4, "input");
  if (failed(r))
    return failure();
  in = *r;
  int64_t bs = c.intAttr("block_size", 0);
  if (bs < 2)
    return c.error("block_size must be at least 2, got " + Twine(bs));
  bool nchw = c.strAttr("data_format", "NHWC") == "NCHW";
  int64_t h = nchw ? 2 : 1, w = nchw ? 3 : 2, ch = nchw ? 1 : 3;
  Shape out = in;
  out.dims[h] = dimMul(in.dims[h], bs);
  out.dims[w] = dimMul(in.dims[w], bs);
  if (!isDyn(in.dims[ch])) {
    if (in.dims[ch] % (bs * bs))
      return c.error("depth " + Twine(in.dims[ch]) +
                     " must be divisible by block_size^2 = " + Twine(bs * bs));
    out.dims[ch] = in.dims[ch] / (bs * bs);
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult spaceToDepth(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto r = c.withRank(in, 4, "input");
  if (failed(r))
    return failure();
  in = *r;
  int64_t bs = c.intAttr("block_size", 0);
  if (bs < 2)
    return c.error("block_size must be at least 2, got " + Twine(bs));
  bool nchw = c.strAttr("data_format", "NHWC") == "NCHW";
  int64_t h = nchw ? 2 : 1, w = nchw ? 3 : 2, ch = nchw ? 1 : 3;
  Shape out = in;
  for (int64_t d : {h, w}) {
    if (isDyn(in.dims[d]))
      continue;
    if (in.dims[d] % bs)
      return c.error("spatial dim " + Twine(in.dims[d]) +
                     " must be divisible by block_size " + Twine(bs));
    out.dims[d] = in.dims[d] / bs;
  }
  out.dims[ch] = dimMul(in.dims[ch], bs * bs);
  c.setOutput(0, out);
  return success();
}

LogicalResult unique(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto r = c.withRank(in, 1, "x");
  if (failed(r))
    return failure();
  c.setOutput(0, Shape::vector(kDyn));
  c.setOutput(1, *r);
  if (c.numOutputs() > 2)
    c.setOutput(2, Shape::vector(kDyn));
  return success();
}

LogicalResult uniqueV2(InferenceContext &c) {
  Shape in = c.inputShape(0);
  c.setOutput(0, in.ranked ? Shape::ofRank(in.rank()) : Shape::unknown());
  c.setOutput(1, Shape::vector(kDyn));
  return success();
}

LogicalResult listDiff(InferenceContext &c) {
  // TF's ListDiff: x and y are 1-D; out and idx are [count], count known
  // when both inputs' values are (the evaluator computes the difference).
  for (unsigned i = 0; i < 2; ++i) {
    Shape s = c.inputShape(i);
    if (s.ranked && s.rank() != 1)
      return c.error(Twine(i ? "y" : "x") + " must be 1-D, got rank " +
                     Twine(s.rank()));
  }
  int64_t count = kDyn;
  if (auto v = c.getEvaluator().eval(c.getOp()->getResult(0)))
    count = v->shape[0];
  c.setOutput(0, Shape::vector(count));
  c.setOutput(1, Shape::vector(count));
  return success();
}

LogicalResult matrixDiag(InferenceContext &c) {
  // MatrixDiag (v1): [..., N] -> [..., N, N].
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  if (in.rank() < 1)
    return c.error("diagonal must be at least 1-D");
  Shape out = in;
  out.dims.push_back(in.dims.back());
  c.setOutput(0, out);
  return success();
}

LogicalResult matrixDiagPart(InferenceContext &c) {
  // MatrixDiagPart (v1): [..., M, N] -> [..., min(M, N)].
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  if (in.rank() < 2)
    return c.error("input must be at least 2-D");
  Shape out = in;
  int64_t m = in.dims[in.rank() - 2], n = in.dims.back();
  out.dims.pop_back();
  out.dims.back() = isDyn(m) || isDyn(n) ? kDyn : std::min(m, n);
  c.setOutput(0, out);
  return success();
}

LogicalResult matrixSetDiag(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (in.ranked && in.rank() < 2)
    return c.error("input must be at least 2-D");
  c.setOutput(0, in);
  return success();
}

LogicalResult diag(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  Shape out = in;
  out.dims.append(in.dims.begin(), in.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult diagPart(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  if (in.rank() % 2)
    return c.error("input must have even rank");
  int64_t h = in.rank() / 2;
  Shape out = Shape::ofRank(h);
  for (int64_t i = 0; i < h; ++i) {
    auto m = c.merge(in.dims[i], in.dims[i + h], "diagonal dims");
    if (failed(m))
      return failure();
    out.dims[i] = *m;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult scatterNd(InferenceContext &c) {
  // ScatterNd(indices, updates, shape).
  auto s = c.inputAsShape(2);
  if (failed(s))
    return failure();
  c.setOutput(0, *s);
  return success();
}

/// TensorScatterUpdate/Add/..., ScatterNdNonAliasingAdd: shape of tensor.
LogicalResult firstInputShape(InferenceContext &c) {
  c.setOutput(0, c.inputShape(0));
  return success();
}

LogicalResult unsortedSegment(InferenceContext &c) {
  // (data, segment_ids, num_segments) -> [num_segments] + data[rank(ids):].
  Shape data = c.inputShape(0), ids = c.inputShape(1);
  auto num = c.inputScalar(2);
  if (!data.ranked || !ids.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  if (ids.rank() > data.rank())
    return c.error("segment_ids rank must not exceed the data rank");
  for (int64_t i = 0; i < ids.rank(); ++i)
    if (failed(c.merge(data.dims[i], ids.dims[i],
                       "segment_ids must be a prefix of data's shape")))
      return failure();
  Shape out = Shape::vector(num ? *num : kDyn);
  out.dims.append(data.dims.begin() + ids.rank(), data.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult segmentReduce(InferenceContext &c) {
  // (data, segment_ids [N]) -> [?] + data[1:]; the count is the last id+1.
  Shape data = c.inputShape(0);
  if (!data.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  Shape out = data;
  out.dims[0] = kDyn;
  if (auto ids = c.inputInts(1))
    if (!ids->empty())
      out.dims[0] = ids->back() + 1;
  c.setOutput(0, out);
  return success();
}

LogicalResult dynamicStitch(InferenceContext &c) {
  // indices[0..N), data[0..N): [max index + 1] + data[i].shape[rank(idx[i]):].
  unsigned n = c.numInputs() / 2;
  if (n == 0)
    return success();
  int64_t maxIndex = -1;
  bool allKnown = true;
  Shape tail = Shape::unknown();
  for (unsigned i = 0; i < n; ++i) {
    auto idx = c.inputInts(i);
    if (!idx)
      allKnown = false;
    else
      for (int64_t x : *idx)
        maxIndex = std::max(maxIndex, x);
    Shape ix = c.inputShape(i), d = c.inputShape(n + i);
    if (ix.ranked && d.ranked) {
      if (d.rank() < ix.rank())
        return c.error("data rank must be at least the indices rank");
      Shape t = Shape::of(ArrayRef<int64_t>(d.dims).drop_front(ix.rank()));
      auto m = c.merge(tail, t, "data shapes beyond the indices");
      if (failed(m))
        return failure();
      tail = *m;
    }
  }
  if (!tail.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  Shape out = Shape::vector(allKnown ? maxIndex + 1 : kDyn);
  out.dims.append(tail.dims.begin(), tail.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult dynamicPartition(InferenceContext &c) {
  Shape data = c.inputShape(0), part = c.inputShape(1);
  if (!data.ranked || !part.ranked)
    return success();
  Shape out = Shape::vector(kDyn);
  out.dims.append(data.dims.begin() + std::min(part.rank(), data.rank()),
                  data.dims.end());
  for (unsigned i = 0; i < c.numOutputs(); ++i)
    c.setOutput(i, out);
  return success();
}

LogicalResult parallelConcat(InferenceContext &c) {
  if (auto s = c.shapeAttr("shape")) {
    c.setOutput(0, *s);
    return success();
  }
  return success();
}

LogicalResult empty(InferenceContext &c) { return fill(c); }

LogicalResult zerosOnesFromShape(InferenceContext &c) { return fill(c); }

LogicalResult mirrorPadGrad(InferenceContext &c) {
  Shape in = c.inputShape(0);
  c.setOutput(0, in.ranked ? Shape::ofRank(in.rank()) : Shape::unknown());
  return success();
}

LogicalResult extractImagePatches(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto r = c.withRank(in, 4, "images");
  if (failed(r))
    return failure();
  in = *r;
  auto ks = c.intListAttr("ksizes"), st = c.intListAttr("strides"),
       rt = c.intListAttr("rates");
  StringRef padding = c.strAttr("padding", "VALID");
  if (!ks || !st || !rt || ks->size() != 4 || st->size() != 4 ||
      rt->size() != 4) {
    c.setOutput(0, Shape::ofRank(4));
    return success();
  }
  Shape out = Shape::ofRank(4);
  out.dims[0] = in.dims[0];
  for (int i = 1; i <= 2; ++i) {
    int64_t o;
    if (!windowedOutputSize(in.dims[i], (*ks)[i], (*rt)[i], (*st)[i], padding,
                            0, 0, o))
      return c.error("computed output size would be negative");
    out.dims[i] = o;
  }
  out.dims[3] = dimMul(in.dims[3], (*ks)[1] * (*ks)[2]);
  c.setOutput(0, out);
  return success();
}

LogicalResult bincount(InferenceContext &c) {
  auto size = c.inputScalar(1);
  c.setOutput(0, Shape::vector(size ? *size : kDyn));
  return success();
}

LogicalResult histogramFixedWidth(InferenceContext &c) {
  auto n = c.inputScalar(2);
  c.setOutput(0, Shape::vector(n ? *n : kDyn));
  return success();
}

LogicalResult compareAndBitpack(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  if (in.rank() < 1)
    return c.error("input must be at least 1-D");
  Shape out = in;
  int64_t last = in.dims.back();
  if (!isDyn(last) && last % 8)
    return c.error("the last dim " + Twine(last) + " must be divisible by 8");
  out.dims.back() = isDyn(last) ? kDyn : last / 8;
  c.setOutput(0, out);
  return success();
}

LogicalResult sparseToDense(InferenceContext &c) {
  auto s = c.inputAsShape(1);
  if (failed(s))
    return failure();
  c.setOutput(0, *s);
  return success();
}

LogicalResult sparseTensorDenseAdd(InferenceContext &c) {
  // (a_indices, a_values, a_shape, b): shape of b.
  c.setOutput(0, c.inputShape(3));
  return success();
}

LogicalResult nthElement(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  if (in.rank() < 1)
    return c.error("input must be at least 1-D");
  if (auto n = c.inputScalar(1))
    if (!isDyn(in.dims.back()) && *n >= in.dims.back())
      return c.error("n " + Twine(*n) + " must be smaller than the last dim " +
                     Twine(in.dims.back()));
  Shape out = in;
  out.dims.pop_back();
  c.setOutput(0, out);
  return success();
}

LogicalResult scatterRef(InferenceContext &c) {
  // ScatterAdd/Sub/Update/... on a ref: output = the ref's shape.
  c.setOutput(0, c.inputShape(0));
  return success();
}

LogicalResult assign(InferenceContext &c) {
  if (!c.boolAttr("validate_shape", true)) {
    c.setOutput(0, c.inputShape(1));
    return success();
  }
  auto m = c.merge(c.inputShape(0), c.inputShape(1),
                   "the variable and the assigned value");
  if (failed(m))
    return failure();
  c.setOutput(0, *m);
  return success();
}

LogicalResult assignUpdate(InferenceContext &c) {
  auto m =
      c.merge(c.inputShape(0), c.inputShape(1), "the variable and the value");
  if (failed(m))
    return failure();
  c.setOutput(0, *m);
  return success();
}

} // namespace

void registerArrayShapeFns(ShapeFnRegistry &r) {
  r.add({"Placeholder", "PlaceholderV2", "VariableV2", "Variable",
         "TemporaryVariable"},
        placeholder);
  r.add("Const", constOp);
  r.add("Reshape", reshape);
  r.add({"Fill", "RandomUniform", "RandomStandardNormal", "TruncatedNormal",
         "RandomUniformInt", "StatelessRandomUniform", "StatelessRandomNormal",
         "StatelessTruncatedNormal", "StatelessRandomUniformInt",
         "StatelessRandomUniformFullInt", "StatelessRandomUniformV2",
         "StatelessRandomNormalV2", "StatelessTruncatedNormalV2",
         "StatelessRandomUniformIntV2", "StatelessRandomUniformFullIntV2",
         "RandomUniformFullInt"},
        shapeFromInput0);
  r.add("Range", range);
  r.add({"LinSpace"}, linSpace);
  r.add("Slice", slice);
  r.add("StridedSlice", stridedSliceFn);
  r.add({"StridedSliceGrad"}, stridedSliceGrad);
  r.add({"Pad", "PadV2", "MirrorPad"}, pad);
  r.add({"MirrorPadGrad"}, mirrorPadGrad);
  r.add("Tile", tile);
  r.add("ConcatV2", concatV2);
  r.add("Concat", concatV1);
  r.add("ConcatOffset", concatOffset);
  r.add({"Transpose", "ConjugateTranspose"}, transpose);
  r.add("ExpandDims", expandDims);
  r.add("Squeeze", squeeze);
  r.add("BroadcastTo", broadcastTo);
  r.add("Shape", shapeOp);
  r.add("ShapeN", shapeN);
  r.add({"Size", "Rank"}, scalarFn);
  r.add("BroadcastArgs", broadcastArgs);
  r.add("BroadcastGradientArgs", broadcastGradientArgs);
  r.add("Gather", gather);
  r.add("GatherV2", gatherV2);
  r.add({"GatherNd", "ResourceGatherNd"}, gatherNd);
  r.add("OneHot", oneHot);
  r.add("Pack", pack);
  r.add("Unpack", unpack);
  r.add("Split", split);
  r.add("SplitV", splitV);
  r.add("Where", where);
  r.add("SpaceToBatchND", spaceToBatchND);
  r.add("BatchToSpaceND", batchToSpaceND);
  r.add("SpaceToBatch", spaceToBatchV1);
  r.add("BatchToSpace", batchToSpaceV1);
  r.add("DepthToSpace", depthToSpace);
  r.add("SpaceToDepth", spaceToDepth);
  r.add({"Unique", "UniqueWithCounts"}, unique);
  r.add({"UniqueV2", "UniqueWithCountsV2"}, uniqueV2);
  r.add("ListDiff", listDiff);
  r.add({"MatrixDiag", "BatchMatrixDiag"}, matrixDiag);
  r.add({"MatrixDiagPart", "BatchMatrixDiagPart"}, matrixDiagPart);
  r.add({"MatrixSetDiag", "BatchMatrixSetDiag"}, matrixSetDiag);
  r.add("Diag", diag);
  r.add("DiagPart", diagPart);
  r.add("ScatterNd", scatterNd);
  r.add({"TensorScatterUpdate", "TensorScatterAdd", "TensorScatterSub",
         "TensorScatterMin", "TensorScatterMax", "ScatterNdNonAliasingAdd"},
        firstInputShape);
  r.add({"ScatterAdd", "ScatterSub", "ScatterMul", "ScatterDiv", "ScatterMin",
         "ScatterMax", "ScatterUpdate", "ScatterNdAdd", "ScatterNdSub",
         "ScatterNdUpdate"},
        scatterRef);
  r.add({"Assign"}, assign);
  r.add({"AssignAdd", "AssignSub"}, assignUpdate);
  r.add({"UnsortedSegmentSum", "UnsortedSegmentProd", "UnsortedSegmentMax",
         "UnsortedSegmentMin"},
        unsortedSegment);
  r.add(
      {"SegmentSum", "SegmentProd", "SegmentMax", "SegmentMin", "SegmentMean"},
      segmentReduce);
  r.add({"DynamicStitch", "ParallelDynamicStitch"}, dynamicStitch);
  r.add("DynamicPartition", dynamicPartition);
  r.add("ParallelConcat", parallelConcat);
  r.add("Empty", empty);
  r.add("ExtractImagePatches", extractImagePatches);
  r.add({"Bincount"}, bincount);
  r.add({"HistogramFixedWidth"}, histogramFixedWidth);
  r.add("CompareAndBitpack", compareAndBitpack);
  r.add("SparseToDense", sparseToDense);
  r.add("SparseTensorDenseAdd", sparseTensorDenseAdd);
  r.add("NthElement", nthElement);
  (void)zerosOnesFromShape;
  (void)product;
}

} // namespace shape_inference
} // namespace tfmlir
