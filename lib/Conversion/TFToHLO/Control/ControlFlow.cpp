//===- ControlFlow.cpp - functional tf.If/tf.While -> hlo
//------------------===//
//
// tf.If/StatelessIf become hlo.if and tf.While/StatelessWhile hlo.while, as
// tf2xla does: the branch / cond / body functions are inlined into the
// regions (If branches read the If's operands from above; While regions
// take the loop-carried values as block arguments) and then legalized like
// the enclosing function (a nested conversion, ConversionState::
// legalizeNested, before the new op is handed to the enclosing one). TF's If
// converts a non-bool scalar condition to bool as x != 0; a While cond that
// yields a one-element tensor is reshaped to the 0-d pred hlo.while needs.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

/// The function of `module` a TF func attribute (#tf_type.func<@f, {}> or
/// @f) names.
func::FuncOp calleeOf(ModuleOp module, Attribute attr) {
  SymbolRefAttr sym = tfmlir::TF::getFuncAttrSymbol(attr);
  if (!sym)
    return {};
  return SymbolTable::lookupSymbolIn(module, sym)
             ? dyn_cast<func::FuncOp>(SymbolTable::lookupSymbolIn(module, sym))
             : func::FuncOp();
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
    p = compare(b, ret.getLoc(), p,
                scalar(b, ret.getLoc(), t.getElementType(), 0),
                ComparisonDirection::NE);
  }
  ret->setOperand(0, p);
  return true;
}

/// Why `fns` cannot be inlined because one of them calls itself (TF's
/// call path, TF::recursionPath), or "".
std::string recursionProblem(ArrayRef<func::FuncOp> fns) {
  for (func::FuncOp f : fns)
    if (std::string path = TF::recursionPath(f); !path.empty())
      return "@" + f.getSymName().str() + " calls itself (" + path +
             "); recursion cannot be inlined";
  return "";
}

bool allRanked(TypeRange types) {
  return llvm::all_of(types, [](Type t) { return isa<RankedTensorType>(t); });
}

/// tf.If / tf.StatelessIf -> hlo.if, or the taken branch when the
/// condition is a constant.
template <typename IfOpTy> struct IfLowering : HLOPattern<IfOpTy> {
  using HLOPattern<IfOpTy>::HLOPattern;
  using OpAdaptor = typename HLOPattern<IfOpTy>::OpAdaptor;

  LogicalResult convert(IfOpTy op, OpAdaptor a, ConversionPatternRewriter &rw,
                        SmallVectorImpl<Value> &results) const override {
    ModuleOp module = this->state.getModule();
    func::FuncOp thenF = calleeOf(module, op.getThenBranchAttr());
    func::FuncOp elseF = calleeOf(module, op.getElseBranchAttr());
    if (!thenF || !elseF)
      return this->fail(
          op, rw, "then_branch/else_branch must name functions in the module");
    if (std::string why = recursionProblem({thenF, elseF}); !why.empty())
      return this->fail(op, rw, why);
    if (!allRanked(op->getResultTypes()))
      return this->fail(op, rw, "results must be ranked tensors");
    Location loc = op.getLoc();
    Value cond = a.getCond();
    auto ct = staticType(cond);
    if (!ct || ct.getNumElements() != 1)
      return this->fail(op, rw, "condition must be a one-element tensor");
    // The regions are built and legalized apart from the enclosing
    // conversion (a builder without its listener), then handed to it.
    OpBuilder plain(op->getContext());
    plain.setInsertionPoint(op);
    std::string why;
    if (auto c = constantOf(cond)) {
      // A constant condition: only the taken branch is inlined, straight
      // into the enclosing block (TF folds such an If the same way); its
      // results may then be more static than the If's joined types.
      bool taken = c->getElementType().isInteger(1) ? c->getSplatValue<bool>()
                   : isa<IntegerType>(c->getElementType())
                       ? !c->getSplatValue<APInt>().isZero()
                       : !c->getSplatValue<APFloat>().isZero();
      auto holder =
          IfOp::create(plain, loc, op->getResultTypes(),
                       scalar(plain, loc, plain.getI1Type(), taken ? 1 : 0));
      Operation *pred = holder.getPred().getDefiningOp();
      auto drop = [&](const Twine &reason) {
        holder->erase();
        pred->erase();
        return this->fail(op, rw, reason);
      };
      Block *blk = inlineInto(plain, loc, holder.getTrueBranch(),
                              taken ? thenF : elseF, a.getInput(), {}, why);
      if (!blk)
        return drop(why);
      this->state.legalizeNested(holder);
      if (!returnsCompatible(*blk, op->getResultTypes()))
        return drop(
            "the taken branch did not legalize to the If's result types");
      bool left = false;
      blk->walk([&](Operation *inner) {
        left |= inner->getName().getDialectNamespace() == "tf";
      });
      if (left)
        return drop("the taken branch did not legalize");
      // Hand the branch's ops to the enclosing conversion, in order.
      auto ret = cast<ReturnOp>(blk->getTerminator());
      results.append(ret->operand_begin(), ret->operand_end());
      rw.setInsertionPoint(op);
      for (Operation &inner :
           llvm::make_early_inc_range(blk->without_terminator())) {
        inner.remove();
        rw.insert(&inner);
      }
      holder->erase();
      pred->erase();
      return success();
    }
    Value pred = reshape(rw, loc, cond, {});
    if (!ct.getElementType().isInteger(1))
      pred = compare(rw, loc, pred, scalar(rw, loc, ct.getElementType(), 0),
                     ComparisonDirection::NE);
    plain.setInsertionPoint(op);
    auto ifOp = IfOp::create(plain, loc, op->getResultTypes(), pred);
    Block *t = inlineInto(plain, loc, ifOp.getTrueBranch(), thenF, a.getInput(),
                          {}, why);
    Block *e = t ? inlineInto(plain, loc, ifOp.getFalseBranch(), elseF,
                              a.getInput(), {}, why)
                 : nullptr;
    if (t && e) {
      this->state.legalizeNested(ifOp);
      if (returnsCompatible(*t, op->getResultTypes()) &&
          returnsCompatible(*e, op->getResultTypes())) {
        ifOp->remove();
        rw.setInsertionPoint(op);
        rw.insert(ifOp);
        results.append(ifOp->result_begin(), ifOp->result_end());
        return success();
      }
      why = "a branch did not legalize to the If's result types";
    }
    ifOp->erase();
    return this->fail(op, rw, why);
  }
};

