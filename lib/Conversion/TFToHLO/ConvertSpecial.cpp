//===- ConvertSpecial.cpp - gamma-family special functions -> hlo ---------===//
//
// Element-wise, computed in f64 (f32/f16 inputs are widened and the result
// rounded back), from the classic formulations XLA's math library also
// builds on:
//  - Lgamma: Lanczos approximation (g = 7, 9 coefficients) for x >= 0.5 and
//    the reflection log(pi / |sin(pi x)|) - lgamma(1 - x) below; poles give
//    +inf.
//  - Digamma: the derivative of the same Lanczos form, with the reflection
//    digamma(1 - x) - pi / tan(pi x) for x < 0.5; non-positive integers
//    give NaN (TF).
//  - Igamma P(a, x) / Igammac Q(a, x): the power series of P for
//    x < a + 1 and the continued fraction of Q (modified Lentz) otherwise,
//    each with a fixed number of unrolled steps (kSeriesSteps /
//    kFractionSteps; enough for double precision for a and x up to a few
//    hundred / where the fraction converges); a <= 0 or x < 0 give NaN,
//    x = 0 gives P = 0.
//  - Betainc I_x(a, b): the continued fraction of the incomplete beta
//    function (modified Lentz, kBetaSteps unrolled steps) on x or, by
//    symmetry, 1 - x when x > (a + 1) / (a + b + 2); x = 0 -> 0, x = 1 ->
//    1, a <= 0, b <= 0 or x outside [0, 1] -> NaN.
// Operand shapes must be static and equal after NumPy broadcasting.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "mlir/IR/TypeUtilities.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;
constexpr int kSeriesSteps = 96;
constexpr int kFractionSteps = 64;
constexpr int kBetaSteps = 48;
constexpr double kPi = 3.14159265358979323846;

/// f64 element-wise helpers over one static shape.
struct F {
  OpBuilder &b;
  Location loc;
  RankedTensorType t;
  Value c(double v) { return splat(b, loc, t, v); }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return MultiplyOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return DivideOp::create(b, loc, x, y); }
  Value log(Value x) { return LogOp::create(b, loc, x); }
  Value exp(Value x) { return ExpOp::create(b, loc, x); }
  Value abs(Value x) { return AbsOp::create(b, loc, x); }
  Value sin(Value x) { return SineOp::create(b, loc, x); }
  Value cos(Value x) { return CosineOp::create(b, loc, x); }
  Value floor(Value x) { return FloorOp::create(b, loc, x); }
  Value sel(Value p, Value x, Value y) { return SelectOp::create(b, loc, p, x, y); }
  Value lt(Value x, Value y) { return compare(b, loc, x, y, Dir::LT); }
  Value le(Value x, Value y) { return compare(b, loc, x, y, Dir::LE); }
  Value eq(Value x, Value y) { return compare(b, loc, x, y, Dir::EQ); }
  Value gt(Value x, Value y) { return compare(b, loc, x, y, Dir::GT); }
  Value orr(Value x, Value y) { return OrOp::create(b, loc, x, y); }
  Value nan() { return c(std::nan("")); }
};

constexpr double kLanczosG = 7.0;
constexpr double kLanczos[] = {0.99999999999980993,  676.5203681218851,
                               -1259.1392167224028,  771.32342877765313,
                               -176.61502916214059,  12.507343278686905,
                               -0.13857109526572012, 9.9843695780195716e-6,
                               1.5056327351493116e-7};

/// Lanczos sums at z = x - 1 (x >= 0.5): a = c0 + sum c_i / (z + i) and its
/// derivative a' = -sum c_i / (z + i)^2.
std::pair<Value, Value> lanczosSums(F &f, Value z) {
  Value a = f.c(kLanczos[0]), da = f.c(0);
  for (int i = 1; i < 9; ++i) {
    Value d = f.add(z, f.c(i));
    Value term = f.div(f.c(kLanczos[i]), d);
    a = f.add(a, term);
    da = f.sub(da, f.div(term, d));
  }
  return {a, da};
}

/// lgamma for x >= 0.5.
Value lgammaRight(F &f, Value x) {
  Value z = f.sub(x, f.c(1));
  auto [a, da] = lanczosSums(f, z);
  (void)da;
  Value t = f.add(z, f.c(kLanczosG + 0.5));
  return f.add(f.add(f.c(0.5 * std::log(2 * kPi)),
                     f.mul(f.add(z, f.c(0.5)), f.log(t))),
               f.sub(f.log(a), t));
}

