//===- Sampling.cpp - tf sampling ops -> a counter-based hlo generator ----===//
//
// Ops: RandomShuffle, Multinomial, RandomGamma, RandomPoisson and
// RandomPoissonV2 (TF kernels RandomShuffleOp: random_shuffle_op.cc,
// MultinomialOp: multinomial_op.cc, RandomGammaOp: random_op.cc,
// RandomPoissonOp: random_poisson_op.cc). Shapes must be static (logits
// [batch, classes] of a float type, Poisson rates constant and <= ~200);
// other shapes are refused. The random ops without TF's Philox lowering
// (RandomUniform(Int), RandomStandardNormal, TruncatedNormal and the
// stateless ops have it, in Random/Philox.cpp) lower to a counter-based
// generator built from integer hlo ops (no rng op is needed, so they lower
// wherever integer math does): element i of a draw is splitmix64(key + i)
// (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
// 2014: add the golden-gamma constant, then two xor-shift-multiply rounds
// and a final xor-shift; i64 wrapping arithmetic and logical shifts), where
// the 64-bit key mixes the op's seed and seed2 attrs, its node name and the
// draw's stream number (xxh3), so results are deterministic for a graph and
// differ between ops. This is NOT TensorFlow's algorithm for these ops:
// values differ from TF's, the distributions are the same (the corpus
// checks these ops by shape and dtype only). Uniforms take the top 53 bits
// times 2^-53; normals are Box-Muller on two uniform draws.
//  - RandomShuffle: a stable sort of dim 0 by random keys.
//  - Multinomial: inverse CDF of softmax(logits) per sample (the cumulative
//    sums by a dot with a triangular constant).
//  - RandomPoisson(V2) with constant rates: inverse CDF unrolled over
//    lambda + 12 sqrt(lambda) + 12 terms (rates up to ~200).
//  - RandomGamma: Marsaglia-Tsang with 8 candidate draws, the first
//    accepted wins (alpha < 1 via alpha + 1 and u^(1/alpha)); if none is
//    (probability < 1e-10), the candidate centre d -- an approximation of
//    TF's unbounded rejection loop.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/xxhash.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;

Value i64Splat(OpBuilder &b, Location loc, ArrayRef<int64_t> shape,
               uint64_t v) {
  auto t = RankedTensorType::get(shape, b.getI64Type());
  return constant(b, loc, DenseElementsAttr::get(t, APInt(64, v)));
}

/// What an op's draws are keyed by: its node name and its seed and seed2
/// attrs.
struct Draws {
  std::string node;
  int64_t seed, seed2;
};

template <typename OpT> Draws drawsOf(OpT op) {
  return {nodeNameOf(op.getLoc()), static_cast<int64_t>(op.getSeed()),
          static_cast<int64_t>(op.getSeed2())};
}

/// 64 random bits per element of `shape` (i64), stream `stream` of the op
/// of `draws`.
Value randomBits(OpBuilder &b, Location loc, const Draws &draws,
                 ArrayRef<int64_t> shape, uint64_t stream) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  std::string keySrc = draws.node + "/" + std::to_string(draws.seed) + "/" +
                       std::to_string(draws.seed2) + "/" +
                       std::to_string(stream);
  uint64_t key = llvm::xxh3_64bits(StringRef(keySrc));
  Value i = IotaOp::create(b, loc, RankedTensorType::get({n}, b.getI64Type()),
                           uint64_t{0});
  i = reshape(b, loc, i, shape);
  auto c = [&](uint64_t v) { return i64Splat(b, loc, shape, v); };
  Value z = AddOp::create(b, loc, i, c(key + 0x9E3779B97F4A7C15ULL));
  auto xorShift = [&](Value x, uint64_t s) {
    return XorOp::create(b, loc, x,
                         ShiftRightLogicalOp::create(b, loc, x, c(s)));
  };
  z = MultiplyOp::create(b, loc, xorShift(z, 30), c(0xBF58476D1CE4E5B9ULL));
  z = MultiplyOp::create(b, loc, xorShift(z, 27), c(0x94D049BB133111EBULL));
  return xorShift(z, 31);
}

