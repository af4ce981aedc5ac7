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

LogicalResult lowerReduce(Operation *op, OpBuilder &b, Results &results,
                          std::string &why) {
  auto red = cast<ReduceOp>(op);
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
  SmallVector<int64_t> strides = readI64Array(rw.getWindowStridesAttr(), rank, 1);
  SmallVector<int64_t> baseDil = readI64Array(rw.getBaseDilationsAttr(), rank, 1);
  SmallVector<int64_t> winDil = readI64Array(rw.getWindowDilationsAttr(), rank, 1);
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
