//===- InlineCalls.cpp - tf-inline-calls ----------------------------------===//
//
// Inlines tf.PartitionedCall / tf.StatefulPartitionedCall / tf.LegacyCall
// into their callers with mlir::inlineCall, callees first, refusing
// recursion. See Passes.td.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/Passes.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <functional>

namespace tfmlir {
#define GEN_PASS_DEF_INLINECALLSPASS
#include "lib/Transforms/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

/// True for the tf ops that call a library function (not control flow).
bool isTFCall(Operation *op) {
  return isa<TF::PartitionedCallOp, TF::StatefulPartitionedCallOp,
             TF::LegacyCallOp>(op);
}

/// "node 'name'" for diagnostics (the GraphDef node of the call).
std::string nodeLabel(Operation *op) {
  return "node '" + nodeNameOf(op->getLoc()) + "'";
}

/// The inliner hooks for callee bodies in the tf dialect. Every op of a
/// functional tf body may be inlined (they are plain SSA ops, with no
/// region-specific semantics); the callee's func.return becomes the call's
/// results. Types are made to match before inlining (see makeTypesMatch),
/// so no call conversion is needed here.
struct TFCallInliner : public InlinerInterface {
  using InlinerInterface::InlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool shouldAnalyzeRecursively(Operation *) const final { return true; }
  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    auto ret = cast<func::ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToRepl, ret.getOperands()))
      from.replaceAllUsesWith(to);
  }
  // The base class forwards these to the call's dialect interface, which
  // the tf dialect does not register: nothing to do for tf calls.
  void handleTerminator(Operation *, Block *) const final {}
  Value handleArgument(OpBuilder &, Operation *, Operation *, Value argument,
                       DictionaryAttr) const final {
    return argument;
  }
  Value handleResult(OpBuilder &, Operation *, Operation *, Value result,
                     DictionaryAttr) const final {
    return result;
  }
  void processInlinedCallBlocks(Operation *,
                                iterator_range<Region::iterator>) const final {}
  bool
  allowSingleBlockOptimization(iterator_range<Region::iterator>) const final {
    return true;
  }
};

/// Clones (or moves) the callee region after the inlining point, as MLIR's
/// default inliner does.
void cloneCallee(OpBuilder &, Region *src, Block *inlineBlock,
                 Block *postInsertBlock, IRMapping &mapper,
                 bool shouldCloneInlinedRegion) {
  Region *insertRegion = inlineBlock->getParent();
  if (shouldCloneInlinedRegion)
    src->cloneInto(insertRegion, postInsertBlock->getIterator(), mapper);
  else
    insertRegion->getBlocks().splice(postInsertBlock->getIterator(),
                                     src->getBlocks(), src->begin(),
                                     src->end());
}

/// Why `fn` cannot be inlined, or "" when it can.
std::string notInlinable(func::FuncOp fn) {
  if (fn.isExternal()) {
    // The importer declares the functions a graph names but does not
    // define (or calls with another signature), saying why.
    if (auto why = fn->getAttrOfType<StringAttr>("tf._unresolved"))
      return ("is only declared (" + why.getValue() + ")").str();
    return "is only declared (it has no body)";
  }
  if (!llvm::hasSingleElement(fn.getBody()))
    return "has more than one block";
  for (unsigned i = 0; i < fn.getNumArguments(); ++i)
    if (auto t = fn.getArgAttrOfType<StringAttr>(i, "tf._type_attr"))
      return ("is generic (argument #" + std::to_string(i) +
              " has the type attr '" + t.getValue() +
              "'); only functions with concrete dtypes can be inlined")
          .str();
  for (unsigned i = 0; i < fn.getNumResults(); ++i)
    if (auto t = fn.getResultAttrOfType<StringAttr>(i, "tf._type_attr"))
      return ("is generic (result #" + std::to_string(i) +
              " has the type attr '" + t.getValue() +
              "'); only functions with concrete dtypes can be inlined")
          .str();
  bool executor = false;
  fn.walk([&](Operation *op) {
    if (isa<tf_executor::TfExecutorDialect>(op->getDialect()))
      executor = true;
  });
  if (executor)
    return "is still a tf_executor graph (its V1 control flow could not be "
           "functionalized)";
  return "";
}

