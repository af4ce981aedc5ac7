//===- ShapeFnsNN.cpp - shape fns of nn / matmul / reduction ops ---------===//
//
// MatMul/BatchMatMul*, Conv2D/Conv3D/DepthwiseConv2dNative and their
// backprops, pools, BiasAdd, FusedBatchNorm*, reductions, ArgMax/ArgMin,
// TopK, resize ops, losses. Semantics from tensorflow/core/ops/nn_ops.cc,
// math_ops.cc, image_ops.cc and core/framework/common_shape_fns.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeInferenceContext.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

//===----------------------------------------------------------------------===//
// MatMul
//===----------------------------------------------------------------------===//

LogicalResult matMul(InferenceContext &c) {
  auto a = c.withRank(c.inputShape(0), 2, "a");
  if (failed(a))
    return failure();
  auto b = c.withRank(c.inputShape(1), 2, "b");
  if (failed(b))
    return failure();
  bool ta = c.boolAttr("transpose_a"), tb = c.boolAttr("transpose_b");
  int64_t m = a->dims[ta ? 1 : 0], ka = a->dims[ta ? 0 : 1];
  int64_t kb = b->dims[tb ? 1 : 0], n = b->dims[tb ? 0 : 1];
  int64_t k;
  if (!mergeDim(ka, kb, k))
    return c.error("inner dimensions " + Twine(ka) + " and " + Twine(kb) +
                   " differ (transpose_a=" + Twine(ta ? "true" : "false") +
                   ", transpose_b=" + Twine(tb ? "true" : "false") + ")");
  c.setOutput(0, Shape::of({m, n}));
  return success();
}

