//===- ConvertNN.cpp - tf -> tfl: matmul, convolutions, pooling, bias, BN -===//
//
// Layout changes (TF -> TFLite):
//  - Conv2D filter HWIO -> OHWI (transpose [3, 0, 1, 2]);
//  - DepthwiseConv2dNative filter [KH, KW, C, M] -> [1, KH, KW, C*M] (a
//    reshape: the element order is the same);
//  - MatMul weights [K, N] -> fully_connected weights [N, K];
//  - NCHW activations are transposed to NHWC before the op and back after.
// Constants are transformed at conversion time; other values get tfl ops.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>

using namespace mlir;

namespace tfmlir::conv {
namespace {

using Results = SmallVectorImpl<Value>;
constexpr int64_t kToNHWC[] = {0, 2, 3, 1};
constexpr int64_t kToNCHW[] = {0, 3, 1, 2};

int64_t rankOf(Value v) {
  auto t = dyn_cast<RankedTensorType>(v.getType());
  return t ? t.getRank() : -1;
}

/// Reads the H/W pair of a 4-entry TF list (strides, dilations, ksize) in
/// `format` ("NHWC" or "NCHW").
LogicalResult hw(Operation *op, StringRef attr, bool nchw, int64_t &h, int64_t &w,
                 std::string &why) {
  auto l = intList(op, attr);
  if (!l) {
    h = w = 1;
    return success();
  }
  if (l->size() != 4) {
    why = attr.str() + " must have 4 entries";
    return failure();
  }
  h = (*l)[nchw ? 2 : 1];
  w = (*l)[nchw ? 3 : 2];
  if ((*l)[0] != 1 || (*l)[nchw ? 1 : 3] != 1) {
    why = attr.str() + " on the batch or channel dim must be 1";
    return failure();
  }
  if (h < 1 || w < 1) {
    why = attr.str() + " must be positive";
    return failure();
  }
  return success();
}

LogicalResult dataFormat(Operation *op, bool &nchw, std::string &why) {
  std::string f = strAttr(op, "data_format", "NHWC");
  if (f != "NHWC" && f != "NCHW") {
    why = "data_format " + f + " is not supported";
    return failure();
  }
  nchw = f == "NCHW";
  return success();
}

/// Pads `x` (NHWC) by the TF explicit_paddings (8 values in `nchw` or NHWC
/// order) with tfl.pad; returns x when all pads are 0.
Value explicitPad(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> p, bool nchw) {
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
  Value pads = constant(b, loc, DenseElementsAttr::get(pt, ArrayRef<int32_t>(p32)));
  Type t = x.getType();
  if (auto r = dyn_cast<RankedTensorType>(t)) {
    SmallVector<int64_t> s(r.getShape());
    for (int d = 0; d < 4; ++d)
      if (!ShapedType::isDynamic(s[d]))
        s[d] += nhwc[2 * d] + nhwc[2 * d + 1];
    t = RankedTensorType::get(s, r.getElementType());
  }
  return create1(b, loc, "tfl.pad", {x, pads}, t);
}

/// Shared by Conv2D and DepthwiseConv2dNative.
LogicalResult convertConv(Operation *op, OpBuilder &b, Results &res, std::string &why,
                          bool depthwise) {
  Location loc = op->getLoc();
  Value x = op->getOperand(0), f = op->getOperand(1);
  if (rankOf(x) != 4 || rankOf(f) != 4) {
    why = "input and filter must be ranked 4-D tensors";
    return failure();
  }
  auto ft = cast<RankedTensorType>(f.getType());
  if (!ft.hasStaticShape()) {
    why = "the filter shape must be static";
    return failure();
  }
  if (!ft.getElementType().isF32()) {
    why = "only float32 convolutions are supported";
    return failure();
  }
  bool nchw;
  int64_t sh, sw, dh, dw;
  if (failed(dataFormat(op, nchw, why)) || failed(hw(op, "strides", nchw, sh, sw, why)) ||
      failed(hw(op, "dilations", nchw, dh, dw, why)))
    return failure();
  std::string padding = strAttr(op, "padding", "VALID");
  if (nchw)
    x = transpose(b, loc, x, kToNHWC);
  if (padding == "EXPLICIT") {
    auto p = intList(op, "explicit_paddings");
    if (!p || p->size() != 8) {
      why = "EXPLICIT padding needs 8 explicit_paddings";
      return failure();
    }
    x = explicitPad(b, loc, x, *p, nchw);
    padding = "VALID";
  } else if (padding != "SAME" && padding != "VALID") {
    why = "padding " + padding + " is not supported";
    return failure();
  }
  Type outT = op->getResult(0).getType();
  if (nchw)
    outT = permuteType(outT, kToNHWC);
  Value bias = noValue(b, loc);
  SmallVector<NamedAttribute> attrs{strA(b, "padding", padding), i32A(b, "stride_w", sw),
                                    i32A(b, "stride_h", sh)};
  Value out;
  if (depthwise) {
    ArrayRef<int64_t> s = ft.getShape(); // KH, KW, C, M
    Value filter = reshape(b, loc, f, {1, s[0], s[1], s[2] * s[3]});
    attrs.append({i32A(b, "depth_multiplier", s[3]), actNone(b),
                  i32A(b, "dilation_w_factor", dw), i32A(b, "dilation_h_factor", dh)});
    out = create1(b, loc, "tfl.depthwise_conv_2d", {x, filter, bias}, outT, attrs);
  } else {
    Value filter = transpose(b, loc, f, {3, 0, 1, 2});
    attrs.append({actNone(b), i32A(b, "dilation_w_factor", dw),
                  i32A(b, "dilation_h_factor", dh),
                  strA(b, "quantized_bias_type", "FLOAT32")});
    out = create1(b, loc, "tfl.conv_2d", {x, filter, bias}, outT, attrs);
  }
  if (nchw)
    out = transpose(b, loc, out, kToNCHW);
  res.push_back(out);
  return success();
}

LogicalResult convertConv2D(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  return convertConv(op, b, res, why, false);
}
LogicalResult convertDepthwise(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  return convertConv(op, b, res, why, true);
}

LogicalResult convertPool(Operation *op, OpBuilder &b, Results &res, std::string &why,
                          StringRef tflName) {
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  if (rankOf(x) != 4) {
    why = "input must be a ranked 4-D tensor";
    return failure();
  }
  bool nchw;
  int64_t sh, sw, kh, kw;
  if (failed(dataFormat(op, nchw, why)) || failed(hw(op, "strides", nchw, sh, sw, why)) ||
      failed(hw(op, "ksize", nchw, kh, kw, why)))
    return failure();
  std::string padding = strAttr(op, "padding", "VALID");
  if (padding != "SAME" && padding != "VALID") {
    why = "padding " + padding + " is not supported";
    return failure();
  }
  if (nchw)
    x = transpose(b, loc, x, kToNHWC);
  Type outT = op->getResult(0).getType();
  if (nchw)
    outT = permuteType(outT, kToNHWC);
  Value out = create1(b, loc, tflName, {x}, outT,
                      {strA(b, "padding", padding), i32A(b, "stride_w", sw),
                       i32A(b, "stride_h", sh), i32A(b, "filter_width", kw),
                       i32A(b, "filter_height", kh), actNone(b)});
  if (nchw)
    out = transpose(b, loc, out, kToNCHW);
  res.push_back(out);
  return success();
}

LogicalResult convertMaxPool(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  return convertPool(op, b, res, why, "tfl.max_pool_2d");
}
LogicalResult convertAvgPool(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  return convertPool(op, b, res, why, "tfl.average_pool_2d");
}

LogicalResult convertMatMul(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  Location loc = op->getLoc();
  Value a = op->getOperand(0), w = op->getOperand(1);
  if (rankOf(a) != 2 || rankOf(w) != 2) {
    why = "MatMul operands must be ranked 2-D tensors";
    return failure();
  }
  if (boolAttr(op, "transpose_a"))
    a = transpose(b, loc, a, {1, 0});
  if (!boolAttr(op, "transpose_b"))
    w = transpose(b, loc, w, {1, 0});
  Operation *fc = create(
      b, loc, "tfl.fully_connected", {a, w, noValue(b, loc)},
      TypeRange{op->getResult(0).getType()},
      {actNone(b), strA(b, "weights_format", "DEFAULT"), boolA(b, "keep_num_dims", false),
       boolA(b, "asymmetric_quantize_inputs", false),
       strA(b, "quantized_bias_type", "FLOAT32")});
  res.push_back(fc->getResult(0));
  return success();
}

LogicalResult convertBatchMatMul(Operation *op, OpBuilder &b, Results &res, std::string &) {
  bool adjX = boolAttr(op, "adj_x"), adjY = boolAttr(op, "adj_y");
  res.push_back(create1(b, op->getLoc(), "tfl.batch_matmul",
                        {op->getOperand(0), op->getOperand(1)},
                        op->getResult(0).getType(),
                        {boolA(b, "adj_x", adjX), boolA(b, "adj_y", adjY),
                         boolA(b, "asymmetric_quantize_inputs", false)}));
  return success();
}

/// Reshapes a per-channel vector [C] so that it broadcasts over the channel
/// dim of an NCHW tensor of rank `rank` ([C, 1, ..., 1]).
Value channelFirst(OpBuilder &b, Location loc, Value v, int64_t rank, std::string &why) {
  auto t = dyn_cast<RankedTensorType>(v.getType());
  if (!t || t.getRank() != 1 || t.isDynamicDim(0) || rank < 2) {
    why = "NCHW needs a static 1-D channel vector and a ranked input";
    return Value();
  }
  SmallVector<int64_t> s{t.getDimSize(0)};
  s.append(rank - 2, 1);
  return reshape(b, loc, v, s);
}

LogicalResult convertBiasAdd(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  bool nchw;
  if (failed(dataFormat(op, nchw, why)))
    return failure();
  Value bias = op->getOperand(1);
  if (nchw && !(bias = channelFirst(b, op->getLoc(), bias, rankOf(op->getOperand(0)), why)))
    return failure();
  res.push_back(create1(b, op->getLoc(), "tfl.add", {op->getOperand(0), bias},
                        op->getResult(0).getType(),
                        {actNone(b), boolA(b, "pot_scale_int16", true)}));
  return success();
}

/// Inference-mode FusedBatchNorm{,V2,V3}: y = x * s + (offset - mean * s)
/// with s = scale / sqrt(variance + epsilon) (TF's definition). With
/// constant parameters s and the shift are folded (in double precision,
/// rounded to f32); otherwise they are computed with tfl ops.
LogicalResult convertFusedBatchNorm(Operation *op, OpBuilder &b, Results &res,
                                    std::string &why) {
  Location loc = op->getLoc();
  if (boolAttr(op, "is_training", true)) {
    why = "FusedBatchNorm in training mode (is_training = true) is not supported";
    return failure();
  }
  if (op->getNumResults() > 5 && !op->getResult(5).use_empty()) {
    why = "reserve_space_3 is used";
    return failure();
  }
  bool nchw;
  if (failed(dataFormat(op, nchw, why)))
    return failure();
  Value x = op->getOperand(0);
  auto xt = dyn_cast<RankedTensorType>(x.getType());
  if (!xt || !xt.getElementType().isF32()) {
    why = "only ranked float32 inputs are supported";
    return failure();
  }
  double eps = floatAttr(op, "epsilon", 1e-4);
  auto gamma = constantOf(op->getOperand(1)), beta = constantOf(op->getOperand(2)),
       mean = constantOf(op->getOperand(3)), var = constantOf(op->getOperand(4));
  Value scale, shift;
  if (gamma && beta && mean && var && gamma->getElementType().isF32() &&
      beta->getElementType().isF32() && mean->getElementType().isF32() &&
      var->getElementType().isF32() && gamma->getType().getRank() == 1) {
    int64_t c = gamma->getNumElements();
    if (beta->getNumElements() != c || mean->getNumElements() != c ||
        var->getNumElements() != c) {
      why = "scale, offset, mean and variance must have equal sizes";
      return failure();
    }
    auto g = llvm::to_vector(gamma->getValues<float>());
    auto bt = llvm::to_vector(beta->getValues<float>());
    auto m = llvm::to_vector(mean->getValues<float>());
    auto v = llvm::to_vector(var->getValues<float>());
    SmallVector<float> s(c), o(c);
    for (int64_t i = 0; i < c; ++i) {
      double si = static_cast<double>(g[i]) / std::sqrt(static_cast<double>(v[i]) + eps);
      s[i] = static_cast<float>(si);
      o[i] = static_cast<float>(static_cast<double>(bt[i]) - static_cast<double>(m[i]) * si);
    }
    auto t = RankedTensorType::get({c}, b.getF32Type());
    scale = constant(b, loc, DenseElementsAttr::get(t, ArrayRef<float>(s)));
    shift = constant(b, loc, DenseElementsAttr::get(t, ArrayRef<float>(o)));
  } else {
    Type pt = op->getOperand(1).getType();
    auto epsT = RankedTensorType::get({}, b.getF32Type());
    Value e = constant(b, loc, DenseElementsAttr::get(epsT, static_cast<float>(eps)));
    Value ve = create1(b, loc, "tfl.add", {op->getOperand(4), e}, pt,
                       {actNone(b), boolA(b, "pot_scale_int16", true)});
    Value r = create1(b, loc, "tfl.rsqrt", {ve}, pt);
    scale = create1(b, loc, "tfl.mul", {op->getOperand(1), r}, pt, {actNone(b)});
    Value ms = create1(b, loc, "tfl.mul", {op->getOperand(3), scale}, pt, {actNone(b)});
    shift = create1(b, loc, "tfl.sub", {op->getOperand(2), ms}, pt,
                    {actNone(b), boolA(b, "pot_scale_int16", true)});
  }
  if (nchw) {
    scale = channelFirst(b, loc, scale, xt.getRank(), why);
    shift = scale ? channelFirst(b, loc, shift, xt.getRank(), why) : Value();
    if (!scale || !shift)
      return failure();
  }
  Type yt = op->getResult(0).getType();
  Value y = create1(b, loc, "tfl.mul", {x, scale}, yt, {actNone(b)});
  y = create1(b, loc, "tfl.add", {y, shift}, yt,
              {actNone(b), boolA(b, "pot_scale_int16", true)});
  res.push_back(y);
  // Inference mode: batch_mean/variance and reserve spaces 1/2 are the
  // given mean and variance.
  Value meanV = op->getOperand(3), varV = op->getOperand(4);
  res.append({meanV, varV, meanV, varV});
  if (op->getNumResults() > 5)
    res.push_back(meanV); // unused (checked above)
  res.resize(op->getNumResults());
  return success();
}

/// Conv2DBackpropInput(input_sizes, filter [KH, KW, C_out, C_in],
/// out_backprop) -> transpose_conv(output_shape, weights [C_out, KH, KW,
/// C_in], input). NCHW gets transposes (and a reordered input_sizes); no
/// dilation; SAME/VALID only.
LogicalResult convertConv2DBackpropInput(Operation *op, OpBuilder &b, Results &res,
                                         std::string &why) {
  Location loc = op->getLoc();
  bool nchw;
  int64_t sh, sw, dh, dw;
  if (failed(dataFormat(op, nchw, why)) || failed(hw(op, "strides", nchw, sh, sw, why)) ||
      failed(hw(op, "dilations", nchw, dh, dw, why)))
    return failure();
  if (dh != 1 || dw != 1) {
    why = "dilated Conv2DBackpropInput is not supported";
    return failure();
  }
  std::string padding = strAttr(op, "padding", "VALID");
  if (padding != "SAME" && padding != "VALID") {
    why = "padding " + padding + " is not supported";
    return failure();
  }
  Value f = op->getOperand(1);
  auto ft = dyn_cast<RankedTensorType>(f.getType());
  if (!ft || ft.getRank() != 4 || !ft.getElementType().isF32()) {
    why = "the filter must be a 4-D float32 tensor";
    return failure();
  }
  Value sizes, dy = op->getOperand(2);
  Type outT = op->getResult(0).getType();
  if (nchw) {
    // NCHW: input_sizes is reordered to NHWC; activations are transposed to
    // NHWC and back.
    if (auto c = constantInts(op->getOperand(0)); c && c->size() == 4) {
      sizes = i32Vector(b, loc, {(*c)[0], (*c)[2], (*c)[3], (*c)[1]});
    } else if (Value s32 = toI32(b, loc, op->getOperand(0))) {
      // Computed sizes: reorder [N, C, H, W] -> [N, H, W, C] with a gather.
      sizes = create1(b, loc, "tfl.gather", {s32, i32Vector(b, loc, {0, 2, 3, 1})},
                      RankedTensorType::get({4}, b.getI32Type()),
                      {i32A(b, "axis", 0), i32A(b, "batch_dims", 0)});
    }
    dy = transpose(b, loc, dy, kToNHWC);
    outT = permuteType(outT, kToNHWC);
  } else {
    sizes = toI32(b, loc, op->getOperand(0));
  }
  if (!sizes) {
    why = "input_sizes has values outside int32";
    return failure();
  }
  Value w = transpose(b, loc, f, {2, 0, 1, 3});
  Value out = create1(b, loc, "tfl.transpose_conv", {sizes, w, dy, noValue(b, loc)}, outT,
                      {strA(b, "padding", padding), i32A(b, "stride_w", sw),
                       i32A(b, "stride_h", sh), actNone(b),
                       strA(b, "quantized_bias_type", "FLOAT32")});
  if (nchw)
    out = transpose(b, loc, out, kToNCHW);
  res.push_back(out);
  return success();
}

} // namespace

void addNNConverters(llvm::StringMap<Converter> &t) {
  t["tf.MatMul"] = convertMatMul;
  t["tf.BatchMatMul"] = convertBatchMatMul;
  t["tf.BatchMatMulV2"] = convertBatchMatMul;
  t["tf.BatchMatMulV3"] = convertBatchMatMul;
  t["tf.Conv2D"] = convertConv2D;
  t["tf.DepthwiseConv2dNative"] = convertDepthwise;
  t["tf.Conv2DBackpropInput"] = convertConv2DBackpropInput;
  t["tf.MaxPool"] = convertMaxPool;
  t["tf.AvgPool"] = convertAvgPool;
  t["tf.BiasAdd"] = convertBiasAdd;
  t["tf.FusedBatchNorm"] = convertFusedBatchNorm;
  t["tf.FusedBatchNormV2"] = convertFusedBatchNorm;
  t["tf.FusedBatchNormV3"] = convertFusedBatchNorm;
}

} // namespace tfmlir::conv
