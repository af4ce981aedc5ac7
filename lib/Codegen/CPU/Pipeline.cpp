//===- Pipeline.cpp - hlo-to-llvm-pipeline (CPU codegen) ------------------===//
//
// The CPU code generator's pass pipeline, built by direct calls of each
// pass's create function (a missing pass is a link error, never a pass
// skipped at run time), and the registration tf-opt uses.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/CPU/Pipeline.h"

#include "lib/Codegen/CPU/Passes.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "lib/Transforms/ShapeInferenceContext.h"

#include "dialects/hlo/HLOOps.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir {

LogicalResult buildHLOToLLVMPipeline(OpPassManager &pm) {
  auto addToFuncs = [&](std::unique_ptr<Pass> pass) {
    pm.addNestedPass<func::FuncOp>(std::move(pass));
  };
  // f32 GEMMs and convolutions (+ epilogues) first become calls of the
  // runtime/cpu microkernels, before the rest is lowered to loops.
  addToFuncs(createCpuGemmUkernel());
  LegalizeHLOToLinalgOptions legalize;
  legalize.emitCInterface = true;
  pm.addPass(createLegalizeHLOToLinalg(legalize));
  pm.addPass(createCanonicalizerPass());
  addToFuncs(createFuseElementwise());
  // Register tiles (peeled to static full and remainder tiles), vectorized
  // on tensors; after bufferization the accumulator of a reduction loop is
  // carried as a vector (transfer hoisting).
  CpuTileOptions cacheTiles;
  cacheTiles.cacheLevel = true;
  addToFuncs(createCpuTile(cacheTiles));
  pm.addPass(createCanonicalizerPass());
  addToFuncs(createCpuTile());
  pm.addPass(createCanonicalizerPass());
  addToFuncs(createCpuVectorize());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  addHLOBufferizePasses(pm);
  addToFuncs(createCpuHoistVectorTransfers());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
  addToFuncs(createConvertLinalgToLoopsPass());
  // The outer parallel tile loops become task functions, called through
  // tfmlir_rt_parallel_for at the end (the Session's intra-op pool; small
  // loops stay serial by its cost model).
  pm.addPass(createOutlineParallelLoops());
  // n-D transfers to unrolled 1-D ones; contractions to FMAs of outer
  // products.
  addToFuncs(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll().setTargetRank(1)));
  addToFuncs(vector::createLowerVectorMultiReductionPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createCanonicalizerPass());
  // abs, floor, sqrt, ... as vector intrinsics, not per-lane libm calls;
  // then tanh, atan2, cbrt, expm1, log1p, ... become libm calls.
  addToFuncs(createCpuMathIntrinsics());
  pm.addPass(createConvertMathToLibmPass());
  addToFuncs(createConvertMathToLLVMPass());
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  vectorToLLVM.vectorContractLowering =
      vector::VectorContractLowering::OuterProduct;
  pm.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
  // Each memref.alloc tells the runtime its TF node first, so that a failed
  // allocation names it.
  pm.addPass(createNameAllocSites());
  // memref.copy of strided views (insert_slice into padded/concatenated
  // buffers) lowers to a call of memrefCopy (libmlir_c_runner_utils); heap
  // buffers go through the generic allocation functions the JIT maps to
  // the runtime's arena.
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createLowerParallelCalls());
  return success();
}

std::string printHLOModuleForCodegen(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  Location unknown = UnknownLoc::get(ctx);
  module.walk([&](Operation *op) {
    std::string name = shape_inference::nodeNameOf(op->getLoc());
    op->setLoc(name.empty()
                   ? unknown
                   : Location(NameLoc::get(StringAttr::get(ctx, name))));
  });
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.enableDebugInfo(true, /*prettyForm=*/false);
  module.print(os, flags);
  return text;
}

void registerHLOToLLVMDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerHLODialect(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void registerHLOCodegenPasses() {
  registerHLOToLinalgPasses();
  registerCodegenCPUPasses();
  PassPipelineRegistration<>(
      "hlo-to-llvm-pipeline",
      "Lower hlo functions to the llvm dialect for CPU execution "
      "(hlo-legalize-to-linalg, fusion, bufferization, loops, LLVM)",
      [](OpPassManager &pm) { (void)buildHLOToLLVMPipeline(pm); });
}

} // namespace tfmlir
