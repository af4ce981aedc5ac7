//===- ParallelLoops.cpp - parallel tile loops -> tfmlir_rt_parallel_for --===//
//
// hlo-cpu-outline-parallel-loops and hlo-cpu-lower-parallel-calls (see
// Passes.td): XLA:CPU's parallel task assignment for the loops that
// hlo-cpu-tile marks parallel, in two steps so that the captured values are
// packed into the task's context only once they have LLVM types (a memref
// is then its expanded descriptor fields).
//===----------------------------------------------------------------------===//
#include "lib/Codegen/CPU/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"

namespace tfmlir {
#define GEN_PASS_DEF_OUTLINEPARALLELLOOPS
#define GEN_PASS_DEF_LOWERPARALLELCALLS
#include "lib/Codegen/CPU/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

/// Trip count assumed for a loop whose bounds are not constants.
constexpr int64_t kUnknownTrip = 8;
/// f32 lanes of a 512-bit vector: a vector op of k elements counts k / 16.
constexpr int64_t kLanes = 16;

int64_t vectorElements(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    return v.getNumElements();
  return 0;
}

int64_t blockCost(Block &block);

/// Cost units of one op (an op with regions: its regions, loops multiplied
/// by their constant trip count).
int64_t opCost(Operation &op) {
  if (auto f = dyn_cast<scf::ForOp>(op)) {
    std::optional<int64_t> lb = getConstantIntValue(f.getLowerBound());
    std::optional<int64_t> ub = getConstantIntValue(f.getUpperBound());
    std::optional<int64_t> st = getConstantIntValue(f.getStep());
    int64_t trip = kUnknownTrip;
    if (lb && ub && st && *st > 0)
      trip = *ub > *lb ? (*ub - *lb + *st - 1) / *st : 0;
    int64_t body = blockCost(*f.getBody());
    return 1 + (body > INT64_MAX / std::max<int64_t>(trip, 1) ? INT64_MAX / 4
                                                              : trip * body);
  }
  if (op.getNumRegions()) {
    int64_t c = 1;
    for (Region &r : op.getRegions())
      for (Block &b : r)
        c += blockCost(b);
    return c;
  }
  if (op.hasTrait<OpTrait::ConstantLike>())
    return 0;
  if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    auto t = dyn_cast<MemRefType>(copy.getSource().getType());
    if (t && t.hasStaticShape())
      return std::max<int64_t>(1, t.getNumElements() / kLanes);
  }
  int64_t elems = 0;
  for (Type t : op.getResultTypes())
    elems = std::max(elems, vectorElements(t));
  for (Type t : op.getOperandTypes())
    elems = std::max(elems, vectorElements(t));
  return std::max<int64_t>(1, elems / kLanes);
}

int64_t blockCost(Block &block) {
  int64_t c = 0;
  for (Operation &op : block) {
    int64_t o = opCost(op);
    c = c > INT64_MAX / 4 - o ? INT64_MAX / 4 : c + o;
  }
  return c;
}

/// Whether `loop` can become a task: no results, no heap allocation or
/// deallocation inside (those stay on the Run's thread, where a failed
/// allocation can end the Run), and no call of a function defined in the
/// module (which could allocate); calls of external functions (libm,
/// memrefCopy) are fine.
bool isOutlinable(scf::ForOp loop, SymbolTable &symbols) {
  if (loop->getNumResults() != 0)
    return false;
  WalkResult r = loop.getBody()->walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::DeallocOp, memref::ReallocOp>(op))
      return WalkResult::interrupt();
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || !callee.isExternal())
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !r.wasInterrupted();
}

