//===- Elementwise.cpp - tf element-wise math ops -> hlo ------------------===//
//
// The element-wise ops of dialects/tf/TFOpsMath.td, with the semantics of
// TF's CPU kernels (cwise_op_*.cc, Eigen's functors):
//  - binary arithmetic Add, AddV2, Sub, Mul, Div, RealDiv, DivNoNan,
//    TruncateDiv, TruncateMod, Mod, FloorDiv, FloorMod, Pow, Maximum,
//    Minimum, Atan2, SquaredDifference: integer Div truncates, FloorDiv /
//    FloorMod floor (the remainder takes the divisor's sign), TruncateDiv /
//    TruncateMod truncate; Maximum / Minimum propagate NaN (hlo.maximum /
//    minimum do); DivNoNan gives 0 where y == 0;
//  - bitwise and logical BitwiseAnd/Or/Xor, LeftShift, RightShift
//    (arithmetic for signed, logical for unsigned types), LogicalAnd/Or/Not,
//    Invert, PopulationCount;
//  - comparisons Equal, NotEqual, Greater, GreaterEqual, Less, LessEqual
//    (hlo.compare with XLA's comparison type for the element type;
//    `incompatible_shape_error` is not read: shapes must broadcast);
//  - unary Abs, ComplexAbs, Neg, Sign, Exp, Expm1, Log, Log1p, Sqrt, Rsqrt,
//    Floor, Ceil, Round / Rint (half to even; Round of an integer is the
//    integer), Sin, Cos, Tan (sin / cos), Square, Reciprocal / Inv (1 / x),
//    IsFinite, IsNan (x != x), IsInf (|x| == inf);
//  - Asin / Acos / Atan via atan2, Sinh / Cosh / Asinh / Acosh / Atanh in
//    forms that neither cancel near 0 nor overflow early (as XLA's math
//    library), Erf / Erfc by Eigen's float rational approximation (TF's CPU
//    kernel);
//  - Cast (hlo.convert to DstT; `Truncate` is not read), Bitcast of equal
//    element sizes (hlo.bitcast_convert, or the input itself when the types
//    agree), AddN / AccumulateNV2 (a chain of hlo.add, operands broadcast
//    to the result), CheckNumerics (its input: the run-time check is not
//    compiled, as in XLA).
// Shapes must be static: binary operands broadcast NumPy-style
// (hlo.broadcast_in_dim) to the op's static result shape. Refused (with
// the reason): dynamic shapes, operands that do not broadcast to the
// result; complex dtypes never reach here (the framework refuses them).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

bool isFloat(Value v) { return isa<FloatType>(getElementTypeOrSelf(v)); }

//===----------------------------------------------------------------------===//
// Formulas
//===----------------------------------------------------------------------===//

/// How a binary op is built from its broadcast operands.
using BinaryFn = Value (*)(OpBuilder &, Location, Value, Value);
/// How a unary op is built from its operand.
using UnaryFn = Value (*)(OpBuilder &, Location, Value);

template <typename HLOOp>
Value hloBinary(OpBuilder &b, Location loc, Value l, Value r) {
  return HLOOp::create(b, loc, l, r);
}

template <Dir D>
Value compareWith(OpBuilder &b, Location loc, Value l, Value r) {
  return compare(b, loc, l, r, D);
}

template <typename HLOOp> Value hloUnary(OpBuilder &b, Location loc, Value x) {
  return HLOOp::create(b, loc, x);
}

/// Floor division: floats floor(l / r); integers TF's FloorDiv (quotient
/// rounded toward negative infinity).
Value floorDiv(OpBuilder &b, Location loc, Value l, Value r) {
  if (isFloat(l))
    return FloorOp::create(b, loc, DivideOp::create(b, loc, l, r));
  if (getElementTypeOrSelf(l).isUnsignedInteger())
    return DivideOp::create(b, loc, l, r);
  // q = l / r (truncated); if the remainder is non-zero and l, r have
  // different signs, q - 1.
  Value q = DivideOp::create(b, loc, l, r);
  Value rem = RemainderOp::create(b, loc, l, r);
  Value zero = like(b, loc, l, 0);
  Value remNonZero = compare(b, loc, rem, zero, Dir::NE);
  Value signsDiffer = compare(b, loc, compare(b, loc, l, zero, Dir::LT),
                              compare(b, loc, r, zero, Dir::LT), Dir::NE);
  Value fix = AndOp::create(b, loc, remNonZero, signsDiffer);
  Value qm1 = SubtractOp::create(b, loc, q, like(b, loc, q, 1));
  return SelectOp::create(b, loc, fix, qm1, q);
}

