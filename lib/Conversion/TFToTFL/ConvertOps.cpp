//===- ConvertOps.cpp - tf -> tfl: element-wise, shape, reduce, index -----===//
//
// One converter per TF op (the one-to-one element-wise maps are DRR
// patterns in LegalizePatterns.td). Semantics: each TF op maps to the TFLite
// builtin whose reference kernel computes the same function (TF's op
// definitions in tensorflow/core/ops, TFLite's kernels in
// tensorflow/lite/kernels); index operands TFLite wants as int32 (axes, perms,
// shapes, paddings, begin/end) are rebuilt as int32 constants, or cast when not
// constant.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {

int64_t normAxis(int64_t axis, Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()); t && axis < 0)
    return axis + t.getRank();
  return axis;
}

LogicalResult i32Operand(Operation *op, OpBuilder &b, unsigned i, Value &out,
                         std::string &why) {
  out = toI32(b, op->getLoc(), op->getOperand(i));
  if (!out) {
    why = "operand " + std::to_string(i) + " has values outside int32";
    return failure();
  }
  return success();
}

LogicalResult constAxis(Operation *op, unsigned i, int64_t &axis, std::string &why) {
  auto v = constantInts(op->getOperand(i));
  if (!v || v->size() != 1) {
    why = "the axis operand must be a constant scalar";
    return failure();
  }
  axis = (*v)[0];
  return success();
}

Operation *builtinOp(OpBuilder &b, Operation *op, ValueRange operands,
                     int32_t code, StringRef name, StringRef options,
                     ArrayRef<NamedAttribute> opts) {
  SmallVector<NamedAttribute> a{i32A(b, "builtin_code", code), strA(b, "name", name),
                                i32A(b, "version", 1)};
  if (!options.empty()) {
    a.push_back(strA(b, "builtin_options_type", options));
    a.push_back(b.getNamedAttr("builtin_options", b.getDictionaryAttr(opts)));
  }
  return create(b, op->getLoc(), "tfl.builtin_op", operands, op->getResultTypes(), a);
}

