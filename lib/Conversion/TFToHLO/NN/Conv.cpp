//===- Conv.cpp - tf convolutions -> hlo.convolution ----------------------===//
//
// Ops (dialects/tf/TFOpsNN.td), semantics of TF's Conv2D, Conv3D,
// DepthwiseConv2dNative, Conv2DBackpropInput and Conv3DBackpropInputV2
// kernels (conv_ops.cc, depthwise_conv_op.cc, conv_grad_input_ops.cc):
// one hlo.convolution each, the layout kept in the dimension numbers
// (NHWC/NCHW/NDHWC/NCDHW input and output, HWIO/DHWIO filter).
//  - Padding: VALID is 0; SAME is TF's rule from lib/Support/WindowGeometry
//    (out = ceil(in / stride), total pad = max((out - 1) * stride +
//    (k - 1) * dilation + 1 - in, 0), the smaller half before); EXPLICIT
//    reads explicit_paddings.
//  - Grouped Conv2D/Conv3D (input channels a multiple of the filter's)
//    uses feature_group_count.
//  - DepthwiseConv2dNative: the [H, W, C, M] filter reshaped to
//    [H, W, 1, C * M] with C groups.
//  - Conv*BackpropInput (the transposed convolution): the output gradient,
//    dilated by the strides, convolved with the spatially reversed filter
//    (in/out feature dims swapped), padded so the result has input_sizes'
//    shape (the static result type; input_sizes itself is not read).
// Any element type the hlo op takes. Refused: dynamic shapes, strides or
// explicit_paddings of the wrong length, non-positive strides/dilations,
// unknown padding, windows that are invalid or overflow, channel counts
// that do not match the filter's.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"
#include "lib/Support/WindowGeometry.h"

