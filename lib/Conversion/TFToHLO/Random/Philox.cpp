//===- Philox.cpp - random ops with TF's Philox values -> hlo -------------===//
//
// Ops: the stateful RandomUniform, RandomUniformInt, RandomStandardNormal,
// TruncatedNormal (TF kernels PhiloxRandomOp, RandomUniformIntOp:
// random_op.cc), the stateless V1 ops StatelessRandomUniform, -Normal,
// -UniformInt, -UniformFullInt, StatelessTruncatedNormal (seed pair;
// stateless_random_ops.cc), the V2 ops StatelessRandomUniformV2, -NormalV2,
// -UniformIntV2, -UniformFullIntV2, StatelessTruncatedNormalV2 (key,
// counter, alg; stateless_random_ops_v2.cc) and StatelessRandomGetKeyCounter,
// StatelessRandomGetKeyCounterAlg, StatelessRandomGetAlg. They lower to
// TF's own Philox4x32-10 stream built from integer hlo ops, so they give
// TF's CPU values. Shapes: the result must be static (a constant `shape`);
// seed int32/int64 [2], key [1] and counter [2] of an integer type, alg a
// constant; floats half/bfloat16/float/double, ints int32/int64/uint32/
// uint64. Refused: other dtypes or shapes, alg 2 (ThreeFry), constant
// bounds with minval >= maxval (TF's error).
//  - Philox4x32-10 (Salmon et al., SC'11; TF's random::PhiloxRandom): a
//    128-bit counter (4 uint32 words) and a 64-bit key (2 words); 10 rounds
//    of two 32x32->64 multiplies (0xD2511F53, 0xCD9E8D57) with the key
//    bumped by (0x9E3779B9, 0xBB67AE85) between rounds. Words are i64
//    tensors holding uint32 values, so a product is exact in 64 bits
//    (mulhi = p >> 32, mullo = p & 0xffffffff).
//  - Seeds (the V1 ops, StatelessRandomGetKeyCounter[Alg]): TF's GenerateKey
//    scramble: one Philox call on counter (seed0, seed1) (int32 seeds sign-
//    extended to 64 bits) with key (0x3ec8f720, 0x02461e29) gives key =
//    words 0, 1 and counter = (0, 0, word 2, word 3).
//  - The stateful ops seed the generator as TF's GuardedPhiloxRandom::Init:
//    key = attr seed, counter = (0, 0, seed2), which gives TF's values of
//    the op's first run (TF moves its generator on by each run; a compiled
//    function here gives the same values on every run). seed = seed2 = 0
//    (TF: fresh random seeds per kernel) uses a seed hashed from the node
//    name instead.
//  - The V2 ops take key uint64[1] (words: low, high) and counter uint64[2]
//    (words: c[0] low, c[0] high, c[1] low, c[1] high) and alg: 1 (Philox)
//    and 3 (auto_select, Philox on CPU) are supported; 2 (ThreeFry) is an
//    Unimplemented error; alg must be a constant.
//  - TF's CPU fill (random_op_cpu.h FillPhiloxRandom): output group g of
//    kResultElementCount values comes from the generator skipped by g calls
//    (uniform/normal/int), or by g * 256 * k / 4 calls for truncated normal
//    (k values per group, a variable number of calls per group).
//  - Distributions as random_distributions.h: uniform float from the low 23
//    bits (x & 0x7fffff) * 2^-23 (the exact value of TF's bit trick
//    (man | 0x3f800000) - 1), half from the low 10 bits, bfloat16 from the
//    low 7 bits, double from the low 20 bits of one word and a second word;
//    normal by Box-Muller (u1 clamped to >= 1e-7, v1 = 2 pi u2 rounded to
//    float, sin then cos times sqrt(-2 log u1)) in float for f32/f16/bf16
//    and in double (2 doubles from 4 words) for f64; truncated normal keeps
//    the Box-Muller values with |x| < 2 in order; uniform int lo + x mod
//    (hi - lo) (unsigned, 2 words for 64-bit types); full int the raw words.
//    Constant bounds must have minval < maxval (TF's error otherwise);
//    bounds known only at run time are not checked (TF's minval < maxval
//    error is not raised; an empty range gives minval).
//  - Truncated normal: TF loops until a group has its k values; here an
//    hlo.while draws one Philox call for every group per iteration until
//    all groups have theirs (the same values, as TF's loop is per group).
//  - log, sin and cos of the float Box-Muller are computed in double and
//    rounded to float (TF calls glibc's logf/sincosf): results agree with
//    TF within an ulp or two, uniform and integer results are bit-exact.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/xxhash.h"

