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

int markForCompilation(func::FuncOp fn, int firstId,
                       llvm::function_ref<int(Operation *)> classOf) {
  if (fn.isExternal())
    return 0;
  Block &block = fn.getBody().front();
  auto classify = [&](Operation *op) {
    if (isClusterConstant(op) || op->hasTrait<OpTrait::IsTerminator>())
      return 0;
    if (classOf)
      return classOf(op);
    return isHostOp(op) ? 0 : 1;
  };
  llvm::DenseMap<Operation *, int> level, cls;
  llvm::EquivalenceClasses<Operation *> sets;
  for (Operation &op : block) {
    op.removeAttr(kXlaClusterAttr);
    int c = classify(&op);
    cls[&op] = c;
    int l = 0;
    // Operands of the op and of the ops nested in it (values a region
    // captures) that are defined in this block.
    auto visit = [&](Value v) {
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != &block || isClusterConstant(def))
        return;
      int dc = cls.lookup(def);
      l = std::max(l, level.lookup(def) + (dc == 0 || dc != c ? 1 : 0));
    };
    op.walk([&](Operation *inner) {
      for (Value v : inner->getOperands())
        visit(v);
    });
    level[&op] = l;
    if (c == 0)
      continue;
    sets.insert(&op);
    for (Value v : op.getOperands()) {
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == &block && cls.lookup(def) == c &&
          level.lookup(def) == l)
        sets.unionSets(def, &op);
    }
  }
  // Number the clusters in block order of their first op.
  llvm::DenseMap<Operation *, int> idOfLeader;
  int next = firstId;
  Builder b(fn.getContext());
  for (Operation &op : block) {
    if (cls.lookup(&op) == 0)
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