/// Makes the call's operand and result types equal to `fn`'s argument and
/// result types, inserting tensor.cast where they differ but are compatible
/// (same element type, compatible shapes). The call op accepts any tensor
/// types whose element types match, so it stays valid. Fails with an error
/// naming the node when a pair cannot be cast.
LogicalResult makeTypesMatch(CallOpInterface call, func::FuncOp fn) {
  Operation *op = call.getOperation();
  FunctionType ft = fn.getFunctionType();
  auto fail = [&](const Twine &what, unsigned i, Type have, Type want) {
    return op->emitError() << nodeLabel(op) << " (" << op->getName()
                           << ") calls function @" << fn.getSymName() << ": "
                           << what << " #" << i << " has type " << have
                           << " but the function's has type " << want;
  };
  MutableOperandRange args = call.getArgOperandsMutable();
  if (args.size() != ft.getNumInputs() ||
      op->getNumResults() != ft.getNumResults())
    return op->emitError() << nodeLabel(op) << " (" << op->getName()
                           << ") passes " << args.size() << " argument(s) and "
                           << "takes " << op->getNumResults()
                           << " result(s), but function @" << fn.getSymName()
                           << " has " << ft.getNumInputs() << " and "
                           << ft.getNumResults();
  OpBuilder b(op);
  for (unsigned i = 0; i < args.size(); ++i) {
    Value v = args[i].get();
    Type want = ft.getInput(i);
    if (v.getType() == want)
      continue;
    if (!tensor::CastOp::areCastCompatible(v.getType(), want))
      return fail("argument", i, v.getType(), want);
    args[i].set(tensor::CastOp::create(b, op->getLoc(), want, v));
  }
  b.setInsertionPointAfter(op);
  for (unsigned i = 0; i < op->getNumResults(); ++i) {
    Value r = op->getResult(i);
    Type have = r.getType(), want = ft.getResult(i);
    if (have == want)
      continue;
    if (!tensor::CastOp::areCastCompatible(want, have))
      return fail("result", i, have, want);
    r.setType(want);
    auto castOp = tensor::CastOp::create(b, op->getLoc(), have, r);
    r.replaceAllUsesExcept(castOp.getResult(), castOp);
  }
  return success();
}

struct InlineCallsPass
    : public tfmlir::impl::InlineCallsPassBase<InlineCallsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    // Per function: 0 not visited, 1 in progress (on the DFS stack), 2 done.
    llvm::DenseMap<Operation *, int> state;
    SmallVector<func::FuncOp> stack;
    bool failed = false;
    std::function<LogicalResult(func::FuncOp)> process =
        [&](func::FuncOp fn) -> LogicalResult {
      state[fn] = 1;
      stack.push_back(fn);
      SmallVector<Operation *> calls;
      fn.walk([&](Operation *op) {
        if (isTFCall(op))
          calls.push_back(op);
      });
      for (Operation *op : calls) {
        auto call = cast<CallOpInterface>(op);
        SymbolRefAttr sym = TF::getFuncAttrSymbol(op->getAttr("f"));
        auto callee = sym ? symbols.lookup<func::FuncOp>(sym.getRootReference())
                          : func::FuncOp();
        if (!callee)
          return op->emitError()
                 << nodeLabel(op) << " (" << op->getName()
                 << ") calls a function that the module does not define ("
                 << op->getAttr("f") << ")";
        int &st = state[callee];
        if (st == 1) {
          std::string chain;
          auto from = llvm::find(stack, callee);
          for (auto it = from; it != stack.end(); ++it)
            chain += "@" + it->getSymName().str() + " -> ";
          chain += "@" + callee.getSymName().str();
          return op->emitError() << nodeLabel(op) << " (" << op->getName()
                                 << ") calls function @" << callee.getSymName()
                                 << " recursively: " << chain
                                 << "; recursive functions cannot be inlined";
        }
        if (st == 0 && mlir::failed(process(callee)))
          return failure();
        if (std::string why = notInlinable(callee); !why.empty()) {
          // TF resolves a call's function only when the node runs, so this
          // is not an error yet: the call stays (and the legalizations
          // name it if it is needed).
          op->emitWarning()
              << nodeLabel(op) << " (" << op->getName() << ") calls function @"
              << callee.getSymName() << ", which cannot be inlined: it " << why
              << "; the call is kept";
          continue;
        }
        if (mlir::failed(makeTypesMatch(call, callee)))
          return failure();
        TFCallInliner inliner(&getContext());
        if (mlir::failed(inlineCall(
                inliner, cloneCallee, call,
                cast<CallableOpInterface>(callee.getOperation()),
                &callee.getBody(), /*shouldCloneInlinedRegion=*/true)))
          return op->emitError() << nodeLabel(op) << " (" << op->getName()
                                 << "): inlining function @"
                                 << callee.getSymName() << " failed";
        op->erase();
      }
      stack.pop_back();
      state[fn] = 2;
      return success();
    };
    // Only functions that a public one (@main, a SavedModel signature)
    // reaches through any symbol reference (calls, If/While branches, func
    // attrs) are processed: the others never run, so a missing callee or
    // recursion there is not an error (symbol DCE removes them later).
    llvm::DenseSet<Operation *> live;
    SmallVector<func::FuncOp> work;
    for (auto fn : module.getOps<func::FuncOp>())
      if (fn.isPublic())
        work.push_back(fn);
    while (!work.empty()) {
      func::FuncOp fn = work.pop_back_val();
      if (!live.insert(fn).second)
        continue;
      if (auto uses = SymbolTable::getSymbolUses(&fn.getBody()))
        for (const SymbolTable::SymbolUse &use : *uses)
          if (auto callee = symbols.lookup<func::FuncOp>(
                  use.getSymbolRef().getRootReference()))
            work.push_back(callee);
    }
    for (auto fn : module.getOps<func::FuncOp>()) {
      if (!live.contains(fn) || state.lookup(fn) != 0)
        continue;
      if (mlir::failed(process(fn))) {
        failed = true;
        break;
      }
    }
    if (failed)
      signalPassFailure();
  }
};

} // namespace
} // namespace tfmlir
