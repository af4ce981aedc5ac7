//===- TFLOps.cpp - the tfl dialect: registration and verifiers ----------===//
//
// Verifiers check TFLite's static shape rules (the checks of the kernels'
// Prepare functions) and only when the dims involved are static, so that
// dynamic models still verify.
//===----------------------------------------------------------------------===//
#include "dialects/tfl/TFLOps.h"

#include "mlir/Dialect/Quant/IR/Quant.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::tfl;

#include "dialects/tfl/TFLOpsDialect.cpp.inc"

void TFLDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/tfl/TFLOps.cpp.inc"
      >();
}

void tfmlir::registerTFLDialect(DialectRegistry &registry) {
  registry.insert<TFLDialect, tf_type::TFTypeDialect, quant::QuantDialect>();
}

bool tfl::isActivationName(StringRef s) {
  return llvm::is_contained<StringRef>(
      {"NONE", "RELU", "RELU_N1_TO_1", "RELU6", "TANH", "SIGN_BIT"}, s);
}
bool tfl::isPaddingName(StringRef s) { return s == "SAME" || s == "VALID"; }
bool tfl::isTensorTypeName(StringRef s) {
  return llvm::is_contained<StringRef>(
      {"FLOAT32", "FLOAT16", "INT32", "UINT8", "INT64", "STRING", "BOOL",
       "INT16", "COMPLEX64", "INT8", "FLOAT64", "COMPLEX128", "UINT64",
       "RESOURCE", "VARIANT", "UINT32", "UINT16", "INT4", "BFLOAT16"},
      s);
}
bool tfl::isMirrorPadModeName(StringRef s) {
  return s == "REFLECT" || s == "SYMMETRIC";
}
bool tfl::isWeightsFormatName(StringRef s) {
  return s == "DEFAULT" || s == "SHUFFLED4x16INT8";
}

namespace {
/// The ranked tensor type of `v`, or null.
RankedTensorType ranked(Value v) {
  return v ? dyn_cast<RankedTensorType>(v.getType()) : RankedTensorType();
}

std::string shapeStr(ArrayRef<int64_t> dims) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (i)
      s += ", ";
    s += ShapedType::isDynamic(d) ? "?" : std::to_string(d);
  }
  return s + "]";
}
} // namespace

LogicalResult tfl::verifySameShape(Operation *op, Value x, Value y) {
  auto a = ranked(x), b = ranked(y);
  if (!a || !b)
    return success();
  if (a.getRank() != b.getRank())
    return op->emitOpError("operand and result ranks differ: ")
           << shapeStr(a.getShape()) << " vs " << shapeStr(b.getShape());
  for (auto [da, db] : llvm::zip(a.getShape(), b.getShape()))
    if (!ShapedType::isDynamic(da) && !ShapedType::isDynamic(db) && da != db)
      return op->emitOpError("operand and result shapes differ: ")
             << shapeStr(a.getShape()) << " vs " << shapeStr(b.getShape());
  return success();
}

LogicalResult tfl::verifySameElementKind(Operation *op,
                                         ArrayRef<Value> values) {
  // Quantized and integer types compare by storage width (signedness is
  // carried by TFLite's tensor type, not checked here); others by identity.
  auto kind = [](Type t) -> Type {
    Type e = getElementTypeOrSelf(t);
    if (auto q = dyn_cast<quant::QuantizedType>(e))
      return IntegerType::get(e.getContext(), q.getStorageTypeIntegralWidth());
    if (auto i = dyn_cast<IntegerType>(e))
      return IntegerType::get(e.getContext(), i.getWidth());
    return e;
  };
  if (values.empty() || !values[0])
    return success();
  Type first = kind(values[0].getType());
  for (Value v : values.drop_front())
    if (v && kind(v.getType()) != first)
      return op->emitOpError("element types differ: ")
             << getElementTypeOrSelf(values[0].getType()) << " vs "
             << getElementTypeOrSelf(v.getType());
  return success();
}

