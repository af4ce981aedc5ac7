//===- LegalizeToLinalg.cpp - the hlo-legalize-to-linalg pass -------------===//
//
// Collects the hlo ops of every function (not those nested in hlo region
// ops: reducer bodies are re-emitted by their parent's lowering) and
// replaces each by the values its Lowering builds. Every op that cannot be
// lowered gets an error saying why, and the pass fails.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "lib/Conversion/HLOToLinalg/Helpers.h"

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
    return t;
  }();
  return table;
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
    return where + " has an unsupported element type (unsigned or complex)";
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
    SmallVector<Operation *> ops;
    f.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op->getName().getDialectNamespace() != "hlo")
        return WalkResult::advance();
      ops.push_back(op);
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
