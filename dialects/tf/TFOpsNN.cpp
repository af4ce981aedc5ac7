//===- TFOpsNN.cpp - neural-network ops: matmul, conv, pool, activations -===//
//
// Verifiers follow TF's shape functions (common_shape_fns.cc): ranks, list
// attr lengths, layouts and padding strings, channel counts, and the output
// spatial size when every input of the computation is static.
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"
#include "lib/Support/WindowGeometry.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static SmallVector<int64_t> toInts(ArrayAttr list) {
  SmallVector<int64_t> out;
  if (list)
    for (Attribute a : list)
      out.push_back(cast<IntegerAttr>(a).getInt());
  return out;
}

/// Indices of the spatial dims of a `rank`-D tensor in `dataFormat`
/// (N...C or NC...).
static SmallVector<int64_t> spatialDims(StringRef dataFormat, int64_t rank) {
  SmallVector<int64_t> dims;
  int64_t first = dataFormat.starts_with("NC") ? 2 : 1;
  for (int64_t i = 0; i < rank - 2; ++i)
    dims.push_back(first + i);
  return dims;
}

/// The window output size TF computes (GetWindowedOutputSizeVerbose, from
/// lib/Support/WindowGeometry), or nullopt when unknown (or on int64
/// overflow). A negative size is a VALID/EXPLICIT window larger than the
/// padded input, which TF rejects.
static std::optional<int64_t>
windowedOutputSize(int64_t in, int64_t window, int64_t dilation, int64_t stride,
                   StringRef padding, int64_t padBefore, int64_t padAfter) {
  std::optional<WindowPadding> p = parseWindowPadding(padding);
  if (!p || ShapedType::isDynamic(in) || ShapedType::isDynamic(window))
    return std::nullopt;
  // Attrs and shapes come from user graphs: give up on int64 overflow
  // (windowGeometry's nullopt).
  std::optional<WindowDim> w =
      windowGeometry(in, window, dilation, stride, *p, padBefore, padAfter);
  if (!w)
    return std::nullopt;
  return w->outSize;
}

/// Checks the spatial output dims of a windowed op (convolution or pool).
/// `window[j]` is the window size of spatial dim j; `strides`/`dilations`/
/// `explicitPaddings` are indexed by the full layout (dilations may be
/// empty for 1).
static LogicalResult
verifyWindowedOutput(Operation *op, Value input, Value output,
                     StringRef dataFormat, ArrayRef<int64_t> window,
                     ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations,
                     StringRef padding, ArrayRef<int64_t> explicitPaddings) {
  std::optional<int64_t> rank = getRank(input);
  if (!rank || static_cast<int64_t>(strides.size()) != *rank)
    return success();
  for (auto [j, d] : llvm::enumerate(spatialDims(dataFormat, *rank))) {
    int64_t dil = dilations.empty() ? 1 : dilations[d];
    int64_t before = 0, after = 0;
    if (padding == "EXPLICIT" &&
        static_cast<int64_t>(explicitPaddings.size()) == 2 * *rank) {
      before = explicitPaddings[2 * d];
      after = explicitPaddings[2 * d + 1];
    }
    std::optional<int64_t> expected = windowedOutputSize(
        getDim(input, d), window[j], dil, strides[d], padding, before, after);
    if (!expected)
      continue;
    if (*expected < 0)
      return op->emitOpError()
             << "computed output size would be negative in dim " << d
             << ": input " << getDim(input, d) << ", window " << window[j]
             << ", dilation " << dil << ", stride " << strides[d]
             << ", padding " << padding;
    int64_t got = getDim(output, d);
    if (!ShapedType::isDynamic(got) && got != *expected)
      return op->emitOpError()
             << "output dim " << d << " is " << got << " but should be "
             << *expected << " (input " << getDim(input, d) << ", window "
             << window[j] << ", dilation " << dil << ", stride " << strides[d]
             << ", padding " << padding << ")";
  }
  return success();
}

