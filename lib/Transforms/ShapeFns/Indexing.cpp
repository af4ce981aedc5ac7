//===- Indexing.cpp - shape functions of the Indexing family --------------===//
//
// The ops of dialects/tf/TFOpsIndexing.td: gathers, scatters, Select*, Where,
// Range/LinSpace, OneHot, reverses, space/batch/depth shuffles, Unique*,
// matrix diagonals (V1-V3), DynamicStitch/Partition, TopK, RaggedRange; plus
// their siblings without an ODS definition (Reverse, SpaceToBatch,
// TensorScatterMin/Max, ScatterNdNonAliasingAdd, SparseToDense, ...).
// Semantics from tensorflow/core/ops/array_ops.cc, math_ops.cc, nn_ops.cc
// and ragged_math_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "dialects/tf/TFOpsUtils.h"
#include "dialects/tf/TFTypes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

LogicalResult select(InferenceContext &c) {
  // Select(condition, t, e): t and e have the same shape; condition is
  // either that shape, or a vector matching its first dim.
  if (c.numInputs() < 3)
    return success();
  auto te = c.merge(c.inputShape(1), c.inputShape(2),
                    "'t' and 'e' must have the same shape");
  if (failed(te))
    return failure();
  Shape cond = c.inputShape(0);
  Shape out = *te;
  if (cond.ranked && out.ranked) {
    if (cond.rank() == out.rank()) {
      auto m = c.merge(cond, out, "'condition' and 't'");
      if (failed(m))
        return failure();
      out = *m;
    } else if (cond.rank() == 1 && out.rank() >= 1) {
      auto d = c.merge(cond.dims[0], out.dims[0],
                       "vector 'condition' must match the first dim of 't'");
      if (failed(d))
        return failure();
      out.dims[0] = *d;
    } else if (cond.rank() != 0) {
      return c.error("'condition' must be a scalar, a vector or the shape of "
                     "'t'");
    }
  } else if (cond.ranked && !out.ranked && cond.rank() > 1) {
    // condition of rank > 1 must have t's shape.
    out = cond;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult selectV2(InferenceContext &c) {
  if (c.numInputs() < 3)
    return success();
  Shape te, out;
  if (!broadcastShape(c.inputShape(1), c.inputShape(2), te))
    return c.error("'t' and 'e' are not broadcast-compatible");
  if (!broadcastShape(c.inputShape(0), te, out))
    return c.error("'condition' is not broadcast-compatible with 't'/'e'");
  c.setOutput(0, out);
  return success();
}

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

LogicalResult bincount(InferenceContext &c) {
  auto size = c.inputScalar(1);
  c.setOutput(0, Shape::vector(size ? *size : kDyn));
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

LogicalResult topK(InferenceContext &c) {
  Shape in = c.inputShape(0);
  std::optional<int64_t> k;
  if (c.opName() == "TopK")
    k = c.intAttr("k");
  else
    k = c.inputScalar(1);
  if (k && *k < 0)
    return c.error("k must be non-negative, got " + Twine(*k));
  if (!in.ranked)
    return success();
  if (in.rank() < 1)
    return c.error("input must be at least 1-D");
  if (k && !isDyn(in.dims.back()) && in.dims.back() < *k)
    return c.error("input must have at least k = " + Twine(*k) +
                   " columns, got " + Twine(in.dims.back()));
  Shape out = in;
  out.dims.back() = k ? *k : kDyn;
  c.setOutput(0, out);
  c.setOutput(1, out);
  return success();
}

/// MatrixDiagV2/V3(diagonal, k, num_rows, num_cols, padding_value) with a
/// constant scalar k.
LogicalResult matrixDiagV2(InferenceContext &c) {
  Shape d = c.inputShape(0);
  auto k = c.inputInts(1);
  auto rows = c.inputScalar(2), cols = c.inputScalar(3);
  if (!d.ranked || !k || k->empty() || (k->size() == 2 && (*k)[0] != (*k)[1]))
    return success();
  if (d.rank() < 1)
    return c.error("diagonal must be at least 1-D");
  int64_t kk = (*k)[0];
  int64_t n = d.dims.back();
  int64_t minRows = dimAdd(n, kk < 0 ? -kk : 0);
  int64_t minCols = dimAdd(n, kk > 0 ? kk : 0);
  int64_t r = rows && *rows != -1 ? *rows : kDyn;
  int64_t cc = cols && *cols != -1 ? *cols : kDyn;
  if (isDyn(r) && isDyn(cc)) {
    r = minRows;
    cc = minCols;
  } else if (isDyn(r)) {
    r = minRows;
  } else if (isDyn(cc)) {
    cc = minCols;
  }
  Shape out = d;
  out.dims.back() = r;
  out.dims.push_back(cc);
  c.setOutput(0, out);
  return success();
}

LogicalResult matrixDiagPartV2(InferenceContext &c) {
  Shape in = c.inputShape(0);
  auto k = c.inputInts(1);
  if (!in.ranked || !k || k->empty() || (k->size() == 2 && (*k)[0] != (*k)[1]))
    return success();
  if (in.rank() < 2)
    return c.error("input must be at least 2-D");
  int64_t kk = (*k)[0];
  int64_t m = in.dims[in.rank() - 2], n = in.dims.back();
  int64_t len = kDyn;
  if (!isDyn(m) && !isDyn(n))
    len = std::max<int64_t>(0, std::min(m + std::min<int64_t>(kk, 0),
                                        n - std::max<int64_t>(kk, 0)));
  Shape out = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(1));
  out.dims.back() = len;
  c.setOutput(0, out);
  return success();
}

/// TF's RaggedRange shape function: starts/limits/deltas are scalars or
/// vectors of one length n; rt_nested_splits is [n + 1] ([2] when all are
/// scalars), rt_dense_values [?] -- or its exact length when all three are
/// known integers (the sum of TF's per-row sizes; an invalid row, e.g.
/// delta == 0, leaves it unknown for the kernel to report).
LogicalResult raggedRange(InferenceContext &c) {
  int64_t rows = 1;
  bool allScalar = true, rowsKnown = true;
  for (unsigned i = 0; i < 3; ++i) {
    Shape s = c.inputShape(i);
    static const char *names[] = {"starts", "limits", "deltas"};
    if (!s.ranked) {
      allScalar = false;
      rowsKnown = false;
      continue;
    }
    if (s.rank() > 1)
      return c.error(llvm::Twine(names[i]) + " must be a scalar or vector");
    if (s.rank() == 0)
      continue;
    if (allScalar || !rowsKnown) {
      rows = s.dims[0];
      rowsKnown = rows != kDyn;
    } else if (s.dims[0] != kDyn && s.dims[0] != rows) {
      return c.error("starts, limits, and deltas must have the same shape");
    }
    allScalar = false;
  }
  c.setOutput(0, Shape::vector(rowsKnown ? rows + 1 : kDyn));
  int64_t total = kDyn;
  auto st = c.inputInts(0), li = c.inputInts(1), de = c.inputInts(2);
  if (rowsKnown && st && li && de) {
    total = 0;
    for (int64_t r = 0; r < rows && total != kDyn; ++r) {
      auto at = [&](const llvm::SmallVector<int64_t> &v) {
        return v.size() == 1 ? v[0] : v[r];
      };
      int64_t a = at(*st), b = at(*li), d = at(*de);
      if (d == 0) {
        total = kDyn;
        break;
      }
      if ((d > 0 && b < a) || (d < 0 && b > a))
        continue;
      uint64_t span =
          b > a ? uint64_t(b) - uint64_t(a) : uint64_t(a) - uint64_t(b);
      uint64_t ad = d > 0 ? uint64_t(d) : uint64_t(0) - uint64_t(d);
      total += int64_t((span + ad - 1) / ad);
    }
  }
  c.setOutput(1, Shape::vector(total));
  return success();
}

} // namespace

void registerIndexingShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"Roll", "ReverseV2", "Reverse", "ReverseSequence", "MatrixBandPart",
         "BatchMatrixBandPart"},
        unchangedShape);
  r.add("Select", select);
  r.add("SelectV2", selectV2);
  r.add("Range", range);
  r.add("LinSpace", linSpace);
  r.add("Gather", gather);
  r.add("GatherV2", gatherV2);
  r.add("GatherNd", gatherNd);
  r.add("OneHot", oneHot);
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
  r.add({"DynamicStitch", "ParallelDynamicStitch"}, dynamicStitch);
  r.add("DynamicPartition", dynamicPartition);
  r.add("Bincount", bincount);
  r.add("SparseToDense", sparseToDense);
  r.add("SparseTensorDenseAdd", sparseTensorDenseAdd);
  r.add("NthElement", nthElement);
  r.add({"TopK", "TopKV2"}, topK);
  r.add({"MatrixDiagV2", "MatrixDiagV3"}, matrixDiagV2);
  r.add({"MatrixDiagPartV2", "MatrixDiagPartV3"}, matrixDiagPartV2);
  r.add({"MatrixSetDiagV2", "MatrixSetDiagV3"}, firstInput);
  r.add("RaggedRange", raggedRange);
}

} // namespace shape_inference
} // namespace tfmlir