/// Outlines `loop` of `parent` into a new function named `name` (see
/// Passes.td) and replaces it by a call over [0, n).
void outline(scf::ForOp loop, func::FuncOp parent, StringRef name,
             SymbolTable &symbols) {
  MLIRContext *ctx = loop.getContext();
  Location loc = loop.getLoc();
  int64_t costUnits = blockCost(*loop.getBody());
  int64_t costNs = std::max<int64_t>(1, costUnits / 2);

  // Values the loop uses from above (bounds included); constants are cloned.
  llvm::SetVector<Value> used;
  getUsedValuesDefinedAbove(loop.getRegion(), used);
  used.insert(loop.getLowerBound());
  used.insert(loop.getStep());
  SmallVector<Value> args;
  SmallVector<Operation *> constants;
  for (Value v : used) {
    Operation *def = v.getDefiningOp();
    if (def && def->hasTrait<OpTrait::ConstantLike>() &&
        def->getNumResults() == 1) {
      if (!llvm::is_contained(constants, def))
        constants.push_back(def);
    } else {
      args.push_back(v);
    }
  }

  OpBuilder b(ctx);
  SmallVector<Type> argTypes;
  for (Value v : args)
    argTypes.push_back(v.getType());
  Type indexType = b.getIndexType();
  argTypes.push_back(indexType);
  argTypes.push_back(indexType);
  b.setInsertionPoint(parent);
  auto fn = func::FuncOp::create(b, loc, name, b.getFunctionType(argTypes, {}));
  fn.setPrivate();
  fn->setAttr(kParallelTaskAttr, b.getUnitAttr());
  fn->setAttr(kTaskCostAttr, b.getI64IntegerAttr(costNs));
  symbols.insert(fn);
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToStart(entry);
  IRMapping map;
  for (Operation *c : constants)
    b.clone(*c, map);
  for (auto [v, a] : llvm::zip(args, entry->getArguments()))
    map.map(v, a);
  Value begin = entry->getArgument(args.size());
  Value end = entry->getArgument(args.size() + 1);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value lb = map.lookup(loop.getLowerBound());
  Value step = map.lookup(loop.getStep());
  auto inner = scf::ForOp::create(b, loc, begin, end, one);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(inner.getBody());
    Value iv = arith::AddIOp::create(
        b, loc, lb,
        arith::MulIOp::create(b, loc, inner.getInductionVar(), step));
    map.map(loop.getInductionVar(), iv);
    for (Operation &op : loop.getBody()->without_terminator())
      b.clone(op, map);
  }
  func::ReturnOp::create(b, loc);

  // The call: n = ceil((ub - lb) / step) iterations (<= 0: none).
  b.setInsertionPoint(loop);
  Value span =
      arith::SubIOp::create(b, loc, loop.getUpperBound(), loop.getLowerBound());
  Value n = arith::CeilDivSIOp::create(b, loc, span, loop.getStep());
  SmallVector<Value> callArgs(args);
  callArgs.push_back(arith::ConstantIndexOp::create(b, loc, 0));
  callArgs.push_back(n);
  func::CallOp::create(b, loc, fn, callArgs);
  loop.erase();
}

struct OutlineParallelLoopsPass
    : impl::OutlineParallelLoopsBase<OutlineParallelLoopsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp f : funcs) {
      if (f.isExternal() || f->hasAttr(kParallelTaskAttr))
        continue;
      // Outermost marked loops only: a marked loop inside another marked
      // loop runs inside its task.
      SmallVector<scf::ForOp> loops;
      f.walk<WalkOrder::PreOrder>([&](scf::ForOp loop) {
        if (!loop->hasAttr(kParallelLoopAttr))
          return WalkResult::advance();
        if (isOutlinable(loop, symbols)) {
          loops.push_back(loop);
          return WalkResult::skip();
        }
        return WalkResult::advance();
      });
      unsigned k = 0;
      for (scf::ForOp loop : loops) {
        std::string name;
        do {
          name = (f.getName() + "__par" + Twine(k++)).str();
        } while (symbols.lookup(name));
        outline(loop, f, name, symbols);
      }
    }
  }
};