static LogicalResult verifyDimsMatch(Operation *op, Value a, int64_t da,
                                     StringRef nameA, Value b, int64_t db,
                                     StringRef nameB) {
  int64_t x = getDim(a, da), y = getDim(b, db);
  if (dimsCompatible(x, y))
    return success();
  return op->emitOpError() << "requires dim " << da << " of '" << nameA << "' ("
                           << x << ") to equal dim " << db << " of '" << nameB
                           << "' (" << y << ")";
}

/// Shared checks of Conv2D / Conv3D / DepthwiseConv2dNative.
static LogicalResult
verifyConv(Operation *op, Value input, Value filter, Value output, int64_t rank,
           StringRef dataFormat, ArrayRef<StringRef> formats, ArrayAttr strides,
           ArrayAttr dilations, StringRef padding, bool allowExplicit,
           ArrayAttr explicitPaddings, bool depthwise) {
  if (failed(verifyRank(op, input, "input", rank)) ||
      failed(verifyRank(op, filter, "filter", rank)) ||
      failed(verifyRank(op, output, "output", rank)) ||
      failed(verifyOneOf(op, "data_format", dataFormat, formats)) ||
      failed(verifyWindowList(op, strides, "strides", rank)) ||
      failed(verifyNoBatchChannelWindow(op, strides, "strides", dataFormat)) ||
      failed(verifyWindowList(op, dilations, "dilations", rank)) ||
      failed(
          verifyNoBatchChannelWindow(op, dilations, "dilations", dataFormat)) ||
      failed(verifyPadding(op, padding, allowExplicit, explicitPaddings, rank)))
    return failure();

  int64_t c = channelDim(dataFormat, rank);
  int64_t inDepth = getDim(input, c);
  int64_t filterIn = getDim(filter, rank - 2);
  int64_t filterOut = getDim(filter, rank - 1);
  if (depthwise) {
    if (failed(
            verifyDimsMatch(op, input, c, "input", filter, rank - 2, "filter")))
      return failure();
    if (!ShapedType::isDynamic(inDepth) && !ShapedType::isDynamic(filterOut) &&
        !dimsCompatible(getDim(output, c), inDepth * filterOut))
      return op->emitOpError()
             << "requires " << inDepth * filterOut
             << " output channels (input channels * channel multiplier), got "
             << getDim(output, c);
  } else {
    if (!ShapedType::isDynamic(inDepth) && !ShapedType::isDynamic(filterIn)) {
      if (filterIn <= 0 || inDepth % filterIn != 0)
        return op->emitOpError()
               << "input depth " << inDepth
               << " is not a multiple of the filter's input depth " << filterIn;
      int64_t groups = inDepth / filterIn;
      if (!ShapedType::isDynamic(filterOut) && filterOut % groups != 0)
        return op->emitOpError()
               << "filter output depth " << filterOut
               << " is not a multiple of the number of groups " << groups;
    }
    if (failed(verifyDimsMatch(op, output, c, "output", filter, rank - 1,
                               "filter")))
      return failure();
  }
  if (failed(verifyDimsMatch(op, output, 0, "output", input, 0, "input")))
    return failure();

  SmallVector<int64_t> window;
  for (int64_t i = 0; i < rank - 2; ++i)
    window.push_back(getDim(filter, i));
  return verifyWindowedOutput(op, input, output, dataFormat, window,
                              toInts(strides), toInts(dilations), padding,
                              toInts(explicitPaddings));
}

//===----------------------------------------------------------------------===//
// Matrix multiplication
//===----------------------------------------------------------------------===//

LogicalResult MatMulOp::verify() {
  Operation *op = *this;
  if (failed(verifyRank(op, getA(), "a", 2)) ||
      failed(verifyRank(op, getB(), "b", 2)) ||
      failed(verifyRank(op, getProduct(), "product", 2)))
    return failure();
  int64_t m = getDim(getA(), getTransposeA() ? 1 : 0);
  int64_t ka = getDim(getA(), getTransposeA() ? 0 : 1);
  int64_t kb = getDim(getB(), getTransposeB() ? 1 : 0);
  int64_t n = getDim(getB(), getTransposeB() ? 0 : 1);
  if (!dimsCompatible(ka, kb))
    return emitOpError() << "inner dimensions do not match: " << ka << " vs "
                         << kb << " (a " << getA().getType() << ", b "
                         << getB().getType() << ", transpose_a "
                         << getTransposeA() << ", transpose_b "
                         << getTransposeB() << ")";
  if (!dimsCompatible(getDim(getProduct(), 0), m) ||
      !dimsCompatible(getDim(getProduct(), 1), n))
    return emitOpError() << "result type " << getProduct().getType()
                         << " does not match [" << m << ", " << n << "]";
  return success();
}

