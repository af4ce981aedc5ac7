//===- TFOpsUtils.cpp - shared verifier and folder helpers of tf ops -----===//
#include "dialects/tf/TFOpsUtils.h"

#include "dialects/tf/TFOpTraits.h"
#include "dialects/tf/TFTypes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace llvm;

namespace tfmlir {
namespace TF {

//===----------------------------------------------------------------------===//
// Shapes
//===----------------------------------------------------------------------===//

std::optional<int64_t> getRank(Type t) {
  auto s = dyn_cast<ShapedType>(t);
  if (!s || !s.hasRank())
    return std::nullopt;
  return s.getRank();
}

bool shapesCompatible(Type a, Type b) {
  auto sa = dyn_cast<ShapedType>(a), sb = dyn_cast<ShapedType>(b);
  if (!sa || !sb || !sa.hasRank() || !sb.hasRank())
    return true;
  if (sa.getRank() != sb.getRank())
    return false;
  for (auto [x, y] : llvm::zip(sa.getShape(), sb.getShape()))
    if (!dimsCompatible(x, y))
      return false;
  return true;
}

bool broadcastShapes(ArrayRef<int64_t> a, ArrayRef<int64_t> b,
                     SmallVectorImpl<int64_t> &out) {
  size_t rank = std::max(a.size(), b.size());
  out.assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < a.size() ? a[a.size() - 1 - i] : 1;
    int64_t y = i < b.size() ? b[b.size() - 1 - i] : 1;
    int64_t &r = out[rank - 1 - i];
    bool dx = ShapedType::isDynamic(x), dy = ShapedType::isDynamic(y);
    if (dx && dy) {
      r = ShapedType::kDynamic;
    } else if (dx) {
      r = y == 1 ? ShapedType::kDynamic : y;
    } else if (dy) {
      r = x == 1 ? ShapedType::kDynamic : x;
    } else if (x == y || y == 1) {
      r = x;
    } else if (x == 1) {
      r = y;
    } else {
      return false;
    }
  }
  return true;
}

bool broadcastsInto(Type small, Type big) {
  auto s = dyn_cast<ShapedType>(small), b = dyn_cast<ShapedType>(big);
  if (!s || !b || !s.hasRank())
    return false;
  if (s.getRank() == 0)
    return true;
  if (!b.hasRank() || s.getRank() > b.getRank())
    return false;
  int64_t lead = b.getRank() - s.getRank();
  for (auto [i, d] : llvm::enumerate(s.getShape())) {
    int64_t bd = b.getDimSize(lead + i);
    if (d != 1 && (ShapedType::isDynamic(bd) || bd != d))
      return false;
  }
  return true;
}

int64_t getDim(Value v, int64_t i) {
  auto s = dyn_cast<ShapedType>(v.getType());
  if (!s || !s.hasRank() || i < 0 || i >= s.getRank())
    return ShapedType::kDynamic;
  return s.getDimSize(i);
}

Type getElementTypeNoRef(Type t) {
  return tf_type::dropRef(tf_type::getElementTypeOrSelf(t));
}

bool isResourceTensor(Type t) {
  return isa<tf_type::ResourceType>(getElementTypeNoRef(t));
}

bool elementTypesMatch(Type a, Type b) {
  a = getElementTypeNoRef(a);
  b = getElementTypeNoRef(b);
  if (a == b)
    return true;
  return (isa<tf_type::ResourceType>(a) && isa<tf_type::ResourceType>(b)) ||
         (isa<tf_type::VariantType>(a) && isa<tf_type::VariantType>(b));
}

//===----------------------------------------------------------------------===//
// Traits
//===----------------------------------------------------------------------===//

namespace OpTrait::impl {

LogicalResult verifyBroadcastableBinary(Operation *op) {
  if (op->getNumOperands() < 2)
    return success();
  Type x = op->getOperand(0).getType(), y = op->getOperand(1).getType();
  if (!elementTypesMatch(x, y))
    return op->emitOpError() << "operands must have the same element type, got "
                             << x << " and " << y;
  auto sx = dyn_cast<ShapedType>(x), sy = dyn_cast<ShapedType>(y);
  if (!sx || !sy || !sx.hasRank() || !sy.hasRank())
    return success();
  SmallVector<int64_t> shape;
  if (!broadcastShapes(sx.getShape(), sy.getShape(), shape))
    return op->emitOpError()
           << "operands have incompatible shapes for broadcasting: " << x
           << " and " << y;
  if (op->getNumResults() == 0)
    return success();
  auto r = dyn_cast<ShapedType>(op->getResult(0).getType());
  if (!r || !r.hasRank())
    return success();
  bool ok = r.getRank() == static_cast<int64_t>(shape.size());
  for (size_t i = 0; ok && i < shape.size(); ++i)
    ok = dimsCompatible(r.getDimSize(i), shape[i]);
  if (!ok)
    return op->emitOpError()
           << "result type " << r << " does not match the broadcast shape ["
           << llvm::make_range(shape.begin(), shape.end()) << "] of " << x
           << " and " << y;
  return success();
}

LogicalResult verifySameShapeOperandsAndResults(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  Type ranked;
  for (Type t : types) {
    if (!getRank(t))
      continue;
    if (!ranked) {
      ranked = t;
      continue;
    }
    if (!shapesCompatible(ranked, t))
      return op->emitOpError()
             << "requires operands and results of compatible shapes, got "
             << ranked << " and " << t;
  }
  return success();
}

LogicalResult verifySameElementTypeOperandsAndResults(Operation *op) {
  SmallVector<Type> types(op->getOperandTypes());
  llvm::append_range(types, op->getResultTypes());
  for (Type t : types)
    if (!elementTypesMatch(types.front(), t))
      return op->emitOpError()
             << "requires operands and results of the same element type, got "
             << types.front() << " and " << t;
  return success();
}

LogicalResult verifySameElementTypeOperands(Operation *op) {
  for (Value v : op->getOperands())
    if (!elementTypesMatch(op->getOperand(0).getType(), v.getType()))
      return op->emitOpError()
             << "requires operands of the same element type, got "
             << op->getOperand(0).getType() << " and " << v.getType();
  return success();
}

LogicalResult verifyBoolResults(Operation *op) {
  for (Type t : op->getResultTypes()) {
    Type e = getElementTypeNoRef(t);
    if (!e.isInteger(1))
      return op->emitOpError() << "requires a bool (i1) result, got " << t;
  }
  return success();
}

} // namespace OpTrait::impl

//===----------------------------------------------------------------------===//
// Verifier checks
//===----------------------------------------------------------------------===//

LogicalResult verifyRank(Operation *op, Value v, StringRef name, int64_t rank) {
  std::optional<int64_t> r = getRank(v);
  if (r && *r != rank)
    return op->emitOpError() << "requires '" << name << "' to be rank " << rank
                             << ", got " << v.getType();
  return success();
}

LogicalResult verifyRankRange(Operation *op, Value v, StringRef name,
                              int64_t lo, int64_t hi) {
  std::optional<int64_t> r = getRank(v);
  if (!r)
    return success();
  if (*r < lo || (hi >= 0 && *r > hi)) {
    auto diag = op->emitOpError() << "requires '" << name << "' to be ";
    if (hi < 0)
      diag << "at least rank " << lo;
    else if (lo == hi)
      diag << "rank " << lo;
    else
      diag << "rank " << lo << " to " << hi;
    return diag << ", got " << v.getType();
  }
  return success();
}

LogicalResult verifyScalar(Operation *op, Value v, StringRef name,
                           bool allowSingleElementVector) {
  std::optional<int64_t> r = getRank(v);
  if (!r || *r == 0)
    return success();
  if (allowSingleElementVector && *r == 1 &&
      dimsCompatible(cast<ShapedType>(v.getType()).getDimSize(0), 1))
    return success();
  return op->emitOpError() << "requires '" << name << "' to be a scalar"
                           << (allowSingleElementVector
                                   ? " or a 1-element vector"
                                   : "")
                           << ", got " << v.getType();
}

LogicalResult verifyVector(Operation *op, Value v, StringRef name,
                           int64_t len) {
  if (failed(verifyRank(op, v, name, 1)))
    return failure();
  if (len >= 0)
    return verifyDim(op, v, name, 0, len);
  return success();
}

LogicalResult verifyDim(Operation *op, Value v, StringRef name, int64_t dim,
                        int64_t size) {
  auto s = dyn_cast<ShapedType>(v.getType());
  if (!s || !s.hasRank() || dim >= s.getRank() || dim < 0 ||
      ShapedType::isDynamic(size) || dimsCompatible(s.getDimSize(dim), size))
    return success();
  return op->emitOpError() << "requires dim " << dim << " of '" << name
                           << "' to be " << size << ", got " << v.getType();
}

LogicalResult verifyResultShape(Operation *op, Value result,
                                ArrayRef<int64_t> expected) {
  auto r = dyn_cast<ShapedType>(result.getType());
  if (!r || !r.hasRank())
    return success();
  bool ok = r.getRank() == static_cast<int64_t>(expected.size());
  for (size_t i = 0; ok && i < expected.size(); ++i)
    ok = dimsCompatible(r.getDimSize(i), expected[i]);
  if (ok)
    return success();
  auto diag = op->emitOpError()
              << "result type " << r << " does not match the expected shape [";
  llvm::interleave(
      expected,
      [&](int64_t d) {
        if (ShapedType::isDynamic(d))
          diag << "?";
        else
          diag << d;
      },
      [&] { diag << ", "; });
  return diag << "]";
}

LogicalResult verifyListSize(Operation *op, ArrayAttr list, StringRef name,
                             size_t size) {
  if (list && list.size() != size)
    return op->emitOpError() << "requires '" << name << "' to have " << size
                             << " elements, got " << list.size();
  return success();
}

LogicalResult verifyOneOf(Operation *op, StringRef name, StringRef value,
                          ArrayRef<StringRef> allowed) {
  if (llvm::is_contained(allowed, value))
    return success();
  auto diag = op->emitOpError()
              << "has invalid '" << name << "' \"" << value << "\"; expected ";
  llvm::interleave(
      allowed, [&](StringRef s) { diag << '"' << s << '"'; },
      [&] { diag << ", "; });
  return diag;
}

LogicalResult verifyPadding(Operation *op, StringRef padding,
                            bool allowExplicit, ArrayAttr explicitPaddings,
                            int64_t rank) {
  SmallVector<StringRef, 3> allowed = {"SAME", "VALID"};
  if (allowExplicit)
    allowed.push_back("EXPLICIT");
  if (failed(verifyOneOf(op, "padding", padding, allowed)))
    return failure();
  if (!explicitPaddings)
    return success();
  if (padding == "EXPLICIT") {
    if (failed(verifyListSize(op, explicitPaddings, "explicit_paddings",
                              2 * rank)))
      return failure();
    for (Attribute a : explicitPaddings)
      if (auto i = dyn_cast<IntegerAttr>(a); i && i.getInt() < 0)
        return op->emitOpError()
               << "requires non-negative 'explicit_paddings', got "
               << i.getInt();
  } else if (!explicitPaddings.empty()) {
    return op->emitOpError() << "requires empty 'explicit_paddings' unless "
                                "'padding' is \"EXPLICIT\"";
  }
  return success();
}

LogicalResult verifyWindowList(Operation *op, ArrayAttr list, StringRef name,
                               int64_t rank) {
  if (!list)
    return success();
  if (failed(verifyListSize(op, list, name, rank)))
    return failure();
  for (Attribute a : list)
    if (auto i = dyn_cast<IntegerAttr>(a); i && i.getInt() < 1)
      return op->emitOpError() << "requires positive '" << name
                               << "' entries, got " << i.getInt();
  return success();
}

int64_t channelDim(StringRef dataFormat, int64_t rank) {
  if (dataFormat.starts_with("NC"))
    return 1;
  return rank - 1;
}

LogicalResult verifyNoBatchChannelWindow(Operation *op, ArrayAttr list,
                                         StringRef name, StringRef dataFormat) {
  if (!list || list.empty())
    return success();
  int64_t rank = list.size();
  int64_t c = channelDim(dataFormat, rank);
  auto at = [&](int64_t i) {
    auto a = dyn_cast<IntegerAttr>(list[i]);
    return a ? a.getInt() : 1;
  };
  if (at(0) != 1 || at(c) != 1)
    return op->emitOpError()
           << "does not support '" << name
           << "' in the batch and depth dimensions (TF requires 1 there), got ["
           << at(0) << " at N, " << at(c) << " at C] for data_format \""
           << dataFormat << "\"";
  return success();
}

LogicalResult verifyAxis(Operation *op, int64_t axis,
                         std::optional<int64_t> rank, StringRef name) {
  if (!rank || (axis >= -*rank && axis < *rank))
    return success();
  return op->emitOpError() << "requires '" << name << "' in [" << -*rank << ", "
                           << *rank << "), got " << axis;
}

//===----------------------------------------------------------------------===//
// Constants
//===----------------------------------------------------------------------===//

DenseElementsAttr getConstantDense(Value v) {
  DenseElementsAttr attr;
  if (v && matchPattern(v, m_Constant(&attr)))
    return attr;
  return {};
}

bool getConstantInts(Value v, SmallVectorImpl<int64_t> &out) {
  DenseElementsAttr attr = getConstantDense(v);
  if (!attr || !isa<IntegerType>(attr.getElementType()))
    return false;
  out.clear();
  bool isUnsigned = attr.getElementType().isUnsignedInteger();
  if (attr.getElementType().getIntOrFloatBitWidth() > 64)
    return false;
  for (const APInt &x : attr.getValues<APInt>())
    out.push_back(isUnsigned ? static_cast<int64_t>(x.getZExtValue())
                             : x.getSExtValue());
  return true;
}

std::optional<int64_t> getConstantScalarInt(Value v) {
  SmallVector<int64_t> vals;
  if (!getConstantInts(v, vals) || vals.size() != 1)
    return std::nullopt;
  return vals.front();
}

DenseElementsAttr makeIntTensor(ShapedType type, ArrayRef<int64_t> values) {
  unsigned width = type.getElementType().getIntOrFloatBitWidth();
  SmallVector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(APInt(width, v, /*isSigned=*/true, /*implicitTrunc=*/true));
  return DenseElementsAttr::get(type, ints);
}

//===----------------------------------------------------------------------===//
// Elementwise folding
//===----------------------------------------------------------------------===//

namespace {
/// Maps a linear index of the (static) result shape to a linear index of an
/// operand that broadcasts to it; a splat operand always reads element 0.
class BroadcastIndexer {
public:
  BroadcastIndexer(DenseElementsAttr attr, ArrayRef<int64_t> resultShape)
      : resultShape(resultShape) {
    if (attr.isSplat()) {
      splat = true;
      return;
    }
    ArrayRef<int64_t> shape = attr.getType().getShape();
    size_t lead = resultShape.size() - shape.size();
    strides.assign(resultShape.size(), 0);
    int64_t stride = 1;
    for (int64_t i = shape.size() - 1; i >= 0; --i) {
      if (shape[i] != 1)
        strides[lead + i] = stride;
      stride *= shape[i];
    }
  }
  int64_t operator()(int64_t linear) const {
    if (splat)
      return 0;
    int64_t idx = 0;
    for (int64_t d = resultShape.size() - 1; d >= 0; --d) {
      int64_t size = resultShape[d];
      idx += (linear % size) * strides[d];
      linear /= size;
    }
    return idx;
  }

private:
  ArrayRef<int64_t> resultShape;
  SmallVector<int64_t> strides;
  bool splat = false;
};

/// Whether `operand` (static) broadcasts to `result` (static).
bool broadcastsTo(ShapedType operand, ArrayRef<int64_t> result) {
  if (!operand.hasStaticShape() || operand.getRank() > (int64_t)result.size())
    return false;
  size_t lead = result.size() - operand.getRank();
  for (auto [i, d] : llvm::enumerate(operand.getShape()))
    if (d != 1 && d != result[lead + i])
      return false;
  return true;
}

/// Common checks for an elementwise fold; returns the static result type.
RankedTensorType checkFoldable(ArrayRef<DenseElementsAttr> operands,
                               Type resultType) {
  auto rt = dyn_cast<RankedTensorType>(resultType);
  if (!rt || !rt.hasStaticShape())
    return {};
  bool allSplat = true;
  for (DenseElementsAttr a : operands) {
    if (!a || !broadcastsTo(a.getType(), rt.getShape()))
      return {};
    allSplat &= a.isSplat();
  }
  if (!allSplat && rt.getNumElements() > kMaxFoldElements)
    return {};
  return rt;
}

template <typename T> SmallVector<T> materialize(DenseElementsAttr a) {
  if (a.isSplat())
    return {a.getSplatValue<T>()};
  return SmallVector<T>(a.getValues<T>());
}

bool allSplat(DenseElementsAttr a, DenseElementsAttr b) {
  return a.isSplat() && b.isSplat();
}

bool isUnsignedOrBool(Type t) {
  return t.isUnsignedInteger() || t.isInteger(1);
}
} // namespace

template <typename In, typename Out, typename Fn>
static Attribute foldBinaryImpl(DenseElementsAttr l, DenseElementsAttr r,
                                RankedTensorType rt, Fn fn) {
  SmallVector<In> lv = materialize<In>(l), rv = materialize<In>(r);
  if (allSplat(l, r)) {
    std::optional<Out> v = fn(lv[0], rv[0]);
    if (!v)
      return {};
    return DenseElementsAttr::get(rt, ArrayRef<Out>(*v));
  }
  BroadcastIndexer li(l, rt.getShape()), ri(r, rt.getShape());
  SmallVector<Out> out;
  out.reserve(rt.getNumElements());
  for (int64_t i = 0, e = rt.getNumElements(); i < e; ++i) {
    std::optional<Out> v = fn(lv[li(i)], rv[ri(i)]);
    if (!v)
      return {};
    out.push_back(*v);
  }
  return DenseElementsAttr::get(rt, out);
}

Attribute foldBinary(Attribute lhs, Attribute rhs, Type resultType,
                     FloatBinaryFn floatFn, IntBinaryFn intFn, bool allowBool) {
  auto l = dyn_cast_or_null<DenseElementsAttr>(lhs);
  auto r = dyn_cast_or_null<DenseElementsAttr>(rhs);
  RankedTensorType rt = checkFoldable({l, r}, resultType);
  if (!rt)
    return {};
  Type et = rt.getElementType();
  if (l.getElementType() != et || r.getElementType() != et)
    return {};
  if (isa<FloatType>(et) && floatFn)
    return foldBinaryImpl<APFloat, APFloat>(l, r, rt, floatFn);
  if (auto it = dyn_cast<IntegerType>(et);
      it && intFn && (allowBool || it.getWidth() != 1)) {
    bool isUnsigned = isUnsignedOrBool(et);
    return foldBinaryImpl<APInt, APInt>(l, r, rt,
                                        [&](const APInt &a, const APInt &b) {
                                          return intFn(a, b, isUnsigned);
                                        });
  }
  return {};
}

Attribute foldCompare(Attribute lhs, Attribute rhs, Type resultType,
                      FloatCompareFn floatFn, IntCompareFn intFn) {
  auto l = dyn_cast_or_null<DenseElementsAttr>(lhs);
  auto r = dyn_cast_or_null<DenseElementsAttr>(rhs);
  RankedTensorType rt = checkFoldable({l, r}, resultType);
  if (!rt || !rt.getElementType().isInteger(1))
    return {};
  Type et = l.getElementType();
  if (r.getElementType() != et)
    return {};
  auto toBool = [](bool b) { return std::optional<APInt>(APInt(1, b)); };
  if (isa<FloatType>(et) && floatFn)
    return foldBinaryImpl<APFloat, APInt>(
        l, r, rt, [&](const APFloat &a, const APFloat &b) {
          return toBool(floatFn(a, b));
        });
  if (isa<IntegerType>(et) && intFn) {
    bool isUnsigned = isUnsignedOrBool(et);
    return foldBinaryImpl<APInt, APInt>(
        l, r, rt, [&](const APInt &a, const APInt &b) {
          return toBool(intFn(a, b, isUnsigned));
        });
  }
  return {};
}

template <typename In, typename Out, typename Fn>
static Attribute foldUnaryImpl(DenseElementsAttr a, RankedTensorType rt,
                               Fn fn) {
  if (a.isSplat()) {
    std::optional<Out> v = fn(a.getSplatValue<In>());
    if (!v)
      return {};
    return DenseElementsAttr::get(rt, ArrayRef<Out>(*v));
  }
  SmallVector<Out> out;
  out.reserve(rt.getNumElements());
  for (In x : a.getValues<In>()) {
    std::optional<Out> v = fn(x);
    if (!v)
      return {};
    out.push_back(*v);
  }
  return DenseElementsAttr::get(rt, out);
}

/// Unary folds need the operand's shape to be the result's (no broadcast).
static RankedTensorType checkUnaryFoldable(DenseElementsAttr a,
                                           Type resultType) {
  RankedTensorType rt = checkFoldable({a}, resultType);
  if (!rt || (!a.isSplat() && a.getType().getShape() != rt.getShape()))
    return {};
  return rt;
}

Attribute
foldUnary(Attribute operand, Type resultType,
          llvm::function_ref<std::optional<APFloat>(const APFloat &)> floatFn,
          llvm::function_ref<std::optional<APInt>(const APInt &, bool)> intFn) {
  auto a = dyn_cast_or_null<DenseElementsAttr>(operand);
  RankedTensorType rt = checkUnaryFoldable(a, resultType);
  if (!rt || a.getElementType() != rt.getElementType())
    return {};
  Type et = rt.getElementType();
  if (isa<FloatType>(et) && floatFn)
    return foldUnaryImpl<APFloat, APFloat>(a, rt, floatFn);
  if (isa<IntegerType>(et) && intFn) {
    bool isUnsigned = isUnsignedOrBool(et);
    return foldUnaryImpl<APInt, APInt>(
        a, rt, [&](const APInt &x) { return intFn(x, isUnsigned); });
  }
  return {};
}

Attribute foldCast(Attribute operand, Type resultType, bool truncate) {
  auto a = dyn_cast_or_null<DenseElementsAttr>(operand);
  RankedTensorType rt = checkUnaryFoldable(a, resultType);
  if (!rt)
    return {};
  Type from = a.getElementType(), to = rt.getElementType();
  auto fromInt = dyn_cast<IntegerType>(from);
  auto toInt = dyn_cast<IntegerType>(to);
  auto fromFloat = dyn_cast<FloatType>(from);
  auto toFloat = dyn_cast<FloatType>(to);
  if (fromInt && toInt) {
    bool srcUnsigned = isUnsignedOrBool(from);
    unsigned width = toInt.getWidth();
    return foldUnaryImpl<APInt, APInt>(
        a, rt, [&](const APInt &x) -> std::optional<APInt> {
          if (width == 1)
            return APInt(1, !x.isZero());
          return srcUnsigned ? x.zextOrTrunc(width) : x.sextOrTrunc(width);
        });
  }
  if (fromInt && toFloat) {
    bool isSigned = !isUnsignedOrBool(from);
    const fltSemantics &sem = toFloat.getFloatSemantics();
    return foldUnaryImpl<APInt, APFloat>(
        a, rt, [&](const APInt &x) -> std::optional<APFloat> {
          APFloat f(sem);
          f.convertFromAPInt(x, isSigned, APFloat::rmNearestTiesToEven);
          return f;
        });
  }
  if (fromFloat && toInt) {
    unsigned width = toInt.getWidth();
    bool isUnsigned = toInt.isUnsigned();
    return foldUnaryImpl<APFloat, APInt>(
        a, rt, [&](const APFloat &x) -> std::optional<APInt> {
          if (width == 1) // static_cast<bool>: NaN is true.
            return APInt(1, !x.isZero());
          APSInt result(width, isUnsigned);
          bool exact;
          if (x.convertToInteger(result, APFloat::rmTowardZero, &exact) &
              APFloat::opInvalidOp)
            return std::nullopt; // NaN/out of range: undefined in TF.
          return APInt(result);
        });
  }
  if (fromFloat && toFloat) {
    const fltSemantics &sem = toFloat.getFloatSemantics();
    return foldUnaryImpl<APFloat, APFloat>(
        a, rt, [&](const APFloat &x) -> std::optional<APFloat> {
          APFloat f = x;
          bool losesInfo = false;
          f.convert(sem, APFloat::rmNearestTiesToEven, &losesInfo);
          // Truncate=true chops mantissa bits instead of rounding.
          if (truncate && losesInfo)
            return std::nullopt;
          return f;
        });
  }
  return {};
}

double toDouble(const APFloat &value) {
  APFloat d = value;
  bool losesInfo;
  d.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  return d.convertToDouble();
}

std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

bool isConstantSplatValue(Attribute attr, double value) {
  auto a = dyn_cast_or_null<DenseElementsAttr>(attr);
  if (!a || !a.isSplat())
    return false;
  Type et = a.getElementType();
  if (isa<FloatType>(et))
    return toDouble(a.getSplatValue<APFloat>()) == value;
  if (auto it = dyn_cast<IntegerType>(et)) {
    if (it.getWidth() > 64)
      return false;
    APInt v = a.getSplatValue<APInt>();
    int64_t iv = isUnsignedOrBool(et) ? static_cast<int64_t>(v.getZExtValue())
                                      : v.getSExtValue();
    return static_cast<double>(iv) == value;
  }
  return false;
}

} // namespace TF
} // namespace tfmlir

