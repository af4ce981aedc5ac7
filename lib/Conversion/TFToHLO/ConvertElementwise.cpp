//===- ConvertElementwise.cpp - tf element-wise ops -> hlo ----------------===//
//
// TF's element-wise ops broadcast NumPy-style; HLO does not, so operands are
// first broadcast (hlo.broadcast_in_dim) to the op's static result shape.
// Semantics follow TF's CPU kernels:
//  - Maximum/Minimum propagate NaN (hlo.maximum/minimum do);
//  - integer Div truncates, FloorDiv/FloorMod floor (the remainder takes the
//    divisor's sign), TruncateDiv/TruncateMod truncate;
//  - Round/Rint round half to even;
//  - Erf/Erfc by Eigen's float rational approximation (TF's CPU kernel);
//    Asin/Acos/Atan via atan2, Sinh/Cosh/Asinh/Acosh/Atanh in forms that
//    neither cancel near 0 nor overflow early.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

/// Operands 0..n-1 of `op` broadcast to its static result shape and, when
/// `elt` is set, converted to it. Fails for dynamic shapes.
LogicalResult broadcastOperands(Operation *op, OpBuilder &b, unsigned n,
                                SmallVectorImpl<Value> &out, std::string &why,
                                RankedTensorType &resultType) {
  resultType = staticResult(op);
  if (!resultType) {
    why = "result shape is not static";
    return failure();
  }
  for (unsigned i = 0; i < n; ++i) {
    Value v = broadcastTo(b, op->getLoc(), op->getOperand(i),
                          resultType.getShape());
    if (!v) {
      why = "operand " + std::to_string(i) +
            " has a dynamic shape or does not broadcast to the result";
      return failure();
    }
    out.push_back(v);
  }
  return success();
}

/// A binary op whose hlo form is `build(lhs, rhs)` after broadcasting.
Converter binary(std::function<Value(OpBuilder &, Location, Value, Value)> build) {
  return [build](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                 std::string &why) -> LogicalResult {
    SmallVector<Value> v;
    RankedTensorType t;
    if (op->getNumOperands() != 2 ||
        failed(broadcastOperands(op, b, 2, v, why, t)))
      return failure();
    results.push_back(build(b, op->getLoc(), v[0], v[1]));
    return success();
  };
}

template <typename OpTy> Converter binaryOp() {
  return binary([](OpBuilder &b, Location loc, Value l, Value r) -> Value {
    return OpTy::create(b, loc, l, r);
  });
}

/// A unary op whose hlo form is `build(x)`.
Converter unary(std::function<Value(OpBuilder &, Location, Value)> build) {
  return [build](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                 std::string &why) -> LogicalResult {
    if (op->getNumOperands() < 1 || !staticType(op->getOperand(0))) {
      why = "operand shape is not static";
      return failure();
    }
    results.push_back(build(b, op->getLoc(), op->getOperand(0)));
    return success();
  };
}

template <typename OpTy> Converter unaryOp() {
  return unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return OpTy::create(b, loc, x);
  });
}

Converter compareOp(Dir dir) {
  return binary([dir](OpBuilder &b, Location loc, Value l, Value r) {
    return compare(b, loc, l, r, dir);
  });
}

/// A splat of `v` with x's type.
Value like(OpBuilder &b, Location loc, Value x, double v) {
  return splat(b, loc, cast<RankedTensorType>(x.getType()), v);
}

bool isFloat(Value v) { return isa<FloatType>(getElementTypeOrSelf(v)); }

/// erf(x) by the rational approximation that Eigen's float erf (TF's CPU
/// kernel) and XLA's ErfImpl32 use: x clamped to [-4, 4] (erf(4) is 1 in
/// float), then x * P(x^2) / Q(x^2) with degree-6 and degree-4
/// polynomials; absolute error about 1e-7. f64 inputs use the same
/// approximation (TF's double kernel calls std::erf: the difference stays
/// within about 1e-7).
Value erfRational(OpBuilder &b, Location loc, Value x) {
  static const double kAlpha[] = {
      -2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06,
      -5.69250639462346e-05, -7.34990630326855e-04, -2.95459980854025e-03,
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
  return DivideOp::create(b, loc,
                          MultiplyOp::create(b, loc, c, horner(kAlpha)),
                          horner(kBeta));
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

LogicalResult convertCast(Operation *op, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out || !staticType(op->getOperand(0))) {
    why = "shape is not static";
    return failure();
  }
  results.push_back(convert(b, op->getLoc(), op->getOperand(0),
                            out.getElementType()));
  return success();
}

LogicalResult convertBitcast(Operation *op, OpBuilder &b,
                             SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out || !staticType(op->getOperand(0))) {
    why = "shape is not static";
    return failure();
  }
  if (op->getOperand(0).getType() == out) {
    results.push_back(op->getOperand(0));
    return success();
  }
  results.push_back(
      BitcastConvertOp::create(b, op->getLoc(), out, op->getOperand(0)));
  return success();
}

