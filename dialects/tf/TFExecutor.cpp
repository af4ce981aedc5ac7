//===- TFExecutor.cpp - tf_executor dialect implementation ---------------===//
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFTypes.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tfmlir::tf_executor;

#include "dialects/tf/TFExecutorDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialects/tf/TFExecutorTypes.cpp.inc"

namespace {
/// Constants created by folding inside an island stay in that island: an
/// island is the unit of execution, and hoisting a constant out of it would
/// put a non-executor op directly inside a tf_executor.graph.
struct TfExecutorFoldInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;
  bool shouldMaterializeInto(Region *region) const final {
    return isa<IslandOp>(region->getParentOp());
  }
};
} // namespace

void TfExecutorDialect::initialize() {
  addInterfaces<TfExecutorFoldInterface>();
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialects/tf/TFExecutorTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFExecutor.cpp.inc"
      >();
}

static bool isControl(Type t) { return isa<ControlType>(t); }

//===----------------------------------------------------------------------===//
// GraphOp / FetchOp
//===----------------------------------------------------------------------===//

FetchOp GraphOp::GetFetch() {
  return dyn_cast<FetchOp>(GetBody().getTerminator());
}

LogicalResult GraphOp::verify() {
  Block &body = GetBody();
  if (body.empty() || !isa<FetchOp>(body.back()))
    return emitOpError("expects a tf_executor.fetch terminator");
  for (Operation &op : body) {
    if (!isa<TfExecutorDialect>(op.getDialect()))
      return op.emitOpError()
             << "is not allowed directly inside tf_executor.graph; wrap it "
                "in a tf_executor.island";
  }
  FetchOp fetch = GetFetch();
  SmallVector<Value> data;
  for (Value v : fetch.getFetches())
    if (!isControl(v.getType()))
      data.push_back(v);
  if (data.size() != getNumResults())
    return emitOpError() << "has " << getNumResults()
                         << " results but its fetch returns " << data.size()
                         << " values";
  for (auto [i, res] : llvm::enumerate(getResults())) {
    Type ft = data[i].getType();
    if (!tfmlir::tf_type::areCastCompatible(ft, res.getType()))
      return emitOpError() << "result #" << i << " type " << res.getType()
                           << " is incompatible with fetched type " << ft;
  }
  return success();
}

LogicalResult FetchOp::verify() {
  bool seenControl = false;
  for (Value v : getFetches()) {
    if (isControl(v.getType()))
      seenControl = true;
    else if (seenControl)
      return emitOpError("data fetches must precede control fetches");
  }
  return success();
}

//===----------------------------------------------------------------------===//
// IslandOp
//===----------------------------------------------------------------------===//

YieldOp IslandOp::GetYield() {
  return dyn_cast<YieldOp>(GetBody().getTerminator());
}

bool IslandOp::WrapsSingleOp() {
  Block &b = GetBody();
  if (b.empty() || &b.front() == &b.back())
    return false;
  Operation &op = b.front();
  if (op.getNextNode() != &b.back())
    return false;
  YieldOp y = GetYield();
  if (!y || y.getNumOperands() != op.getNumResults())
    return false;
  for (auto [a, b2] : llvm::zip(y.getOperands(), op.getResults()))
    if (a != b2)
      return false;
  return true;
}

LogicalResult IslandOp::verify() {
  Block &b = GetBody();
  if (b.empty() || !isa<YieldOp>(b.back()))
    return emitOpError("expects a tf_executor.yield terminator");
  YieldOp y = GetYield();
  if (y.getNumOperands() != getOutputs().size())
    return emitOpError() << "has " << getOutputs().size()
                         << " outputs but yields " << y.getNumOperands()
                         << " values";
  for (auto [i, pair] : llvm::enumerate(
           llvm::zip(y.getOperands().getTypes(), getOutputs().getTypes()))) {
    auto [yt, ot] = pair;
    if (!tfmlir::tf_type::areCastCompatible(yt, ot))
      return emitOpError() << "output #" << i << " type " << ot
                           << " is incompatible with yielded type " << yt;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Control-flow node ops
//===----------------------------------------------------------------------===//

/// Checks that control operands come last and that there are exactly
/// `numData` data operands (or at least `minData` when numData < 0).
static LogicalResult verifyNodeOperands(Operation *op, int numData,
                                        int minData = 0) {
  int data = 0;
  bool seenControl = false;
  for (Value v : op->getOperands()) {
    if (isControl(v.getType())) {
      seenControl = true;
      continue;
    }
    if (seenControl)
      return op->emitOpError("data operands must precede control operands");
    ++data;
  }
  if (numData >= 0 && data != numData)
    return op->emitOpError()
           << "expects " << numData << " data operand(s), got " << data;
  if (numData < 0 && data < minData)
    return op->emitOpError() << "expects at least " << minData
                             << " data operand(s), got " << data;
  return success();
}

LogicalResult SwitchOp::verify() {
  if (failed(verifyNodeOperands(*this, 2)))
    return failure();
  Type pred = getOperand(1).getType();
  auto pt = dyn_cast<TensorType>(pred);
  if (!pt || !pt.getElementType().isInteger(1) ||
      (pt.hasRank() && pt.getRank() != 0))
    return emitOpError() << "predicate must be a scalar tensor<i1>, got "
                         << pred;
  return success();
}
LogicalResult SwitchNOp::verify() {
  if (failed(verifyNodeOperands(*this, 2)))
    return failure();
  if (getOutputs().empty())
    return emitOpError("expects at least one data output");
  return success();
}
LogicalResult MergeOp::verify() { return verifyNodeOperands(*this, -1, 1); }
LogicalResult EnterOp::verify() { return verifyNodeOperands(*this, 1); }
LogicalResult ExitOp::verify() { return verifyNodeOperands(*this, 1); }
LogicalResult NextIterationSourceOp::verify() { return success(); }
LogicalResult NextIterationSinkOp::verify() {
  if (failed(verifyNodeOperands(*this, 2)))
    return failure();
  if (!isa<TokenType>(getOperand(0).getType()))
    return emitOpError("first operand must be a !tf_executor.token");
  if (!getOperand(0).getDefiningOp<NextIterationSourceOp>())
    return emitOpError("token must come from a NextIteration.Source");
  return success();
}
LogicalResult LoopCondOp::verify() { return verifyNodeOperands(*this, 1); }
LogicalResult ControlTriggerOp::verify() { return success(); }

#define GET_OP_CLASSES
#include "dialects/tf/TFExecutor.cpp.inc"

LogicalResult tfmlir::tf_executor::requireFunctionalForm(ModuleOp module,
                                                         StringRef passArg) {
  GraphOp graph;
  module.walk([&](GraphOp g) {
    graph = g;
    return WalkResult::interrupt();
  });
  if (!graph)
    return success();
  // A location-only diagnostic: emitting on the op would dump the graph.
  return mlir::emitError(graph.getLoc())
         << "-" << passArg
         << " needs the functional tf form, but the module still holds a "
            "tf_executor.graph (the importer's output): run "
            "-tf-standard-pipeline first";
}
