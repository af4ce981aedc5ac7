//===- AotGpu.cpp - tf-compile --target=cuda: hlo -> cubin + plan object -===//
//
// The GPU half of compileAot: the hlo module that lowerGraphToHLO made (the
// same front half as the CPU target and the Session) is printed and parsed
// again in a context with the GPU dialects and NVVM translations, compiled
// by lib/Codegen/GPU (hlo-to-gpu-pipeline: one fusion pass shared with the
// CPU path, kernels to PTX, the host's launch plan), assembled by the CUDA
// toolkit's ptxas for options.gpuArch, and wrapped into a relocatable object
// for the host that holds only data: <prefix>_plan (the launch plan's text),
// <prefix>_cubin and <prefix>_gpu_constants (the constant buffers' bytes).
// runtime/gpu/CompiledGpuFunction runs it.
//===----------------------------------------------------------------------===//
#include "lib/Pipelines/AotInternal.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFOps.h"
#include "lib/Codegen/GPU/Compile.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/CompileTiming.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include "absl/strings/str_cat.h"

#include <set>

namespace tfmlir::aot_internal {
namespace {

/// An external constant byte array `name` in `m`.
void addBlob(llvm::Module &m, const std::string &name, llvm::StringRef bytes,
             unsigned align) {
  llvm::LLVMContext &ctx = m.getContext();
  // Never a zero-length array: some linkers drop or merge those.
  std::string data = bytes.str();
  if (data.empty())
    data.push_back('\0');
  llvm::Constant *init = llvm::ConstantDataArray::getRaw(
      data, data.size(), llvm::Type::getInt8Ty(ctx));
  auto *g =
      new llvm::GlobalVariable(m, init->getType(), /*isConstant=*/true,
                               llvm::GlobalValue::ExternalLinkage, init, name);
  g->setAlignment(llvm::Align(align));
}

} // namespace

absl::Status checkGpuArch(const std::string &arch) {
  initAotTargets();
  bool known = isSMArchName(arch);
  if (known) {
    // LLVM's NVPTX backend must know it too (it would print "not a
    // recognized processor" for every function, then ptxas fails).
    std::string err;
    llvm::Triple triple("nvptx64-nvidia-cuda");
    if (const llvm::Target *t =
            llvm::TargetRegistry::lookupTarget(triple, err)) {
      std::unique_ptr<llvm::MCSubtargetInfo> sti(
          t->createMCSubtargetInfo(triple, "", ""));
      known = !sti || sti->isCPUStringValid(arch);
    }
  }
  if (!known)
    return absl::InvalidArgumentError(absl::StrCat(
        "--gpu_arch must name an NVIDIA SM architecture that "
        "LLVM's NVPTX backend knows, such as sm_90 or sm_80, got '",
        arch, "'"));
  return absl::OkStatus();
}

absl::Status emitGpuObject(mlir::ModuleOp hlo, const AotOptions &options,
                           Signature &sig, AotResult &out) {
  // options.gpuArch was checked by compileAot (checkGpuArch) before the
  // graph was lowered.
  // ptxas first: without a toolkit, say so before compiling anything.
  std::string searched;
  if (findPtxas(&searched).empty())
    return absl::FailedPreconditionError(absl::StrCat(
        "--target=cuda needs the CUDA toolkit's ptxas (and libdevice); "
        "searched ",
        searched, " (set CUDA_HOME)"));

  // 1. The hlo module in a context that has the GPU dialects and the NVVM
  // translations (the front half's context has the CPU path's only).
  std::string text;
  {
    // With locations: errors of the GPU path then name the TF node.
    llvm::raw_string_ostream os(text);
    hlo.print(os, mlir::OpPrintingFlags().enableDebugInfo());
  }
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  registerTFDialects(registry);
  registerHLODialect(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);
  std::string diags;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diags);
    os << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  if (!module)
    return absl::InternalError("cannot re-parse the hlo module: " + diags);
  text.clear();

