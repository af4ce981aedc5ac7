//===- FuseDilatedConv.cpp - SpaceToBatch/conv/BatchToSpace -> dilated conv
//===//
//
// TF expresses an atrous (dilated) convolution with dilation d as
//   s = space_to_batch_nd(x, block_shape = [d_h, d_w], paddings)
//   y = conv_2d | depthwise_conv_2d (s, filter)  (VALID, stride 1, dilation 1)
//   z = batch_to_space_nd(y, block_shape, crops)
// (tf.nn.atrous_conv2d, and Keras' dilated Conv2D on TF1). This is the same
// as one convolution of x with dilation_h_factor = d_h, dilation_w_factor =
// d_w: the VALID convolution of the padded, block-split input equals a
// dilated VALID convolution of x padded by `paddings`, and cropping `crops`
// at the start of an output dim (stride 1) equals padding that much less at
// the start. So the effective padding of spatial dim i is
//   before_i = paddings[i][0] - crops[i][0], after_i = paddings[i][1] -
//   crops[i][1].
// Both zero gives VALID; before = floor((k-1)*d / 2) and before + after =
// (k-1)*d gives TF's SAME; any other non-negative pair becomes an explicit
// tfl.pad followed by VALID. The conv's bias and fused activation are kept
// (both commute with the rearrangement and the crop). This is what TF's
// converter does (its "dilated conv" pass), and it lets TFLite run one conv
// over the whole image instead of d_h*d_w small ones.
//
// tf.nn.conv1d / Keras Conv1D with dilation d build the same pattern in 1-D
// around the 2-D conv that implements conv1d:
//   b2s(squeeze(conv(expand_dims(s2b(x, [d], paddings), 1)), [1]), [d], crops)
// which becomes squeeze(conv(expand_dims(x, 1)), [1]) with dilation_w_factor
// = d and the padding of the W dim derived as above (NWC input; the expand
// makes it N1WC).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"
#include "lib/Support/WindowGeometry.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace tfmlir {
namespace {

/// The padding of a dilated conv equivalent to space_to_batch `pads` and
/// batch_to_space `crops` ([before, after] per spatial dim, flattened), for
/// kernel sizes `k` and dilations `d`: VALID, SAME, or explicit (`before`,
/// `after` filled). Fails on a negative effective padding or d < 1.
struct DilatedPadding {
  SmallVector<int64_t> before, after;
  bool valid = true, same = true;
};
FailureOr<DilatedPadding> dilatedPadding(ArrayRef<int64_t> k,
                                         ArrayRef<int64_t> d,
                                         ArrayRef<int64_t> pads,
                                         ArrayRef<int64_t> crops) {
  DilatedPadding p;
  for (size_t i = 0; i < k.size(); ++i) {
    if (d[i] < 1)
      return failure();
    int64_t b = pads[2 * i] - crops[2 * i];
    int64_t a = pads[2 * i + 1] - crops[2 * i + 1];
    if (b < 0 || a < 0)
      return failure();
    // The dilated conv runs at stride 1, where SAME's padding does not
    // depend on the input size (any size >= 1 gives (k - 1) * d in total).
    std::optional<WindowDim> same =
        windowGeometry(1, k[i], d[i], 1, WindowPadding::kSame);
    if (!same)
      return failure();
    p.valid &= b == 0 && a == 0;
    p.same &= b == same->padBefore && a == same->padAfter;
    p.before.push_back(b);
    p.after.push_back(a);
  }
  return p;
}

/// A constant int32 tensor of `shape`.
Value i32Constant(PatternRewriter &rewriter, Location loc,
                  ArrayRef<int64_t> shape, ArrayRef<int32_t> values) {
  return conv::constant(
      rewriter, loc,
      DenseElementsAttr::get(
          RankedTensorType::get(shape, rewriter.getI32Type()), values));
}

/// `conv`'s attributes with the dilated padding and dilation factors.
SmallVector<NamedAttribute> dilatedAttrs(Operation *conv,
                                         PatternRewriter &rewriter,
                                         const DilatedPadding &p, int64_t dh,
                                         int64_t dw) {
  SmallVector<NamedAttribute> attrs(conv->getAttrs());
  for (NamedAttribute &a : attrs) {
    if (a.getName() == "padding")
      a.setValue(rewriter.getStringAttr(p.same && !p.valid ? "SAME" : "VALID"));
    else if (a.getName() == "dilation_h_factor")
      a.setValue(rewriter.getI32IntegerAttr(dh));
    else if (a.getName() == "dilation_w_factor")
      a.setValue(rewriter.getI32IntegerAttr(dw));
  }
  return attrs;
}

/// True when `conv` is a tfl conv_2d/depthwise_conv_2d that is VALID, stride 1
/// and undilated, with one use: the conv inside a space/batch pattern.
bool isPlainValidConv(Operation *conv) {
  if (!conv || conv->getNumResults() != 1 || !conv->getResult(0).hasOneUse())
    return false;
  StringRef kind = conv->getName().getStringRef();
  if (kind != "tfl.conv_2d" && kind != "tfl.depthwise_conv_2d")
    return false;
  auto i32 = [&](StringRef n) -> int64_t {
    auto a = conv->getAttrOfType<IntegerAttr>(n);
    return a ? a.getInt() : -1;
  };
  auto padding = conv->getAttrOfType<StringAttr>("padding");
  return padding && padding.getValue() == "VALID" && i32("stride_h") == 1 &&
         i32("stride_w") == 1 && i32("dilation_h_factor") == 1 &&
         i32("dilation_w_factor") == 1;
}

/// The one-use op of kind `name` defining `v`, or null.
Operation *oneUseDef(Value v, StringRef name) {
  Operation *d = v.getDefiningOp();
  return d && d->getName().getStringRef() == name && d->getResult(0).hasOneUse()
             ? d
             : nullptr;
}

/// The constant block shape, paddings and crops of a space_to_batch_nd /
/// batch_to_space_nd pair over `dims` spatial dims; fails unless all are
/// constants of that size and both ops use the same block shape.
struct SpaceBatchConstants {
  SmallVector<int64_t> block, pads, crops;
};
FailureOr<SpaceBatchConstants>
spaceBatchConstants(Operation *s2b, Operation *b2s, size_t dims) {
  auto block = conv::constantInts(s2b->getOperand(1));
  auto block2 = conv::constantInts(b2s->getOperand(1));
  auto pads = conv::constantInts(s2b->getOperand(2));
  auto crops = conv::constantInts(b2s->getOperand(2));
  if (!block || !block2 || *block != *block2 || block->size() != dims ||
      !pads || pads->size() != 2 * dims || !crops || crops->size() != 2 * dims)
    return failure();
  return SpaceBatchConstants{SmallVector<int64_t>(*block),
                             SmallVector<int64_t>(*pads),
                             SmallVector<int64_t>(*crops)};
}

struct FuseDilatedConv : public RewritePattern {
  explicit FuseDilatedConv(MLIRContext *ctx)
      : RewritePattern("tfl.batch_to_space_nd", 1, ctx) {}