/// tf.Select: condition of the result's shape, a scalar, or (TF v1) a
/// vector matching the first dim; tf.SelectV2 broadcasts all three.
LogicalResult convertSelect(Operation *op, OpBuilder &b,
                            SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  auto cond = staticType(op->getOperand(0));
  if (!out || !cond) {
    why = "shape is not static";
    return failure();
  }
  Location loc = op->getLoc();
  Value c = op->getOperand(0);
  if (op->getName().getStringRef() == "tf.Select" && cond.getRank() == 1 &&
      out.getRank() > 1)
    c = broadcastInDim(b, loc, c, out.getShape(), {0});
  else
    c = broadcastTo(b, loc, c, out.getShape());
  Value t = broadcastTo(b, loc, op->getOperand(1), out.getShape());
  Value e = broadcastTo(b, loc, op->getOperand(2), out.getShape());
  if (!c || !t || !e) {
    why = "operands do not broadcast to the result";
    return failure();
  }
  results.push_back(SelectOp::create(b, loc, c, t, e));
  return success();
}

LogicalResult convertAddN(Operation *op, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out || op->getNumOperands() == 0) {
    why = "shape is not static";
    return failure();
  }
  Value acc;
  for (Value v : op->getOperands()) {
    Value bv = broadcastTo(b, op->getLoc(), v, out.getShape());
    if (!bv) {
      why = "operand does not broadcast to the result";
      return failure();
    }
    acc = acc ? Value(AddOp::create(b, op->getLoc(), acc, bv)) : bv;
  }
  results.push_back(acc);
  return success();
}

/// Identity-like ops forward their operands.
LogicalResult forward(Operation *op, OpBuilder &, SmallVectorImpl<Value> &results,
                      std::string &why) {
  if (op->getNumOperands() < op->getNumResults()) {
    why = "fewer operands than results";
    return failure();
  }
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    if (op->getOperand(i).getType() != op->getResult(i).getType() &&
        !staticType(op->getOperand(i))) {
      why = "operand type differs from the result type";
      return failure();
    }
    results.push_back(op->getOperand(i));
  }
  return success();
}

/// ZerosLike / OnesLike: a splat of the operand's static type.
Converter splatLike(double v) {
  return [v](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
             std::string &why) -> LogicalResult {
    auto t = staticResult(op);
    if (!t) {
      why = "shape is not static";
      return failure();
    }
    results.push_back(splat(b, op->getLoc(), t, v));
    return success();
  };
}

} // namespace