namespace {

using Results = SmallVectorImpl<Value>;

Type resultType(Operation *op, unsigned i = 0) { return op->getResult(i).getType(); }

/// Plain 1:1 op: same operands, same result types, fixed attributes.
Converter same(std::string tflName, std::vector<std::pair<std::string, std::string>> strAttrs = {},
               bool withAct = false, bool withPot = false) {
  return [=](Operation *op, OpBuilder &b, Results &res, std::string &) {
    SmallVector<NamedAttribute> attrs;
    if (withAct)
      attrs.push_back(actNone(b));
    if (withPot)
      attrs.push_back(boolA(b, "pot_scale_int16", true));
    for (auto &[k, v] : strAttrs)
      attrs.push_back(strA(b, k, v));
    Operation *n = create(b, op->getLoc(), tflName, op->getOperands(),
                          op->getResultTypes(), attrs);
    res.append(n->result_begin(), n->result_end());
    return success();
  };
}

/// Op whose operands listed in `idx` must be int32, plus attributes built by
/// `attrs` from the TF op.
Converter withI32(std::string tflName, std::vector<unsigned> idx,
                  std::function<LogicalResult(Operation *, OpBuilder &,
                                              SmallVectorImpl<NamedAttribute> &,
                                              std::string &)> attrs = nullptr) {
  return [=](Operation *op, OpBuilder &b, Results &res, std::string &why) {
    SmallVector<Value> ops(op->getOperands());
    for (unsigned i : idx)
      if (failed(i32Operand(op, b, i, ops[i], why)))
        return failure();
    SmallVector<NamedAttribute> a;
    if (attrs && failed(attrs(op, b, a, why)))
      return failure();
    Operation *n = create(b, op->getLoc(), tflName, ops, op->getResultTypes(), a);
    res.append(n->result_begin(), n->result_end());
    return success();
  };
}

LogicalResult convertConcat(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  unsigned n = op->getNumOperands();
  if (n < 2) {
    why = "ConcatV2 without values";
    return failure();
  }
  int64_t axis;
  if (failed(constAxis(op, n - 1, axis, why)))
    return failure();
  SmallVector<Value> values(op->getOperands().drop_back());
  if (values.size() == 1) {
    res.push_back(values[0]);
    return success();
  }
  res.push_back(create1(b, op->getLoc(), "tfl.concatenation", values, resultType(op),
                        {i32A(b, "axis", normAxis(axis, op->getResult(0))), actNone(b)}));
  return success();
}

LogicalResult convertPack(Operation *op, OpBuilder &b, Results &res, std::string &) {
  int64_t axis = op->getAttrOfType<IntegerAttr>("axis")
                     ? op->getAttrOfType<IntegerAttr>("axis").getInt() : 0;
  res.push_back(create1(b, op->getLoc(), "tfl.pack", op->getOperands(), resultType(op),
                        {i32A(b, "values_count", op->getNumOperands()),
                         i32A(b, "axis", normAxis(axis, op->getResult(0)))}));
  return success();
}

LogicalResult convertUnpack(Operation *op, OpBuilder &b, Results &res, std::string &) {
  int64_t axis = op->getAttrOfType<IntegerAttr>("axis")
                     ? op->getAttrOfType<IntegerAttr>("axis").getInt() : 0;
  Operation *n = create(b, op->getLoc(), "tfl.unpack", op->getOperands(),
                        op->getResultTypes(),
                        {i32A(b, "num", op->getNumResults()),
                         i32A(b, "axis", normAxis(axis, op->getOperand(0)))});
  res.append(n->result_begin(), n->result_end());
  return success();
}

LogicalResult convertReshape(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  Value shape;
  if (failed(i32Operand(op, b, 1, shape, why)))
    return failure();
  SmallVector<int32_t> ns;
  if (auto c = constantInts(op->getOperand(1)))
    ns.assign(c->begin(), c->end());
  res.push_back(create1(b, op->getLoc(), "tfl.reshape", {op->getOperand(0), shape},
                        resultType(op),
                        {b.getNamedAttr("new_shape", b.getDenseI32ArrayAttr(ns))}));
  return success();
}

LogicalResult convertSqueeze(Operation *op, OpBuilder &b, Results &res, std::string &) {
  auto dims = intList(op, "squeeze_dims").value_or(SmallVector<int64_t>{});
  SmallVector<int32_t> d(dims.begin(), dims.end());
  res.push_back(create1(b, op->getLoc(), "tfl.squeeze", {op->getOperand(0)},
                        resultType(op),
                        {b.getNamedAttr("squeeze_dims", b.getDenseI32ArrayAttr(d))}));
  return success();
}

LogicalResult reduceAttrs(Operation *op, OpBuilder &b, SmallVectorImpl<NamedAttribute> &a,
                          std::string &) {
  a.push_back(boolA(b, "keep_dims", boolAttr(op, "keep_dims")));
  return success();
}

LogicalResult argAttrs(Operation *op, OpBuilder &b, SmallVectorImpl<NamedAttribute> &a,
                       std::string &why) {
  auto t = cast<ShapedType>(op->getResult(0).getType());
  std::string n = tensorTypeName(t.getElementType());
  if (n != "INT32" && n != "INT64") {
    why = "output_type must be int32 or int64";
    return failure();
  }
  a.push_back(strA(b, "output_type", n));
  return success();
}

LogicalResult convertCast(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  Type in = cast<ShapedType>(op->getOperand(0).getType()).getElementType();
  Type out = cast<ShapedType>(resultType(op)).getElementType();
  std::string i = tensorTypeName(in), o = tensorTypeName(out);
  if (i.empty() || o.empty()) {
    why = "cast between types TFLite has no TensorType for";
    return failure();
  }
  if (in == out) {
    res.push_back(op->getOperand(0));
    return success();
  }
  res.push_back(create1(b, op->getLoc(), "tfl.cast", {op->getOperand(0)}, resultType(op),
                        {strA(b, "in_data_type", i), strA(b, "out_data_type", o)}));
  return success();
}

LogicalResult convertMirrorPad(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  Value pads;
  if (failed(i32Operand(op, b, 1, pads, why)))
    return failure();
  std::string mode = strAttr(op, "mode", "REFLECT");
  res.push_back(create1(b, op->getLoc(), "tfl.mirror_pad", {op->getOperand(0), pads},
                        resultType(op), {strA(b, "mode", mode)}));
  return success();
}

LogicalResult stridedAttrs(Operation *op, OpBuilder &b, SmallVectorImpl<NamedAttribute> &a,
                           std::string &) {
  for (StringRef m : {"begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask",
                      "shrink_axis_mask"}) {
    auto i = op->getAttrOfType<IntegerAttr>(m);
    a.push_back(i32A(b, m, i ? i.getInt() : 0));
  }
  a.push_back(boolA(b, "offset", false));
  return success();
}

LogicalResult convertShape(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  auto t = cast<ShapedType>(resultType(op));
  std::string n = tensorTypeName(t.getElementType());
  if (n != "INT32" && n != "INT64") {
    why = "out_type must be int32 or int64";
    return failure();
  }
  res.push_back(create1(b, op->getLoc(), "tfl.shape", {op->getOperand(0)}, t,
                        {strA(b, "out_type", n)}));
  return success();
}

LogicalResult convertGather(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  int64_t axis = 0, batchDims = 0;
  if (op->getName().getStringRef() == "tf.GatherV2") {
    if (failed(constAxis(op, 2, axis, why)))
      return failure();
    if (auto bd = op->getAttrOfType<IntegerAttr>("batch_dims"))
      batchDims = bd.getInt();
  }
  res.push_back(create1(b, op->getLoc(), "tfl.gather",
                        {op->getOperand(0), op->getOperand(1)}, resultType(op),
                        {i32A(b, "axis", normAxis(axis, op->getOperand(0))),
                         i32A(b, "batch_dims", batchDims)}));
  return success();
}

LogicalResult resizeAttrs(Operation *op, OpBuilder &b, SmallVectorImpl<NamedAttribute> &a,
                          std::string &) {
  a.push_back(boolA(b, "align_corners", boolAttr(op, "align_corners")));
  a.push_back(boolA(b, "half_pixel_centers", boolAttr(op, "half_pixel_centers")));
  return success();
}

/// TF's ResizeBilinear returns float32 for every input dtype T (it computes
/// in float); TFLite's RESIZE_BILINEAR keeps the input type. A non-f32 input
/// is cast to the result type first, so the tfl op is float32 -> float32.
LogicalResult convertResizeBilinear(Operation *op, OpBuilder &b, Results &res,
                                    std::string &why) {
  SmallVector<Value> ops(op->getOperands());
  if (failed(i32Operand(op, b, 1, ops[1], why)))
    return failure();
  SmallVector<NamedAttribute> a;
  if (failed(resizeAttrs(op, b, a, why)))
    return failure();
  auto inTy = dyn_cast<TensorType>(ops[0].getType());
  Type outElem = getElementTypeOrSelf(op->getResult(0).getType());
  if (inTy && inTy.getElementType() != outElem)
    ops[0] = create1(b, op->getLoc(), "tfl.cast", {ops[0]}, inTy.clone(outElem),
                     {strA(b, "in_data_type", tensorTypeName(inTy.getElementType())),
                      strA(b, "out_data_type", tensorTypeName(outElem))});
  res.push_back(create1(b, op->getLoc(), "tfl.resize_bilinear", ops,
                        op->getResult(0).getType(), a));
  return success();
}

LogicalResult blockAttrs(Operation *op, OpBuilder &b, SmallVectorImpl<NamedAttribute> &a,
                         std::string &why) {
  if (strAttr(op, "data_format", "NHWC") != "NHWC") {
    why = "only data_format NHWC is supported";
    return failure();
  }
  auto bs = op->getAttrOfType<IntegerAttr>("block_size");
  if (!bs || bs.getInt() < 1) {
    why = "block_size must be a positive integer";
    return failure();
  }
  a.push_back(i32A(b, "block_size", bs.getInt()));
  return success();
}

LogicalResult convertSoftmax(Operation *op, OpBuilder &b, Results &res, std::string &) {
  res.push_back(create1(b, op->getLoc(), "tfl.softmax", {op->getOperand(0)},
                        resultType(op), {f32A(b, "beta", 1.0)}));
  return success();
}

LogicalResult convertLeakyRelu(Operation *op, OpBuilder &b, Results &res, std::string &) {
  res.push_back(create1(b, op->getLoc(), "tfl.leaky_relu", {op->getOperand(0)},
                        resultType(op), {f32A(b, "alpha", floatAttr(op, "alpha", 0.2))}));
  return success();
}

LogicalResult convertIdentity(Operation *op, OpBuilder &, Results &res, std::string &) {
  // Result i forwards operand i (IdentityN has one result per operand).
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    res.push_back(op->getOperand(i));
  return success();
}

LogicalResult convertAddN(Operation *op, OpBuilder &b, Results &res, std::string &) {
  Value acc = op->getOperand(0);
  for (unsigned i = 1; i < op->getNumOperands(); ++i)
    acc = create1(b, op->getLoc(), "tfl.add", {acc, op->getOperand(i)}, resultType(op),
                  {actNone(b), boolA(b, "pot_scale_int16", true)});
  res.push_back(acc);
  return success();
}

/// Split(split_dim, value) -> tfl.split(split_dim, value), and
/// SplitV(value, size_splits, split_dim) -> tfl.split_v with the same operand
/// order; index operands as int32, num_splits = number of results.
Converter splitLike(std::string tflName, std::vector<unsigned> idx) {
  return [=](Operation *op, OpBuilder &b, Results &res, std::string &why) {
    SmallVector<Value> ops(op->getOperands());
    for (unsigned i : idx)
      if (failed(i32Operand(op, b, i, ops[i], why)))
        return failure();
    Operation *n = create(b, op->getLoc(), tflName, ops, op->getResultTypes(),
                          {i32A(b, "num_splits", op->getNumResults())});
    res.append(n->result_begin(), n->result_end());
    return success();
  };
}

/// A TFLite builtin without a dedicated tfl op, as tfl.builtin_op (code and
/// name from the schema's BuiltinOperator enum, version 1). Operands listed
/// in `idx` become int32; `options` (when non-empty) names the options
/// table, whose fields `opts` fills from the TF op.
Converter builtin(int32_t code, std::string name, std::vector<unsigned> idx,
                  std::string options = "",
                  std::function<void(Operation *, OpBuilder &,
                                     SmallVectorImpl<NamedAttribute> &)> opts = nullptr) {
  return [=](Operation *op, OpBuilder &b, Results &res, std::string &why) {
    SmallVector<Value> ops(op->getOperands());
    for (unsigned i : idx)
      if (failed(i32Operand(op, b, i, ops[i], why)))
        return failure();
    SmallVector<NamedAttribute> o;
    if (!options.empty() && opts)
      opts(op, b, o);
    Operation *n = builtinOp(b, op, ops, code, name, options, o);
    res.append(n->result_begin(), n->result_end());
    return success();
  };
}

/// Ops without results that only order or check execution (NoOp, Assert):
/// TFLite has no control edges or runtime checks, so they are dropped, as
/// TF's converter does.
LogicalResult convertDrop(Operation *op, OpBuilder &, Results &, std::string &why) {
  if (op->getNumResults() != 0) {
    why = "op with results cannot be dropped";
    return failure();
  }
  return success();
}

} // namespace