  LogicalResult matchAndRewrite(Operation *b2s,
                                PatternRewriter &rewriter) const override {
    Operation *conv = b2s->getOperand(0).getDefiningOp();
    if (!isPlainValidConv(conv))
      return failure();
    StringRef kind = conv->getName().getStringRef();
    Operation *s2b = oneUseDef(conv->getOperand(0), "tfl.space_to_batch_nd");
    if (!s2b)
      return failure();
    auto sb = spaceBatchConstants(s2b, b2s, 2);
    if (failed(sb))
      return failure();
    auto &block = sb->block;
    // Kernel size: filter is OHWI (conv) or 1HWO (depthwise).
    auto ft = dyn_cast<RankedTensorType>(conv->getOperand(1).getType());
    auto xt = dyn_cast<RankedTensorType>(s2b->getOperand(0).getType());
    if (!ft || ft.getRank() != 4 || ft.isDynamicDim(1) || ft.isDynamicDim(2) ||
        !xt || xt.getRank() != 4)
      return failure();
    int64_t k[2] = {ft.getDimSize(1), ft.getDimSize(2)};
    auto pad = dilatedPadding(k, block, sb->pads, sb->crops);
    if (failed(pad))
      return failure();

    rewriter.setInsertionPoint(conv);
    Location loc = conv->getLoc();
    Value input = s2b->getOperand(0);
    if (!pad->valid && !pad->same) {
      // Explicit padding: pad x, then a VALID dilated conv.
      SmallVector<int64_t> padded(xt.getShape());
      for (int i = 0; i < 2; ++i)
        if (!xt.isDynamicDim(1 + i))
          padded[1 + i] += pad->before[i] + pad->after[i];
      Value paddings = i32Constant(rewriter, loc, {4, 2},
                                   {0, 0, static_cast<int32_t>(pad->before[0]),
                                    static_cast<int32_t>(pad->after[0]),
                                    static_cast<int32_t>(pad->before[1]),
                                    static_cast<int32_t>(pad->after[1]), 0, 0});
      input = conv::create1(rewriter, loc, "tfl.pad", {input, paddings},
                            RankedTensorType::get(padded, xt.getElementType()));
    }
    SmallVector<NamedAttribute> attrs =
        dilatedAttrs(conv, rewriter, *pad, block[0], block[1]);
    SmallVector<Value> operands(conv->getOperands());
    operands[0] = input;
    Operation *fused = conv::create(rewriter, b2s->getLoc(), kind, operands,
                                    b2s->getResultTypes(), attrs);
    rewriter.replaceOp(b2s, fused->getResults());
    rewriter.eraseOp(conv);
    rewriter.eraseOp(s2b);
    return success();
  }
};

/// The 1-D (conv1d) form: b2s(squeeze(conv(expand_dims(s2b(x), 1)), [1])).
struct FuseDilatedConv1D : public RewritePattern {
  explicit FuseDilatedConv1D(MLIRContext *ctx)
      : RewritePattern("tfl.batch_to_space_nd", 1, ctx) {}

