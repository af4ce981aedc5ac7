//===- DecomposeRNNOps.cpp - block RNN ops -> primitive tf ops ------------===//
//
// Part of tf-decompose-fused-ops (see DecomposeRNNOps.h and Passes.td).
// The math is TF's LSTMBlockCellFprop (core/kernels/rnn/lstm_ops.cc) and
// GRUBlockCellFprop (gru_ops.h), in the same operation order, so float
// results round as TF's kernels do up to the matmul's summation order.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/DecomposeRNNOps.h"

#include "dialects/tf/TFOpsRNN.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir {
namespace {

constexpr int64_t kDyn = ShapedType::kDynamic;

/// `a + b` of two dims, dynamic when either is.
int64_t addDims(int64_t a, int64_t b) {
  return a == kDyn || b == kDyn ? kDyn : a + b;
}
/// `a * k`, dynamic when `a` is.
int64_t mulDim(int64_t a, int64_t k) { return a == kDyn ? kDyn : a * k; }

/// Dim `i` of `v`'s type, kDyn when unknown (unranked, or a rank other
/// than `rank`).
int64_t dimOf(Value v, unsigned rank, unsigned i) {
  auto t = dyn_cast<RankedTensorType>(v.getType());
  return t && t.getRank() == rank ? t.getDimSize(i) : kDyn;
}

/// The first static dim among `candidates`, else kDyn.
int64_t firstKnown(std::initializer_list<int64_t> candidates) {
  for (int64_t d : candidates)
    if (d != kDyn)
      return d;
  return kDyn;
}

/// A float attr of `op`, `dflt` when absent.
float floatAttrOr(Operation *op, StringRef name, float dflt) {
  if (auto a = op->getAttrOfType<FloatAttr>(name))
    return static_cast<float>(a.getValueAsDouble());
  return dflt;
}
/// A bool attr of `op`, `dflt` when absent.
bool boolAttrOr(Operation *op, StringRef name, bool dflt) {
  if (auto a = op->getAttrOfType<BoolAttr>(name))
    return a.getValue();
  return dflt;
}

/// Builds tf ops by name at one location, for one element type.
class Builder {
public:
  Builder(PatternRewriter &rw, Location loc, Type elt)
      : rw(rw), loc(loc), elt(elt) {}

  /// A ranked tensor type of the element type (kDyn dims allowed).
  Type type(ArrayRef<int64_t> shape) const {
    return RankedTensorType::get(shape, elt);
  }
  /// `tf.<name>` with these operands, result types and attrs.
  Operation *create(StringRef name, ValueRange operands, TypeRange types,
                    ArrayRef<NamedAttribute> attrs = {}) {
    OperationState st(loc, ("tf." + name).str());
    st.addOperands(operands);
    st.addTypes(types);
    st.addAttributes(attrs);
    return rw.create(st);
  }
  /// The result of a one-result `tf.<name>`.
  Value op(StringRef name, ValueRange operands, Type t,
           ArrayRef<NamedAttribute> attrs = {}) {
    return create(name, operands, t, attrs)->getResult(0);
  }
  /// A scalar tf.Const of element type `e` (integer or float).
  Value scalar(Type e, double v) {
    auto t = RankedTensorType::get({}, e);
    Attribute a = isa<FloatType>(e)
                      ? Attribute(rw.getFloatAttr(e, v))
                      : Attribute(rw.getIntegerAttr(e, (int64_t)v));
    return TF::ConstOp::create(rw, loc, DenseElementsAttr::get(t, a));
  }
  /// A scalar tf.Const of the element type.
  Value scalar(double v) { return scalar(elt, v); }
  /// An int64 attr (N, num, axis, num_split).
  NamedAttribute attr(StringRef name, int64_t v) {
    return rw.getNamedAttr(name, rw.getI64IntegerAttr(v));
  }
  /// ConcatV2 of `parts` along `axis`.
  Value concat(ValueRange parts, int64_t axis, Type t) {
    SmallVector<Value> ops(parts);
    ops.push_back(scalar(rw.getI32Type(), axis));
    return op("ConcatV2", ops, t, {attr("N", parts.size())});
  }
  /// Split of `v` into `n` equal parts along `axis`, each of type `t`.
  SmallVector<Value> split(Value v, int64_t axis, unsigned n, Type t) {
    SmallVector<Type> types(n, t);
    Operation *s = create("Split", {scalar(rw.getI32Type(), axis), v}, types,
                          {attr("num_split", n)});
    return SmallVector<Value>(s->getResults());
  }