LogicalResult batchMatMul(InferenceContext &c) {
  bool v1 = c.opName() == "BatchMatMul";
  Shape a = c.inputShape(0), b = c.inputShape(1);
  bool adjX = c.boolAttr("adj_x"), adjY = c.boolAttr("adj_y");
  if (failed(c.withRankAtLeast(a, 2, "x")) ||
      failed(c.withRankAtLeast(b, 2, "y")))
    return failure();
  if (!a.ranked || !b.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  int64_t ra = a.rank(), rb = b.rank();
  int64_t m = a.dims[adjX ? ra - 1 : ra - 2],
          ka = a.dims[adjX ? ra - 2 : ra - 1];
  int64_t kb = b.dims[adjY ? rb - 1 : rb - 2],
          n = b.dims[adjY ? rb - 2 : rb - 1];
  int64_t k;
  if (!mergeDim(ka, kb, k))
    return c.error("inner dimensions " + Twine(ka) + " and " + Twine(kb) +
                   " differ (adj_x=" + Twine(adjX ? "true" : "false") +
                   ", adj_y=" + Twine(adjY ? "true" : "false") + ")");
  Shape batchA = Shape::of(ArrayRef<int64_t>(a.dims).drop_back(2));
  Shape batchB = Shape::of(ArrayRef<int64_t>(b.dims).drop_back(2));
  Shape batch;
  if (v1) {
    auto mm = c.merge(batchA, batchB, "batch dimensions");
    if (failed(mm))
      return failure();
    batch = *mm;
  } else if (!broadcastShape(batchA, batchB, batch)) {
    return c.error("batch dimensions " + batchA.str() + " and " + batchB.str() +
                   " are not broadcast-compatible");
  }
  Shape out = batch;
  out.dims.push_back(m);
  out.dims.push_back(n);
  c.setOutput(0, out);
  return success();
}

//===----------------------------------------------------------------------===//
// Convolutions and pools
//===----------------------------------------------------------------------===//

/// Reads a per-dim list attr (strides/dilations/ksize) of `rank` entries in
/// data_format order; `dflt` when absent.
std::optional<SmallVector<int64_t>>
windowAttr(InferenceContext &c, StringRef name, int64_t rank, int64_t dflt) {
  auto l = c.intListAttr(name);
  if (!l)
    return SmallVector<int64_t>(rank, dflt);
  if ((int64_t)l->size() != rank)
    return std::nullopt;
  return l;
}

LogicalResult convNd(InferenceContext &c, int64_t numSpatial, bool depthwise) {
  int64_t rank = numSpatial + 2;
  auto in = c.withRank(c.inputShape(0), rank, "input");
  if (failed(in))
    return failure();
  auto filter = c.withRank(c.inputShape(1), rank, "filter");
  if (failed(filter))
    return failure();
  StringRef format =
      c.strAttr("data_format", numSpatial == 3 ? "NDHWC" : "NHWC");
  Layout layout;
  if (!parseLayout(format, rank, layout))
    return success();
  auto strides = windowAttr(c, "strides", rank, 1);
  auto dilations = windowAttr(c, "dilations", rank, 1);
  if (!strides || !dilations)
    return c.error("strides and dilations must have " + Twine(rank) +
                   " entries");
  for (int64_t i = 0; i < rank; ++i)
    if ((*strides)[i] <= 0 || (*dilations)[i] <= 0)
      return c.error("strides and dilations must be positive");
  StringRef padding = c.strAttr("padding", "VALID");
  auto explicitPads = c.intListAttr("explicit_paddings");
  if (padding == "EXPLICIT" &&
      (!explicitPads || (int64_t)explicitPads->size() != 2 * rank))
    return c.error("explicit_paddings must have " + Twine(2 * rank) +
                   " entries with padding EXPLICIT");

  Shape out = Shape::ofRank(rank);
  out.dims[layout.batch] = in->dims[layout.batch];
  int64_t inDepth = in->dims[layout.feature];
  int64_t fInDepth = filter->dims[numSpatial];
  int64_t fOut = filter->dims[numSpatial + 1];
  if (depthwise) {
    auto d = c.merge(inDepth, fInDepth,
                     "input depth must equal the filter's in_channels");
    if (failed(d))
      return failure();
    out.dims[layout.feature] = dimMul(*d, fOut);
  } else {
    if (!isDyn(inDepth) && !isDyn(fInDepth) &&
        (fInDepth == 0 || inDepth % fInDepth != 0))
      return c.error("input depth " + Twine(inDepth) +
                     " must be a multiple of the filter's in_channels " +
                     Twine(fInDepth));
    if (!isDyn(inDepth) && !isDyn(fInDepth) && !isDyn(fOut) && fInDepth > 0 &&
        fOut % (inDepth / fInDepth) != 0)
      return c.error("filter out_channels " + Twine(fOut) +
                     " must be a multiple of the group count " +
                     Twine(inDepth / fInDepth));
    out.dims[layout.feature] = fOut;
  }
  for (int64_t s = 0; s < numSpatial; ++s) {
    int64_t dimIdx = layout.spatial[s];
    int64_t pb = 0, pa = 0;
    if (padding == "EXPLICIT") {
      pb = (*explicitPads)[2 * dimIdx];
      pa = (*explicitPads)[2 * dimIdx + 1];
    }
    int64_t o;
    if (!windowedOutputSize(in->dims[dimIdx], filter->dims[s],
                            (*dilations)[dimIdx], (*strides)[dimIdx], padding,
                            pb, pa, o))
      return c.error("computed output size would be negative (input " +
                     Twine(in->dims[dimIdx]) + ", filter " +
                     Twine(filter->dims[s]) + ", dilation " +
                     Twine((*dilations)[dimIdx]) + ", stride " +
                     Twine((*strides)[dimIdx]) + ", padding " + padding + ")");
    out.dims[dimIdx] = o;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult conv2D(InferenceContext &c) { return convNd(c, 2, false); }
LogicalResult conv3D(InferenceContext &c) { return convNd(c, 3, false); }
LogicalResult depthwiseConv2D(InferenceContext &c) {
  return convNd(c, 2, true);
}

/// MaxPool/AvgPool (2-D and 3-D), ksize/strides from attrs or (V2) inputs.
LogicalResult pool(InferenceContext &c, int64_t numSpatial, bool fromInputs) {
  int64_t rank = numSpatial + 2;
  auto in = c.withRank(c.inputShape(0), rank, "input");
  if (failed(in))
    return failure();
  StringRef format =
      c.strAttr("data_format", numSpatial == 3 ? "NDHWC" : "NHWC");
  Layout layout;
  if (!parseLayout(format, rank, layout))
    return success();
  std::optional<SmallVector<int64_t>> ksize, strides;
  if (fromInputs) {
    ksize = c.inputInts(1);
    strides = c.inputInts(2);
    if (!ksize || !strides) {
      Shape out = Shape::ofRank(rank);
      out.dims[layout.batch] = in->dims[layout.batch];
      out.dims[layout.feature] = in->dims[layout.feature];
      c.setOutput(0, out);
      return success();
    }
  } else {
    ksize = c.intListAttr("ksize");
    strides = c.intListAttr("strides");
  }
  if (!ksize || !strides || (int64_t)ksize->size() != rank ||
      (int64_t)strides->size() != rank)
    return c.error("ksize and strides must have " + Twine(rank) + " entries");
  StringRef padding = c.strAttr("padding", "VALID");
  auto explicitPads = c.intListAttr("explicit_paddings");
  if (padding == "EXPLICIT" &&
      (!explicitPads || (int64_t)explicitPads->size() != 2 * rank))
    return c.error("explicit_paddings must have " + Twine(2 * rank) +
                   " entries with padding EXPLICIT");
  Shape out = *in;
  for (int64_t s = 0; s < numSpatial; ++s) {
    int64_t d = layout.spatial[s];
    int64_t pb = 0, pa = 0;
    if (padding == "EXPLICIT") {
      pb = (*explicitPads)[2 * d];
      pa = (*explicitPads)[2 * d + 1];
    }
    int64_t o;
    if (!windowedOutputSize(in->dims[d], (*ksize)[d], 1, (*strides)[d], padding,
                            pb, pa, o))
      return c.error("computed output size would be negative (input " +
                     Twine(in->dims[d]) + ", window " + Twine((*ksize)[d]) +
                     ", stride " + Twine((*strides)[d]) + ")");
    out.dims[d] = o;
  }
  c.setOutput(0, out);
  if (c.opName() == "MaxPoolWithArgmax")
    c.setOutput(1, out);
  return success();
}

LogicalResult pool2D(InferenceContext &c) { return pool(c, 2, false); }
LogicalResult pool3D(InferenceContext &c) { return pool(c, 3, false); }
LogicalResult pool2DV2(InferenceContext &c) { return pool(c, 2, true); }

/// Backprop ops whose output shape is a shape-tensor input; a 2-element
/// (spatial-only) input_sizes takes batch and depth from elsewhere.
LogicalResult backpropInput(InferenceContext &c) {
  auto s = c.inputAsShape(0);
  if (failed(s))
    return failure();
  Shape out = *s;
  Shape filter = c.inputShape(1), grad = c.inputShape(2);
  int64_t rank = grad.ranked ? grad.rank() : filter.rank();
  if (out.ranked && rank > 0 && out.rank() == rank - 2) {
    // Spatial-only input_sizes (Conv2DBackpropInput since TF 2.x).
    StringRef format = c.strAttr("data_format", rank == 5 ? "NDHWC" : "NHWC");
    Layout layout;
    if (!parseLayout(format, rank, layout))
      return success();
    Shape full = Shape::ofRank(rank);
    for (int64_t i = 0; i < rank - 2; ++i)
      full.dims[layout.spatial[i]] = out.dims[i];
    full.dims[layout.batch] = grad.ranked ? grad.dims[layout.batch] : kDyn;
    full.dims[layout.feature] = filter.ranked ? filter.dims[rank - 2] : kDyn;
    out = full;
  }
  if (out.ranked && grad.ranked && out.rank() != grad.rank())
    return c.error("input_sizes must describe a rank-" + Twine(grad.rank()) +
                   " tensor, got " + out.str());
  c.setOutput(0, out);
  return success();
}

/// Backprop ops whose output is the shape tensor at input 1 (filter grads).
LogicalResult backpropFilter(InferenceContext &c) {
  auto s = c.inputAsShape(1);
  if (failed(s))
    return failure();
  c.setOutput(0, *s);
  return success();
}

LogicalResult shapeOfInput0Tensor(InferenceContext &c) {
  auto s = c.inputAsShape(0);
  if (failed(s))
    return failure();
  c.setOutput(0, *s);
  return success();
}

LogicalResult biasAdd(InferenceContext &c) {
  Shape in = c.inputShape(0);
  Shape bias = c.inputShape(1);
  auto b = c.withRank(bias, 1, "bias");
  if (failed(b))
    return failure();
  if (failed(c.withRankAtLeast(in, 2, "value")))
    return failure();
  if (!in.ranked) {
    c.setOutput(0, in);
    return success();
  }
  bool nchw = c.opName() == "BiasAdd" &&
              c.strAttr("data_format", "NHWC").starts_with("NC");
  if (nchw && in.rank() < 3)
    return c.error("NCHW value must be at least rank 3");
  // TF merges the bias into the third-to-last dim for NCHW; that is the
  // channel dim only for 4-D values, so other ranks are left unchecked.
  if (nchw && in.rank() != 4) {
    c.setOutput(0, in);
    return success();
  }
  int64_t ch = nchw ? 1 : in.rank() - 1;
  auto d = c.merge(in.dims[ch], b->dims[0],
                   "bias size must equal the channel dimension");
  if (failed(d))
    return failure();
  Shape out = in;
  out.dims[ch] = *d;
  c.setOutput(0, out);
  return success();
}

LogicalResult biasAddGrad(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked) {
    c.setOutput(0, Shape::vector(kDyn));
    return success();
  }
  bool nchw = c.strAttr("data_format", "NHWC").starts_with("NC");
  int64_t ch = nchw && in.rank() >= 3 ? 1 : in.rank() - 1;
  c.setOutput(0, Shape::vector(in.dims[ch]));
  return success();
}

LogicalResult fusedBatchNorm(InferenceContext &c) {
  Shape x = c.inputShape(0);
  bool v3 =
      c.opName() == "FusedBatchNormV3" || c.opName() == "_FusedBatchNormEx";
  if (x.ranked && x.rank() != 4 && !(v3 && x.rank() == 5))
    return c.error("x must be rank 4" + Twine(v3 ? " or 5" : "") + ", got " +
                   x.str());
  int64_t rank = x.ranked ? x.rank() : 4;
  if (!x.ranked)
    x = Shape::ofRank(rank);
  StringRef format = c.strAttr("data_format", rank == 5 ? "NDHWC" : "NHWC");
  Layout layout;
  if (!parseLayout(format, rank, layout))
    return success();
  int64_t ch = x.dims[layout.feature];
  bool training = c.boolAttr("is_training", true);
  unsigned nvec = training ? 3 : 5; // scale, offset (and mean, variance)
  for (unsigned i = 1; i < nvec && i < c.numInputs(); ++i) {
    Shape v = c.inputShape(i);
    if (!v.ranked)
      continue;
    // In training the mean/variance inputs may be empty.
    if (v.rank() != 1)
      return c.error("scale, offset, mean and variance must be 1-D");
    auto m = c.merge(ch, v.dims[0],
                     "scale/offset/mean/variance must match the channel dim");
    if (failed(m))
      return failure();
    ch = *m;
  }
  Shape y = x;
  y.dims[layout.feature] = ch;
  c.setOutput(0, y);
  for (unsigned i = 1; i <= 4; ++i)
    c.setOutput(i, Shape::vector(ch));
  if (v3)
    c.setOutput(5, Shape::unknown());
  return success();
}

LogicalResult fusedBatchNormGrad(InferenceContext &c) {
  Shape dy = c.inputShape(0), x = c.inputShape(1);
  auto m = c.merge(dy, x, "y_backprop and x");
  if (failed(m))
    return failure();
  Shape s = *m;
  int64_t ch = kDyn;
  if (s.ranked) {
    Layout layout;
    if (parseLayout(c.strAttr("data_format", s.rank() == 5 ? "NDHWC" : "NHWC"),
                    s.rank(), layout))
      ch = s.dims[layout.feature];
  }
  c.setOutput(0, s);
  c.setOutput(1, Shape::vector(ch));
  c.setOutput(2, Shape::vector(ch));
  c.setOutput(3, Shape::vector(0));
  c.setOutput(4, Shape::vector(0));
  return success();
}

//===----------------------------------------------------------------------===//
// Reductions, ArgMax, TopK
//===----------------------------------------------------------------------===//

LogicalResult reduction(InferenceContext &c) {
  Shape in = c.inputShape(0);
  bool keep = c.boolAttr("keep_dims", false);
  if (in.ranked && in.rank() == 0) {
    // A scalar reduces to a scalar (only empty axes are valid).
    c.setOutput(0, Shape::scalar());
    return success();
  }
  auto axes = c.inputInts(1);
  if (!axes || !in.ranked) {
    if (in.ranked && keep)
      c.setOutput(0, Shape::ofRank(in.rank()));
    else if (in.ranked && !axes) {
      // Unknown axes: rank is unknown unless the count is known.
      Shape idx = c.inputShape(1);
      if (idx.ranked &&
          (idx.rank() == 0 || (idx.rank() == 1 && idx.dims[0] == 0)))
        c.setOutput(0,
                    Shape::ofRank(idx.rank() == 0 ? in.rank() - 1 : in.rank()));
    }
    return success();
  }
  int64_t rank = in.rank();
  SmallVector<bool> red(rank, false);
  for (int64_t a : *axes) {
    if (a < -rank || a >= rank)
      return c.error("reduction axis " + Twine(a) +
                     " is out of range for rank " + Twine(rank));
    red[a < 0 ? a + rank : a] = true;
  }
  Shape out = Shape::ofRank(0);
  for (int64_t i = 0; i < rank; ++i) {
    if (!red[i])
      out.dims.push_back(in.dims[i]);
    else if (keep)
      out.dims.push_back(1);
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult argMinMax(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (!in.ranked)
    return success();
  if (in.rank() == 0)
    return c.error("input must be at least 1-D");
  auto dim = c.inputScalar(1);
  if (!dim) {
    c.setOutput(0, Shape::ofRank(in.rank() - 1));
    return success();
  }
  auto a = c.canonicalAxis(*dim, in.rank(), "dimension");
  if (failed(a))
    return failure();
  Shape out = in;
  out.dims.erase(out.dims.begin() + *a);
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

LogicalResult inTopK(InferenceContext &c) {
  Shape p = c.inputShape(0), t = c.inputShape(1);
  auto pr = c.withRank(p, 2, "predictions");
  if (failed(pr))
    return failure();
  auto tr = c.withRank(t, 1, "targets");
  if (failed(tr))
    return failure();
  auto b =
      c.merge(pr->dims[0], tr->dims[0], "batch of predictions and targets");
  if (failed(b))
    return failure();
  c.setOutput(0, Shape::vector(*b));
  return success();
}

//===----------------------------------------------------------------------===//
// Images
//===----------------------------------------------------------------------===//

LogicalResult resize(InferenceContext &c) {
  auto in = c.withRank(c.inputShape(0), 4, "images");
  if (failed(in))
    return failure();
  Shape sizeT = c.inputShape(1);
  if (sizeT.ranked &&
      (sizeT.rank() != 1 || (!isDyn(sizeT.dims[0]) && sizeT.dims[0] != 2)))
    return c.error("size must be a 2-element vector, got " + sizeT.str());
  auto size = c.inputValue(1);
  Shape out = *in;
  for (int i = 0; i < 2; ++i) {
    int64_t v =
        size && size->values.size() == 2 ? size->values[i] : kUnknownValue;
    if (v != kUnknownValue && v <= 0)
      return c.error("size must be positive, got " + Twine(v));
    out.dims[1 + i] = v == kUnknownValue ? kDyn : v;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult cropAndResize(InferenceContext &c) {
  auto img = c.withRank(c.inputShape(0), 4, "image");
  if (failed(img))
    return failure();
  auto boxes = c.withRank(c.inputShape(1), 2, "boxes");
  if (failed(boxes))
    return failure();
  auto ind = c.withRank(c.inputShape(2), 1, "box_ind");
  if (failed(ind))
    return failure();
  auto n = c.merge(boxes->dims[0], ind->dims[0], "number of boxes");
  if (failed(n))
    return failure();
  auto size = c.inputInts(3);
  Shape out = Shape::of({*n, kDyn, kDyn, img->dims[3]});
  if (size && size->size() == 2) {
    out.dims[1] = (*size)[0];
    out.dims[2] = (*size)[1];
  }
  c.setOutput(0, out);
  return success();
}

//===----------------------------------------------------------------------===//
// Losses
//===----------------------------------------------------------------------===//

LogicalResult sparseSoftmaxXent(InferenceContext &c) {
  auto f = c.withRank(c.inputShape(0), 2, "features");
  if (failed(f))
    return failure();
  auto l = c.withRank(c.inputShape(1), 1, "labels");
  if (failed(l))
    return failure();
  auto b = c.merge(f->dims[0], l->dims[0], "batch of features and labels");
  if (failed(b))
    return failure();
  c.setOutput(0, Shape::vector(*b));
  c.setOutput(1, Shape::of({*b, f->dims[1]}));
  return success();
}

LogicalResult softmaxXent(InferenceContext &c) {
  Shape f = c.inputShape(0), l = c.inputShape(1), both;
  if (!broadcastShape(f, l, both))
    return c.error("features and labels are not broadcast-compatible");
  auto r = c.withRank(both, 2, "features/labels");
  if (failed(r))
    return failure();
  c.setOutput(0, Shape::vector(r->dims[0]));
  c.setOutput(1, *r);
  return success();
}

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

/// [..., M, N] of `s` (rank >= 2), or failure.
LogicalResult matrixSolveLike(InferenceContext &c) {
  // MatrixSolve / MatrixTriangularSolve(matrix [..., M, M], rhs [..., M, K]).
  Shape m = c.inputShape(0), r = c.inputShape(1);
  if (failed(c.withRankAtLeast(m, 2, "matrix")) ||
      failed(c.withRankAtLeast(r, 2, "rhs")))
    return failure();
  if (!m.ranked || !r.ranked) {
    c.setOutput(0, r.ranked ? Shape::ofRank(r.rank()) : Shape::unknown());
    return success();
  }
  int64_t mm = m.dims[m.rank() - 2], mn = m.dims.back();
  auto sq = c.merge(mm, mn, "matrix must be square");
  if (failed(sq))
    return failure();
  auto rows = c.merge(*sq, r.dims[r.rank() - 2], "rows of matrix and rhs");
  if (failed(rows))
    return failure();
  Shape bm = Shape::of(ArrayRef<int64_t>(m.dims).drop_back(2));
  Shape br = Shape::of(ArrayRef<int64_t>(r.dims).drop_back(2));
  Shape batch;
  if (c.opName() == "MatrixTriangularSolve") {
    if (!broadcastShape(bm, br, batch))
      return c.error("batch dims are not broadcast-compatible");
  } else {
    auto mb = c.merge(bm, br, "batch dims of matrix and rhs");
    if (failed(mb))
      return failure();
    batch = *mb;
  }
  Shape out = batch;
  out.dims.push_back(*rows);
  out.dims.push_back(r.dims.back());
  c.setOutput(0, out);
  return success();
}

LogicalResult batchScalar(InferenceContext &c) {
  // MatrixDeterminant / LogMatrixDeterminant: [..., M, M] -> [...].
  Shape m = c.inputShape(0);
  if (failed(c.withRankAtLeast(m, 2, "input")))
    return failure();
  if (!m.ranked)
    return success();
  if (failed(
          c.merge(m.dims[m.rank() - 2], m.dims.back(), "input must be square")))
    return failure();
  Shape out = Shape::of(ArrayRef<int64_t>(m.dims).drop_back(2));
  for (unsigned i = 0; i < c.numOutputs(); ++i)
    c.setOutput(i, out);
  return success();
}

LogicalResult svd(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (failed(c.withRankAtLeast(in, 2, "input")))
    return failure();
  if (!in.ranked)
    return success();
  int64_t m = in.dims[in.rank() - 2], n = in.dims.back();
  int64_t p = isDyn(m) || isDyn(n) ? kDyn : std::min(m, n);
  Shape batch = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(2));
  bool computeUV = c.boolAttr("compute_uv", true);
  bool full = c.boolAttr("full_matrices", false);
  Shape s = batch;
  s.dims.push_back(p);
  c.setOutput(0, s);
  if (!computeUV) {
    c.setOutput(1, Shape::vector(0));
    c.setOutput(2, Shape::vector(0));
    return success();
  }
  Shape u = batch, v = batch;
  u.dims.append({m, full ? m : p});
  v.dims.append({n, full ? n : p});
  c.setOutput(1, u);
  c.setOutput(2, v);
  return success();
}

LogicalResult qr(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (failed(c.withRankAtLeast(in, 2, "input")))
    return failure();
  if (!in.ranked)
    return success();
  int64_t m = in.dims[in.rank() - 2], n = in.dims.back();
  int64_t p = isDyn(m) || isDyn(n) ? kDyn : std::min(m, n);
  bool full = c.boolAttr("full_matrices", false);
  Shape batch = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(2));
  Shape q = batch, r = batch;
  q.dims.append({m, full ? m : p});
  r.dims.append({full ? m : p, n});
  c.setOutput(0, q);
  c.setOutput(1, r);
  return success();
}

LogicalResult lu(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (failed(c.withRankAtLeast(in, 2, "input")))
    return failure();
  if (!in.ranked)
    return success();
  auto n =
      c.merge(in.dims[in.rank() - 2], in.dims.back(), "input must be square");
  if (failed(n))
    return failure();
  Shape lu = in, p = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(1));
  lu.dims[lu.rank() - 2] = lu.dims.back() = *n;
  p.dims.back() = *n;
  c.setOutput(0, lu);
  c.setOutput(1, p);
  return success();
}

LogicalResult selfAdjointEig(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (failed(c.withRankAtLeast(in, 2, "input")))
    return failure();
  if (!in.ranked)
    return success();
  auto n =
      c.merge(in.dims[in.rank() - 2], in.dims.back(), "input must be square");
  if (failed(n))
    return failure();
  Shape e = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(1));
  e.dims.back() = *n;
  c.setOutput(0, e);
  if (c.boolAttr("compute_v", true)) {
    Shape v = in;
    v.dims[v.rank() - 2] = v.dims.back() = *n;
    c.setOutput(1, v);
  } else {
    c.setOutput(1, Shape::vector(0));
  }
  return success();
}

/// Einsum: labels per operand, optional "..." broadcast dims.
LogicalResult einsum(InferenceContext &c) {
  StringRef eq = c.strAttr("equation");
  if (eq.empty())
    return success();
  std::string e;
  for (char ch : eq)
    if (ch != ' ')
      e.push_back(ch);
  StringRef eqs(e);
  auto [lhs, rhs] = eqs.split("->");
  bool explicitOut = eqs.contains("->");
  SmallVector<StringRef> ins;
  lhs.split(ins, ',');
  if (ins.size() != c.numInputs())
    return success();
  int64_t labelDim[128];
  std::fill(std::begin(labelDim), std::end(labelDim), kDyn);
  int labelCount[128] = {0};
  Shape ellipsis = Shape::ofRank(0);
  bool anyEllipsis = false;
  for (unsigned i = 0; i < ins.size(); ++i) {
    Shape s = c.inputShape(i);
    StringRef spec = ins[i];
    size_t ell = spec.find("...");
    std::string labels = spec.str();
    if (ell != StringRef::npos)
      labels = (spec.substr(0, ell) + spec.substr(ell + 3)).str();
    for (char ch : labels)
      if ((unsigned char)ch >= 128 || !isalpha(ch))
        return success();
    if (!s.ranked) {
      if (ell != StringRef::npos)
        return success(); // unknown ellipsis rank
      for (char ch : labels)
        ++labelCount[(int)ch];
      continue;
    }
    int64_t nl = labels.size();
    if (ell == StringRef::npos && s.rank() != nl)
      return c.error("operand " + Twine(i) + " has rank " + Twine(s.rank()) +
                     " but the equation names " + Twine(nl) + " dims");
    if (s.rank() < nl)
      return c.error("operand " + Twine(i) + " has too few dims");
    int64_t ellRank = s.rank() - nl;
    int64_t pos = 0;
    for (size_t k = 0; k < spec.size();) {
      if (spec.substr(k).starts_with("...")) {
        anyEllipsis = true;
        Shape part = Shape::of(ArrayRef<int64_t>(s.dims).slice(pos, ellRank));
        Shape b;
        if (!broadcastShape(ellipsis, part, b))
          return c.error("broadcast dims are incompatible");
        ellipsis = b;
        pos += ellRank;
        k += 3;
        continue;
      }
      char ch = spec[k];
      int64_t d = s.dims[pos];
      int64_t &ld = labelDim[(int)ch];
      ++labelCount[(int)ch];
      // A label of size 1 may broadcast against another.
      if (!isDyn(ld) && !isDyn(d) && ld != d && ld != 1 && d != 1)
        return c.error(Twine("dimension of label '") + Twine(ch) +
                       "' differs: " + Twine(ld) + " vs " + Twine(d));
      if (isDyn(ld) || ld == 1)
        ld = d;
      ++pos;
      ++k;
    }
  }
  std::string outSpec;
  if (explicitOut) {
    outSpec = rhs.str();
  } else {
    if (anyEllipsis)
      outSpec = "...";
    for (int ch = 0; ch < 128; ++ch)
      if (labelCount[ch] == 1)
        outSpec.push_back((char)ch);
  }
  Shape out = Shape::ofRank(0);
  StringRef os(outSpec);
  for (size_t k = 0; k < os.size();) {
    if (os.substr(k).starts_with("...")) {
      out.dims.append(ellipsis.dims.begin(), ellipsis.dims.end());
      k += 3;
      continue;
    }
    char ch = os[k];
    if ((unsigned char)ch >= 128 || !isalpha(ch))
      return success();
    out.dims.push_back(labelDim[(int)ch]);
    ++k;
  }
  c.setOutput(0, out);
  return success();
}

/// FusedPadConv2D / FusedResizeAndPadConv2D (TF's
/// CommonFusedConvCalculations): the NHWC input, resized to `size` (the
/// second variant), mirror-padded by the [4, 2] `paddings`, then a Conv2D
/// (`strides`, `padding`, no dilation) with the [fh, fw, in, out] filter.
LogicalResult fusedPadConv2D(InferenceContext &c) {
  bool resize = c.opName() == "FusedResizeAndPadConv2D";
  unsigned padIdx = resize ? 2 : 1, filterIdx = resize ? 3 : 2;
  auto in = c.withRank(c.inputShape(0), 4, "input");
  if (failed(in))
    return failure();
  auto filter = c.withRank(c.inputShape(filterIdx), 4, "filter");
  if (failed(filter))
    return failure();
  Shape x = *in;
  if (resize) {
    auto size = c.inputValue(1);
    bool known = size && size->values.size() == 2;
    for (int k = 0; k < 2; ++k) {
      int64_t v = known ? size->values[k] : kUnknownValue;
      x.dims[1 + k] = v == kUnknownValue ? kDyn : v;
    }
  }
  auto p = c.inputValue(padIdx);
  bool padsKnown = p && p->values.size() == 8;
  for (int64_t i = 0; i < 4; ++i) {
    int64_t a = padsKnown ? p->values[2 * i] : kUnknownValue;
    int64_t z = padsKnown ? p->values[2 * i + 1] : kUnknownValue;
    if (a == kUnknownValue || z == kUnknownValue) {
      x.dims[i] = kDyn;
      continue;
    }
    if (a < 0 || z < 0)
      return c.error("paddings must be non-negative");
    x.dims[i] = dimAdd(x.dims[i], a + z);
  }
  auto strides = windowAttr(c, "strides", 4, 1);
  if (!strides)
    return c.error("strides must have 4 entries");
  StringRef padding = c.strAttr("padding", "VALID");
  Shape out = Shape::of({x.dims[0], kDyn, kDyn, filter->dims[3]});
  for (int64_t s = 0; s < 2; ++s) {
    int64_t o;
    if (!windowedOutputSize(x.dims[1 + s], filter->dims[s], 1,
                            (*strides)[1 + s], padding, 0, 0, o))
      return c.error("computed output size would be negative (padded input " +
                     Twine(x.dims[1 + s]) + ", filter " +
                     Twine(filter->dims[s]) + ")");
    out.dims[1 + s] = o;
  }
  c.setOutput(0, out);
  return success();
}

LogicalResult multinomial(InferenceContext &c) {
  auto logits = c.withRank(c.inputShape(0), 2, "logits");
  if (failed(logits))
    return failure();
  auto n = c.inputScalar(1);
  c.setOutput(0, Shape::of({logits->dims[0], n ? *n : kDyn}));
  return success();
}

/// RandomGamma(shape, alpha) / RandomPoissonV2(shape, rate): shape ++
/// alpha's shape.
LogicalResult randomWithParams(InferenceContext &c) {
  auto s = c.inputAsShape(0);
  if (failed(s))
    return failure();
  Shape p = c.inputShape(1);
  if (!s->ranked || !p.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  Shape out = *s;
  out.dims.append(p.dims.begin(), p.dims.end());
  c.setOutput(0, out);
  return success();
}

LogicalResult nonMaxSuppression(InferenceContext &c) {
  StringRef n = c.opName();
  auto maxOut = c.inputScalar(2);
  bool pad = c.boolAttr("pad_to_max_output_size", false);
  int64_t len = pad && maxOut ? *maxOut : kDyn;
  c.setOutput(0, Shape::vector(len));
  if (n == "NonMaxSuppressionV4") {
    c.setOutput(1, Shape::scalar());
  } else if (n == "NonMaxSuppressionV5") {
    c.setOutput(1, Shape::vector(len));
    c.setOutput(2, Shape::scalar());
  }
  return success();
}

} // namespace

void registerNNShapeFns(ShapeFnRegistry &r) {
  // Grappler's fused ops: the contraction's shape (their fused_ops are
  // element-wise).
  r.add({"MatMul", "_FusedMatMul"}, matMul);
  r.add({"BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"}, batchMatMul);
  r.add({"Conv2D", "_FusedConv2D"}, conv2D);
  r.add({"Conv3D"}, conv3D);
  r.add({"DepthwiseConv2dNative", "_FusedDepthwiseConv2dNative",
         "FusedDepthwiseConv2dNative"},
        depthwiseConv2D);
  r.add({"MaxPool", "AvgPool", "MaxPoolWithArgmax"}, pool2D);
  r.add({"MaxPool3D", "AvgPool3D"}, pool3D);
  r.add({"MaxPoolV2"}, pool2DV2);
  r.add({"Conv2DBackpropInput", "Conv3DBackpropInputV2",
         "DepthwiseConv2dNativeBackpropInput"},
        backpropInput);
  r.add({"Conv2DBackpropFilter", "Conv3DBackpropFilterV2",
         "DepthwiseConv2dNativeBackpropFilter"},
        backpropFilter);
  r.add({"AvgPoolGrad", "AvgPool3DGrad"}, shapeOfInput0Tensor);
  r.add(
      {"MaxPoolGrad", "MaxPool3DGrad", "MaxPoolGradV2", "Conv3DBackpropInput"},
      [](InferenceContext &c) -> LogicalResult {
        c.setOutput(0, c.inputShape(0));
        return success();
      });
  r.add({"BiasAdd", "BiasAddV1"}, biasAdd);
  r.add({"BiasAddGrad"}, biasAddGrad);
  r.add({"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3",
         "_FusedBatchNormEx"},
        fusedBatchNorm);
  r.add({"FusedBatchNormGrad", "FusedBatchNormGradV2", "FusedBatchNormGradV3"},
        fusedBatchNormGrad);
  r.add({"Sum", "Prod", "Max", "Min", "Mean", "All", "Any", "EuclideanNorm"},
        reduction);
  r.add({"ArgMax", "ArgMin"}, argMinMax);
  r.add({"TopK", "TopKV2"}, topK);
  r.add({"InTopK", "InTopKV2"}, inTopK);
  r.add({"ResizeBilinear", "ResizeNearestNeighbor", "ResizeBicubic",
         "ResizeArea", "ScaleAndTranslate"},
        resize);
  r.add("CropAndResize", cropAndResize);
  r.add("SparseSoftmaxCrossEntropyWithLogits", sparseSoftmaxXent);
  r.add("SoftmaxCrossEntropyWithLogits", softmaxXent);
  r.add({"MatrixSolve", "MatrixTriangularSolve"}, matrixSolveLike);
  r.add({"MatrixDeterminant", "LogMatrixDeterminant"}, batchScalar);
  r.add("Svd", svd);
  r.add("Qr", qr);
  r.add("Lu", lu);
  r.add("SelfAdjointEigV2", selfAdjointEig);
  r.add({"Einsum", "XlaEinsum"}, einsum);
  r.add({"Multinomial"}, multinomial);
  r.add({"RandomGamma", "RandomPoissonV2", "RandomPoisson"}, randomWithParams);
  r.add({"NonMaxSuppression", "NonMaxSuppressionV2", "NonMaxSuppressionV3",
         "NonMaxSuppressionV4", "NonMaxSuppressionV5"},
        nonMaxSuppression);
  r.add({"_FusedConv3D"}, conv3D);
  r.add({"FusedPadConv2D", "FusedResizeAndPadConv2D"}, fusedPadConv2D);
}

} // namespace shape_inference
} // namespace tfmlir
