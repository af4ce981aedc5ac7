//===- ConvertShape.cpp - tf shape and data-movement ops -> hlo -----------===//
//
// Shape operands (perm, axis, begin/end/strides, paddings, multiples, dims)
// must be constants, and the shapes static: the result shape is then known
// and each op becomes static hlo data movement. Reshape/ExpandDims/Squeeze
// use the (shape-inferred) result type. StridedSlice implements TF's masks
// (begin/end/ellipsis/new_axis/shrink_axis) and negative strides (a reverse
// followed by a slice).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"
#include "lib/Support/StridedSlice.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

LogicalResult convertConst(Operation *op, OpBuilder &b,
                           SmallVectorImpl<Value> &results, std::string &why) {
  auto v = dyn_cast_or_null<DenseElementsAttr>(op->getAttr("value"));
  if (!v)
    return fail(why, "value is not a dense tensor");
  auto t = dyn_cast<RankedTensorType>(v.getType());
  if (!t || !(t.getElementType().isIntOrFloat() ||
              isa<ComplexType>(t.getElementType())))
    return fail(why, "element type has no HLO equivalent");
  results.push_back(constant(b, op->getLoc(), v));
  return success();
}

/// Reshape-like ops (Reshape, ExpandDims, Squeeze): the static result type
/// says everything.
LogicalResult convertReshape(Operation *op, OpBuilder &b,
                             SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  auto in = staticType(op->getOperand(0));
  if (!out || !in)
    return fail(why, "shape is not static");
  if (in.getNumElements() != out.getNumElements())
    return fail(why, "element count changes");
  results.push_back(reshape(b, op->getLoc(), op->getOperand(0), out.getShape()));
  return success();
}

LogicalResult convertTranspose(Operation *op, OpBuilder &b,
                               SmallVectorImpl<Value> &results,
                               std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto perm = constantInts(op->getOperand(1));
  if (!in || !perm)
    return fail(why, "needs a static input and a constant perm");
  if (static_cast<int64_t>(perm->size()) != in.getRank())
    return fail(why, "perm size differs from the rank");
  results.push_back(transpose(b, op->getLoc(), op->getOperand(0), *perm));
  return success();
}

/// ConcatV2 (axis last) and Concat (axis first).
LogicalResult convertConcat(Operation *op, OpBuilder &b,
                            SmallVectorImpl<Value> &results, std::string &why) {
  bool v2 = op->getName().getStringRef() == "tf.ConcatV2";
  unsigned n = op->getNumOperands();
  if (n < 2)
    return fail(why, "needs an axis and at least one value");
  Value axisV = v2 ? op->getOperand(n - 1) : op->getOperand(0);
  auto values = v2 ? op->getOperands().drop_back() : op->getOperands().drop_front();
  auto out = staticResult(op);
  auto axis = constantInts(axisV);
  if (!out || !axis || axis->size() != 1)
    return fail(why, "needs a static result and a constant axis");
  auto dim = normAxis((*axis)[0], out.getRank());
  if (!dim)
    return fail(why, "axis out of range");
  SmallVector<Value> parts;
  for (Value v : values) {
    auto t = staticType(v);
    if (!t)
      return fail(why, "operand shape is not static");
    // Only an operand of size 0 along the axis adds nothing: a [1, 0]
    // piece of a concat along dim 0 still adds a row (TF: two [1, 0]
    // values give [2, 0]).
    if (t.getRank() == out.getRank() && t.getDimSize(*dim) == 0 &&
        values.size() > 1)
      continue;
    parts.push_back(v);
  }
  // An empty result (any dim 0) has no values to compute: its type is
  // the whole answer.
  if (out.getNumElements() == 0) {
    results.push_back(splat(b, op->getLoc(), out, 0));
    return success();
  }
  if (parts.size() == 1) {
    results.push_back(parts[0]);
    return success();
  }
  if (parts.empty())
    parts.push_back(values.front());
  results.push_back(ConcatenateOp::create(b, op->getLoc(), parts,
                                          static_cast<uint64_t>(*dim)));
  return success();
}