/// tf.While / tf.StatelessWhile -> hlo.while.
template <typename WhileOpTy> struct WhileLowering : HLOPattern<WhileOpTy> {
  using HLOPattern<WhileOpTy>::HLOPattern;
  using OpAdaptor = typename HLOPattern<WhileOpTy>::OpAdaptor;

  LogicalResult convert(WhileOpTy op, OpAdaptor a,
                        ConversionPatternRewriter &rw,
                        SmallVectorImpl<Value> &results) const override {
    ModuleOp module = this->state.getModule();
    func::FuncOp condF = calleeOf(module, op.getCondAttr());
    func::FuncOp bodyF = calleeOf(module, op.getBodyAttr());
    if (!condF || !bodyF)
      return this->fail(op, rw, "cond/body must name functions in the module");
    if (std::string why = recursionProblem({condF, bodyF}); !why.empty())
      return this->fail(op, rw, why);
    SmallVector<Type> types(a.getInput().getTypes());
    if (!allRanked(types) || op->getNumResults() != types.size())
      return this->fail(op, rw, "loop-carried values must be ranked tensors");
    for (auto t : types)
      if (!(getElementTypeOrSelf(t).isIntOrFloat() ||
            isa<ComplexType>(getElementTypeOrSelf(t))))
        return this->fail(
            op, rw,
            "loop-carried values must be numeric tensors (no resources)");
    Location loc = op.getLoc();
    OpBuilder plain(op->getContext());
    plain.setInsertionPoint(op);
    auto whileOp = WhileOp::create(plain, loc, a.getInput());
    std::string why;
    Block *c = inlineInto(plain, loc, whileOp.getCond(), condF, {}, types, why);
    Block *body =
        c ? inlineInto(plain, loc, whileOp.getBody(), bodyF, {}, types, why)
          : nullptr;
    if (c && body) {
      this->state.legalizeNested(whileOp);
      if (!fixPredReturn(plain, *c))
        why = "cond did not legalize to a one-element value";
      else if (!returnsCompatible(*body, types))
        why = "body did not legalize to the loop-carried types";
      else {
        for (auto [r, w] : llvm::zip(op->getResults(), whileOp->getResults()))
          if (r.getType() != w.getType() &&
              !isa<RankedTensorType>(r.getType())) {
            whileOp->erase();
            return this->fail(op, rw, "results must be ranked tensors");
          }
        whileOp->remove();
        rw.setInsertionPoint(op);
        rw.insert(whileOp);
        results.append(whileOp->result_begin(), whileOp->result_end());
        return success();
      }
    }
    whileOp->erase();
    return this->fail(op, rw, why);
  }
};

} // namespace

void populateControlFlowPatterns(RewritePatternSet &patterns,
                                 ConversionState &state) {
  patterns.add<IfLowering<TF::IfOp>, IfLowering<TF::StatelessIfOp>,
               WhileLowering<TF::WhileOp>, WhileLowering<TF::StatelessWhileOp>>(
      patterns.getContext(), state);
}

} // namespace tfmlir::tohlo