  PatternRewriter &rw;
  Location loc;
  Type elt;
};

/// The sizes of one LSTM step: batch B, input I, cell H.
struct LSTMSizes {
  int64_t batch, input, cell;
};

/// The seven results of one LSTM step, in TF's result order.
struct LSTMStep {
  Value i, cs, f, o, ci, co, h;
};

/// The attrs of an LSTM op with TF's defaults (BlockLSTMV2 has no
/// forget_bias: 0; its cell_clip defaults to 0, the others' to 3).
struct LSTMAttrs {
  float forgetBias, cellClip;
  bool peephole;
  bool ifco; ///< BlockLSTMV2's gate layout i, f, c, o (else i, c, f, o)
};

/// One LSTMBlockCellFprop step. `types` are the seven result types (the
/// op's own for LSTMBlockCell, [B, H] per step for BlockLSTM).
LSTMStep buildLSTMStep(Builder &b, Value x, Value csPrev, Value hPrev, Value w,
                       Value wci, Value wcf, Value wco, Value bias,
                       const LSTMAttrs &a, const LSTMSizes &s,
                       ArrayRef<Type> types) {
  Type bh = b.type({s.batch, s.cell});
  int64_t h4 = mulDim(s.cell, 4);
  // xh = [x, h_prev]; gates = xh * w + b.
  Value xh =
      b.concat({x, hPrev}, 1, b.type({s.batch, addDims(s.input, s.cell)}));
  Value gates = b.op("MatMul", {xh, w}, b.type({s.batch, h4}));
  gates = b.op("BiasAdd", {gates, bias}, b.type({s.batch, h4}));
  SmallVector<Value> g = b.split(gates, 1, 4, bh);
  Value gi = g[0], gc = g[a.ifco ? 2 : 1], gf = g[a.ifco ? 1 : 2], go = g[3];
  LSTMStep r;
  if (a.peephole)
    gi = b.op("AddV2", {gi, b.op("Mul", {csPrev, wci}, bh)}, bh);
  r.i = b.op("Sigmoid", gi, types[0]);
  r.ci = b.op("Tanh", gc, types[4]);
  if (a.forgetBias != 0.f)
    gf = b.op("AddV2", {gf, b.scalar(a.forgetBias)}, bh);
  if (a.peephole)
    gf = b.op("AddV2", {gf, b.op("Mul", {csPrev, wcf}, bh)}, bh);
  r.f = b.op("Sigmoid", gf, types[2]);
  // cs = i .* ci + f .* cs_prev, clipped to [-cell_clip, cell_clip].
  bool clip = a.cellClip > 0.f;
  Value cs = b.op(
      "AddV2", {b.op("Mul", {r.i, r.ci}, bh), b.op("Mul", {r.f, csPrev}, bh)},
      clip ? bh : types[1]);
  if (clip)
    cs = b.op("Minimum",
              {b.op("Maximum", {cs, b.scalar(-a.cellClip)}, bh),
               b.scalar(a.cellClip)},
              types[1]);
  r.cs = cs;
  r.co = b.op("Tanh", cs, types[5]);
  if (a.peephole)
    go = b.op("AddV2", {go, b.op("Mul", {cs, wco}, bh)}, bh);
  r.o = b.op("Sigmoid", go, types[3]);
  r.h = b.op("Mul", {r.o, r.co}, types[6]);
  return r;
}

/// The operands of an LSTM op: x (at `xIndex`: 0 for LSTMBlockCell, 1
/// after BlockLSTM's seq_len_max), then cs_prev, h_prev, w, wci, wcf, wco,
/// b.
struct LSTMOperands {
  Value x, csPrev, hPrev, w, wci, wcf, wco, b;
  explicit LSTMOperands(Operation *op, unsigned xIndex) {
    auto o = op->getOperands().drop_front(xIndex);
    x = o[0];
    csPrev = o[1];
    hPrev = o[2];
    w = o[3];
    wci = o[4];
    wcf = o[5];
    wco = o[6];
    b = o[7];
  }
  /// The cell size from whichever operand has it static.
  int64_t cell() const {
    int64_t w1 = dimOf(w, 2, 1), b0 = dimOf(b, 1, 0);
    return firstKnown({dimOf(csPrev, 2, 1), dimOf(hPrev, 2, 1),
                       w1 == kDyn ? kDyn : w1 / 4, b0 == kDyn ? kDyn : b0 / 4});
  }
};

/// Reads the LSTMAttrs of `op` (BlockLSTMV2 when `v2`).
LSTMAttrs lstmAttrs(Operation *op, bool v2) {
  LSTMAttrs a;
  a.forgetBias = v2 ? 0.f : floatAttrOr(op, "forget_bias", 1.f);
  a.cellClip = floatAttrOr(op, "cell_clip", v2 ? 0.f : 3.f);
  a.peephole = boolAttrOr(op, "use_peephole", false);
  a.ifco = v2;
  return a;
}

/// LSTMBlockCell -> one step.
struct DecomposeLSTMBlockCell : public OpRewritePattern<TF::LSTMBlockCellOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TF::LSTMBlockCellOp op,
                                PatternRewriter &rw) const override {
    LSTMOperands in(op, 0);
    Builder b(rw, op.getLoc(), getElementTypeOrSelf(in.x.getType()));
    LSTMSizes s{firstKnown({dimOf(in.x, 2, 0), dimOf(in.csPrev, 2, 0),
                            dimOf(in.hPrev, 2, 0)}),
                dimOf(in.x, 2, 1), in.cell()};
    SmallVector<Type> types(op->getResultTypes());
    LSTMStep r =
        buildLSTMStep(b, in.x, in.csPrev, in.hPrev, in.w, in.wci, in.wcf,
                      in.wco, in.b, lstmAttrs(op, false), s, types);
    rw.replaceOp(op, {r.i, r.cs, r.f, r.o, r.ci, r.co, r.h});
    return success();
  }
};