#include <array>
#include <cmath>

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

using Dir = ComparisonDirection;
constexpr uint64_t kMask32 = 0xffffffffULL;

/// TF's rng_alg.h ids.
enum RngAlg : int64_t { kPhilox = 1, kThreeFry = 2, kAutoSelect = 3 };

/// Builds the i64 word arithmetic of one static shape.
struct Words {
  OpBuilder &b;
  Location loc;
  SmallVector<int64_t> shape;

  RankedTensorType type(Type elt) const {
    return RankedTensorType::get(shape, elt);
  }
  Value c(uint64_t v) const {
    return constant(b, loc,
                    DenseElementsAttr::get(type(b.getI64Type()), APInt(64, v)));
  }
  /// A 0-d i64 value broadcast to the shape.
  Value bcast(Value v) const {
    if (cast<RankedTensorType>(v.getType()).getShape() == ArrayRef(shape))
      return v;
    return broadcastInDim(b, loc, v, shape, {});
  }
  Value add(Value x, Value y) const { return AddOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) const { return MultiplyOp::create(b, loc, x, y); }
  Value band(Value x, uint64_t m) const {
    return AndOp::create(b, loc, x, c(m));
  }
  Value bxor(Value x, Value y) const { return XorOp::create(b, loc, x, y); }
  Value bor(Value x, Value y) const { return OrOp::create(b, loc, x, y); }
  Value shr(Value x, uint64_t s) const {
    return ShiftRightLogicalOp::create(b, loc, x, c(s));
  }
  Value shl(Value x, uint64_t s) const {
    return ShiftLeftOp::create(b, loc, x, c(s));
  }
  Value lo32(Value x) const { return band(x, kMask32); }
};

/// A Philox generator position: key words k0, k1 and counter words c0..c3
/// (0-d i64 tensors holding uint32 values).
struct PhiloxState {
  std::array<Value, 2> key;
  std::array<Value, 4> counter;
};

/// One Philox4x32-10 block: the 4 output words for counter `ctr` and key
/// `key` (i64 tensors of the builder's shape, uint32 values). Matches TF's
/// PhiloxRandom::operator() (ComputeSingleRound, RaiseKey).
std::array<Value, 4> philox10(const Words &w, std::array<Value, 4> ctr,
                              std::array<Value, 2> key) {
  for (int round = 0; round < 10; ++round) {
    Value p0 = w.mul(ctr[0], w.c(0xD2511F53u));
    Value p1 = w.mul(ctr[2], w.c(0xCD9E8D57u));
    Value hi0 = w.shr(p0, 32), lo0 = w.lo32(p0);
    Value hi1 = w.shr(p1, 32), lo1 = w.lo32(p1);
    ctr = {w.bxor(w.bxor(hi1, ctr[1]), key[0]), lo1,
           w.bxor(w.bxor(hi0, ctr[3]), key[1]), lo0};
    if (round != 9) {
      key[0] = w.lo32(w.add(key[0], w.c(0x9E3779B9u)));
      key[1] = w.lo32(w.add(key[1], w.c(0xBB67AE85u)));
    }
  }
  return ctr;
}

/// The words of the generator `s` skipped by `offset` calls (an i64 tensor
/// of the builder's shape, values >= 0): TF's PhiloxRandom::Skip (a 128-bit
/// add) followed by one block.
std::array<Value, 4> philoxAt(const Words &w, const PhiloxState &s,
                              Value offset) {
  Value c0 = w.add(w.bcast(s.counter[0]), w.lo32(offset));
  Value c1 =
      w.add(w.add(w.bcast(s.counter[1]), w.shr(offset, 32)), w.shr(c0, 32));
  Value c2 = w.add(w.bcast(s.counter[2]), w.shr(c1, 32));
  Value c3 = w.lo32(w.add(w.bcast(s.counter[3]), w.shr(c2, 32)));
  return philox10(w, {w.lo32(c0), w.lo32(c1), w.lo32(c2), c3},
                  {w.bcast(s.key[0]), w.bcast(s.key[1])});
}

