//===- Helpers.cpp - builders shared by the tf -> tfl patterns ------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/OperationSupport.h"

using namespace mlir;

namespace tfmlir::conv {

Operation *create(OpBuilder &b, Location loc, StringRef name,
                  ValueRange operands, TypeRange results,
                  ArrayRef<NamedAttribute> attrs) {
  OperationState st(loc, name);
  st.addOperands(operands);
  st.addTypes(results);
  st.addAttributes(attrs);
  return b.create(st);
}

Value create1(OpBuilder &b, Location loc, StringRef name, ValueRange operands,
              Type result, ArrayRef<NamedAttribute> attrs) {
  return create(b, loc, name, operands, TypeRange{result}, attrs)->getResult(0);
}

Value constant(OpBuilder &b, Location loc, ElementsAttr value) {
  return create1(b, loc, "tfl.pseudo_const", {}, value.getType(),
                 {b.getNamedAttr("value", value)});
}

Value i32Vector(OpBuilder &b, Location loc, ArrayRef<int64_t> values) {
  SmallVector<int32_t> v(values.begin(), values.end());
  auto t =
      RankedTensorType::get({static_cast<int64_t>(v.size())}, b.getI32Type());
  return constant(b, loc, DenseElementsAttr::get(t, ArrayRef<int32_t>(v)));
}

Value i32Scalar(OpBuilder &b, Location loc, int64_t value) {
  auto t = RankedTensorType::get({}, b.getI32Type());
  return constant(b, loc,
                  DenseElementsAttr::get(
                      t, ArrayRef<int32_t>{static_cast<int32_t>(value)}));
}

Value noValue(OpBuilder &b, Location loc) {
  return create1(b, loc, "tfl.no_value", {}, b.getNoneType());
}

std::optional<DenseElementsAttr> constantOf(Value v) {
  Operation *def = v ? v.getDefiningOp() : nullptr;
  if (!def)
    return std::nullopt;
  StringRef n = def->getName().getStringRef();
  if (n != "tfl.pseudo_const" && n != "tf.Const")
    return std::nullopt;
  if (auto d = dyn_cast_or_null<DenseElementsAttr>(def->getAttr("value")))
    return d;
  return std::nullopt;
}

std::optional<SmallVector<int64_t>> constantInts(Value v) {
  auto c = constantOf(v);
  if (!c || !isa<IntegerType>(c->getElementType()))
    return std::nullopt;
  SmallVector<int64_t> out;
  for (const APInt &a : c->getValues<APInt>())
    out.push_back(a.getBitWidth() == 1 ? a.getZExtValue() : a.getSExtValue());
  return out;
}

Value toI32(OpBuilder &b, Location loc, Value v) {
  auto t = dyn_cast<TensorType>(v.getType());
  if (!t)
    return v;
  if (t.getElementType().isInteger(32))
    return v;
  if (auto c = constantOf(v); c && isa<IntegerType>(c->getElementType())) {
    SmallVector<int32_t> vals;
    for (const APInt &a : c->getValues<APInt>()) {
      int64_t x = a.getSExtValue();
      if (x < INT32_MIN || x > INT32_MAX)
        return Value();
      vals.push_back(static_cast<int32_t>(x));
    }
    auto nt = RankedTensorType::get(c->getType().getShape(), b.getI32Type());
    return constant(b, loc,
                    DenseElementsAttr::get(nt, ArrayRef<int32_t>(vals)));
  }
  Type nt = t.cloneWith(std::nullopt, b.getI32Type());
  return create1(b, loc, "tfl.cast", {v}, nt,
                 {strA(b, "in_data_type", tensorTypeName(t.getElementType())),
                  strA(b, "out_data_type", "INT32")});
}

Type permuteType(Type t, ArrayRef<int64_t> perm) {
  auto r = dyn_cast<RankedTensorType>(t);
  if (!r || r.getRank() != static_cast<int64_t>(perm.size()))
    return t;
  SmallVector<int64_t> s;
  for (int64_t p : perm)
    s.push_back(r.getDimSize(p));
  return RankedTensorType::get(s, r.getElementType());
}

/// Permutes the elements of a static-shaped dense constant.
static DenseElementsAttr permuteConstant(DenseElementsAttr c,
                                         ArrayRef<int64_t> perm) {
  auto type = cast<RankedTensorType>(c.getType());
  auto nt = cast<RankedTensorType>(permuteType(type, perm));
  if (c.isSplat())
    return c.reshape(nt);
  int64_t rank = type.getRank();
  ArrayRef<int64_t> inShape = type.getShape();
  SmallVector<int64_t> inStride(rank, 1);
  for (int64_t i = rank - 2; i >= 0; --i)
    inStride[i] = inStride[i + 1] * inShape[i + 1];
  int64_t n = type.getNumElements();
  SmallVector<int64_t> srcIndex(n);
  SmallVector<int64_t> idx(rank, 0);
  ArrayRef<int64_t> outShape = nt.getShape();
  for (int64_t o = 0; o < n; ++o) {
    int64_t src = 0;
    for (int64_t d = 0; d < rank; ++d)
      src += idx[d] * inStride[perm[d]];
    srcIndex[o] = src;
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++idx[d] < outShape[d])
        break;
      idx[d] = 0;
    }
  }
  unsigned bits = type.getElementType().getIntOrFloatBitWidth();
  if (bits % 8 == 0 && !isa<ComplexType>(type.getElementType())) {
    ArrayRef<char> raw = c.getRawData();
    size_t esz = bits / 8;
    std::vector<char> out(n * esz);
    for (int64_t o = 0; o < n; ++o)
      std::memcpy(out.data() + o * esz, raw.data() + srcIndex[o] * esz, esz);
    return DenseElementsAttr::getFromRawBuffer(nt, out);
  }
  auto vals = llvm::to_vector(c.getValues<Attribute>());
  SmallVector<Attribute> out;
  for (int64_t o = 0; o < n; ++o)
    out.push_back(vals[srcIndex[o]]);
  return DenseElementsAttr::get(nt, out);
}

