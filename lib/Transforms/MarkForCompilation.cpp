//===- MarkForCompilation.cpp - auto-clustering of lowered ops ------------===//
//
// The cluster rules are documented on MarkForCompilationPass (Passes.td).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/MarkForCompilation.h"
#include "lib/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"

#include <string>

namespace tfmlir {

#define GEN_PASS_DEF_MARKFORCOMPILATIONPASS
#include "lib/Transforms/Passes.h.inc"

using namespace mlir;

bool isHostOp(Operation *op) {
  return op->getName().getDialectNamespace() == "tf";
}

bool isClusterConstant(Operation *op) {
  StringRef n = op->getName().getStringRef();
  return n == "hlo.constant" || n == "tf.Const" || n == "arith.constant";
}

int markForCompilation(func::FuncOp fn, int firstId) {
  if (fn.isExternal())
    return 0;
  Block &block = fn.getBody().front();
  // level(op): see Passes.td. Constants and block arguments are level 0.
  llvm::DenseMap<Operation *, int> level;
  llvm::EquivalenceClasses<Operation *> sets;
  auto compilable = [](Operation *op) {
    return !isHostOp(op) && !isClusterConstant(op) &&
           !op->hasTrait<OpTrait::IsTerminator>();
  };
  for (Operation &op : block) {
    op.removeAttr(kXlaClusterAttr);
    int l = 0;
    for (Value v : op.getOperands()) {
      // Values from nested regions' parents are defined in this block.
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != &block)
        continue;
      l = std::max(l, level.lookup(def) + (isHostOp(def) ? 1 : 0));
    }
    // Values captured by nested regions (hlo ops with bodies) count too.
    op.walk([&](Operation *inner) {
      if (inner == &op)
        return;
      for (Value v : inner->getOperands())
        if (Operation *def = v.getDefiningOp();
            def && def->getBlock() == &block)
          l = std::max(l, level.lookup(def) + (isHostOp(def) ? 1 : 0));
    });
    level[&op] = l;
    if (!compilable(&op))
      continue;
    sets.insert(&op);
    for (Value v : op.getOperands()) {
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == &block && compilable(def) &&
          level.lookup(def) == l)
        sets.unionSets(def, &op);
    }
  }
  // Number the clusters in block order of their first op.
  llvm::DenseMap<Operation *, int> idOfLeader;
  int next = firstId;
  Builder b(fn.getContext());
  for (Operation &op : block) {
    if (!compilable(&op))
      continue;
    Operation *leader = sets.getLeaderValue(&op);
    auto [it, inserted] = idOfLeader.try_emplace(leader, next);
    if (inserted)
      ++next;
    op.setAttr(kXlaClusterAttr,
               b.getStringAttr("cluster_" + std::to_string(it->second)));
  }
  return next - firstId;
}

namespace {
struct MarkForCompilationPass
    : public impl::MarkForCompilationPassBase<MarkForCompilationPass> {
  void runOnOperation() override { markForCompilation(getOperation()); }
};
} // namespace

} // namespace tfmlir
