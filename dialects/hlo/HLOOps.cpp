//===- HLOOps.cpp - the hlo dialect: registration, attributes, folders ----===//
//
// Holds the generated op/attribute definitions, the assembly of the
// dimension-number attributes and the folders. Shape rules (verifiers and
// type inference) are in HLOShapeRules.cpp.
//===----------------------------------------------------------------------===//
#include "dialects/hlo/HLOOps.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <optional>

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::hlo;

namespace {
/// Parses `[d0, d1, ...]` (possibly empty) into `dims`.
ParseResult parseDimList(AsmParser &p, SmallVector<int64_t> &dims) {
  dims.clear();
  return p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
    int64_t v;
    if (p.parseInteger(v))
      return failure();
    dims.push_back(v);
    return success();
  });
}
/// Prints `[d0, d1, ...]`.
void printDimList(AsmPrinter &p, ArrayRef<int64_t> dims) {
  p << '[';
  llvm::interleaveComma(dims, p);
  p << ']';
}
} // namespace

#include "dialects/hlo/HLOEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/hlo/HLOAttrs.cpp.inc"

#include "dialects/hlo/HLODialect.cpp.inc"

#define GET_OP_CLASSES
#include "dialects/hlo/HLOOps.cpp.inc"

void HLODialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/hlo/HLOAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/hlo/HLOOps.cpp.inc"
      >();
}

void tfmlir::registerHLODialect(DialectRegistry &registry) {
  registry.insert<HLODialect>();
}

Operation *HLODialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  auto elements = dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, elements);
}

//===----------------------------------------------------------------------===//
// #hlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>
//===----------------------------------------------------------------------===//

namespace {
/// One bracketed layout of the compact convolution form. `special` holds the
/// two letters of the non-spatial dims (b/f or i/o); on success `first` and
/// `second` are their positions and `spatial[k]` is the position of spatial
/// dim k.
ParseResult parseConvLayout(AsmParser &p, char firstLetter, char secondLetter,
                            int64_t &first, int64_t &second,
                            SmallVector<int64_t> &spatial) {
  first = second = -1;
  SmallVector<int64_t> spatialAt; // spatialAt[k] = position, -1 if missing
  int64_t pos = 0;
  llvm::SMLoc loc = p.getCurrentLocation();
  auto parseOne = [&]() -> ParseResult {
    int64_t k;
    OptionalParseResult intRes = p.parseOptionalInteger(k);
    if (intRes.has_value()) {
      if (failed(*intRes))
        return failure();
      if (k < 0 || k > 64)
        return p.emitError(p.getCurrentLocation(), "spatial dim index ")
               << k << " out of range";
      if (static_cast<int64_t>(spatialAt.size()) <= k)
        spatialAt.resize(k + 1, -1);
      if (spatialAt[k] != -1)
        return p.emitError(p.getCurrentLocation(), "spatial dim ")
               << k << " appears twice";
      spatialAt[k] = pos++;
      return success();
    }
    StringRef kw;
    if (p.parseKeyword(&kw))
      return failure();
    if (kw.size() == 1 && kw[0] == firstLetter && first == -1) {
      first = pos++;
      return success();
    }
    if (kw.size() == 1 && kw[0] == secondLetter && second == -1) {
      second = pos++;
      return success();
    }
    return p.emitError(p.getCurrentLocation(), "expected '")
           << firstLetter << "', '" << secondLetter
           << "' (once each) or a spatial dim index, got '" << kw << "'";
  };
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, parseOne))
    return failure();
  if (first == -1 || second == -1)
    return p.emitError(loc, "layout must contain '")
           << firstLetter << "' and '" << secondLetter << "'";
  spatial.clear();
  for (auto [k, at] : llvm::enumerate(spatialAt)) {
    if (at == -1)
      return p.emitError(loc, "spatial dims must be 0..n-1; missing ") << k;
    spatial.push_back(at);
  }
  return success();
}

/// Prints one layout: position -> letter or spatial index.
void printConvLayout(AsmPrinter &p, int64_t first, char firstLetter,
                     int64_t second, char secondLetter,
                     ArrayRef<int64_t> spatial) {
  int64_t rank = 2 + static_cast<int64_t>(spatial.size());
  SmallVector<std::string> names(rank, "?");
  if (first >= 0 && first < rank)
    names[first] = std::string(1, firstLetter);
  if (second >= 0 && second < rank)
    names[second] = std::string(1, secondLetter);
  for (auto [k, at] : llvm::enumerate(spatial))
    if (at >= 0 && at < rank)
      names[at] = std::to_string(k);
  p << '[';
  llvm::interleaveComma(names, p);
  p << ']';
}
} // namespace

Attribute ConvDimensionNumbersAttr::parse(AsmParser &p, Type) {
  int64_t ib, iff, ki, ko, ob, of;
  SmallVector<int64_t> is, ks, os;
  if (p.parseLess() || parseConvLayout(p, 'b', 'f', ib, iff, is) ||
      p.parseKeyword("x") || parseConvLayout(p, 'i', 'o', ki, ko, ks) ||
      p.parseArrow() || parseConvLayout(p, 'b', 'f', ob, of, os) ||
      p.parseGreater())
    return {};
  return ConvDimensionNumbersAttr::get(p.getContext(), ib, iff, is, ki, ko, ks,
                                       ob, of, os);
}

