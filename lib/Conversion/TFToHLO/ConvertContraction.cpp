//===- ConvertContraction.cpp - tf matmuls and convolutions -> hlo --------===//
//
// MatMul/BatchMatMul become hlo.dot_general (batch dims broadcast first, as
// BatchMatMulV2 does). Conv2D/Conv3D/DepthwiseConv2dNative and the
// input-gradient convolutions (Conv2DBackpropInput, Conv3DBackpropInputV2,
// i.e. transposed convolutions) become hlo.convolution with the layout kept
// (NHWC/NCHW/NDHWC/NCDHW input, HWIO/DHWIO filter) in the dimension numbers.
// Padding: VALID is 0; SAME is TF's rule (out = ceil(in / stride), total
// pad = max((out - 1) * stride + (k - 1) * dilation + 1 - in, 0), the
// smaller half before); EXPLICIT reads explicit_paddings. Grouped Conv2D
// (input channels a multiple of the filter's) uses feature_group_count.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"
#include "lib/Support/WindowGeometry.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

LogicalResult convertMatMul(Operation *op, OpBuilder &b,
                            SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  auto a = staticType(op->getOperand(0)), c = staticType(op->getOperand(1));
  if (!out || !a || !c || a.getRank() != 2 || c.getRank() != 2) {
    why = "needs static 2-D operands";
    return failure();
  }
  bool ta = boolAttr(op, "transpose_a"), tb = boolAttr(op, "transpose_b");
  auto dn = DotDimensionNumbersAttr::get(b.getContext(), {}, {}, {ta ? 0 : 1},
                                         {tb ? 1 : 0});
  results.push_back(DotGeneralOp::create(b, op->getLoc(), out, op->getOperand(0),
                                         op->getOperand(1), dn, nullptr));
  return success();
}

LogicalResult convertBatchMatMul(Operation *op, OpBuilder &b,
                                 SmallVectorImpl<Value> &results,
                                 std::string &why) {
  auto out = staticResult(op);
  auto x = staticType(op->getOperand(0)), y = staticType(op->getOperand(1));
  if (!out || !x || !y || x.getRank() < 2 || y.getRank() < 2 ||
      out.getRank() < 2) {
    why = "needs static operands of rank >= 2";
    return failure();
  }
  bool adjX = boolAttr(op, "adj_x"), adjY = boolAttr(op, "adj_y");
  if ((adjX || adjY) && isa<ComplexType>(x.getElementType())) {
    why = "complex adjoint is not supported";
    return failure();
  }
  if (x.getElementType() != out.getElementType() ||
      y.getElementType() != out.getElementType()) {
    why = "operand and result element types differ";
    return failure();
  }
  Location loc = op->getLoc();
  int64_t nb = out.getRank() - 2;
  ArrayRef<int64_t> batch = out.getShape().take_front(nb);
  auto withBatch = [&](Value v, RankedTensorType t) -> Value {
    SmallVector<int64_t> shape(batch);
    shape.append(t.getShape().take_back(2).begin(), t.getShape().end());
    return broadcastTo(b, loc, v, shape);
  };
  Value bx = withBatch(op->getOperand(0), x), by = withBatch(op->getOperand(1), y);
  if (!bx || !by) {
    why = "batch dims do not broadcast";
    return failure();
  }
  SmallVector<int64_t> bd;
  for (int64_t i = 0; i < nb; ++i)
    bd.push_back(i);
  auto dn = DotDimensionNumbersAttr::get(b.getContext(), bd, bd,
                                         {adjX ? nb : nb + 1},
                                         {adjY ? nb + 1 : nb});
  results.push_back(DotGeneralOp::create(b, loc, out, bx, by, dn, nullptr));
  return success();
}

/// Forward or input-gradient convolution over `ns` spatial dims.
struct ConvSpec {
  int64_t ns;          // number of spatial dims
  bool depthwise;      // filter [..., C, M] with C groups
  bool backpropInput;  // Conv*BackpropInput: operands (sizes, filter, grad)
};

