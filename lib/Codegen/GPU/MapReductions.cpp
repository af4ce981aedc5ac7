//===- MapReductions.cpp - linalg reductions -> block-per-output kernels --===//
//
// hlo-gpu-map-reductions (see Passes.td): a reduction linalg.generic whose
// body is `yield combine(out, f(ins))` becomes a gpu.launch with one block
// per output element: each thread folds a strided slice of the reduction
// space, then the block combines the partial values with warp shuffles
// (gpu.shuffle xor) and shared memory (a workgroup attribution), and thread
// 0 combines the result into the output element (which holds the init
// value), as XLA:GPU's row reductions do.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"

namespace tfmlir {
#define GEN_PASS_DEF_GPUMAPREDUCTIONS
#include "lib/Codegen/GPU/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

/// The identity of `combiner` for element type `t`, or null when the
/// combiner is not one we know.
TypedAttr identityOf(Operation *combiner, Type t) {
  Builder b(combiner->getContext());
  if (auto ft = dyn_cast<FloatType>(t)) {
    const llvm::fltSemantics &sem = ft.getFloatSemantics();
    if (isa<arith::AddFOp>(combiner))
      return b.getFloatAttr(t, APFloat::getZero(sem, /*Negative=*/true));
    if (isa<arith::MulFOp>(combiner))
      return b.getFloatAttr(t, APFloat::getOne(sem));
    if (isa<arith::MaximumFOp, arith::MaxNumFOp>(combiner))
      return b.getFloatAttr(t, APFloat::getInf(sem, /*Negative=*/true));
    if (isa<arith::MinimumFOp, arith::MinNumFOp>(combiner))
      return b.getFloatAttr(t, APFloat::getInf(sem, /*Negative=*/false));
    return nullptr;
  }
  auto it = dyn_cast<IntegerType>(t);
  if (!it)
    return nullptr;
  unsigned w = it.getWidth();
  if (isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(combiner))
    return b.getIntegerAttr(t, APInt::getZero(w));
  if (isa<arith::MulIOp>(combiner))
    return b.getIntegerAttr(t, APInt(w, 1));
  if (isa<arith::AndIOp, arith::MinUIOp>(combiner))
    return b.getIntegerAttr(t, APInt::getAllOnes(w));
  if (isa<arith::MaxSIOp>(combiner))
    return b.getIntegerAttr(t, APInt::getSignedMinValue(w));
  if (isa<arith::MinSIOp>(combiner))
    return b.getIntegerAttr(t, APInt::getSignedMaxValue(w));
  return nullptr;
}

struct GpuMapReductionsPass
    : public impl::GpuMapReductionsBase<GpuMapReductionsPass> {
  using Base::Base;

  /// Whether `op` gets a block per output element; sets the combiner.
  bool qualifies(linalg::GenericOp op, Operation *&combiner, Value &value) {
    if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
        op.getNumReductionLoops() == 0 || op.hasDynamicShape())
      return false;
    Type et = getElementTypeOrSelf(op.getDpsInits()[0].getType());
    // gpu.shuffle lowers 32-bit values (64-bit ones split in two).
    if (!(et.isF32() || et.isF64() || et.isInteger(32) || et.isInteger(64)))
      return false;
    Block &body = op.getRegion().front();
    auto yield = cast<linalg::YieldOp>(body.getTerminator());
    BlockArgument outArg = body.getArgument(body.getNumArguments() - 1);
    combiner = yield.getOperand(0).getDefiningOp();
    if (!combiner || combiner->getNumOperands() != 2 ||
        !identityOf(combiner, et) || !outArg.hasOneUse())
      return false;
    if (combiner->getOperand(0) == outArg)
      value = combiner->getOperand(1);
    else if (combiner->getOperand(1) == outArg)
      value = combiner->getOperand(0);
    else
      return false;
    // Iteration counts: parallel loops first (hlo-gpu-prepare-linalg).
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    int64_t np = 1, nr = 1;
    SmallVector<utils::IteratorType> its = op.getIteratorTypesArray();
    for (auto [r, it] : llvm::zip(ranges, its))
      (it == utils::IteratorType::parallel ? np : nr) *= r;
    if (nr < 64 || np > 0x7fffffff)
      return false;
    // A row reduction (an input's fastest-varying dim is reduced) reads
    // coalesced across the block; a column reduction reads coalesced with
    // a thread per output, unless there are too few outputs to fill the GPU.
    bool row = false;
    for (OpOperand *in : op.getDpsInputOperands()) {
      AffineMap m = op.getMatchingIndexingMap(in);
      if (m.getNumResults() == 0)
        continue;
      auto d = dyn_cast<AffineDimExpr>(m.getResults().back());
      if (d && its[d.getPosition()] == utils::IteratorType::reduction)
        row = true;
    }
    return row || np < 1024;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<linalg::GenericOp> ops;
    func.walk([&](linalg::GenericOp op) {
      if (!op->getParentOfType<gpu::LaunchOp>())
        ops.push_back(op);
    });
    int counter = 0;
    for (linalg::GenericOp op : ops) {
      Operation *combiner;
      Value value;
      if (qualifies(op, combiner, value))
        rewrite(op, combiner, value, counter++);
    }
  }

