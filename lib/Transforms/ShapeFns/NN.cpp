//===- NN.cpp - shape functions of the NN family --------------------------===//
//
// The ops of dialects/tf/TFOpsNN.td: activations, MatMul/BatchMatMul*,
// convolutions, pools, BiasAdd, FusedBatchNorm*, softmax and losses,
// Grappler's fused ops; plus their grads and backprops, which have no ODS
// definition. Semantics from tensorflow/core/ops/nn_ops.cc, math_ops.cc and
// core/framework/common_shape_fns.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

LogicalResult scalarOutput(InferenceContext &c) {
  c.setOutput(0, Shape::scalar());
  return success();
}

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

} // namespace

void registerNNShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"Elu", "LeakyRelu", "Relu", "Relu6", "Selu", "Sigmoid", "Softplus",
         "Softsign", "Tanh", "Softmax", "LogSoftmax", "LRN"},
        unchangedShape);
  // Grads of elementwise ops: output = merge(first two inputs).
  r.add({"ReluGrad", "Relu6Grad", "EluGrad", "SeluGrad", "SoftplusGrad",
         "SoftsignGrad", "LeakyReluGrad"},
        mergeFirstTwo);
  r.add("L2Loss", scalarOutput);
  // Grappler's fused ops: the contraction's shape (their fused_ops are
  // element-wise).
  r.add({"MatMul", "_FusedMatMul"}, matMul);
  r.add({"BatchMatMul", "BatchMatMulV2", "BatchMatMulV3"}, batchMatMul);
  r.add({"Conv2D", "_FusedConv2D"}, conv2D);
  r.add("Conv3D", conv3D);
  r.add({"DepthwiseConv2dNative", "_FusedDepthwiseConv2dNative",
         "FusedDepthwiseConv2dNative"},
        depthwiseConv2D);
  r.add({"MaxPool", "AvgPool", "MaxPoolWithArgmax"}, pool2D);
  r.add({"MaxPool3D", "AvgPool3D"}, pool3D);
  r.add("MaxPoolV2", pool2DV2);
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
  r.add("BiasAddGrad", biasAddGrad);
  r.add({"FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3",
         "_FusedBatchNormEx"},
        fusedBatchNorm);
  r.add({"FusedBatchNormGrad", "FusedBatchNormGradV2", "FusedBatchNormGradV3"},
        fusedBatchNormGrad);
  r.add({"InTopK", "InTopKV2"}, inTopK);
  r.add("SparseSoftmaxCrossEntropyWithLogits", sparseSoftmaxXent);
  r.add("SoftmaxCrossEntropyWithLogits", softmaxXent);
  r.add("_FusedConv3D", conv3D);
  r.add({"FusedPadConv2D", "FusedResizeAndPadConv2D"}, fusedPadConv2D);
  r.add({"Dilation2DBackpropInput", "LRNGrad",
         "BatchNormWithGlobalNormalization"},
        firstInput);
}

} // namespace shape_inference
} // namespace tfmlir
