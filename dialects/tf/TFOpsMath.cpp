//===- TFOpsMath.cpp - elementwise math, comparison, logical, cast ops ---===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;
using llvm::APFloat;
using llvm::APInt;

//===----------------------------------------------------------------------===//
// Scalar kernels used by the folders. They follow TF's CPU kernels; a
// nullopt result means "TF would raise a run-time error or the result is
// undefined", and the fold is skipped.
//===----------------------------------------------------------------------===//

namespace {
std::optional<APFloat> fAdd(const APFloat &a, const APFloat &b) {
  return a + b;
}
std::optional<APFloat> fSub(const APFloat &a, const APFloat &b) {
  return a - b;
}
std::optional<APFloat> fMul(const APFloat &a, const APFloat &b) {
  return a * b;
}
std::optional<APFloat> fDiv(const APFloat &a, const APFloat &b) {
  return a / b;
}
// Eigen's scalar_max_op<PropagateNaN>: NaN wins, then std::max.
std::optional<APFloat> fMax(const APFloat &a, const APFloat &b) {
  if (a.isNaN())
    return a;
  if (b.isNaN())
    return b;
  return a.compare(b) == APFloat::cmpLessThan ? b : a;
}
std::optional<APFloat> fMin(const APFloat &a, const APFloat &b) {
  if (a.isNaN())
    return a;
  if (b.isNaN())
    return b;
  return b.compare(a) == APFloat::cmpLessThan ? b : a;
}

std::optional<APInt> iAdd(const APInt &a, const APInt &b, bool) {
  return a + b;
}
std::optional<APInt> iSub(const APInt &a, const APInt &b, bool) {
  return a - b;
}
std::optional<APInt> iMul(const APInt &a, const APInt &b, bool) {
  return a * b;
}
/// Division by zero and signed INT_MIN / -1 are errors/UB in TF's kernels.
bool badIntDivisor(const APInt &a, const APInt &b, bool isUnsigned) {
  return b.isZero() || (!isUnsigned && a.isMinSignedValue() && b.isAllOnes());
}
std::optional<APInt> iDiv(const APInt &a, const APInt &b, bool isUnsigned) {
  if (badIntDivisor(a, b, isUnsigned))
    return std::nullopt;
  return isUnsigned ? a.udiv(b) : a.sdiv(b);
}
std::optional<APInt> iFloorDiv(const APInt &a, const APInt &b,
                               bool isUnsigned) {
  if (badIntDivisor(a, b, isUnsigned))
    return std::nullopt;
  if (isUnsigned)
    return a.udiv(b);
  APInt q = a.sdiv(b);
  if (!a.srem(b).isZero() && (a.isNegative() != b.isNegative()))
    q -= 1;
  return q;
}
std::optional<APInt> iFloorMod(const APInt &a, const APInt &b,
                               bool isUnsigned) {
  if (badIntDivisor(a, b, isUnsigned))
    return std::nullopt;
  if (isUnsigned)
    return a.urem(b);
  APInt r = a.srem(b);
  if (!r.isZero() && (r.isNegative() != b.isNegative()))
    r += b;
  return r;
}
std::optional<APInt> iMax(const APInt &a, const APInt &b, bool isUnsigned) {
  return isUnsigned ? llvm::APIntOps::umax(a, b) : llvm::APIntOps::smax(a, b);
}
std::optional<APInt> iMin(const APInt &a, const APInt &b, bool isUnsigned) {
  return isUnsigned ? llvm::APIntOps::umin(a, b) : llvm::APIntOps::smin(a, b);
}

/// `x op neutral` folds to `x` when `x` already has the result type and the
/// constant cannot broadcast `x` to a larger shape.
OpFoldResult foldNeutral(Value x, Attribute other, Type resultType,
                         double neutral) {
  auto c = dyn_cast_or_null<TypedAttr>(other);
  if (c && x.getType() == resultType &&
      broadcastsInto(c.getType(), resultType) &&
      isConstantSplatValue(other, neutral))
    return x;
  return {};
}
} // namespace

//===----------------------------------------------------------------------===//
// Binary arithmetic folders
//===----------------------------------------------------------------------===//

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  if (Attribute a =
          foldBinary(adaptor.getX(), adaptor.getY(), getType(), fAdd, iAdd))
    return a;
  if (OpFoldResult r = foldNeutral(getX(), adaptor.getY(), getType(), 0))
    return r;
  return foldNeutral(getY(), adaptor.getX(), getType(), 0);
}

