//===- Helpers.cpp - builders shared by the tf -> hlo patterns ------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"
#include "lib/Support/WindowGeometry.h"

#include "dialects/tf/TFDiagnostics.h"
#include "lib/Support/ABI/IndexCheck.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;

namespace tfmlir::tohlo {

RankedTensorType staticType(Value v) {
  auto t = v ? dyn_cast<RankedTensorType>(v.getType()) : RankedTensorType();
  return t && t.hasStaticShape() ? t : RankedTensorType();
}

RankedTensorType staticResult(Operation *op, unsigned i) {
  return i < op->getNumResults() ? staticType(op->getResult(i))
                                 : RankedTensorType();
}

Value constant(OpBuilder &b, Location loc, ElementsAttr value) {
  return hlo::ConstantOp::create(b, loc, value);
}

namespace {
/// `v` as an attribute of element type `elt`.
Attribute scalarAttr(Type elt, double v) {
  if (auto f = dyn_cast<FloatType>(elt)) {
    APFloat x(v);
    bool lost;
    x.convert(f.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
    return FloatAttr::get(elt, x);
  }
  auto it = cast<IntegerType>(elt);
  if (it.getWidth() == 1)
    return IntegerAttr::get(elt, APInt(1, v != 0.0));
  return IntegerAttr::get(elt,
                          APInt(it.getWidth(), static_cast<int64_t>(v),
                                /*isSigned=*/true, /*implicitTrunc=*/true));
}
} // namespace

Value splat(OpBuilder &b, Location loc, RankedTensorType type, double v) {
  return constant(
      b, loc,
      DenseElementsAttr::get(type, scalarAttr(type.getElementType(), v)));
}

Value scalar(OpBuilder &b, Location loc, Type elt, double v) {
  return splat(b, loc, RankedTensorType::get({}, elt), v);
}

namespace {
Value limit(OpBuilder &b, Location loc, Type elt, bool max) {
  auto type = RankedTensorType::get({}, elt);
  if (auto f = dyn_cast<FloatType>(elt))
    return constant(
        b, loc,
        DenseElementsAttr::get(
            type,
            FloatAttr::get(elt, APFloat::getInf(f.getFloatSemantics(), !max))));
  auto it = cast<IntegerType>(elt);
  unsigned w = it.getWidth();
  APInt v =
      w == 1 ? APInt(1, max ? 1 : 0)
      : it.isUnsigned()
          ? (max ? APInt::getMaxValue(w) : APInt::getMinValue(w))
          : (max ? APInt::getSignedMaxValue(w) : APInt::getSignedMinValue(w));
  return constant(b, loc,
                  DenseElementsAttr::get(type, IntegerAttr::get(elt, v)));
}
} // namespace

Value maxValue(OpBuilder &b, Location loc, Type elt) {
  return limit(b, loc, elt, true);
}
Value minValue(OpBuilder &b, Location loc, Type elt) {
  return limit(b, loc, elt, false);
}

std::optional<DenseElementsAttr> constantOf(Value v) {
  if (!v)
    return std::nullopt;
  Attribute attr;
  if (matchPattern(v, m_Constant(&attr)))
    if (auto d = dyn_cast<DenseElementsAttr>(attr))
      return d;
  if (Operation *def = v.getDefiningOp())
    if (def->getName().getStringRef() == "tf.Const")
      if (auto d = dyn_cast_or_null<DenseElementsAttr>(def->getAttr("value")))
        return d;
  return std::nullopt;
}

std::optional<SmallVector<int64_t>> constantInts(Value v) {
  auto d = constantOf(v);
  if (!d || !isa<IntegerType>(d->getElementType()))
    return std::nullopt;
  SmallVector<int64_t> out;
  bool isUnsigned = d->getElementType().isUnsignedInteger();
  for (const APInt &x : d->getValues<APInt>())
    out.push_back(isUnsigned ? static_cast<int64_t>(x.getZExtValue())
                             : x.getSExtValue());
  return out;
}

std::optional<SmallVector<int64_t>> intList(Operation *op, StringRef name) {
  Attribute a = op->getAttr(name);
  if (!a)
    return std::nullopt;
  SmallVector<int64_t> out;
  if (auto arr = dyn_cast<ArrayAttr>(a)) {
    for (Attribute e : arr) {
      auto i = dyn_cast<IntegerAttr>(e);
      if (!i)
        return std::nullopt;
      out.push_back(i.getInt());
    }
    return out;
  }
  if (auto d = dyn_cast<DenseI64ArrayAttr>(a))
    return SmallVector<int64_t>(d.asArrayRef());
  if (auto d = dyn_cast<DenseI32ArrayAttr>(a)) {
    for (int32_t x : d.asArrayRef())
      out.push_back(x);
    return out;
  }
  return std::nullopt;
}

std::string strAttr(Operation *op, StringRef name, StringRef dflt) {
  if (auto s = dyn_cast_or_null<StringAttr>(op->getAttr(name)))
    return s.getValue().str();
  return dflt.str();
}

bool boolAttr(Operation *op, StringRef name, bool dflt) {
  if (auto s = dyn_cast_or_null<BoolAttr>(op->getAttr(name)))
    return s.getValue();
  return dflt;
}

double floatAttr(Operation *op, StringRef name, double dflt) {
  if (auto s = dyn_cast_or_null<FloatAttr>(op->getAttr(name)))
    return s.getValueAsDouble();
  return dflt;
}

int64_t intAttr(Operation *op, StringRef name, int64_t dflt) {
  if (auto s = dyn_cast_or_null<IntegerAttr>(op->getAttr(name)))
    return s.getInt();
  return dflt;
}

Value broadcastInDim(OpBuilder &b, Location loc, Value v,
                     ArrayRef<int64_t> shape, ArrayRef<int64_t> dims) {
  auto t = cast<RankedTensorType>(v.getType());
  auto out = RankedTensorType::get(shape, t.getElementType());
  if (t == out) {
    bool identity = true;
    for (auto [i, d] : llvm::enumerate(dims))
      identity &= static_cast<int64_t>(i) == d;
    if (identity)
      return v;
  }
  return hlo::BroadcastInDimOp::create(b, loc, out, v, dims);
}

Value broadcastTo(OpBuilder &b, Location loc, Value v,
                  ArrayRef<int64_t> shape) {
  auto t = staticType(v);
  if (!t)
    return {};
  int64_t r = t.getRank(), n = shape.size();
  if (r > n)
    return {};
  SmallVector<int64_t> dims;
  for (int64_t i = 0; i < r; ++i) {
    int64_t d = t.getDimSize(i), to = shape[n - r + i];
    if (d != 1 && d != to)
      return {};
    dims.push_back(n - r + i);
  }
  return broadcastInDim(b, loc, v, shape, dims);
}

Value reshape(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape) {
  auto t = cast<RankedTensorType>(v.getType());
  auto out = RankedTensorType::get(shape, t.getElementType());
  if (t == out)
    return v;
  return hlo::ReshapeOp::create(b, loc, out, v);
}

Value transpose(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> perm) {
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm))
    identity &= static_cast<int64_t>(i) == p;
  if (identity)
    return v;
  return hlo::TransposeOp::create(b, loc, v, perm);
}

