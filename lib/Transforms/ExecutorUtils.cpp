//===- ExecutorUtils.cpp - helpers shared by the tf_executor passes -------===//
#include "lib/Transforms/ExecutorUtils.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

#include <queue>

using namespace mlir;

namespace tfmlir::tf_executor {

Value getControlResult(Operation *op) {
  if (!op || op->getNumResults() == 0)
    return nullptr;
  Value last = op->getResult(op->getNumResults() - 1);
  return isControl(last) ? last : Value();
}

bool isV1ControlFlowOp(Operation *op) {
  return isa<SwitchOp, SwitchNOp, MergeOp, EnterOp, ExitOp,
             NextIterationSourceOp, NextIterationSinkOp, LoopCondOp,
             ControlTriggerOp>(op);
}

void forEachProducer(Block &body, Operation *op,
                     llvm::function_ref<void(Operation *)> fn) {
  auto visit = [&](Value v) {
    Operation *def = v.getDefiningOp();
    if (def && def != op && def->getBlock() == &body)
      fn(def);
  };
  for (Value v : op->getOperands())
    visit(v);
  if (op->getNumRegions() == 0)
    return;
  op->walk([&](Operation *nested) {
    if (nested == op)
      return;
    for (Value v : nested->getOperands())
      visit(v);
  });
}

FailureOr<SmallVector<Operation *>> topologicalOrder(Block &body,
                                                     Operation *&cycleOp) {
  cycleOp = nullptr;
  SmallVector<Operation *> ops;
  DenseMap<Operation *, unsigned> index;
  for (Operation &op : body) {
    if (op.hasTrait<OpTrait::IsTerminator>() && &op == &body.back())
      break;
    index[&op] = ops.size();
    ops.push_back(&op);
  }
  std::vector<unsigned> pending(ops.size(), 0);
  std::vector<SmallVector<unsigned, 2>> consumers(ops.size());
  for (auto [i, op] : llvm::enumerate(ops)) {
    llvm::SmallSetVector<Operation *, 4> producers;
    forEachProducer(body, op, [&](Operation *p) { producers.insert(p); });
    for (Operation *p : producers) {
      auto it = index.find(p);
      if (it == index.end())
        continue; // the terminator: never a producer in a valid graph
      consumers[it->second].push_back(i);
      ++pending[i];
    }
  }
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      ready;
  for (unsigned i = 0; i < ops.size(); ++i)
    if (pending[i] == 0)
      ready.push(i);
  SmallVector<Operation *> order;
  order.reserve(ops.size());
  while (!ready.empty()) {
    unsigned i = ready.top();
    ready.pop();
    order.push_back(ops[i]);
    for (unsigned c : consumers[i])
      if (--pending[c] == 0)
        ready.push(c);
  }
  if (order.size() != ops.size()) {
    for (unsigned i = 0; i < ops.size(); ++i)
      if (pending[i] != 0) {
        cycleOp = ops[i];
        break;
      }
    return failure();
  }
  return order;
}

LogicalResult sortGraphTopologically(GraphOp graph) {
  Block &body = graph.GetBody();
  Operation *cycleOp = nullptr;
  auto order = topologicalOrder(body, cycleOp);
  if (failed(order)) {
    return cycleOp->emitError()
           << "is on a cycle of the graph that does not go through a "
              "NextIteration (data, control or captured values)";
  }
  Operation *terminator = &body.back();
  for (Operation *op : *order)
    op->moveBefore(terminator);
  return success();
}

void replaceControlOperand(Operation *user, Value ctl,
                           ArrayRef<Value> replacements) {
  SmallVector<Value> data;
  llvm::SmallSetVector<Value, 4> controls;
  for (Value v : user->getOperands()) {
    if (!isControl(v)) {
      data.push_back(v);
      continue;
    }
    if (v == ctl) {
      for (Value r : replacements)
        controls.insert(r);
      continue;
    }
    controls.insert(v);
  }
  data.append(controls.begin(), controls.end());
  user->setOperands(data);
}

void dedupeControlOperands(Operation *op) {
  llvm::SmallPtrSet<Value, 4> seen;
  bool dup = false;
  for (Value v : op->getOperands())
    if (isControl(v) && !seen.insert(v).second)
      dup = true;
  if (!dup)
    return;
  SmallVector<Value> data;
  llvm::SmallSetVector<Value, 4> controls;
  for (Value v : op->getOperands()) {
    if (isControl(v))
      controls.insert(v);
    else
      data.push_back(v);
  }
  data.append(controls.begin(), controls.end());
  op->setOperands(data);
}

} // namespace tfmlir::tf_executor