/// Element `i` of the 1-D integer tensor `v` as a 0-d i64 value (signed
/// values sign-extended, unsigned zero-extended; ui64 keeps its bits).
Value element64(OpBuilder &b, Location loc, Value v, int64_t i) {
  Value e = reshape(b, loc,
                    SliceOp::create(b, loc, v, SmallVector<int64_t>{i},
                                    SmallVector<int64_t>{i + 1},
                                    SmallVector<int64_t>{1}),
                    {});
  auto it =
      cast<IntegerType>(cast<RankedTensorType>(e.getType()).getElementType());
  if (it.getWidth() == 64 && it.isUnsigned())
    return BitcastConvertOp::create(
        b, loc, RankedTensorType::get({}, b.getI64Type()), e);
  return convert(b, loc, e, b.getI64Type());
}

/// TF's GenerateKey (stateless_random_ops.cc): the Philox position of the
/// seed pair `seed` (int32/int64 [2]).
PhiloxState stateFromSeed(OpBuilder &b, Location loc, Value seed) {
  Words w{b, loc, {}};
  Value s0 = element64(b, loc, seed, 0), s1 = element64(b, loc, seed, 1);
  auto mix = philox10(w, {w.lo32(s0), w.shr(s0, 32), w.lo32(s1), w.shr(s1, 32)},
                      {w.c(0x3ec8f720u), w.c(0x02461e29u)});
  return {{mix[0], mix[1]}, {w.c(0), w.c(0), mix[2], mix[3]}};
}

/// The Philox position of the V2 ops' key uint64[1] and counter uint64[2]
/// (TF's GetPhiloxRandomFromCounterKeyMem).
PhiloxState stateFromKeyCounter(OpBuilder &b, Location loc, Value key,
                                Value counter) {
  Words w{b, loc, {}};
  Value k = element64(b, loc, key, 0);
  Value c0 = element64(b, loc, counter, 0), c1 = element64(b, loc, counter, 1);
  return {{w.lo32(k), w.shr(k, 32)},
          {w.lo32(c0), w.shr(c0, 32), w.lo32(c1), w.shr(c1, 32)}};
}

bool isIntVector(Value v, int64_t n) {
  auto t = staticType(v);
  return t && t.getRank() == 1 && t.getDimSize(0) == n &&
         isa<IntegerType>(t.getElementType());
}

/// Where an op's generator comes from: a seed pair operand (the V1
/// stateless ops), key, counter and alg operands (the V2 ops) or the seed
/// and seed2 attrs (the stateful ops).
enum class Source { Seed, KeyCounter, Attrs };

/// TF's GuardedPhiloxRandom::Init(seed, seed2): key = seed, counter =
/// (0, 0, seed2); both 0 (TF: random seeds) uses xxh3 of the node name of
/// `loc`.
PhiloxState stateFromAttrs(OpBuilder &b, Location loc, uint64_t seed,
                           uint64_t seed2) {
  if (seed == 0 && seed2 == 0)
    seed = llvm::xxh3_64bits(StringRef(nodeNameOf(loc)));
  Words w{b, loc, {}};
  return {{w.c(seed & kMask32), w.c(seed >> 32)},
          {w.c(0), w.c(0), w.c(seed2 & kMask32), w.c(seed2 >> 32)}};
}

/// The Philox position of a V1 stateless op's `seed` operand.
FailureOr<PhiloxState> stateOfSeed(OpBuilder &b, Location loc, Value seed,
                                   std::string &why) {
  auto st = staticType(seed);
  if (!isIntVector(seed, 2) || !(st.getElementType().isSignlessInteger(32) ||
                                 st.getElementType().isSignlessInteger(64)))
    return fail(why, "seed must be an int32/int64 vector of shape [2] (TF's "
                     "GenerateKey)");
  return stateFromSeed(b, loc, seed);
}

/// The Philox position of a V2 op's `key`, `counter` and `alg` operands.
FailureOr<PhiloxState> stateOfKeyCounter(OpBuilder &b, Location loc, Value key,
                                         Value counter, Value algV,
                                         std::string &why) {
  if (!isIntVector(key, 1) || !isIntVector(counter, 2))
    return fail(why, "key must be uint64[1] and counter uint64[2] (Philox)");
  auto alg = constantInts(algV);
  if (!alg || alg->size() != 1)
    return fail(why, "alg must be a constant int32 scalar (the algorithm is "
                     "chosen at compile time)");
  int64_t a = (*alg)[0];
  if (a == kThreeFry)
    return fail(why, "Unimplemented: alg 2 (ThreeFry) is not supported; only "
                     "Philox (alg 1, or 3 = auto_select, which is Philox on "
                     "CPU) is");
  if (a != kPhilox && a != kAutoSelect)
    return fail(why, "Unsupported algorithm id: " + std::to_string(a));
  return stateFromKeyCounter(b, loc, key, counter);
}

