//===- FunctionalizeControlFlow.cpp - tf-functionalize-control-flow -------===//
//
// The pass driver. Every function whose body holds a tf_executor.graph is
// functionalized: loops first (innermost frame first), then conditionals
// (innermost first), as TensorFlow's FunctionalizeControlFlow does. The
// functions this creates (loop conditions and bodies, which may hold
// conditionals) are processed in turn. Errors in one function do not stop
// the others, so that one run reports every node that cannot be converted.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/FunctionalizeControlFlow.h"
#include "lib/Transforms/FunctionalizePasses.h"

namespace tfmlir {
#define GEN_PASS_DEF_FUNCTIONALIZECONTROLFLOWPASS
#include "lib/Transforms/FunctionalizePasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::functionalize;

namespace {

struct FunctionalizeControlFlowPass
    : tfmlir::impl::FunctionalizeControlFlowPassBase<
          FunctionalizeControlFlowPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    StatefulnessAnalysis statefulness(symbols);
    SmallVector<func::FuncOp> worklist(module.getOps<func::FuncOp>());
    SmallVector<func::FuncOp> created;
    FunctionalizeContext ctx{module, symbols, statefulness, created};
    bool ok = true;
    for (size_t i = 0; i < worklist.size(); ++i) {
      func::FuncOp func = worklist[i];
      SmallVector<tf_executor::GraphOp> graphs;
      func.walk([&](tf_executor::GraphOp g) { graphs.push_back(g); });
      for (tf_executor::GraphOp g : graphs) {
        if (failed(functionalizeLoops(func, g, ctx)) ||
            failed(functionalizeConds(func, g, ctx))) {
          ok = false;
          break;
        }
      }
      worklist.append(created.begin(), created.end());
      created.clear();
    }
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
