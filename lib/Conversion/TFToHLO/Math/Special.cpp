//===- Special.cpp - gamma-family special functions -> hlo ----------------===//
//
// Lgamma, Digamma, Igamma, Igammac, Betainc, Zeta, Polygamma, Ndtri, Erfinv
// (dialects/tf/TFOpsMath.td), after TF's CPU kernels (Eigen's scalar_*_op
// functors). Element-wise, computed in f64 (f16/bf16/f32 inputs are widened
// and the result rounded back), from the classic formulations XLA's math
// library also builds on:
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
//  - Zeta zeta(x, q) (Hurwitz): Eigen's zeta_impl (Cephes zeta.c), which
//    TF's CPU kernel runs: the direct sum of (q + i)^-x until q + i > 9
//    (at least 9 terms), then the Euler-Maclaurin tail with 12 Bernoulli
//    terms, each stage stopping early where the last term is below machine
//    epsilon (f64's here). x = 1 -> +inf, x < 1 -> NaN; q <= 0 an integer
//    -> +inf for even integer x, NaN otherwise; q < 0 with non-integer x
//    -> NaN. Deviation: q < -kZetaExtra (which needs more than 9 +
//    kZetaExtra direct terms) gives NaN instead of the longer sum.
//  - Polygamma psi^(n)(x): Eigen's polygamma_impl: NaN unless n is a
//    non-negative integer, Digamma for n = 0, else
//    (-1)^(n+1) n! zeta(n + 1, x).
//  - Ndtri (inverse of the standard normal CDF): Cephes ndtri.c's three
//    rational approximations (Eigen's generic_ndtri); 0 -> -inf, 1 -> +inf,
//    outside [0, 1] -> NaN. Erfinv(x) = ndtri((x + 1) / 2) / sqrt(2), as
//    TF's scalar_erfinv_op (so +-1 -> +-inf, |x| > 1 -> NaN).
// Operand shapes must be static and broadcast (NumPy) to the static result
// shape; the result must be a float tensor. Anything else is refused with
// the reason.
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
  Value sel(Value p, Value x, Value y) {
    return SelectOp::create(b, loc, p, x, y);
  }
  Value lt(Value x, Value y) { return compare(b, loc, x, y, Dir::LT); }
  Value le(Value x, Value y) { return compare(b, loc, x, y, Dir::LE); }
  Value eq(Value x, Value y) { return compare(b, loc, x, y, Dir::EQ); }
  Value gt(Value x, Value y) { return compare(b, loc, x, y, Dir::GT); }
  Value orr(Value x, Value y) { return OrOp::create(b, loc, x, y); }
  Value andd(Value x, Value y) { return AndOp::create(b, loc, x, y); }
  Value nott(Value x) { return NotOp::create(b, loc, x); }
  Value ne(Value x, Value y) { return compare(b, loc, x, y, Dir::NE); }
  Value pow(Value x, Value y) { return PowerOp::create(b, loc, x, y); }
  Value neg(Value x) { return NegateOp::create(b, loc, x); }
  Value sqrt(Value x) { return SqrtOp::create(b, loc, x); }
  /// An i1 tensor of t's shape, every element `v`.
  Value flag(bool v) {
    return splat(b, loc, RankedTensorType::get(t.getShape(), b.getI1Type()), v);
  }
  Value nan() { return c(std::nan("")); }
  Value inf() { return c(HUGE_VAL); }
};