LogicalResult tfl::verifyBroadcast(Operation *op, Value lhs, Value rhs,
                                   Value out) {
  auto a = ranked(lhs), b = ranked(rhs);
  if (!a || !b)
    return success();
  int64_t rank = std::max(a.getRank(), b.getRank());
  SmallVector<int64_t> shape(rank);
  for (int64_t i = 0; i < rank; ++i) {
    int64_t ia = i - (rank - a.getRank()), ib = i - (rank - b.getRank());
    int64_t da = ia >= 0 ? a.getDimSize(ia) : 1;
    int64_t db = ib >= 0 ? b.getDimSize(ib) : 1;
    if (ShapedType::isDynamic(da) || ShapedType::isDynamic(db)) {
      shape[i] = da == 1 ? db : (db == 1 ? da : ShapedType::kDynamic);
      continue;
    }
    if (da != db && da != 1 && db != 1)
      return op->emitOpError("operands do not broadcast: ")
             << shapeStr(a.getShape()) << " and " << shapeStr(b.getShape());
    shape[i] = da == 1 ? db : da;
  }
  auto o = ranked(out);
  if (!o)
    return success();
  if (o.getRank() != rank)
    return op->emitOpError("result rank ")
           << o.getRank() << " differs from the broadcast rank " << rank
           << " of " << shapeStr(a.getShape()) << " and "
           << shapeStr(b.getShape());
  for (int64_t i = 0; i < rank; ++i) {
    int64_t d = o.getDimSize(i);
    if (!ShapedType::isDynamic(d) && !ShapedType::isDynamic(shape[i]) &&
        d != shape[i])
      return op->emitOpError("result shape ")
             << shapeStr(o.getShape()) << " differs from the broadcast shape "
             << shapeStr(shape);
  }
  return success();
}

LogicalResult tfl::verifyPool(Operation *op, Value in, Value out,
                              int32_t strideH, int32_t strideW, int32_t filterH,
                              int32_t filterW) {
  if (strideH <= 0 || strideW <= 0)
    return op->emitOpError("strides must be positive, got stride_h=")
           << strideH << " stride_w=" << strideW;
  if (filterH <= 0 || filterW <= 0)
    return op->emitOpError("filter sizes must be positive, got filter_height=")
           << filterH << " filter_width=" << filterW;
  for (Value v : {in, out})
    if (auto t = ranked(v); t && t.getRank() != 4)
      return op->emitOpError("expects 4-D NHWC tensors, got ")
             << shapeStr(t.getShape());
  auto a = ranked(in), b = ranked(out);
  if (a && b) {
    for (int i : {0, 3}) {
      int64_t da = a.getDimSize(i), db = b.getDimSize(i);
      if (!ShapedType::isDynamic(da) && !ShapedType::isDynamic(db) && da != db)
        return op->emitOpError("batch and channel dims must be kept: input ")
               << shapeStr(a.getShape()) << ", output "
               << shapeStr(b.getShape());
    }
  }
  return success();
}

namespace {
/// Shared checks of conv_2d and depthwise_conv_2d: 4-D input/filter/output,
/// positive strides and dilations, 1-D bias of the output channel count.
/// `outChannelsDim` is the filter dim holding the output channels.
LogicalResult verifyConv(Operation *op, Value input, Value filter, Value bias,
                         Value output, int64_t outChannelsDim, int32_t sh,
                         int32_t sw, int32_t dh, int32_t dw) {
  if (sh <= 0 || sw <= 0)
    return op->emitOpError("strides must be positive, got stride_h=")
           << sh << " stride_w=" << sw;
  if (dh <= 0 || dw <= 0)
    return op->emitOpError("dilation factors must be positive, got ")
           << dh << " and " << dw;
  for (Value v : {input, filter, output})
    if (auto t = ranked(v); t && t.getRank() != 4)
      return op->emitOpError("expects 4-D input, filter and output, got ")
             << shapeStr(t.getShape());
  auto f = ranked(filter);
  if (!f)
    return success();
  int64_t oc = f.getDimSize(outChannelsDim);
  if (auto b = ranked(bias); b && !ShapedType::isDynamic(oc)) {
    if (b.getRank() != 1 || (!b.isDynamicDim(0) && b.getDimSize(0) != oc))
      return op->emitOpError("bias must be 1-D with ")
             << oc << " (output channels) elements, got "
             << shapeStr(b.getShape());
  }
  if (auto o = ranked(output); o && !ShapedType::isDynamic(oc) &&
                               !o.isDynamicDim(3) && o.getDimSize(3) != oc)
    return op->emitOpError("output channels ")
           << o.getDimSize(3) << " differ from the filter's " << oc;
  return success();
}
} // namespace

LogicalResult Conv2DOp::verify() {
  if (failed(verifyConv(*this, getInput(), getFilter(), getBias(), getOutput(),
                        0, getStrideH(), getStrideW(), getDilationHFactor(),
                        getDilationWFactor())))
    return failure();
  // Input channels must be a multiple of the filter's (grouped conv).
  auto in = ranked(getInput()), f = ranked(getFilter());
  if (in && f && !in.isDynamicDim(3) && !f.isDynamicDim(3) &&
      (f.getDimSize(3) == 0 || in.getDimSize(3) % f.getDimSize(3) != 0))
    return emitOpError("input channels ")
           << in.getDimSize(3) << " are not a multiple of the filter's "
           << f.getDimSize(3) << " (filter is OHWI)";
  return success();
}

