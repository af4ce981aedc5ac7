//===- ExecutorIslandCoarsening.cpp - tf-executor-island-coarsening -------===//
//
// Merges islands with their nearest consumer / producer island, as
// TensorFlow's pass does, after ordering the graph topologically (our graph
// bodies are graph regions: the block order need not be topological). Only
// islands with the same control-flow frontier merge, so nothing crosses a
// V1 control-flow op. See ExecutorPasses.td.
//
// The analysis decides every merge first (groups of islands), then the
// transformation builds one island per group, so ops are moved once.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/ExecutorUtils.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>

namespace tfmlir {
#define GEN_PASS_DEF_EXECUTORISLANDCOARSENINGPASS
#include "lib/Transforms/ExecutorPasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::tf_executor;

namespace {

/// A group of islands that will become one island, placed where the island
/// `ops[pos]` (its anchor) is in the topological order.
struct Group {
  unsigned pos = 0;
  SmallVector<unsigned> members; // indices into the topological order
};

class Coarsener {
public:
  explicit Coarsener(GraphOp graph) : graph(graph), body(graph.GetBody()) {}

  LogicalResult run() {
    if (failed(sortGraphTopologically(graph)))
      return failure();
    for (Operation &op : body.without_terminator()) {
      index[&op] = ops.size();
      ops.push_back(&op);
    }
    computeFrontiers();
    analyze();
    materialize();
    return success();
  }

private:
  /// Interns each island's control-flow frontier: the results of V1
  /// control-flow ops it depends on through islands only. Islands with the
  /// same class are dead under the same conditions and live in the same
  /// frame.
  void computeFrontiers() {
    std::map<SmallVector<void *>, unsigned> classes;
    std::vector<SmallVector<void *>> frontierOf(ops.size());
    cls.assign(ops.size(), ~0u);
    for (auto [i, op] : llvm::enumerate(ops)) {
      if (!isa<IslandOp>(op))
        continue;
      llvm::SmallSetVector<void *, 4> f;
      auto visit = [&](Value v) {
        Operation *def = v.getDefiningOp();
        if (!def || def == op || def->getBlock() != &body)
          return;
        if (isa<IslandOp>(def)) {
          for (void *p : frontierOf[index[def]])
            f.insert(p);
        } else {
          f.insert(v.getAsOpaquePointer());
        }
      };
      for (Value v : op->getOperands())
        visit(v);
      op->walk([&](Operation *nested) {
        if (nested != op)
          for (Value v : nested->getOperands())
            visit(v);
      });
      SmallVector<void *> sorted(f.begin(), f.end());
      llvm::sort(sorted);
      auto it = classes.try_emplace(sorted, classes.size()).first;
      cls[i] = it->second;
      frontierOf[i] = std::move(sorted);
    }
  }

  /// The op (in `body`) that `user` is, or is nested in.
  Operation *ancestorInBody(Operation *user) {
    return body.findAncestorOpInBlock(*user);
  }

  /// Position of `op` in the order of groups: an island's group anchor, the
  /// op's own position otherwise; the fetch comes last.
  unsigned positionOf(Operation *op, bool &isIsland) {
    isIsland = false;
    auto it = index.find(op);
    if (it == index.end())
      return ops.size(); // the fetch
    if (isa<IslandOp>(op)) {
      isIsland = true;
      return groups[groupOf[it->second]].pos;
    }
    return it->second;
  }

  /// The group consuming a result or the control token of group `g` that
  /// comes first, or -1 when that first consumer is not a group of the same
  /// class.
  int nearestConsumer(unsigned g) {
    unsigned best = ~0u;
    bool bestIsIsland = false;
    auto consider = [&](Operation *user) {
      Operation *op = ancestorInBody(user);
      if (!op)
        return;
      bool isIsland;
      unsigned pos = positionOf(op, isIsland);
      if (isIsland && groupOf[pos] == g)
        return;
      if (pos < best) {
        best = pos;
        bestIsIsland = isIsland;
      }
    };
    for (unsigned m : groups[g].members)
      for (Value r : ops[m]->getResults())
        for (Operation *user : r.getUsers())
          consider(user);
    if (best == ~0u || !bestIsIsland || cls[best] != cls[groups[g].pos])
      return -1;
    return groupOf[best];
  }

  /// The group producing an operand (data, control or captured) of group
  /// `g` that comes last, or -1 when that last producer is not a group of
  /// the same class.
  int nearestProducer(unsigned g) {
    int best = -1;
    bool bestIsIsland = false;
    for (unsigned m : groups[g].members) {
      forEachProducer(body, ops[m], [&](Operation *p) {
        bool isIsland;
        unsigned pos = positionOf(p, isIsland);
        if (isIsland && groupOf[pos] == g)
          return;
        if (static_cast<int>(pos) > best) {
          best = pos;
          bestIsIsland = isIsland;
        }
      });
    }
    if (best < 0 || !bestIsIsland || cls[best] != cls[groups[g].pos])
      return -1;
    return groupOf[best];
  }