/// Uniform [0, 1) in f64 with `p` random bits (p <= 53).
Value uniform64(OpBuilder &b, Location loc, const Draws &draws,
                ArrayRef<int64_t> shape, uint64_t stream, int p = 53) {
  Value bits = randomBits(b, loc, draws, shape, stream);
  Value top = ShiftRightLogicalOp::create(b, loc, bits,
                                          i64Splat(b, loc, shape, 64 - p));
  Value f = convert(b, loc, top, b.getF64Type());
  return MultiplyOp::create(b, loc, f,
                            splat(b, loc,
                                  RankedTensorType::get(shape, b.getF64Type()),
                                  std::ldexp(1.0, -p)));
}

/// Standard normal draws in f64 (Box-Muller on streams 2s, 2s + 1).
Value normal64(OpBuilder &b, Location loc, const Draws &draws,
               ArrayRef<int64_t> shape, uint64_t s) {
  auto t = RankedTensorType::get(shape, b.getF64Type());
  // u1 in (0, 1]: 1 - uniform.
  Value u1 = SubtractOp::create(b, loc, splat(b, loc, t, 1),
                                uniform64(b, loc, draws, shape, 2 * s));
  Value u2 = uniform64(b, loc, draws, shape, 2 * s + 1);
  Value r = SqrtOp::create(b, loc,
                           MultiplyOp::create(b, loc, splat(b, loc, t, -2),
                                              LogOp::create(b, loc, u1)));
  Value th = MultiplyOp::create(b, loc, splat(b, loc, t, 2 * M_PI), u2);
  return MultiplyOp::create(b, loc, r, CosineOp::create(b, loc, th));
}

/// tf.RandomShuffle -> hlo.sort of random keys with the row numbers, then
/// hlo.gather of the rows in that order.
struct RandomShuffleLowering : HLOPattern<TF::RandomShuffleOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::RandomShuffleOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto in = staticType(a.getValue());
    if (!in)
      return fail(op, b, "needs a static input");
    if (in.getRank() == 0 || in.getDimSize(0) <= 1) {
      results.push_back(a.getValue());
      return success();
    }
    Location loc = op.getLoc();
    int64_t n = in.getDimSize(0);
    Value keys = randomBits(b, loc, drawsOf(op), {n}, 0);
    Value rows = IotaOp::create(
        b, loc, RankedTensorType::get({n}, b.getI32Type()), uint64_t{0});
    auto sort =
        SortOp::create(b, loc, TypeRange{keys.getType(), rows.getType()},
                       ValueRange{keys, rows}, int64_t{0}, true);
    {
      OpBuilder::InsertionGuard g(b);
      auto sk = RankedTensorType::get({}, b.getI64Type());
      auto si = RankedTensorType::get({}, b.getI32Type());
      Block *body = b.createBlock(&sort.getComparator(), {}, {sk, sk, si, si},
                                  {loc, loc, loc, loc});
      ReturnOp::create(b, loc,
                       ValueRange{compare(b, loc, body->getArgument(0),
                                          body->getArgument(1), Dir::LT)});
    }
    // Gather the rows in the permuted order.
    SmallVector<int64_t> sizes(in.getShape());
    sizes[0] = 1;
    SmallVector<int64_t> offsetDims;
    for (int64_t d = 1; d < in.getRank(); ++d)
      offsetDims.push_back(d);
    Value idx = reshape(b, loc, sort.getResult(1), {n, 1});
    auto dn = GatherDimensionNumbersAttr::get(b.getContext(), offsetDims, {0},
                                              {}, {}, {0}, 1);
    results.push_back(
        GatherOp::create(b, loc, a.getValue(), idx, dn, sizes, false));
    return success();
  }
};