  LogicalResult matchAndRewrite(Operation *b2s,
                                PatternRewriter &rewriter) const override {
    Operation *squeeze = oneUseDef(b2s->getOperand(0), "tfl.squeeze");
    if (!squeeze)
      return failure();
    auto dims = squeeze->getAttrOfType<DenseI32ArrayAttr>("squeeze_dims");
    if (!dims || dims.size() != 1 || (dims[0] != 1 && dims[0] != -3))
      return failure();
    Operation *conv = squeeze->getOperand(0).getDefiningOp();
    if (!isPlainValidConv(conv))
      return failure();
    Operation *expand = oneUseDef(conv->getOperand(0), "tfl.expand_dims");
    if (!expand)
      return failure();
    auto axis = conv::constantInts(expand->getOperand(1));
    if (!axis || axis->size() != 1 || ((*axis)[0] != 1 && (*axis)[0] != -3))
      return failure();
    Operation *s2b = oneUseDef(expand->getOperand(0), "tfl.space_to_batch_nd");
    if (!s2b)
      return failure();
    auto sb = spaceBatchConstants(s2b, b2s, 1);
    if (failed(sb))
      return failure();
    auto &block = sb->block;
    auto ft = dyn_cast<RankedTensorType>(conv->getOperand(1).getType());
    auto xt = dyn_cast<RankedTensorType>(s2b->getOperand(0).getType());
    auto ct = dyn_cast<RankedTensorType>(conv->getResult(0).getType());
    auto yt = dyn_cast<RankedTensorType>(b2s->getResult(0).getType());
    if (!ft || ft.getRank() != 4 || ft.isDynamicDim(2) || !xt ||
        xt.getRank() != 3 || !ct || ct.getRank() != 4 || !yt ||
        yt.getRank() != 3)
      return failure();
    int64_t k[1] = {ft.getDimSize(2)};
    auto pad = dilatedPadding(k, block, sb->pads, sb->crops);
    if (failed(pad))
      return failure();

    rewriter.setInsertionPoint(conv);
    Location loc = conv->getLoc();
    Value input = s2b->getOperand(0);
    SmallVector<int64_t> shape(xt.getShape());
    if (!pad->valid && !pad->same) {
      if (!xt.isDynamicDim(1))
        shape[1] += pad->before[0] + pad->after[0];
      Value paddings = i32Constant(rewriter, loc, {3, 2},
                                   {0, 0, static_cast<int32_t>(pad->before[0]),
                                    static_cast<int32_t>(pad->after[0]), 0, 0});
      input = conv::create1(rewriter, loc, "tfl.pad", {input, paddings},
                            RankedTensorType::get(shape, xt.getElementType()));
    }
    // NWC -> N1WC, the dilated conv, N1WO -> NWO.
    Value expanded =
        conv::create1(rewriter, expand->getLoc(), "tfl.expand_dims",
                      {input, expand->getOperand(1)},
                      RankedTensorType::get({shape[0], 1, shape[1], shape[2]},
                                            xt.getElementType()));
    SmallVector<Value> operands(conv->getOperands());
    operands[0] = expanded;
    auto convTy = RankedTensorType::get(
        {yt.getDimSize(0), 1, yt.getDimSize(1), yt.getDimSize(2)},
        yt.getElementType());
    Operation *fused = conv::create(
        rewriter, loc, conv->getName().getStringRef(), operands,
        TypeRange{convTy}, dilatedAttrs(conv, rewriter, *pad, 1, block[0]));
    Operation *out = conv::create(rewriter, b2s->getLoc(), "tfl.squeeze",
                                  {fused->getResult(0)}, b2s->getResultTypes(),
                                  squeeze->getAttrs());
    rewriter.replaceOp(b2s, out->getResults());
    rewriter.eraseOp(squeeze);
    rewriter.eraseOp(conv);
    rewriter.eraseOp(expand);
    rewriter.eraseOp(s2b);
    return success();
  }
};

} // namespace

void populateFuseDilatedConvPatterns(RewritePatternSet &p) {
  p.add<FuseDilatedConv, FuseDilatedConv1D>(p.getContext());
}

} // namespace tfmlir