OpFoldResult AddV2Op::fold(FoldAdaptor adaptor) {
  if (Attribute a =
          foldBinary(adaptor.getX(), adaptor.getY(), getType(), fAdd, iAdd))
    return a;
  if (OpFoldResult r = foldNeutral(getX(), adaptor.getY(), getType(), 0))
    return r;
  return foldNeutral(getY(), adaptor.getX(), getType(), 0);
}

OpFoldResult SubOp::fold(FoldAdaptor adaptor) {
  if (Attribute a =
          foldBinary(adaptor.getX(), adaptor.getY(), getType(), fSub, iSub))
    return a;
  return foldNeutral(getX(), adaptor.getY(), getType(), 0);
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (Attribute a =
          foldBinary(adaptor.getX(), adaptor.getY(), getType(), fMul, iMul))
    return a;
  if (OpFoldResult r = foldNeutral(getX(), adaptor.getY(), getType(), 1))
    return r;
  return foldNeutral(getY(), adaptor.getX(), getType(), 1);
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (Attribute a =
          foldBinary(adaptor.getX(), adaptor.getY(), getType(), fDiv, iDiv))
    return a;
  return foldNeutral(getX(), adaptor.getY(), getType(), 1);
}

OpFoldResult RealDivOp::fold(FoldAdaptor adaptor) {
  if (Attribute a =
          foldBinary(adaptor.getX(), adaptor.getY(), getType(), fDiv, nullptr))
    return a;
  return foldNeutral(getX(), adaptor.getY(), getType(), 1);
}

OpFoldResult FloorDivOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getX(), adaptor.getY(), getType(), nullptr,
                    iFloorDiv);
}

OpFoldResult FloorModOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getX(), adaptor.getY(), getType(), nullptr,
                    iFloorMod);
}

OpFoldResult MaximumOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getX(), adaptor.getY(), getType(), fMax, iMax);
}

OpFoldResult MinimumOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getX(), adaptor.getY(), getType(), fMin, iMin);
}

//===----------------------------------------------------------------------===//
// Comparison and logical
//===----------------------------------------------------------------------===//

namespace {
template <APFloat::cmpResult... Rs>
bool fCmp(const APFloat &a, const APFloat &b) {
  APFloat::cmpResult r = a.compare(b);
  return ((r == Rs) || ...);
}
} // namespace

OpFoldResult LessOp::fold(FoldAdaptor adaptor) {
  return foldCompare(adaptor.getX(), adaptor.getY(), getType(),
                     fCmp<APFloat::cmpLessThan>,
                     [](const APInt &a, const APInt &b, bool u) {
                       return u ? a.ult(b) : a.slt(b);
                     });
}

OpFoldResult LessEqualOp::fold(FoldAdaptor adaptor) {
  return foldCompare(adaptor.getX(), adaptor.getY(), getType(),
                     fCmp<APFloat::cmpLessThan, APFloat::cmpEqual>,
                     [](const APInt &a, const APInt &b, bool u) {
                       return u ? a.ule(b) : a.sle(b);
                     });
}

OpFoldResult GreaterOp::fold(FoldAdaptor adaptor) {
  return foldCompare(adaptor.getX(), adaptor.getY(), getType(),
                     fCmp<APFloat::cmpGreaterThan>,
                     [](const APInt &a, const APInt &b, bool u) {
                       return u ? a.ugt(b) : a.sgt(b);
                     });
}

OpFoldResult GreaterEqualOp::fold(FoldAdaptor adaptor) {
  return foldCompare(adaptor.getX(), adaptor.getY(), getType(),
                     fCmp<APFloat::cmpGreaterThan, APFloat::cmpEqual>,
                     [](const APInt &a, const APInt &b, bool u) {
                       return u ? a.uge(b) : a.sge(b);
                     });
}

OpFoldResult EqualOp::fold(FoldAdaptor adaptor) {
  return foldCompare(
      adaptor.getX(), adaptor.getY(), getType(), fCmp<APFloat::cmpEqual>,
      [](const APInt &a, const APInt &b, bool) { return a == b; });
}

OpFoldResult NotEqualOp::fold(FoldAdaptor adaptor) {
  return foldCompare(
      adaptor.getX(), adaptor.getY(), getType(),
      [](const APFloat &a, const APFloat &b) {
        return a.compare(b) != APFloat::cmpEqual;
      },
      [](const APInt &a, const APInt &b, bool) { return a != b; });
}