/// BlockLSTM / BlockLSTMV2 -> the steps unrolled over x's static time
/// dimension, each result masked to 0 at t >= seq_len_max and stacked.
template <typename OpTy, bool V2>
struct DecomposeBlockLSTM : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rw) const override {
    std::string why = whyRNNOpNotDecomposable(op);
    auto xt = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
    if (!why.empty() || !xt)
      return rw.notifyMatchFailure(op, why.empty() ? "x is unranked" : why);
    LSTMOperands in(op, 1);
    Value seqLenMax = op->getOperand(0);
    int64_t steps = xt.getDimSize(0);
    Builder b(rw, op.getLoc(), xt.getElementType());
    LSTMSizes s{firstKnown({xt.getDimSize(1), dimOf(in.csPrev, 2, 0),
                            dimOf(in.hPrev, 2, 0)}),
                xt.getDimSize(2), in.cell()};
    Type bh = b.type({s.batch, s.cell});
    SmallVector<Type> stepTypes(7, bh);
    LSTMAttrs attrs = lstmAttrs(op, V2);
    SmallVector<Type> xsTypes(steps, b.type({s.batch, s.input}));
    Operation *xs = b.create("Unpack", in.x, xsTypes,
                             {b.attr("num", steps), b.attr("axis", 0)});
    Type lenElt = getElementTypeOrSelf(seqLenMax.getType());
    Type i1 = RankedTensorType::get({}, rw.getI1Type());
    Value zero = b.scalar(0.0);
    SmallVector<SmallVector<Value>> seqs(7);
    Value cs = in.csPrev, h = in.hPrev;
    for (int64_t t = 0; t < steps; ++t) {
      LSTMStep r = buildLSTMStep(b, xs->getResult(t), cs, h, in.w, in.wci,
                                 in.wcf, in.wco, in.b, attrs, s, stepTypes);
      cs = r.cs;
      h = r.h;
      // TF's loop stops at seq_len_max and zeroes cs and h after it (the
      // other results are left unset there; they are 0 here too).
      Value live = b.op("Less", {b.scalar(lenElt, t), seqLenMax}, i1);
      Value outs[7] = {r.i, r.cs, r.f, r.o, r.ci, r.co, r.h};
      for (unsigned k = 0; k < 7; ++k)
        seqs[k].push_back(b.op("SelectV2", {live, outs[k], zero}, bh));
    }
    SmallVector<Value> results;
    for (unsigned k = 0; k < 7; ++k)
      results.push_back(b.op("Pack", seqs[k], op->getResult(k).getType(),
                             {b.attr("N", steps), b.attr("axis", 0)}));
    rw.replaceOp(op, results);
    return success();
  }
};

