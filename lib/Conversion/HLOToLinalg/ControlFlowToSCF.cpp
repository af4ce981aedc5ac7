//===- ControlFlowToSCF.cpp - hlo.while/if/case -> scf --------------------===//
//
// The hlo control-flow ops keep their regions: each region moves as it is
// into the scf op and its hlo.return becomes the scf terminator; the hlo
// ops inside are lowered afterwards by the driver (LegalizeToLinalg.cpp
// collects them after their parent, in program order).
//  - while (XLA While): scf.while whose `before` region is `cond` ending in
//    scf.condition(extract(pred), args) and whose `after` region is `body`.
//  - if (XLA Conditional, pred selector): scf.if on extract(pred).
//  - case (XLA Conditional, index selector): scf.index_switch on the i32
//    index with cases 0..N-2 and branch N-1 as the default region, so an
//    index outside [0, N) runs the last branch, as XLA defines.
//  - fusion: the fused computation is inlined (block arguments replaced by
//    the operands, results by what its hlo.return yields); linalg's own
//    elementwise fusion then regroups the lowered ops.
// Loop-carried and yielded values stay tensors; one-shot bufferization
// handles scf.while/if/index_switch.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tolinalg {
namespace {

using Results = SmallVectorImpl<Value>;

/// Replaces the hlo.return ending `region`'s single block by scf.yield of
/// the same values.
LogicalResult returnToYield(Region &region, std::string &why) {
  if (!region.hasOneBlock()) {
    why = "region does not have one block";
    return failure();
  }
  Operation *term = region.front().getTerminator();
  if (!term || !isa<ReturnOp>(term)) {
    why = "region does not end in hlo.return";
    return failure();
  }
  OpBuilder b(term);
  scf::YieldOp::create(b, term->getLoc(), term->getOperands());
  term->erase();
  return success();
}

LogicalResult lowerWhile(Operation *op, OpBuilder &b, Results &results,
                         std::string &why) {
  auto w = cast<WhileOp>(op);
  Location loc = op->getLoc();
  Block &cond = w.getCond().front();
  auto ret = dyn_cast<ReturnOp>(cond.getTerminator());
  if (!ret || ret->getNumOperands() != 1) {
    why = "cond does not return one pred";
    return failure();
  }
  auto s = scf::WhileOp::create(b, loc, op->getResultTypes(), w.getOperands());
  s.getBefore().takeBody(w.getCond());
  s.getAfter().takeBody(w.getBody());
  {
    OpBuilder nb(ret);
    Value c = extractScalar(nb, loc, ret->getOperand(0));
    scf::ConditionOp::create(nb, loc, c, s.getBefore().front().getArguments());
    ret->erase();
  }
  if (failed(returnToYield(s.getAfter(), why)))
    return failure();
  llvm::append_range(results, s.getResults());
  return success();
}

LogicalResult lowerIf(Operation *op, OpBuilder &b, Results &results,
                      std::string &why) {
  auto i = cast<IfOp>(op);
  Location loc = op->getLoc();
  Value c = extractScalar(b, loc, i.getPred());
  auto s = scf::IfOp::create(b, loc, op->getResultTypes(), c,
                             /*withElseRegion=*/true);
  // scf.if's builder adds blocks (and, without results, terminators):
  // replace them with the hlo branches.
  s.getThenRegion().getBlocks().clear();
  s.getElseRegion().getBlocks().clear();
  s.getThenRegion().takeBody(i.getTrueBranch());
  s.getElseRegion().takeBody(i.getFalseBranch());
  if (failed(returnToYield(s.getThenRegion(), why)) ||
      failed(returnToYield(s.getElseRegion(), why)))
    return failure();
  llvm::append_range(results, s.getResults());
  return success();
}

LogicalResult lowerCase(Operation *op, OpBuilder &b, Results &results,
                        std::string &why) {
  auto c = cast<CaseOp>(op);
  Location loc = op->getLoc();
  auto branches = c.getBranches();
  if (branches.empty()) {
    why = "case has no branches";
    return failure();
  }
  Value idx = toIndex(b, loc, extractScalar(b, loc, c.getIndex()), false);
  SmallVector<int64_t> cases;
  for (size_t k = 0; k + 1 < branches.size(); ++k)
    cases.push_back(k);
  auto s = scf::IndexSwitchOp::create(b, loc, op->getResultTypes(), idx, cases,
                                      cases.size());
  for (size_t k = 0; k + 1 < branches.size(); ++k) {
    s.getCaseRegions()[k].takeBody(branches[k]);
    if (failed(returnToYield(s.getCaseRegions()[k], why)))
      return failure();
  }
  s.getDefaultRegion().takeBody(branches.back());
  if (failed(returnToYield(s.getDefaultRegion(), why)))
    return failure();
  llvm::append_range(results, s.getResults());
  return success();
}

LogicalResult lowerFusion(Operation *op, OpBuilder &b, Results &results,
                          std::string &why) {
  Region &r = op->getRegion(0);
  if (!r.hasOneBlock()) {
    why = "fused computation does not have one block";
    return failure();
  }
  Block &body = r.front();
  auto ret = dyn_cast<ReturnOp>(body.getTerminator());
  if (!ret || ret->getNumOperands() != op->getNumResults() ||
      body.getNumArguments() != op->getNumOperands()) {
    why = "fused computation does not take the operands and yield the "
          "results";
    return failure();
  }
  for (auto [arg, v] : llvm::zip(body.getArguments(), op->getOperands()))
    arg.replaceAllUsesWith(v);
  llvm::append_range(results, ret->getOperands());
  Block *parent = op->getBlock();
  parent->getOperations().splice(Block::iterator(op), body.getOperations(),
                                 body.begin(), Block::iterator(ret));
  return success();
}

} // namespace

void addControlFlowLowerings(llvm::StringMap<Lowering> &t) {
  t["hlo.while"] = lowerWhile;
  t["hlo.if"] = lowerIf;
  t["hlo.case"] = lowerCase;
  t["hlo.fusion"] = lowerFusion;
}

} // namespace tfmlir::tolinalg