#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// tf.Conv2D/Conv3D/DepthwiseConv2dNative (forward, operands input and
/// filter) or tf.Conv*BackpropInput (operands input_sizes, filter,
/// out_backprop) over `NS` spatial dims -> hlo.convolution.
template <typename TFOp, int64_t NS, bool Depthwise, bool BackpropInput>
struct ConvLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using HLOPattern<TFOp>::fail;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    auto out = staticResult(op);
    Value input;
    if constexpr (BackpropInput)
      input = a.getOutBackprop();
    else
      input = a.getInput();
    Value filter = a.getFilter();
    auto in = staticType(input), f = staticType(filter);
    int64_t rank = NS + 2;
    if (!out || !in || !f || in.getRank() != rank || f.getRank() != rank ||
        out.getRank() != rank)
      return fail(op, b,
                  "needs static rank-" + std::to_string(rank) +
                      " input, filter, output");
    StringRef fmt = op.getDataFormat();
    bool channelsFirst = fmt == "NCHW" || fmt == "NCDHW";
    int64_t featDim = channelsFirst ? 1 : rank - 1;
    SmallVector<int64_t> spatial;
    for (int64_t i = 0; i < NS; ++i)
      spatial.push_back(channelsFirst ? 2 + i : 1 + i);
    auto strides4 = intList(op, "strides");
    auto dil4 = intList(op, "dilations");
    if (!strides4 || static_cast<int64_t>(strides4->size()) != rank)
      return fail(op, b, "strides must have one entry per dim");
    SmallVector<int64_t> strides, dil;
    for (int64_t i = 0; i < NS; ++i) {
      strides.push_back((*strides4)[spatial[i]]);
      dil.push_back(dil4 && static_cast<int64_t>(dil4->size()) == rank
                        ? (*dil4)[spatial[i]]
                        : 1);
      if (strides.back() < 1 || dil.back() < 1)
        return fail(op, b, "strides and dilations must be positive");
    }
    // The forward convolution's spatial sizes: input (x) and output (y).
    RankedTensorType fwdIn = BackpropInput ? out : in;
    RankedTensorType fwdOut = BackpropInput ? in : out;
    StringRef padding = op.getPadding();
    SmallVector<int64_t> lo(NS, 0), hi(NS, 0);
    for (int64_t i = 0; i < NS; ++i) {
      int64_t x = fwdIn.getDimSize(spatial[i]);
      if (padding == "SAME") {
        std::optional<WindowDim> w = windowGeometry(
            x, f.getDimSize(i), dil[i], strides[i], WindowPadding::kSame);
        if (!w)
          return fail(op, b,
                      "invalid or overflowing window in spatial dim " +
                          std::to_string(i));
        lo[i] = w->padBefore;
        hi[i] = w->padAfter;
      } else if (padding == "EXPLICIT") {
        // Declared on Conv2D, DepthwiseConv2dNative and Conv2DBackpropInput.
        auto ep = intList(op, "explicit_paddings");
        if (!ep || static_cast<int64_t>(ep->size()) != 2 * rank)
          return fail(op, b, "explicit_paddings must have 2 entries per dim");
        lo[i] = (*ep)[2 * spatial[i]];
        hi[i] = (*ep)[2 * spatial[i] + 1];
      } else if (padding != "VALID") {
        return fail(op, b, "unknown padding '" + padding + "'");
      }
    }
    MLIRContext *ctx = b.getContext();
    SmallVector<int64_t> kSpatial;
    for (int64_t i = 0; i < NS; ++i)
      kSpatial.push_back(i);
    int64_t kIn = NS, kOut = NS + 1;
    int64_t groups = 1;
    Value kernel = filter;
    if (Depthwise) {
      // [H, W, C, M] -> [H, W, 1, C * M], one group per input channel.
      SmallVector<int64_t> shape(f.getShape().take_front(NS));
      int64_t c = f.getDimSize(NS), m = f.getDimSize(NS + 1);
      shape.push_back(1);
      shape.push_back(c * m);
      kernel = reshape(b, loc, filter, shape);
      groups = c;
    } else if (!BackpropInput) {
      int64_t c = in.getDimSize(featDim), fc = f.getDimSize(kIn);
      if (fc <= 0 || c % fc)
        return fail(op, b, "input channels are not a multiple of the filter's");
      groups = c / fc;
    }
    SmallVector<int64_t> lhsDil(NS, 1);
    SmallVector<int64_t> padFlat;
    if (BackpropInput) {
      // Gradient w.r.t. the input = convolution of the output gradient,
      // dilated by the strides, with the spatially reversed filter whose
      // in/out feature dims are swapped, padded so the result has the
      // input's size.
      SmallVector<int64_t> rev(kSpatial);
      kernel = ReverseOp::create(b, loc, kernel, rev);
      std::swap(kIn, kOut);
      if (f.getDimSize(NS + 1) != in.getDimSize(featDim) ||
          f.getDimSize(NS) != out.getDimSize(featDim))
        return fail(op, b,
                    "filter channels do not match the gradient and input "
                    "channels");
      for (int64_t i = 0; i < NS; ++i) {
        int64_t k = (f.getDimSize(i) - 1) * dil[i] + 1;
        int64_t x = fwdIn.getDimSize(spatial[i]);
        int64_t y = fwdOut.getDimSize(spatial[i]);
        int64_t expanded = (y - 1) * strides[i] + 1;
        int64_t before = k - 1 - lo[i];
        int64_t after = x + k - 1 - expanded - before;
        lhsDil[i] = strides[i];
        padFlat.push_back(before);
        padFlat.push_back(after);
      }
      strides.assign(NS, 1);
    } else {
      for (int64_t i = 0; i < NS; ++i) {
        padFlat.push_back(lo[i]);
        padFlat.push_back(hi[i]);
      }
    }
    auto dn = ConvDimensionNumbersAttr::get(ctx, 0, featDim, spatial, kIn, kOut,
                                            kSpatial, 0, featDim, spatial);
    auto padType = RankedTensorType::get({NS, 2}, b.getI64Type());
    // Attributes at their defaults (1s, zero padding) are left out.
    auto ones = [&](ArrayRef<int64_t> v) -> DenseI64ArrayAttr {
      return llvm::all_of(v, [](int64_t x) { return x == 1; })
                 ? DenseI64ArrayAttr()
                 : b.getDenseI64ArrayAttr(v);
    };
    DenseIntElementsAttr padAttr;
    if (llvm::any_of(padFlat, [](int64_t x) { return x != 0; }))
      padAttr = DenseIntElementsAttr::get(padType, padFlat);
    auto conv = ConvolutionOp::create(
        b, loc, out, input, kernel, dn, ones(strides), padAttr, ones(lhsDil),
        ones(dil), /*window_reversal=*/nullptr, b.getI64IntegerAttr(groups),
        b.getI64IntegerAttr(1), /*precision_config=*/nullptr);
    results.push_back(conv);
    return success();
  }
};

} // namespace

void populateNNConvPatterns(RewritePatternSet &patterns,
                            ConversionState &state) {
  patterns.add<ConvLowering<TF::Conv2DOp, 2, false, false>,
               ConvLowering<TF::Conv3DOp, 3, false, false>,
               ConvLowering<TF::DepthwiseConv2dNativeOp, 2, true, false>,
               ConvLowering<TF::Conv2DBackpropInputOp, 2, false, true>,
               ConvLowering<TF::Conv3DBackpropInputV2Op, 3, false, true>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