Value convert(OpBuilder &b, Location loc, Value v, Type elt) {
  auto t = cast<RankedTensorType>(v.getType());
  if (t.getElementType() == elt)
    return v;
  return hlo::ConvertOp::create(b, loc, t.clone(elt), v);
}

Value checkIndices(OpBuilder &b, Operation *op, Value indices, StringRef kind,
                   ArrayRef<int64_t> bounds) {
  auto t = staticType(indices);
  if (!t || t.getNumElements() == 0)
    return indices;
  bool nd = kind == "gather_nd" || kind == "scatter_nd";
  if (auto c = constantInts(indices)) {
    bool inRange = true;
    int64_t k = nd ? t.getShape().back() : 1;
    for (size_t i = 0; i < c->size() && inRange; ++i) {
      int64_t v = (*c)[i], limit = bounds[nd ? i % k : 0];
      inRange = kind == "segment" ? v < limit : v >= 0 && v < limit;
    }
    if (inRange)
      return indices;
  }
  std::string config;
  llvm::raw_string_ostream os(config);
  os << kind << "\n";
  llvm::interleave(t.getShape(), os, ",");
  os << "\n";
  llvm::interleave(bounds, os, ",");
  os << "\n" << nodeNameOf(op->getLoc());
  Location loc = op->getLoc();
  Value flat = reshape(b, loc, indices, {t.getNumElements()});
  if (!t.getElementType().isInteger(32) && !t.getElementType().isInteger(64))
    flat = convert(b, loc, flat, b.getIntegerType(64));
  auto call = hlo::CustomCallOp::create(b, loc, TypeRange{flat.getType()},
                                        ValueRange{flat},
                                        TFMLIR_RT_CHECK_INDICES_TARGET, config,
                                        /*has_side_effect=*/true);
  return reshape(b, loc, call.getResult(0), t.getShape());
}