struct LowerParallelCallsPass
    : impl::LowerParallelCallsBase<LowerParallelCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = module.getContext();
    SymbolTable symbols(module);
    SmallVector<LLVM::CallOp> calls;
    module.walk([&](LLVM::CallOp call) {
      std::optional<StringRef> callee = call.getCallee();
      if (!callee)
        return;
      auto fn = symbols.lookup<LLVM::LLVMFuncOp>(*callee);
      if (fn && fn->hasAttr(kParallelTaskAttr))
        calls.push_back(call);
    });
    if (calls.empty())
      return;
    OpBuilder b(ctx);
    Type i64 = b.getI64Type();
    auto ptr = LLVM::LLVMPointerType::get(ctx);
    auto voidTy = LLVM::LLVMVoidType::get(ctx);
    auto runtimeFn = symbols.lookup<LLVM::LLVMFuncOp>("tfmlir_rt_parallel_for");
    if (!runtimeFn) {
      b.setInsertionPointToEnd(module.getBody());
      runtimeFn = LLVM::LLVMFuncOp::create(
          b, module.getLoc(), "tfmlir_rt_parallel_for",
          LLVM::LLVMFunctionType::get(voidTy, {i64, i64, ptr, ptr}));
      symbols.insert(runtimeFn);
    }
    llvm::DenseMap<Operation *, LLVM::LLVMFuncOp> trampolines;
    for (LLVM::CallOp call : calls) {
      auto task = symbols.lookup<LLVM::LLVMFuncOp>(*call.getCallee());
      Location loc = call.getLoc();
      unsigned nArgs = call.getNumOperands();
      if (nArgs < 2 || call.getOperand(nArgs - 1).getType() != i64 ||
          call.getOperand(nArgs - 2).getType() != i64) {
        call.emitError("parallel task call does not end in (i64 begin, i64 "
                       "end)");
        return signalPassFailure();
      }
      SmallVector<Type> fields;
      for (unsigned i = 0; i + 2 < nArgs; ++i)
        fields.push_back(call.getOperand(i).getType());
      auto structTy = LLVM::LLVMStructType::getLiteral(ctx, fields);

      // The trampoline <task>__task(ptr ctx, i64 begin, i64 end).
      LLVM::LLVMFuncOp &tramp = trampolines[task];
      if (!tramp) {
        // Only the trampoline calls the task now: LLVM may inline it.
        task.setLinkage(LLVM::Linkage::Internal);
        b.setInsertionPointAfter(task);
        tramp = LLVM::LLVMFuncOp::create(
            b, loc, (task.getName() + "__task").str(),
            LLVM::LLVMFunctionType::get(voidTy, {ptr, i64, i64}));
        tramp.setLinkage(LLVM::Linkage::Internal);
        symbols.insert(tramp);
        Block *entry = tramp.addEntryBlock(b);
        b.setInsertionPointToStart(entry);
        SmallVector<Value> callArgs;
        for (auto [i, t] : llvm::enumerate(fields)) {
          Value p = LLVM::GEPOp::create(
              b, loc, ptr, structTy, entry->getArgument(0),
              ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
          callArgs.push_back(LLVM::LoadOp::create(b, loc, t, p));
        }
        callArgs.push_back(entry->getArgument(1));
        callArgs.push_back(entry->getArgument(2));
        LLVM::CallOp::create(b, loc, task, callArgs);
        LLVM::ReturnOp::create(b, loc, ValueRange{});
      }

      // The context on the caller's stack, 64-byte aligned for vector
      // fields (entry block: one slot per call
      // site, not one per loop iteration of an enclosing loop).
      auto caller = call->getParentOfType<LLVM::LLVMFuncOp>();
      Value ctxPtr;
      if (fields.empty()) {
        b.setInsertionPoint(call);
        ctxPtr = LLVM::ZeroOp::create(b, loc, ptr);
      } else {
        b.setInsertionPointToStart(&caller.getBody().front());
        Value one =
            LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(1));
        ctxPtr = LLVM::AllocaOp::create(b, loc, ptr, structTy, one,
                                        /*alignment=*/64);
        b.setInsertionPoint(call);
        for (unsigned i = 0; i < fields.size(); ++i) {
          Value p = LLVM::GEPOp::create(
              b, loc, ptr, structTy, ctxPtr,
              ArrayRef<LLVM::GEPArg>{0, static_cast<int32_t>(i)});
          LLVM::StoreOp::create(b, loc, call.getOperand(i), p);
        }
      }
      b.setInsertionPoint(call);
      int64_t cost = 1;
      if (auto c = task->getAttrOfType<IntegerAttr>(kTaskCostAttr))
        cost = c.getInt();
      Value costV =
          LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(cost));
      Value fnPtr = LLVM::AddressOfOp::create(b, loc, ptr, tramp.getName());
      // Iterations [begin, end) with begin = 0 (as outlined): n = end.
      Value n = call.getOperand(nArgs - 1);
      LLVM::CallOp::create(b, loc, runtimeFn,
                           ValueRange{n, costV, fnPtr, ctxPtr});
      call.erase();
    }
  }
};

} // namespace
} // namespace tfmlir
