//===- MergeKernelModules.cpp - one gpu.module for all kernels ------------===//
#include "lib/Codegen/GPU/Passes.h"

#include "mlir/IR/SymbolTable.h"

namespace tfmlir {
#define GEN_PASS_DEF_GPUMERGEKERNELMODULES
#include "lib/Codegen/GPU/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

struct GpuMergeKernelModulesPass
    : public impl::GpuMergeKernelModulesBase<GpuMergeKernelModulesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> modules(module.getOps<gpu::GPUModuleOp>());
    if (modules.empty())
      return;
    if (SymbolTable::lookupSymbolIn(module, moduleName)) {
      module.emitError("hlo-gpu-merge-kernel-modules: symbol @")
          << moduleName << " already exists";
      return signalPassFailure();
    }
    OpBuilder b(modules.front());
    auto merged =
        gpu::GPUModuleOp::create(b, modules.front().getLoc(), moduleName);
    SymbolTable mergedSymbols(merged);
    // The data layout and target attributes of the first module (outlining
    // gives every module the same ones).
    for (NamedAttribute attr : modules.front()->getDiscardableAttrs())
      merged->setAttr(attr.getName(), attr.getValue());
    for (gpu::GPUModuleOp m : modules) {
      for (Operation &op :
           llvm::make_early_inc_range(m.getBody()->getOperations())) {
        if (auto sym = dyn_cast<SymbolOpInterface>(op)) {
          if (mergedSymbols.lookup(sym.getName())) {
            op.emitError("hlo-gpu-merge-kernel-modules: two kernel modules "
                         "define @")
                << sym.getName();
            return signalPassFailure();
          }
        }
        op.moveBefore(merged.getBody(), merged.getBody()->end());
        if (auto sym = dyn_cast<SymbolOpInterface>(op))
          mergedSymbols.insert(&op);
      }
    }
    // Every kernel argument is a distinct whole buffer (an allocation, an
    // entry argument the runtime uploads separately, or a constant): no two
    // alias, so LLVM may keep a reduction's accumulator in a register and
    // read through the non-coherent cache.
    for (gpu::GPUFuncOp f : merged.getOps<gpu::GPUFuncOp>())
      if (f.isKernel())
        for (unsigned i = 0; i < f.getNumArguments(); ++i)
          if (isa<MemRefType>(f.getArgument(i).getType()))
            f.setArgAttr(i, "llvm.noalias", b.getUnitAttr());
    module.walk([&](gpu::LaunchFuncOp launch) {
      launch.setKernelAttr(
          SymbolRefAttr::get(b.getStringAttr(moduleName),
                             {FlatSymbolRefAttr::get(launch.getKernelName())}));
    });
    for (gpu::GPUModuleOp m : modules)
      m.erase();
  }
};

} // namespace
} // namespace tfmlir
