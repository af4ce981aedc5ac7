//===- ConvertControlFlow.cpp - functional tf.If/tf.While -> hlo ----------===//
//
// tf.If/StatelessIf become hlo.if and tf.While/StatelessWhile hlo.while, as
// tf2xla does: the branch / cond / body functions are inlined into the
// regions (If branches read the If's operands from above; While regions
// take the loop-carried values as block arguments) and then legalized like
// the enclosing function. TF's If converts a non-bool scalar condition to
// bool as x != 0; a While cond that yields a one-element tensor is reshaped
// to the 0-d pred hlo.while needs.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "dialects/tf/TFOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// The function a TF func attribute (#tf_type.func<@f, {}> or @f) names.
func::FuncOp calleeOf(Operation *op, StringRef attr) {
  SymbolRefAttr sym = tfmlir::TF::getFuncAttrSymbol(op->getAttr(attr));
  if (!sym)
    return {};
  return SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(op, sym);
}

/// Clones the single-block body of `fn` into a new block of `region`
/// (block arguments `argTypes`), with fn's arguments mapped to `args` when
/// given or else to the block arguments, and func.return turned into
/// hlo.return. Returns the new block or null.
Block *inlineInto(OpBuilder &b, Location loc, Region &region, func::FuncOp fn,
                  ValueRange args, TypeRange argTypes, std::string &why) {
  if (!fn || fn.isExternal() || !llvm::hasSingleElement(fn.getBody())) {
    why = "callee is missing, external or has more than one block";
    return nullptr;
  }
  OpBuilder::InsertionGuard g(b);
  SmallVector<Location> locs(argTypes.size(), loc);
  Block *block = b.createBlock(&region, {}, argTypes, locs);
  IRMapping map;
  ValueRange from = args.empty() && !argTypes.empty()
                        ? ValueRange(block->getArguments())
                        : args;
  if (from.size() != fn.getNumArguments()) {
    why = "callee takes " + std::to_string(fn.getNumArguments()) +
          " arguments, the op passes " + std::to_string(from.size());
    return nullptr;
  }
  for (auto [a, v] : llvm::zip(fn.getArguments(), from))
    map.map(a, v);
  for (Operation &op : fn.front()) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      SmallVector<Value> vals;
      for (Value v : ret.getOperands())
        vals.push_back(map.lookupOrDefault(v));
      ReturnOp::create(b, ret.getLoc(), vals);
      continue;
    }
    b.clone(op, map);
  }
  return block;
}

/// True when the hlo.return of `block` yields values whose types are
/// compatible with `types` (same element type, compatible ranked shapes).
bool returnsCompatible(Block &block, TypeRange types) {
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getNumOperands() != types.size())
    return false;
  for (auto [v, t] : llvm::zip(ret.getOperands(), types)) {
    auto a = dyn_cast<RankedTensorType>(v.getType());
    auto c = dyn_cast<RankedTensorType>(t);
    if (!a || !c || a.getElementType() != c.getElementType() ||
        failed(verifyCompatibleShape(a.getShape(), c.getShape())))
      return false;
  }
  return true;
}

/// Rewrites the hlo.return of a cond block to yield a 0-d pred: a
/// one-element value is reshaped, a non-bool one compared with 0.
bool fixPredReturn(OpBuilder &b, Block &block) {
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getNumOperands() != 1)
    return false;
  Value v = ret.getOperand(0);
  auto t = dyn_cast<RankedTensorType>(v.getType());
  if (!t || !t.hasStaticShape() || t.getNumElements() != 1)
    return false;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPoint(ret);
  Value p = reshape(b, ret.getLoc(), v, {});
  if (!t.getElementType().isInteger(1)) {
    if (!t.getElementType().isIntOrFloat())
      return false;
    p = compare(b, ret.getLoc(), p, scalar(b, ret.getLoc(), t.getElementType(), 0),
                ComparisonDirection::NE);
  }
  ret->setOperand(0, p);
  return true;
}

bool allRanked(TypeRange types) {
  return llvm::all_of(types, [](Type t) { return isa<RankedTensorType>(t); });
}

} // namespace