/// Uniform [0, 1) in f32 from the low `bits` bits of each word (TF's
/// Uint32ToFloat (23), Uint16ToHalf (10), Uint16ToGfloat16 (7)): exact.
Value uniformBits(const Words &w, Value word, int bits) {
  Value m =
      convert(w.b, w.loc, w.band(word, (1ULL << bits) - 1), w.b.getF32Type());
  return MultiplyOp::create(
      w.b, w.loc, m,
      splat(w.b, w.loc, w.type(w.b.getF32Type()), std::ldexp(1.0, -bits)));
}

/// TF's Uint64ToDouble(x0, x1): 20 bits of x0 above the 32 of x1, exact.
Value uniformDouble(const Words &w, Value x0, Value x1) {
  Value m = w.bor(w.shl(w.band(x0, 0xfffffu), 32), x1);
  Value f = convert(w.b, w.loc, m, w.b.getF64Type());
  return MultiplyOp::create(
      w.b, w.loc, f,
      splat(w.b, w.loc, w.type(w.b.getF64Type()), std::ldexp(1.0, -52)));
}

/// Unary f64 math applied to f32 `x`, rounded back to f32.
template <typename OpT> Value viaF64(const Words &w, Value x) {
  Value d = convert(w.b, w.loc, x, w.b.getF64Type());
  return convert(w.b, w.loc, OpT::create(w.b, w.loc, d), w.b.getF32Type());
}

/// TF's BoxMullerFloat(x0, x1): (sin(v1) u2, cos(v1) u2) in f32.
std::pair<Value, Value> boxMullerFloat(const Words &w, Value x0, Value x1) {
  OpBuilder &b = w.b;
  auto f32 = w.type(b.getF32Type());
  auto f64 = w.type(b.getF64Type());
  Value u1 = MaximumOp::create(b, w.loc, uniformBits(w, x0, 23),
                               splat(b, w.loc, f32, 1.0e-7f));
  // 2.0f * M_PI is a double; the product is rounded to float.
  Value v1 =
      convert(b, w.loc,
              MultiplyOp::create(
                  b, w.loc, splat(b, w.loc, f64, 2 * M_PI),
                  convert(b, w.loc, uniformBits(w, x1, 23), b.getF64Type())),
              b.getF32Type());
  Value u2 =
      SqrtOp::create(b, w.loc,
                     MultiplyOp::create(b, w.loc, splat(b, w.loc, f32, -2.0),
                                        viaF64<LogOp>(w, u1)));
  return {MultiplyOp::create(b, w.loc, viaF64<SineOp>(w, v1), u2),
          MultiplyOp::create(b, w.loc, viaF64<CosineOp>(w, v1), u2)};
}

/// TF's BoxMullerDouble(x0, x1, x2, x3) in f64.
std::pair<Value, Value> boxMullerDouble(const Words &w, Value x0, Value x1,
                                        Value x2, Value x3) {
  OpBuilder &b = w.b;
  auto f64 = w.type(b.getF64Type());
  Value u1 = MaximumOp::create(b, w.loc, uniformDouble(w, x0, x1),
                               splat(b, w.loc, f64, 1.0e-7));
  Value v1 = MultiplyOp::create(b, w.loc, splat(b, w.loc, f64, 2 * M_PI),
                                uniformDouble(w, x2, x3));
  Value u2 =
      SqrtOp::create(b, w.loc,
                     MultiplyOp::create(b, w.loc, splat(b, w.loc, f64, -2.0),
                                        LogOp::create(b, w.loc, u1)));
  return {MultiplyOp::create(b, w.loc, SineOp::create(b, w.loc, v1), u2),
          MultiplyOp::create(b, w.loc, CosineOp::create(b, w.loc, v1), u2)};
}