void addGenericConverters(llvm::StringMap<Converter> &t) {
  // The one-to-one element-wise maps (Add ... LogicalNot, Relu/Relu6/
  // Sigmoid/Tanh/Elu, Select/SelectV2) are DRR patterns in
  // LegalizePatterns.td, applied before this table.
  t["tf.AddN"] = convertAddN;
  t["tf.AccumulateNV2"] = convertAddN;
  // Activations that are not one-to-one.
  t["tf.LeakyRelu"] = convertLeakyRelu;
  t["tf.Softmax"] = convertSoftmax;
  t["tf.LogSoftmax"] = same("tfl.log_softmax");
  // Shapes and layout.
  t["tf.Reshape"] = convertReshape;
  t["tf.Squeeze"] = convertSqueeze;
  t["tf.ExpandDims"] = withI32("tfl.expand_dims", {1});
  t["tf.Transpose"] = withI32("tfl.transpose", {1});
  t["tf.ConcatV2"] = convertConcat;
  t["tf.Pack"] = convertPack;
  t["tf.Unpack"] = convertUnpack;
  t["tf.Split"] = splitLike("tfl.split", {0});
  t["tf.SplitV"] = splitLike("tfl.split_v", {1, 2});
  t["tf.Pad"] = withI32("tfl.pad", {1});
  t["tf.PadV2"] = withI32("tfl.padv2", {1});
  t["tf.MirrorPad"] = convertMirrorPad;
  t["tf.Slice"] = withI32("tfl.slice", {1, 2});
  t["tf.StridedSlice"] = withI32("tfl.strided_slice", {1, 2, 3}, stridedAttrs);
  t["tf.Tile"] = withI32("tfl.tile", {1});
  t["tf.Fill"] = withI32("tfl.fill", {0});
  t["tf.Shape"] = convertShape;
  t["tf.Range"] = same("tfl.range");
  t["tf.BroadcastTo"] = withI32("tfl.broadcast_to", {1});
  // Reductions.
  t["tf.Mean"] = withI32("tfl.mean", {1}, reduceAttrs);
  t["tf.Sum"] = withI32("tfl.sum", {1}, reduceAttrs);
  t["tf.Max"] = withI32("tfl.reduce_max", {1}, reduceAttrs);
  t["tf.Min"] = withI32("tfl.reduce_min", {1}, reduceAttrs);
  t["tf.Prod"] = withI32("tfl.reduce_prod", {1}, reduceAttrs);
  t["tf.Any"] = withI32("tfl.reduce_any", {1}, reduceAttrs);
  t["tf.All"] = withI32("tfl.reduce_all", {1}, reduceAttrs);
  t["tf.ArgMax"] = withI32("tfl.arg_max", {1}, argAttrs);
  t["tf.ArgMin"] = withI32("tfl.arg_min", {1}, argAttrs);
  // Types, indexing, selection.
  t["tf.Cast"] = convertCast;
  t["tf.Gather"] = convertGather;
  t["tf.GatherV2"] = convertGather;
  t["tf.GatherNd"] = same("tfl.gather_nd");
  // Scatter and segment reductions: index operands as int32 (TFLite's
  // kernels read int32 indices, segment ids and counts).
  t["tf.ScatterNd"] = withI32("tfl.scatter_nd", {0, 2});
  t["tf.SegmentSum"] = withI32("tfl.segment_sum", {1});
  t["tf.UnsortedSegmentSum"] = withI32("tfl.unsorted_segment_sum", {1, 2});
  t["tf.UnsortedSegmentProd"] = withI32("tfl.unsorted_segment_prod", {1, 2});
  t["tf.UnsortedSegmentMax"] = withI32("tfl.unsorted_segment_max", {1, 2});
  t["tf.UnsortedSegmentMin"] = withI32("tfl.unsorted_segment_min", {1, 2});
  t["tf.TopKV2"] = withI32("tfl.topk_v2", {1});
  t["tf.NoOp"] = convertDrop;
  // Builtins without a dedicated tfl op (codes from schema.fbs).
  t["tf.ReverseV2"] = builtin(105, "REVERSE_V2", {1}, "ReverseV2Options");
  t["tf.Where"] = builtin(109, "WHERE", {}, "WhereOptions");
  t["tf.ZerosLike"] = builtin(93, "ZEROS_LIKE", {}, "ZerosLikeOptions");
  t["tf.Rank"] = builtin(110, "RANK", {}, "RankOptions");
  t["tf.OneHot"] = builtin(85, "ONE_HOT", {1}, "OneHotOptions",
                           [](Operation *op, OpBuilder &b, SmallVectorImpl<NamedAttribute> &o) {
                             auto ax = op->getAttrOfType<IntegerAttr>("axis");
                             o.push_back(i32A(b, "axis", ax ? ax.getInt() : -1));
                           });
  t["tf.Cumsum"] = builtin(128, "CUMSUM", {1}, "CumsumOptions",
                           [](Operation *op, OpBuilder &b, SmallVectorImpl<NamedAttribute> &o) {
                             o.push_back(boolA(b, "exclusive", boolAttr(op, "exclusive")));
                             o.push_back(boolA(b, "reverse", boolAttr(op, "reverse")));
                           });
  t["tf.Assert"] = convertDrop;
  // Images and blocks.
  t["tf.ResizeBilinear"] = convertResizeBilinear;
  t["tf.ResizeNearestNeighbor"] = withI32("tfl.resize_nearest_neighbor", {1}, resizeAttrs);
  t["tf.DepthToSpace"] = withI32("tfl.depth_to_space", {}, blockAttrs);
  t["tf.SpaceToDepth"] = withI32("tfl.space_to_depth", {}, blockAttrs);
  t["tf.SpaceToBatchND"] = withI32("tfl.space_to_batch_nd", {1, 2});
  t["tf.BatchToSpaceND"] = withI32("tfl.batch_to_space_nd", {1, 2});
  // Identity-like ops are removed.
  for (StringRef n : {"tf.Identity", "tf.IdentityN", "tf.StopGradient", "tf.Snapshot",
                      "tf.PreventGradient"})
    t[n] = convertIdentity;
}

} // namespace tfmlir::conv
