//===- CpuOptimize.cpp - LLVM's O3 pipeline, linear on huge blocks --------===//
#include "lib/Pipelines/CpuTarget.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/OptimizationLevel.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"

namespace tfmlir {

size_t largestBasicBlock(const llvm::Module &m) {
  size_t largest = 0;
  for (const llvm::Function &f : m)
    for (const llvm::BasicBlock &b : f)
      largest = std::max(largest, b.size());
  return largest;
}

llvm::Error optimizeForCpu(llvm::Module &m, llvm::TargetMachine *tm) {
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = largestBasicBlock(m) <= kSlpMaxBlockInstructions;

  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(tm, tuning);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm =
      pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O3);
  mpm.run(m, mam);
  return llvm::Error::success();
}

} // namespace tfmlir
