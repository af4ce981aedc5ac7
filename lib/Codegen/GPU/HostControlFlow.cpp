//===- HostControlFlow.cpp - while/if/case on the host of a GPU program ---===//
//
// hlo.while, hlo.if and hlo.case lower to scf.while, scf.if and
// scf.index_switch on buffers. On the GPU path they stay on the host, as
// XLA:GPU runs While and Conditional: their regions' device work becomes
// kernels and library calls, and the launch plan (LaunchPlanBuilder.cpp)
// turns the ops into copies into loop-carried and result buffers and
// branches on a scalar read back from the device. This file decides which
// ops those are and puts them in the form the plan needs.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/GPU/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

namespace tfmlir {

bool isGpuHostControlFlow(Operation *op) {
  if (!isa<scf::WhileOp, scf::IfOp, scf::IndexSwitchOp>(op) ||
      op->getParentOfType<gpu::LaunchOp>() ||
      !isa_and_nonnull<func::FuncOp>(op->getParentOfType<func::FuncOp>()))
    return false;
  auto isMemRef = [](Type t) { return isa<MemRefType>(t); };
  if (llvm::any_of(op->getResultTypes(), isMemRef) ||
      llvm::any_of(op->getOperandTypes(), isMemRef))
    return true;
  WalkResult work = op->walk([](Operation *inner) {
    if (isa<linalg::LinalgOp, scf::ParallelOp, gpu::LaunchOp, gpu::LaunchFuncOp,
            memref::CopyOp>(inner) ||
        isGpuLibraryCall(inner))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return work.wasInterrupted();
}

Value gpuRootBuffer(Value v) {
  while (true) {
    if (isa<BlockArgument>(v))
      return v;
    Operation *def = v.getDefiningOp();
    if (isa<memref::AllocOp, memref::AllocaOp, memref::GetGlobalOp>(def))
      return v;
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      v = view.getViewSource();
      continue;
    }
    if (auto cast = dyn_cast<memref::CastOp>(def)) {
      v = cast.getSource();
      continue;
    }
    return Value();
  }
}

memref::LoadOp gpuHostSelectorLoad(Value v) {
  if (v.getType().isIndex()) {
    auto cast = v.getDefiningOp<arith::IndexCastOp>();
    if (!cast)
      return {};
    v = cast.getIn();
  }
  auto load = v.getDefiningOp<memref::LoadOp>();
  if (!load || !load.getType().isSignlessInteger())
    return {};
  return load;
}

namespace {

/// True when `op` (with what it nests) may write the buffer `root`.
bool mayWrite(Operation *op, Value root) {
  WalkResult r = op->walk([&](Operation *inner) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (!effects) {
      if (inner->getNumRegions() == 0 && !isPure(inner))
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (const MemoryEffects::EffectInstance &e : list) {
      if (!isa<MemoryEffects::Write>(e.getEffect()))
        continue;
      Value target = e.getValue();
      if (!target || !isa<MemRefType>(target.getType()))
        return WalkResult::interrupt();
      Value written = gpuRootBuffer(target);
      if (!written || written == root)
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

/// True when no op between `from` and `to` (same block, `from` first) may
/// write the buffer `from` reads.
bool noWriteBetween(memref::LoadOp from, Operation *to) {
  Value root = gpuRootBuffer(from.getMemRef());
  if (!root)
    return false;
  for (Operation *op = from->getNextNode(); op && op != to;
       op = op->getNextNode())
    if (mayWrite(op, root))
      return false;
  return true;
}

/// Makes selector operand `use` of `user` a memref.load of a buffer that
/// nothing writes between the load and `user`.
void prepareSelector(OpOperand &use) {
  Operation *user = use.getOwner();
  Value v = use.get();
  memref::LoadOp load = gpuHostSelectorLoad(v);
  if (load && load->getBlock() == user->getBlock() &&
      load->isBeforeInBlock(user) && noWriteBetween(load, user)) {
    // The read happens where the branch is.
    load->moveBefore(user);
    if (auto cast = v.getDefiningOp<arith::IndexCastOp>())
      cast->moveBefore(user);
    return;
  }
  OpBuilder b(user);
  Location loc = user->getLoc();
  Value stored = v;
  if (v.getType().isIndex())
    stored = arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
  auto type = MemRefType::get({}, stored.getType());
  Value buf = memref::AllocOp::create(b, loc, type);
  memref::StoreOp::create(b, loc, stored, buf, ValueRange{});
  Value read = memref::LoadOp::create(b, loc, buf, ValueRange{});
  if (v.getType().isIndex())
    read = arith::IndexCastOp::create(b, loc, b.getIndexType(), read);
  use.set(read);
}

/// `v` as a buffer of the identity-layout type `to` (same shape): the
/// source of a memref.cast when that has type `to`, else a copy of `v`
/// into a new allocation made before `at`.
Value asPlainBuffer(Value v, MemRefType to, Operation *at) {
  if (v.getType() == to)
    return v;
  if (auto cast = v.getDefiningOp<memref::CastOp>())
    if (cast.getSource().getType() == to)
      return cast.getSource();
  OpBuilder b(at);
  Value buf = memref::AllocOp::create(b, at->getLoc(), to);
  memref::CopyOp::create(b, at->getLoc(), v, buf);
  return buf;
}

/// Gives `values` (block arguments or op results of one slot) the identity
/// layout type `to`; their users get a memref.cast to the old type.
void retype(ArrayRef<Value> values, MemRefType to) {
  for (Value v : values) {
    auto old = cast<MemRefType>(v.getType());
    if (old == to)
      continue;
    v.setType(to);
    if (v.use_empty())
      continue;
    OpBuilder b(v.getContext());
    if (auto arg = dyn_cast<BlockArgument>(v))
      b.setInsertionPointToStart(arg.getOwner());
    else
      b.setInsertionPointAfter(v.getDefiningOp());
    auto back = memref::CastOp::create(b, v.getLoc(), old, v);
    v.replaceAllUsesExcept(back, back);
    // Users that take any layout (loads, stores, linalg ops, copies, other
    // casts) read the plain buffer directly.
    for (OpOperand &use : llvm::make_early_inc_range(back->getUses()))
      (void)memref::foldMemRefCast(use.getOwner());
    if (back->use_empty())
      back->erase();
  }
}

/// One value slot of a control-flow op: the values that produce it
/// (operands of the op or of terminators, each with the op before which a
/// copy goes) and the values that read it (block arguments, results).
struct Slot {
  SmallVector<OpOperand *> producers;
  SmallVector<Value> consumers;
};

LogicalResult prepareSlots(Operation *op, ArrayRef<Slot> slots) {
  for (const Slot &slot : slots) {
    auto type = dyn_cast<MemRefType>(slot.consumers.front().getType());
    if (!type)
      continue;
    if (!type.hasStaticShape())
      return op->emitError("GPU path: a buffer that this loop or "
                           "conditional carries has the dynamic shape ")
             << type;
    auto plain =
        MemRefType::get(type.getShape(), type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    for (OpOperand *p : slot.producers) {
      Operation *at = p->getOwner();
      p->set(asPlainBuffer(p->get(), plain, at));
    }
    retype(slot.consumers, plain);
  }
  return success();
}

LogicalResult prepareOp(Operation *op) {
  SmallVector<Slot> slots;
  if (auto w = dyn_cast<scf::WhileOp>(op)) {
    auto cond = w.getConditionOp();
    auto yield = cast<scf::YieldOp>(w.getAfterBody()->getTerminator());
    for (unsigned i = 0; i < w.getBeforeArguments().size(); ++i) {
      Slot s;
      s.producers = {&w->getOpOperand(i), &yield->getOpOperand(i)};
      s.consumers = {w.getBeforeArguments()[i]};
      slots.push_back(std::move(s));
    }
    for (unsigned i = 0; i < w.getAfterArguments().size(); ++i) {
      Slot s;
      s.producers = {&cond.getArgsMutable()[i]};
      s.consumers = {w.getAfterArguments()[i], w->getResult(i)};
      slots.push_back(std::move(s));
    }
    if (failed(prepareSlots(op, slots)))
      return failure();
    prepareSelector(cond.getConditionMutable());
    return success();
  }
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    Slot s;
    for (Region &r : op->getRegions())
      if (!r.empty())
        s.producers.push_back(&r.front().getTerminator()->getOpOperand(i));
    s.consumers = {op->getResult(i)};
    slots.push_back(std::move(s));
  }
  if (failed(prepareSlots(op, slots)))
    return failure();
  if (auto i = dyn_cast<scf::IfOp>(op))
    prepareSelector(i.getConditionMutable());
  else
    prepareSelector(cast<scf::IndexSwitchOp>(op).getArgMutable());
  return success();
}

} // namespace

LogicalResult prepareGpuHostControlFlow(func::FuncOp func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (isGpuHostControlFlow(op))
      ops.push_back(op);
  });
  for (Operation *op : ops)
    if (failed(prepareOp(op)))
      return failure();
  return success();
}

} // namespace tfmlir
