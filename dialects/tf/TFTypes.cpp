//===- TFTypes.cpp - tf_type dialect implementation ----------------------===//
#include "dialects/tf/TFTypes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tfmlir::tf_type;

#include "dialects/tf/TFTypesDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/tf/TFTypesTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/tf/TFTypesAttrs.cpp.inc"

void TFTypeDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/tf/TFTypesTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/tf/TFTypesAttrs.cpp.inc"
      >();
}

// #tf_type.shape<*> | #tf_type.shape<> | #tf_type.shape<2x?x3>
Attribute ShapeAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalStar())) {
    if (parser.parseGreater())
      return {};
    return ShapeAttr::get(parser.getContext(), std::nullopt);
  }
  if (succeeded(parser.parseOptionalGreater()))
    return ShapeAttr::get(parser.getContext(), ArrayRef<int64_t>{});
  SmallVector<int64_t> dims;
  if (parser.parseDimensionList(dims, /*allowDynamic=*/true,
                                /*withTrailingX=*/false) ||
      parser.parseGreater())
    return {};
  // `?` is TF's unknown dim, stored as -1 as in TensorShapeProto.
  for (int64_t &d : dims)
    if (ShapedType::isDynamic(d))
      d = -1;
  return ShapeAttr::get(parser.getContext(), ArrayRef<int64_t>(dims));
}

void ShapeAttr::print(AsmPrinter &printer) const {
  printer << "<";
  if (getUnranked()) {
    printer << "*";
  } else {
    llvm::interleave(
        getDims(), printer.getStream(),
        [&](int64_t d) {
          if (d < 0)
            printer << "?";
          else
            printer << d;
        },
        "x");
  }
  printer << ">";
}

namespace tfmlir::tf_type {

bool isTFElementType(Type t) {
  return isa<StringType, ResourceType, VariantType, Qint8Type, Qint16Type,
             Qint32Type, Quint8Type, Quint16Type, RefType>(t);
}

Type dropRef(Type t) {
  if (auto r = dyn_cast<RefType>(t))
    return r.getBase();
  return t;
}

Type getElementTypeOrSelf(Type t) {
  if (auto s = dyn_cast<ShapedType>(t))
    return s.getElementType();
  return t;
}

bool areCastCompatible(Type a, Type b) {
  auto ta = dyn_cast<TensorType>(a), tb = dyn_cast<TensorType>(b);
  if (!ta || !tb)
    return a == b;
  // A `_REF` tensor is read as its base type (TF dereferences it).
  Type ea = dropRef(ta.getElementType()), eb = dropRef(tb.getElementType());
  if (ea != eb) {
    bool bothRes = isa<ResourceType>(ea) && isa<ResourceType>(eb);
    bool bothVar = isa<VariantType>(ea) && isa<VariantType>(eb);
    if (!bothRes && !bothVar)
      return false;
  }
  if (!ta.hasRank() || !tb.hasRank())
    return true;
  if (ta.getRank() != tb.getRank())
    return false;
  for (auto [x, y] : llvm::zip(ta.getShape(), tb.getShape()))
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return false;
  return true;
}

} // namespace tfmlir::tf_type
