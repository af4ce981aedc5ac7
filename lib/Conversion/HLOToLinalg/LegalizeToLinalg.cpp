//===- LegalizeToLinalg.cpp - the hlo-legalize-to-linalg pass -------------===//
//
// Collects the hlo ops of every function (not those nested in hlo ops with
// scalar regions: reducer, comparator and scatter bodies are re-emitted by
// their parent's lowering; the ops inside hlo.while/if/case/fusion are
// collected, since those regions move into scf ops or inline as they are) and
// replaces each, in program order, by the values its Lowering builds. Every op
// that cannot be lowered gets an error saying why, and the pass fails.
//
// Unsigned element types are first rewritten to signless ones of the same
// width (the bits are the same; arith is signless), recording on each hlo
// op which operands / results were unsigned (Helpers.h).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "lib/Support/ABI/IndexCheck.h"

using namespace mlir;

namespace tfmlir {

#define GEN_PASS_DEF_LEGALIZEHLOTOLINALG
#include "lib/Conversion/HLOToLinalg/Passes.h.inc"

namespace {

const llvm::StringMap<tolinalg::Lowering> &lowerings() {
  static const llvm::StringMap<tolinalg::Lowering> table = [] {
    llvm::StringMap<tolinalg::Lowering> t;
    tolinalg::addElementwiseLowerings(t);
    tolinalg::addDataMovementLowerings(t);
    tolinalg::addContractionLowerings(t);
    tolinalg::addReduceLowerings(t);
    tolinalg::addGatherScatterLowerings(t);
    tolinalg::addSortLowerings(t);
    tolinalg::addControlFlowLowerings(t);
    tolinalg::addCustomCallLowerings(t);
    return t;
  }();
  return table;
}

/// `t` with an unsigned (scalar or tensor element) integer type replaced by
/// the signless type of the same width; other types unchanged.
Type signless(Type t) {
  auto toSignless = [](Type e) -> Type {
    if (auto it = dyn_cast<IntegerType>(e); it && it.isUnsigned())
      return IntegerType::get(e.getContext(), it.getWidth());
    return e;
  };
  if (auto rt = dyn_cast<RankedTensorType>(t))
    return rt.clone(toSignless(rt.getElementType()));
  if (auto ut = dyn_cast<UnrankedTensorType>(t))
    return UnrankedTensorType::get(toSignless(ut.getElementType()));
  return toSignless(t);
}

bool isUnsignedType(Type t) {
  auto it = dyn_cast<IntegerType>(getElementTypeOrSelf(t));
  return it && it.isUnsigned();
}

/// Rewrites every unsigned type in `f` (signature, block arguments, op
/// results, hlo.constant values) to signless, first recording the
/// signedness of each hlo op's operands and results as attributes.
void eraseUnsigned(func::FuncOp f) {
  f.walk([](Operation *op) {
    if (op->getName().getDialectNamespace() != "hlo")
      return;
    auto flags = [](auto range) {
      SmallVector<bool> v;
      bool any = false;
      for (Value x : range) {
        v.push_back(isUnsignedType(x.getType()));
        any |= v.back();
      }
      return std::make_pair(v, any);
    };
    auto [ops, anyOp] = flags(op->getOperands());
    auto [res, anyRes] = flags(op->getResults());
    MLIRContext *ctx = op->getContext();
    if (anyOp)
      op->setAttr(tolinalg::kUnsignedOperandsAttr,
                  DenseBoolArrayAttr::get(ctx, ops));
    if (anyRes)
      op->setAttr(tolinalg::kUnsignedResultsAttr,
                  DenseBoolArrayAttr::get(ctx, res));
  });
  f.walk([](Operation *op) {
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          a.setType(signless(a.getType()));
    for (OpResult r : op->getResults())
      r.setType(signless(r.getType()));
    if (auto c = dyn_cast<hlo::ConstantOp>(op))
      if (auto d = dyn_cast<DenseElementsAttr>(c.getValue());
          d && isUnsignedType(d.getType()))
        c.setValueAttr(d.bitcast(signless(d.getType().getElementType())));
  });
  SmallVector<Type> ins, outs;
  for (Type t : f.getArgumentTypes())
    ins.push_back(signless(t));
  for (Type t : f.getResultTypes())
    outs.push_back(signless(t));
  f.setType(FunctionType::get(f.getContext(), ins, outs));
}

/// Empty when every operand and result of `op` is a static-shaped tensor of
/// a supported element type, else the reason.
std::string checkTypes(Operation *op) {
  auto check = [](Type t, const char *what, unsigned i) -> std::string {
    auto rt = dyn_cast<RankedTensorType>(t);
    std::string where = std::string(what) + " " + std::to_string(i);
    if (!rt)
      return where + " is not a ranked tensor";
    if (!rt.hasStaticShape())
      return where + " has a dynamic shape";
    Type e = rt.getElementType();
    if (isa<FloatType>(e) || e.isSignlessInteger())
      return {};
    return where + " has an unsupported element type (complex)";
  };
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (std::string why = check(v.getType(), "operand", i); !why.empty())
      return why;
  for (auto [i, v] : llvm::enumerate(op->getResults()))
    if (std::string why = check(v.getType(), "result", i); !why.empty())
      return why;
  return {};
}

struct LegalizeHLOToLinalgPass
    : impl::LegalizeHLOToLinalgBase<LegalizeHLOToLinalgPass> {
  using Base::Base;

  void runOnOperation() override {
    bool bad = false;
    getOperation().walk([&](func::FuncOp f) {
      bad |= failed(lowerFunction(f));
      if (emitCInterface && f.isPublic() && !f.isExternal()) {
        f->setAttr("llvm.emit_c_interface", UnitAttr::get(f.getContext()));
        for (unsigned i = 0; i < f.getNumArguments(); ++i)
          if (isa<TensorType>(f.getArgument(i).getType()))
            f.setArgAttr(i, "bufferization.writable",
                         BoolAttr::get(f.getContext(), false));
      }
    });
    if (bad)
      signalPassFailure();
  }

  LogicalResult lowerFunction(func::FuncOp f) {
    if (f.isExternal())
      return success();
    eraseUnsigned(f);
    if (!indexChecks) {
      SmallVector<hlo::CustomCallOp> checks;
      f.walk([&](hlo::CustomCallOp cc) {
        if (cc.getCallTargetName() == TFMLIR_RT_CHECK_INDICES_TARGET)
          checks.push_back(cc);
      });
      for (hlo::CustomCallOp cc : checks) {
        cc->getResult(0).replaceAllUsesWith(cc->getOperand(0));
        cc->erase();
      }
    }
    SmallVector<Operation *> ops;
    f.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getName().getDialectNamespace() != "hlo")
        return WalkResult::advance();
      if (isa<hlo::ReturnOp>(op))
        return WalkResult::skip(); // Replaced by its parent's lowering.
      ops.push_back(op);
      // Control flow regions move into scf ops; their ops are lowered too.
      if (isa<hlo::WhileOp, hlo::IfOp, hlo::CaseOp, hlo::FusionOp>(op))
        return WalkResult::advance();
      return WalkResult::skip();
    });
    const auto &table = lowerings();
    bool bad = false;
    for (Operation *op : ops) {
      std::string why = checkTypes(op);
      SmallVector<Value> results;
      if (why.empty()) {
        auto it = table.find(op->getName().getStringRef());
        if (it == table.end()) {
          why = "no lowering for this op";
        } else {
          OpBuilder b(op);
          if (succeeded(it->second(op, b, results, why)) &&
              results.size() == op->getNumResults()) {
            op->replaceAllUsesWith(results);
            op->erase();
            continue;
          }
          if (why.empty())
            why = "lowering produced the wrong number of results";
        }
      }
      op->emitError() << "hlo-legalize-to-linalg: cannot lower "
                      << op->getName() << ": " << why;
      bad = true;
    }
    return failure(bad);
  }
};

} // namespace
} // namespace tfmlir
