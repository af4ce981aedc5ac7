//===- ExecutorToFunctional.cpp - executor <-> functional conversions -----===//
//
// tf-executor-to-functional-conversion: dissolves graphs that hold only
// islands into the enclosing block. tf-functional-to-executor-conversion:
// wraps a function body into one island. See ExecutorPasses.td.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/ExecutorUtils.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

namespace tfmlir {
#define GEN_PASS_DEF_EXECUTORTOFUNCTIONALCONVERSIONPASS
#define GEN_PASS_DEF_FUNCTIONALTOEXECUTORCONVERSIONPASS
#include "lib/Transforms/ExecutorPasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::tf_executor;

namespace {

/// Replaces the uses of `from` by `to`; when the types differ, through a
/// tensor.cast built at `b` (island outputs and graph results may carry a
/// type that is only cast-compatible with the value yielded/fetched).
LogicalResult replaceWithCast(OpBuilder &b, Value from, Value to,
                              Operation *where) {
  if (from.use_empty())
    return success();
  if (from.getType() != to.getType()) {
    if (!tensor::CastOp::areCastCompatible(to.getType(), from.getType()))
      return where->emitError()
             << "cannot dissolve the graph: a value of type " << to.getType()
             << " is used as " << from.getType();
    to = tensor::CastOp::create(b, where->getLoc(), from.getType(), to);
  }
  from.replaceAllUsesWith(to);
  return success();
}

/// Dissolves `graph` into its parent block if it holds only islands.
/// Returns failure after an error; `changed` says whether it was dissolved.
LogicalResult liftGraph(GraphOp graph) {
  Block &body = graph.GetBody();
  for (Operation &op : body.without_terminator())
    if (!isa<IslandOp>(op))
      return success(); // V1 control flow is left in tf_executor form.
  if (failed(sortGraphTopologically(graph)))
    return failure();

  OpBuilder b(graph);
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator())) {
    auto island = cast<IslandOp>(op);
    Block &ib = island.GetBody();
    YieldOp yield = island.GetYield();
    for (Operation &inner : llvm::make_early_inc_range(ib.without_terminator()))
      inner.moveBefore(graph);
    for (auto [out, val] : llvm::zip(island.getOutputs(), yield.getOperands()))
      if (failed(replaceWithCast(b, out, val, island)))
        return failure();
  }
  FetchOp fetch = graph.GetFetch();
  SmallVector<Value> fetched;
  for (Value v : fetch.getFetches())
    if (!isControl(v))
      fetched.push_back(v);
  for (auto [res, val] : llvm::zip(graph.getResults(), fetched))
    if (failed(replaceWithCast(b, res, val, graph)))
      return failure();
  // Only islands, their control tokens and the fetch remain; none is used
  // outside the graph.
  for (Operation &op : body)
    op.dropAllUses();
  graph.erase();
  return success();
}

struct ExecutorToFunctionalConversionPass
    : public tfmlir::impl::ExecutorToFunctionalConversionPassBase<
          ExecutorToFunctionalConversionPass> {
  void runOnOperation() override {
    SmallVector<GraphOp> graphs;
    // Post-order: graphs nested in islands are dissolved first.
    getOperation().walk([&](GraphOp g) { graphs.push_back(g); });
    for (GraphOp g : graphs)
      if (failed(liftGraph(g)))
        return signalPassFailure();
  }
};

struct FunctionalToExecutorConversionPass
    : public tfmlir::impl::FunctionalToExecutorConversionPassBase<
          FunctionalToExecutorConversionPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    if (func.isExternal())
      return;
    if (!func.getBody().hasOneBlock()) {
      func.emitError() << "cannot wrap function '" << func.getSymName()
                       << "' into a tf_executor.graph: its body has "
                          "more than one block";
      return signalPassFailure();
    }
    Block &entry = func.front();
    Operation *ret = entry.getTerminator();
    if (!ret) {
      func.emitError("function body has no terminator");
      return signalPassFailure();
    }
    // Already in executor form: the body is a graph (plus the return).
    for (Operation &op : entry.without_terminator())
      if (isa<GraphOp>(op))
        return;

    Location loc = func.getLoc();
    OpBuilder b(ret);
    TypeRange types = ret->getOperandTypes();
    auto graph = GraphOp::create(b, loc, types);
    Block *gb = new Block();
    graph.getBody().push_back(gb);
    OpBuilder gbld = OpBuilder::atBlockEnd(gb);
    auto island = IslandOp::create(
        gbld, loc, types, ControlType::get(&getContext()), ValueRange{});
    Block *ib = new Block();
    island.getBody().push_back(ib);
    for (Operation &op : llvm::make_early_inc_range(entry)) {
      if (&op == graph.getOperation() || &op == ret)
        break;
      op.moveBefore(ib, ib->end());
    }
    OpBuilder ibld = OpBuilder::atBlockEnd(ib);
    YieldOp::create(ibld, loc, ret->getOperands());
    FetchOp::create(gbld, loc, island.getOutputs());
    ret->setOperands(graph.getResults());
  }
};

} // namespace