template <typename OpTy>
static LogicalResult verifyBatchMatMul(OpTy op, bool broadcast) {
  Value x = op.getX(), y = op.getY(), out = op.getOutput();
  if (failed(verifyRankRange(op, x, "x", 2)) ||
      failed(verifyRankRange(op, y, "y", 2)) ||
      failed(verifyRankRange(op, out, "output", 2)))
    return failure();
  auto xt = dyn_cast<ShapedType>(x.getType());
  auto yt = dyn_cast<ShapedType>(y.getType());
  if (!xt || !yt || !xt.hasRank() || !yt.hasRank())
    return success();
  int64_t xr = xt.getRank(), yr = yt.getRank();
  int64_t m = xt.getDimSize(op.getAdjX() ? xr - 1 : xr - 2);
  int64_t kx = xt.getDimSize(op.getAdjX() ? xr - 2 : xr - 1);
  int64_t ky = yt.getDimSize(op.getAdjY() ? yr - 1 : yr - 2);
  int64_t n = yt.getDimSize(op.getAdjY() ? yr - 2 : yr - 1);
  if (!dimsCompatible(kx, ky))
    return op.emitOpError()
           << "inner dimensions do not match: " << kx << " vs " << ky << " (x "
           << xt << ", y " << yt << ", adj_x " << op.getAdjX() << ", adj_y "
           << op.getAdjY() << ")";
  ArrayRef<int64_t> xb = xt.getShape().drop_back(2);
  ArrayRef<int64_t> yb = yt.getShape().drop_back(2);
  SmallVector<int64_t> batch;
  if (broadcast) {
    if (!broadcastShapes(xb, yb, batch))
      return op.emitOpError() << "batch dimensions of " << xt << " and " << yt
                              << " are not broadcast-compatible";
  } else {
    if (xr != yr)
      return op.emitOpError()
             << "requires x and y of equal rank, got " << xt << " and " << yt;
    for (auto [a, b] : llvm::zip(xb, yb)) {
      if (!dimsCompatible(a, b))
        return op.emitOpError() << "batch dimensions of " << xt << " and " << yt
                                << " must be equal";
      batch.push_back(ShapedType::isDynamic(a) ? b : a);
    }
  }
  batch.push_back(m);
  batch.push_back(n);
  auto ot = dyn_cast<ShapedType>(out.getType());
  if (!ot || !ot.hasRank())
    return success();
  bool ok = ot.getRank() == static_cast<int64_t>(batch.size());
  for (size_t i = 0; ok && i < batch.size(); ++i)
    ok = dimsCompatible(ot.getDimSize(i), batch[i]);
  if (!ok)
    return op.emitOpError()
           << "result type " << ot << " does not match ["
           << llvm::make_range(batch.begin(), batch.end()) << "]";
  return success();
}

LogicalResult BatchMatMulOp::verify() {
  return verifyBatchMatMul(*this, /*broadcast=*/false);
}
LogicalResult BatchMatMulV2Op::verify() {
  return verifyBatchMatMul(*this, /*broadcast=*/true);
}
LogicalResult BatchMatMulV3Op::verify() {
  return verifyBatchMatMul(*this, /*broadcast=*/true);
}

//===----------------------------------------------------------------------===//
// Convolutions
//===----------------------------------------------------------------------===//

LogicalResult Conv2DOp::verify() {
  return verifyConv(*this, getInput(), getFilter(), getOutput(), 4,
                    getDataFormat(), {"NHWC", "NCHW"}, getStrides(),
                    getDilationsAttr(), getPadding(), /*allowExplicit=*/true,
                    getExplicitPaddingsAttr(), /*depthwise=*/false);
}