template <typename OpTy> static LogicalResult verifyEquality(OpTy op) {
  if (!op.getIncompatibleShapeError())
    return success();
  return TF::OpTrait::impl::verifyBroadcastableBinary(op);
}
LogicalResult EqualOp::verify() { return verifyEquality(*this); }
LogicalResult NotEqualOp::verify() { return verifyEquality(*this); }

OpFoldResult LogicalAndOp::fold(FoldAdaptor adaptor) {
  return foldBinary(
      adaptor.getX(), adaptor.getY(), getType(), nullptr,
      [](const APInt &a, const APInt &b, bool) -> std::optional<APInt> {
        return a & b;
      },
      /*allowBool=*/true);
}

OpFoldResult LogicalOrOp::fold(FoldAdaptor adaptor) {
  return foldBinary(
      adaptor.getX(), adaptor.getY(), getType(), nullptr,
      [](const APInt &a, const APInt &b, bool) -> std::optional<APInt> {
        return a | b;
      },
      /*allowBool=*/true);
}

OpFoldResult LogicalNotOp::fold(FoldAdaptor adaptor) {
  if (auto inner = getX().getDefiningOp<LogicalNotOp>())
    if (inner.getX().getType() == getType())
      return inner.getX();
  return foldUnary(
      adaptor.getX(), getType(), nullptr,
      [](const APInt &a, bool) -> std::optional<APInt> { return ~a; });
}

//===----------------------------------------------------------------------===//
// Unary math folders
//===----------------------------------------------------------------------===//

OpFoldResult AbsOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getX(), getType(),
      [](const APFloat &a) -> std::optional<APFloat> { return abs(a); },
      [](const APInt &a, bool isUnsigned) -> std::optional<APInt> {
        return (!isUnsigned && a.isNegative()) ? -a : a;
      });
}

OpFoldResult NegOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getX(), getType(),
      [](const APFloat &a) -> std::optional<APFloat> { return neg(a); },
      [](const APInt &a, bool) -> std::optional<APInt> { return -a; });
}

OpFoldResult SquareOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getX(), getType(),
      [](const APFloat &a) -> std::optional<APFloat> { return a * a; },
      [](const APInt &a, bool) -> std::optional<APInt> { return a * a; });
}

OpFoldResult FloorOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getX(), getType(),
      [](const APFloat &a) -> std::optional<APFloat> {
        APFloat r = a;
        r.roundToIntegral(APFloat::rmTowardNegative);
        return r;
      },
      nullptr);
}

OpFoldResult CeilOp::fold(FoldAdaptor adaptor) {
  return foldUnary(
      adaptor.getX(), getType(),
      [](const APFloat &a) -> std::optional<APFloat> {
        APFloat r = a;
        r.roundToIntegral(APFloat::rmTowardPositive);
        return r;
      },
      nullptr);
}

//===----------------------------------------------------------------------===//
// N-ary and other elementwise ops
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifyNAttr(OpTy op) {
  size_t n = op.getInputs().size();
  if (n == 0)
    return op.emitOpError() << "requires at least one input";
  if (std::optional<uint64_t> attr = op.getN(); attr && *attr != n)
    return op.emitOpError()
           << "has " << n << " inputs but attr 'N' is " << *attr;
  return success();
}

OpFoldResult AddNOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1 && getInputs()[0].getType() == getType())
    return getInputs()[0];
  return {};
}

LogicalResult AddNOp::verify() { return verifyNAttr(*this); }
LogicalResult AccumulateNV2Op::verify() { return verifyNAttr(*this); }

/// Each of `values` is a scalar or has a shape compatible with `shapeOf`.
static LogicalResult verifyScalarOrSameShape(Operation *op, Type shapeOf,
                                             ArrayRef<Value> values,
                                             ArrayRef<StringRef> names) {
  for (size_t zi = 0; zi < std::size(values); ++zi)
    if (auto [v, name] = std::pair{values[zi], names[zi]}; true) {
      std::optional<int64_t> rank = getRank(v);
      if (rank && *rank != 0 && !shapesCompatible(v.getType(), shapeOf))
        return op->emitOpError()
               << "requires '" << name << "' to be a scalar or of shape "
               << shapeOf << ", got " << v.getType();
    }
  return success();
}

LogicalResult ClipByValueOp::verify() {
  Value t = getX();
  if (failed(verifyScalarOrSameShape(*this, t.getType(),
                                     {getClipValueMin(), getClipValueMax()},
                                     {"clip_value_min", "clip_value_max"})))
    return failure();
  if (!shapesCompatible(t.getType(), getType()))
    return emitOpError() << "requires 'output' to have the shape of 'x', got "
                         << getType() << " and " << t.getType();
  return success();
}

