//===- ScalarOps.cpp - hlo element-wise ops on scalars (arith/math) -------===//
//
// The scalar semantics of XLA's element-wise ops (XLA operation semantics;
// StableHLO spec for the edge cases), used for linalg.generic bodies of
// element-wise ops and for re-emitting reducer regions on scalars:
//  - pred (i1) add/multiply are or/and; i1 compares unsigned;
//  - integer divide: x / 0 = -1 (all ones), INT_MIN / -1 = INT_MIN;
//    remainder: x % 0 = x, INT_MIN % -1 = 0 (no UB is ever executed);
//  - shift_left / shift_right_logical by >= bit width give 0;
//    shift_right_arithmetic by >= bit width shifts by width-1;
//  - maximum/minimum propagate NaN; sign keeps NaN and +-0;
//  - convert float->int truncates, saturates out of range, NaN -> 0;
//    int->float rounds to nearest even; x->pred is x != 0.
//  - unsigned integers (signless here, flagged by the pass; Helpers.h):
//    compare, divide, remainder, maximum, minimum, clamp unsigned;
//    x / 0 = all ones, x % 0 = x; sign is 0 or 1; abs is x; convert
//    zero-extends from and saturates to [0, 2^w - 1] for them.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tolinalg {
namespace {

Value intConst(OpBuilder &b, Location loc, Type t, const APInt &v) {
  return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
}
Value intConst(OpBuilder &b, Location loc, Type t, int64_t v) {
  return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
}
Value fpConst(OpBuilder &b, Location loc, Type t, double v) {
  return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, v));
}
Value cmpi(OpBuilder &b, Location loc, arith::CmpIPredicate p, Value l,
           Value r) {
  return arith::CmpIOp::create(b, loc, p, l, r);
}
Value sel(OpBuilder &b, Location loc, Value c, Value t, Value f) {
  return arith::SelectOp::create(b, loc, c, t, f);
}

/// Integer divide / remainder with XLA's results for the UB cases.
Value intDivRem(OpBuilder &b, Location loc, Value l, Value r, bool rem,
                bool isUnsigned) {
  Type t = l.getType();
  if (isUnsigned) {
    Value zero = intConst(b, loc, t, 0);
    Value byZero = cmpi(b, loc, arith::CmpIPredicate::eq, r, zero);
    Value d = sel(b, loc, byZero, intConst(b, loc, t, 1), r);
    if (rem)
      return sel(b, loc, byZero, l, arith::RemUIOp::create(b, loc, l, d));
    return sel(b, loc, byZero, intConst(b, loc, t, -1),
               arith::DivUIOp::create(b, loc, l, d));
  }
  unsigned w = t.getIntOrFloatBitWidth();
  Value zero = intConst(b, loc, t, 0), one = intConst(b, loc, t, 1);
  Value minusOne = intConst(b, loc, t, -1);
  Value intMin = intConst(b, loc, t, APInt::getSignedMinValue(w));
  Value byZero = cmpi(b, loc, arith::CmpIPredicate::eq, r, zero);
  Value overflow = arith::AndIOp::create(
      b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, l, intMin),
      cmpi(b, loc, arith::CmpIPredicate::eq, r, minusOne));
  Value unsafe = arith::OrIOp::create(b, loc, byZero, overflow);
  Value d = sel(b, loc, unsafe, one, r);
  if (rem) {
    Value q = arith::RemSIOp::create(b, loc, l, d);
    return sel(b, loc, byZero, l, sel(b, loc, overflow, zero, q));
  }
  Value q = arith::DivSIOp::create(b, loc, l, d);
  return sel(b, loc, byZero, minusOne, sel(b, loc, overflow, intMin, q));
}

