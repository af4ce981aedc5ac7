//===- MapToLaunch.cpp - linalg on buffers -> scf.parallel -> gpu.launch --===//
//
// hlo-gpu-prepare-linalg and hlo-gpu-map-to-launch (see Passes.td).
//===----------------------------------------------------------------------===//
#include "lib/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace tfmlir {
#define GEN_PASS_DEF_GPUPREPARELINALG
#define GEN_PASS_DEF_GPUMAPTOLAUNCH
#include "lib/Codegen/GPU/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

struct GpuPrepareLinalgPass
    : public impl::GpuPrepareLinalgBase<GpuPrepareLinalgPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    IRRewriter rewriter(func.getContext());
    // Host while/if/case: plain carried buffers, selectors read back.
    if (failed(prepareGpuHostControlFlow(func)))
      return signalPassFailure();
    // memref.copy -> linalg.copy (then generalized below); a copy of a
    // buffer onto itself (bufferization leaves some) is a no-op.
    SmallVector<memref::CopyOp> copies;
    func.walk([&](memref::CopyOp op) {
      if (op.getSource() == op.getTarget())
        op->erase();
      else
        copies.push_back(op);
    });
    for (memref::CopyOp op : copies) {
      rewriter.setInsertionPoint(op);
      rewriter.replaceOpWithNewOp<linalg::CopyOp>(op, op.getSource(),
                                                  op.getTarget());
    }
    SmallVector<linalg::LinalgOp> named;
    func.walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp>(op) && op.hasPureBufferSemantics())
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      if (failed(linalg::generalizeNamedOp(rewriter, op))) {
        op->emitError("GPU path: cannot generalize ") << op->getName();
        return signalPassFailure();
      }
    }
    SmallVector<linalg::GenericOp> generics;
    func.walk([&](linalg::GenericOp op) { generics.push_back(op); });
    for (linalg::GenericOp op : generics) {
      SmallVector<utils::IteratorType> its = op.getIteratorTypesArray();
      SmallVector<unsigned> perm;
      for (unsigned i = 0; i < its.size(); ++i)
        if (its[i] == utils::IteratorType::parallel)
          perm.push_back(i);
      for (unsigned i = 0; i < its.size(); ++i)
        if (its[i] != utils::IteratorType::parallel)
          perm.push_back(i);
      bool identity = true;
      for (unsigned i = 0; i < perm.size(); ++i)
        identity &= perm[i] == i;
      if (identity)
        continue;
      rewriter.setInsertionPoint(op);
      if (failed(linalg::interchangeGenericOp(rewriter, op, perm))) {
        op->emitError("GPU path: cannot interchange the loops of this "
                      "linalg.generic to parallel-first");
        return signalPassFailure();
      }
    }
  }
};

/// Ops that may be recomputed inside a kernel.
bool isSinkable(Operation *op) {
  if (op->getNumRegions() != 0)
    return false;
  if (isa<memref::SubViewOp, memref::CollapseShapeOp, memref::ExpandShapeOp,
          memref::CastOp, memref::ReinterpretCastOp>(op))
    return true;
  return isPure(op) && !isa<memref::AllocOp, memref::GetGlobalOp>(op);
}

/// True when `load` (an op of the function's entry block) may be moved to
/// the position of `at` (a later op of the same block): it reads an
/// argument or a constant global (never written; arguments are read-only
/// after hlo-legalize-to-linalg{emit-c-interface}), or no op in between
/// writes memory.
bool loadMovable(memref::LoadOp load, Operation *at) {
  Value root = gpuRootBuffer(load.getMemRef());
  if (root && isa<BlockArgument>(root))
    return true;
  if (root && root.getDefiningOp<memref::GetGlobalOp>())
    return true;
  for (Operation *op = load->getNextNode(); op && op != at;
       op = op->getNextNode()) {
    if (isa<gpu::LaunchOp>(op))
      return false;
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      if (op->getNumRegions() != 0 || !isPure(op))
        return false;
      continue;
    }
    if (effects.hasEffect<MemoryEffects::Write>())
      return false;
  }
  return true;
}