/// Shared checks of both rangeElementCount overloads; `str` prints a value.
template <typename T, typename Str>
static bool rangeSpecValid(T start, T limit, T delta, Str str,
                           std::string &why) {
  if (delta == 0) {
    why = "requires delta != 0";
    return false;
  }
  if (delta > 0 ? start > limit : start < limit) {
    why = std::string("requires start ") + (delta > 0 ? "<=" : ">=") +
          " limit when delta " + (delta > 0 ? ">" : "<") + " 0, got start " +
          str(start) + ", limit " + str(limit);
    return false;
  }
  return true;
}

static const char kRangeTooLarge[] =
    "requires ((limit - start) / delta) <= 9223372036854775807";

std::optional<int64_t> tfmlir::TF::rangeElementCount(double start, double limit,
                                                     double delta,
                                                     std::string &why) {
  auto str = [](double v) {
    std::string out;
    llvm::raw_string_ostream os(out);
    os << llvm::format("%g", v);
    return out;
  };
  if (!std::isfinite(start) || !std::isfinite(limit) || !std::isfinite(delta)) {
    why = "requires finite start, limit and delta, got start " + str(start) +
          ", limit " + str(limit) + ", delta " + str(delta);
    return std::nullopt;
  }
  if (!rangeSpecValid(start, limit, delta, str, why))
    return std::nullopt;
  double n = std::ceil(std::abs((limit - start) / delta));
  if (!(n < 9223372036854775808.0)) {
    why = kRangeTooLarge;
    return std::nullopt;
  }
  return static_cast<int64_t>(n);
}

std::optional<int64_t> tfmlir::TF::rangeElementCount(int64_t start,
                                                     int64_t limit,
                                                     int64_t delta,
                                                     std::string &why) {
  auto str = [](int64_t v) { return std::to_string(v); };
  if (!rangeSpecValid(start, limit, delta, str, why))
    return std::nullopt;
  __int128 span = static_cast<__int128>(limit) - start;
  if (span < 0)
    span = -span;
  __int128 step = delta < 0 ? -static_cast<__int128>(delta) : delta;
  __int128 n = (span + step - 1) / step;
  if (n > std::numeric_limits<int64_t>::max()) {
    why = kRangeTooLarge;
    return std::nullopt;
  }
  return static_cast<int64_t>(n);
}