LogicalResult convertPack(Operation *op, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out || op->getNumOperands() == 0)
    return fail(why, "shape is not static");
  auto dim = normAxis(intAttr(op, "axis", 0), out.getRank());
  if (!dim)
    return fail(why, "axis out of range");
  SmallVector<int64_t> piece(out.getShape());
  piece[*dim] = 1;
  SmallVector<Value> parts;
  for (Value v : op->getOperands()) {
    if (!staticType(v))
      return fail(why, "operand shape is not static");
    parts.push_back(reshape(b, op->getLoc(), v, piece));
  }
  if (parts.size() == 1) {
    results.push_back(parts[0]);
    return success();
  }
  results.push_back(ConcatenateOp::create(b, op->getLoc(), parts,
                                          static_cast<uint64_t>(*dim)));
  return success();
}

LogicalResult convertUnpack(Operation *op, OpBuilder &b,
                            SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  if (!in || in.getRank() == 0)
    return fail(why, "shape is not static");
  auto dim = normAxis(intAttr(op, "axis", 0), in.getRank());
  if (!dim || in.getDimSize(*dim) != op->getNumResults())
    return fail(why, "axis out of range or size differs from the result count");
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape()),
        strides(in.getRank(), 1);
    start[*dim] = i;
    limit[*dim] = i + 1;
    Value s = SliceOp::create(b, op->getLoc(), op->getOperand(0), start, limit,
                              strides);
    SmallVector<int64_t> shape(in.getShape());
    shape.erase(shape.begin() + *dim);
    results.push_back(reshape(b, op->getLoc(), s, shape));
  }
  return success();
}

/// Split (axis first) and SplitV (sizes, axis last) into equal / given
/// sizes along one dim.
LogicalResult convertSplit(Operation *op, OpBuilder &b,
                           SmallVectorImpl<Value> &results, std::string &why) {
  bool isV = op->getName().getStringRef() == "tf.SplitV";
  Value x = op->getOperand(isV ? 0 : 1);
  auto in = staticType(x);
  auto axis = constantInts(op->getOperand(isV ? 2 : 0));
  if (!in || !axis || axis->size() != 1)
    return fail(why, "needs a static input and a constant axis");
  auto dim = normAxis((*axis)[0], in.getRank());
  if (!dim)
    return fail(why, "axis out of range");
  int64_t offset = 0;
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    auto rt = staticResult(op, i);
    if (!rt)
      return fail(why, "result shape is not static");
    int64_t size = rt.getDimSize(*dim);
    SmallVector<int64_t> start(in.getRank(), 0), limit(in.getShape()),
        strides(in.getRank(), 1);
    start[*dim] = offset;
    limit[*dim] = offset + size;
    offset += size;
    if (offset > in.getDimSize(*dim))
      return fail(why, "split sizes exceed the dim");
    results.push_back(
        SliceOp::create(b, op->getLoc(), x, start, limit, strides));
  }
  return success();
}

LogicalResult convertSlice(Operation *op, OpBuilder &b,
                           SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto begin = constantInts(op->getOperand(1));
  auto size = constantInts(op->getOperand(2));
  auto out = staticResult(op);
  auto bt = staticType(op->getOperand(1));
  if (in && !begin && size && out && bt && bt.getRank() == 1 &&
      bt.getDimSize(0) == in.getRank()) {
    // Run-time begin with a static result: hlo.dynamic_slice (its starts
    // clamp into range where TF would report an out-of-bounds error).
    Location loc = op->getLoc();
    SmallVector<Value> starts;
    for (int64_t d = 0; d < in.getRank(); ++d) {
      Value s = SliceOp::create(b, loc, op->getOperand(1), ArrayRef<int64_t>{d},
                                ArrayRef<int64_t>{d + 1}, ArrayRef<int64_t>{1});
      starts.push_back(reshape(b, loc, s, {}));
    }
    results.push_back(DynamicSliceOp::create(b, loc, op->getOperand(0), starts,
                                             out.getShape()));
    return success();
  }
  if (!in || !begin || !size)
    return fail(why, "needs a static input and constant begin/size");
  int64_t rank = in.getRank();
  if (static_cast<int64_t>(begin->size()) != rank ||
      static_cast<int64_t>(size->size()) != rank)
    return fail(why, "begin/size length differs from the rank");
  SmallVector<int64_t> limit, strides(rank, 1);
  for (int64_t d = 0; d < rank; ++d) {
    int64_t s = (*size)[d] == -1 ? in.getDimSize(d) - (*begin)[d] : (*size)[d];
    if ((*begin)[d] < 0 || s < 0 || (*begin)[d] + s > in.getDimSize(d))
      return fail(why, "slice out of bounds in dim " + std::to_string(d));
    limit.push_back((*begin)[d] + s);
  }
  results.push_back(
      SliceOp::create(b, op->getLoc(), op->getOperand(0), *begin, limit, strides));
  return success();
}