LogicalResult DepthwiseConv2DOp::verify() {
  if (failed(verifyConv(*this, getInput(), getFilter(), getBias(), getOutput(),
                        3, getStrideH(), getStrideW(), getDilationHFactor(),
                        getDilationWFactor())))
    return failure();
  auto f = ranked(getFilter());
  if (f && !f.isDynamicDim(0) && f.getDimSize(0) != 1)
    return emitOpError("filter must be 1HWO, got ") << shapeStr(f.getShape());
  auto in = ranked(getInput());
  if (in && f && !in.isDynamicDim(3) && !f.isDynamicDim(3) &&
      in.getDimSize(3) != 0 && f.getDimSize(3) % in.getDimSize(3) != 0)
    return emitOpError("filter channels ")
           << f.getDimSize(3) << " are not a multiple of the input channels "
           << in.getDimSize(3);
  return success();
}

LogicalResult FullyConnectedOp::verify() {
  if (getOutput().empty())
    return emitOpError("expects at least one result");
  auto f = ranked(getFilter());
  if (f && f.getRank() != 2)
    return emitOpError("weights must be 2-D [out, in], got ")
           << shapeStr(f.getShape());
  if (auto b = ranked(getBias()); b && f && !f.isDynamicDim(0)) {
    if (b.getRank() != 1 ||
        (!b.isDynamicDim(0) && b.getDimSize(0) != f.getDimSize(0)))
      return emitOpError("bias must be 1-D with ")
             << f.getDimSize(0) << " elements, got " << shapeStr(b.getShape());
  }
  auto in = ranked(getInput());
  if (in && f && in.getRank() > 0 && !f.isDynamicDim(1) &&
      in.hasStaticShape() && f.getDimSize(1) != 0 &&
      in.getNumElements() % f.getDimSize(1) != 0)
    return emitOpError("input ")
           << shapeStr(in.getShape()) << " has no whole number of rows of "
           << f.getDimSize(1) << " (the weights' input size)";
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = ranked(getInput()), out = ranked(getOutput());
  if (in && out && in.hasStaticShape() && out.hasStaticShape() &&
      in.getNumElements() != out.getNumElements())
    return emitOpError("element counts differ: ")
           << shapeStr(in.getShape()) << " vs " << shapeStr(out.getShape());
  return success();
}

LogicalResult ConcatenationOp::verify() {
  auto out = ranked(getOutput());
  int64_t rank = -1;
  for (Value v : getValues()) {
    auto t = ranked(v);
    if (!t)
      continue;
    if (rank >= 0 && t.getRank() != rank)
      return emitOpError("values have different ranks");
    rank = t.getRank();
  }
  if (rank < 0)
    return success();
  int64_t axis = getAxis();
  if (axis < -rank || axis >= std::max<int64_t>(rank, 1))
    return emitOpError("axis ") << axis << " is out of range for rank " << rank;
  if (out && out.getRank() != rank)
    return emitOpError("result rank differs from the values' rank");
  return success();
}

LogicalResult PackOp::verify() {
  if (static_cast<int64_t>(getValues().size()) != getValuesCount())
    return emitOpError("values_count ")
           << getValuesCount() << " differs from the " << getValues().size()
           << " operands";
  return success();
}

/// Folds to the constant's value (with its sparsity, when present, so that
/// constants differing only in sparsity are never merged).
OpFoldResult PseudoConstOp::fold(FoldAdaptor) {
  if (auto sp = getSparsityAttr())
    return ArrayAttr::get(getContext(), {getValue(), sp});
  return getValue();
}

LogicalResult PseudoConstOp::verify() {
  Type resultType = getOutput().getType();
  if (auto str = dyn_cast<StringAttr>(getValue())) {
    (void)str;
    return success(); // Raw buffer bytes: the exporter writes them verbatim.
  }
  auto elems = dyn_cast<ElementsAttr>(getValue());
  if (!elems)
    return emitOpError("value must be an elements attribute or raw bytes");
  if (getSparsity())
    return success(); // Compressed values: not the dense shape.
  auto rt = dyn_cast<ShapedType>(resultType);
  if (!rt)
    return emitOpError("result must be a tensor");
  auto vt = cast<ShapedType>(elems.getType());
  if (rt.hasRank() && rt.getShape() != vt.getShape())
    return emitOpError("value shape ")
           << shapeStr(vt.getShape()) << " differs from the result shape "
           << shapeStr(rt.getShape());
  Type et = rt.getElementType();
  if (auto q = dyn_cast<quant::QuantizedType>(et))
    et = q.getStorageType();
  if (et != vt.getElementType())
    return emitOpError("value element type ")
           << vt.getElementType() << " differs from the result's " << et;
  return success();
}

#define GET_OP_CLASSES
#include "dialects/tfl/TFLOps.cpp.inc"