LogicalResult Conv3DOp::verify() {
  return verifyConv(*this, getInput(), getFilter(), getOutput(), 5,
                    getDataFormat(), {"NDHWC", "NCDHW"}, getStrides(),
                    getDilationsAttr(), getPadding(), /*allowExplicit=*/false,
                    {}, /*depthwise=*/false);
}

LogicalResult DepthwiseConv2dNativeOp::verify() {
  return verifyConv(*this, getInput(), getFilter(), getOutput(), 4,
                    getDataFormat(), {"NHWC", "NCHW"}, getStrides(),
                    getDilationsAttr(), getPadding(), /*allowExplicit=*/true,
                    getExplicitPaddingsAttr(), /*depthwise=*/true);
}

/// Shared checks of Conv2DBackpropInput / Conv3DBackpropInputV2.
static LogicalResult
verifyConvBackpropInput(Operation *op, Value inputSizes, Value filter,
                        Value outBackprop, Value output, int64_t rank,
                        StringRef dataFormat, ArrayRef<StringRef> formats,
                        ArrayAttr strides, ArrayAttr dilations,
                        StringRef padding, bool allowExplicit,
                        ArrayAttr explicitPaddings, bool allowSpatialSizes) {
  if (failed(verifyRank(op, inputSizes, "input_sizes", 1)) ||
      failed(verifyRank(op, filter, "filter", rank)) ||
      failed(verifyRank(op, outBackprop, "out_backprop", rank)) ||
      failed(verifyRank(op, output, "output", rank)) ||
      failed(verifyOneOf(op, "data_format", dataFormat, formats)) ||
      failed(verifyWindowList(op, strides, "strides", rank)) ||
      failed(verifyNoBatchChannelWindow(op, strides, "strides", dataFormat)) ||
      failed(verifyWindowList(op, dilations, "dilations", rank)) ||
      failed(
          verifyNoBatchChannelWindow(op, dilations, "dilations", dataFormat)) ||
      failed(verifyPadding(op, padding, allowExplicit, explicitPaddings, rank)))
    return failure();
  int64_t n = getDim(inputSizes, 0);
  if (!ShapedType::isDynamic(n) && n != rank &&
      !(allowSpatialSizes && n == rank - 2))
    return op->emitOpError()
           << "requires 'input_sizes' to have " << rank
           << (allowSpatialSizes ? " (or " + std::to_string(rank - 2) + ")"
                                 : std::string())
           << " elements, got " << inputSizes.getType();
  int64_t c = channelDim(dataFormat, rank);
  if (failed(verifyDimsMatch(op, outBackprop, c, "out_backprop", filter,
                             rank - 1, "filter")))
    return failure();
  // The result has the shape given by a constant `input_sizes`.
  SmallVector<int64_t> sizes;
  if (getConstantInts(inputSizes, sizes) &&
      static_cast<int64_t>(sizes.size()) == rank) {
    auto expected =
        RankedTensorType::get(sizes, getElementTypeNoRef(output.getType()));
    if (!shapesCompatible(expected, output.getType()))
      return op->emitOpError()
             << "result type " << output.getType()
             << " does not match 'input_sizes' ["
             << llvm::make_range(sizes.begin(), sizes.end()) << "]";
  }
  return success();
}

LogicalResult Conv2DBackpropInputOp::verify() {
  return verifyConvBackpropInput(
      *this, getInputSizes(), getFilter(), getOutBackprop(), getOutput(), 4,
      getDataFormat(), {"NHWC", "NCHW"}, getStrides(), getDilationsAttr(),
      getPadding(), /*allowExplicit=*/true, getExplicitPaddingsAttr(),
      /*allowSpatialSizes=*/true);
}

LogicalResult Conv3DBackpropInputV2Op::verify() {
  return verifyConvBackpropInput(
      *this, getInputSizes(), getFilter(), getOutBackprop(), getOutput(), 5,
      getDataFormat(), {"NDHWC", "NCDHW"}, getStrides(), getDilationsAttr(),
      getPadding(), /*allowExplicit=*/false, {},
      /*allowSpatialSizes=*/false);
}