/// Stacks the per-group values `vals` (each of shape [G]) into TF's output
/// order (group-major), keeps the first n elements and reshapes to `out`.
Value assemble(OpBuilder &b, Location loc, ArrayRef<Value> vals,
               RankedTensorType out) {
  auto vt = cast<RankedTensorType>(vals[0].getType());
  int64_t g = vt.getDimSize(0), k = vals.size();
  SmallVector<Value> cols;
  for (Value v : vals)
    cols.push_back(reshape(b, loc, v, {g, 1}));
  Value all = k == 1 ? cols[0] : Value(ConcatenateOp::create(b, loc, cols, 1));
  all = reshape(b, loc, all, {g * k});
  int64_t n = out.getNumElements();
  if (n != g * k)
    all = SliceOp::create(b, loc, all, SmallVector<int64_t>{0},
                          SmallVector<int64_t>{n}, SmallVector<int64_t>{1});
  return reshape(b, loc, all, out.getShape());
}

/// The words of group g = 0..G-1 (one Philox call each).
std::array<Value, 4> groupWords(const Words &w, const PhiloxState &s) {
  Value g = IotaOp::create(w.b, w.loc, w.type(w.b.getI64Type()), uint64_t{0});
  return philoxAt(w, s, g);
}

/// Elements per group (TF's kResultElementCount) for `elt` outputs of a
/// fixed-samples distribution: 2 for 64-bit types, else 4.
int64_t groupSize(Type elt) {
  return elt.getIntOrFloatBitWidth() == 64 ? 2 : 4;
}

enum class Dist { Uniform, Normal, TruncatedNormal, UniformInt, FullInt };

/// Values of the uniform and normal distributions for every group.
SmallVector<Value> floatGroups(const Words &w, const std::array<Value, 4> &x,
                               Type elt, Dist d) {
  SmallVector<Value> r;
  if (elt.isF64()) {
    if (d == Dist::Uniform)
      return {uniformDouble(w, x[0], x[1]), uniformDouble(w, x[2], x[3])};
    auto [d0, d1] = boxMullerDouble(w, x[0], x[1], x[2], x[3]);
    return {d0, d1};
  }
  if (d == Dist::Uniform) {
    int bits = elt.isF32() ? 23 : elt.isF16() ? 10 : 7;
    for (Value v : x)
      r.push_back(uniformBits(w, v, bits));
    return r;
  }
  auto [a, bb] = boxMullerFloat(w, x[0], x[1]);
  auto [c, dd] = boxMullerFloat(w, x[2], x[3]);
  return {a, bb, c, dd};
}

/// TF's truncated normal (TruncatedNormalDistribution with the
/// variable-samples fill): group g draws from the generator skipped by
/// g * skip calls (skip = k * 256 / 4, TF's kGeneratorSkipPerOutputGroup),
/// one Philox call after another, keeping the first k Box-Muller values
/// with |x| < 2. An hlo.while runs call m of every group until each group
/// has its k values (TF's unbounded loop; each call is rejected entirely
/// with probability ~1e-5, so a few iterations suffice). Returns the k
/// per-group values ([G] each, f32 or f64).
SmallVector<Value> truncatedGroups(OpBuilder &b, Location loc,
                                   const PhiloxState &s, int64_t groups,
                                   bool isDouble) {
  const int64_t k = isDouble ? 2 : 4;
  const int64_t skip = k * 256 / 4;
  Words w{b, loc, {groups}};
  Type ft = isDouble ? Type(b.getF64Type()) : Type(b.getF32Type());
  auto i64s = RankedTensorType::get({}, b.getI64Type());
  // Carried: call index m (0-d), accepted count [G], k slots [G].
  SmallVector<Value> init{splat(b, loc, i64s, 0), w.c(0)};
  for (int64_t j = 0; j < k; ++j)
    init.push_back(splat(b, loc, w.type(ft), 0));
  SmallVector<Type> types;
  for (Value v : init)
    types.push_back(v.getType());
  SmallVector<Location> locs(types.size(), loc);
  auto loop = WhileOp::create(b, loc, ValueRange(init));
  {
    OpBuilder::InsertionGuard guard(b);
    Block *cond = b.createBlock(&loop.getCond(), {}, types, locs);
    Value open = compare(b, loc, cond->getArgument(1), w.c(k), Dir::LT);
    ReturnOp::create(
        b, loc,
        ValueRange{reduce(b, loc, open, scalar(b, loc, b.getI1Type(), 0), {0},
                          ReduceKind::Or)});
    Block *body = b.createBlock(&loop.getBody(), {}, types, locs);
    Value m = body->getArgument(0), cnt = body->getArgument(1);
    SmallVector<Value> slots(body->getArguments().drop_front(2));
    Value g = IotaOp::create(b, loc, w.type(b.getI64Type()), uint64_t{0});
    auto x = philoxAt(w, s, w.add(w.mul(g, w.c(skip)), w.bcast(m)));
    SmallVector<Value> cands;
    if (isDouble) {
      auto [d0, d1] = boxMullerDouble(w, x[0], x[1], x[2], x[3]);
      cands = {d0, d1};
    } else {
      auto [a, bb] = boxMullerFloat(w, x[0], x[1]);
      auto [c, d] = boxMullerFloat(w, x[2], x[3]);
      cands = {a, bb, c, d};
    }
    for (Value c : cands) {
      Value take =
          AndOp::create(b, loc,
                        compare(b, loc, AbsOp::create(b, loc, c),
                                splat(b, loc, w.type(ft), 2.0), Dir::LT),
                        compare(b, loc, cnt, w.c(k), Dir::LT));
      for (int64_t j = 0; j < k; ++j)
        slots[j] = SelectOp::create(
            b, loc,
            AndOp::create(b, loc, take, compare(b, loc, cnt, w.c(j), Dir::EQ)),
            c, slots[j]);
      cnt = w.add(cnt, convert(b, loc, take, b.getI64Type()));
    }
    SmallVector<Value> next{AddOp::create(b, loc, m, splat(b, loc, i64s, 1)),
                            cnt};
    next.append(slots);
    ReturnOp::create(b, loc, next);
  }
  return SmallVector<Value>(loop->getResults().drop_front(2));
}