void addElementwiseConverters(llvm::StringMap<Converter> &t) {
  t["tf.Add"] = binaryOp<AddOp>();
  t["tf.AddV2"] = binaryOp<AddOp>();
  t["tf.Sub"] = binaryOp<SubtractOp>();
  t["tf.Mul"] = binaryOp<MultiplyOp>();
  t["tf.RealDiv"] = binaryOp<DivideOp>();
  t["tf.Div"] = binary([](OpBuilder &b, Location loc, Value l, Value r) -> Value {
    // TF's Div: float division, truncating integer division.
    return DivideOp::create(b, loc, l, r);
  });
  t["tf.TruncateDiv"] = binaryOp<DivideOp>();
  t["tf.TruncateMod"] = binaryOp<RemainderOp>();
  t["tf.Mod"] = binaryOp<RemainderOp>();
  t["tf.FloorDiv"] = binary(floorDiv);
  t["tf.FloorMod"] = binary(floorMod);
  t["tf.Pow"] = binaryOp<PowerOp>();
  t["tf.Maximum"] = binaryOp<MaximumOp>();
  t["tf.Minimum"] = binaryOp<MinimumOp>();
  t["tf.Atan2"] = binaryOp<Atan2Op>();
  t["tf.LogicalAnd"] = binaryOp<AndOp>();
  t["tf.LogicalOr"] = binaryOp<OrOp>();
  t["tf.BitwiseAnd"] = binaryOp<AndOp>();
  t["tf.BitwiseOr"] = binaryOp<OrOp>();
  t["tf.BitwiseXor"] = binaryOp<XorOp>();
  t["tf.LeftShift"] = binaryOp<ShiftLeftOp>();
  t["tf.RightShift"] = binary([](OpBuilder &b, Location loc, Value l,
                                 Value r) -> Value {
    if (getElementTypeOrSelf(l).isUnsignedInteger())
      return ShiftRightLogicalOp::create(b, loc, l, r);
    return ShiftRightArithmeticOp::create(b, loc, l, r);
  });
  t["tf.SquaredDifference"] = binary([](OpBuilder &b, Location loc, Value l,
                                        Value r) -> Value {
    Value d = SubtractOp::create(b, loc, l, r);
    return MultiplyOp::create(b, loc, d, d);
  });
  t["tf.DivNoNan"] = binary([](OpBuilder &b, Location loc, Value l,
                               Value r) -> Value {
    Value zero = like(b, loc, r, 0);
    return SelectOp::create(b, loc, compare(b, loc, r, zero, Dir::EQ), zero,
                            DivideOp::create(b, loc, l, r));
  });

  t["tf.Equal"] = compareOp(Dir::EQ);
  t["tf.NotEqual"] = compareOp(Dir::NE);
  t["tf.Greater"] = compareOp(Dir::GT);
  t["tf.GreaterEqual"] = compareOp(Dir::GE);
  t["tf.Less"] = compareOp(Dir::LT);
  t["tf.LessEqual"] = compareOp(Dir::LE);

  t["tf.Abs"] = unaryOp<AbsOp>();
  t["tf.ComplexAbs"] = unaryOp<AbsOp>();
  t["tf.Neg"] = unaryOp<NegateOp>();
  t["tf.Sign"] = unaryOp<SignOp>();
  t["tf.Exp"] = unaryOp<ExpOp>();
  t["tf.Expm1"] = unaryOp<Expm1Op>();
  t["tf.Log"] = unaryOp<LogOp>();
  t["tf.Log1p"] = unaryOp<Log1pOp>();
  t["tf.Sqrt"] = unaryOp<SqrtOp>();
  t["tf.Rsqrt"] = unaryOp<RsqrtOp>();
  t["tf.Floor"] = unaryOp<FloorOp>();
  t["tf.Ceil"] = unaryOp<CeilOp>();
  t["tf.Round"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    if (!isFloat(x))
      return x;
    return RoundNearestEvenOp::create(b, loc, x);
  });
  t["tf.Rint"] = unaryOp<RoundNearestEvenOp>();
  t["tf.Sin"] = unaryOp<SineOp>();
  t["tf.Cos"] = unaryOp<CosineOp>();
  t["tf.Tan"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return DivideOp::create(b, loc, SineOp::create(b, loc, x),
                            CosineOp::create(b, loc, x));
  });
  t["tf.IsFinite"] = unaryOp<IsFiniteOp>();
  t["tf.IsNan"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return compare(b, loc, x, x, Dir::NE);
  });
  t["tf.IsInf"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    Value a = AbsOp::create(b, loc, x);
    return compare(b, loc, a, like(b, loc, x, INFINITY), Dir::EQ);
  });
  t["tf.LogicalNot"] = unaryOp<NotOp>();
  t["tf.Invert"] = unaryOp<NotOp>();
  t["tf.PopulationCount"] = unaryOp<PopulationCountOp>();
  t["tf.Square"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return MultiplyOp::create(b, loc, x, x);
  });
  t["tf.Reciprocal"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return DivideOp::create(b, loc, like(b, loc, x, 1), x);
  });
  t["tf.Inv"] = t["tf.Reciprocal"];

  // Inverse trigonometric / hyperbolic functions, Erf/Erfc, in
  // forms that stay accurate where the textbook formula cancels or
  // overflows (as XLA's math library does).
  t["tf.Atan"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return Atan2Op::create(b, loc, x, like(b, loc, x, 1));
  });
  t["tf.Asin"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // asin(x) = 2 atan2(x, 1 + sqrt(1 - x^2)); |x| > 1 gives NaN.
    Value one = like(b, loc, x, 1);
    Value r = SqrtOp::create(
        b, loc, SubtractOp::create(b, loc, one, MultiplyOp::create(b, loc, x, x)));
    return MultiplyOp::create(
        b, loc, like(b, loc, x, 2),
        Atan2Op::create(b, loc, x, AddOp::create(b, loc, one, r)));
  });
  t["tf.Acos"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // acos(x) = 2 atan2(sqrt(1 - x^2), 1 + x), and pi at x = -1.
    Value one = like(b, loc, x, 1);
    Value r = SqrtOp::create(
        b, loc, SubtractOp::create(b, loc, one, MultiplyOp::create(b, loc, x, x)));
    Value v = MultiplyOp::create(
        b, loc, like(b, loc, x, 2),
        Atan2Op::create(b, loc, r, AddOp::create(b, loc, one, x)));
    return SelectOp::create(b, loc,
                            compare(b, loc, x, like(b, loc, x, -1), Dir::EQ),
                            like(b, loc, x, M_PI), v);
  });
  t["tf.Sinh"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // |x| < 1: (expm1(x) - expm1(-x)) / 2 (no cancellation); otherwise
    // exp(x - ln 2) - exp(-x - ln 2) (no early overflow).
    Value nx = NegateOp::create(b, loc, x);
    Value small = MultiplyOp::create(
        b, loc, like(b, loc, x, 0.5),
        SubtractOp::create(b, loc, Expm1Op::create(b, loc, x),
                           Expm1Op::create(b, loc, nx)));
    Value ln2 = like(b, loc, x, M_LN2);
    Value big = SubtractOp::create(
        b, loc, ExpOp::create(b, loc, SubtractOp::create(b, loc, x, ln2)),
        ExpOp::create(b, loc, SubtractOp::create(b, loc, nx, ln2)));
    Value isSmall = compare(b, loc, AbsOp::create(b, loc, x),
                            like(b, loc, x, 1), Dir::LT);
    return SelectOp::create(b, loc, isSmall, small, big);
  });
  t["tf.Cosh"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // exp(x - ln 2) + exp(-x - ln 2).
    Value ln2 = like(b, loc, x, M_LN2);
    return AddOp::create(
        b, loc, ExpOp::create(b, loc, SubtractOp::create(b, loc, x, ln2)),
        ExpOp::create(b, loc,
                      SubtractOp::create(b, loc, NegateOp::create(b, loc, x),
                                         ln2)));
  });
  t["tf.Asinh"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // sign(x) * asinh(|x|), asinh(a) = log1p(a + a^2 / (1 + sqrt(1 + a^2)))
    // for a < 2^32 and log(a) + ln 2 beyond (where a^2 would overflow in
    // f32 or no longer matter).
    Value a = AbsOp::create(b, loc, x);
    Value one = like(b, loc, x, 1);
    Value a2 = MultiplyOp::create(b, loc, a, a);
    Value q = DivideOp::create(
        b, loc, a2,
        AddOp::create(b, loc, one,
                      SqrtOp::create(b, loc, AddOp::create(b, loc, one, a2))));
    Value small = Log1pOp::create(b, loc, AddOp::create(b, loc, a, q));
    Value big = AddOp::create(b, loc, LogOp::create(b, loc, a),
                              like(b, loc, x, M_LN2));
    Value isBig = compare(b, loc, a, like(b, loc, x, 4294967296.0), Dir::GE);
    Value r = SelectOp::create(b, loc, isBig, big, small);
    return SelectOp::create(b, loc,
                            compare(b, loc, x, like(b, loc, x, 0), Dir::LT),
                            NegateOp::create(b, loc, r), r);
  });
  t["tf.Acosh"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // log(x + sqrt((x - 1)(x + 1))) for x < 2^32, log(x) + ln 2 beyond;
    // x < 1 gives NaN (sqrt of a negative).
    Value one = like(b, loc, x, 1);
    Value r = SqrtOp::create(
        b, loc,
        MultiplyOp::create(b, loc, SubtractOp::create(b, loc, x, one),
                           AddOp::create(b, loc, x, one)));
    Value small = LogOp::create(b, loc, AddOp::create(b, loc, x, r));
    Value big = AddOp::create(b, loc, LogOp::create(b, loc, x),
                              like(b, loc, x, M_LN2));
    Value isBig = compare(b, loc, x, like(b, loc, x, 4294967296.0), Dir::GE);
    return SelectOp::create(b, loc, isBig, big, small);
  });
  t["tf.Atanh"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    // (log1p(x) - log1p(-x)) / 2: +-inf at +-1, NaN beyond.
    return MultiplyOp::create(
        b, loc, like(b, loc, x, 0.5),
        SubtractOp::create(b, loc, Log1pOp::create(b, loc, x),
                           Log1pOp::create(b, loc, NegateOp::create(b, loc, x))));
  });
  t["tf.Erf"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return erfRational(b, loc, x);
  });
  t["tf.Erfc"] = unary([](OpBuilder &b, Location loc, Value x) -> Value {
    return SubtractOp::create(b, loc, like(b, loc, x, 1),
                              erfRational(b, loc, x));
  });

  t["tf.Cast"] = convertCast;
  t["tf.Bitcast"] = convertBitcast;
  t["tf.Select"] = convertSelect;
  t["tf.SelectV2"] = convertSelect;
  t["tf.AddN"] = convertAddN;
  t["tf.AccumulateNV2"] = convertAddN;
  // An unfed PlaceholderWithDefault is its default (tf2xla lowers it to an
  // Identity; a fed one never reaches the legalizer: the feed replaces it).
  // Print and DebugIdentity pass input 0 through (their logging is not
  // compiled, as in XLA).
  for (StringRef n : {"tf.Identity", "tf.IdentityN", "tf.StopGradient",
                      "tf.Snapshot", "tf.PreventGradient", "tf.CheckNumerics",
                      "tf.PlaceholderWithDefault", "tf.Print",
                      "tf.DebugIdentity"})
    t[n] = forward;
  t["tf.ZerosLike"] = splatLike(0);
  t["tf.OnesLike"] = splatLike(1);
}

} // namespace tfmlir::tohlo