/// Floor modulo: the remainder with the divisor's sign (TF FloorMod, and
/// Python's %): r = rem(l, d); r != 0 and sign(r) != sign(d) ? r + d : r.
Value floorMod(OpBuilder &b, Location loc, Value l, Value d) {
  Value rem = RemainderOp::create(b, loc, l, d);
  if (getElementTypeOrSelf(l).isUnsignedInteger())
    return rem;
  Value zero = like(b, loc, l, 0);
  Value remNonZero = compare(b, loc, rem, zero, Dir::NE);
  Value signsDiffer = compare(b, loc, compare(b, loc, rem, zero, Dir::LT),
                              compare(b, loc, d, zero, Dir::LT), Dir::NE);
  Value fix = AndOp::create(b, loc, remNonZero, signsDiffer);
  return SelectOp::create(b, loc, fix, AddOp::create(b, loc, rem, d), rem);
}

/// Arithmetic shift for signed types, logical for unsigned (TF's
/// RightShift).
Value rightShift(OpBuilder &b, Location loc, Value l, Value r) {
  if (getElementTypeOrSelf(l).isUnsignedInteger())
    return ShiftRightLogicalOp::create(b, loc, l, r);
  return ShiftRightArithmeticOp::create(b, loc, l, r);
}

/// (l - r)^2.
Value squaredDifference(OpBuilder &b, Location loc, Value l, Value r) {
  Value d = SubtractOp::create(b, loc, l, r);
  return MultiplyOp::create(b, loc, d, d);
}

/// r == 0 ? 0 : l / r.
Value divNoNan(OpBuilder &b, Location loc, Value l, Value r) {
  Value zero = like(b, loc, r, 0);
  return SelectOp::create(b, loc, compare(b, loc, r, zero, Dir::EQ), zero,
                          DivideOp::create(b, loc, l, r));
}

/// Round half to even; integers are their own rounding.
Value roundHalfEven(OpBuilder &b, Location loc, Value x) {
  if (!isFloat(x))
    return x;
  return RoundNearestEvenOp::create(b, loc, x);
}

/// sin(x) / cos(x).
Value sinOverCos(OpBuilder &b, Location loc, Value x) {
  return DivideOp::create(b, loc, SineOp::create(b, loc, x),
                          CosineOp::create(b, loc, x));
}

/// x != x.
Value isNan(OpBuilder &b, Location loc, Value x) {
  return compare(b, loc, x, x, Dir::NE);
}

/// |x| == inf.
Value isInf(OpBuilder &b, Location loc, Value x) {
  Value a = AbsOp::create(b, loc, x);
  return compare(b, loc, a, like(b, loc, x, INFINITY), Dir::EQ);
}

/// x * x.
Value square(OpBuilder &b, Location loc, Value x) {
  return MultiplyOp::create(b, loc, x, x);
}

/// 1 / x.
Value reciprocal(OpBuilder &b, Location loc, Value x) {
  return DivideOp::create(b, loc, like(b, loc, x, 1), x);
}

// Inverse trigonometric / hyperbolic functions and Erf/Erfc, in forms that
// stay accurate where the textbook formula cancels or overflows (as XLA's
// math library does).

/// atan2(x, 1).
Value atanOf(OpBuilder &b, Location loc, Value x) {
  return Atan2Op::create(b, loc, x, like(b, loc, x, 1));
}