/// `v` (i64 holding the low `width` bits of the result) as integer type
/// `elt` (int32/int64/uint32/uint64), keeping the bits.
Value intResult(const Words &w, Value v, IntegerType elt) {
  OpBuilder &b = w.b;
  if (elt.getWidth() == 64)
    return elt.isUnsigned()
               ? Value(BitcastConvertOp::create(b, w.loc, w.type(elt), v))
               : v;
  Value u = convert(b, w.loc, w.lo32(v), b.getIntegerType(32, false));
  return elt.isUnsigned()
             ? u
             : Value(BitcastConvertOp::create(b, w.loc, w.type(elt), u));
}

/// The constant scalar `v` of an integer op operand as 64 bits (signed
/// values sign-extended, unsigned zero-extended).
std::optional<uint64_t> constantScalar64(Value v) {
  auto c = constantOf(v);
  if (!c || c->getNumElements() != 1 || !isa<IntegerType>(c->getElementType()))
    return std::nullopt;
  APInt x = *c->getValues<APInt>().begin();
  return cast<IntegerType>(c->getElementType()).isUnsigned() ? x.getZExtValue()
                                                             : x.getSExtValue();
}

/// A 1-element integer operand as a 0-d i64 (sign- or zero-extended as its
/// type), or null when it is not a static 1-element integer tensor.
Value scalar64(OpBuilder &b, Location loc, Value v) {
  auto t = staticType(v);
  if (!t || t.getNumElements() != 1 || !isa<IntegerType>(t.getElementType()))
    return nullptr;
  return element64(b, loc, reshape(b, loc, v, {1}), 0);
}