void ConvDimensionNumbersAttr::print(AsmPrinter &p) const {
  p << '<';
  printConvLayout(p, getInputBatchDimension(), 'b', getInputFeatureDimension(),
                  'f', getInputSpatialDimensions());
  p << "x";
  printConvLayout(p, getKernelInputFeatureDimension(), 'i',
                  getKernelOutputFeatureDimension(), 'o',
                  getKernelSpatialDimensions());
  p << "->";
  printConvLayout(p, getOutputBatchDimension(), 'b',
                  getOutputFeatureDimension(), 'f',
                  getOutputSpatialDimensions());
  p << '>';
}

//===----------------------------------------------------------------------===//
// Folders. Only value-preserving rewrites: constants through reshape,
// convert (exact integer/float conversions only), splat broadcasts, identity
// transposes.
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  auto type = getType();
  if (getOperand().getType() == type)
    return getOperand();
  if (!type.hasStaticShape())
    return {};
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getOperand()))
    return dense.reshape(type);
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> perm = getPermutation();
  bool identity = true;
  for (auto [i, p] : llvm::enumerate(perm))
    identity &= static_cast<int64_t>(i) == p;
  if (identity && getOperand().getType() == getType())
    return getOperand();
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getOperand()))
    if (dense.isSplat() && getType().hasStaticShape())
      return dense.resizeSplat(getType());
  return {};
}

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor adaptor) {
  auto type = getType();
  if (getOperand().getType() == type) {
    bool identity = true;
    for (auto [i, d] : llvm::enumerate(getBroadcastDimensions()))
      identity &= static_cast<int64_t>(i) == d;
    if (identity)
      return getOperand();
  }
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getOperand()))
    if (dense.isSplat() && type.hasStaticShape())
      return dense.resizeSplat(type);
  return {};
}

/// `dense` (elements of C++ type `In`) with `convert` applied to each
/// element, as a float constant of `type`; null when any element does not
/// convert. A splat stays a splat, whatever its size.
template <typename In, typename Fn>
static OpFoldResult convertToFloats(DenseElementsAttr dense, ShapedType type,
                                    Fn convert) {
  if (dense.isSplat()) {
    std::optional<APFloat> v = convert(dense.getSplatValue<In>());
    if (!v)
      return {};
    return DenseElementsAttr::get(type, *v);
  }
  SmallVector<APFloat> out;
  for (In v : dense.getValues<In>()) {
    std::optional<APFloat> c = convert(v);
    if (!c)
      return {};
    out.push_back(*c);
  }
  return DenseElementsAttr::get(type, out);
}

OpFoldResult ConvertOp::fold(FoldAdaptor adaptor) {
  auto type = getType();
  if (getOperand().getType() == type)
    return getOperand();
  auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getOperand());
  if (!dense || !type.hasStaticShape())
    return {};
  // A splat folds to a splat of the converted value, whatever its size (a
  // [100000,100000] splat must never become 10^10 elements).
  Type from = dense.getElementType(), to = type.getElementType();
  // int -> int: wrap/extend as XLA does (sign from the source type).
  if (isa<IntegerType>(from) && isa<IntegerType>(to)) {
    bool srcSigned = !cast<IntegerType>(from).isUnsigned() &&
                     from.getIntOrFloatBitWidth() != 1;
    unsigned width = to.getIntOrFloatBitWidth();
    if (width == 1) // x -> pred is x != 0
      return dense.mapValues(
          to, [&](const APInt &v) { return APInt(1, v.isZero() ? 0 : 1); });
    return dense.mapValues(to, [&](const APInt &v) {
      return srcSigned ? v.sextOrTrunc(width) : v.zextOrTrunc(width);
    });
  }
  // float -> float: round to nearest even; fold only when exact so that
  // nothing depends on rounding mode or overflow.
  if (isa<FloatType>(from) && isa<FloatType>(to)) {
    const llvm::fltSemantics &sem = cast<FloatType>(to).getFloatSemantics();
    return convertToFloats<APFloat>(
        dense, type, [&](APFloat v) -> std::optional<APFloat> {
          bool losesInfo = false;
          v.convert(sem, APFloat::rmNearestTiesToEven, &losesInfo);
          if (losesInfo)
            return std::nullopt;
          return v;
        });
  }
  // int -> float when exact.
  if (isa<IntegerType>(from) && isa<FloatType>(to)) {
    bool isSigned = !cast<IntegerType>(from).isUnsigned() &&
                    from.getIntOrFloatBitWidth() != 1;
    const llvm::fltSemantics &sem = cast<FloatType>(to).getFloatSemantics();
    return convertToFloats<APInt>(
        dense, type, [&](const APInt &v) -> std::optional<APFloat> {
          APFloat f(sem);
          if (f.convertFromAPInt(v, isSigned, APFloat::rmNearestTiesToEven) !=
              APFloat::opOK)
            return std::nullopt;
          return f;
        });
  }
  return {};
}