/// asin(x) = 2 atan2(x, 1 + sqrt(1 - x^2)); |x| > 1 gives NaN.
Value asinOf(OpBuilder &b, Location loc, Value x) {
  Value one = like(b, loc, x, 1);
  Value r = SqrtOp::create(
      b, loc,
      SubtractOp::create(b, loc, one, MultiplyOp::create(b, loc, x, x)));
  return MultiplyOp::create(
      b, loc, like(b, loc, x, 2),
      Atan2Op::create(b, loc, x, AddOp::create(b, loc, one, r)));
}

/// acos(x) = 2 atan2(sqrt(1 - x^2), 1 + x), and pi at x = -1.
Value acosOf(OpBuilder &b, Location loc, Value x) {
  Value one = like(b, loc, x, 1);
  Value r = SqrtOp::create(
      b, loc,
      SubtractOp::create(b, loc, one, MultiplyOp::create(b, loc, x, x)));
  Value v = MultiplyOp::create(
      b, loc, like(b, loc, x, 2),
      Atan2Op::create(b, loc, r, AddOp::create(b, loc, one, x)));
  return SelectOp::create(b, loc,
                          compare(b, loc, x, like(b, loc, x, -1), Dir::EQ),
                          like(b, loc, x, M_PI), v);
}

/// |x| < 1: (expm1(x) - expm1(-x)) / 2 (no cancellation); otherwise
/// exp(x - ln 2) - exp(-x - ln 2) (no early overflow).
Value sinhOf(OpBuilder &b, Location loc, Value x) {
  Value nx = NegateOp::create(b, loc, x);
  Value small =
      MultiplyOp::create(b, loc, like(b, loc, x, 0.5),
                         SubtractOp::create(b, loc, Expm1Op::create(b, loc, x),
                                            Expm1Op::create(b, loc, nx)));
  Value ln2 = like(b, loc, x, M_LN2);
  Value big = SubtractOp::create(
      b, loc, ExpOp::create(b, loc, SubtractOp::create(b, loc, x, ln2)),
      ExpOp::create(b, loc, SubtractOp::create(b, loc, nx, ln2)));
  Value isSmall =
      compare(b, loc, AbsOp::create(b, loc, x), like(b, loc, x, 1), Dir::LT);
  return SelectOp::create(b, loc, isSmall, small, big);
}

/// exp(x - ln 2) + exp(-x - ln 2).
Value coshOf(OpBuilder &b, Location loc, Value x) {
  Value ln2 = like(b, loc, x, M_LN2);
  return AddOp::create(
      b, loc, ExpOp::create(b, loc, SubtractOp::create(b, loc, x, ln2)),
      ExpOp::create(
          b, loc,
          SubtractOp::create(b, loc, NegateOp::create(b, loc, x), ln2)));
}

/// sign(x) * asinh(|x|), asinh(a) = log1p(a + a^2 / (1 + sqrt(1 + a^2)))
/// for a < 2^32 and log(a) + ln 2 beyond (where a^2 would overflow in f32
/// or no longer matter).
Value asinhOf(OpBuilder &b, Location loc, Value x) {
  Value a = AbsOp::create(b, loc, x);
  Value one = like(b, loc, x, 1);
  Value a2 = MultiplyOp::create(b, loc, a, a);
  Value q = DivideOp::create(
      b, loc, a2,
      AddOp::create(b, loc, one,
                    SqrtOp::create(b, loc, AddOp::create(b, loc, one, a2))));
  Value small = Log1pOp::create(b, loc, AddOp::create(b, loc, a, q));
  Value big =
      AddOp::create(b, loc, LogOp::create(b, loc, a), like(b, loc, x, M_LN2));
  Value isBig = compare(b, loc, a, like(b, loc, x, 4294967296.0), Dir::GE);
  Value r = SelectOp::create(b, loc, isBig, big, small);
  return SelectOp::create(b, loc,
                          compare(b, loc, x, like(b, loc, x, 0), Dir::LT),
                          NegateOp::create(b, loc, r), r);
}