struct GpuMapToLaunchPass
    : public impl::GpuMapToLaunchBase<GpuMapToLaunchPass> {
  using Base::Base;

  /// Clones the host ops computing the values that `launch`'s body uses from
  /// above into the body (recursively), as far as they are sinkable.
  LogicalResult sinkIntoLaunch(gpu::LaunchOp launch) {
    Region &body = launch.getBody();
    while (true) {
      llvm::SetVector<Value> above;
      getUsedValuesDefinedAbove(body, above);
      bool changed = false;
      for (Value v : above) {
        Operation *def = v.getDefiningOp();
        if (!def)
          continue; // function argument: a kernel argument
        bool sink = isSinkable(def);
        if (auto load = dyn_cast<memref::LoadOp>(def)) {
          if (!loadMovable(load, launch))
            return load->emitError(
                "GPU path: a kernel uses a value loaded on the host from a "
                "buffer written before it");
          sink = true;
        }
        if (!sink)
          continue;
        OpBuilder b(&body.front(), body.front().begin());
        Operation *clone = b.clone(*def);
        replaceAllUsesInRegionWith(
            v, clone->getResult(cast<OpResult>(v).getResultNumber()), body);
        changed = true;
      }
      if (!changed)
        return success();
    }
  }

  /// Creates `gpu.launch blocks(grid) threads(block)` before `at`, named
  /// `<func>_k<n>`; returns it with the insertion point at its body's start
  /// (before the terminator).
  gpu::LaunchOp createLaunch(OpBuilder &b, Location loc, int64_t grid,
                             int64_t block) {
    func::FuncOp func = getOperation();
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    Value g = arith::ConstantIndexOp::create(b, loc, grid);
    Value t = arith::ConstantIndexOp::create(b, loc, block);
    std::string name = (func.getSymName() + "_k" + Twine(counter++)).str();
    auto sym = FlatSymbolRefAttr::get(b.getContext(), name);
    auto launch = gpu::LaunchOp::create(b, loc, g, one, one, t, one, one,
                                        nullptr, nullptr, {}, {}, {}, nullptr,
                                        nullptr, nullptr, sym, sym);
    Block &entry = launch.getBody().front();
    b.setInsertionPointToEnd(&entry);
    gpu::TerminatorOp::create(b, loc);
    b.setInsertionPointToStart(&entry);
    return launch;
  }

  LogicalResult mapParallel(scf::ParallelOp par) {
    if (par.getNumResults() != 0)
      return par.emitError("GPU path: scf.parallel with reductions is not "
                           "supported");
    SmallVector<int64_t> lbs, counts, steps;
    int64_t total = 1;
    for (auto [lb, ub, st] :
         llvm::zip(par.getLowerBound(), par.getUpperBound(), par.getStep())) {
      std::optional<int64_t> l = getConstantIntValue(lb),
                             u = getConstantIntValue(ub),
                             s = getConstantIntValue(st);
      if (!l || !u || !s || *s <= 0)
        return par.emitError("GPU path: loop bounds must be static");
      int64_t n = *u > *l ? (*u - *l + *s - 1) / *s : 0;
      lbs.push_back(*l);
      counts.push_back(n);
      steps.push_back(*s);
      total *= n;
    }
    if (total == 0) {
      par.erase();
      return success();
    }
    int64_t block = std::min<int64_t>(blockSize, total);
    int64_t grid = (total + block - 1) / block;
    if (grid > 0x7fffffff)
      return par.emitError("GPU path: ") << total
                                         << " iterations need more than "
                                            "2^31-1 blocks";
    OpBuilder b(par);
    Location loc = par.getLoc();
    gpu::LaunchOp launch = createLaunch(b, loc, grid, block);
    Value bid = launch.getBlockIds().x, tid = launch.getThreadIds().x;
    Value blockV = arith::ConstantIndexOp::create(b, loc, block);
    Value id = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, bid, blockV), tid);
    if (total % block != 0) {
      Value totalV = arith::ConstantIndexOp::create(b, loc, total);
      Value inRange =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, id, totalV);
      auto ifOp = scf::IfOp::create(b, loc, inRange, /*withElse=*/false);
      b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    }
    // Row-major delinearization: the last loop varies fastest, so
    // consecutive threads touch consecutive elements of the innermost dim.
    SmallVector<Value> ivs(counts.size());
    Value rest = id;
    for (int64_t d = static_cast<int64_t>(counts.size()) - 1; d >= 0; --d) {
      Value n = arith::ConstantIndexOp::create(b, loc, counts[d]);
      Value idx = d == 0 ? rest : arith::RemUIOp::create(b, loc, rest, n);
      if (d != 0)
        rest = arith::DivUIOp::create(b, loc, rest, n);
      if (steps[d] != 1)
        idx = arith::MulIOp::create(
            b, loc, idx, arith::ConstantIndexOp::create(b, loc, steps[d]));
      if (lbs[d] != 0)
        idx = arith::AddIOp::create(
            b, loc, idx, arith::ConstantIndexOp::create(b, loc, lbs[d]));
      ivs[d] = idx;
    }
    IRMapping map;
    map.map(par.getInductionVars(), ivs);
    for (Operation &op : par.getBody()->without_terminator())
      b.clone(op, map);
    par.erase();
    return sinkIntoLaunch(launch);
  }

  LogicalResult mapSerial(Operation *op) {
    OpBuilder b(op);
    gpu::LaunchOp launch = createLaunch(b, op->getLoc(), 1, 1);
    op->moveBefore(launch.getBody().front().getTerminator());
    return sinkIntoLaunch(launch);
  }

  /// Maps the ops of `block` (the function body, or a region of host
  /// control flow, recursively) to launches.
  LogicalResult mapBlock(Block &block) {
    SmallVector<Operation *> ops;
    for (Operation &op : block)
      ops.push_back(&op);
    for (Operation *op : ops) {
      if (auto par = dyn_cast<scf::ParallelOp>(op)) {
        if (failed(mapParallel(par)))
          return failure();
        continue;
      }
      if (auto launch = dyn_cast<gpu::LaunchOp>(op)) {
        if (failed(sinkIntoLaunch(launch)))
          return failure();
        continue;
      }
      // while/if/case around device work run on the host (launch plan
      // branches); their regions are mapped like the function body.
      if (isGpuHostControlFlow(op)) {
        for (Region &r : op->getRegions())
          for (Block &b : r)
            if (failed(mapBlock(b)))
              return failure();
        continue;
      }
      // cuBLAS calls (hlo-gpu-library-calls) run from the host.
      if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
              memref::GetGlobalOp, func::ReturnOp, scf::YieldOp,
              scf::ConditionOp>(op) ||
          isGpuLibraryCall(op) || isSinkable(op) || isa<memref::LoadOp>(op))
        continue;
      bool writes = op->getNumRegions() != 0;
      if (auto eff = dyn_cast<MemoryEffectOpInterface>(op))
        writes |= eff.hasEffect<MemoryEffects::Write>();
      else
        writes = true;
      if (writes && op->getNumResults() == 0) {
        if (failed(mapSerial(op)))
          return failure();
        continue;
      }
      return op->emitError("GPU path: '")
             << op->getName()
             << "' on the host is not supported (a host op with results "
                "that is neither a kernel, a library call nor host control "
                "flow)";
    }
    return success();
  }

  /// Erases the host ops (of `block` and its host control flow) that only
  /// the kernels used.
  static void eraseDead(Block &block, IRRewriter &rewriter) {
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
      if (isGpuHostControlFlow(&op))
        for (Region &r : op.getRegions())
          for (Block &b : r)
            eraseDead(b, rewriter);
      if (isOpTriviallyDead(&op))
        rewriter.eraseOp(&op);
    }
  }

  /// True when every use of `load` is the selector of host control flow
  /// (the launch plan reads it back from the device).
  static bool isSelectorRead(memref::LoadOp load) {
    auto selects = [](OpOperand &use) {
      Operation *user = use.getOwner();
      if (auto i = dyn_cast<scf::IfOp>(user))
        return isGpuHostControlFlow(i) && use.getOperandNumber() == 0;
      if (auto c = dyn_cast<scf::ConditionOp>(user))
        return isGpuHostControlFlow(c->getParentOp()) &&
               use.getOperandNumber() == 0;
      if (auto s = dyn_cast<scf::IndexSwitchOp>(user))
        return isGpuHostControlFlow(s) && use.getOperandNumber() == 0;
      return false;
    };
    for (OpOperand &use : load->getUses()) {
      if (auto cast = dyn_cast<arith::IndexCastOp>(use.getOwner())) {
        if (!llvm::all_of(cast->getUses(), selects))
          return false;
        continue;
      }
      if (!selects(use))
        return false;
    }
    return true;
  }

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (blockSize < 32 || blockSize > 1024 || blockSize % 32 != 0) {
      func.emitError("hlo-gpu-map-to-launch: block-size must be a multiple "
                     "of 32 in [32, 1024], got ")
          << blockSize;
      return signalPassFailure();
    }
    counter = 0;
    if (!func.getBody().hasOneBlock()) {
      func.emitError("GPU path: functions with more than one block are not "
                     "supported");
      return signalPassFailure();
    }
    if (failed(mapBlock(func.getBody().front())))
      return signalPassFailure();
    // Host ops only the kernels used are now dead.
    IRRewriter rewriter(func.getContext());
    eraseDead(func.getBody().front(), rewriter);
    // A host memref.load that is still used feeds something other than a
    // kernel or a branch of host control flow.
    WalkResult r = func.walk([&](memref::LoadOp load) {
      if (!load->getParentOfType<gpu::LaunchOp>() && !isSelectorRead(load)) {
        load.emitError("GPU path: a scalar read on the host is not "
                       "supported (only the predicate of a while/if or the "
                       "index of a case is read back)");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (r.wasInterrupted())
      signalPassFailure();
  }

  int counter = 0;
};

} // namespace
} // namespace tfmlir
