//===- Conv.cpp - tf convolutions -> tfl conv_2d / depthwise / transpose
//---===//
//
// The convolutions of TFOpsNN.td (TF kernels Conv2DOp, DepthwiseConv2dNativeOp,
// Conv2DBackpropInputOp, Conv3DOp, Conv3DBackpropInputOp) as TFLite's
// CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV, CONV_3D and CONV_3D_TRANSPOSE,
// whose reference kernels compute TF's function in TFLite's layouts:
//  - Conv2D filter HWIO -> OHWI (transpose [3, 0, 1, 2]);
//  - DepthwiseConv2dNative filter [KH, KW, C, M] -> [1, KH, KW, C*M] (a
//    reshape: the element order is the same);
//  - Conv2DBackpropInput filter [KH, KW, C_out, C_in] -> TRANSPOSE_CONV
//    weights [C_out, KH, KW, C_in]; no dilation;
//  - Conv3D / Conv3DBackpropInputV2: TF's DHWIO filter is TFLite's layout
//    for both;
//  - NCHW (NCDHW) activations are transposed to NHWC (NDHWC) before the op
//    and back after; input_sizes is reordered.
// Constant filters are transformed at conversion time; other values get tfl
// ops. Takes float32 filters of static shape (2-D: ranked 4-D input and
// filter), SAME / VALID padding (2-D also EXPLICIT, as a tfl.pad first);
// refuses anything else with the reason.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/NN/Layout.h"
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

using namespace nn;

/// Pads `x` (NHWC) by the TF explicit_paddings (8 values in `nchw` or NHWC
/// order) with tfl.pad; returns x when all pads are 0.
Value explicitPad(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> p,
                  bool nchw) {
  SmallVector<int64_t> nhwc;
  for (int64_t d : {0, 1, 2, 3}) {
    int64_t src = nchw ? kToNHWC[d] : d;
    nhwc.push_back(p[2 * src]);
    nhwc.push_back(p[2 * src + 1]);
  }
  if (llvm::all_of(nhwc, [](int64_t v) { return v == 0; }))
    return x;
  SmallVector<int32_t> p32(nhwc.begin(), nhwc.end());
  auto pt = RankedTensorType::get({4, 2}, b.getI32Type());
  Value pads =
      constant(b, loc, DenseElementsAttr::get(pt, ArrayRef<int32_t>(p32)));
  Type t = x.getType();
  if (auto r = dyn_cast<RankedTensorType>(t)) {
    SmallVector<int64_t> s(r.getShape());
    for (int d = 0; d < 4; ++d)
      if (!ShapedType::isDynamic(s[d]))
        s[d] += nhwc[2 * d] + nhwc[2 * d + 1];
    t = RankedTensorType::get(s, r.getElementType());
  }
  return tfl::PadOp::create(b, loc, t, x, pads);
}

/// tf.Conv2D -> tfl.conv_2d and tf.DepthwiseConv2dNative ->
/// tfl.depthwise_conv_2d (filters relaid, NCHW transposed, EXPLICIT padding
/// as a tfl.pad).
template <typename TFOp, bool Depthwise>
struct Conv2DLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    Value x = a.getInput(), f = a.getFilter();
    if (rankOf(x) != 4 || rankOf(f) != 4)
      return this->fail(op, b, "input and filter must be ranked 4-D tensors");
    auto ft = cast<RankedTensorType>(f.getType());
    if (!ft.hasStaticShape())
      return this->fail(op, b, "the filter shape must be static");
    if (!ft.getElementType().isF32())
      return this->fail(op, b, "only float32 convolutions are supported");
    Window2D w;
    std::string why;
    if (failed(window2D(op, "dilations", /*allowExplicit=*/true, w, why)))
      return this->fail(op, b, why);
    std::string padding = w.padding;
    x = toNHWC(b, loc, x, w.nchw);
    if (padding == "EXPLICIT") {
      auto p = intList(op, "explicit_paddings");
      if (!p || p->size() != 8)
        return this->fail(op, b, "EXPLICIT padding needs 8 explicit_paddings");
      x = explicitPad(b, loc, x, *p, w.nchw);
      padding = "VALID";
    }
    Type outT = nhwcType(op.getResult().getType(), w.nchw);
    Value bias = noValue(b, loc);
    Value out;
    if constexpr (Depthwise) {
      ArrayRef<int64_t> s = ft.getShape(); // KH, KW, C, M
      Value filter = reshape(b, loc, f, {1, s[0], s[1], s[2] * s[3]});
      out = tfl::DepthwiseConv2DOp::create(b, loc, outT, x, filter, bias,
                                           padding, w.strideW, w.strideH, s[3],
                                           "NONE", w.windowW, w.windowH);
    } else {
      Value filter = transpose(b, loc, f, {3, 0, 1, 2});
      out = tfl::Conv2DOp::create(b, loc, outT, x, filter, bias, padding,
                                  w.strideW, w.strideH, "NONE", w.windowW,
                                  w.windowH, "FLOAT32");
    }
    results.push_back(fromNHWC(b, loc, out, w.nchw));
    return success();
  }
};