/// log(x + sqrt((x - 1)(x + 1))) for x < 2^32, log(x) + ln 2 beyond;
/// x < 1 gives NaN (sqrt of a negative).
Value acoshOf(OpBuilder &b, Location loc, Value x) {
  Value one = like(b, loc, x, 1);
  Value r = SqrtOp::create(
      b, loc,
      MultiplyOp::create(b, loc, SubtractOp::create(b, loc, x, one),
                         AddOp::create(b, loc, x, one)));
  Value small = LogOp::create(b, loc, AddOp::create(b, loc, x, r));
  Value big =
      AddOp::create(b, loc, LogOp::create(b, loc, x), like(b, loc, x, M_LN2));
  Value isBig = compare(b, loc, x, like(b, loc, x, 4294967296.0), Dir::GE);
  return SelectOp::create(b, loc, isBig, big, small);
}

/// (log1p(x) - log1p(-x)) / 2: +-inf at +-1, NaN beyond.
Value atanhOf(OpBuilder &b, Location loc, Value x) {
  return MultiplyOp::create(
      b, loc, like(b, loc, x, 0.5),
      SubtractOp::create(b, loc, Log1pOp::create(b, loc, x),
                         Log1pOp::create(b, loc, NegateOp::create(b, loc, x))));
}

/// erf(x) by the rational approximation that Eigen's float erf (TF's CPU
/// kernel) and XLA's ErfImpl32 use: x clamped to [-4, 4] (erf(4) is 1 in
/// float), then x * P(x^2) / Q(x^2) with degree-6 and degree-4
/// polynomials; absolute error about 1e-7. f64 inputs use the same
/// approximation (TF's double kernel calls std::erf: the difference stays
/// within about 1e-7).
Value erfRational(OpBuilder &b, Location loc, Value x) {
  static const double kAlpha[] = {-2.72614225801306e-10, 2.77068142495902e-08,
                                  -2.10102402082508e-06, -5.69250639462346e-05,
                                  -7.34990630326855e-04, -2.95459980854025e-03,
                                  -1.60960333262415e-02};
  static const double kBeta[] = {-1.45660718464996e-05, -2.13374055278905e-04,
                                 -1.68282697438203e-03, -7.37332916720468e-03,
                                 -1.42647390514189e-02};
  Value c = ClampOp::create(b, loc, like(b, loc, x, -4), x, like(b, loc, x, 4));
  Value x2 = MultiplyOp::create(b, loc, c, c);
  auto horner = [&](ArrayRef<double> coeffs) {
    Value p = like(b, loc, x, coeffs[0]);
    for (double k : coeffs.drop_front())
      p = AddOp::create(b, loc, MultiplyOp::create(b, loc, p, x2),
                        like(b, loc, x, k));
    return p;
  };
  return DivideOp::create(b, loc, MultiplyOp::create(b, loc, c, horner(kAlpha)),
                          horner(kBeta));
}

/// 1 - erf(x).
Value erfcRational(OpBuilder &b, Location loc, Value x) {
  return SubtractOp::create(b, loc, like(b, loc, x, 1), erfRational(b, loc, x));
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

/// tf binary op -> Fn(operand #0, operand #1), both broadcast to the
/// static result shape.
template <typename TFOp, BinaryFn Fn> struct BinaryLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out)
      return this->fail(op, b, "result shape is not static");
    // Operands #0 and #1 in order, not getX() / getY(): Atan2's are named
    // (y, x) after TF's OpDef.
    SmallVector<Value> v;
    for (auto [i, x] : llvm::enumerate(a.getOperands())) {
      Value bx = broadcastTo(b, op.getLoc(), x, out.getShape());
      if (!bx)
        return this->fail(op, b,
                          "operand " + Twine(i) +
                              " has a dynamic shape or does not broadcast to "
                              "the result");
      v.push_back(bx);
    }
    results.push_back(Fn(b, op.getLoc(), v[0], v[1]));
    return success();
  }
};

/// tf binary op -> the hlo op of the same meaning (broadcast operands).
template <typename TFOp, typename HLOOp>
using BinaryOpLowering = BinaryLowering<TFOp, hloBinary<HLOOp>>;