LogicalResult convertConv(Operation *op, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why,
                          ConvSpec spec) {
  Location loc = op->getLoc();
  auto out = staticResult(op);
  Value input = op->getOperand(spec.backpropInput ? 2 : 0);
  Value filter = op->getOperand(1);
  auto in = staticType(input), f = staticType(filter);
  int64_t rank = spec.ns + 2;
  if (!out || !in || !f || in.getRank() != rank || f.getRank() != rank ||
      out.getRank() != rank) {
    why = "needs static rank-" + std::to_string(rank) + " input, filter, output";
    return failure();
  }
  std::string fmt = strAttr(op, "data_format", spec.ns == 3 ? "NDHWC" : "NHWC");
  bool channelsFirst = fmt == "NCHW" || fmt == "NCDHW";
  int64_t featDim = channelsFirst ? 1 : rank - 1;
  SmallVector<int64_t> spatial;
  for (int64_t i = 0; i < spec.ns; ++i)
    spatial.push_back(channelsFirst ? 2 + i : 1 + i);
  auto strides4 = intList(op, "strides");
  auto dil4 = intList(op, "dilations");
  if (!strides4 || static_cast<int64_t>(strides4->size()) != rank) {
    why = "strides must have one entry per dim";
    return failure();
  }
  SmallVector<int64_t> strides, dil;
  for (int64_t i = 0; i < spec.ns; ++i) {
    strides.push_back((*strides4)[spatial[i]]);
    dil.push_back(dil4 && static_cast<int64_t>(dil4->size()) == rank
                      ? (*dil4)[spatial[i]]
                      : 1);
    if (strides.back() < 1 || dil.back() < 1) {
      why = "strides and dilations must be positive";
      return failure();
    }
  }
  // The forward convolution's spatial sizes: input (x) and output (y).
  RankedTensorType fwdIn = spec.backpropInput ? out : in;
  RankedTensorType fwdOut = spec.backpropInput ? in : out;
  std::string padding = strAttr(op, "padding", "VALID");
  SmallVector<int64_t> lo(spec.ns, 0), hi(spec.ns, 0);
  for (int64_t i = 0; i < spec.ns; ++i) {
    int64_t x = fwdIn.getDimSize(spatial[i]);
    if (padding == "SAME") {
      std::optional<WindowDim> w = windowGeometry(
          x, f.getDimSize(i), dil[i], strides[i], WindowPadding::kSame);
      if (!w) {
        why = "invalid or overflowing window in spatial dim " + std::to_string(i);
        return failure();
      }
      lo[i] = w->padBefore;
      hi[i] = w->padAfter;
    } else if (padding == "EXPLICIT") {
      auto ep = intList(op, "explicit_paddings");
      if (!ep || static_cast<int64_t>(ep->size()) != 2 * rank) {
        why = "explicit_paddings must have 2 entries per dim";
        return failure();
      }
      lo[i] = (*ep)[2 * spatial[i]];
      hi[i] = (*ep)[2 * spatial[i] + 1];
    } else if (padding != "VALID") {
      why = "unknown padding '" + padding + "'";
      return failure();
    }
  }
  MLIRContext *ctx = b.getContext();
  SmallVector<int64_t> kSpatial;
  for (int64_t i = 0; i < spec.ns; ++i)
    kSpatial.push_back(i);
  int64_t kIn = spec.ns, kOut = spec.ns + 1;
  int64_t groups = 1;
  Value kernel = filter;
  if (spec.depthwise) {
    // [H, W, C, M] -> [H, W, 1, C * M], one group per input channel.
    SmallVector<int64_t> shape(f.getShape().take_front(spec.ns));
    int64_t c = f.getDimSize(spec.ns), m = f.getDimSize(spec.ns + 1);
    shape.push_back(1);
    shape.push_back(c * m);
    kernel = reshape(b, loc, filter, shape);
    groups = c;
  } else if (!spec.backpropInput) {
    int64_t c = in.getDimSize(featDim), fc = f.getDimSize(kIn);
    if (fc <= 0 || c % fc) {
      why = "input channels are not a multiple of the filter's";
      return failure();
    }
    groups = c / fc;
  }
  SmallVector<int64_t> lhsDil(spec.ns, 1);
  SmallVector<int64_t> padFlat;
  if (spec.backpropInput) {
    // Gradient w.r.t. the input = convolution of the output gradient,
    // dilated by the strides, with the spatially reversed filter whose in/out
    // feature dims are swapped, padded so the result has the input's size.
    SmallVector<int64_t> rev(kSpatial);
    kernel = ReverseOp::create(b, loc, kernel, rev);
    std::swap(kIn, kOut);
    if (f.getDimSize(spec.ns + 1) != in.getDimSize(featDim) ||
        f.getDimSize(spec.ns) != out.getDimSize(featDim)) {
      why = "filter channels do not match the gradient and input channels";
      return failure();
    }
    for (int64_t i = 0; i < spec.ns; ++i) {
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
    strides.assign(spec.ns, 1);
  } else {
    for (int64_t i = 0; i < spec.ns; ++i) {
      padFlat.push_back(lo[i]);
      padFlat.push_back(hi[i]);
    }
  }
  auto dn = ConvDimensionNumbersAttr::get(ctx, 0, featDim, spatial, kIn, kOut,
                                          kSpatial, 0, featDim, spatial);
  auto padType = RankedTensorType::get({spec.ns, 2}, b.getI64Type());
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

Converter conv(ConvSpec spec) {
  return [spec](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                std::string &why) {
    return convertConv(op, b, results, why, spec);
  };
}

} // namespace

void addContractionConverters(llvm::StringMap<Converter> &t) {
  t["tf.MatMul"] = convertMatMul;
  t["tf.BatchMatMul"] = convertBatchMatMul;
  t["tf.BatchMatMulV2"] = convertBatchMatMul;
  t["tf.BatchMatMulV3"] = convertBatchMatMul;
  t["tf.Conv2D"] = conv({2, false, false});
  t["tf.Conv3D"] = conv({3, false, false});
  t["tf.DepthwiseConv2dNative"] = conv({2, true, false});
  t["tf.Conv2DBackpropInput"] = conv({2, false, true});
  t["tf.Conv3DBackpropInputV2"] = conv({3, false, true});
}

} // namespace tfmlir::tohlo