hlo::ComparisonType compareTypeFor(Type elt) {
  if (isa<FloatType>(elt) || isa<ComplexType>(elt))
    return hlo::ComparisonType::FLOAT;
  if (elt.isUnsignedInteger() || elt.isInteger(1))
    return hlo::ComparisonType::UNSIGNED;
  return hlo::ComparisonType::SIGNED;
}

Value compare(OpBuilder &b, Location loc, Value l, Value r,
              hlo::ComparisonDirection dir) {
  auto ctx = b.getContext();
  return hlo::CompareOp::create(
      b, loc, l, r, hlo::ComparisonDirectionAttr::get(ctx, dir),
      hlo::ComparisonTypeAttr::get(ctx,
                                   compareTypeFor(getElementTypeOrSelf(l))));
}

Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value l, Value r) {
  switch (kind) {
  case ReduceKind::Add:
    return hlo::AddOp::create(b, loc, l, r);
  case ReduceKind::Mul:
    return hlo::MultiplyOp::create(b, loc, l, r);
  case ReduceKind::Max:
    return hlo::MaximumOp::create(b, loc, l, r);
  case ReduceKind::Min:
    return hlo::MinimumOp::create(b, loc, l, r);
  case ReduceKind::And:
    return hlo::AndOp::create(b, loc, l, r);
  case ReduceKind::Or:
    return hlo::OrOp::create(b, loc, l, r);
  }
  llvm_unreachable("unknown reduce kind");
}

Value reduce(OpBuilder &b, Location loc, Value input, Value init,
             ArrayRef<int64_t> dims, ReduceKind kind) {
  auto op =
      hlo::ReduceOp::create(b, loc, ValueRange{input}, ValueRange{init}, dims);
  Type s = init.getType();
  OpBuilder::InsertionGuard g(b);
  Block *body = b.createBlock(&op.getBody(), {}, {s, s}, {loc, loc});
  Value c = combine(b, loc, kind, body->getArgument(0), body->getArgument(1));
  hlo::ReturnOp::create(b, loc, ValueRange{c});
  return op.getResult(0);
}

std::optional<int64_t> normAxis(int64_t axis, int64_t rank) {
  if (axis < -rank || axis >= rank)
    return std::nullopt;
  return axis < 0 ? axis + rank : axis;
}

Value like(OpBuilder &b, Location loc, Value x, double v) {
  return splat(b, loc, cast<RankedTensorType>(x.getType()), v);
}

Value sliceOf(OpBuilder &b, Location loc, Value x, ArrayRef<int64_t> start,
              ArrayRef<int64_t> limit, ArrayRef<int64_t> strides) {
  SmallVector<int64_t> st(strides);
  if (st.empty())
    st.assign(start.size(), 1);
  return hlo::SliceOp::create(b, loc, x, start, limit, st);
}

Value iota(OpBuilder &b, Location loc, ArrayRef<int64_t> shape, Type elt,
           int64_t dim) {
  return hlo::IotaOp::create(b, loc, RankedTensorType::get(shape, elt),
                             static_cast<uint64_t>(dim));
}

std::pair<int64_t, int64_t> windowPad(int64_t in, int64_t k, int64_t s,
                                      int64_t r, bool same, int64_t &outSize) {
  std::optional<WindowDim> w = windowGeometry(
      in, k, r, s, same ? WindowPadding::kSame : WindowPadding::kValid);
  if (!w) {
    outSize = -1; // invalid or overflowing: matches no result shape
    return {0, 0};
  }
  outSize = std::max<int64_t>(w->outSize, 0);
  return {w->padBefore, w->padAfter};
}

Value binCounts(OpBuilder &b, Location loc, Value bins, Value weights,
                RankedTensorType out) {
  auto bt = cast<RankedTensorType>(bins.getType());
  int64_t n = bt.getNumElements(), nb = out.getDimSize(0);
  Value flat = reshape(b, loc, bins, {n});
  SmallVector<int64_t> shape{n, nb};
  Value eq = compare(b, loc, broadcastInDim(b, loc, flat, shape, {0}),
                     iota(b, loc, shape, bt.getElementType(), 1),
                     hlo::ComparisonDirection::EQ);
  Type elt = out.getElementType();
  Value w = weights ? broadcastInDim(b, loc, reshape(b, loc, weights, {n}),
                                     shape, {0})
                    : splat(b, loc, RankedTensorType::get(shape, elt), 1);
  Value z = hlo::SelectOp::create(
      b, loc, eq, w, splat(b, loc, RankedTensorType::get(shape, elt), 0));
  return reduce(b, loc, z, scalar(b, loc, elt, 0), {0}, ReduceKind::Add);
}

} // namespace tfmlir::tohlo