/// tf comparison -> hlo.compare `D` (broadcast operands).
template <typename TFOp, Dir D>
using CompareLowering = BinaryLowering<TFOp, compareWith<D>>;

/// tf unary op x -> Fn(x), x of static shape.
template <typename TFOp, UnaryFn Fn> struct UnaryLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    if (!staticType(a.getX()))
      return this->fail(op, b, "operand shape is not static");
    results.push_back(Fn(b, op.getLoc(), a.getX()));
    return success();
  }
};

/// tf unary op -> the hlo op of the same meaning.
template <typename TFOp, typename HLOOp>
using UnaryOpLowering = UnaryLowering<TFOp, hloUnary<HLOOp>>;

/// tf.Cast -> hlo.convert to DstT (nothing when the types agree).
struct CastLowering : HLOPattern<TF::CastOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::CastOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out || !staticType(a.getX()))
      return fail(op, b, "shape is not static");
    results.push_back(
        tohlo::convert(b, op.getLoc(), a.getX(), out.getElementType()));
    return success();
  }
};

/// tf.Bitcast -> hlo.bitcast_convert (the input itself for equal types).
struct BitcastLowering : HLOPattern<TF::BitcastOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::BitcastOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out || !staticType(a.getInput()))
      return fail(op, b, "shape is not static");
    if (a.getInput().getType() == out) {
      results.push_back(a.getInput());
      return success();
    }
    results.push_back(
        BitcastConvertOp::create(b, op.getLoc(), out, a.getInput()));
    return success();
  }
};

/// tf.AddN / tf.AccumulateNV2 -> a chain of hlo.add over the inputs.
template <typename TFOp> struct AddNLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out || a.getInputs().empty())
      return this->fail(op, b, "shape is not static");
    Value acc;
    for (Value v : a.getInputs()) {
      Value bv = broadcastTo(b, op.getLoc(), v, out.getShape());
      if (!bv)
        return this->fail(op, b, "operand does not broadcast to the result");
      acc = acc ? Value(AddOp::create(b, op.getLoc(), acc, bv)) : bv;
    }
    results.push_back(acc);
    return success();
  }
};

/// tf.CheckNumerics -> its input (the check is not compiled, as in XLA).
struct CheckNumericsLowering : HLOPattern<TF::CheckNumericsOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::CheckNumericsOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    if (a.getTensor().getType() != op->getResult(0).getType() &&
        !staticType(a.getTensor()))
      return fail(op, b, "operand type differs from the result type");
    results.push_back(a.getTensor());
    return success();
  }
};

} // namespace