namespace {
/// Folds an integer element-wise binary op on two dense constants of the
/// same static type (exact, two's complement wrap as in XLA). Float ops are
/// not folded here (rounding and -0.0 would need care).
template <typename Fn>
OpFoldResult foldIntBinary(Type type, Attribute l, Attribute r, Fn fn) {
  auto a = dyn_cast_or_null<DenseIntElementsAttr>(l);
  auto b = dyn_cast_or_null<DenseIntElementsAttr>(r);
  auto t = dyn_cast<RankedTensorType>(type);
  if (!a || !b || !t || !t.hasStaticShape() ||
      !isa<IntegerType>(t.getElementType()))
    return {};
  // Two splats give a splat of any size.
  if (a.isSplat() && b.isSplat())
    return DenseElementsAttr::get(
        t, fn(a.getSplatValue<APInt>(), b.getSplatValue<APInt>()));
  if (t.getNumElements() > 4096)
    return {};
  SmallVector<APInt> out;
  auto av = a.getValues<APInt>(), bv = b.getValues<APInt>();
  for (int64_t i = 0, n = t.getNumElements(); i < n; ++i)
    out.push_back(fn(a.isSplat() ? av[0] : av[i], b.isSplat() ? bv[0] : bv[i]));
  return DenseElementsAttr::get(t, out);
}
} // namespace

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  return foldIntBinary(getType(), adaptor.getLhs(), adaptor.getRhs(),
                       [](const APInt &a, const APInt &b) {
                         // pred addition is logical or.
                         return a.getBitWidth() == 1 ? (a | b) : a + b;
                       });
}
OpFoldResult SubtractOp::fold(FoldAdaptor adaptor) {
  return foldIntBinary(getType(), adaptor.getLhs(), adaptor.getRhs(),
                       [](const APInt &a, const APInt &b) { return a - b; });
}
OpFoldResult MultiplyOp::fold(FoldAdaptor adaptor) {
  return foldIntBinary(getType(), adaptor.getLhs(), adaptor.getRhs(),
                       [](const APInt &a, const APInt &b) { return a * b; });
}

/// Concatenation of constants (small tensors only: shape arithmetic).
OpFoldResult ConcatenateOp::fold(FoldAdaptor adaptor) {
  if (getInputs().size() == 1 && getInputs()[0].getType() == getType())
    return getInputs()[0];
  auto type = getType();
  if (!type.hasStaticShape() || type.getNumElements() > 4096)
    return {};
  SmallVector<DenseElementsAttr> parts;
  for (Attribute a : adaptor.getInputs()) {
    auto d = dyn_cast_or_null<DenseElementsAttr>(a);
    if (!d)
      return {};
    parts.push_back(d);
  }
  int64_t dim = getDimension();
  ArrayRef<int64_t> shape = type.getShape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d)
    outer *= shape[d];
  for (int64_t d = dim + 1; d < type.getRank(); ++d)
    inner *= shape[d];
  SmallVector<Attribute> out;
  SmallVector<SmallVector<Attribute>> vals;
  for (auto p : parts)
    vals.push_back(SmallVector<Attribute>(p.getValues<Attribute>()));
  for (int64_t o = 0; o < outer; ++o)
    for (auto [p, v] : llvm::zip(parts, vals)) {
      int64_t block = p.getType().getDimSize(dim) * inner;
      for (int64_t i = 0; i < block; ++i)
        out.push_back(v[o * block + i]);
    }
  return DenseElementsAttr::get(type, out);
}

/// Slice of a constant (small tensors only).
OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  auto d = dyn_cast_or_null<DenseElementsAttr>(adaptor.getOperand());
  auto type = getType();
  if (!d || !type.hasStaticShape())
    return {};
  if (d.isSplat())
    return d.resizeSplat(type);
  if (type.getNumElements() > 4096)
    return {};
  auto in = cast<RankedTensorType>(d.getType());
  SmallVector<Attribute> vals(d.getValues<Attribute>());
  SmallVector<Attribute> out;
  int64_t rank = in.getRank();
  SmallVector<int64_t> strides(rank, 1);
  for (int64_t i = rank - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * in.getDimSize(i + 1);
  SmallVector<int64_t> idx(rank, 0);
  int64_t n = type.getNumElements();
  for (int64_t k = 0; k < n; ++k) {
    int64_t flat = 0;
    for (int64_t i = 0; i < rank; ++i)
      flat += (getStartIndices()[i] + idx[i] * getStrides()[i]) * strides[i];
    out.push_back(vals[flat]);
    for (int64_t i = rank - 1; i >= 0; --i) {
      if (++idx[i] < type.getDimSize(i))
        break;
      idx[i] = 0;
    }
  }
  return DenseElementsAttr::get(type, out);
}
