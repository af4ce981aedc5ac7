//===- ExecutorGraphPruning.cpp - tf-executor-graph-pruning ---------------===//
//
// Erases the ops of a tf_executor.graph that the fetch does not reach. See
// ExecutorPasses.td for the semantics (side-effecting ops are pruned too
// when the graph has a fetch; an empty fetch leaves the graph unchanged).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/ExecutorUtils.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"

namespace tfmlir {
#define GEN_PASS_DEF_EXECUTORGRAPHPRUNINGPASS
#include "lib/Transforms/ExecutorPasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::tf_executor;

namespace {

/// True when `op` (an executor op) holds an op named in `preserve`.
bool holdsPreservedOp(Operation *op, const llvm::StringSet<> &preserve) {
  if (preserve.empty())
    return false;
  auto named = [&](Operation *o) {
    StringRef name = o->getName().getStringRef();
    if (preserve.contains(name))
      return true;
    // Accept the TF op name without the dialect prefix ("Assert").
    auto [dialect, rest] = name.split('.');
    return !rest.empty() && preserve.contains(rest);
  };
  if (named(op))
    return true;
  return op
      ->walk([&](Operation *nested) {
        return named(nested) ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

void pruneGraph(GraphOp graph, const llvm::StringSet<> &preserve) {
  Block &body = graph.GetBody();
  FetchOp fetch = graph.GetFetch();
  if (!fetch || fetch->getNumOperands() == 0)
    return; // No fetch: nothing to prune towards (see ExecutorPasses.td).

  // NextIteration.Source -> its Sinks (a well-formed graph has one).
  DenseMap<Operation *, SmallVector<Operation *, 1>> sinksOf;
  for (auto sink : body.getOps<NextIterationSinkOp>())
    if (auto src = sink->getOperand(0).getDefiningOp<NextIterationSourceOp>())
      sinksOf[src].push_back(sink);

  llvm::SmallPtrSet<Operation *, 32> reachable;
  SmallVector<Operation *> worklist;
  auto reach = [&](Operation *op) {
    if (reachable.insert(op).second)
      worklist.push_back(op);
  };
  reach(fetch);
  for (Operation &op : body)
    if (&op != fetch && holdsPreservedOp(&op, preserve))
      reach(&op);

  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    forEachProducer(body, op, reach);
    if (auto src = dyn_cast<NextIterationSourceOp>(op)) {
      auto it = sinksOf.find(src);
      if (it != sinksOf.end())
        for (Operation *sink : it->second)
          reach(sink);
    }
  }

  SmallVector<Operation *> dead;
  for (Operation &op : body)
    if (!reachable.contains(&op))
      dead.push_back(&op);
  // Dead ops are used only by dead ops (a reached op reaches its producers),
  // but in a graph region uses may come in any order: drop them first.
  for (Operation *op : dead)
    op->dropAllUses();
  for (Operation *op : dead)
    op->erase();
}

struct ExecutorGraphPruningPass
    : public tfmlir::impl::ExecutorGraphPruningPassBase<
          ExecutorGraphPruningPass> {
  using ExecutorGraphPruningPassBase::ExecutorGraphPruningPassBase;

  void runOnOperation() override {
    llvm::StringSet<> preserve;
    for (const std::string &name : opsToPreserve)
      preserve.insert(name);
    SmallVector<GraphOp> graphs;
    getOperation().walk([&](GraphOp g) { graphs.push_back(g); });
    for (GraphOp g : graphs)
      pruneGraph(g, preserve);
  }
};

} // namespace