/// tf.Conv2DBackpropInput(input_sizes, filter [KH, KW, C_out, C_in],
/// out_backprop) -> tfl.transpose_conv(output_shape, weights [C_out, KH,
/// KW, C_in], input). NCHW gets transposes (and a reordered input_sizes);
/// no dilation; SAME/VALID only.
struct Conv2DBackpropInputLowering : TFLPattern<TF::Conv2DBackpropInputOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::Conv2DBackpropInputOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    Window2D w;
    std::string why;
    if (failed(window2D(op, "dilations", /*allowExplicit=*/false, w, why)))
      return fail(op, b, why);
    if (w.windowH != 1 || w.windowW != 1)
      return fail(op, b, "dilated Conv2DBackpropInput is not supported");
    bool nchw = w.nchw;
    Value f = a.getFilter();
    auto ft = dyn_cast<RankedTensorType>(f.getType());
    if (!ft || ft.getRank() != 4 || !ft.getElementType().isF32())
      return fail(op, b, "the filter must be a 4-D float32 tensor");
    Value sizes, dy = a.getOutBackprop();
    Type outT = op.getResult().getType();
    if (nchw) {
      // NCHW: input_sizes is reordered to NHWC; activations are transposed
      // to NHWC and back.
      if (auto c = constantInts(a.getInputSizes()); c && c->size() == 4) {
        sizes = i32Vector(b, loc, {(*c)[0], (*c)[2], (*c)[3], (*c)[1]});
      } else if (Value s32 = toI32(b, loc, a.getInputSizes())) {
        // Computed sizes: reorder [N, C, H, W] -> [N, H, W, C] with a gather.
        sizes = tfl::GatherOp::create(
            b, loc, RankedTensorType::get({4}, b.getI32Type()), s32,
            i32Vector(b, loc, {0, 2, 3, 1}), b.getI32IntegerAttr(0),
            b.getI32IntegerAttr(0));
      }
    } else {
      sizes = toI32(b, loc, a.getInputSizes());
    }
    if (!sizes)
      return fail(op, b, "input_sizes has values outside int32");
    dy = toNHWC(b, loc, dy, nchw);
    outT = nhwcType(outT, nchw);
    Value weights = transpose(b, loc, f, {2, 0, 1, 3});
    Value out = tfl::TransposeConvOp::create(
        b, loc, outT, sizes, weights, dy, noValue(b, loc), w.padding, w.strideW,
        w.strideH, "NONE", "FLOAT32");
    results.push_back(fromNHWC(b, loc, out, nchw));
    return success();
  }
};

/// Reads TF's 5-element `name` attr (strides / dilations) in the op's
/// data_format into (d, h, w); `ncdhw` tells the layout.
LogicalResult dhw(Operation *op, StringRef name, bool ncdhw, int64_t out[3],
                  std::string &why) {
  auto v = intList(op, name);
  if (!v) {
    out[0] = out[1] = out[2] = 1;
    return success();
  }
  if (v->size() != 5) {
    why = (name + " must have 5 elements").str();
    return failure();
  }
  const int first = ncdhw ? 2 : 1;
  for (int i = 0; i < 3; ++i)
    out[i] = (*v)[first + i];
  if ((*v)[0] != 1 || (*v)[ncdhw ? 1 : 4] != 1) {
    why = (name + " must be 1 on the batch and channel dims").str();
    return failure();
  }
  return success();
}