static LogicalResult verifyBiasAdd(Operation *op, Value value, Value bias,
                                   Value output, StringRef dataFormat) {
  if (failed(verifyOneOf(op, "data_format", dataFormat, {"NHWC", "NCHW"})) ||
      failed(
          verifyRankRange(op, value, "value", dataFormat == "NCHW" ? 3 : 2)) ||
      failed(verifyRank(op, bias, "bias", 1)))
    return failure();
  if (!shapesCompatible(value.getType(), output.getType()))
    return op->emitOpError() << "requires 'output' to have the shape of "
                                "'value', got "
                             << output.getType() << " and " << value.getType();
  std::optional<int64_t> rank = getRank(value);
  if (!rank)
    return success();
  int64_t c = dataFormat == "NCHW" ? 1 : *rank - 1;
  int64_t channels = getDim(value, c), biasLen = getDim(bias, 0);
  if (!dimsCompatible(channels, biasLen))
    return op->emitOpError()
           << "requires 'bias' of length " << channels << " (dim " << c
           << " of 'value' for " << dataFormat << "), got " << bias.getType();
  return success();
}

LogicalResult BiasAddOp::verify() {
  return verifyBiasAdd(*this, getValue(), getBias(), getOutput(),
                       getDataFormat());
}

LogicalResult BiasAddV1Op::verify() {
  return verifyBiasAdd(*this, getValue(), getBias(), getOutput(), "NHWC");
}

//===----------------------------------------------------------------------===//
// Grappler's fused ops
//===----------------------------------------------------------------------===//

/// `args` must hold at least `num_args` tensors (TF's _FusedConv2D may add
/// `num_host_args` more after them).
template <typename OpTy> static LogicalResult verifyFusedArgs(OpTy op) {
  int64_t n = op.getNumArgs();
  if (n < 0 || static_cast<int64_t>(op.getArgs().size()) < n)
    return op.emitOpError() << "has " << op.getArgs().size()
                            << " extra operand(s) but num_args is " << n;
  return success();
}
LogicalResult _FusedConv2DOp::verify() { return verifyFusedArgs(*this); }
LogicalResult _FusedDepthwiseConv2dNativeOp::verify() {
  return verifyFusedArgs(*this);
}
LogicalResult FusedDepthwiseConv2dNativeOp::verify() {
  return verifyFusedArgs(*this);
}
LogicalResult _FusedMatMulOp::verify() { return verifyFusedArgs(*this); }
LogicalResult _FusedConv3DOp::verify() { return verifyFusedArgs(*this); }

/// FusedPadConv2D / FusedResizeAndPadConv2D: `mode` is REFLECT or
/// SYMMETRIC, `padding` SAME or VALID and `strides` has 4 entries (TF's
/// OpDef attrs; the rest is checked by the ops they decompose into).
template <typename OpTy> static LogicalResult verifyPadConv(OpTy op) {
  StringRef mode = op.getMode();
  if (mode != "REFLECT" && mode != "SYMMETRIC")
    return op.emitOpError()
           << "mode '" << mode << "' is not REFLECT or SYMMETRIC";
  StringRef padding = op.getPadding();
  if (padding != "SAME" && padding != "VALID")
    return op.emitOpError()
           << "padding '" << padding << "' is not SAME or VALID";
  if (op.getStrides().size() != 4)
    return op.emitOpError() << "strides has " << op.getStrides().size()
                            << " entries, expected 4 (NHWC)";
  return success();
}
LogicalResult FusedPadConv2DOp::verify() { return verifyPadConv(*this); }
LogicalResult FusedResizeAndPadConv2DOp::verify() {
  return verifyPadConv(*this);
}

LogicalResult _FusedBatchNormExOp::verify() {
  int64_t n = getNumSideInputs();
  if (n < 0 || n > 1)
    return emitOpError() << "supports at most 1 side input, num_side_inputs is "
                         << n;
  if (static_cast<int64_t>(getSideInput().size()) != n)
    return emitOpError() << "has " << getSideInput().size()
                         << " side input(s) but num_side_inputs is " << n;
  return success();
}

//===----------------------------------------------------------------------===//
// Batch normalization
//===----------------------------------------------------------------------===//

