//===- ExecutorSwitchFold.cpp - tf-switch-fold ----------------------------===//
//
// Folds tf_executor.Switch ops whose predicate is constant and removes what
// becomes dead, following TF's executor deadness rules. See
// ExecutorPasses.td.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/ExecutorUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace tfmlir {
#define GEN_PASS_DEF_SWITCHFOLDPASS
#include "lib/Transforms/ExecutorPasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::tf_executor;

namespace {

/// The op that computes `v`, looking through the island that yields it.
Value lookThroughIsland(Value v) {
  auto island = v.getDefiningOp<IslandOp>();
  if (!island)
    return v;
  auto res = cast<OpResult>(v);
  if (res.getResultNumber() >= island.getOutputs().size())
    return v;
  return island.GetYield().getOperand(res.getResultNumber());
}

/// The constant value of a Switch predicate, seen through islands and
/// tf.Identity; nullopt when it is not a constant.
std::optional<bool> constantPredicate(Value pred) {
  for (int depth = 0; depth < 16 && pred; ++depth) {
    pred = lookThroughIsland(pred);
    if (auto id = pred.getDefiningOp<TF::IdentityOp>()) {
      pred = id.getInput();
      continue;
    }
    break;
  }
  if (!pred)
    return std::nullopt;
  DenseElementsAttr attr;
  if (!matchPattern(pred, m_Constant(&attr)))
    return std::nullopt;
  if (!attr.getElementType().isInteger(1) || attr.getNumElements() != 1)
    return std::nullopt;
  return attr.getSplatValue<bool>();
}

bool hasSendOrRecv(Operation *root) {
  return root
      ->walk([](Operation *op) {
        StringRef n = op->getName().getStringRef();
        return (n == "tf._Send" || n == "tf._Recv" || n == "tf._HostSend" ||
                n == "tf._HostRecv")
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

class SwitchFolder {
public:
  explicit SwitchFolder(GraphOp graph) : graph(graph), body(graph.GetBody()) {}

  LogicalResult run() {
    // 1. Foldable switches (whose own inputs may still turn out dead).
    for (auto sw : llvm::make_early_inc_range(body.getOps<SwitchOp>())) {
      std::optional<bool> p = constantPredicate(sw->getOperand(1));
      if (!p)
        continue;
      folded.push_back({sw, *p});
      Value dead = *p ? sw.getFalseOutput() : sw.getTrueOutput();
      markValueDead(dead, sw);
    }
    if (folded.empty())
      return success();

    // 2. Propagate deadness to a fixpoint.
    while (!worklist.empty()) {
      auto [v, sw] = worklist.pop_back_val();
      for (OpOperand &use : v.getUses())
        visitDeadUse(use, sw);
    }

    // 3. A fetched dead data value cannot be folded away.
    FetchOp fetch = graph.GetFetch();
    for (auto [i, v] : llvm::enumerate(fetch.getFetches())) {
      if (isControl(v) || !deadValues.contains(v))
        continue;
      Operation *sw = deadCause.lookup(v);
      InFlightDiagnostic d = fetch.emitError()
                             << "fetched value #" << i
                             << " is dead: it depends only on the untaken "
                                "branch of a Switch with a constant "
                                "predicate";
      if (sw)
        d.attachNote(sw->getLoc()) << "this Switch";
      return failure();
    }

    // 4. Merges with dead inputs (but still live) get checked before any
    //    IR changes.
    for (Operation *m : partlyDeadMerges) {
      if (deadOps.contains(m))
        continue;
      auto merge = cast<MergeOp>(m);
      // A dead input before a live one renumbers value_index.
      unsigned live = 0;
      bool sawDead = false, deadBeforeLive = false;
      for (Value v : merge.getDataOperands()) {
        if (deadValues.contains(v)) {
          sawDead = true;
          continue;
        }
        ++live;
        deadBeforeLive |= sawDead;
      }
      if (live > 1 && deadBeforeLive && !merge.getValueIndex().use_empty())
        return merge.emitError()
               << "cannot fold the dead inputs of this Merge: its "
                  "value_index is used and more than one input stays live";
    }

    // 5. Rewrite.
    for (auto [sw, taken] : folded) {
      if (deadOps.contains(sw))
        continue;
      Value data = sw->getOperand(0);
      Value live = taken ? sw.getTrueOutput() : sw.getFalseOutput();
      live.replaceAllUsesWith(data);
      SmallVector<Value> ctls = producerControls(sw->getOperands());
      replaceControlUses(sw.getControl(), ctls);
      deadOps.insert(sw); // erased below with the dead ops
    }
    for (Operation *m : partlyDeadMerges)
      if (!deadOps.contains(m))
        rewriteMerge(cast<MergeOp>(m));
    for (Operation *op : dropDeadControls)
      if (!deadOps.contains(op))
        removeDeadControlOperands(op);
    removeDeadControlOperands(fetch);

    for (Operation *op : deadOps)
      op->dropAllUses();
    for (Operation *op : deadOps)
      op->erase();
    return success();
  }

private:
  void markValueDead(Value v, Operation *sw) {
    if (!deadValues.insert(v).second)
      return;
    deadCause[v] = sw;
    worklist.push_back({v, sw});
  }

  void markOpDead(Operation *op, Operation *sw) {
    if (!deadOps.insert(op))
      return;
    for (Value r : op->getResults())
      markValueDead(r, sw);
    // A dead NextIteration.Sink sends a dead value to the next iteration.
    if (auto sink = dyn_cast<NextIterationSinkOp>(op))
      if (auto src = sink->getOperand(0).getDefiningOp<NextIterationSourceOp>())
        markOpDead(src, sw);
  }

  void visitDeadUse(OpOperand &use, Operation *sw) {
    Operation *user = body.findAncestorOpInBlock(*use.getOwner());
    if (!user)
      return;
    bool direct = use.getOwner() == user;
    bool control = isControl(use.get());
    if (isa<FetchOp>(user))
      return; // checked / cleaned up later
    if (auto merge = dyn_cast<MergeOp>(user)) {
      if (control) {
        // A Merge does not inherit deadness from a control input.
        dropDeadControls.insert(merge);
        return;
      }
      partlyDeadMerges.insert(merge);
      for (Value v : merge.getDataOperands())
        if (!deadValues.contains(v))
          return;
      markOpDead(merge, sw);
      return;
    }
    if (isa<ControlTriggerOp>(user) && direct) {
      dropDeadControls.insert(user); // fires even when its inputs are dead
      return;
    }
    markOpDead(user, sw);
  }

  /// Control tokens of the executor ops producing `values`.
  SmallVector<Value> producerControls(ValueRange values) {
    llvm::SmallSetVector<Value, 4> ctls;
    for (Value v : values) {
      if (isControl(v)) {
        ctls.insert(v);
        continue;
      }
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == &body)
        if (Value c = getControlResult(def))
          ctls.insert(c);
    }
    return SmallVector<Value>(ctls.begin(), ctls.end());
  }

  void replaceControlUses(Value ctl, ArrayRef<Value> replacements) {
    SmallVector<Operation *> users(ctl.getUsers().begin(),
                                   ctl.getUsers().end());
    llvm::SmallPtrSet<Operation *, 4> done;
    for (Operation *u : users)
      if (done.insert(u).second)
        replaceControlOperand(u, ctl, replacements);
  }

  void rewriteMerge(MergeOp merge) {
    SmallVector<Value> data, liveData;
    SmallVector<unsigned> liveIdx;
    for (auto [i, v] : llvm::enumerate(merge.getDataOperands())) {
      data.push_back(v);
      if (!deadValues.contains(v)) {
        liveData.push_back(v);
        liveIdx.push_back(i);
      }
    }
    if (liveData.size() != 1) {
      // Several live inputs: drop the dead ones.
      SmallVector<Value> operands(liveData);
      for (Value c : merge.getControlOperands())
        if (!deadValues.contains(c))
          operands.push_back(c);
      merge->setOperands(operands);
      return;
    }
    Value live = liveData.front();
    OpBuilder b(merge);
    merge.getOutput().replaceAllUsesWith(live);
    if (!merge.getValueIndex().use_empty()) {
      // value_index becomes a constant in a new island.
      auto type = dyn_cast<RankedTensorType>(merge.getValueIndex().getType());
      if (!type || !type.hasStaticShape() || type.getNumElements() != 1)
        type = RankedTensorType::get({}, b.getI32Type());
      auto attr = DenseElementsAttr::get(
          type, b.getI32IntegerAttr(static_cast<int32_t>(liveIdx.front()))
                    .getValue());
      auto island =
          IslandOp::create(b, merge.getLoc(), TypeRange{type},
                           ControlType::get(b.getContext()), ValueRange{});
      Block *blk = new Block();
      island.getBody().push_back(blk);
      OpBuilder ib = OpBuilder::atBlockEnd(blk);
      auto cst = TF::ConstOp::create(ib, merge.getLoc(), attr);
      YieldOp::create(ib, merge.getLoc(), cst.getResult());
      Value idx = island.getOutputs()[0];
      if (idx.getType() != merge.getValueIndex().getType())
        idx.setType(merge.getValueIndex().getType());
      merge.getValueIndex().replaceAllUsesWith(idx);
    }
    SmallVector<Value> inputs{live};
    for (Value c : merge.getControlOperands())
      if (!deadValues.contains(c))
        inputs.push_back(c);
    replaceControlUses(merge.getControl(), producerControls(inputs));
    deadOps.insert(merge); // erased with the dead ops
  }

  void removeDeadControlOperands(Operation *op) {
    SmallVector<Value> keep;
    bool changed = false;
    for (Value v : op->getOperands()) {
      if (isControl(v) && deadValues.contains(v)) {
        changed = true;
        continue;
      }
      keep.push_back(v);
    }
    if (changed)
      op->setOperands(keep);
  }

  GraphOp graph;
  Block &body;
  SmallVector<std::pair<SwitchOp, bool>> folded;
  llvm::DenseSet<Value> deadValues;
  DenseMap<Value, Operation *> deadCause;
  llvm::SetVector<Operation *> deadOps;
  llvm::SetVector<Operation *> partlyDeadMerges;
  llvm::SetVector<Operation *> dropDeadControls;
  SmallVector<std::pair<Value, Operation *>> worklist;
};

struct SwitchFoldPass
    : public tfmlir::impl::SwitchFoldPassBase<SwitchFoldPass> {
  void runOnOperation() override {
    if (hasSendOrRecv(getOperation()))
      return;
    SmallVector<GraphOp> graphs;
    getOperation().walk([&](GraphOp g) { graphs.push_back(g); });
    for (GraphOp g : graphs) {
      SwitchFolder f(g);
      if (failed(f.run()))
        return signalPassFailure();
    }
  }
};

} // namespace