LogicalResult convertIf(Operation *op, OpBuilder &b, SmallVectorImpl<Value> &results,
                        std::string &why, const BlockLegalizer &legalize) {
  func::FuncOp thenF = calleeOf(op, "then_branch"), elseF = calleeOf(op, "else_branch");
  if (!thenF || !elseF) {
    why = "then_branch/else_branch must name functions in the module";
    return failure();
  }
  if (!allRanked(op->getResultTypes())) {
    why = "results must be ranked tensors";
    return failure();
  }
  Location loc = op->getLoc();
  Value cond = op->getOperand(0);
  auto ct = staticType(cond);
  if (!ct || ct.getNumElements() != 1) {
    why = "condition must be a one-element tensor";
    return failure();
  }
  if (auto c = constantOf(cond)) {
    // A constant condition: only the taken branch is inlined, straight
    // into the enclosing block (TF folds such an If the same way); its
    // results may then be more static than the If's joined types.
    bool taken = c->getElementType().isInteger(1)
                     ? c->getSplatValue<bool>()
                 : isa<IntegerType>(c->getElementType())
                     ? !c->getSplatValue<APInt>().isZero()
                     : !c->getSplatValue<APFloat>().isZero();
    auto holder = IfOp::create(b, loc, op->getResultTypes(),
                               scalar(b, loc, b.getI1Type(), taken ? 1 : 0));
    Block *blk = inlineInto(b, loc, holder.getTrueBranch(),
                            taken ? thenF : elseF,
                            op->getOperands().drop_front(), {}, why);
    if (!blk) {
      holder->erase();
      return failure();
    }
    legalize(*blk);
    if (!returnsCompatible(*blk, op->getResultTypes())) {
      why = "the taken branch did not legalize to the If's result types";
      holder->erase();
      return failure();
    }
    auto ret = cast<ReturnOp>(blk->getTerminator());
    results.append(ret->operand_begin(), ret->operand_end());
    for (Operation &inner : llvm::make_early_inc_range(blk->without_terminator()))
      inner.moveBefore(holder);
    holder->erase();
    return success();
  }
  Value pred = reshape(b, loc, cond, {});
  if (!ct.getElementType().isInteger(1))
    pred = compare(b, loc, pred, scalar(b, loc, ct.getElementType(), 0),
                   ComparisonDirection::NE);
  auto ifOp = IfOp::create(b, loc, op->getResultTypes(), pred);
  ValueRange args = op->getOperands().drop_front();
  Block *t = inlineInto(b, loc, ifOp.getTrueBranch(), thenF, args, {}, why);
  Block *e = t ? inlineInto(b, loc, ifOp.getFalseBranch(), elseF, args, {}, why)
               : nullptr;
  if (t && e) {
    legalize(*t);
    legalize(*e);
    if (returnsCompatible(*t, op->getResultTypes()) &&
        returnsCompatible(*e, op->getResultTypes())) {
      results.append(ifOp->result_begin(), ifOp->result_end());
      return success();
    }
    why = "a branch did not legalize to the If's result types";
  }
  ifOp->erase();
  return failure();
}

LogicalResult convertWhile(Operation *op, OpBuilder &b,
                           SmallVectorImpl<Value> &results, std::string &why,
                           const BlockLegalizer &legalize) {
  func::FuncOp condF = calleeOf(op, "cond"), bodyF = calleeOf(op, "body");
  if (!condF || !bodyF) {
    why = "cond/body must name functions in the module";
    return failure();
  }
  SmallVector<Type> types(op->getOperandTypes());
  if (!allRanked(types) || op->getNumResults() != types.size()) {
    why = "loop-carried values must be ranked tensors";
    return failure();
  }
  for (auto t : types)
    if (!isa<RankedTensorType>(t) ||
        !(getElementTypeOrSelf(t).isIntOrFloat() ||
          isa<ComplexType>(getElementTypeOrSelf(t)))) {
      why = "loop-carried values must be numeric tensors (no resources)";
      return failure();
    }
  Location loc = op->getLoc();
  auto whileOp = WhileOp::create(b, loc, op->getOperands());
  Block *c = inlineInto(b, loc, whileOp.getCond(), condF, {}, types, why);
  Block *body = c ? inlineInto(b, loc, whileOp.getBody(), bodyF, {}, types, why)
                  : nullptr;
  if (c && body) {
    legalize(*c);
    legalize(*body);
    if (!fixPredReturn(b, *c))
      why = "cond did not legalize to a one-element value";
    else if (!returnsCompatible(*body, types))
      why = "body did not legalize to the loop-carried types";
    else {
      for (auto [r, w] : llvm::zip(op->getResults(), whileOp->getResults()))
        if (r.getType() != w.getType() && !isa<RankedTensorType>(r.getType())) {
          why = "results must be ranked tensors";
          whileOp->erase();
          return failure();
        }
      results.append(whileOp->result_begin(), whileOp->result_end());
      return success();
    }
  }
  whileOp->erase();
  return failure();
}

} // namespace tfmlir::tohlo