template <typename OpTy>
static LogicalResult verifyFusedBatchNorm(OpTy op, bool allow3D) {
  StringRef format = op.getDataFormat();
  SmallVector<StringRef, 4> formats = {"NHWC", "NCHW"};
  if (allow3D)
    formats.append({"NDHWC", "NCDHW"});
  if (failed(verifyOneOf(op, "data_format", format, formats)))
    return failure();
  int64_t rank = format.size();
  if (failed(verifyRank(op, op.getX(), "x", rank)) ||
      failed(verifyRank(op, op.getY(), "y", rank)))
    return failure();
  if (!shapesCompatible(op.getX().getType(), op.getY().getType()))
    return op.emitOpError()
           << "requires 'y' to have the shape of 'x', got "
           << op.getY().getType() << " and " << op.getX().getType();
  int64_t c = channelDim(format, rank);
  Value vectors[] = {op.getScale(),     op.getOffset(),
                     op.getMean(),      op.getVariance(),
                     op.getBatchMean(), op.getBatchVariance()};
  StringRef names[] = {"scale",    "offset",     "mean",
                       "variance", "batch_mean", "batch_variance"};
  for (size_t zi = 0; zi < std::size(vectors); ++zi)
    if (auto [v, name] = std::pair{vectors[zi], names[zi]}; true)
      if (failed(verifyRank(op, v, name, 1)))
        return failure();
  // `mean`/`variance` may be empty in training mode; scale and offset are
  // always per channel.
  for (size_t zi = 0; zi < 2; ++zi)
    if (auto [v, name] = std::pair{vectors[zi], names[zi]}; true)
      if (failed(verifyDimsMatch(op, v, 0, name, op.getX(), c, "x")))
        return failure();
  return success();
}

LogicalResult FusedBatchNormOp::verify() {
  return verifyFusedBatchNorm(*this, false);
}
LogicalResult FusedBatchNormV2Op::verify() {
  return verifyFusedBatchNorm(*this, false);
}
LogicalResult FusedBatchNormV3Op::verify() {
  return verifyFusedBatchNorm(*this, true);
}

LogicalResult LRNOp::verify() {
  return verifyRank(*this, getInput(), "input", 4);
}

//===----------------------------------------------------------------------===//
// Pooling
//===----------------------------------------------------------------------===//

/// Shared checks of the pool ops. `rank` is the input rank and the length
/// of `ksize`/`strides`.
static LogicalResult verifyPool(Operation *op, Value input, Value output,
                                int64_t rank, StringRef dataFormat,
                                ArrayRef<StringRef> formats, ArrayAttr ksize,
                                ArrayAttr strides, StringRef padding,
                                bool allowExplicit,
                                ArrayAttr explicitPaddings) {
  if (failed(verifyOneOf(op, "data_format", dataFormat, formats)))
    return failure();
  bool vectC = dataFormat == "NCHW_VECT_C";
  int64_t inputRank = vectC ? rank + 1 : rank;
  if (failed(verifyRank(op, input, "input", inputRank)) ||
      failed(verifyRank(op, output, "output", inputRank)) ||
      failed(verifyWindowList(op, ksize, "ksize", rank)) ||
      failed(verifyWindowList(op, strides, "strides", rank)) ||
      failed(verifyPadding(op, padding, allowExplicit, explicitPaddings, rank)))
    return failure();
  SmallVector<int64_t> k = toInts(ksize), s = toInts(strides);
  if (k[0] != 1 || s[0] != 1)
    return op->emitOpError() << "does not support pooling on the batch "
                                "dimension ('ksize' and 'strides' must be 1 "
                                "there)";
  if (vectC)
    return success();
  int64_t c = channelDim(dataFormat, rank);
  if (k[c] == 1 && s[c] == 1 &&
      failed(verifyDimsMatch(op, output, c, "output", input, c, "input")))
    return failure();
  if (failed(verifyDimsMatch(op, output, 0, "output", input, 0, "input")))
    return failure();
  SmallVector<int64_t> window;
  for (int64_t d : spatialDims(dataFormat, rank))
    window.push_back(k[d]);
  return verifyWindowedOutput(op, input, output, dataFormat, window, s, {},
                              padding, toInts(explicitPaddings));
}