/// GRUBlockCell -> one step of GRUBlockCellFprop.
struct DecomposeGRUBlockCell : public OpRewritePattern<TF::GRUBlockCellOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TF::GRUBlockCellOp op,
                                PatternRewriter &rw) const override {
    Value x = op.getX(), hPrev = op.getHPrev();
    Builder b(rw, op.getLoc(), getElementTypeOrSelf(x.getType()));
    int64_t batch = firstKnown({dimOf(x, 2, 0), dimOf(hPrev, 2, 0)});
    int64_t input = dimOf(x, 2, 1);
    int64_t bc = dimOf(op.getBC(), 1, 0), wc = dimOf(op.getWC(), 2, 1);
    int64_t cell = firstKnown({dimOf(hPrev, 2, 1), wc, bc});
    int64_t cell2 = mulDim(cell, 2);
    Type bh = b.type({batch, cell}),
         bxh = b.type({batch, addDims(input, cell)});
    // [r, u] = sigmoid([x, h_prev] * w_ru + b_ru).
    Value xh = b.concat({x, hPrev}, 1, bxh);
    Value ru = b.op("MatMul", {xh, op.getWRu()}, b.type({batch, cell2}));
    ru = b.op("BiasAdd", {ru, op.getBRu()}, b.type({batch, cell2}));
    ru = b.op("Sigmoid", ru, b.type({batch, cell2}));
    Operation *split = b.create("Split", {b.scalar(rw.getI32Type(), 1), ru},
                                {op.getR().getType(), op.getU().getType()},
                                {b.attr("num_split", 2)});
    Value r = split->getResult(0), u = split->getResult(1);
    // c = tanh([x, r .* h_prev] * w_c + b_c).
    Value xhr = b.concat({x, b.op("Mul", {hPrev, r}, bh)}, 1, bxh);
    Value c = b.op("MatMul", {xhr, op.getWC()}, bh);
    c = b.op("BiasAdd", {c, op.getBC()}, bh);
    c = b.op("Tanh", c, op.getC().getType());
    // h = u .* (h_prev - c) + c (TF's form of u h_prev + (1 - u) c).
    Value h =
        b.op("AddV2", {b.op("Mul", {u, b.op("Sub", {hPrev, c}, bh)}, bh), c},
             op.getH().getType());
    rw.replaceOp(op, {r, u, c, h});
    return success();
  }
};

} // namespace

std::string whyRNNOpNotDecomposable(Operation *op) {
  if (!isa<TF::BlockLSTMOp, TF::BlockLSTMV2Op>(op))
    return "";
  auto xt = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  if (!xt)
    return "";
  std::string s;
  llvm::raw_string_ostream os(s);
  if (xt.getRank() != 3)
    os << "x must be 3-D [time, batch, input], got " << xt;
  else if (xt.isDynamicDim(0))
    os << "x's time dimension is not static (" << xt
       << "): the steps are unrolled";
  else if (xt.getDimSize(0) == 0)
    os << "x has no time steps (" << xt << ")";
  return s;
}

void populateDecomposeRNNOpsPatterns(RewritePatternSet &patterns) {
  patterns.add<DecomposeLSTMBlockCell, DecomposeGRUBlockCell,
               DecomposeBlockLSTM<TF::BlockLSTMOp, false>,
               DecomposeBlockLSTM<TF::BlockLSTMV2Op, true>>(
      patterns.getContext());
}

} // namespace tfmlir