/// Integer power by square-and-multiply over the exponent's bits
/// (wrapping like repeated multiply). A negative (signed) exponent gives
/// the truncated value of 1 / x^-e: 1 for x = 1, +-1 for x = -1 (by the
/// exponent's parity), else 0.
Value intPower(OpBuilder &b, Location loc, Value x, Value e, bool isUnsigned) {
  Type t = x.getType();
  unsigned w = t.getIntOrFloatBitWidth();
  if (w == 1) // pred: x^e = x or !e.
    return arith::OrIOp::create(
        b, loc, x, arith::XOrIOp::create(b, loc, e, intConst(b, loc, t, 1)));
  Value one = intConst(b, loc, t, 1), zero = intConst(b, loc, t, 0);
  Value acc = one, base = x;
  for (unsigned k = 0; k < w; ++k) {
    Value bit = arith::AndIOp::create(
        b, loc, arith::ShRUIOp::create(b, loc, e, intConst(b, loc, t, k)), one);
    Value set = cmpi(b, loc, arith::CmpIPredicate::ne, bit, zero);
    acc = sel(b, loc, set, arith::MulIOp::create(b, loc, acc, base), acc);
    base = arith::MulIOp::create(b, loc, base, base);
  }
  if (isUnsigned)
    return acc;
  Value odd = cmpi(b, loc, arith::CmpIPredicate::ne,
                   arith::AndIOp::create(b, loc, e, one), zero);
  Value minusOne = intConst(b, loc, t, -1);
  Value negResult =
      sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, x, one), one,
          sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::eq, x, minusOne),
              sel(b, loc, odd, minusOne, one), zero));
  return sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::slt, e, zero),
             negResult, acc);
}

} // namespace

Value emitConvert(OpBuilder &b, Location loc, Value x, Type to,
                  bool fromUnsigned, bool toUnsigned) {
  Type from = x.getType();
  if (from == to)
    return x;
  auto fromF = dyn_cast<FloatType>(from);
  auto toF = dyn_cast<FloatType>(to);
  if (to.isInteger(1)) {
    if (fromF)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x,
                                   fpConst(b, loc, from, 0.0));
    return cmpi(b, loc, arith::CmpIPredicate::ne, x, intConst(b, loc, from, 0));
  }
  if (fromF && toF) {
    if (fromF.getWidth() < toF.getWidth())
      return arith::ExtFOp::create(b, loc, to, x);
    if (fromF.getWidth() > toF.getWidth())
      return arith::TruncFOp::create(b, loc, to, x);
    // f16 <-> bf16: through f32.
    Value w = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
    return arith::TruncFOp::create(b, loc, to, w);
  }
  if (toF) {
    if (from.isInteger(1) || fromUnsigned)
      return arith::UIToFPOp::create(b, loc, to, x);
    return arith::SIToFPOp::create(b, loc, to, x);
  }
  unsigned tw = to.getIntOrFloatBitWidth();
  if (fromF && toUnsigned) {
    // Saturating truncation toward zero into [0, 2^w - 1]; NaN -> 0.
    // 2^w is exact in every float type wide enough to reach it (f16 tops
    // out below 2^16: the compare is then never true).
    Value hi = arith::ConstantOp::create(
        b, loc, from,
        b.getFloatAttr(from, std::ldexp(1.0, static_cast<int>(tw))));
    Value raw = arith::FPToUIOp::create(b, loc, to, x);
    Value tooBig =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, hi);
    Value notPositive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ULE,
                                              x, fpConst(b, loc, from, 0.0));
    Value v =
        sel(b, loc, tooBig, intConst(b, loc, to, APInt::getMaxValue(tw)), raw);
    return sel(b, loc, notPositive, intConst(b, loc, to, 0), v);
  }
  if (fromF) {
    // Saturating truncation toward zero; NaN -> 0. +-2^(w-1) are exact in
    // every float type wide enough to reach them.
    Value lo = arith::ConstantOp::create(
        b, loc, from,
        b.getFloatAttr(from, -std::ldexp(1.0, static_cast<int>(tw) - 1)));
    Value hi = arith::ConstantOp::create(
        b, loc, from,
        b.getFloatAttr(from, std::ldexp(1.0, static_cast<int>(tw) - 1)));
    Value raw = arith::FPToSIOp::create(b, loc, to, x);
    Value tooBig =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, hi);
    Value tooSmall =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, lo);
    Value isNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    Value v = sel(b, loc, tooBig,
                  intConst(b, loc, to, APInt::getSignedMaxValue(tw)), raw);
    v = sel(b, loc, tooSmall,
            intConst(b, loc, to, APInt::getSignedMinValue(tw)), v);
    return sel(b, loc, isNaN, intConst(b, loc, to, 0), v);
  }
  unsigned fw = from.getIntOrFloatBitWidth();
  if (fw > tw)
    return arith::TruncIOp::create(b, loc, to, x);
  if (fw == tw)
    return x; // Same bits, e.g. i32 <-> ui32.
  if (from.isInteger(1) || fromUnsigned)
    return arith::ExtUIOp::create(b, loc, to, x);
  return arith::ExtSIOp::create(b, loc, to, x);
}