Value lgamma(F &f, Value x) {
  Value left = f.lt(x, f.c(0.5));
  Value xr = f.sel(left, f.sub(f.c(1), x), x);
  Value l = lgammaRight(f, xr);
  // log(pi / |sin(pi x)|) - lgamma(1 - x); sin(pi x) is taken of the
  // fractional part so that it is exactly 0 at the integers (poles).
  Value frac = f.sub(x, f.floor(x));
  Value s = f.abs(f.sin(f.mul(f.c(kPi), frac)));
  Value refl = f.sub(f.log(f.div(f.c(kPi), s)), l);
  return f.sel(left, refl, l);
}

Value digamma(F &f, Value x) {
  Value left = f.lt(x, f.c(0.5));
  Value xr = f.sel(left, f.sub(f.c(1), x), x);
  Value z = f.sub(xr, f.c(1));
  auto [a, da] = lanczosSums(f, z);
  Value t = f.add(z, f.c(kLanczosG + 0.5));
  Value right = f.sub(f.add(f.log(t), f.div(da, a)), f.div(f.c(kLanczosG), t));
  Value frac = f.sub(x, f.floor(x));
  Value px = f.mul(f.c(kPi), frac);
  Value refl = f.sub(right, f.div(f.mul(f.c(kPi), f.cos(px)), f.sin(px)));
  Value r = f.sel(left, refl, right);
  // Poles at the non-positive integers: NaN, as TF.
  Value pole = AndOp::create(f.b, f.loc, f.le(x, f.c(0)), f.eq(frac, f.c(0)));
  return f.sel(pole, f.nan(), r);
}

/// Regularized lower incomplete gamma P(a, x) (lower = true) or upper Q.
Value igamma(F &f, Value a, Value x, bool lower) {
  // exp(a log x - x - lgamma(a))
  Value ax = f.exp(f.sub(f.sub(f.mul(a, f.log(x)), x), lgamma(f, a)));
  // Series for P.
  Value del = f.div(f.c(1), a), sum = del, ap = a;
  for (int n = 0; n < kSeriesSteps; ++n) {
    ap = f.add(ap, f.c(1));
    del = f.mul(del, f.div(x, ap));
    sum = f.add(sum, del);
  }
  Value pSeries = f.mul(sum, ax);
  // Continued fraction for Q (modified Lentz).
  const double tiny = 1e-300;
  Value bb = f.add(f.sub(x, a), f.c(1));
  Value cc = f.c(1.0 / tiny);
  Value d = f.div(f.c(1), bb);
  Value h = d;
  auto guard = [&](Value v) {
    return f.sel(f.lt(f.abs(v), f.c(tiny)), f.c(tiny), v);
  };
  for (int i = 1; i <= kFractionSteps; ++i) {
    Value an = f.mul(f.c(-i), f.sub(f.c(i), a));
    bb = f.add(bb, f.c(2));
    d = f.div(f.c(1), guard(f.add(f.mul(an, d), bb)));
    cc = guard(f.add(bb, f.div(an, cc)));
    h = f.mul(h, f.mul(d, cc));
  }
  Value qFrac = f.mul(ax, h);
  Value useSeries = f.lt(x, f.add(a, f.c(1)));
  Value r = lower ? f.sel(useSeries, pSeries, f.sub(f.c(1), qFrac))
                  : f.sel(useSeries, f.sub(f.c(1), pSeries), qFrac);
  r = f.sel(f.eq(x, f.c(0)), f.c(lower ? 0 : 1), r);
  Value bad = f.orr(f.le(a, f.c(0)), f.lt(x, f.c(0)));
  return f.sel(bad, f.nan(), r);
}