  // 2. Kernels and plan, then the cubin.
  GPUPipelineOptions gpuOptions;
  gpuOptions.chip = options.gpuArch;
  mlir::FailureOr<GPUProgram> program;
  {
    CompilePhase phase("hlo-to-gpu-pipeline");
    program = compileHLOToGPU(*module, "main", gpuOptions);
    if (absl::Status s = checkCompileMemory("hlo-to-gpu-pipeline"); !s.ok())
      return s;
  }
  if (mlir::failed(program))
    return absl::UnimplementedError(
        absl::StrCat("the GPU path cannot compile this graph for ",
                     options.gpuArch, ":\n", diags));
  module = nullptr;
  const gpu::LaunchPlan &plan = program->plan;
  if (plan.numInputs != static_cast<int64_t>(sig.args.size()) ||
      plan.results.size() != sig.results.size())
    return absl::InternalError(
        absl::StrCat("the launch plan has ", plan.numInputs, " inputs and ",
                     plan.results.size(), " results; the config gives ",
                     sig.args.size(), " and ", sig.results.size()));
  std::string cubin;
  if (!program->ptx.empty()) {
    CompilePhase phase("ptxas");
    std::string error;
    mlir::FailureOr<PtxasResult> bin =
        assemblePTX(program->ptx, options.gpuArch, error);
    if (mlir::failed(bin))
      return absl::InternalError(
          absl::StrCat("ptxas -arch=", options.gpuArch, " failed: ", error));
    cubin = std::move(bin->cubin);
    out.ptxasLog = std::move(bin->log);
  }
  std::set<std::string> kernels;
  for (const gpu::KernelLaunch &l : plan.launches)
    if (l.kind == gpu::KernelLaunch::Kind::Kernel)
      kernels.insert(l.kernel);
  out.numKernels = static_cast<int>(kernels.size());
  out.numLaunches = static_cast<int>(plan.launches.size());
  out.numGemms = static_cast<int>(plan.launches.size()) -
                 static_cast<int>(llvm::count_if(plan.launches, [](auto &l) {
                   return l.kind == gpu::KernelLaunch::Kind::Kernel;
                 }));
  out.cubinBytes = static_cast<int64_t>(cubin.size());
  out.constantBytes = static_cast<int64_t>(plan.constants.size());
  out.numConstants = 0;
  for (const gpu::PlanBuffer &b : plan.buffers)
    out.numConstants += b.kind == gpu::PlanBuffer::Kind::Constant;

  // 3. The data object for the host.
  auto tm = makeTargetMachine(options, out);
  if (!tm.ok())
    return tm.status();
  llvm::LLVMContext llvmCtx;
  llvm::Module m(sig.symbolPrefix, llvmCtx);
  m.setTargetTriple((*tm)->getTargetTriple());
  m.setDataLayout((*tm)->createDataLayout());
  std::string planText = gpu::serializeLaunchPlan(plan);
  // The runtime parses this text; what it would refuse (e.g. a tensor of
  // rank > 16) is refused here, not at every Run().
  if (absl::StatusOr<gpu::LaunchPlan> back = gpu::parseLaunchPlan(planText);
      !back.ok())
    return absl::UnimplementedError(absl::StrCat(
        "runtime/gpu cannot run this program: its launch plan does not "
        "parse back: ",
        back.status().message()));
  planText.push_back('\0');
  addBlob(m, sig.symbolPrefix + "_plan", planText, 8);
  addBlob(m, sig.symbolPrefix + "_cubin", cubin, 64);
  addBlob(m, sig.symbolPrefix + "_gpu_constants",
          llvm::StringRef(reinterpret_cast<const char *>(plan.constants.data()),
                          plan.constants.size()),
          64);
  out.entrySymbol = sig.symbolPrefix + "_plan";
  std::string verifyErr;
  llvm::raw_string_ostream vos(verifyErr);
  if (llvm::verifyModule(m, &vos))
    return absl::InternalError("the AOT module does not verify: " + verifyErr);
  return emitObjectFile(**tm, m, out);
}

} // namespace tfmlir::aot_internal