LogicalResult MaxPoolOp::verify() {
  return verifyPool(*this, getInput(), getOutput(), 4, getDataFormat(),
                    {"NHWC", "NCHW", "NCHW_VECT_C"}, getKsize(), getStrides(),
                    getPadding(), /*allowExplicit=*/true,
                    getExplicitPaddingsAttr());
}

LogicalResult AvgPoolOp::verify() {
  return verifyPool(*this, getValue(), getOutput(), 4, getDataFormat(),
                    {"NHWC", "NCHW"}, getKsize(), getStrides(), getPadding(),
                    /*allowExplicit=*/false, {});
}

LogicalResult MaxPool3DOp::verify() {
  return verifyPool(*this, getInput(), getOutput(), 5, getDataFormat(),
                    {"NDHWC", "NCDHW"}, getKsize(), getStrides(), getPadding(),
                    /*allowExplicit=*/false, {});
}

LogicalResult AvgPool3DOp::verify() {
  return verifyPool(*this, getInput(), getOutput(), 5, getDataFormat(),
                    {"NDHWC", "NCDHW"}, getKsize(), getStrides(), getPadding(),
                    /*allowExplicit=*/false, {});
}

LogicalResult MaxPoolWithArgmaxOp::verify() {
  if (failed(verifyPool(*this, getInput(), getOutput(), 4, "NHWC", {"NHWC"},
                        getKsize(), getStrides(), getPadding(),
                        /*allowExplicit=*/false, {})))
    return failure();
  if (!shapesCompatible(getOutput().getType(), getArgmax().getType()))
    return emitOpError() << "requires 'output' and 'argmax' of the same "
                            "shape, got "
                         << getOutput().getType() << " and "
                         << getArgmax().getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Softmax and losses
//===----------------------------------------------------------------------===//

LogicalResult SoftmaxOp::verify() {
  return verifyRankRange(*this, getLogits(), "logits", 1);
}
LogicalResult LogSoftmaxOp::verify() {
  return verifyRankRange(*this, getLogits(), "logits", 1);
}

LogicalResult L2LossOp::verify() {
  return verifyRank(*this, getOutput(), "output", 0);
}

LogicalResult SoftmaxCrossEntropyWithLogitsOp::verify() {
  Operation *op = *this;
  if (failed(verifyRank(op, getFeatures(), "features", 2)) ||
      failed(verifyRank(op, getLabels(), "labels", 2)) ||
      failed(verifyRank(op, getLoss(), "loss", 1)) ||
      failed(verifyRank(op, getBackprop(), "backprop", 2)))
    return failure();
  auto f = dyn_cast<ShapedType>(getFeatures().getType());
  auto l = dyn_cast<ShapedType>(getLabels().getType());
  SmallVector<int64_t> shape;
  if (f && l && f.hasRank() && l.hasRank() &&
      !broadcastShapes(f.getShape(), l.getShape(), shape))
    return emitOpError() << "'features' " << f << " and 'labels' " << l
                         << " are not broadcast-compatible";
  return success();
}

LogicalResult SparseSoftmaxCrossEntropyWithLogitsOp::verify() {
  Operation *op = *this;
  if (failed(verifyRank(op, getFeatures(), "features", 2)) ||
      failed(verifyRank(op, getLabels(), "labels", 1)) ||
      failed(verifyRank(op, getLoss(), "loss", 1)) ||
      failed(verifyRank(op, getBackprop(), "backprop", 2)) ||
      failed(verifyDimsMatch(op, getLabels(), 0, "labels", getFeatures(), 0,
                             "features")))
    return failure();
  return success();
}

LogicalResult InTopKV2Op::verify() {
  Operation *op = *this;
  if (failed(verifyRank(op, getPredictions(), "predictions", 2)) ||
      failed(verifyRank(op, getTargets(), "targets", 1)) ||
      failed(verifyScalar(op, getK(), "k")) ||
      failed(verifyRank(op, getPrecision(), "precision", 1)) ||
      failed(verifyDimsMatch(op, getTargets(), 0, "targets", getPredictions(),
                             0, "predictions")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsNN.cpp.inc"

void tfmlir::TF::registerNNOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsNN.cpp.inc"
      >();
}