/// The incomplete beta continued fraction at (a, b, x) (modified Lentz).
Value betacf(F &f, Value a, Value b, Value x) {
  const double tiny = 1e-300;
  auto guard = [&](Value v) {
    return f.sel(f.lt(f.abs(v), f.c(tiny)), f.c(tiny), v);
  };
  Value qab = f.add(a, b), qap = f.add(a, f.c(1)), qam = f.sub(a, f.c(1));
  Value c = f.c(1);
  Value d = f.div(f.c(1), guard(f.sub(f.c(1), f.div(f.mul(qab, x), qap))));
  Value h = d;
  for (int m = 1; m <= kBetaSteps; ++m) {
    Value mm = f.c(m), m2 = f.c(2 * m);
    // Even step.
    Value aa = f.div(f.mul(f.mul(mm, f.sub(b, mm)), x),
                     f.mul(f.add(qam, m2), f.add(a, m2)));
    d = f.div(f.c(1), guard(f.add(f.c(1), f.mul(aa, d))));
    c = guard(f.add(f.c(1), f.div(aa, c)));
    h = f.mul(h, f.mul(d, c));
    // Odd step.
    aa = f.div(f.mul(f.mul(f.c(-1), f.mul(f.add(a, mm), f.add(qab, mm))), x),
               f.mul(f.add(a, m2), f.add(qap, m2)));
    d = f.div(f.c(1), guard(f.add(f.c(1), f.mul(aa, d))));
    c = guard(f.add(f.c(1), f.div(aa, c)));
    h = f.mul(h, f.mul(d, c));
  }
  return h;
}

Value betainc(F &f, Value a, Value b, Value x) {
  // The prefactor x^a (1 - x)^b / (a B(a, b)) is formed in log space.
  Value lbeta = f.sub(f.add(lgamma(f, a), lgamma(f, b)), lgamma(f, f.add(a, b)));
  Value one = f.c(1);
  Value xm = f.sub(one, x);
  Value front = f.exp(f.sub(f.add(f.mul(a, f.log(x)), f.mul(b, f.log(xm))), lbeta));
  Value direct = f.div(f.mul(front, betacf(f, a, b, x)), a);
  Value mirrored = f.sub(one, f.div(f.mul(front, betacf(f, b, a, xm)), b));
  Value swap = f.gt(x, f.div(f.add(a, one), f.add(f.add(a, b), f.c(2))));
  Value r = f.sel(swap, mirrored, direct);
  r = f.sel(f.eq(x, f.c(0)), f.c(0), r);
  r = f.sel(f.eq(x, one), one, r);
  Value bad = f.orr(f.orr(f.le(a, f.c(0)), f.le(b, f.c(0))),
                    f.orr(f.lt(x, f.c(0)), f.gt(x, one)));
  return f.sel(bad, f.nan(), r);
}

/// Shared driver: broadcasts the float operands to the static result
/// shape, widens to f64, applies `fn` and rounds back.
LogicalResult special(Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                      std::string &why,
                      llvm::function_ref<Value(F &, ArrayRef<Value>)> fn) {
  auto out = staticResult(op);
  if (!out || !isa<FloatType>(out.getElementType()))
    return fail(why, "needs a static float result");
  Location loc = op->getLoc();
  auto t = RankedTensorType::get(out.getShape(), b.getF64Type());
  SmallVector<Value> args;
  for (Value v : op->getOperands()) {
    if (!staticType(v))
      return fail(why, "operands must be static");
    Value w = broadcastTo(b, loc, convert(b, loc, v, b.getF64Type()), out.getShape());
    if (!w)
      return fail(why, "operands do not broadcast to the result");
    args.push_back(w);
  }
  F f{b, loc, t};
  results.push_back(convert(b, loc, fn(f, args), out.getElementType()));
  return success();
}

} // namespace

void addSpecialConverters(llvm::StringMap<Converter> &t) {
  t["tf.Lgamma"] = [](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &r,
                      std::string &why) {
    return special(op, b, r, why, [](F &f, ArrayRef<Value> a) { return lgamma(f, a[0]); });
  };
  t["tf.Digamma"] = [](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &r,
                       std::string &why) {
    return special(op, b, r, why, [](F &f, ArrayRef<Value> a) { return digamma(f, a[0]); });
  };
  t["tf.Igamma"] = [](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &r,
                      std::string &why) {
    return special(op, b, r, why,
                   [](F &f, ArrayRef<Value> a) { return igamma(f, a[0], a[1], true); });
  };
  t["tf.Igammac"] = [](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &r,
                       std::string &why) {
    return special(op, b, r, why,
                   [](F &f, ArrayRef<Value> a) { return igamma(f, a[0], a[1], false); });
  };
  t["tf.Betainc"] = [](Operation *op, OpBuilder &b, SmallVectorImpl<Value> &r,
                       std::string &why) {
    return special(op, b, r, why,
                   [](F &f, ArrayRef<Value> a) { return betainc(f, a[0], a[1], a[2]); });
  };
}

} // namespace tfmlir::tohlo