namespace {

Value compare(OpBuilder &b, Location loc, CompareOp op, Value l, Value r,
              bool operandsUnsigned, std::string &why) {
  Type t = l.getType();
  ComparisonDirection dir = op.getComparisonDirection();
  std::optional<ComparisonType> ct = op.getCompareType();
  if (ct && *ct == ComparisonType::TOTALORDER && isa<FloatType>(t)) {
    // IEEE totalOrder: on the bits as signed integers, negative values
    // (sign bit set) order reversed; flipping their other bits fixes that
    // (-NaN < -Inf < ... < -0 < +0 < ... < +Inf < +NaN).
    unsigned w = t.getIntOrFloatBitWidth();
    Type it = IntegerType::get(t.getContext(), w);
    auto key = [&](Value x) -> Value {
      Value bits = arith::BitcastOp::create(b, loc, it, x);
      Value neg = cmpi(b, loc, arith::CmpIPredicate::slt, bits,
                       intConst(b, loc, it, 0));
      Value flipped = arith::XOrIOp::create(
          b, loc, bits, intConst(b, loc, it, APInt::getSignedMaxValue(w)));
      return sel(b, loc, neg, flipped, bits);
    };
    l = key(l);
    r = key(r);
    t = it;
  } else if (isa<FloatType>(t)) {
    arith::CmpFPredicate p;
    switch (dir) {
    case ComparisonDirection::EQ:
      p = arith::CmpFPredicate::OEQ;
      break;
    case ComparisonDirection::NE:
      p = arith::CmpFPredicate::UNE;
      break;
    case ComparisonDirection::GE:
      p = arith::CmpFPredicate::OGE;
      break;
    case ComparisonDirection::GT:
      p = arith::CmpFPredicate::OGT;
      break;
    case ComparisonDirection::LE:
      p = arith::CmpFPredicate::OLE;
      break;
    case ComparisonDirection::LT:
      p = arith::CmpFPredicate::OLT;
      break;
    }
    return arith::CmpFOp::create(b, loc, p, l, r);
  }
  bool isUnsigned = t.isInteger(1) || operandsUnsigned ||
                    (ct && *ct == ComparisonType::UNSIGNED);
  arith::CmpIPredicate p;
  switch (dir) {
  case ComparisonDirection::EQ:
    p = arith::CmpIPredicate::eq;
    break;
  case ComparisonDirection::NE:
    p = arith::CmpIPredicate::ne;
    break;
  case ComparisonDirection::GE:
    p = isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
    break;
  case ComparisonDirection::GT:
    p = isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
    break;
  case ComparisonDirection::LE:
    p = isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
    break;
  case ComparisonDirection::LT:
    p = isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
    break;
  }
  return cmpi(b, loc, p, l, r);
}

} // namespace

Value emitMax(OpBuilder &b, Location loc, Value l, Value r, bool isUnsigned) {
  Type t = l.getType();
  if (isa<FloatType>(t))
    return arith::MaximumFOp::create(b, loc, l, r);
  if (t.isInteger(1) || isUnsigned)
    return arith::MaxUIOp::create(b, loc, l, r);
  return arith::MaxSIOp::create(b, loc, l, r);
}

Value emitMin(OpBuilder &b, Location loc, Value l, Value r, bool isUnsigned) {
  Type t = l.getType();
  if (isa<FloatType>(t))
    return arith::MinimumFOp::create(b, loc, l, r);
  if (t.isInteger(1) || isUnsigned)
    return arith::MinUIOp::create(b, loc, l, r);
  return arith::MinSIOp::create(b, loc, l, r);
}