  void mergeInto(unsigned from, unsigned to) {
    for (unsigned m : groups[from].members)
      groupOf[m] = to;
    groups[to].members.append(groups[from].members);
    groups[from].members.clear();
  }

  void analyze() {
    // One group per island; groups are indexed by their anchor's position,
    // which never changes (merging into the nearest consumer or producer
    // keeps the group order topological).
    groups.resize(ops.size());
    groupOf.assign(ops.size(), ~0u);
    for (auto [i, op] : llvm::enumerate(ops)) {
      groups[i].pos = i;
      if (isa<IslandOp>(op)) {
        groups[i].members.push_back(i);
        groupOf[i] = i;
      }
    }
    // A graph of islands only: everything runs unconditionally in one frame,
    // so all islands merge into one, placed at the last island (the order
    // is topological, so every member's producers come before it).
    if (!ops.empty() &&
        llvm::all_of(ops, [](Operation *op) { return isa<IslandOp>(op); })) {
      unsigned last = ops.size() - 1;
      for (unsigned g = 0; g < last; ++g)
        mergeInto(g, last);
      return;
    }
    bool changed = true;
    while (changed) {
      changed = false;
      for (int g = static_cast<int>(groups.size()) - 1; g >= 0; --g) {
        if (groups[g].members.empty())
          continue;
        int c = nearestConsumer(g);
        if (c >= 0) {
          mergeInto(g, c);
          changed = true;
        }
      }
      for (unsigned g = 0; g < groups.size(); ++g) {
        if (groups[g].members.empty())
          continue;
        int p = nearestProducer(g);
        if (p >= 0) {
          mergeInto(g, p);
          changed = true;
        }
      }
    }
  }

  void materialize() {
    for (Group &g : groups) {
      if (g.members.size() < 2)
        continue;
      llvm::sort(g.members);
      SmallVector<IslandOp> islands;
      llvm::SmallPtrSet<Operation *, 8> memberSet;
      for (unsigned m : g.members) {
        islands.push_back(cast<IslandOp>(ops[m]));
        memberSet.insert(ops[m]);
      }
      auto insideGroup = [&](Operation *user) {
        Operation *a = ancestorInBody(user);
        return a && memberSet.contains(a);
      };

      // Control inputs from outside the group.
      llvm::SmallSetVector<Value, 8> controls;
      for (IslandOp island : islands)
        for (Value c : island.getControlInputs())
          if (!memberSet.contains(c.getDefiningOp()))
            controls.insert(c);

      // Results used outside; uses inside are rewired to the inner values.
      SmallVector<Value> innerResults, oldResults;
      for (IslandOp island : islands) {
        YieldOp yield = island.GetYield();
        for (auto [inner, outer] :
             llvm::zip(yield.getOperands(), island.getOutputs())) {
          bool usedOutside = false;
          for (OpOperand &use : llvm::make_early_inc_range(outer.getUses())) {
            if (insideGroup(use.getOwner()))
              use.set(inner); // captured by a member's body
            else
              usedOutside = true;
          }
          if (usedOutside) {
            innerResults.push_back(inner);
            oldResults.push_back(outer);
          }
        }
      }

      IslandOp anchor = cast<IslandOp>(ops[g.pos]);
      OpBuilder b(anchor);
      SmallVector<Type> types;
      for (Value v : oldResults)
        types.push_back(v.getType());
      auto merged = IslandOp::create(b, anchor.getLoc(), types,
                                     ControlType::get(b.getContext()),
                                     controls.getArrayRef());
      Block *block = new Block();
      merged.getBody().push_back(block);
      for (IslandOp island : islands) {
        Block &src = island.GetBody();
        block->getOperations().splice(block->end(), src.getOperations(),
                                      src.begin(), std::prev(src.end()));
      }
      OpBuilder yb = OpBuilder::atBlockEnd(block);
      YieldOp::create(yb, anchor.getLoc(), innerResults);
      for (auto [old, now] : llvm::zip(oldResults, merged.getOutputs()))
        old.replaceAllUsesWith(now);
      for (IslandOp island : islands) {
        island.getControl().replaceAllUsesWith(merged.getControl());
        island->dropAllUses();
      }
      for (IslandOp island : islands)
        island->erase();
    }
    // Merging can make an op depend twice on the same merged island.
    for (Operation &op : body)
      dedupeControlOperands(&op);
  }

  GraphOp graph;
  Block &body;
  SmallVector<Operation *> ops;
  DenseMap<Operation *, unsigned> index;
  std::vector<unsigned> cls;
  std::vector<Group> groups;
  std::vector<unsigned> groupOf;
};

struct ExecutorIslandCoarseningPass
    : public tfmlir::impl::ExecutorIslandCoarseningPassBase<
          ExecutorIslandCoarseningPass> {
  void runOnOperation() override {
    SmallVector<GraphOp> graphs;
    getOperation().walk([&](GraphOp g) { graphs.push_back(g); });
    for (GraphOp g : graphs) {
      Coarsener c(g);
      if (failed(c.run()))
        return signalPassFailure();
    }
  }
};

} // namespace