LogicalResult BetaincOp::verify() {
  // The common shape is that of the first non-scalar operand.
  Type common;
  for (Value v : {getA(), getB(), getX()})
    if (std::optional<int64_t> r = getRank(v); r && *r != 0) {
      common = v.getType();
      break;
    }
  if (!common)
    return success();
  if (failed(verifyScalarOrSameShape(*this, common, {getA(), getB(), getX()},
                                     {"a", "b", "x"})))
    return failure();
  if (!shapesCompatible(common, getType()))
    return emitOpError() << "result type " << getType()
                         << " does not match operand shape " << common;
  return success();
}

//===----------------------------------------------------------------------===//
// Cast and Bitcast
//===----------------------------------------------------------------------===//

OpFoldResult CastOp::fold(FoldAdaptor adaptor) {
  if (getX().getType() == getType())
    return getX();
  return foldCast(adaptor.getX(), getType(), getTruncate());
}

// Note: the `type` attr's getter hides Op::getType(); use getOutput().
OpFoldResult BitcastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getOutput().getType())
    return getInput();
  return {};
}

/// Size in bits of a numeric element type, or 0 if unknown.
static int64_t elementBits(Type t) {
  t = getElementTypeNoRef(t);
  if (t.isIntOrFloat())
    return t.getIntOrFloatBitWidth();
  if (auto c = dyn_cast<ComplexType>(t))
    return 2 * elementBits(c.getElementType());
  if (isa<tf_type::Qint8Type, tf_type::Quint8Type>(t))
    return 8;
  if (isa<tf_type::Qint16Type, tf_type::Quint16Type>(t))
    return 16;
  if (isa<tf_type::Qint32Type>(t))
    return 32;
  return 0;
}

LogicalResult BitcastOp::verify() {
  auto in = dyn_cast<ShapedType>(getInput().getType());
  auto out = dyn_cast<ShapedType>(getOutput().getType());
  if (!in || !out || !in.hasRank() || !out.hasRank())
    return success();
  int64_t inBits = elementBits(in), outBits = elementBits(out);
  if (!inBits || !outBits)
    return success();
  if (inBits == outBits) {
    if (!shapesCompatible(in, out))
      return emitOpError() << "requires the output shape to equal the input "
                              "shape for types of equal size, got "
                           << in << " and " << out;
    return success();
  }
  if (inBits > outBits) {
    if (inBits % outBits)
      return emitOpError() << "cannot bitcast " << in << " to " << out;
    int64_t ratio = inBits / outBits;
    if (out.getRank() != in.getRank() + 1 ||
        !dimsCompatible(out.getShape().back(), ratio) ||
        !shapesCompatible(in, RankedTensorType::get(out.getShape().drop_back(),
                                                    out.getElementType())))
      return emitOpError() << "requires output shape [input shape, " << ratio
                           << "] when bitcasting " << in << " to " << out;
    return success();
  }
  if (outBits % inBits)
    return emitOpError() << "cannot bitcast " << in << " to " << out;
  int64_t ratio = outBits / inBits;
  if (in.getRank() == 0 || !dimsCompatible(in.getShape().back(), ratio))
    return emitOpError() << "requires the last input dimension to be " << ratio
                         << " when bitcasting " << in << " to " << out;
  if (!shapesCompatible(
          RankedTensorType::get(in.getShape().drop_back(), in.getElementType()),
          out))
    return emitOpError() << "requires output shape = input shape without its "
                            "last dimension, got "
                         << in << " and " << out;
  return success();
}

//===----------------------------------------------------------------------===//
// Bit packing
//===----------------------------------------------------------------------===//

LogicalResult CompareAndBitpackOp::verify() {
  if (failed(verifyRankRange(*this, getInput(), "input", 1)) ||
      failed(verifyScalar(*this, getThreshold(), "threshold")))
    return failure();
  auto in = dyn_cast<ShapedType>(getInput().getType());
  if (!in || !in.hasRank())
    return success();
  int64_t last = in.getShape().back();
  if (!ShapedType::isDynamic(last) && last % 8 != 0)
    return emitOpError() << "requires the last dimension of 'input' to be a "
                            "multiple of 8, got "
                         << in;
  SmallVector<int64_t> expected(in.getShape());
  expected.back() = ShapedType::isDynamic(last) ? last : last / 8;
  return verifyResultShape(*this, getOutput(), expected);
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsMath.cpp.inc"

void tfmlir::TF::registerMathOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsMath.cpp.inc"
      >();
}