Value emitScalarOp(OpBuilder &b, Location loc, Operation *op, ValueRange a,
                   Type resultElt, std::string &why) {
  Type t = a.empty() ? resultElt : a[0].getType();
  bool f = isa<FloatType>(t);
  bool pred = t.isInteger(1);
  // Whether the (first non-pred) operand was unsigned: select's and
  // clamp's value operands, the others' only operand type.
  bool u = false;
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    u |= isUnsignedOperand(op, i);
  auto needFloat = [&](StringRef what) -> Value {
    why = (what + " needs a float element type").str();
    return {};
  };
  // Unary float functions.
  auto fp = [&](auto tag) -> Value {
    using MathOp = decltype(tag);
    if (!f)
      return needFloat(op->getName().getStringRef());
    return MathOp::create(b, loc, a[0]);
  };
  return llvm::TypeSwitch<Operation *, Value>(op)
      .Case([&](ConstantOp c) -> Value {
        auto e = dyn_cast<DenseElementsAttr>(c.getValue());
        if (!e || !e.isSplat()) {
          why = "only splat constants can be used as scalars";
          return {};
        }
        return arith::ConstantOp::create(b, loc, resultElt,
                                         e.getSplatValue<TypedAttr>());
      })
      .Case([&](AddOp) -> Value {
        if (f)
          return arith::AddFOp::create(b, loc, a[0], a[1]);
        if (pred)
          return arith::OrIOp::create(b, loc, a[0], a[1]);
        return arith::AddIOp::create(b, loc, a[0], a[1]);
      })
      .Case([&](SubtractOp) -> Value {
        if (f)
          return arith::SubFOp::create(b, loc, a[0], a[1]);
        return arith::SubIOp::create(b, loc, a[0], a[1]);
      })
      .Case([&](MultiplyOp) -> Value {
        if (f)
          return arith::MulFOp::create(b, loc, a[0], a[1]);
        if (pred)
          return arith::AndIOp::create(b, loc, a[0], a[1]);
        return arith::MulIOp::create(b, loc, a[0], a[1]);
      })
      .Case([&](DivideOp) -> Value {
        if (f)
          return arith::DivFOp::create(b, loc, a[0], a[1]);
        if (pred) {
          why = "divide on pred";
          return {};
        }
        return intDivRem(b, loc, a[0], a[1], /*rem=*/false, u);
      })
      .Case([&](RemainderOp) -> Value {
        if (f)
          return arith::RemFOp::create(b, loc, a[0], a[1]);
        if (pred) {
          why = "remainder on pred";
          return {};
        }
        return intDivRem(b, loc, a[0], a[1], /*rem=*/true, u);
      })
      .Case([&](PowerOp) -> Value {
        if (!f)
          return intPower(b, loc, a[0], a[1], u);
        return math::PowFOp::create(b, loc, a[0], a[1]);
      })
      .Case([&](MaximumOp) { return emitMax(b, loc, a[0], a[1], u); })
      .Case([&](MinimumOp) { return emitMin(b, loc, a[0], a[1], u); })
      .Case([&](Atan2Op) -> Value {
        if (!f)
          return needFloat("hlo.atan2");
        return math::Atan2Op::create(b, loc, a[0], a[1]);
      })
      .Case([&](AndOp) -> Value {
        return arith::AndIOp::create(b, loc, a[0], a[1]);
      })
      .Case([&](OrOp) -> Value {
        return arith::OrIOp::create(b, loc, a[0], a[1]);
      })
      .Case([&](XorOp) -> Value {
        return arith::XOrIOp::create(b, loc, a[0], a[1]);
      })
      .Case<ShiftLeftOp, ShiftRightLogicalOp, ShiftRightArithmeticOp>(
          [&](Operation *s) -> Value {
            unsigned w = t.getIntOrFloatBitWidth();
            Value width = intConst(b, loc, t, w);
            Value inRange =
                cmpi(b, loc, arith::CmpIPredicate::ult, a[1], width);
            if (isa<ShiftRightArithmeticOp>(s)) {
              Value amt =
                  sel(b, loc, inRange, a[1], intConst(b, loc, t, w - 1));
              return arith::ShRSIOp::create(b, loc, a[0], amt);
            }
            // The shift result is poison out of range but not selected.
            Value v = isa<ShiftLeftOp>(s)
                          ? Value(arith::ShLIOp::create(b, loc, a[0], a[1]))
                          : Value(arith::ShRUIOp::create(b, loc, a[0], a[1]));
            return sel(b, loc, inRange, v, intConst(b, loc, t, 0));
          })
      .Case([&](NegateOp) -> Value {
        if (f)
          return arith::NegFOp::create(b, loc, a[0]);
        return arith::SubIOp::create(b, loc, intConst(b, loc, t, 0), a[0]);
      })
      .Case([&](SignOp) -> Value {
        if (f) {
          // x > 0: 1; x < 0: -1; +-0 and NaN: x. (Selects rather than
          // math.copysign, which the libm lowering rejects.)
          Value zero = fpConst(b, loc, t, 0.0);
          Value pos = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                            a[0], zero);
          Value neg = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                                            a[0], zero);
          return sel(b, loc, pos, fpConst(b, loc, t, 1.0),
                     sel(b, loc, neg, fpConst(b, loc, t, -1.0), a[0]));
        }
        if (pred)
          return a[0];
        Value zero = intConst(b, loc, t, 0);
        if (u)
          return arith::ExtUIOp::create(
              b, loc, t, cmpi(b, loc, arith::CmpIPredicate::ne, a[0], zero));
        Value pos =
            sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::sgt, a[0], zero),
                intConst(b, loc, t, 1), zero);
        return sel(b, loc, cmpi(b, loc, arith::CmpIPredicate::slt, a[0], zero),
                   intConst(b, loc, t, -1), pos);
      })
      .Case([&](ExpOp) { return fp(math::ExpOp()); })
      .Case([&](Expm1Op) { return fp(math::ExpM1Op()); })
      .Case([&](LogOp) { return fp(math::LogOp()); })
      .Case([&](Log1pOp) { return fp(math::Log1pOp()); })
      .Case([&](TanhOp) { return fp(math::TanhOp()); })
      .Case([&](SqrtOp) { return fp(math::SqrtOp()); })
      .Case([&](RsqrtOp) -> Value {
        // 1 / sqrt(x): convert-math-to-libm would turn math.rsqrt into a
        // call of rsqrtf, which libm does not have.
        if (!f)
          return needFloat("hlo.rsqrt");
        return arith::DivFOp::create(b, loc, fpConst(b, loc, t, 1.0),
                                     math::SqrtOp::create(b, loc, a[0]));
      })
      .Case([&](CbrtOp) { return fp(math::CbrtOp()); })
      .Case([&](FloorOp) { return fp(math::FloorOp()); })
      .Case([&](CeilOp) { return fp(math::CeilOp()); })
      .Case([&](RoundNearestEvenOp) { return fp(math::RoundEvenOp()); })
      .Case([&](RoundNearestAfzOp) { return fp(math::RoundOp()); })
      .Case([&](SineOp) { return fp(math::SinOp()); })
      .Case([&](CosineOp) { return fp(math::CosOp()); })
      .Case([&](LogisticOp) -> Value {
        if (!f)
          return needFloat("hlo.logistic");
        Value one = fpConst(b, loc, t, 1.0);
        Value e =
            math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, a[0]));
        return arith::DivFOp::create(b, loc, one,
                                     arith::AddFOp::create(b, loc, one, e));
      })
      .Case([&](NotOp) -> Value {
        return arith::XOrIOp::create(b, loc, a[0], intConst(b, loc, t, -1));
      })
      .Case([&](PopulationCountOp) -> Value {
        return math::CtPopOp::create(b, loc, a[0]);
      })
      .Case([&](AbsOp) -> Value {
        if (f)
          return math::AbsFOp::create(b, loc, a[0]);
        if (pred || u)
          return a[0];
        // x < 0 ? 0 - x : x (INT_MIN stays INT_MIN, as XLA and TF wrap).
        // Written with arith rather than math.absi, whose vector form the
        // CPU pipeline's math lowering left illegal after vectorization.
        Value zero = intConst(b, loc, t, 0);
        Value neg = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                          a[0], zero);
        return arith::SelectOp::create(
            b, loc, neg, arith::SubIOp::create(b, loc, zero, a[0]), a[0]);
      })
      .Case([&](IsFiniteOp) -> Value {
        Value inf = arith::ConstantOp::create(
            b, loc, t,
            b.getFloatAttr(
                t, APFloat::getInf(cast<FloatType>(t).getFloatSemantics())));
        return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE,
                                     math::AbsFOp::create(b, loc, a[0]), inf);
      })
      .Case([&](CompareOp c) { return compare(b, loc, c, a[0], a[1], u, why); })
      .Case([&](SelectOp) -> Value { return sel(b, loc, a[0], a[1], a[2]); })
      .Case([&](ClampOp) -> Value {
        return emitMin(b, loc, emitMax(b, loc, a[1], a[0], u), a[2], u);
      })
      .Case([&](ConvertOp) {
        return emitConvert(b, loc, a[0], resultElt, isUnsignedOperand(op, 0),
                           isUnsignedResult(op, 0));
      })
      .Case([&](BitcastConvertOp) -> Value {
        if (t.getIntOrFloatBitWidth() != resultElt.getIntOrFloatBitWidth()) {
          why = "bitcast_convert between element types of different widths "
                "is not supported";
          return {};
        }
        return arith::BitcastOp::create(b, loc, resultElt, a[0]);
      })
      .Default([&](Operation *o) -> Value {
        why = "no scalar lowering for " + o->getName().getStringRef().str();
        return {};
      });
}

} // namespace tfmlir::tolinalg