/// tf.Multinomial -> the inverse CDF of softmax(logits) (hlo.exp, a
/// hlo.dot_general with a triangular constant) at uniform draws.
struct MultinomialLowering : HLOPattern<TF::MultinomialOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::MultinomialOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto logits = staticType(a.getLogits());
    auto out = staticResult(op);
    if (!logits || logits.getRank() != 2 || !out || out.getRank() != 2 ||
        !isa<FloatType>(logits.getElementType()))
      return fail(op, b,
                  "needs static [batch, classes] logits and a static result");
    Location loc = op.getLoc();
    int64_t B = logits.getDimSize(0), C = logits.getDimSize(1),
            S = out.getDimSize(1);
    auto f64 = b.getF64Type();
    Value x = tohlo::convert(b, loc, a.getLogits(), f64);
    Value mx = reduce(b, loc, x, minValue(b, loc, f64), {1}, ReduceKind::Max);
    Value p = ExpOp::create(
        b, loc,
        SubtractOp::create(b, loc, x, broadcastInDim(b, loc, mx, {B, C}, {0})));
    // cdf[b, c] = sum_{k <= c} p[b, k] (a dot with the upper-triangular ones).
    SmallVector<double> tri(C * C, 0.0);
    for (int64_t k = 0; k < C; ++k)
      for (int64_t c = k; c < C; ++c)
        tri[k * C + c] = 1.0;
    Value triM =
        constant(b, loc,
                 DenseElementsAttr::get(RankedTensorType::get({C, C}, f64),
                                        ArrayRef<double>(tri)));
    auto dn = DotDimensionNumbersAttr::get(b.getContext(), {}, {}, {1}, {0});
    Value cdf = DotGeneralOp::create(b, loc, RankedTensorType::get({B, C}, f64),
                                     p, triM, dn, nullptr);
    SmallVector<int64_t> lastS{0, C - 1}, lastL{B, C}, st{1, 1};
    Value total =
        reshape(b, loc, SliceOp::create(b, loc, cdf, lastS, lastL, st), {B});
    Value u =
        MultiplyOp::create(b, loc, uniform64(b, loc, drawsOf(op), {B, S}, 0),
                           broadcastInDim(b, loc, total, {B, S}, {0}));
    // index = #{c : cdf[b, c] <= u[b, s]}, clamped to C - 1.
    SmallVector<int64_t> shape{B, S, C};
    Value le = compare(b, loc, broadcastInDim(b, loc, cdf, shape, {0, 2}),
                       broadcastInDim(b, loc, u, shape, {0, 1}), Dir::LE);
    Type it = out.getElementType();
    Value cnt = reduce(b, loc, tohlo::convert(b, loc, le, it),
                       scalar(b, loc, it, 0), {2}, ReduceKind::Add);
    results.push_back(MinimumOp::create(
        b, loc, cnt, splat(b, loc, RankedTensorType::get({B, S}, it), C - 1)));
    return success();
  }
};

/// The parameter operand `v` (shape P) broadcast to the result shape
/// S ++ P in f64.
Value paramToResult(OpBuilder &b, Location loc, Value v, RankedTensorType out) {
  auto pt = cast<RankedTensorType>(v.getType());
  SmallVector<int64_t> dims;
  for (int64_t d = 0; d < pt.getRank(); ++d)
    dims.push_back(out.getRank() - pt.getRank() + d);
  return broadcastInDim(b, loc, convert(b, loc, v, b.getF64Type()),
                        out.getShape(), dims);
}

/// tf.RandomPoisson(V2) -> the inverse CDF of Poisson(rate), unrolled
/// (hlo.compare, hlo.select, hlo.add) at uniform draws.
template <typename OpT> struct RandomPoissonLowering : HLOPattern<OpT> {
  using HLOPattern<OpT>::HLOPattern;
  using OpAdaptor = typename HLOPattern<OpT>::OpAdaptor;
  LogicalResult convert(OpT op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    auto rt = staticType(a.getRate());
    std::optional<DenseElementsAttr> rates = constantOf(a.getRate());
    if (!out || !rt || !rates || out.getRank() < rt.getRank())
      return this->fail(op, b, "needs constant rates and a static result");
    double maxRate = 0;
    if (isa<FloatType>(rates->getElementType())) {
      for (APFloat f : rates->getValues<APFloat>()) {
        bool lost;
        f.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
        maxRate = std::max(maxRate, f.convertToDouble());
      }
    } else {
      for (APInt i : rates->getValues<APInt>())
        maxRate = std::max(maxRate, static_cast<double>(i.getSExtValue()));
    }
    // Inverse CDF with K terms: P(X >= K) is negligible for K = lambda +
    // 12 sqrt(lambda) + 12.
    int64_t K =
        static_cast<int64_t>(std::ceil(maxRate + 12 * std::sqrt(maxRate) + 12));
    if (!(maxRate >= 0) || K > 256)
      return this->fail(
          op, b, "rates above ~200 are not supported (unrolled inverse CDF)");
    Location loc = op.getLoc();
    auto t = RankedTensorType::get(out.getShape(), b.getF64Type());
    Value lam = paramToResult(b, loc, a.getRate(), out);
    Value u = uniform64(b, loc, drawsOf(op), out.getShape(), 0);
    Value p = ExpOp::create(b, loc, NegateOp::create(b, loc, lam));
    Value cdf = p, x = splat(b, loc, t, 0);
    for (int64_t i = 1; i <= K; ++i) {
      x = AddOp::create(
          b, loc, x,
          SelectOp::create(b, loc, compare(b, loc, u, cdf, Dir::GE),
                           splat(b, loc, t, 1), splat(b, loc, t, 0)));
      p = MultiplyOp::create(
          b, loc, p, DivideOp::create(b, loc, lam, splat(b, loc, t, i)));
      cdf = AddOp::create(b, loc, cdf, p);
    }
    results.push_back(tohlo::convert(b, loc, x, out.getElementType()));
    return success();
  }
};