/// Common checks of Conv3D / Conv3DBackpropInputV2: data_format, padding,
/// strides, dilations, a 5-D float32 `filter`.
LogicalResult conv3dAttrs(Operation *op, OpBuilder &b, Value filter,
                          bool &ncdhw, SmallVectorImpl<NamedAttribute> &attrs,
                          std::string &why) {
  std::string fmt = strAttr(op, "data_format", "NDHWC");
  if (fmt != "NDHWC" && fmt != "NCDHW") {
    why = "data_format " + fmt + " is not supported";
    return failure();
  }
  ncdhw = fmt == "NCDHW";
  std::string padding = strAttr(op, "padding", "VALID");
  if (padding != "SAME" && padding != "VALID") {
    why = "padding " + padding + " is not supported";
    return failure();
  }
  int64_t s[3], d[3];
  if (failed(dhw(op, "strides", ncdhw, s, why)) ||
      failed(dhw(op, "dilations", ncdhw, d, why)))
    return failure();
  auto ft = dyn_cast<RankedTensorType>(filter.getType());
  if (!ft || ft.getRank() != 5 || !ft.getElementType().isF32()) {
    why = "the filter must be a 5-D float32 tensor";
    return failure();
  }
  attrs.append({strA(b, "padding", padding), i32A(b, "stride_d", s[0]),
                i32A(b, "stride_w", s[2]), i32A(b, "stride_h", s[1]),
                actNone(b), i32A(b, "dilation_d_factor", d[0]),
                i32A(b, "dilation_w_factor", d[2]),
                i32A(b, "dilation_h_factor", d[1])});
  return success();
}

constexpr int64_t kToNDHWC[] = {0, 2, 3, 4, 1};
constexpr int64_t kToNCDHW[] = {0, 4, 1, 2, 3};

/// tf.Conv3D -> tfl.conv_3d (NCDHW transposed to NDHWC and back).
struct Conv3DLowering : TFLPattern<TF::Conv3DOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::Conv3DOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    bool ncdhw;
    SmallVector<NamedAttribute> attrs;
    std::string why;
    if (failed(conv3dAttrs(op, b, a.getFilter(), ncdhw, attrs, why)))
      return fail(op, b, why);
    Value x = a.getInput();
    Type outT = op.getResult().getType();
    if (ncdhw) {
      x = transpose(b, loc, x, kToNDHWC);
      outT = permuteType(outT, kToNDHWC);
    }
    Value y = tfl::Conv3DOp::create(
                  b, loc, TypeRange{outT},
                  ValueRange{x, a.getFilter(), noValue(b, loc)}, attrs)
                  ->getResult(0);
    results.push_back(ncdhw ? transpose(b, loc, y, kToNCDHW) : y);
    return success();
  }
};

/// tf.Conv3DBackpropInputV2 -> tfl.conv_3d_transpose (NCDHW needs a
/// constant input_sizes, reordered).
struct Conv3DBackpropInputV2Lowering : TFLPattern<TF::Conv3DBackpropInputV2Op> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::Conv3DBackpropInputV2Op op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    bool ncdhw;
    SmallVector<NamedAttribute> attrs;
    std::string why;
    if (failed(conv3dAttrs(op, b, a.getFilter(), ncdhw, attrs, why)))
      return fail(op, b, why);
    Value sizes, dy = a.getOutBackprop();
    Type outT = op.getResult().getType();
    if (ncdhw) {
      auto c = constantInts(a.getInputSizes());
      if (!c || c->size() != 5)
        return fail(op, b, "NCDHW needs a constant input_sizes");
      sizes = i32Vector(b, loc, {(*c)[0], (*c)[2], (*c)[3], (*c)[4], (*c)[1]});
      dy = transpose(b, loc, dy, kToNDHWC);
      outT = permuteType(outT, kToNDHWC);
    } else {
      sizes = toI32(b, loc, a.getInputSizes());
    }
    if (!sizes)
      return fail(op, b, "input_sizes has values outside int32");
    Value y = tfl::Conv3DTransposeOp::create(
                  b, loc, TypeRange{outT},
                  ValueRange{sizes, a.getFilter(), dy, noValue(b, loc)}, attrs)
                  ->getResult(0);
    results.push_back(ncdhw ? transpose(b, loc, y, kToNCDHW) : y);
    return success();
  }
};

} // namespace

void populateNNConvPatterns(RewritePatternSet &patterns,
                            ConversionState &state) {
  MLIRContext *ctx = patterns.getContext();
  patterns.add<Conv2DLowering<TF::Conv2DOp, false>,
               Conv2DLowering<TF::DepthwiseConv2dNativeOp, true>,
               Conv2DBackpropInputLowering, Conv3DLowering,
               Conv3DBackpropInputV2Lowering>(ctx, state);
}

} // namespace tfmlir::conv