/// The values of distribution `d` for `op`'s (static) result: `lv` and `hv`
/// are the minval and maxval operands (UniformInt only, else null); the
/// generator's position comes from `stateOf` (after the checks of the
/// result and the bounds, which build their ops first).
LogicalResult
convertDist(Operation *op, OpBuilder &b, Dist d, Value lv, Value hv,
            function_ref<FailureOr<PhiloxState>(std::string &why)> stateOf,
            SmallVectorImpl<Value> &results, std::string &why) {
  auto out = staticResult(op);
  if (!out)
    return fail(why, "needs a static result (a constant shape)");
  Type elt = out.getElementType();
  bool isInt = d == Dist::UniformInt || d == Dist::FullInt;
  if (isInt ? !(isa<IntegerType>(elt) && (elt.getIntOrFloatBitWidth() == 32 ||
                                          elt.getIntOrFloatBitWidth() == 64))
            : !(elt.isF16() || elt.isBF16() || elt.isF32() || elt.isF64()))
    return fail(why, isInt ? "dtype must be int32, int64, uint32 or uint64"
                           : "dtype must be half, bfloat16, float or double");
  Location loc = op->getLoc();
  // Minval/maxval (UniformInt) as 0-d i64 values; constants must have
  // minval < maxval.
  Value lo, range;
  if (d == Dist::UniformInt) {
    lo = scalar64(b, loc, lv);
    Value hi = scalar64(b, loc, hv);
    if (!lo || !hi)
      return fail(why, "minval and maxval must be static scalars");
    bool unsignedT = cast<IntegerType>(elt).isUnsigned();
    auto l = constantScalar64(lv), h = constantScalar64(hv);
    if (l && h && !(unsignedT ? *l < *h : int64_t(*l) < int64_t(*h)))
      return fail(
          why, "Need minval < maxval: " +
                   (unsignedT ? std::to_string(*l) + " >= " + std::to_string(*h)
                              : std::to_string(int64_t(*l)) +
                                    " >= " + std::to_string(int64_t(*h))));
    Words w0{b, loc, {}};
    range = SubtractOp::create(b, loc, hi, lo);
    if (elt.getIntOrFloatBitWidth() == 32)
      range = w0.lo32(range);
    // An empty range known only at run time (TF: an error) gives minval.
    Value empty = compare(b, loc, range, w0.c(0), Dir::EQ);
    range = SelectOp::create(b, loc, empty, w0.c(1), range);
  }
  FailureOr<PhiloxState> s = stateOf(why);
  if (failed(s))
    return failure();
  int64_t n = out.getNumElements();
  if (n == 0) {
    results.push_back(splat(b, loc, out, 0));
    return success();
  }
  if (d == Dist::TruncatedNormal) {
    int64_t k = elt.isF64() ? 2 : 4;
    SmallVector<Value> vals =
        truncatedGroups(b, loc, *s, (n + k - 1) / k, elt.isF64());
    for (Value &v : vals)
      v = convert(b, loc, v, elt);
    results.push_back(assemble(b, loc, vals, out));
    return success();
  }
  int64_t k = groupSize(elt);
  Words w{b, loc, {(n + k - 1) / k}};
  auto x = groupWords(w, *s);
  SmallVector<Value> vals;
  if (d == Dist::Uniform || d == Dist::Normal) {
    vals = floatGroups(w, x, elt, d);
    for (Value &v : vals)
      v = convert(b, loc, v, elt);
  } else {
    auto it = cast<IntegerType>(elt);
    SmallVector<Value> bits;
    if (k == 4)
      bits.assign(x.begin(), x.end());
    else // 64-bit values: word 2i low, word 2i + 1 high.
      bits = {w.bor(x[0], w.shl(x[1], 32)), w.bor(x[2], w.shl(x[3], 32))};
    for (Value v : bits) {
      if (d == Dist::UniformInt) {
        // lo + bits mod range, unsigned (TF's UniformDistribution<.., int>).
        Value l = w.bcast(lo), rg = w.bcast(range);
        if (k == 4) {
          v = w.add(l, RemainderOp::create(b, loc, v, rg));
        } else {
          auto u64 = w.type(b.getIntegerType(64, false));
          Value rem = RemainderOp::create(
              b, loc, BitcastConvertOp::create(b, loc, u64, v),
              BitcastConvertOp::create(b, loc, u64, rg));
          v = w.add(
              l, BitcastConvertOp::create(b, loc, w.type(b.getI64Type()), rem));
        }
      }
      vals.push_back(intResult(w, v, it));
    }
  }
  results.push_back(assemble(b, loc, vals, out));
  return success();
}

/// tf.<random op> -> TF's Philox stream (integer hlo ops) and the
/// distribution `D`, seeded from source `S`.
template <typename OpT, Dist D, Source S>
struct DistLowering : HLOPattern<OpT> {
  using HLOPattern<OpT>::HLOPattern;
  using OpAdaptor = typename HLOPattern<OpT>::OpAdaptor;

  LogicalResult convert(OpT op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Location loc = op.getLoc();
    auto stateOf = [&](std::string &why) -> FailureOr<PhiloxState> {
      if constexpr (S == Source::Attrs)
        return stateFromAttrs(b, loc, op.getSeed(), op.getSeed2());
      else if constexpr (S == Source::Seed)
        return stateOfSeed(b, loc, a.getSeed(), why);
      else
        return stateOfKeyCounter(b, loc, a.getKey(), a.getCounter(), a.getAlg(),
                                 why);
    };
    Value lv, hv;
    if constexpr (D == Dist::UniformInt) {
      lv = a.getMinval();
      hv = a.getMaxval();
    }
    std::string why;
    if (failed(convertDist(op, b, D, lv, hv, stateOf, results, why)))
      return this->fail(op, b, why);
    return success();
  }
};

