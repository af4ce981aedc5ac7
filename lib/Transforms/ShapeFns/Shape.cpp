//===- Shape.cpp - shape functions of the Shape family --------------------===//
//
// The ops of dialects/tf/TFOpsShape.td and the core ops of
// dialects/tf/TFOps.td (Const, Placeholder*, Identity*, Print): Reshape,
// Fill, Slice/StridedSlice, Pad*, Tile, Concat*, Transpose, ExpandDims,
// Squeeze, BroadcastTo, Shape/Size/Rank, Pack/Unpack, Split*; plus their
// siblings without an ODS definition (StridedSliceGrad, MirrorPadGrad,
// ConcatOffset, BroadcastGradientArgs, ConjugateTranspose, ...). Also
// TF's ValidateStridedSliceOp on partial shapes (stridedSlice), which the
// ValueEvaluator shares. Semantics from tensorflow/core/ops/array_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

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

LogicalResult placeholderWithDefault(InferenceContext &c) {
  // The output has the `shape` attr (the default input may be more
  // specific, but a fed value need only match the attr).
  if (auto s = c.shapeAttr("shape")) {
    Shape in = c.inputShape(0);
    Shape m;
    if (!mergeShape(in, *s, m))
      return c.error("input shape " + in.str() +
                     " does not match the shape "
                     "attr " +
                     s->str());
    c.setOutput(0, *s);
  }
  return success();
}

LogicalResult ensureShape(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (auto s = c.shapeAttr("shape")) {
    auto m = c.merge(in, *s, "input and the 'shape' attr");
    if (failed(m))
      return failure();
    c.setOutput(0, *m);
    return success();
  }
  c.setOutput(0, in);
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

LogicalResult parallelConcat(InferenceContext &c) {
  if (auto s = c.shapeAttr("shape")) {
    c.setOutput(0, *s);
    return success();
  }
  return success();
}

LogicalResult empty(InferenceContext &c) { return fill(c); }

LogicalResult mirrorPadGrad(InferenceContext &c) {
  Shape in = c.inputShape(0);
  c.setOutput(0, in.ranked ? Shape::ofRank(in.rank()) : Shape::unknown());
  return success();
}

} // namespace

void registerShapeShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"ZerosLike", "Identity", "Snapshot", "StopGradient", "PreventGradient",
         "DeepCopy", "RefIdentity", "Print", "InvertPermutation"},
        unchangedShape);
  r.add("IdentityN", forwardEachShape);
  r.add("PlaceholderWithDefault", placeholderWithDefault);
  r.add("EnsureShape", ensureShape);
  r.add({"Placeholder", "PlaceholderV2"}, placeholder);
  r.add("Const", constOp);
  r.add("Reshape", reshape);
  r.add("Fill", shapeFromInput0);
  r.add("Slice", slice);
  r.add("StridedSlice", stridedSliceFn);
  r.add("StridedSliceGrad", stridedSliceGrad);
  r.add({"Pad", "PadV2", "MirrorPad"}, pad);
  r.add("MirrorPadGrad", mirrorPadGrad);
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
  r.add("Pack", pack);
  r.add("Unpack", unpack);
  r.add("Split", split);
  r.add("SplitV", splitV);
  r.add("ParallelConcat", parallelConcat);
  r.add("Empty", empty);
  r.add("OnesLike", firstInput);
}

} // namespace shape_inference
} // namespace tfmlir
