//===- ReduceToLinalg.cpp - reduce/reduce_window -> linalg.generic --------===//
//
// XLA Reduce / ReduceWindow with N inputs: one linalg.generic whose outputs
// are the N results filled with the init values and whose body is the
// reducer region re-emitted on scalars (emitScalarOp), so any reducer made
// of element-wise hlo ops works (add/max/min/and/or, arg-max pairs, ...).
// The reducer takes (acc_1..acc_N, x_1..x_N). reduce_window first pads each
// input with its init value (padding, base_dilations as interior padding),
// then reads input index out*stride + window*window_dilation; a tensor of
// the window's shape (never read) gives the window loops their bounds.
// A reduce of a splat with a one-op add/max/min/and/or reducer is computed
// in closed form (lowerReduceOfSplat), never looping over the splat.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "mlir/IR/AffineExpr.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tolinalg {
namespace {

using Results = SmallVectorImpl<Value>;

/// The generic shared by reduce and reduce_window: `inputs` (plus extra
/// inputs that the body ignores) read with `inMaps`, results of `resultTypes`
/// starting from `inits` (scalars) and written with `outMap`.
LogicalResult buildReduction(Operation *op, OpBuilder &b, ValueRange inputs,
                             unsigned numReduced, ArrayRef<AffineMap> inMaps,
                             AffineMap outMap, ArrayRef<Value> inits,
                             ArrayRef<utils::IteratorType> iters, Results &out,
                             std::string &why) {
  Location loc = op->getLoc();
  SmallVector<Value> outs;
  SmallVector<Type> types;
  for (auto [r, init] : llvm::zip(op->getResults(), inits)) {
    auto rt = cast<RankedTensorType>(r.getType());
    outs.push_back(filledTensor(b, loc, rt, init));
    types.push_back(rt);
  }
  SmallVector<AffineMap> maps(inMaps);
  maps.append(outs.size(), outMap);
  Block &body = op->getRegion(0).front();
  bool bad = false;
  auto g = linalg::GenericOp::create(
      b, loc, types, inputs, outs, maps, iters,
      [&](OpBuilder &nb, Location nloc, ValueRange a) {
        // Reducer order: accumulators first, then the elements.
        SmallVector<Value> args(a.take_back(outs.size()));
        llvm::append_range(args, a.take_front(numReduced));
        SmallVector<Value> yielded;
        if (failed(emitRegionOnScalars(nb, nloc, body, args, yielded, why)) ||
            yielded.size() != outs.size()) {
          if (why.empty())
            why = "reducer yields the wrong number of values";
          bad = true;
          yielded.assign(a.take_back(outs.size()).begin(),
                         a.take_back(outs.size()).end());
        }
        linalg::YieldOp::create(nb, nloc, yielded);
      });
  if (bad) {
    g->erase();
    return failure();
  }
  llvm::append_range(out, g.getResults());
  return success();
}

/// The value of every element of `v` when it is a splat: an
/// arith.constant splat, or the linalg.generic without inputs that yields a
/// constant (a large splat hlo.constant, lowerConstant).
TypedAttr splatValueOf(Value v) {
  Operation *def = v.getDefiningOp();
  if (!def)
    return {};
  if (auto c = dyn_cast<arith::ConstantOp>(def)) {
    auto d = dyn_cast<DenseElementsAttr>(c.getValue());
    return d && d.isSplat() ? d.getSplatValue<TypedAttr>() : TypedAttr();
  }
  auto g = dyn_cast<linalg::GenericOp>(def);
  if (!g || g.getNumDpsInputs() != 0 || g.getNumDpsInits() != 1)
    return {};
  auto yield = cast<linalg::YieldOp>(g.getBody()->getTerminator());
  if (yield.getNumOperands() != 1)
    return {};
  auto c = yield.getOperand(0).getDefiningOp<arith::ConstantOp>();
  return c ? dyn_cast<TypedAttr>(c.getValue()) : TypedAttr();
}

/// reduce(splat v) with a reducer that is one add, maximum, minimum, and
/// or or of (acc, x): every result element is reducer(init, c) with c = v
/// for the idempotent ones and c = v * N for add (N = the reduced element
/// count; floats: one rounding where a loop would round N times; integers
/// wrap as the loop would). A loop over the splat would need an input of
/// the full shape to give its loops their bounds, i.e. the splat
/// materialized ([100000,100000] f64: 80 GB). Returns failure (nothing
/// emitted) when the pattern does not apply.
LogicalResult lowerReduceOfSplat(ReduceOp red, OpBuilder &b, Results &results,
                                 std::string &why) {
  if (red.getInputs().size() != 1)
    return failure();
  TypedAttr v = splatValueOf(red.getInputs()[0]);
  Block &body = red->getRegion(0).front();
  if (!v || body.getOperations().size() != 2)
    return failure();
  Operation *combine = &body.front();
  if (!isa<AddOp, MaximumOp, MinimumOp, AndOp, OrOp>(combine) ||
      combine->getNumOperands() != 2 ||
      !llvm::all_of(combine->getOperands(),
                    [&](Value o) { return o.getParentBlock() == &body; }))
    return failure();
  auto it = cast<RankedTensorType>(red.getInputs()[0].getType());
  int64_t n = 1;
  for (int64_t d : red.getDimensions())
    n *= it.getDimSize(d); // static shapes; at most the input's count
  Location loc = red.getLoc();
  Type elt = it.getElementType();
  // c, folded here: v * N in double then rounded once to the element type
  // (overflow gives inf as the loop would; 0 * N stays 0), integers wrap.
  TypedAttr cv = v;
  if (isa<AddOp>(combine) && n > 1) {
    if (auto fa = dyn_cast<FloatAttr>(v)) {
      bool lost = false;
      APFloat x = fa.getValue();
      x.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
      x.multiply(APFloat(static_cast<double>(n)), APFloat::rmNearestTiesToEven);
      x.convert(cast<FloatType>(elt).getFloatSemantics(),
                APFloat::rmNearestTiesToEven, &lost);
      cv = FloatAttr::get(elt, x);
    } else if (auto ia = dyn_cast<IntegerAttr>(v); ia && !elt.isInteger(1)) {
      // (pred add is or: c = v.)
      APInt x = ia.getValue();
      cv = IntegerAttr::get(
          elt, x * APInt(x.getBitWidth(), static_cast<uint64_t>(n)));
    } else if (!elt.isInteger(1)) {
      return failure();
    }
  }
  Value c = arith::ConstantOp::create(b, loc, cv);
  Value init = extractScalar(b, loc, red.getInitValues()[0]);
  Value r = init;
  if (n > 0) {
    SmallVector<Value> yielded;
    // The reducer's operand order: accumulator first, then the element.
    if (failed(emitRegionOnScalars(b, loc, body, ValueRange{init, c}, yielded,
                                   why)) ||
        yielded.size() != 1)
      return failure();
    r = yielded[0];
  }
  results.push_back(filledTensor(
      b, loc, cast<RankedTensorType>(red.getResult(0).getType()), r));
  return success();
}

LogicalResult lowerReduce(Operation *op, OpBuilder &b, Results &results,
                          std::string &why) {
  auto red = cast<ReduceOp>(op);
  if (succeeded(lowerReduceOfSplat(red, b, results, why)))
    return success();
  why.clear();
  Location loc = op->getLoc();
  auto it = cast<RankedTensorType>(red.getInputs()[0].getType());
  unsigned rank = it.getRank();
  ArrayRef<int64_t> dims = red.getDimensions();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineExpr> outExprs;
  SmallVector<utils::IteratorType> iters;
  for (unsigned d = 0; d < rank; ++d) {
    bool reduced = llvm::is_contained(dims, static_cast<int64_t>(d));
    iters.push_back(reduced ? utils::IteratorType::reduction
                            : utils::IteratorType::parallel);
    if (!reduced)
      outExprs.push_back(b.getAffineDimExpr(d));
  }
  SmallVector<Value> inits;
  for (Value v : red.getInitValues())
    inits.push_back(extractScalar(b, loc, v));
  SmallVector<AffineMap> inMaps(red.getInputs().size(),
                                AffineMap::getMultiDimIdentityMap(rank, ctx));
  return buildReduction(op, b, red.getInputs(), red.getInputs().size(), inMaps,
                        AffineMap::get(rank, 0, outExprs, ctx), inits, iters,
                        results, why);
}

LogicalResult lowerReduceWindow(Operation *op, OpBuilder &b, Results &results,
                                std::string &why) {
  auto rw = cast<ReduceWindowOp>(op);
  Location loc = op->getLoc();
  auto it = cast<RankedTensorType>(rw.getInputs()[0].getType());
  size_t rank = it.getRank();
  ArrayRef<int64_t> window = rw.getWindowDimensions();
  if (window.size() != rank) {
    why = "window_dimensions size differs from the input rank";
    return failure();
  }
  SmallVector<int64_t> strides =
      readI64Array(rw.getWindowStridesAttr(), rank, 1);
  SmallVector<int64_t> baseDil =
      readI64Array(rw.getBaseDilationsAttr(), rank, 1);
  SmallVector<int64_t> winDil =
      readI64Array(rw.getWindowDilationsAttr(), rank, 1);
  SmallVector<int64_t> low, high;
  if (!readPadding(rw.getPaddingAttr(), rank, low, high)) {
    why = "padding is not of shape [rank, 2]";
    return failure();
  }
  SmallVector<int64_t> interior;
  for (int64_t d : baseDil)
    interior.push_back(d - 1);
  SmallVector<Value> inits, inputs;
  for (auto [in, init] : llvm::zip(rw.getInputs(), rw.getInitValues())) {
    Value s = extractScalar(b, loc, init);
    inits.push_back(s);
    Value p = buildXlaPad(b, loc, in, s, low, high, interior, why);
    if (!p)
      return failure();
    inputs.push_back(p);
  }
  MLIRContext *ctx = b.getContext();
  unsigned loops = 2 * rank;
  SmallVector<AffineExpr> inExprs, winExprs, outExprs;
  for (size_t d = 0; d < rank; ++d) {
    AffineExpr o = b.getAffineDimExpr(d), w = b.getAffineDimExpr(rank + d);
    inExprs.push_back(o * strides[d] + w * winDil[d]);
    winExprs.push_back(w);
    outExprs.push_back(o);
  }
  size_t n = inputs.size();
  inputs.push_back(tensor::EmptyOp::create(b, loc, window, b.getI8Type()));
  SmallVector<AffineMap> inMaps(n, AffineMap::get(loops, 0, inExprs, ctx));
  inMaps.push_back(AffineMap::get(loops, 0, winExprs, ctx));
  SmallVector<utils::IteratorType> iters = parallelIterators(rank);
  iters.append(rank, utils::IteratorType::reduction);
  return buildReduction(op, b, inputs, n, inMaps,
                        AffineMap::get(loops, 0, outExprs, ctx), inits, iters,
                        results, why);
}

} // namespace

void addReduceLowerings(llvm::StringMap<Lowering> &t) {
  t["hlo.reduce"] = lowerReduce;
  t["hlo.reduce_window"] = lowerReduceWindow;
}

} // namespace tfmlir::tolinalg