constexpr double kLanczosG = 7.0;
constexpr double kLanczos[] = {
    0.99999999999980993,  676.5203681218851,     -1259.1392167224028,
    771.32342877765313,   -176.61502916214059,   12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};

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
  return f.add(
      f.add(f.c(0.5 * std::log(2 * kPi)), f.mul(f.add(z, f.c(0.5)), f.log(t))),
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
  Value lbeta =
      f.sub(f.add(lgamma(f, a), lgamma(f, b)), lgamma(f, f.add(a, b)));
  Value one = f.c(1);
  Value xm = f.sub(one, x);
  Value front =
      f.exp(f.sub(f.add(f.mul(a, f.log(x)), f.mul(b, f.log(xm))), lbeta));
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

//===----------------------------------------------------------------------===//
// Zeta, Polygamma (Eigen's zeta_impl / polygamma_impl)
//===----------------------------------------------------------------------===//

/// Direct-sum terms past Eigen's minimum of 9, for q < 0 (see the header).
constexpr int kZetaExtra = 24;
/// f64 machine epsilon / 2 (Cephes MACHEP), Eigen's stopping threshold.
constexpr double kMachEp = 1.11022302462515654042e-16;
/// Eigen's zeta_impl A[i] = (2i + 2)! / B_{2i+2}.
constexpr double kZetaA[] = {12.0,
                             -720.0,
                             30240.0,
                             -1209600.0,
                             47900160.0,
                             -1.8924375803183791606e9,
                             7.47242496e10,
                             -2.950130727918164224e12,
                             1.1646782814350067249e14,
                             -4.5979787224074726105e15,
                             1.8152105401943546773e17,
                             -7.1661652561756670113e18};

/// True where v is an integer (NaN and +-inf are not).
Value isInt(F &f, Value v) { return f.eq(f.floor(v), v); }

Value zeta(F &f, Value x, Value q) {
  Value one = f.c(1), nine = f.c(9);
  Value s = f.pow(q, f.neg(x));
  Value a = q, b = f.c(0);
  // done: an early exit of Eigen's loops happened; res holds its value.
  Value done = f.flag(false);
  Value res = f.c(0);
  Value looping = f.flag(true);
  for (int i = 1; i <= 9 + kZetaExtra; ++i) {
    // Eigen: while ((i < 9) || (a <= 9)), i counted before the increment.
    if (i > 9)
      looping = f.andd(looping, f.le(a, nine));
    Value step = f.andd(looping, f.nott(done));
    Value an = f.add(a, one);
    Value bn = f.pow(an, f.neg(x));
    Value sn = f.add(s, bn);
    a = f.sel(step, an, a);
    b = f.sel(step, bn, b);
    s = f.sel(step, sn, s);
    Value conv = f.andd(step, f.lt(f.abs(f.div(bn, sn)), f.c(kMachEp)));
    res = f.sel(conv, sn, res);
    done = f.orr(done, conv);
  }
  // Still looping after the unrolled terms: q < -kZetaExtra (see header).
  Value tooLong = f.andd(f.nott(done), f.le(a, nine));
  // Euler-Maclaurin tail at w = a.
  Value w = a;
  s = f.add(s, f.div(f.mul(b, w), f.sub(x, one)));
  s = f.sub(s, f.mul(f.c(0.5), b));
  Value aa = one, k = f.c(0);
  for (double ai : kZetaA) {
    aa = f.mul(aa, f.add(x, k));
    b = f.div(b, w);
    Value t = f.div(f.mul(aa, b), f.c(ai));
    s = f.add(s, t);
    Value conv = f.andd(f.nott(done), f.lt(f.abs(f.div(t, s)), f.c(kMachEp)));
    res = f.sel(conv, s, res);
    done = f.orr(done, conv);
    k = f.add(k, one);
    aa = f.mul(aa, f.add(x, k));
    b = f.div(b, w);
    k = f.add(k, one);
  }
  Value r = f.sel(done, res, s);
  r = f.sel(tooLong, f.nan(), r);
  // Domain (checked first in Eigen, so applied last here).
  Value qNonPos = f.le(q, f.c(0));
  Value xInt = isInt(f, x);
  Value xEven =
      f.andd(xInt, f.eq(f.mul(f.c(2), f.floor(f.mul(x, f.c(0.5)))), x));
  Value qPole = f.andd(qNonPos, isInt(f, q));
  r = f.sel(f.andd(qNonPos, f.nott(xInt)), f.nan(), r);
  r = f.sel(qPole, f.sel(xEven, f.inf(), f.nan()), r);
  r = f.sel(f.lt(x, one), f.nan(), r);
  return f.sel(f.eq(x, one), f.inf(), r);
}

Value polygamma(F &f, Value n, Value x) {
  Value np1 = f.add(n, f.c(1));
  Value factorial = f.exp(lgamma(f, np1));
  // (-1)^(n+1): +1 for odd n.
  Value nOdd = f.ne(f.mul(f.c(2), f.floor(f.mul(n, f.c(0.5)))), n);
  Value sign = f.sel(nOdd, f.c(1), f.c(-1));
  Value r = f.mul(f.mul(sign, factorial), zeta(f, np1, x));
  r = f.sel(f.eq(n, f.c(0)), digamma(f, x), r);
  Value bad = f.orr(f.nott(isInt(f, n)), f.lt(n, f.c(0)));
  return f.sel(bad, f.nan(), r);
}

//===----------------------------------------------------------------------===//
// Ndtri, Erfinv (Cephes ndtri.c)
//===----------------------------------------------------------------------===//

constexpr double kNdtriP0[] = {
    -5.99633501014107895267E1, 9.80010754185999661536E1,
    -5.66762857469070293439E1, 1.39312609387279679503E1,
    -1.23916583867381258016E0};
constexpr double kNdtriQ0[] = {1.0,
                               1.95448858338141759834E0,
                               4.67627912898881538453E0,
                               8.63602421390890590575E1,
                               -2.25462687854119370527E2,
                               2.00260212380060660359E2,
                               -8.20372256168333339912E1,
                               1.59056225126211695515E1,
                               -1.18331621121330003142E0};
constexpr double kNdtriP1[] = {
    4.05544892305962419923E0,   3.15251094599893866154E1,
    5.71628192246421288162E1,   4.40805073893200834700E1,
    1.46849561928858024014E1,   2.18663306850790267539E0,
    -1.40256079171354495875E-1, -3.50424626827848203418E-2,
    -8.57456785154685413611E-4};
constexpr double kNdtriQ1[] = {1.0,
                               1.57799883256466749731E1,
                               4.53907635128879210584E1,
                               4.13172038254672030440E1,
                               1.50425385692907503408E1,
                               2.50464946208309415979E0,
                               -1.42182922854787788574E-1,
                               -3.80806407691578277194E-2,
                               -9.33259480895457427372E-4};
constexpr double kNdtriP2[] = {
    3.23774891776946035970E0,  6.91522889068984211695E0,
    3.93881025292474443415E0,  1.33303460815807542389E0,
    2.01485389549179081538E-1, 1.23716634817820021358E-2,
    3.01581553508235416007E-4, 2.65806974686737550832E-6,
    6.23974539184983293730E-9};
constexpr double kNdtriQ2[] = {1.0,
                               6.02427039364742014255E0,
                               3.67983563856160859403E0,
                               1.37702099489081330271E0,
                               2.16236993594496635890E-1,
                               1.34204006088543189037E-2,
                               3.28014464682127739104E-4,
                               2.89247864745380683936E-6,
                               6.79019408009981274425E-9};

/// Horner evaluation of coef[0] x^(n-1) + ... + coef[n-1] (Cephes polevl).
Value polevl(F &f, Value x, ArrayRef<double> coef) {
  Value r = f.c(coef[0]);
  for (double c : coef.drop_front())
    r = f.add(f.mul(r, x), f.c(c));
  return r;
}

Value ndtri(F &f, Value y0) {
  const double expm2 = 0.13533528323661269189; // exp(-2)
  Value one = f.c(1);
  // Upper tail by symmetry: y = 1 - y0, result negated back.
  Value upper = f.gt(y0, f.c(1.0 - expm2));
  Value y = f.sel(upper, f.sub(one, y0), y0);
  // Central region: |y - 0.5| <= 0.5 - exp(-2).
  Value yc = f.sub(y, f.c(0.5));
  Value y2 = f.mul(yc, yc);
  Value central = f.add(yc, f.mul(yc, f.div(f.mul(y2, polevl(f, y2, kNdtriP0)),
                                            polevl(f, y2, kNdtriQ0))));
  central = f.mul(central, f.c(2.50662827463100050242)); // sqrt(2 pi)
  // Tails: z = sqrt(-2 log y).
  Value small = f.le(y, f.c(expm2));
  Value yt = f.sel(small, y, f.c(expm2)); // keeps log's argument in range
  Value xx = f.sqrt(f.mul(f.c(-2), f.log(yt)));
  Value x0 = f.sub(xx, f.div(f.log(xx), xx));
  Value z = f.div(one, xx);
  Value x1Near =
      f.div(f.mul(z, polevl(f, z, kNdtriP1)), polevl(f, z, kNdtriQ1));
  Value x1Far = f.div(f.mul(z, polevl(f, z, kNdtriP2)), polevl(f, z, kNdtriQ2));
  Value tail = f.sub(x0, f.sel(f.lt(xx, f.c(8)), x1Near, x1Far));
  // Cephes negates the tail result for the lower tail (code != 0).
  tail = f.sel(upper, tail, f.neg(tail));
  Value r = f.sel(small, tail, central);
  r = f.sel(f.eq(y0, f.c(0)), f.neg(f.inf()), r);
  r = f.sel(f.eq(y0, one), f.inf(), r);
  Value bad = f.orr(f.lt(y0, f.c(0)), f.gt(y0, one));
  return f.sel(bad, f.nan(), r); // NaN input stays NaN through the selects
}

Value erfinv(F &f, Value x) {
  Value y = ndtri(f, f.add(f.mul(f.c(0.5), x), f.c(0.5)));
  return f.mul(y, f.c(0.70710678118654752440)); // 1 / sqrt(2)
}

/// What a special function computes from its f64 operands.
using SpecialFn = Value (*)(F &, ArrayRef<Value>);

Value lgamma1(F &f, ArrayRef<Value> a) { return lgamma(f, a[0]); }
Value digamma1(F &f, ArrayRef<Value> a) { return digamma(f, a[0]); }
Value igammaP(F &f, ArrayRef<Value> a) { return igamma(f, a[0], a[1], true); }
Value igammaQ(F &f, ArrayRef<Value> a) { return igamma(f, a[0], a[1], false); }
Value zeta2(F &f, ArrayRef<Value> a) { return zeta(f, a[0], a[1]); }
Value polygamma2(F &f, ArrayRef<Value> a) { return polygamma(f, a[0], a[1]); }
Value ndtri1(F &f, ArrayRef<Value> a) { return ndtri(f, a[0]); }
Value erfinv1(F &f, ArrayRef<Value> a) { return erfinv(f, a[0]); }
Value betainc3(F &f, ArrayRef<Value> a) { return betainc(f, a[0], a[1], a[2]); }

/// tf special function -> Fn on the operands broadcast to the static
/// result shape and widened to f64, rounded back to the result type.
template <typename TFOp, SpecialFn Fn>
struct SpecialLowering : HLOPattern<TFOp> {
  using HLOPattern<TFOp>::HLOPattern;
  using OpAdaptor = typename HLOPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    if (!out || !isa<FloatType>(out.getElementType()))
      return this->fail(op, b, "needs a static float result");
    Location loc = op.getLoc();
    auto t = RankedTensorType::get(out.getShape(), b.getF64Type());
    SmallVector<Value> args;
    for (Value v : a.getOperands()) {
      if (!staticType(v))
        return this->fail(op, b, "operands must be static");
      Value w = broadcastTo(b, loc, tohlo::convert(b, loc, v, b.getF64Type()),
                            out.getShape());
      if (!w)
        return this->fail(op, b, "operands do not broadcast to the result");
      args.push_back(w);
    }
    F f{b, loc, t};
    results.push_back(
        tohlo::convert(b, loc, Fn(f, args), out.getElementType()));
    return success();
  }
};

} // namespace

void populateMathSpecialPatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns.add<SpecialLowering<TF::LgammaOp, lgamma1>,
               SpecialLowering<TF::DigammaOp, digamma1>,
               SpecialLowering<TF::IgammaOp, igammaP>,
               SpecialLowering<TF::IgammacOp, igammaQ>,
               SpecialLowering<TF::ZetaOp, zeta2>,
               SpecialLowering<TF::PolygammaOp, polygamma2>,
               SpecialLowering<TF::NdtriOp, ndtri1>,
               SpecialLowering<TF::ErfinvOp, erfinv1>,
               SpecialLowering<TF::BetaincOp, betainc3>>(patterns.getContext(),
                                                         state);
}

} // namespace tfmlir::tohlo