void populateMathElementwisePatterns(RewritePatternSet &patterns,
                                     ConversionState &state) {
  MLIRContext *ctx = patterns.getContext();
  // Binary arithmetic.
  patterns.add<BinaryOpLowering<TF::AddOp, AddOp>,
               BinaryOpLowering<TF::AddV2Op, AddOp>,
               BinaryOpLowering<TF::SubOp, SubtractOp>,
               BinaryOpLowering<TF::MulOp, MultiplyOp>,
               BinaryOpLowering<TF::RealDivOp, DivideOp>,
               // TF's Div: float division, truncating integer division.
               BinaryOpLowering<TF::DivOp, DivideOp>,
               BinaryOpLowering<TF::TruncateDivOp, DivideOp>,
               BinaryOpLowering<TF::TruncateModOp, RemainderOp>,
               BinaryOpLowering<TF::ModOp, RemainderOp>,
               BinaryLowering<TF::FloorDivOp, floorDiv>,
               BinaryLowering<TF::FloorModOp, floorMod>,
               BinaryOpLowering<TF::PowOp, PowerOp>,
               BinaryOpLowering<TF::MaximumOp, MaximumOp>,
               BinaryOpLowering<TF::MinimumOp, MinimumOp>,
               BinaryOpLowering<TF::Atan2Op, Atan2Op>,
               BinaryLowering<TF::SquaredDifferenceOp, squaredDifference>,
               BinaryLowering<TF::DivNoNanOp, divNoNan>>(ctx, state);
  // Logical and bitwise.
  patterns.add<BinaryOpLowering<TF::LogicalAndOp, AndOp>,
               BinaryOpLowering<TF::LogicalOrOp, OrOp>,
               BinaryOpLowering<TF::BitwiseAndOp, AndOp>,
               BinaryOpLowering<TF::BitwiseOrOp, OrOp>,
               BinaryOpLowering<TF::BitwiseXorOp, XorOp>,
               BinaryOpLowering<TF::LeftShiftOp, ShiftLeftOp>,
               BinaryLowering<TF::RightShiftOp, rightShift>,
               UnaryOpLowering<TF::LogicalNotOp, NotOp>,
               UnaryOpLowering<TF::InvertOp, NotOp>,
               UnaryOpLowering<TF::PopulationCountOp, PopulationCountOp>>(
      ctx, state);
  // Comparisons.
  patterns.add<CompareLowering<TF::EqualOp, Dir::EQ>,
               CompareLowering<TF::NotEqualOp, Dir::NE>,
               CompareLowering<TF::GreaterOp, Dir::GT>,
               CompareLowering<TF::GreaterEqualOp, Dir::GE>,
               CompareLowering<TF::LessOp, Dir::LT>,
               CompareLowering<TF::LessEqualOp, Dir::LE>>(ctx, state);
  // Unary math.
  patterns.add<
      UnaryOpLowering<TF::AbsOp, AbsOp>,
      UnaryOpLowering<TF::ComplexAbsOp, AbsOp>,
      UnaryOpLowering<TF::NegOp, NegateOp>, UnaryOpLowering<TF::SignOp, SignOp>,
      UnaryOpLowering<TF::ExpOp, ExpOp>, UnaryOpLowering<TF::Expm1Op, Expm1Op>,
      UnaryOpLowering<TF::LogOp, LogOp>, UnaryOpLowering<TF::Log1pOp, Log1pOp>,
      UnaryOpLowering<TF::SqrtOp, SqrtOp>,
      UnaryOpLowering<TF::RsqrtOp, RsqrtOp>,
      UnaryOpLowering<TF::FloorOp, FloorOp>,
      UnaryOpLowering<TF::CeilOp, CeilOp>,
      UnaryLowering<TF::RoundOp, roundHalfEven>,
      UnaryOpLowering<TF::RintOp, RoundNearestEvenOp>,
      UnaryOpLowering<TF::SinOp, SineOp>, UnaryOpLowering<TF::CosOp, CosineOp>,
      UnaryLowering<TF::TanOp, sinOverCos>,
      UnaryOpLowering<TF::IsFiniteOp, IsFiniteOp>,
      UnaryLowering<TF::IsNanOp, isNan>, UnaryLowering<TF::IsInfOp, isInf>,
      UnaryLowering<TF::SquareOp, square>,
      UnaryLowering<TF::ReciprocalOp, reciprocal>,
      UnaryLowering<TF::InvOp, reciprocal>>(ctx, state);
  patterns.add<
      UnaryLowering<TF::AtanOp, atanOf>, UnaryLowering<TF::AsinOp, asinOf>,
      UnaryLowering<TF::AcosOp, acosOf>, UnaryLowering<TF::SinhOp, sinhOf>,
      UnaryLowering<TF::CoshOp, coshOf>, UnaryLowering<TF::AsinhOp, asinhOf>,
      UnaryLowering<TF::AcoshOp, acoshOf>, UnaryLowering<TF::AtanhOp, atanhOf>,
      UnaryLowering<TF::ErfOp, erfRational>,
      UnaryLowering<TF::ErfcOp, erfcRational>>(ctx, state);
  // Cast, Bitcast, sums of N, CheckNumerics.
  patterns.add<CastLowering, BitcastLowering, AddNLowering<TF::AddNOp>,
               AddNLowering<TF::AccumulateNV2Op>, CheckNumericsLowering>(ctx,
                                                                         state);
}

} // namespace tfmlir::tohlo