/// tf.StridedSlice with constant begin/end/strides; the per-dim start/stop
/// come from lib/Support/StridedSlice (TF's ValidateStridedSliceOp).
LogicalResult convertStridedSlice(Operation *op, OpBuilder &b,
                                  SmallVectorImpl<Value> &results,
                                  std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto out = staticResult(op);
  auto begin = constantInts(op->getOperand(1));
  auto end = constantInts(op->getOperand(2));
  auto strides = constantInts(op->getOperand(3));
  if (!in || !out || !begin || !end || !strides)
    return fail(why, "needs static shapes and constant begin/end/strides");
  size_t n = begin->size();
  if (end->size() != n || strides->size() != n)
    return fail(why, "begin/end/strides lengths differ");
  int64_t rank = in.getRank();
  StridedSliceResult spec;
  absl::Status status = computeStridedSlice(
      in.getShape(), *begin, *end, *strides,
      {intAttr(op, "begin_mask"), intAttr(op, "end_mask"),
       intAttr(op, "ellipsis_mask"), intAttr(op, "new_axis_mask"),
       intAttr(op, "shrink_axis_mask")},
      spec);
  if (!status.ok())
    return fail(why, std::string(status.message()));
  Location loc = op->getLoc();
  Value x = op->getOperand(0);
  SmallVector<int64_t> revDims, start, limit, step;
  // New axes and shrinks only change the final reshape (the result type).
  for (int64_t d = 0; d < rank; ++d) {
    const StridedSliceDim &s = spec.dims[d];
    int64_t size = in.getDimSize(d);
    if (s.stride > 0) {
      start.push_back(s.begin);
      limit.push_back(std::max(s.end, s.begin));
      step.push_back(s.stride);
    } else {
      // Negative stride: walk down from `begin` (inclusive) to `end`
      // (exclusive); on the reversed dim that is an increasing slice.
      revDims.push_back(d);
      int64_t lo = size - 1 - s.begin;
      start.push_back(lo);
      limit.push_back(std::max(size - 1 - s.end, lo));
      step.push_back(-s.stride);
    }
  }
  if (!revDims.empty())
    x = ReverseOp::create(b, loc, x, revDims);
  Value sl = SliceOp::create(b, loc, x, start, limit, step);
  auto st = cast<RankedTensorType>(sl.getType());
  if (st.getNumElements() != out.getNumElements())
    return fail(why, "computed slice size differs from the result type");
  results.push_back(reshape(b, loc, sl, out.getShape()));
  return success();
}

/// Pad / PadV2 with constant paddings ([rank, 2]).
LogicalResult convertPad(Operation *op, OpBuilder &b,
                         SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto pads = constantInts(op->getOperand(1));
  if (!in || !pads || static_cast<int64_t>(pads->size()) != 2 * in.getRank())
    return fail(why, "needs a static input and constant [rank, 2] paddings");
  Location loc = op->getLoc();
  Value pv;
  if (op->getNumOperands() > 2) {
    auto t = staticType(op->getOperand(2));
    if (!t || t.getNumElements() != 1)
      return fail(why, "constant_values must be a scalar");
    pv = reshape(b, loc, op->getOperand(2), {});
  } else {
    pv = scalar(b, loc, in.getElementType(), 0);
  }
  SmallVector<int64_t> lo, hi, interior(in.getRank(), 0);
  for (int64_t d = 0; d < in.getRank(); ++d) {
    lo.push_back((*pads)[2 * d]);
    hi.push_back((*pads)[2 * d + 1]);
    if (lo.back() < 0 || hi.back() < 0)
      return fail(why, "negative paddings");
  }
  results.push_back(PadOp::create(b, loc, op->getOperand(0), pv, lo, hi, interior));
  return success();
}