  void rewrite(linalg::GenericOp op, Operation *combiner, Value value,
               int index) {
    Location loc = op.getLoc();
    MLIRContext *ctx = op.getContext();
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<utils::IteratorType> its = op.getIteratorTypesArray();
    unsigned numPar = op.getNumParallelLoops();
    int64_t np = 1, nr = 1;
    for (unsigned i = 0; i < ranges.size(); ++i)
      (i < numPar ? np : nr) *= ranges[i];
    int64_t block = nr >= 256 ? 256 : (nr + 31) / 32 * 32;
    int64_t warps = block / 32;
    Value out = op.getDpsInits()[0];
    Type et = getElementTypeOrSelf(out.getType());
    TypedAttr identity = identityOf(combiner, et);

    OpBuilder b(op);
    auto idx = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    Value one = idx(1);
    auto smemType = MemRefType::get(
        {warps}, et, AffineMap(),
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
    std::string name =
        (func::FuncOp(getOperation()).getSymName() + "_r" + Twine(index)).str();
    auto sym = FlatSymbolRefAttr::get(ctx, name);
    auto launch = gpu::LaunchOp::create(
        b, loc, idx(np), one, one, idx(block), one, one, nullptr, nullptr, {},
        TypeRange{smemType}, {}, nullptr, nullptr, nullptr, sym, sym);
    Block &entry = launch.getBody().front();
    b.setInsertionPointToEnd(&entry);
    gpu::TerminatorOp::create(b, loc);
    b.setInsertionPointToStart(&entry);
    Value smem = launch.getWorkgroupAttributions()[0];
    Value bid = launch.getBlockIds().x, tid = launch.getThreadIds().x;

    // Parallel ivs from the block id (row-major), reduction ivs per step.
    SmallVector<Value> ivs(ranges.size());
    auto delinearize = [&](Value linear, unsigned from, unsigned to) {
      Value rest = linear;
      for (int64_t d = static_cast<int64_t>(to) - 1; d >= from; --d) {
        Value n = idx(ranges[d]);
        if (d == from) {
          ivs[d] = rest;
        } else {
          ivs[d] = arith::RemUIOp::create(b, loc, rest, n);
          rest = arith::DivUIOp::create(b, loc, rest, n);
        }
      }
    };
    delinearize(bid, 0, numPar);
    Value idConst = arith::ConstantOp::create(b, loc, identity);

    // partial = fold(f(ins at ivs)) over r = tid, tid + block, ...
    auto loop = scf::ForOp::create(b, loc, tid, idx(nr), idx(block),
                                   ValueRange{idConst});
    {
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(loop.getBody());
      delinearize(loop.getInductionVar(), numPar, ranges.size());
      Block &body = op.getRegion().front();
      IRMapping map;
      for (OpOperand *in : op.getDpsInputOperands()) {
        AffineMap m = op.getMatchingIndexingMap(in);
        SmallVector<Value> indices;
        for (AffineExpr e : m.getResults()) {
          AffineMap single = AffineMap::get(m.getNumDims(), 0, e);
          indices.push_back(affine::AffineApplyOp::create(b, loc, single, ivs));
        }
        Value v = memref::LoadOp::create(b, loc, in->get(), indices);
        map.map(body.getArgument(in->getOperandNumber()), v);
      }
      for (Operation &inner : body.without_terminator()) {
        if (&inner == combiner)
          continue;
        if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
          map.map(index.getResult(), ivs[index.getDim()]);
          continue;
        }
        b.clone(inner, map);
      }
      IRMapping cm;
      Value acc = loop.getRegionIterArgs()[0];
      Block &rbody = op.getRegion().front();
      cm.map(rbody.getArgument(rbody.getNumArguments() - 1), acc);
      cm.map(value, map.lookupOrDefault(value));
      Operation *c = b.clone(*combiner, cm);
      scf::YieldOp::create(b, loc, c->getResult(0));
    }
    auto combine = [&](Value x, Value y) {
      IRMapping cm;
      cm.map(combiner->getOperand(0), x);
      cm.map(combiner->getOperand(1), y);
      return b.clone(*combiner, cm)->getResult(0);
    };
    auto warpReduce = [&](Value v) {
      for (int32_t off = 16; off >= 1; off /= 2) {
        auto sh =
            gpu::ShuffleOp::create(b, loc, v, off, 32, gpu::ShuffleMode::XOR);
        v = combine(v, sh.getShuffleResult());
      }
      return v;
    };
    Value partial = warpReduce(loop.getResult(0));
    Value lane = arith::RemUIOp::create(b, loc, tid, idx(32));
    Value warp = arith::DivUIOp::create(b, loc, tid, idx(32));
    Value zero = idx(0);
    Value isLane0 =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
    {
      auto ifOp = scf::IfOp::create(b, loc, isLane0, false);
      OpBuilder::InsertionGuard g(b);
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
      memref::StoreOp::create(b, loc, partial, smem, ValueRange{warp});
    }
    gpu::BarrierOp::create(b, loc);
    Value isWarp0 =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp, zero);
    auto ifWarp0 = scf::IfOp::create(b, loc, isWarp0, false);
    b.setInsertionPointToStart(&ifWarp0.getThenRegion().front());
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          lane, idx(warps));
    Value clamped = arith::SelectOp::create(b, loc, inRange, lane, zero);
    Value fromSmem = memref::LoadOp::create(b, loc, smem, ValueRange{clamped});
    Value v = arith::SelectOp::create(b, loc, inRange, fromSmem, idConst);
    Value total = warpReduce(v);
    auto ifLane0 = scf::IfOp::create(b, loc, isLane0, false);
    b.setInsertionPointToStart(&ifLane0.getThenRegion().front());
    AffineMap outMap = op.getMatchingIndexingMap(op.getDpsInitOperand(0));
    // The output map uses only the parallel dims; the reduction ivs live
    // inside the loop, so pass zeros for them.
    SmallVector<Value> outIvs(ivs.begin(), ivs.end());
    for (unsigned i = numPar; i < outIvs.size(); ++i)
      outIvs[i] = zero;
    SmallVector<Value> outIdx;
    for (AffineExpr e : outMap.getResults())
      outIdx.push_back(affine::AffineApplyOp::create(
          b, loc, AffineMap::get(outMap.getNumDims(), 0, e), outIvs));
    Value init = memref::LoadOp::create(b, loc, out, outIdx);
    // out = combine(init, reduce(f(ins))): the linalg op's semantics with
    // the init as the first accumulator.
    IRMapping cm;
    Block &body = op.getRegion().front();
    BlockArgument outArg = body.getArgument(body.getNumArguments() - 1);
    cm.map(outArg, init);
    cm.map(value, total);
    Value result = b.clone(*combiner, cm)->getResult(0);
    memref::StoreOp::create(b, loc, result, out, outIdx);
    op.erase();
  }
};

} // namespace
} // namespace tfmlir