/// tf.RandomGamma -> Marsaglia-Tsang over 8 candidate draws (hlo
/// arithmetic, hlo.select of the first accepted).
struct RandomGammaLowering : HLOPattern<TF::RandomGammaOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::RandomGammaOp op, OpAdaptor a,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto out = staticResult(op);
    auto at = staticType(a.getAlpha());
    if (!out || !at || !isa<FloatType>(out.getElementType()) ||
        out.getRank() < at.getRank())
      return fail(op, b, "needs static alpha and a static float result");
    Location loc = op.getLoc();
    Draws draws = drawsOf(op);
    auto shape = out.getShape();
    auto t = RankedTensorType::get(shape, b.getF64Type());
    auto c = [&](double v) { return splat(b, loc, t, v); };
    Value alpha = paramToResult(b, loc, a.getAlpha(), out);
    // Marsaglia & Tsang (2000) on alpha' = alpha (+ 1 when alpha < 1, then
    // scaled by u^(1/alpha)); kTrials candidates, the first accepted wins
    // (each is accepted with probability > 0.95).
    constexpr int kTrials = 8;
    Value small = compare(b, loc, alpha, c(1), Dir::LT);
    Value a1 = SelectOp::create(b, loc, small,
                                AddOp::create(b, loc, alpha, c(1)), alpha);
    Value d = SubtractOp::create(b, loc, a1, c(1.0 / 3));
    Value cc = DivideOp::create(
        b, loc, c(1),
        SqrtOp::create(b, loc, MultiplyOp::create(b, loc, c(9), d)));
    Value result = d; // if no candidate is accepted: the value at x = 0
    for (int k = kTrials - 1; k >= 0; --k) {
      Value x = normal64(b, loc, draws, shape, 1 + k);
      Value u = uniform64(b, loc, draws, shape, 100 + k);
      Value v1 = AddOp::create(b, loc, c(1), MultiplyOp::create(b, loc, cc, x));
      Value v =
          MultiplyOp::create(b, loc, MultiplyOp::create(b, loc, v1, v1), v1);
      Value pos = compare(b, loc, v, c(0), Dir::GT);
      Value safeV = SelectOp::create(b, loc, pos, v, c(1));
      // log u < x^2 / 2 + d - d v + d log v
      Value rhs = AddOp::create(
          b, loc,
          AddOp::create(b, loc,
                        MultiplyOp::create(b, loc, c(0.5),
                                           MultiplyOp::create(b, loc, x, x)),
                        SubtractOp::create(
                            b, loc, d, MultiplyOp::create(b, loc, d, safeV))),
          MultiplyOp::create(b, loc, d, LogOp::create(b, loc, safeV)));
      Value ok = AndOp::create(
          b, loc, pos, compare(b, loc, LogOp::create(b, loc, u), rhs, Dir::LT));
      result = SelectOp::create(b, loc, ok,
                                MultiplyOp::create(b, loc, d, safeV), result);
    }
    Value u = uniform64(b, loc, draws, shape, 200);
    Value boost =
        PowerOp::create(b, loc, u, DivideOp::create(b, loc, c(1), alpha));
    result = SelectOp::create(
        b, loc, small, MultiplyOp::create(b, loc, result, boost), result);
    results.push_back(tohlo::convert(b, loc, result, out.getElementType()));
    return success();
  }
};

} // namespace

void populateRandomSamplingPatterns(RewritePatternSet &patterns,
                                    ConversionState &state) {
  patterns.add<RandomShuffleLowering, MultinomialLowering,
               RandomPoissonLowering<TF::RandomPoissonV2Op>,
               RandomPoissonLowering<TF::RandomPoissonOp>, RandomGammaLowering>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