/// Tile: broadcast x[d0..] into [m0, d0, m1, d1, ...] and reshape to
/// [m0*d0, m1*d1, ...].
LogicalResult convertTile(Operation *op, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why) {
  auto in = staticType(op->getOperand(0));
  auto mult = constantInts(op->getOperand(1));
  if (!in || !mult || static_cast<int64_t>(mult->size()) != in.getRank())
    return fail(why, "needs a static input and constant multiples");
  SmallVector<int64_t> shape, dims, outShape;
  for (int64_t d = 0; d < in.getRank(); ++d) {
    if ((*mult)[d] < 0)
      return fail(why, "negative multiple");
    shape.push_back((*mult)[d]);
    shape.push_back(in.getDimSize(d));
    dims.push_back(2 * d + 1);
    outShape.push_back((*mult)[d] * in.getDimSize(d));
  }
  Location loc = op->getLoc();
  Value bc = broadcastInDim(b, loc, op->getOperand(0), shape, dims);
  results.push_back(reshape(b, loc, bc, outShape));
  return success();
}

/// Fill(dims, value) and BroadcastTo(x, shape): broadcast to the static
/// result shape.
LogicalResult convertFill(Operation *op, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out)
    return fail(why, "result shape is not static");
  bool isFill = op->getName().getStringRef() == "tf.Fill";
  Value v = op->getOperand(isFill ? 1 : 0);
  if (isFill) {
    auto t = staticType(v);
    if (!t || t.getNumElements() != 1)
      return fail(why, "value must be a scalar");
    v = reshape(b, op->getLoc(), v, {});
  }
  Value r = broadcastTo(b, op->getLoc(), v, out.getShape());
  if (!r)
    return fail(why, "operand does not broadcast to the result");
  results.push_back(r);
  return success();
}

/// Shape / Size / Rank of a static input: a constant.
LogicalResult convertShapeOf(Operation *op, OpBuilder &b,
                             SmallVectorImpl<Value> &results, std::string &why) {
  StringRef name = op->getName().getStringRef();
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    auto in = staticType(op->getOperand(name == "tf.ShapeN" ? i : 0));
    auto out = staticResult(op, i);
    if (!in || !out || !isa<IntegerType>(out.getElementType()))
      return fail(why, "input shape is not static");
    unsigned w = out.getElementType().getIntOrFloatBitWidth();
    SmallVector<APInt> vals;
    if (name == "tf.Size")
      vals.push_back(APInt(w, in.getNumElements()));
    else if (name == "tf.Rank")
      vals.push_back(APInt(w, in.getRank()));
    else
      for (int64_t d : in.getShape())
        vals.push_back(APInt(w, d));
    results.push_back(constant(b, op->getLoc(), DenseElementsAttr::get(out, vals)));
  }
  return success();
}

} // namespace

void addShapeConverters(llvm::StringMap<Converter> &t) {
  t["tf.Const"] = convertConst;
  t["tf.Reshape"] = convertReshape;
  t["tf.ExpandDims"] = convertReshape;
  t["tf.Squeeze"] = convertReshape;
  t["tf.Transpose"] = convertTranspose;
  t["tf.ConcatV2"] = convertConcat;
  t["tf.Concat"] = convertConcat;
  t["tf.Pack"] = convertPack;
  t["tf.Unpack"] = convertUnpack;
  t["tf.Split"] = convertSplit;
  t["tf.SplitV"] = convertSplit;
  t["tf.Slice"] = convertSlice;
  t["tf.StridedSlice"] = convertStridedSlice;
  t["tf.Pad"] = convertPad;
  t["tf.PadV2"] = convertPad;
  t["tf.Tile"] = convertTile;
  t["tf.Fill"] = convertFill;
  t["tf.BroadcastTo"] = convertFill;
  t["tf.Shape"] = convertShapeOf;
  t["tf.ShapeN"] = convertShapeOf;
  t["tf.Size"] = convertShapeOf;
  t["tf.Rank"] = convertShapeOf;
}

} // namespace tfmlir::tohlo