Value transpose(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> perm) {
  if (auto c = constantOf(v);
      c && c->getType().hasStaticShape() &&
      c->getType().getRank() == static_cast<int64_t>(perm.size()) &&
      c->getElementType().isIntOrFloat())
    return constant(b, loc, permuteConstant(*c, perm));
  return create1(b, loc, "tfl.transpose", {v, i32Vector(b, loc, perm)},
                 permuteType(v.getType(), perm));
}

Value reshape(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape) {
  auto et = cast<ShapedType>(v.getType()).getElementType();
  auto nt = RankedTensorType::get(shape, et);
  if (auto c = constantOf(v); c && c->getType().hasStaticShape())
    return constant(b, loc, c->reshape(nt));
  SmallVector<int32_t> s32(shape.begin(), shape.end());
  return create1(b, loc, "tfl.reshape", {v, i32Vector(b, loc, shape)}, nt,
                 {b.getNamedAttr("new_shape", b.getDenseI32ArrayAttr(s32))});
}

std::string tensorTypeName(Type e) {
  if (e.isF32())
    return "FLOAT32";
  if (e.isF16())
    return "FLOAT16";
  if (e.isBF16())
    return "BFLOAT16";
  if (e.isF64())
    return "FLOAT64";
  if (auto i = dyn_cast<IntegerType>(e)) {
    unsigned w = i.getWidth();
    if (w == 1)
      return "BOOL";
    bool u = i.isUnsigned();
    switch (w) {
    case 4:
      return u ? "" : "INT4";
    case 8:
      return u ? "UINT8" : "INT8";
    case 16:
      return u ? "UINT16" : "INT16";
    case 32:
      return u ? "UINT32" : "INT32";
    case 64:
      return u ? "UINT64" : "INT64";
    default:
      return "";
    }
  }
  if (auto c = dyn_cast<ComplexType>(e))
    return c.getElementType().isF32()   ? "COMPLEX64"
           : c.getElementType().isF64() ? "COMPLEX128"
                                        : "";
  return "";
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
  if (auto d = dyn_cast<DenseI32ArrayAttr>(a))
    return SmallVector<int64_t>(d.asArrayRef().begin(), d.asArrayRef().end());
  return std::nullopt;
}

std::string strAttr(Operation *op, StringRef name, StringRef dflt) {
  if (auto s = op->getAttrOfType<StringAttr>(name))
    return s.getValue().str();
  return dflt.str();
}
bool boolAttr(Operation *op, StringRef name, bool dflt) {
  if (auto s = op->getAttrOfType<BoolAttr>(name))
    return s.getValue();
  return dflt;
}
double floatAttr(Operation *op, StringRef name, double dflt) {
  if (auto s = op->getAttrOfType<FloatAttr>(name))
    return s.getValueAsDouble();
  return dflt;
}

NamedAttribute i32A(OpBuilder &b, StringRef n, int64_t v) {
  return b.getNamedAttr(n, b.getI32IntegerAttr(static_cast<int32_t>(v)));
}
NamedAttribute f32A(OpBuilder &b, StringRef n, double v) {
  return b.getNamedAttr(n, b.getF32FloatAttr(static_cast<float>(v)));
}
NamedAttribute boolA(OpBuilder &b, StringRef n, bool v) {
  return b.getNamedAttr(n, b.getBoolAttr(v));
}
NamedAttribute strA(OpBuilder &b, StringRef n, StringRef v) {
  return b.getNamedAttr(n, b.getStringAttr(v));
}
NamedAttribute actNone(OpBuilder &b) {
  return strA(b, "fused_activation_function", "NONE");
}

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

LogicalResult constAxis(Operation *op, unsigned i, int64_t &axis,
                        std::string &why) {
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
  SmallVector<NamedAttribute> a{i32A(b, "builtin_code", code),
                                strA(b, "name", name), i32A(b, "version", 1)};
  if (!options.empty()) {
    a.push_back(strA(b, "builtin_options_type", options));
    a.push_back(b.getNamedAttr("builtin_options", b.getDictionaryAttr(opts)));
  }
  return create(b, op->getLoc(), "tfl.builtin_op", operands,
                op->getResultTypes(), a);
}

} // namespace tfmlir::conv