/// tf.StatelessRandomGetKeyCounter[Alg] -> TF's GenerateKey (integer hlo
/// ops) as key uint64[1] (words 0 | 1 << 32) and counter uint64[2]; alg 1
/// (Philox, TF's choice on CPU).
template <typename OpT> struct GetKeyCounterLowering : HLOPattern<OpT> {
  using HLOPattern<OpT>::HLOPattern;
  using OpAdaptor = typename HLOPattern<OpT>::OpAdaptor;

  LogicalResult convert(OpT op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    Value seed = a.getSeed();
    auto st = staticType(seed);
    if (!isIntVector(seed, 2) || !(st.getElementType().isSignlessInteger(32) ||
                                   st.getElementType().isSignlessInteger(64)))
      return this->fail(op, b,
                        "seed must be an int32/int64 vector of shape [2]");
    Location loc = op.getLoc();
    PhiloxState s = stateFromSeed(b, loc, seed);
    Words w{b, loc, {}};
    auto pack = [&](Value lo, Value hi) {
      return reshape(b, loc, w.bor(lo, w.shl(hi, 32)), {1});
    };
    Value key = pack(s.key[0], s.key[1]);
    Value counter =
        ConcatenateOp::create(b, loc,
                              ValueRange{pack(s.counter[0], s.counter[1]),
                                         pack(s.counter[2], s.counter[3])},
                              0);
    Value built[] = {key, counter}, replaced[] = {op.getKey(), op.getCounter()};
    for (auto [v, r] : llvm::zip(built, replaced)) {
      auto rt = dyn_cast<RankedTensorType>(r.getType());
      Type e = rt ? rt.getElementType() : b.getIntegerType(64, false);
      auto t = RankedTensorType::get(
          cast<RankedTensorType>(v.getType()).getShape(), e);
      results.push_back(e.isSignlessInteger(64)
                            ? v
                            : Value(BitcastConvertOp::create(b, loc, t, v)));
    }
    if constexpr (std::is_same_v<OpT, TF::StatelessRandomGetKeyCounterAlgOp>)
      results.push_back(
          splat(b, loc, RankedTensorType::get({}, b.getI32Type()), kPhilox));
    return success();
  }
};

/// tf.StatelessRandomGetAlg -> hlo.constant 1 (Philox, TF's choice on CPU).
struct GetAlgLowering : HLOPattern<TF::StatelessRandomGetAlgOp> {
  using HLOPattern::HLOPattern;
  LogicalResult convert(TF::StatelessRandomGetAlgOp op, OpAdaptor,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    results.push_back(splat(
        b, op.getLoc(), RankedTensorType::get({}, b.getI32Type()), kPhilox));
    return success();
  }
};

} // namespace

void populateRandomPhiloxPatterns(RewritePatternSet &patterns,
                                  ConversionState &state) {
  using enum Source;
  using enum Dist;
  patterns.add<
      DistLowering<TF::RandomUniformOp, Uniform, Attrs>,
      DistLowering<TF::RandomStandardNormalOp, Normal, Attrs>,
      DistLowering<TF::TruncatedNormalOp, TruncatedNormal, Attrs>,
      DistLowering<TF::RandomUniformIntOp, UniformInt, Attrs>,
      DistLowering<TF::StatelessRandomUniformOp, Uniform, Seed>,
      DistLowering<TF::StatelessRandomNormalOp, Normal, Seed>,
      DistLowering<TF::StatelessTruncatedNormalOp, TruncatedNormal, Seed>,
      DistLowering<TF::StatelessRandomUniformIntOp, UniformInt, Seed>,
      DistLowering<TF::StatelessRandomUniformFullIntOp, FullInt, Seed>,
      DistLowering<TF::StatelessRandomUniformV2Op, Uniform, KeyCounter>,
      DistLowering<TF::StatelessRandomNormalV2Op, Normal, KeyCounter>,
      DistLowering<TF::StatelessTruncatedNormalV2Op, TruncatedNormal,
                   KeyCounter>,
      DistLowering<TF::StatelessRandomUniformIntV2Op, UniformInt, KeyCounter>,
      DistLowering<TF::StatelessRandomUniformFullIntV2Op, FullInt, KeyCounter>,
      GetKeyCounterLowering<TF::StatelessRandomGetKeyCounterOp>,
      GetKeyCounterLowering<TF::StatelessRandomGetKeyCounterAlgOp>,
      GetAlgLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
